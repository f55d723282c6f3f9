package tournament

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"
)

// TestSwissDeepRounds plays Swiss tournaments of 30 and 40 players to n-1
// rounds and 200 players to 12, with random results: every round must be
// paired (with these seeds the pairings exist), and the slowest pairing
// is logged.
func TestSwissDeepRounds(t *testing.T) {
	if testing.Short() {
		t.Skip("slow")
	}
	for _, n := range []int{30, 40, 200} {
		r := rand.New(rand.NewPCG(uint64(n), 9))
		rounds := n - 1
		if n == 200 {
			rounds = 12
		}
		tt, _ := New(Swiss, rounds)
		for i := range n {
			tt, _ = Join(tt, Player{ID: fmt.Sprintf("p%03d", i), Rating: float64(r.IntN(2000))})
		}
		var worst time.Duration
		levels := map[int]int{}
		for len(tt.Rounds) < rounds {
			st := time.Now()
			ps, level, err := pairSwiss(tt)
			if d := time.Since(st); d > worst {
				worst = d
			}
			if err != nil {
				t.Fatalf("n=%d: round %d: %v", n, len(tt.Rounds)+1, err)
			}
			levels[level]++
			if tt, err = Begin(tt, ps); err != nil {
				t.Fatal(err)
			}
			for _, g := range tt.Rounds[len(tt.Rounds)-1].Games {
				if g.Result == Unplayed {
					tt, _ = Record(tt, g.Round, g.White, g.Black, randomResult(r))
				}
			}
		}
		t.Logf("n=%d: %d rounds, levels %v, slowest %v", n, len(tt.Rounds), levels, worst)
	}
}
