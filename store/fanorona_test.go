package store

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/veletasbot/veletas/game"
	"github.com/veletasbot/veletas/game/fanorona"
	"github.com/veletasbot/veletas/game/veletas"
)

// startFanorona makes and accepts a Fanorona challenge: alice (White)
// against bob.
func startFanorona(t *testing.T, db *DB, channel, variant string, rated bool) Game {
	t.Helper()
	var terms game.Terms
	if variant != "" {
		terms = game.Terms{"variant": variant}
	}
	c, err := db.CreateChallenge(t.Context(), Challenge{Guild: "g", Channel: channel, Challenger: "alice", Opponent: "bob", Kind: Fanorona, Terms: terms, Rated: rated})
	if err != nil {
		t.Fatal(err)
	}
	if chSize(c) != 0 {
		t.Fatalf("a Fanorona challenge has no Veletas size: %+v", c)
	}
	g, err := db.AcceptChallenge(t.Context(), c.ID, "bob")
	if err != nil {
		t.Fatal(err)
	}
	if g.Kind != Fanorona || fplayer(g, fanorona.White) != "alice" || g.ToAct() != "alice" {
		t.Fatalf("new game: %+v, to act %q", g, g.ToAct())
	}
	return g
}

func TestFanoronaStepsAndTurns(t *testing.T) {
	bothStores(t, func(t *testing.T) {
		db := openTest(t, &Options{NoSync: true})
		g := startFanorona(t, db, "c1", "", true)
		// Bob may not act on White's turn; Veletas actions are refused.
		if _, err := db.PlayFanoronaTurn(t.Context(), "g", "c1", "bob", -1, mustTurn(t, "f4-e3A")); !errors.Is(err, ErrNotYourTurn) {
			t.Fatalf("bob first: %v", err)
		}
		if _, err := db.ApplyToken(t.Context(), "g", "c1", "alice", -1, "[c5]d2"); !errors.Is(err, ErrOtherKind) {
			t.Fatalf("a Veletas action in a Fanorona game: %v", err)
		}
		// A paika while a capture exists.
		if _, err := db.PlayFanoronaStep(t.Context(), "g", "c1", "alice", -1, mustStep(t, "d2-e3")); !errors.Is(err, ErrIllegal) || !errors.Is(err, fanorona.ErrMissingLetter) && !errors.Is(err, fanorona.ErrCaptureCompulsory) {
			t.Fatalf("paika while a capture exists: %v", err)
		}
		if _, err := db.StopFanoronaTurn(t.Context(), "g", "c1", "alice", -1); !errors.Is(err, fanorona.ErrNoSequence) {
			t.Fatalf("stop with no sequence: %v", err)
		}
		// White opens with d2-e3A step by step: no continuation is legal, so
		// the turn ends by itself.
		g, err := db.PlayFanoronaStep(t.Context(), "g", "c1", "alice", g.Revision, mustStep(t, "d2-e3A"))
		if err != nil {
			t.Fatal(err)
		}
		if g.Open != "" || fmatch(g).Game().Len() != 1 || g.ToAct() != "bob" || g.Revision != 1 {
			t.Fatalf("after the first step: open %q, %d turns, to act %q, rev %d", g.Open, fmatch(g).Game().Len(), g.ToAct(), g.Revision)
		}
		// Random whole turns until the side to move has a capture of several
		// steps, whose first step is then played alone.
		g = playUntilSequence(t, db, "c1")
		var long fanorona.Turn
		for _, tu := range fmatch(g).Position().LegalTurns(nil) {
			if tu.Len() > 1 {
				long = tu
				break
			}
		}
		mover, turnsBefore := g.ToAct(), fmatch(g).Game().Len()
		first := long.Step(0)
		if g, err = db.PlayFanoronaStep(t.Context(), "g", "c1", mover, g.Revision, first); err != nil {
			t.Fatal(err)
		}
		if g.Open != first.String() || fmatch(g).Game().Len() != turnsBefore || g.ToAct() != mover {
			t.Fatalf("after the first step of %s: open %q, %d turns, to act %q", long, g.Open, fmatch(g).Game().Len(), g.ToAct())
		}
		// It reloads with the open sequence.
		again, err := db.ActiveGame(t.Context(), "g", "c1")
		if err != nil || again.Open != first.String() || fmatch(again).Position() != fmatch(g).Position() {
			t.Fatalf("reloaded: %v %+v", err, again)
		}
		// Another piece may not continue; a whole turn may not be played now.
		c, _ := fcolor(g, mover)
		for _, p := range fmatch(g).Position().Pieces(c).Points() {
			if p == first.To {
				continue
			}
			for d := fanorona.Dir(0); d < 8; d++ {
				q := fanorona.Neighbour(p, d)
				if q == fanorona.NoPoint || fmatch(g).Position().Empty()&(1<<q) == 0 {
					continue
				}
				if _, err := db.PlayFanoronaStep(t.Context(), "g", "c1", mover, -1, fanorona.Step{From: p, To: q}); !errors.Is(err, ErrIllegal) {
					t.Fatalf("another piece %v-%v: %v", p, q, err)
				}
			}
		}
		if _, err := db.PlayFanoronaTurn(t.Context(), "g", "c1", mover, -1, long); !errors.Is(err, fanorona.ErrInSequence) {
			t.Fatalf("a whole turn in a sequence: %v", err)
		}
		g, err = db.StopFanoronaTurn(t.Context(), "g", "c1", mover, g.Revision)
		if err != nil {
			t.Fatal(err)
		}
		if g.Open != "" || g.ToAct() == mover || !strings.HasSuffix(strings.TrimSpace(g.Record), "\n"+first.String()) {
			t.Fatalf("after stop: open %q, to act %q, record %q", g.Open, g.ToAct(), g.Record)
		}
		bob := g.ToAct()
		alice := g.Opponent(bob)
		// Bob answers with a whole turn; a stale revision is refused.
		n := fmatch(g).Game().Len()
		turns := fmatch(g).Position().LegalTurns(nil)
		if _, err := db.PlayFanoronaTurn(t.Context(), "g", "c1", bob, g.Revision-1, turns[0]); !errors.Is(err, ErrStaleRevision) {
			t.Fatalf("stale: %v", err)
		}
		if g, err = db.PlayFanoronaTurn(t.Context(), "g", "c1", bob, g.Revision, turns[0]); err != nil {
			t.Fatal(err)
		}
		if fmatch(g).Game().Len() != n+1 || g.ToAct() != alice {
			t.Fatalf("after bob's turn: %d turns, to act %q", fmatch(g).Game().Len(), g.ToAct())
		}
		// Takeback of that turn.
		if _, err := db.RequestTakeback(t.Context(), "g", "c1", bob); err != nil {
			t.Fatal(err)
		}
		if g, err = db.AnswerTakeback(t.Context(), "g", "c1", alice, true); err != nil {
			t.Fatal(err)
		}
		if fmatch(g).Game().Len() != n || g.ToAct() != bob {
			t.Fatalf("after the takeback: %d turns, to act %q", fmatch(g).Game().Len(), g.ToAct())
		}
	})
}

