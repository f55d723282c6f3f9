package main

import (
	"context"
	"errors"
	"log/slog"
	"reflect"
	"testing"
	"time"

	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/store"
)

// TestDefaultConfigValid: the defaults of the bot and of the console pass
// Validate, and they are what ParseFlags gives with no flag and no
// environment (apart from what ParseFlags derives: the store and the
// snapshots' directory).
func TestDefaultConfigValid(t *testing.T) {
	for name, c := range map[string]Config{"bot": DefaultConfig(), "console": DefaultConsoleConfig()} {
		if err := c.Validate(); err != nil {
			t.Errorf("%s: the defaults are refused: %v", name, err)
		}
	}
	c := DefaultConfig()
	if c.DBPath != BotDB || !c.Register || c.SweepEvery != bot.SweepEvery || c.SnapshotEvery != store.DefaultSnapshotEvery ||
		c.SnapshotKeep != store.DefaultSnapshotKeep || c.LogLevel != slog.LevelInfo || c.ElectionTTL != store.DefaultElectionTTL ||
		c.MigrateTimeout != DefaultMigrateTimeout || c.StoreTimeout != store.DefaultEtcdTimeout || c.ShutdownGrace != DefaultShutdownGrace {
		t.Errorf("DefaultConfig: %+v", c)
	}

	m, _, _ := newMain(nil)
	if err := m.ParseFlags(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	want := DefaultConfig()
	want.Store, want.StoreURL = store.Location{Kind: "bolt", Path: BotDB}, "bolt:"+BotDB
	want.SnapshotDir = "snapshots"
	if got := m.Config; !sameConfig(got, want) {
		t.Errorf("ParseFlags without flags:\n got %+v\nwant %+v", got, want)
	}
	m, _, _ = newMain(nil)
	if err := m.ParseFlags(context.Background(), []string{"console"}); err != nil {
		t.Fatal(err)
	}
	want = DefaultConsoleConfig()
	want.Store, want.StoreURL = store.Location{Kind: "bolt", Path: ConsoleDB}, "bolt:"+ConsoleDB
	if got := m.Config; !sameConfig(got, want) {
		t.Errorf("ParseFlags console:\n got %+v\nwant %+v", got, want)
	}
}

// sameConfig compares two configurations field by field.
func sameConfig(a, b Config) bool {
	return reflect.DeepEqual(a, b)
}

// TestValidate: each bad value is refused with its named error and its
// message, which names the flag and the value and says what to give.
func TestValidate(t *testing.T) {
	cases := []struct {
		name   string
		change func(c *Config)
		want   error
		msg    string
	}{
		{"console locale", func(c *Config) { *c = DefaultConsoleConfig(); c.Locale = "de" }, ErrLocale,
			`-locale "de": the console speaks en (English), ja (Japanese) or fr (French)`},
		{"console locale not lowered", func(c *Config) { *c = DefaultConsoleConfig(); c.Locale = "EN" }, ErrLocale,
			`-locale "EN": the console speaks en (English), ja (Japanese) or fr (French)`},
		{"negative ai-iterations", func(c *Config) { *c = DefaultConsoleConfig(); c.AIIterations = -1 }, ErrAIIterations,
			"-ai-iterations -1: give a number of playouts a decision from 1 to 1000000, such as 2000, or 0 for the levels' own bounds"},
		{"too many ai-iterations", func(c *Config) { *c = DefaultConsoleConfig(); c.AIIterations = maxAIIterations + 1 }, ErrAIIterations,
			"-ai-iterations 1000001: give a number of playouts a decision from 1 to 1000000, such as 2000, or 0 for the levels' own bounds"},
		{"empty out", func(c *Config) { *c = DefaultConsoleConfig(); c.OutDir = "" }, ErrNoImageDir,
			"-out: the image directory is empty"},
		{"negative snapshot-every", func(c *Config) { c.SnapshotEvery = -time.Hour }, ErrSnapshotEvery,
			"-snapshot-every -1h0m0s: use 0 (no snapshots) or at least 1m, such as 6h"},
		{"short snapshot-every", func(c *Config) { c.SnapshotEvery = 30 * time.Second }, ErrSnapshotEvery,
			"-snapshot-every 30s: use 0 (no snapshots) or at least 1m, such as 6h"},
		{"snapshot-keep 0", func(c *Config) { c.SnapshotKeep = 0 }, ErrSnapshotKeep,
			"-snapshot-keep 0: keep at least 1 (or turn snapshots off with -snapshot-every 0)"},
		{"short sweep-every", func(c *Config) { c.SweepEvery = 50 * time.Millisecond }, ErrSweepEvery,
			"-sweep-every 50ms: use at least 100ms, such as 1m"},
		{"zero sweep-every", func(c *Config) { c.SweepEvery = 0 }, ErrSweepEvery,
			"-sweep-every 0s: use at least 100ms, such as 1m"},
		{"shard with http", func(c *Config) { c.ShardID, c.ShardCount, c.HTTPAddr = 0, 2, ":8080" }, ErrShardHTTP,
			"-shard is for the gateway: with -http, Discord spreads the interactions over the processes behind the URL; drop -shard (or VELETAS_SHARD)"},
		{"shard past its count", func(c *Config) { c.ShardID, c.ShardCount = 2, 2 }, ErrShard,
			`-shard "2/2": give ID/COUNT with 0 <= ID < COUNT, such as 0/2 and 1/2 for two processes`},
		{"shard without a count", func(c *Config) { c.ShardID = 1 }, ErrShard,
			`-shard "1/0": give ID/COUNT with 0 <= ID < COUNT, such as 0/2 and 1/2 for two processes`},
		{"short election TTL", func(c *Config) { c.ElectionTTL = time.Second }, ErrElectionTTL,
			"election TTL 1s: use at least 2s, such as 5s"},
		{"negative store timeout", func(c *Config) { c.StoreTimeout = -time.Second }, ErrTimeout,
			"store timeout -1s: use a positive duration, or 0 for the default"},
		{"negative shutdown grace", func(c *Config) { c.ShutdownGrace = -time.Second }, ErrTimeout,
			"shutdown grace -1s: use a positive duration, or 0 for the default"},
		{"console's negative store timeout", func(c *Config) { *c = DefaultConsoleConfig(); c.StoreTimeout = -time.Minute }, ErrTimeout,
			"store timeout -1m0s: use a positive duration, or 0 for the default"},
		{"negative migrate timeout", func(c *Config) { c.MigrateTimeout = -time.Second }, ErrTimeout,
			"migrate timeout -1s: use a positive duration, or 0 for the default"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := DefaultConfig()
			tc.change(&c)
			before := c
			err := c.Validate()
			if !errors.Is(err, tc.want) {
				t.Fatalf("Validate: %v; want %v", err, tc.want)
			}
			if err.Error() != tc.msg {
				t.Errorf("message:\n got %s\nwant %s", err, tc.msg)
			}
			if !sameConfig(c, before) {
				t.Errorf("Validate changed the configuration: %+v", c)
			}
		})
	}
}

// TestParseFlagsNamedErrors: the flags' bad values reach the user as
// Validate's named errors, with the same messages.
func TestParseFlagsNamedErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		env  map[string]string
		want error
	}{
		{[]string{"console", "-locale", "de"}, nil, ErrLocale},
		{[]string{"console", "-ai-iterations", "-5"}, nil, ErrAIIterations},
		{[]string{"console", "-out", ""}, nil, ErrNoImageDir},
		{[]string{"-snapshot-every", "10s"}, nil, ErrSnapshotEvery},
		{[]string{"-snapshot-keep", "0"}, nil, ErrSnapshotKeep},
		{[]string{"-sweep-every", "10ms"}, nil, ErrSweepEvery},
		{[]string{"-shard", "3/2"}, nil, ErrShard},
		{[]string{"-shard", "x"}, map[string]string{"VELETAS_HTTP": ":0"}, ErrShardHTTP},
	} {
		m, _, _ := newMain(tc.env)
		if err := m.ParseFlags(context.Background(), tc.args); !errors.Is(err, tc.want) {
			t.Errorf("%v: %v; want %v", tc.args, err, tc.want)
		}
	}
}
