package main

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/veletasbot/veletas/internal/fakediscord"
)

// TestHTTPMode runs the bot with -http against the fake Discord: the
// commands are registered, a PING gets a PONG, a badly signed challenge
// gets 401 and is not stored, a well signed one is answered in the HTTP
// response and stored, /healthz answers 200, and after Close nothing
// listens any more.
func TestHTTPMode(t *testing.T) {
	fake := fakediscord.New()
	defer fake.Close()
	fake.CheckConformance(t)
	p := fake.NewPoster("")
	dir := t.TempDir()
	m, _, logs := newMain(map[string]string{"DISCORD_TOKEN": token, "DISCORD_API_URL": fake.URL(),
		"DISCORD_PUBLIC_KEY": p.PublicKey(), "VELETAS_HTTP": "127.0.0.1:0"})
	if err := m.ParseFlags(context.Background(), []string{"-db", filepath.Join(dir, "bot.db"), "-guild", "900"}); err != nil {
		t.Fatal(err)
	}
	if err := m.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	closed := false
	defer func() {
		if !closed {
			m.Close()
		}
	}()
	if m.HTTP == nil || fake.Shard() != nil {
		t.Fatalf("not in HTTP mode (endpoint %v) or identified on the gateway (%v)", m.HTTP, fake.Shard())
	}
	if body := <-fake.Commands; !strings.Contains(string(body), `"name":"veletas"`) {
		t.Fatalf("commands %s", body)
	}
	base := "http://" + m.HTTP.Addr().String()
	p.URL = base + "/interactions"
	if typ, err := p.Ping(); err != nil || typ != 1 {
		t.Fatalf("PING: %d %v", typ, err)
	}

	in := fakediscord.Command("1001", "900", "chan1", alice, fakediscord.NoThreads, "challenge",
		[]fakediscord.Option{fakediscord.UserOpt("opponent", bob.ID), fakediscord.Str("size", "7")}, bob)
	body, _ := json.Marshal(in)
	ts := p.Timestamp()
	bad := []byte(strings.Replace(string(body), alice.ID, carol.ID, 1)) // signed for alice, sent as carol
	if status, _, err := p.Do(bad, p.Sign(ts, body), ts); err != nil || status != http.StatusUnauthorized {
		t.Fatalf("forged body: %d %v", status, err)
	}
	if cs, err := m.DB.Challenges(t.Context(), "900", "chan1"); err != nil || len(cs) != 0 {
		t.Fatalf("after a forged request: %+v %v", cs, err)
	}
	if _, err := p.Post(in); err != nil {
		t.Fatal(err)
	}
	msg, err := fake.Next("1001", 5*time.Second)
	if err != nil || msg.Kind != "callback" || msg.Type != 4 || !strings.Contains(msg.Text(), "challenges you") {
		t.Fatalf("challenge: %+v %v", msg, err)
	}
	if cs, err := m.DB.Challenges(t.Context(), "900", "chan1"); err != nil || len(cs) != 1 {
		t.Fatalf("challenge not stored: %+v %v", cs, err)
	}

	resp, err := http.Get(base + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || string(b) != "ok\n" {
		t.Fatalf("healthz %d %q", resp.StatusCode, b)
	}

	closed = true
	if err := m.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := http.Get(base + "/healthz"); err == nil {
		t.Fatal("still listening after Close")
	}
	for _, want := range []string{"running on HTTP interactions", "refused an HTTP interaction"} {
		if !strings.Contains(logs.String(), want) {
			t.Errorf("logs lack %q", want)
		}
	}
	if strings.Contains(logs.String(), token) {
		t.Error("the token is in the logs")
	}
}

// TestHTTPModeNoRegister: -register=false leaves the commands alone.
func TestHTTPModeNoRegister(t *testing.T) {
	fake := fakediscord.New()
	defer fake.Close()
	p := fake.NewPoster("")
	m, _, _ := newMain(map[string]string{"DISCORD_TOKEN": token, "DISCORD_API_URL": fake.URL(), "DISCORD_PUBLIC_KEY": p.PublicKey()})
	if err := m.ParseFlags(context.Background(), []string{"-db", filepath.Join(t.TempDir(), "bot.db"), "-http", "127.0.0.1:0", "-register=false"}); err != nil {
		t.Fatal(err)
	}
	if err := m.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	p.URL = "http://" + m.HTTP.Addr().String() + "/interactions"
	if typ, err := p.Ping(); err != nil || typ != 1 {
		t.Fatalf("PING: %d %v", typ, err)
	}
	if err := m.Close(); err != nil {
		t.Fatal(err)
	}
	select {
	case b := <-fake.Commands:
		t.Fatalf("commands registered with -register=false: %s", b)
	default:
	}
}

// TestHTTPModeNeedsPublicKey: -http without DISCORD_PUBLIC_KEY, or with a
// malformed one, stops at the flags with an error that says what to set,
// before the database is opened.
func TestHTTPModeNeedsPublicKey(t *testing.T) {
	for _, key := range []string{"", "not-hex", strings.Repeat("ab", 31), strings.Repeat("ab", 33)} {
		m, _, _ := newMain(map[string]string{"DISCORD_TOKEN": token, "DISCORD_PUBLIC_KEY": key})
		err := m.ParseFlags(context.Background(), []string{"-db", filepath.Join(t.TempDir(), "bot.db"), "-http", ":0"})
		if err == nil || !strings.Contains(err.Error(), "DISCORD_PUBLIC_KEY") || !strings.Contains(err.Error(), "Public Key") ||
			strings.Contains(err.Error(), "\n") {
			t.Errorf("key %q: %v", key, err)
		}
		if key != "" && err != nil && strings.Contains(err.Error(), key) {
			t.Errorf("the error repeats the key: %v", err)
		}
	}
	// The address taken: a clear error at start.
	fake := fakediscord.New()
	defer fake.Close()
	p := fake.NewPoster("")
	first, _, _ := newMain(map[string]string{"DISCORD_TOKEN": token, "DISCORD_API_URL": fake.URL(), "DISCORD_PUBLIC_KEY": p.PublicKey()})
	if err := first.ParseFlags(context.Background(), []string{"-db", filepath.Join(t.TempDir(), "a.db"), "-http", "127.0.0.1:0"}); err != nil {
		t.Fatal(err)
	}
	if err := first.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	defer first.Close()
	second, _, _ := newMain(map[string]string{"DISCORD_TOKEN": token, "DISCORD_API_URL": fake.URL(), "DISCORD_PUBLIC_KEY": p.PublicKey()})
	if err := second.ParseFlags(context.Background(), []string{"-db", filepath.Join(t.TempDir(), "b.db"), "-http", first.HTTP.Addr().String()}); err != nil {
		t.Fatal(err)
	}
	err := second.Run(context.Background())
	second.Close()
	if err == nil || !strings.Contains(err.Error(), "listening for HTTP interactions on "+first.HTTP.Addr().String()) {
		t.Fatalf("address in use: %v", err)
	}
}

func TestParseShard(t *testing.T) {
	for s, want := range map[string][2]int{"0/1": {0, 1}, "0/2": {0, 2}, "1/2": {1, 2}, " 15/16 ": {15, 16}} {
		id, count, err := ParseShard(s)
		if err != nil || id != want[0] || count != want[1] {
			t.Errorf("%q: %d/%d %v", s, id, count, err)
		}
	}
	for _, s := range []string{"", "1", "2/2", "3/2", "-1/2", "0/0", "0/-1", "a/b", "1/2/3", "1 /2"} {
		if _, _, err := ParseShard(s); err == nil || !strings.Contains(err.Error(), "0 <= ID < COUNT") {
			t.Errorf("%q: %v", s, err)
		}
	}
	m, _, _ := newMain(map[string]string{"VELETAS_SHARD": "1/3"})
	if err := m.ParseFlags(context.Background(), nil); err != nil || m.ShardID != 1 || m.ShardCount != 3 {
		t.Fatalf("VELETAS_SHARD: %d/%d %v", m.ShardID, m.ShardCount, err)
	}
	m, _, _ = newMain(map[string]string{"VELETAS_SHARD": "1/3"})
	if err := m.ParseFlags(context.Background(), []string{"-shard", "2/4"}); err != nil || m.ShardID != 2 || m.ShardCount != 4 {
		t.Fatalf("-shard over VELETAS_SHARD: %d/%d %v", m.ShardID, m.ShardCount, err)
	}
	m, _, _ = newMain(map[string]string{"DISCORD_PUBLIC_KEY": strings.Repeat("ab", 32)})
	if err := m.ParseFlags(context.Background(), []string{"-shard", "0/2", "-http", ":0"}); err == nil || !strings.Contains(err.Error(), "-shard is for the gateway") {
		t.Fatalf("-shard with -http: %v", err)
	}
	m, _, _ = newMain(nil)
	if err := m.ParseFlags(context.Background(), []string{"console", "-shard", "0/2"}); err == nil {
		t.Fatal("-shard accepted by the console")
	}
}

// TestGatewayShard: -shard 1/2 identifies on the gateway as shard 1 of 2.
func TestGatewayShard(t *testing.T) {
	fake := fakediscord.New()
	defer fake.Close()
	m, _, _ := newMain(map[string]string{"DISCORD_TOKEN": token, "DISCORD_API_URL": fake.URL()})
	if err := m.ParseFlags(context.Background(), []string{"-db", filepath.Join(t.TempDir(), "bot.db"), "-shard", "1/2", "-register=false"}); err != nil {
		t.Fatal(err)
	}
	if err := m.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	if s := fake.Shard(); len(s) != 2 || s[0] != 1 || s[1] != 2 {
		t.Fatalf("identified as shard %v", s)
	}
	select {
	case b := <-fake.Commands:
		t.Fatalf("commands registered with -register=false: %s", b)
	default:
	}
}
