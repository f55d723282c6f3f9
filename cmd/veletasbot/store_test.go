package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/veletasbot/veletas/game"
	"github.com/veletasbot/veletas/game/veletas"
	"github.com/veletasbot/veletas/store"
	"github.com/veletasbot/veletas/store/etcdtest"
)

// TestStoreFlags: -store and VELETAS_STORE choose the store, -db FILE is
// short for -store bolt:FILE, flags win over the environment, and two
// that disagree at the same level are an error that says so.
func TestStoreFlags(t *testing.T) {
	const etcd = "etcd://10.0.0.1:2379,10.0.0.2:2379/prod"
	for _, c := range []struct {
		env        map[string]string
		args       []string
		want, path string
		err        string
	}{
		{nil, nil, "bolt:veletas.db", "veletas.db", ""},
		{nil, []string{"-db", "x.db"}, "bolt:x.db", "x.db", ""},
		{nil, []string{"-store", "bolt:y.db"}, "bolt:y.db", "y.db", ""},
		{nil, []string{"-store", etcd}, etcd, "", ""},
		{map[string]string{"VELETAS_STORE": etcd}, nil, etcd, "", ""},
		{map[string]string{"VELETAS_STORE": etcd, "VELETAS_DB": "v.db"}, []string{"-db", "z.db"}, "bolt:z.db", "z.db", ""},
		{map[string]string{"VELETAS_DB": "v.db"}, []string{"-store", etcd}, etcd, "", ""},
		{nil, []string{"-db", "a.db", "-store", "bolt:a.db"}, "bolt:a.db", "a.db", ""},
		{nil, []string{"-db", "a.db", "-store", etcd}, "", "", "-db a.db and -store " + etcd + " name different stores"},
		{map[string]string{"VELETAS_STORE": etcd, "VELETAS_DB": "v.db"}, nil, "", "", "VELETAS_DB v.db and VELETAS_STORE " + etcd + " name different stores"},
		{nil, []string{"-store", "etcd://h"}, "", "", "-store: store: \"etcd://h\": member \"h\" is not HOST:PORT"},
		{map[string]string{"VELETAS_STORE": "postgres://x"}, nil, "", "", "VELETAS_STORE: store: \"postgres://x\": unknown scheme"},
		{nil, []string{"-db", ""}, "", "", "-db: the database path is empty"},
		{nil, []string{"-store", etcd, "-snapshot-dir", "/snap"}, "", "", "etcdctl snapshot save"},
		{nil, []string{"-store", etcd, "-snapshot-every", "1h"}, "", "", "etcdctl snapshot save"},
		{nil, []string{"-store", etcd, "-snapshot-every", "0"}, etcd, "", ""},
		{nil, []string{"console", "-store", etcd}, etcd, "", ""},
		{map[string]string{"VELETAS_STORE": etcd}, []string{"console"}, "bolt:" + ConsoleDB, ConsoleDB, ""},
	} {
		m, _, _ := newMain(c.env)
		err := m.ParseFlags(context.Background(), c.args)
		what := fmt.Sprintf("env %v, args %q", c.env, c.args)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%s: %v, want an error saying %q", what, err, c.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", what, err)
			continue
		}
		want, _ := store.ParseURL(c.want)
		if m.Store.String() != want.String() || m.DBPath != c.path {
			t.Errorf("%s: store %s, db %q; want %s, %q", what, m.Store, m.DBPath, want, c.path)
		}
		if m.Store.Kind == "etcd" && m.SnapshotEvery != 0 {
			t.Errorf("%s: snapshots every %v on etcd", what, m.SnapshotEvery)
		}
	}
}

