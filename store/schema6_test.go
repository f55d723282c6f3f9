package store

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
	clientv3 "go.etcd.io/etcd/client/v3"

	"github.com/veletasbot/veletas/game"
	"github.com/veletasbot/veletas/game/amazons"
	"github.com/veletasbot/veletas/game/fanorona"
	"github.com/veletasbot/veletas/game/veletas"
)

// fixtureNow is a time after testdata/schema5.db was written, before its
// challenges expire.
var fixtureNow = time.Date(2026, 1, 2, 6, 0, 0, 0, time.UTC)

// TestMigrateSchema5Fixture opens a copy of testdata/schema5.db (schema 5,
// see testdata/schema5.README) and finds every record migrated exactly,
// then plays on.
func TestMigrateSchema5Fixture(t *testing.T) {
	path := filepath.Join(t.TempDir(), "schema5.db")
	copyFile(t, "testdata/schema5.db", path)
	db, err := Open(path, &Options{Games: testRegistry, NoSync: true, Now: func() time.Time { return fixtureNow }, Rate: GlickoRate(nil)})
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	if v := rawVersion(t, path); v != "8" || SchemaVersion != 8 {
		t.Fatalf("migrated to %q", v)
	}
	// No standing is left in the old bucket, and the values are schema 6's.
	b, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	err = b.View(func(tx *bolt.Tx) error {
		if k, _ := tx.Bucket(bucketStandings).Cursor().First(); k != nil {
			t.Errorf("a standing left in %s: %q", bucketStandings, k)
		}
		for _, name := range [][]byte{bucketGames, bucketArchive, bucketChallenges, bucketSettings} {
			tx.Bucket(name).ForEach(func(k, v []byte) error {
				for _, old := range []string{`"size":`, `"swapped":`, `"variant":`, `"rules":`, `"majority"`} {
					if bytes.Contains(v, []byte(old)) && !bytes.Contains(v, []byte(`"terms":`)) && !bytes.Contains(v, []byte(`"defaults":`)) {
						t.Errorf("%s %q keeps %s: %s", name, k, old, v)
					}
				}
				if bytes.Contains(v, []byte(`"majority"`)) {
					t.Errorf("%s %q keeps majority: %s", name, k, v)
				}
				return nil
			})
		}
		return nil
	})
	b.Close()
	if err != nil {
		t.Fatal(err)
	}
	db, err = Open(path, &Options{Games: testRegistry, NoSync: true, Now: func() time.Time { return fixtureNow }, Rate: GlickoRate(nil)})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	checkSchema5Migrated(t, db)
}

