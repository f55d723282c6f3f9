//go:build schema5fixture

package store

import (
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/veletasbot/veletas/game/fanorona"
	"github.com/veletasbot/veletas/game/veletas"
)

var writeFixture = flag.Bool("write-fixture", false, "write testdata/schema5.db (TestWriteSchema5Fixture)")

// TestWriteSchema5Fixture writes testdata/schema5.db, a schema 5 file
// written by the store before games became plug-ins (see
// testdata/schema5.README), when run as
//
//	go test ./store -run TestWriteSchema5Fixture -args -write-fixture
func TestWriteSchema5Fixture(t *testing.T) {
	if !*writeFixture {
		t.Skip("writes testdata/schema5.db with -args -write-fixture")
	}
	path := filepath.Join(t.TempDir(), "schema5.db")
	c := newClock()
	db, err := Open(path, &Options{NoSync: true, Now: c.Now, Rate: GlickoRate(c.Now)})
	if err != nil {
		t.Fatal(err)
	}
	ctx := t.Context()
	must := func(_ any, err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	start := func(ch Challenge, accepter string) Game {
		t.Helper()
		cc, err := db.CreateChallenge(ctx, ch)
		if err != nil {
			t.Fatal(err)
		}
		g, err := db.AcceptChallenge(ctx, cc.ID, accepter)
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	tokens := func(g Game, toks ...string) Game {
		t.Helper()
		for _, tok := range toks {
			c.Add(time.Minute)
			var err error
			if g, err = db.ApplyToken(ctx, g.Guild, g.Channel, g.ToAct(), g.Revision, tok); err != nil {
				t.Fatal(err)
			}
		}
		return g
	}
	r := rand.New(rand.NewPCG(5, 5))

	// Game 1 (archived): a rated Veletas game played to its end by the
	// rules (stored reason "majority").
	g := start(Challenge{Guild: "g", Channel: "c1", Challenger: "alice", Opponent: "bob", Size: veletas.Size7, Rated: true}, "bob")
	for !g.Over() {
		c.Add(time.Minute)
		if g, err = db.Apply(ctx, "g", "c1", g.ToAct(), g.Revision, randomAction(g.Position(), r)); err != nil {
			t.Fatal(err)
		}
	}
	if g.Reason != ReasonMajority {
		t.Fatalf("game 1 ended by %v", g.Reason)
	}
	// Game 2 (archived): a rated revised Veletas game, resigned.
	start(Challenge{Guild: "g", Channel: "c1", Challenger: "carol", Opponent: "alice", Size: veletas.Size9, Rules: veletas.Revised, Rated: true, OpponentFirst: true}, "alice")
	c.Add(time.Hour)
	must(db.Resign(ctx, "g", "c1", "carol"))
	// Game 3 (archived): a rated Fanorona game played to its end by the
	// rules (a win or a draw).
	g = start(Challenge{Guild: "g", Channel: "c2", Challenger: "alice", Opponent: "bob", Kind: Fanorona, Rated: true}, "bob")
	for !g.Over() {
		ts := g.FanoronaPosition().LegalTurns(nil)
		c.Add(time.Minute)
		if g, err = db.PlayFanoronaTurn(ctx, "g", "c2", g.ToAct(), g.Revision, ts[r.IntN(len(ts))]); err != nil {
			t.Fatal(err)
		}
	}
	// Game 4 (archived): a rated Véla game, drawn by agreement.
	start(Challenge{Guild: "g", Channel: "c2", Challenger: "bob", Opponent: "carol", Kind: Fanorona, Variant: "vela", Rated: true}, "carol")
	must(db.OfferDraw(ctx, "g", "c2", "bob"))
	must(db.AnswerDraw(ctx, "g", "c2", "carol", true))
	// Game 5 (archived): an unrated Fanorona game in guild h, resigned.
	start(Challenge{Guild: "h", Channel: "c1", Challenger: "dave", Opponent: "erin", Kind: Fanorona, Variant: "fanorona"}, "erin")
	must(db.Resign(ctx, "h", "c1", "erin"))

	// Game 6 (active, g/c3): classic Veletas mid-play, in thread t3, with
	// a time limit.
	g = start(Challenge{Guild: "g", Channel: "c3", Challenger: "alice", Opponent: "bob", Size: veletas.Size7, Rated: true, MoveTime: time.Hour}, "bob")
	g = tokens(g, "[c5]d2", "keep")
	for range 3 {
		c.Add(time.Minute)
		if g, err = db.Apply(ctx, "g", "c3", g.ToAct(), g.Revision, randomAction(g.Position(), r)); err != nil {
			t.Fatal(err)
		}
	}
	must(db.SetGameThread(ctx, "g", "c3", "t3"))
	// Game 7 (active, g/c4): revised Veletas mid-play, size 10, with a
	// pending takeback request.
	g = start(Challenge{Guild: "g", Channel: "c4", Challenger: "carol", Opponent: "dave", Size: veletas.Size10, Rules: veletas.Revised}, "dave")
	for range 5 {
		c.Add(time.Minute)
		if g, err = db.Apply(ctx, "g", "c4", g.ToAct(), g.Revision, randomAction(g.Position(), r)); err != nil {
			t.Fatal(err)
		}
	}
	must(db.RequestTakeback(ctx, "g", "c4", g.Opponent(g.ToAct())))
	// Game 8 (active, g/c5): Fanorona with a capture sequence under way
	// (Game.Open).
	g = start(Challenge{Guild: "g", Channel: "c5", Challenger: "bob", Opponent: "erin", Kind: Fanorona, Rated: true}, "erin")
	for {
		var long fanorona.Turn
		ts := g.FanoronaPosition().LegalTurns(nil)
		for _, tu := range ts {
			if tu.Len() > 1 {
				long = tu
				break
			}
		}
		c.Add(time.Minute)
		if long.Len() > 1 {
			if g, err = db.PlayFanoronaStep(ctx, "g", "c5", g.ToAct(), g.Revision, long.Step(0)); err != nil {
				t.Fatal(err)
			}
			break
		}
		if g, err = db.PlayFanoronaTurn(ctx, "g", "c5", g.ToAct(), g.Revision, ts[r.IntN(len(ts))]); err != nil {
			t.Fatal(err)
		}
		if g.Over() {
			t.Fatal("game 8 ended before a sequence")
		}
	}
	if g.Open == "" {
		t.Fatal("game 8 has no turn under way")
	}
	// Game 9 (active, g/c6): Véla against the computer, the human Black
	// (Game.Swapped), one turn played.
	g, err = db.StartFanoronaAIGame(ctx, "g", "c6", "alice", "bot", "hard", fanorona.Vela, true)
	if err != nil {
		t.Fatal(err)
	}
	ts := g.FanoronaPosition().LegalTurns(nil)
	must(db.PlayFanoronaTurn(ctx, "g", "c6", "bot", g.Revision, ts[0]))
	// Game 10 (active, h/c2): Veletas against the computer, computer
	// first, revised size 9.
	must(db.StartAIGameOrder(ctx, "h", "c2", "dave", "bot", "easy", veletas.Size9, veletas.Revised, true))

	// Challenges in g/c7 (IDs 11..14): an addressed Veletas one, an open
	// revised Veletas one, an addressed Véla one, an open Fanorona one
	// with OpponentFirst.
	must(db.CreateChallenge(ctx, Challenge{Guild: "g", Channel: "c7", Challenger: "alice", Opponent: "bob", Size: veletas.Size9, Rated: true, MoveTime: 30 * time.Minute}))
	must(db.CreateChallenge(ctx, Challenge{Guild: "g", Channel: "c7", Challenger: "carol", Rules: veletas.Revised}))
	must(db.CreateChallenge(ctx, Challenge{Guild: "g", Channel: "c7", Challenger: "dave", Opponent: "erin", Kind: Fanorona, Variant: "vela", Rated: true}))
	must(db.CreateChallenge(ctx, Challenge{Guild: "g", Channel: "c7", Challenger: "erin", Kind: Fanorona, OpponentFirst: true}))

	must(nil, db.SetSettings(ctx, Settings{Guild: "g", Size: veletas.Size9, Rules: veletas.Revised, MoveTime: time.Hour, Locale: "fr", Values: map[string]string{"threads": "on"}}))
	must(nil, db.SetSettings(ctx, Settings{Guild: "h", Size: veletas.Size7}))
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("testdata/schema5.db", b, 0o644); err != nil {
		t.Fatal(err)
	}
}
