package store

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"github.com/veletasbot/veletas/game/veletas"
)

// recordTokens returns the action tokens of a record.
func recordTokens(record string) []string {
	f := strings.Fields(record)
	if len(f) > 0 && strings.HasPrefix(f[0], "size=") {
		f = f[1:]
	}
	return f
}

// TestConcurrentPlay has 100 goroutines act on 50 games at once, half of
// them naming the revision they saw (buttons) and half not (slash
// commands). Every action reported done must be in its game's record at the
// index reported, once; every record must replay; revisions must count the
// actions exactly. Run it with -race.
func TestConcurrentPlay(t *testing.T) {
	bothStores(t, func(t *testing.T) {
		const (
			games      = 50
			goroutines = 100
			perWorker  = 30
		)
		// One challenger starts all the games, many at once: no cap on her open challenges.
		db := openTest(t, &Options{MaxChallengesPerUser: 1 << 20})
		sizes := []veletas.Size{veletas.Size7, veletas.Size9, veletas.Size10}
		for i := range games {
			startGame(t, db, "g", fmt.Sprint("c", i), sizes[i%3])
		}

		type done struct {
			game uint64
			idx  int
			tok  string
		}
		var (
			mu      sync.Mutex
			applied []done
			stale   int
		)
		var wg sync.WaitGroup
		for w := range goroutines {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r := rand.New(rand.NewPCG(uint64(w), 42))
				useRev := w%2 == 0
				for n := 0; n < perWorker; {
					i := r.IntN(games)
					ch := fmt.Sprint("c", i)
					g, err := db.ActiveGame(t.Context(), "g", ch)
					if errors.Is(err, ErrNoGame) {
						// The game ended: start the next one (someone else may be first).
						if _, err := newGame(db, "g", ch, "alice", "bob", sizes[i%3]); err != nil && !errors.Is(err, ErrChannelBusy) {
							t.Error(err)
							return
						}
						continue
					}
					if err != nil {
						t.Error(err)
						return
					}
					a := randomAction(vgame(g).Position(), r)
					rev := -1
					if useRev {
						rev = g.Revision
					}
					ng, err := db.Apply(t.Context(), "g", ch, g.ToAct(), rev, a)
					switch {
					case err == nil:
						mu.Lock()
						applied = append(applied, done{ng.ID, ng.Revision - 1, a.String()})
						mu.Unlock()
						n++
					case errors.Is(err, ErrStaleRevision), errors.Is(err, ErrNotYourTurn),
						errors.Is(err, ErrIllegal), errors.Is(err, ErrNoGame):
						// Someone acted first; look again.
						mu.Lock()
						stale++
						mu.Unlock()
					default:
						t.Error(err)
						return
					}
				}
			}()
		}
		wg.Wait()
		if t.Failed() {
			return
		}

		// Every game, active or finished.
		records := map[uint64]Game{}
		active, err := db.ActiveGames(t.Context(), "g")
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range active {
			records[g.ID] = g
		}
		finished, err := db.FinishedGames(t.Context(), "g", "", 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range finished {
			records[g.ID] = g
		}
		if len(active) > games {
			t.Errorf("%d active games on %d channels", len(active), games)
		}
		seen := map[[2]uint64]bool{}
		perGame := map[uint64]int{}
		for _, d := range applied {
			k := [2]uint64{d.game, uint64(d.idx)}
			if seen[k] {
				t.Fatalf("game %d action %d reported twice", d.game, d.idx)
			}
			seen[k] = true
			perGame[d.game]++
			g, ok := records[d.game]
			if !ok {
				t.Fatalf("game %d lost", d.game)
			}
			toks := recordTokens(g.Record)
			if d.idx >= len(toks) || toks[d.idx] != d.tok {
				t.Fatalf("game %d action %d: reported %s, record %q", d.game, d.idx, d.tok, g.Record)
			}
		}
		for id, g := range records {
			st, err := veletas.ParseRecordString(g.Record)
			if err != nil {
				t.Fatalf("game %d record does not replay: %v", id, err)
			}
			if st.Len() != perGame[id] || g.Revision != perGame[id] {
				t.Fatalf("game %d: %d actions in the record, revision %d, %d reported", id, st.Len(), g.Revision, perGame[id])
			}
			if st.Position().Over() != (g.Reason == ReasonRules) {
				t.Fatalf("game %d: over %v but reason %v", id, st.Position().Over(), g.Reason)
			}
		}
		if len(applied) != goroutines*perWorker {
			t.Fatalf("%d actions applied, want %d", len(applied), goroutines*perWorker)
		}
		t.Logf("%d actions on %d games (%d finished), %d refused as stale", len(applied), len(records), len(finished), stale)
		if err := db.Check(); err != nil && !(onEtcd(t) && errors.Is(err, ErrBoltOnly)) {
			t.Fatal(err)
		}
	})
}