// TestEtcdMigrateSchema5 writes testdata/schema5.db's keys into an etcd
// prefix at schema 5, as the veletasbot that wrote schema 5 kept them,
// opens it twice at once (two replicas migrating together), and finds
// what TestMigrateSchema5Fixture finds.
func TestEtcdMigrateSchema5(t *testing.T) {
	cl := sharedCluster(t)
	cli := clusterClient(t, cl)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	prefix := fmt.Sprintf("schema5-%d", time.Now().UnixNano())
	b, err := bolt.Open("testdata/schema5.db", 0o600, &bolt.Options{Timeout: time.Second, ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	err = b.View(func(tx *bolt.Tx) error {
		return tx.ForEach(func(name []byte, bk *bolt.Bucket) error {
			if bk.Sequence() > 0 {
				if _, err := cli.Put(ctx, prefix+"/seqbase/"+string(name), fmt.Sprint(bk.Sequence())); err != nil {
					return err
				}
			}
			return bk.ForEach(func(k, v []byte) error {
				_, err := cli.Put(ctx, prefix+"/"+string(name)+"/"+string(k), string(v))
				return err
			})
		})
	})
	b.Close()
	if err != nil {
		t.Fatal(err)
	}
	opts := &Options{Games: testRegistry, Now: func() time.Time { return fixtureNow }, Rate: GlickoRate(nil)}
	dbs := make([]*DB, 2)
	errs := make(chan error, 2)
	for i := range dbs {
		go func() {
			var err error
			dbs[i], err = OpenURL(cl.URL(prefix), opts)
			errs <- err
		}()
	}
	for range dbs {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	for _, db := range dbs {
		defer db.Close()
	}
	r, err := cli.Get(ctx, prefix+"/meta/version")
	if err != nil || len(r.Kvs) != 1 || string(r.Kvs[0].Value) != "8" {
		t.Fatalf("version: %v %v", err, r)
	}
	if r, err := cli.Get(ctx, prefix+"/standings/", clientv3.WithPrefix()); err != nil || len(r.Kvs) != 0 {
		t.Fatalf("standings left in the old bucket: %v %v", err, r)
	}
	checkSchema5Migrated(t, dbs[0])
}

// checkSchema5Migrated checks the records of testdata/schema5.db after the
// migration to schema 6, then that its games go on.
func checkSchema5Migrated(t *testing.T, db *DB) {
	t.Helper()
	ctx := t.Context()
	vt := func(size, rules string) game.Terms { return game.Terms{"size": size, "rules": rules} }
	ft := func(variant string) game.Terms { return game.Terms{"variant": variant} }
	type want struct {
		kind    game.Kind
		terms   game.Terms
		players [2]string
		record  string
		open    string
		winner  string
		reason  Reason
		rated   bool
	}
	archived := map[uint64]want{
		1: {Veletas, vt("7", "classic"), [2]string{"alice", "bob"}, "size=7 [e4]b2 swap [d2,e7]g2 e4-f3/f7 e7-c5/c4 c5-f5/d7 f3-b3/g3 f5-f6/b6 b3-c3/d4 f6-e7/a3 e7-b4/c5 d2-f2/g1 c3-d2/c1 d2-c2/f5 f2-e1/e2 c2-a4/c2 b4/b3 e1-f1/d1 b4-a5/c3 a4/c6 f1-f3/f4 a5/b4 f3-d3/e4 d3-d2/d3 a5-a6/b7 d2-e1/d2 a4/b5 a6-a5/a6 e1-f1/e1 f1-f3/e3 f3-g4/g5 g4-f3/f2 f3-g4/f3", "", "alice", ReasonRules, true},
		2: {Veletas, vt("9", "revised"), [2]string{"alice", "carol"}, "size=9 rules=revised", "", "alice", ReasonResign, true},
		3: {Fanorona, ft("fanorona"), [2]string{"alice", "bob"}, "variant=fanorona d2-e3A f3-f4W-g5W e2-e3A-f4A-e4A b5-b4A c1-b2A-b3A-a3W g4-f4A g3-f2W-f3A h3-g3W-f2A-f1W-e1W i2-i3A c5-b4A d3-d4A b4-c4A-c3A-b2A-c2W d1-c1W c2-c3W h2-g1 c3-d2 g1-f2 d2-e2A i3-h3 h5-h4A", "", "bob", ReasonRules, true},
		4: {Fanorona, ft("vela"), [2]string{"bob", "carol"}, "variant=vela", "", "", ReasonAgreed, true},
		5: {Fanorona, ft("fanorona"), [2]string{"dave", "erin"}, "variant=fanorona", "", "dave", ReasonResign, false},
	}
	check := func(what string, g Game, w want) {
		t.Helper()
		if g.Kind != w.kind || !g.Terms.Equal(w.terms) || g.Players != w.players || compactRecord(g.Record) != w.record ||
			g.Open != w.open || g.Winner != w.winner || g.Reason != w.reason || g.Rated != w.rated || g.State() == nil {
			t.Errorf("%s: %+v\nwant %+v", what, g, w)
		}
	}
	for id, w := range archived {
		g, err := db.FinishedGame(ctx, id)
		if err != nil {
			t.Fatalf("archived game %d: %v", id, err)
		}
		check(fmt.Sprint("archived game ", id), g, w)
	}
	if list, err := db.FinishedGames(ctx, "g", "alice", 0); err != nil || len(list) != 3 || list[0].ID != 3 || list[2].ID != 1 {
		t.Errorf("alice's finished games: %v %+v", err, list)
	}
	active := map[[2]string]want{
		{"g", "t3"}: {Veletas, vt("7", "classic"), [2]string{"alice", "bob"}, "size=7 [c5]d2 keep [c7,a5]a1 c5-f2/f4 a5-g5/e5", "", "", ReasonNone, true},
		{"g", "c4"}: {Veletas, vt("10", "revised"), [2]string{"carol", "dave"}, "size=10 rules=revised [d3,e9,g2]f6 keep [d4,d6,c2,c3]f3 d3-d2/b2 d4-a4/b4", "", "", ReasonNone, false},
		{"g", "c5"}: {Fanorona, ft("fanorona"), [2]string{"bob", "erin"}, "variant=fanorona f2-e3A", "c3-d4W", "", ReasonNone, true},
		{"g", "c6"}: {Fanorona, game.Terms{"variant": "vela", "swapped": "1"}, [2]string{"alice", "bot"}, "variant=vela d3-e3A", "", "", ReasonNone, false},
		{"h", "c2"}: {Veletas, vt("9", "revised"), [2]string{"bot", "dave"}, "size=9 rules=revised", "", "", ReasonNone, false},
	}
	for at, w := range active {
		g, err := db.ActiveGame(ctx, at[0], at[1])
		if err != nil {
			t.Fatalf("active game in %v: %v", at, err)
		}
		check(fmt.Sprint("active game in ", at), g, w)
	}
	if list, err := db.ActiveGames(ctx, "g"); err != nil || len(list) != 4 {
		t.Errorf("active games of g: %v %d", err, len(list))
	}

	// The games go on.
	g, err := db.ActiveGame(ctx, "g", "t3")
	if err != nil || g.ID != 6 || g.MoveTime != time.Hour || g.Thread != "t3" || g.Revision != 5 {
		t.Fatalf("game 6: %v %+v", err, g)
	}
	turn := vgame(g).Position().LegalTurns(nil)[0]
	if n, err := db.Apply(ctx, "g", "t3", g.ToAct(), g.Revision, veletas.TurnAction(turn)); err != nil || n.Revision != 6 {
		t.Errorf("game 6 goes on: %v %+v", err, n)
	}
	g, err = db.ActiveGame(ctx, "g", "c4")
	if err != nil || g.TakebackBy != "dave" || g.TakebackRev != 5 || g.ToAct() != "carol" {
		t.Fatalf("game 7: %v %+v, to act %q", err, g, g.ToAct())
	}
	if n, err := db.AnswerTakeback(ctx, "g", "c4", "carol", true); err != nil || n.Revision != 6 || compactRecord(n.Record) != "size=10 rules=revised [d3,e9,g2]f6 keep [d4,d6,c2,c3]f3 d3-d2/b2" || n.ToAct() != "dave" {
		t.Errorf("game 7's takeback: %v %+v", err, n)
	}
	g, err = db.ActiveGame(ctx, "g", "c5")
	if err != nil || g.ToAct() != "erin" || fplayer(g, fanorona.White) != "bob" {
		t.Fatalf("game 8: %v %+v", err, g)
	}
	if n, err := db.StopFanoronaTurn(ctx, "g", "c5", "erin", g.Revision); err != nil || n.Open != "" || compactRecord(n.Record) != "variant=fanorona f2-e3A c3-d4W" || n.ToAct() != "bob" {
		t.Errorf("game 8's turn under way ends: %v %+v", err, n)
	}
	g, err = db.ActiveGame(ctx, "g", "c6")
	if c, ok := fcolor(g, "alice"); err != nil || !ok || c != fanorona.Black || g.ToAct() != "alice" || g.AI != "bot" || g.AILevel != "hard" {
		t.Fatalf("game 9: %v %+v, alice plays %v", err, g, c)
	}
	if _, err := db.Resign(ctx, "g", "c6", "alice"); err != nil {
		t.Error(err)
	}
	g, err = db.ActiveGame(ctx, "h", "c2")
	if err != nil || g.ToAct() != "bot" || vgame(g).Rules() != veletas.Revised || vgame(g).Size() != veletas.Size9 {
		t.Fatalf("game 10: %v %+v", err, g)
	}

	// Challenges.
	chals := map[uint64]Challenge{
		9:  {Kind: Veletas, Terms: vt("9", "classic"), Challenger: "alice", Opponent: "bob", Rated: true, MoveTime: 30 * time.Minute},
		10: {Kind: Veletas, Terms: vt("10", "revised"), Challenger: "carol"},
		11: {Kind: Fanorona, Terms: ft("vela"), Challenger: "dave", Opponent: "erin", Rated: true},
		12: {Kind: Fanorona, Terms: ft("fanorona"), Challenger: "erin", OpponentFirst: true},
	}
	for id, w := range chals {
		c, err := db.Challenge(ctx, id)
		if err != nil || c.Kind != w.Kind || !c.Terms.Equal(w.Terms) || c.Challenger != w.Challenger || c.Opponent != w.Opponent ||
			c.Rated != w.Rated || c.MoveTime != w.MoveTime || c.OpponentFirst != w.OpponentFirst || c.Channel != "c7" {
			t.Errorf("challenge %d: %v %+v\nwant %+v", id, err, c, w)
		}
	}
	if list, err := db.Challenges(ctx, "g", "c7"); err != nil || len(list) != 4 {
		t.Errorf("challenges of c7: %v %+v", err, list)
	}
	if g, err := db.AcceptChallenge(ctx, 12, "alice"); err != nil || g.Players != [2]string{"alice", "erin"} || g.Kind != Fanorona || g.ToAct() != "alice" {
		t.Errorf("accepting challenge 12: %v %+v", err, g)
	}

	// Standings.
	type rec struct {
		user                string
		wins, losses, draws int
		rating              float64
	}
	for _, c := range []struct {
		kind game.Kind
		want []rec
	}{
		{Veletas, []rec{{"alice", 2, 0, 0, 1750.5421098017523}, {"bob", 0, 1, 0, 1337.6891060937023}, {"carol", 0, 1, 0, 1383.3580792733678}}},
		{Fanorona, []rec{{"bob", 1, 0, 1, 1662.3108939062977}, {"carol", 0, 0, 1, 1500}, {"alice", 0, 1, 0, 1337.6891060937023}}},
	} {
		st, err := db.Standings(ctx, c.kind, "g")
		if err != nil || len(st) != len(c.want) {
			t.Fatalf("%s standings: %v %+v", c.kind, err, st)
		}
		for i, w := range c.want {
			s := st[i]
			if s.User != w.user || s.Kind != c.kind || s.Wins != w.wins || s.Losses != w.losses || s.Draws != w.draws || s.Rating != w.rating || s.Games != w.wins+w.losses+w.draws {
				t.Errorf("%s standing %d: %+v, want %+v", c.kind, i, s, w)
			}
		}
	}
	if s, err := db.Standing(ctx, Veletas, "g", "alice"); err != nil || s.Wins != 2 || s.Streak != 2 {
		t.Errorf("alice's standing: %v %+v", err, s)
	}

	// Settings, and their defaults in a new challenge.
	set, err := db.Settings(ctx, "g")
	if err != nil || len(set.Defaults) != 1 || !set.Defaults[Veletas].Equal(vt("9", "revised")) || set.MoveTime != time.Hour || set.Locale != "fr" || set.Values["threads"] != "on" {
		t.Errorf("settings of g: %v %+v", err, set)
	}
	if set, err := db.Settings(ctx, "h"); err != nil || len(set.Defaults) != 1 || !set.Defaults[Veletas].Equal(game.Terms{"size": "7"}) {
		t.Errorf("settings of h: %v %+v", err, set)
	}
	c, err := db.CreateChallenge(ctx, Challenge{Guild: "g", Channel: "c8", Challenger: "alice", Kind: Veletas})
	if err != nil || !c.Terms.Equal(vt("9", "revised")) || c.MoveTime != time.Hour {
		t.Errorf("a challenge with the guild's defaults: %v %+v", err, c)
	}
	if !strings.HasPrefix(c.Channel, "c8") {
		t.Errorf("challenge channel %q", c.Channel)
	}
}

// TestGenericActions: Play applies an action in a game's notation,
// whatever its kind (here Amazons, which the store has no code for);
// Act refuses another kind; a refusal wraps ErrIllegal and the game's
// error; draws are for the games that have them; terms are normalized
// and bad ones refused with the game's *game.TermError.
func TestGenericActions(t *testing.T) {
	bothStores(t, func(t *testing.T) {
		db := openTest(t, &Options{NoSync: true})
		ctx := t.Context()
		if _, err := db.CreateChallenge(ctx, Challenge{Kind: Veletas, Guild: "g", Channel: "c0", Challenger: "alice", Terms: game.Terms{"size": "8"}}); !errors.Is(err, ErrBadTerms) || !errors.Is(err, ErrInvalid) {
			t.Fatalf("size 8: %v", err)
		} else if te := (*game.TermError)(nil); !errors.As(err, &te) || te.Name != "size" || te.Value != "8" {
			t.Fatalf("size 8: no term error: %v", err)
		}
		if _, err := db.CreateChallenge(ctx, Challenge{Kind: "chess", Guild: "g", Channel: "c0", Challenger: "alice"}); !errors.Is(err, ErrBadTerms) || !errors.Is(err, game.ErrUnknownKind) {
			t.Fatalf("an unknown game: %v", err)
		}
		c, err := db.CreateChallenge(ctx, Challenge{Kind: amazons.GameKind, Guild: "g", Channel: "c1", Challenger: "alice", Opponent: "bob", Rated: true})
		if err != nil || c.Kind != amazons.GameKind || len(c.Terms) != 0 {
			t.Fatalf("an Amazons challenge: %v %+v", err, c)
		}
		g, err := db.AcceptChallenge(ctx, c.ID, "bob")
		if err != nil || g.ToAct() != "alice" || g.Kind != amazons.GameKind {
			t.Fatalf("the Amazons game: %v %+v", err, g)
		}
		if _, err := db.Play(ctx, "g", "c1", "alice", g.Revision, "nonsense"); !errors.Is(err, ErrIllegal) {
			t.Fatalf("nonsense: %v", err)
		}
		if _, err := db.ApplyToken(ctx, "g", "c1", "alice", g.Revision, "[c5]d2"); !errors.Is(err, ErrOtherKind) {
			t.Fatalf("a Veletas action in an Amazons game: %v", err)
		}
		turn := g.State().(amazons.Match).Position().LegalTurns()[0]
		if _, err := db.Play(ctx, "g", "c1", "bob", g.Revision, turn.String()); !errors.Is(err, ErrNotYourTurn) {
			t.Fatalf("bob first: %v", err)
		}
		n, err := db.Play(ctx, "g", "c1", "alice", g.Revision, turn.String())
		if err != nil || n.Revision != 1 || n.ToAct() != "bob" || !strings.HasSuffix(compactRecord(n.Record), turn.String()) {
			t.Fatalf("alice plays %s: %v %+v", turn, err, n)
		}
		if again, err := db.ActiveGame(ctx, "g", "c1"); err != nil || again.Record != n.Record || again.ToAct() != "bob" {
			t.Fatalf("reloaded: %v %+v", err, again)
		}
		if _, err := db.OfferDraw(ctx, "g", "c1", "bob"); !errors.Is(err, ErrDrawNotAllowed) {
			t.Fatalf("a draw in Amazons: %v", err)
		}
		if _, err := db.RequestTakeback(ctx, "g", "c1", "alice"); err != nil {
			t.Fatal(err)
		}
		if tb, err := db.AnswerTakeback(ctx, "g", "c1", "bob", true); err != nil || tb.Revision != 2 || tb.ToAct() != "alice" || tb.Record != g.Record {
			t.Fatalf("takeback: %v %+v", err, tb)
		}
		if _, err := db.Resign(ctx, "g", "c1", "alice"); err != nil {
			t.Fatal(err)
		}
		if s, err := db.Standing(ctx, amazons.GameKind, "g", "bob"); err != nil || s.Wins != 1 || s.Kind != amazons.GameKind {
			t.Fatalf("bob's Amazons standing: %v %+v", err, s)
		}
		if s, err := db.Standing(ctx, Veletas, "g", "bob"); err != nil || s.Games != 0 {
			t.Fatalf("bob's Veletas standing: %v %+v", err, s)
		}
	})
}

// TestUnknownKind: a store whose Options.Games lack a stored game's kind
// opens, lists the others, and reports that game as corrupt with
// ErrUnknownKind, leaving it as it is for a store that hosts its game.
func TestUnknownKind(t *testing.T) {
	path := filepath.Join(t.TempDir(), "k.db")
	db, err := Open(path, &Options{Games: testRegistry, NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	startGame(t, db, "g", "c1", veletas.Size7)
	startFanorona(t, db, "c2", "vela", false)
	db.Close()
	only, err := game.NewRegistry(veletas.Definition{})
	if err != nil {
		t.Fatal(err)
	}
	db, err = Open(path, &Options{NoSync: true, Games: only})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.ActiveGame(t.Context(), "g", "c2"); !errors.Is(err, ErrCorrupt) || !errors.Is(err, ErrUnknownKind) || !errors.Is(err, game.ErrUnknownKind) {
		t.Fatalf("a Fanorona game without Fanorona: %v", err)
	}
	if list, err := db.ActiveGames(t.Context(), "g"); err != nil || len(list) != 1 || list[0].Channel != "c1" {
		t.Fatalf("active games: %v %+v", err, list)
	}
	if _, err := db.CreateChallenge(t.Context(), Challenge{Kind: Fanorona, Guild: "g", Channel: "c3", Challenger: "alice"}); !errors.Is(err, ErrBadTerms) {
		t.Fatalf("a Fanorona challenge without Fanorona: %v", err)
	}
	db.Close()
	db, err = Open(path, &Options{Games: testRegistry, NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if g, err := db.ActiveGame(t.Context(), "g", "c2"); err != nil || g.Kind != Fanorona || g.ToAct() != "alice" {
		t.Fatalf("the Fanorona game again: %v %+v", err, g)
	}
}
