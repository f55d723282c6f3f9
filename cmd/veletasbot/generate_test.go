package main

import (
	"context"
	"crypto/sha256"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/veletasbot/veletas/store"
	"github.com/veletasbot/veletas/store/etcdtest"
)

// fileState is a file's hash, size and modification time, to tell that a
// refused command left it as it was.
type fileState struct {
	sum   [32]byte
	size  int64
	mtime int64
}

func stateOf(t *testing.T, path string) fileState {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return fileState{sha256.Sum256(b), fi.Size(), fi.ModTime().UnixNano()}
}

// dirNames lists dir's entries.
func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	return names
}

// checkGenerated opens a generated store and checks one guild's worth of
// it: 100 active games, guild 0's game in channel 1, its archive, and
// standings rated by Glicko-2 (the bot's ratings).
func checkGenerated(t *testing.T, db *store.DB) {
	t.Helper()
	ctx := t.Context()
	counts, err := db.ActiveCounts(ctx)
	if err != nil {
		t.Fatal(err)
	}
	sum := 0
	for _, n := range counts {
		sum += n
	}
	if sum != store.GeneratedGuildGames || len(counts) != len(testGames.All()) {
		t.Errorf("active games %v: %d in all, want %d of %d kinds", counts, sum, store.GeneratedGuildGames, len(testGames.All()))
	}
	g, err := db.ActiveGame(ctx, store.GeneratedGuild(0), store.GeneratedChannel(0, 1))
	if err != nil || g.Kind == "" || g.Players[0] == "" {
		t.Fatalf("the game of guild 0, channel 1: %v %+v", err, g)
	}
	fin, err := db.FinishedGames(ctx, store.GeneratedGuild(0), "", 0)
	if err != nil || len(fin) == 0 {
		t.Fatalf("archived games of guild 0: %d, %v", len(fin), err)
	}
	st, err := db.Standings(ctx, g.Kind, store.GeneratedGuild(0))
	if err != nil || len(st) == 0 {
		t.Fatalf("standings of %s in guild 0: %v %v", g.Kind, err, st)
	}
	rated := 0
	for _, s := range st {
		if s.Games > 0 && s.Rating != store.InitialRating {
			rated++
		}
	}
	if rated == 0 {
		t.Errorf("no standing of %s has a rating other than the initial one: %+v", g.Kind, st[0])
	}
}

// TestGenerateBolt generates one guild into a new bolt file through
// Main: the counts are printed, the progress logged, the store holds the
// guild's games; a second generate into the same file is refused before
// opening it, the file's bytes unchanged.
func TestGenerateBolt(t *testing.T) {
	path := filepath.Join(t.TempDir(), "generated.db")
	m, out, logs := newMain(nil)
	if err := m.ParseFlags(context.Background(), []string{"generate", "-to", "bolt:" + path, "-seed", "7"}); err != nil {
		t.Fatal(err)
	}
	if !m.Generate.On || m.Generate.Guilds != 1 || m.Generate.Seed != 7 || m.Generate.To.Path != path {
		t.Fatalf("parsed %+v", m.Generate)
	}
	err := m.Run(context.Background())
	if cerr := m.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		t.Fatalf("%v\n%s", err, logs)
	}
	t.Logf("generate said: %s", out)
	for _, want := range []string{"veletasbot generate: 1 guild into bolt:" + path, ": 100 active games (", "1000 archived, 10 challenges, file "} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	for _, want := range []string{"veletasbot generate: progress", "percent=100", "veletasbot generate: done"} {
		if !strings.Contains(logs.String(), want) {
			t.Errorf("log lacks %q:\n%s", want, logs)
		}
	}
	db, err := store.Open(path, &store.Options{Games: testGames})
	if err != nil {
		t.Fatal(err)
	}
	checkGenerated(t, db)
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}

	before := stateOf(t, path)
	_, err = runMain(t, nil, "generate", "-to", "bolt:"+path)
	if !errors.Is(err, store.ErrGenerateUsed) || !strings.Contains(err.Error(), "holds records") || !strings.Contains(err.Error(), "the file exists") {
		t.Fatalf("a second generate into %s: %v", path, err)
	}
	t.Logf("veletasbot: %v", err)
	if after := stateOf(t, path); after != before {
		t.Errorf("the refused generate changed the file: %+v, was %+v", after, before)
	}
	if names := dirNames(t, filepath.Dir(path)); !slices.Equal(names, []string{"generated.db"}) {
		t.Errorf("files beside it: %q", names)
	}
}