// TestFanoronaStepEndsTurn: a step after which no continuation is legal
// ends the turn by itself; a Véla White capture always does.
func TestFanoronaStepEndsTurn(t *testing.T) {
	bothStores(t, func(t *testing.T) {
		db := openTest(t, &Options{NoSync: true})
		startFanorona(t, db, "c1", "vela", false)
		g, err := db.PlayFanoronaStep(t.Context(), "g", "c1", "alice", -1, mustStep(t, "d2-e3A"))
		if err != nil {
			t.Fatal(err)
		}
		if g.Open != "" || g.ToAct() != "bob" || fmatch(g).Game().Variant() != fanorona.Vela || !strings.HasPrefix(g.Record, "variant=vela\n") {
			t.Fatalf("Véla: open %q, to act %q, record %q", g.Open, g.ToAct(), g.Record)
		}
		if got := fmatch(g).Position().Pieces(fanorona.Black).Count(); got != 21 {
			t.Fatalf("Véla's first capture took %d pieces, want 1", 22-got)
		}
	})
}

// playUntilSequence plays random whole turns until the side to move has
// a capture of several steps.
func playUntilSequence(t *testing.T, db *DB, channel string) Game {
	t.Helper()
	r := rand.New(rand.NewPCG(7, 7))
	g, err := db.ActiveGame(t.Context(), "g", channel)
	if err != nil {
		t.Fatal(err)
	}
	for !g.Over() {
		turns := fmatch(g).Position().LegalTurns(nil)
		for _, tu := range turns {
			if tu.Len() > 1 {
				return g
			}
		}
		if g, err = db.PlayFanoronaTurn(t.Context(), "g", channel, g.ToAct(), g.Revision, turns[r.IntN(len(turns))]); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("no capture of several steps in the game")
	return g
}

// playOut plays random whole turns until the game ends.
func playOut(t *testing.T, db *DB, channel string, seed uint64) Game {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 1))
	g, err := db.ActiveGame(t.Context(), "g", channel)
	if err != nil {
		t.Fatal(err)
	}
	for !g.Over() {
		turns := fmatch(g).Position().LegalTurns(nil)
		if g, err = db.PlayFanoronaTurn(t.Context(), "g", channel, g.ToAct(), g.Revision, turns[r.IntN(len(turns))]); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

func TestFanoronaEndAndStandings(t *testing.T) {
	bothStores(t, func(t *testing.T) {
		c := newClock()
		db := openTest(t, &Options{NoSync: true, Now: c.Now, Rate: GlickoRate(c.Now), RateDraw: GlickoRateDraw(c.Now)})
		startFanorona(t, db, "c1", "", true)
		g := playOut(t, db, "c1", 1)
		if g.Reason != ReasonRules || g.Ended.IsZero() {
			t.Fatalf("ended: %+v", g)
		}
		if _, err := db.ActiveGame(t.Context(), "g", "c1"); !errors.Is(err, ErrNoGame) {
			t.Fatalf("the channel still has a game: %v", err)
		}
		f, err := db.LastFinishedGame(t.Context(), "g", "c1")
		if err != nil || f.ID != g.ID || f.Kind != Fanorona || fmatch(f).Game().Len() != fmatch(g).Game().Len() {
			t.Fatalf("archived: %v %+v", err, f)
		}
		list, err := db.Standings(t.Context(), Fanorona, "g")
		if err != nil || len(list) != 2 {
			t.Fatalf("Fanorona standings: %v %+v", err, list)
		}
		for _, s := range list {
			if s.Kind != Fanorona || s.Games != 1 || s.Wins+s.Losses+s.Draws != 1 || s.Rating == InitialRating {
				t.Fatalf("standing: %+v", s)
			}
		}
		if v, _ := db.Standings(t.Context(), Veletas, "g"); len(v) != 0 {
			t.Fatalf("a Fanorona game counted in Veletas's standings: %+v", v)
		}
		// A Véla game is played but, unrated, counted nowhere.
		startFanorona(t, db, "c2", "vela", false)
		playOut(t, db, "c2", 2)
		if l, _ := db.Standings(t.Context(), Fanorona, "g"); l[0].Games+l[1].Games != 2 {
			t.Fatalf("an unrated Véla game was counted: %+v", l)
		}
	})
}

func TestFanoronaDrawOffer(t *testing.T) {
	bothStores(t, func(t *testing.T) {
		c := newClock()
		db := openTest(t, &Options{NoSync: true, Now: c.Now, Rate: GlickoRate(c.Now), RateDraw: GlickoRateDraw(c.Now)})
		startFanorona(t, db, "c1", "", true)
		if _, err := db.AnswerDraw(t.Context(), "g", "c1", "bob", true); !errors.Is(err, ErrNoDrawOffer) {
			t.Fatalf("answer with no offer: %v", err)
		}
		if _, err := db.OfferDraw(t.Context(), "g", "c1", "alice"); err != nil {
			t.Fatal(err)
		}
		if _, err := db.AnswerDraw(t.Context(), "g", "c1", "alice", true); !errors.Is(err, ErrNotPlayer) {
			t.Fatalf("own offer: %v", err)
		}
		// A turn withdraws the offer.
		if _, err := db.PlayFanoronaTurn(t.Context(), "g", "c1", "alice", -1, mustTurn(t, "d2-e3A")); err != nil {
			t.Fatal(err)
		}
		if _, err := db.AnswerDraw(t.Context(), "g", "c1", "bob", true); !errors.Is(err, ErrNoDrawOffer) {
			t.Fatalf("answer after a turn: %v", err)
		}
		if _, err := db.OfferDraw(t.Context(), "g", "c1", "bob"); err != nil {
			t.Fatal(err)
		}
		if g, err := db.AnswerDraw(t.Context(), "g", "c1", "alice", false); err != nil || g.Over() || g.DrawBy != "" {
			t.Fatalf("declined: %v %+v", err, g)
		}
		if _, err := db.OfferDraw(t.Context(), "g", "c1", "bob"); err != nil {
			t.Fatal(err)
		}
		g, err := db.AnswerDraw(t.Context(), "g", "c1", "alice", true)
		if err != nil || g.Reason != ReasonAgreed || g.Winner != "" || !g.Over() {
			t.Fatalf("accepted: %v %+v", err, g)
		}
		for _, u := range []string{"alice", "bob"} {
			s, err := db.Standing(t.Context(), Fanorona, "g", u)
			if err != nil || s.Draws != 1 || s.Games != 1 || s.Wins+s.Losses != 0 || s.RD >= InitialRD {
				t.Fatalf("%s's standing after a draw: %v %+v", u, err, s)
			}
			// Two players rated alike stay alike after a draw.
			if s.Rating < InitialRating-0.001 || s.Rating > InitialRating+0.001 {
				t.Fatalf("%s's rating after a draw of equals: %v", u, s.Rating)
			}
		}
	})
}

func TestFanoronaAIGame(t *testing.T) {
	bothStores(t, func(t *testing.T) {
		db := openTest(t, &Options{NoSync: true})
		g, err := db.StartFanoronaAIGame(t.Context(), "g", "c1", "alice", "bot", "easy", fanorona.Vela, true)
		if err != nil {
			t.Fatal(err)
		}
		if g.AI != "bot" || g.Players != [2]string{"alice", "bot"} || g.ToAct() != "bot" || fmatch(g).Game().Variant() != fanorona.Vela {
			t.Fatalf("AI game: %+v, to act %q", g, g.ToAct())
		}
		if c, ok := fcolor(g, "alice"); !ok || c != fanorona.Black {
			t.Fatalf("alice plays %v", c)
		}
		if _, err := db.StartFanoronaAIGame(t.Context(), "g", "c1", "carol", "bot", "easy", fanorona.Fanorona, false); !errors.Is(err, ErrChannelBusy) {
			t.Fatalf("busy channel: %v", err)
		}
	})
}

// TestMigrateV2FixtureKinds opens testdata/v2.db (schema 2) and finds every
// game, challenge, archived game and standing as Veletas's, then plays a
// Fanorona game beside them with its own standings.
func TestMigrateV2FixtureKinds(t *testing.T) {
	path := filepath.Join(t.TempDir(), "v2.db")
	copyFile(t, "testdata/v2.db", path)
	now := time.Date(2026, 1, 2, 6, 0, 0, 0, time.UTC)
	db, err := Open(path, &Options{Games: testRegistry, NoSync: true, Now: func() time.Time { return now }, Rate: GlickoRate(nil)})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if v := func() string { db.Close(); return rawVersion(t, path) }(); v != fmt.Sprint(SchemaVersion) || SchemaVersion != 8 {
		t.Fatalf("migrated to %q", v)
	}
	if db, err = Open(path, &Options{Games: testRegistry, NoSync: true, Now: func() time.Time { return now }, Rate: GlickoRate(nil)}); err != nil {
		t.Fatal(err)
	}
	for id := uint64(1); id <= 4; id++ {
		g, err := db.FinishedGame(t.Context(), id)
		if err != nil || g.Kind != Veletas || vgame(g).Size() != veletas.Size7 || !g.Terms.Equal(vterms(veletas.Size7)) {
			t.Fatalf("archived game %d: %v %+v", id, err, g)
		}
	}
	g, err := db.ActiveGame(t.Context(), "g", "c3")
	if err != nil || g.ID != 5 || g.Kind != Veletas || g.ToAct() == "" || !g.Terms.Equal(vterms(veletas.Size7)) {
		t.Fatalf("active game: %v %+v", err, g)
	}
	for id := uint64(6); id <= 8; id++ {
		c, err := db.Challenge(t.Context(), id)
		if err != nil || c.Kind != Veletas {
			t.Fatalf("challenge %d: %v %+v", id, err, c)
		}
		want := vterms(veletas.Size10) // the challenges made without a size: the default
		if id == 6 {
			want = vterms(veletas.Size9)
		}
		if !c.Terms.Equal(want) {
			t.Fatalf("challenge %d's terms: %v, want %v", id, c.Terms, want)
		}
	}
	if set, err := db.Settings(t.Context(), "g"); err != nil || !set.Defaults[Veletas].Equal(game.Terms{"size": "9"}) || set.Locale != "fr" {
		t.Fatalf("settings: %v %+v", err, set)
	}
	st, err := db.Standings(t.Context(), Veletas, "g")
	if err != nil || len(st) == 0 {
		t.Fatalf("standings: %v %+v", err, st)
	}
	for _, s := range st {
		if s.Kind != Veletas || s.Games == 0 {
			t.Fatalf("standing: %+v", s)
		}
	}
	if a, err := db.Standing(t.Context(), Veletas, "g", "alice"); err != nil || a.Wins != 2 {
		t.Fatalf("alice: %v %+v", err, a)
	}
	if h, err := db.Standings(t.Context(), Veletas, "h"); err != nil || len(h) != 2 {
		t.Fatalf("guild h's standings: %v %+v", err, h)
	}
	// A rated Fanorona game in a free channel goes to its own standings.
	c, err := db.CreateChallenge(t.Context(), Challenge{Guild: "g", Channel: "c9", Challenger: "alice", Opponent: "bob", Kind: Fanorona, Rated: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.AcceptChallenge(t.Context(), c.ID, "bob"); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Resign(t.Context(), "g", "c9", "bob"); err != nil {
		t.Fatal(err)
	}
	if a, err := db.Standing(t.Context(), Fanorona, "g", "alice"); err != nil || a.Wins != 1 || a.Games != 1 {
		t.Fatalf("alice's Fanorona standing: %v %+v", err, a)
	}
	if a, err := db.Standing(t.Context(), Veletas, "g", "alice"); err != nil || a.Wins != 2 {
		t.Fatalf("alice's Veletas standing changed: %v %+v", err, a)
	}
}

func mustStep(t *testing.T, s string) fanorona.Step {
	t.Helper()
	st, err := fanorona.ParseStep(s)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func mustTurn(t *testing.T, s string) fanorona.Turn {
	t.Helper()
	tu, err := fanorona.ParseTurn(s)
	if err != nil {
		t.Fatal(err)
	}
	return tu
}
