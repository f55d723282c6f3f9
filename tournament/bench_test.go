package tournament

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// BenchmarkPairRound200 pairs round 7 of a 200-player Swiss after six
// rounds of random results.
func BenchmarkPairRound200(b *testing.B) {
	r := rand.New(rand.NewPCG(7, 7))
	t, err := New(Swiss, 9)
	if err != nil {
		b.Fatal(err)
	}
	for i := range 200 {
		t, _ = Join(t, Player{ID: fmt.Sprintf("p%03d", i), Rating: float64(1000 + r.IntN(1000))})
	}
	for range 6 {
		if t, _, err = Next(t); err != nil {
			b.Fatal(err)
		}
		for _, g := range t.Rounds[len(t.Rounds)-1].Games {
			if g.Result == Unplayed {
				t, _ = Record(t, g.Round, g.White, g.Black, randomResult(r))
			}
		}
	}
	b.ResetTimer()
	for b.Loop() {
		if _, err := PairRound(t); err != nil {
			b.Fatal(err)
		}
	}
}