// TestGenerateFlagsRefused: each bad command line says what is wrong and
// creates nothing.
func TestGenerateFlagsRefused(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	empty := filepath.Join(dir, "empty.db")
	if err := os.WriteFile(empty, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	sub := filepath.Join(dir, "sub")
	if err := os.Mkdir(sub, 0o700); err != nil {
		t.Fatal(err)
	}
	newDB := "bolt:" + filepath.Join(dir, "new.db")
	for _, c := range []struct {
		args []string
		env  map[string]string
		says string
		is   error
	}{
		{args: []string{"generate", "-x"}, says: "flag provided but not defined: -x"},
		{args: []string{"generate", "-to", newDB, "extra"}, says: `generate: unexpected argument "extra": run 'veletasbot generate -h'`},
		{args: []string{"generate"}, says: "generate: give -to, the new store to fill"},
		{args: []string{"generate", "-guilds", "3"}, says: "give -to"},
		{args: []string{"generate", "-to", newDB, "-guilds", "0"}, says: "generate -guilds 0: give 1 to 1,000,000 guilds", is: ErrGuilds},
		{args: []string{"generate", "-to", newDB, "-guilds", "-2"}, says: "generate -guilds -2: give 1 to 1,000,000", is: ErrGuilds},
		{args: []string{"generate", "-to", newDB, "-guilds", "1000001"}, says: "generate -guilds 1000001: give 1 to 1,000,000", is: ErrGuilds},
		{args: []string{"generate", "-to", newDB, "-guilds", "many"}, says: `invalid value "many" for flag -guilds`},
		{args: []string{"generate", "-to", newDB, "-seed", "-1"}, says: `invalid value "-1" for flag -seed`},
		{args: []string{"generate", "-to", "etcd://x"}, says: `generate -to: store: "etcd://x": member "x" is not HOST:PORT`, is: store.ErrBadURL},
		{args: []string{"generate", "-to", "mysql://db/x"}, says: "generate -to: store:", is: store.ErrBadURL},
		{args: []string{"generate", "-to", "bolt:" + sub}, says: "it is a directory: give a new file's path, such as bolt:" + filepath.Join(sub, "generated.db")},
		{args: []string{"generate", "-to", "bolt:" + filepath.Join(dir, "none", "x.db")}, says: "the directory " + filepath.Join(dir, "none") + " does not exist: create it first"},
		{args: []string{"generate", "-to", "bolt:" + empty}, says: "the file exists (empty): generate writes only a new file; delete it or give another path"},
		{args: []string{"generate", "-to", "bolt:veletas.db"}, says: "it is the bot's default database: generate never fills the bot's own store", is: ErrGenerateBotStore},
		{args: []string{"generate", "-to", "bolt:" + filepath.Join(dir, "bots.db")}, env: map[string]string{"VELETAS_DB": "./bots.db"},
			says: "it is VELETAS_DB: generate never fills the bot's own store", is: ErrGenerateBotStore},
		{args: []string{"generate", "-to", "etcd://127.0.0.1:1/bot"}, env: map[string]string{"VELETAS_STORE": "etcd://127.0.0.1:1/bot"},
			says: "it is the store VELETAS_STORE names: generate never fills the bot's own store", is: ErrGenerateBotStore},
	} {
		before := dirNames(t, dir)
		m, _, _ := newMain(c.env)
		err := m.ParseFlags(context.Background(), c.args)
		if err == nil || !strings.Contains(err.Error(), c.says) || (c.is != nil && !errors.Is(err, c.is)) {
			t.Errorf("%q: %v, want an error saying %q", c.args, err, c.says)
			continue
		}
		if after := dirNames(t, dir); !slices.Equal(after, before) {
			t.Errorf("%q created files: %q, was %q", c.args, after, before)
		}
	}
}

// TestGenerateUsage: the top-level usage names the command, and
// generate -h prints its own.
func TestGenerateUsage(t *testing.T) {
	if !strings.Contains(usage, "veletasbot generate -to bolt:FILE") {
		t.Errorf("the usage lacks the generate command:\n%s", usage)
	}
	m, _, errs := newMain(nil)
	if err := m.ParseFlags(context.Background(), []string{"generate", "-h"}); !errors.Is(err, flag.ErrHelp) {
		t.Fatalf("generate -h: %v", err)
	}
	for _, want := range []string{"usage: veletasbot generate -to", "never the bot's own store", "-guilds int", "-seed uint"} {
		if !strings.Contains(errs.String(), want) {
			t.Errorf("generate -h lacks %q:\n%s", want, errs)
		}
	}
}

// cancelOn is a writer that keeps what is written and calls cancel when
// a write holds want.
type cancelOn struct {
	buf    *syncBuf
	want   string
	cancel func()
}

func (w cancelOn) Write(p []byte) (int, error) {
	if strings.Contains(string(p), w.want) {
		w.cancel()
	}
	return w.buf.Write(p)
}

// TestGenerateStops: a context done while generating stops between two
// transactions (here at the first progress line) and says how many
// guilds the file holds, which it keeps; done before the first, the file
// it created is removed.
func TestGenerateStops(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "stopped.db")
	m, _, logs := newMain(nil)
	if err := m.ParseFlags(context.Background(), []string{"generate", "-to", "bolt:" + path, "-guilds", "10"}); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// Canceled in the progress callback: before the next transaction.
	m.Stderr = cancelOn{logs, "generate: progress", cancel}
	err := m.Run(ctx)
	if cerr := m.Close(); err == nil {
		err = cerr
	}
	if !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "generate interrupted after 1 of 10 guilds: context canceled; the file holds them") {
		t.Fatalf("stopped: %v\n%s", err, logs)
	}
	t.Logf("veletasbot: %v", err)
	db, err := store.Open(path, &store.Options{Games: testGames})
	if err != nil {
		t.Fatal(err)
	}
	counts, err := db.ActiveCounts(t.Context())
	db.Close()
	sum := 0
	for _, n := range counts {
		sum += n
	}
	if err != nil || sum != store.GeneratedGuildGames {
		t.Fatalf("the stopped file holds %d active games (%v), want one guild's", sum, err)
	}

	path = filepath.Join(dir, "never.db")
	done, stop := context.WithCancel(context.Background())
	stop()
	_, err = func() (string, error) {
		m, out, _ := newMain(nil)
		if err := m.ParseFlags(context.Background(), []string{"generate", "-to", "bolt:" + path}); err != nil {
			return "", err
		}
		err := m.Run(done)
		if cerr := m.Close(); err == nil {
			err = cerr
		}
		return out.String(), err
	}()
	if !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "generate interrupted: context canceled (nothing written)") {
		t.Fatalf("done before the start: %v", err)
	}
	if _, serr := os.Stat(path); !errors.Is(serr, os.ErrNotExist) {
		t.Errorf("the file of a generate stopped before its first guild is still there: %v", serr)
	}
}

// TestGenerateEtcd generates one guild into an etcd prefix (a
// transaction a game: about 7 s); a second generate into the prefix is
// refused with what to do.
func TestGenerateEtcd(t *testing.T) {
	if testing.Short() {
		t.Skip("an etcd cluster and 1,110 transactions")
	}
	c := etcdtest.Start(t)
	url := c.URL("generated")
	out, err := runMain(t, nil, "generate", "-to", url)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "1 guild into "+url) || !strings.Contains(out, "100 active games") || strings.Contains(out, "file ") {
		t.Errorf("output: %s", out)
	}
	db, err := store.OpenURL(url, &store.Options{Games: testGames})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	checkGenerated(t, db)
	_, err = runMain(t, nil, "generate", "-to", url)
	if !errors.Is(err, store.ErrGenerateUsed) || !strings.Contains(err.Error(), "give an etcd prefix of its own, such as "+c.URL("generated-2")) {
		t.Fatalf("a second generate into %s: %v", url, err)
	}
	t.Logf("veletasbot: %v", err)
	if n, err := db.ActiveCounts(t.Context()); err != nil || len(n) == 0 {
		t.Fatalf("after the refusal: %v %v", n, err)
	}
}
