package bot

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"

	"github.com/veletasbot/veletas/game"
	"github.com/veletasbot/veletas/game/fanorona"
	fai "github.com/veletasbot/veletas/game/fanorona/ai"
	"github.com/veletasbot/veletas/game/veletas"
	"github.com/veletasbot/veletas/game/veletas/ai"
	"github.com/veletasbot/veletas/store"
)

// countingEvals is the store, counting the evaluations stored.
type countingEvals struct {
	*store.DB
	mu   sync.Mutex
	sets map[uint64]int
}

func (c *countingEvals) SetEvaluation(ctx context.Context, e store.Evaluation) error {
	c.mu.Lock()
	c.sets[e.Game]++
	c.mu.Unlock()
	return c.DB.SetEvaluation(ctx, e)
}

// changes records the games the Watcher is told of.
type changes struct {
	mu  sync.Mutex
	ids []uint64
}

func (c *changes) GameChanged(id uint64) {
	c.mu.Lock()
	c.ids = append(c.ids, id)
	c.mu.Unlock()
}

// finishedGame plays n random turns of a game of kind between alice and
// bob in channel, then alice resigns.
func finishedGame(t *testing.T, db *store.DB, kind game.Kind, channel string, n int) store.Game {
	t.Helper()
	ctx := t.Context()
	c, err := db.CreateChallenge(ctx, store.Challenge{Kind: kind, Guild: "g1", Channel: channel, Challenger: "alice", Opponent: "bob"})
	if err != nil {
		t.Fatal(err)
	}
	g, err := db.AcceptChallenge(ctx, c.ID, "bob")
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < n && !g.Over(); i++ {
		g, err = db.Act(ctx, "g1", channel, g.ToAct(), g.Revision, kind, func(s game.State) (game.State, error) {
			switch m := s.(type) {
			case veletas.Match:
				a, err := ai.NewRandom(uint64(i)).Act(m.Game)
				if err != nil {
					return nil, err
				}
				next, err := m.Game.Play(a)
				return veletas.NewMatch(next), err
			case fanorona.Match:
				tn, err := fai.NewRandom(uint64(i)).Act(m.Game())
				if err != nil {
					return nil, err
				}
				return m.PlayTurn(tn)
			}
			return nil, errors.New("no random turn for this game")
		})
		if err != nil {
			t.Fatalf("%s turn %d: %v", kind, i, err)
		}
	}
	if g.Over() {
		return g
	}
	if _, err := db.Resign(ctx, "g1", channel, "alice"); err != nil {
		t.Fatal(err)
	}
	g, err = db.FinishedGame(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestEvaluationsOnce evaluates each finished game once: a round stores
// one value per position judged by the game's module and tells the
// Watcher; the next round, and a restarted bot, evaluate nothing again;
// a replica that does not lead evaluates nothing.
func TestEvaluationsOnce(t *testing.T) {
	w := &changes{}
	e := newEnv(t, Config{Watcher: w})
	st := &countingEvals{DB: e.db, sets: map[uint64]int{}}
	games := []store.Game{
		finishedGame(t, e.db, kindVeletas, "v", 12),
		finishedGame(t, e.db, kindFanorona, "f", 10),
	}
	active, err := e.db.CreateChallenge(t.Context(), store.Challenge{Kind: kindVeletas, Guild: "g1", Channel: "live", Challenger: "alice", Opponent: "bob"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.db.AcceptChallenge(t.Context(), active.ID, "bob"); err != nil {
		t.Fatal(err)
	}

	off := New(e.db, e.clock.Now, e.bot.Logger, Config{Games: TestGames(), Watcher: w})
	off.SetLeader(newSwitchLeader(false))
	off.evaluateAll(t.Context(), st)
	if len(st.sets) != 0 {
		t.Fatalf("a replica that does not lead stored %v", st.sets)
	}

	e.bot.evaluateAll(t.Context(), st)
	for _, g := range games {
		if st.sets[g.ID] != 1 {
			t.Errorf("%s game %d evaluated %d times, want 1", g.Kind, g.ID, st.sets[g.ID])
		}
		ev, err := e.db.Evaluation(t.Context(), g.ID)
		if err != nil {
			t.Fatal(err)
		}
		rules, _ := testGames.Get(g.Kind)
		b, err := rules.(game.Boarded).Board(g.State())
		if err != nil {
			t.Fatal(err)
		}
		if len(ev.Values) != len(b.Plies)+1 {
			t.Errorf("%s: %d values for %d plies", g.Kind, len(ev.Values), len(b.Plies))
		}
		varied := false
		for _, v := range ev.Values {
			if v < -1 || v > 1 {
				t.Errorf("%s: value %v out of range", g.Kind, v)
			}
			varied = varied || v != ev.Values[0]
		}
		if !varied {
			t.Errorf("%s: the values never change: %v", g.Kind, ev.Values)
		}
	}
	if len(st.sets) != len(games) {
		t.Errorf("evaluations stored %v, want the %d finished games only", st.sets, len(games))
	}
	w.mu.Lock()
	told := len(w.ids)
	w.mu.Unlock()
	if told != len(games) {
		t.Errorf("the watcher was told %d times, want %d", told, len(games))
	}

	e.bot.evaluateAll(t.Context(), st)
	restarted := New(e.db, e.clock.Now, e.bot.Logger, Config{Games: TestGames()})
	restarted.evaluateAll(t.Context(), st)
	for _, g := range games {
		if st.sets[g.ID] != 1 {
			t.Errorf("%s game %d evaluated %d times after two more rounds, want 1", g.Kind, g.ID, st.sets[g.ID])
		}
	}
	if id, err := e.bot.EvaluateNext(t.Context(), st, 0); id != 0 || err != nil {
		t.Errorf("EvaluateNext with none left = %d, %v", id, err)
	}
}

// panicky is a game's module whose evaluation panics.
type panicky struct{ Module }

func (panicky) Evaluate(context.Context, store.Game) ([]float64, error) { panic("evaluation bug") }

// outOfRange is a game's module whose evaluation gives a value past 1.
type outOfRange struct{ Module }

func (outOfRange) Evaluate(context.Context, store.Game) ([]float64, error) {
	return []float64{0, 1.5}, nil
}

// TestEvaluationFails stores a game whose module's evaluation panics or
// gives values out of range with no values, once: the bot does not stop,
// logs the failure, tries the next game and does not try it again; the
// watcher is not told (the page has nothing to show).
func TestEvaluationFails(t *testing.T) {
	for name, wrap := range map[string]func(Module) Module{
		"panic":        func(m Module) Module { return panicky{m} },
		"out of range": func(m Module) Module { return outOfRange{m} },
	} {
		t.Run(name, func(t *testing.T) {
			mods := TestGames()
			for i, m := range mods {
				if m.Rules().Kind() == kindVeletas {
					mods[i] = wrap(m)
				}
			}
			w := &changes{}
			e := newEnv(t, Config{Games: mods, Watcher: w})
			st := &countingEvals{DB: e.db, sets: map[uint64]int{}}
			bad := finishedGame(t, e.db, kindVeletas, "v", 4)
			good := finishedGame(t, e.db, kindFanorona, "f", 4)
			id, err := e.bot.EvaluateNext(t.Context(), st, 0)
			if id != bad.ID || !errors.Is(err, ErrEvaluationFailed) {
				t.Fatalf("EvaluateNext = %d, %v; want %d, ErrEvaluationFailed", id, err, bad.ID)
			}
			e.bot.evaluateAll(t.Context(), st)
			e.bot.evaluateAll(t.Context(), st)
			if st.sets[bad.ID] != 1 || st.sets[good.ID] != 1 {
				t.Errorf("evaluations stored %v, want each game once", st.sets)
			}
			if ev, err := e.db.Evaluation(t.Context(), bad.ID); err != nil || len(ev.Values) != 0 {
				t.Errorf("the failed game's evaluation: %+v, %v; want no values", ev, err)
			}
			if ev, err := e.db.Evaluation(t.Context(), good.ID); err != nil || len(ev.Values) != 5 {
				t.Errorf("the other game's evaluation: %+v, %v; want 5 values", ev, err)
			}
			w.mu.Lock()
			defer w.mu.Unlock()
			if !slices.Equal(w.ids, []uint64{good.ID}) {
				t.Errorf("the watcher was told of %v, want %v only", w.ids, good.ID)
			}
		})
	}
}