// fillBolt writes a bolt store from testdata/v2.db (finished games,
// standings, challenges, a game in a thread) plus an active game, an open
// challenge and settings, and returns its path.
func fillBolt(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "veletas.db")
	in, err := os.ReadFile("../../store/testdata/v2.db")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, in, 0o600); err != nil {
		t.Fatal(err)
	}
	db, err := store.Open(path, &store.Options{Games: testGames, NoSync: true, MaxChallengesPerUser: 100})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	c, err := db.CreateChallenge(t.Context(), store.Challenge{Kind: kindVeletas, Guild: "g", Channel: "c20", Challenger: "alice", Opponent: "bob", Terms: veletas.MakeTerms(veletas.Size7, veletas.Classic), Rated: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.AcceptChallenge(t.Context(), c.ID, "bob"); err != nil {
		t.Fatal(err)
	}
	if _, err := db.CreateChallenge(t.Context(), store.Challenge{Kind: kindVeletas, Guild: "g", Channel: "c21", Challenger: "carol"}); err != nil {
		t.Fatal(err)
	}
	if err := db.SetSettings(t.Context(), store.Settings{Guild: "g", Defaults: map[game.Kind]game.Terms{kindVeletas: {veletas.TermSize: "9"}}}); err != nil {
		t.Fatal(err)
	}
	return path
}

// runMain runs veletasbot with args to its end and returns its output and
// error.
func runMain(t *testing.T, env map[string]string, args ...string) (string, error) {
	t.Helper()
	m, out, errs := newMain(env)
	if err := m.ParseFlags(context.Background(), args); err != nil {
		return errs.String(), err
	}
	err := m.Run(context.Background())
	if cerr := m.Close(); err == nil {
		err = cerr
	}
	return out.String(), err
}

// TestMigrate copies a bolt file with games, challenges, archive,
// standings and settings into a 3-member etcd cluster with veletasbot
// migrate: the counts are printed, the records are all there (read
// through the store on etcd), a second run is refused (the destination is
// not empty) unless -overwrite, and bad arguments say what is wrong.
func TestMigrate(t *testing.T) {
	path := fillBolt(t)
	c := etcdtest.Start(t)
	url := c.URL("veletas")
	out, err := runMain(t, nil, "migrate", "-from", "bolt:"+path, "-to", url)
	if err != nil {
		t.Fatal(err)
	}
	src, err := store.Open(path, &store.Options{Games: testGames, NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	dst, err := store.OpenURL(url, &store.Options{Games: testGames})
	if err != nil {
		t.Fatal(err)
	}
	defer dst.Close()
	for _, want := range []string{"copied ", " records from bolt:" + path + " to " + url, "games 2", "challenges 4", "archive 4", "guild_index 36", "settings 1", "counters: games 6, challenges 10"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	t.Logf("migrate said:\n%s", out)
	// Through the store on etcd: what the bolt file has.
	for _, guild := range []string{"g", "h"} {
		a, _ := src.FinishedGames(t.Context(), guild, "", 0)
		b, err := dst.FinishedGames(t.Context(), guild, "", 0)
		if err != nil || len(a) == 0 || fmt.Sprint(gameIDs(a)) != fmt.Sprint(gameIDs(b)) {
			t.Fatalf("finished games of %s on etcd: %v %v, want %v", guild, err, gameIDs(b), gameIDs(a))
		}
		sa, _ := src.Standings(t.Context(), kindVeletas, guild)
		sb, err := dst.Standings(t.Context(), kindVeletas, guild)
		if err != nil || len(sa) == 0 || fmt.Sprint(sa) != fmt.Sprint(sb) {
			t.Fatalf("standings of %s on etcd: %v %v, want %v", guild, err, sb, sa)
		}
	}
	ga, _ := src.ActiveGames(t.Context(), "")
	gb, err := dst.ActiveGames(t.Context(), "")
	if err != nil || len(ga) != 2 || fmt.Sprint(gameIDs(ga)) != fmt.Sprint(gameIDs(gb)) {
		t.Fatalf("active games on etcd: %v %v, want %v", err, gameIDs(gb), gameIDs(ga))
	}
	if ch, err := dst.Challenges(t.Context(), "g", "c21"); err != nil || len(ch) != 1 || ch[0].Challenger != "carol" {
		t.Fatalf("carol's open challenge on etcd: %v %+v", err, ch)
	}
	if s, err := dst.Settings(t.Context(), "g"); err != nil || s.Defaults[kindVeletas][veletas.TermSize] != "9" {
		t.Fatalf("settings on etcd: %v %+v", err, s)
	}

	src.Close() // the bolt file is locked while open

	// Again: refused, then forced.
	if _, err := runMain(t, nil, "migrate", "-from", "bolt:"+path, "-to", url); err == nil || !errors.Is(err, store.ErrNotEmpty) || !strings.Contains(err.Error(), "-overwrite") {
		t.Fatalf("a second migrate into the same prefix: %v", err)
	}
	if out, err := runMain(t, nil, "migrate", "-from", "bolt:"+path, "-to", url, "-overwrite"); err != nil || !strings.Contains(out, "copied ") {
		t.Fatalf("-overwrite: %v\n%s", err, out)
	}

	// Another file into the same prefix: -overwrite is not a merge and
	// refuses it, saying so; -overwrite-other-store replaces on purpose.
	otherPath := filepath.Join(t.TempDir(), "other.db")
	other, err := store.Open(otherPath, &store.Options{Games: testGames, NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	oc, err := other.CreateChallenge(t.Context(), store.Challenge{Kind: kindVeletas, Guild: "g", Channel: "elsewhere", Challenger: "zoe", Opponent: "yann", Terms: veletas.MakeTerms(veletas.Size7, veletas.Classic)})
	if err != nil {
		t.Fatal(err)
	}
	og, err := other.AcceptChallenge(t.Context(), oc.ID, "yann")
	if err != nil {
		t.Fatal(err)
	}
	other.Close()
	_, err = runMain(t, nil, "migrate", "-from", "bolt:"+otherPath, "-to", url, "-overwrite")
	if !errors.Is(err, store.ErrOtherStore) || !strings.Contains(err.Error(), "not a merge") || !strings.Contains(err.Error(), "-overwrite-other-store") {
		t.Fatalf("-overwrite with another store: %v", err)
	}
	t.Logf("veletasbot: %v", err)
	if g, err := dst.ActiveGame(t.Context(), "g", "elsewhere"); !errors.Is(err, store.ErrNoGame) {
		t.Fatalf("the refused copy wrote game %d: %v %+v", og.ID, err, g)
	}
	if out, err := runMain(t, nil, "migrate", "-from", "bolt:"+otherPath, "-to", url, "-overwrite-other-store"); err != nil || !strings.Contains(out, "copied ") {
		t.Fatalf("-overwrite-other-store: %v\n%s", err, out)
	}
	if g, err := dst.ActiveGame(t.Context(), "g", "elsewhere"); err != nil || g.ID != og.ID {
		t.Fatalf("game %d after -overwrite-other-store: %v %+v", og.ID, err, g)
	}

	// Bad arguments.
	for _, c := range []struct {
		args []string
		says string
	}{
		{[]string{"migrate", "-from", "bolt:" + path}, "give both -from and -to"},
		{[]string{"migrate", "-from", "bolt:" + filepath.Join(t.TempDir(), "none.db"), "-to", url}, "no such file"},
		{[]string{"migrate", "-from", "bolt:" + path, "-to", "etcd://x"}, "migrate -to: store: \"etcd://x\": member \"x\" is not HOST:PORT"},
		{[]string{"migrate", "-from", url, "-to", url}, "the same store"},
		{[]string{"migrate", "-from", "bolt:" + path, "-to", url, "extra"}, "unexpected argument"},
	} {
		if _, err := runMain(t, nil, c.args...); err == nil || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%q: %v, want an error saying %q", c.args, err, c.says)
		}
	}
}

func gameIDs(list []store.Game) (out []uint64) {
	for _, g := range list {
		out = append(out, g.ID)
	}
	return out
}

// TestConsoleOnEtcd plays the console on an etcd store, twice on the same
// prefix: the second session finds the first one's game and finishes it.
func TestConsoleOnEtcd(t *testing.T) {
	c := etcdtest.Start(t)
	url := c.URL("console")
	first := runConsoleOn(t, url, "alice: /veletas challenge opponent:@bob size:7\nbob: [Accept]\n")
	if !strings.Contains(first, "Game 1") && !strings.Contains(first, "game 1") {
		t.Fatalf("first session:\n%s", first)
	}
	second := runConsoleOn(t, url, "bob: /veletas resign\ncarol: /veletas standings\n")
	if !strings.Contains(second, "**@alice wins**") {
		t.Fatalf("second session on the same etcd store does not finish the first one's game:\n%s", second)
	}
	db, err := store.OpenURL(url, &store.Options{Games: testGames})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	g, err := db.FinishedGame(t.Context(), 1)
	if err != nil || g.Winner != "alice" || g.Reason != store.ReasonResign {
		t.Fatalf("the game on etcd: %v %+v", err, g)
	}
}

// runConsoleOn runs veletasbot console -store url on script and returns
// what it printed.
func runConsoleOn(t *testing.T, url, script string) string {
	t.Helper()
	m, out, _ := newMain(nil)
	if err := m.ParseFlags(context.Background(), []string{"console", "-store", url, "-out", filepath.Join(t.TempDir(), "img")}); err != nil {
		t.Fatal(err)
	}
	m.Stdin = strings.NewReader(script)
	if err := m.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := m.Close(); err != nil {
		t.Fatal(err)
	}
	return out.String()
}
