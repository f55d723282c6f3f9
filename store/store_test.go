package store

import (
	"errors"
	"math/rand/v2"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/veletasbot/veletas/game"
)

// clock is a settable clock for tests.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock() *clock { return &clock{t: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)} }

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

func openTest(t testing.TB, opts *Options) *DB {
	t.Helper()
	if opts == nil {
		opts = &Options{}
	}
	db, err := Open(filepath.Join(t.TempDir(), "v.db"), opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// startGame makes and accepts a challenge between "alice" and "bob".
func startGame(t testing.TB, db *DB, guild, channel string, size game.Size) Game {
	t.Helper()
	g, err := newGame(db, guild, channel, "alice", "bob", size)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// newGame makes and accepts a challenge; safe in any goroutine.
func newGame(db *DB, guild, channel, challenger, opponent string, size game.Size) (Game, error) {
	c, err := db.CreateChallenge(Challenge{Guild: guild, Channel: channel, Challenger: challenger, Opponent: opponent, Size: size})
	if err != nil {
		return Game{}, err
	}
	return db.AcceptChallenge(c.ID, opponent)
}

// randomAction returns a random legal action for the position.
func randomAction(p game.Position, r *rand.Rand) game.Action {
	switch p.Phase() {
	case game.PhaseSetup1, game.PhaseSetup2:
		return p.RandomSetup(r)
	case game.PhaseChoice:
		return game.ChoiceAction(r.IntN(2) == 0)
	}
	ts := p.LegalTurns(nil)
	return game.TurnAction(ts[r.IntN(len(ts))])
}

func TestPlayWholeGame(t *testing.T) {
	clk := newClock()
	db := openTest(t, &Options{Now: clk.Now})
	g := startGame(t, db, "g1", "c1", game.Size7)
	if g.ToAct() != "alice" || g.Revision != 0 {
		t.Fatalf("new game: to act %q rev %d", g.ToAct(), g.Revision)
	}
	r := rand.New(rand.NewPCG(1, 2))
	for !g.Over() {
		user := g.ToAct()
		other := g.Opponent(user)
		a := randomAction(g.Position(), r)
		if _, err := db.Apply("g1", "c1", other, -1, a); !errors.Is(err, ErrNotYourTurn) {
			t.Fatalf("opponent acting: %v", err)
		}
		if _, err := db.Apply("g1", "c1", "carol", -1, a); !errors.Is(err, ErrNotPlayer) {
			t.Fatalf("non-player acting: %v", err)
		}
		if g.Revision > 0 {
			if _, err := db.Apply("g1", "c1", user, g.Revision-1, a); !errors.Is(err, ErrStaleRevision) {
				t.Fatalf("stale revision: %v", err)
			}
		}
		clk.Add(time.Minute)
		ng, err := db.Apply("g1", "c1", user, g.Revision, a)
		if err != nil {
			t.Fatalf("apply %s by %s: %v", a, user, err)
		}
		if ng.Revision != g.Revision+1 {
			t.Fatalf("revision %d after %d", ng.Revision, g.Revision)
		}
		g = ng
	}
	if g.Reason != ReasonMajority || g.Winner == "" {
		t.Fatalf("end: winner %q reason %v", g.Winner, g.Reason)
	}
	if _, err := db.ActiveGame("g1", "c1"); !errors.Is(err, ErrNoGame) {
		t.Fatalf("active after end: %v", err)
	}
	f, err := db.FinishedGame(g.ID)
	if err != nil || f.Record != g.Record || f.Winner != g.Winner {
		t.Fatalf("archive: %v %+v", err, f)
	}
	st, err := db.Standings("g1")
	if err != nil || len(st) != 2 || st[0].User != g.Winner || st[0].Wins != 1 || st[1].Losses != 1 {
		t.Fatalf("standings: %v %+v", err, st)
	}
	list, err := db.FinishedGames("g1", g.Loser(), 0)
	if err != nil || len(list) != 1 || list[0].ID != g.ID {
		t.Fatalf("finished games of loser: %v %+v", err, list)
	}
}
