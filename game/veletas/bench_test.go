package veletas

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkPlayout plays whole random games, from a random legal setup to
// the end, with the uniform policy of RandomTurn (Ludii's random playout
// policy), single-threaded.
// The classic sub-benchmarks are named by size (7x7, 9x9, 10x10), the
// revised ones revised-7x7, revised-9x9 and revised-10x10.
func BenchmarkPlayout(b *testing.B) {
	for _, rules := range AllRules {
		for _, size := range Sizes {
			name := size.String()
			if rules != Classic {
				name = rules.String() + "-" + name
			}
			b.Run(name, func(b *testing.B) {
				r := rand.New(rand.NewPCG(1, 2))
				turns := 0
				b.ReportAllocs()
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					_, n := RandomGame(size, r, WithRules(rules))
					turns += n
				}
				b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
				b.ReportMetric(float64(turns)/float64(b.N), "turns/game")
			})
		}
	}
}

// midgame returns a position after a random setup and n random turns.
func midgame(size Size, n int, seed uint64) Position {
	r := rand.New(rand.NewPCG(seed, 7))
	for {
		p, _ := NewPosition(size)
		var buf [4]Square
		p = p.mustSetup(p.randomPlacement(r, &buf))
		p.phase = PhaseSetup2
		p = p.mustSetup(p.randomPlacement(r, &buf))
		ok := true
		for i := 0; i < n && ok; i++ {
			_, ok = p.RandomTurn(r)
		}
		if ok && p.phase == PhasePlay {
			return p
		}
	}
}

// BenchmarkMoves generates all legal turns of a 10x10 position after 20
// turns.
func BenchmarkMoves(b *testing.B) {
	for _, size := range Sizes {
		b.Run(size.String(), func(b *testing.B) {
			p := midgame(size, int(size)*2, 3)
			buf := make([]Turn, 0, 4096)
			b.ReportAllocs()
			b.ResetTimer()
			n := 0
			for i := 0; i < b.N; i++ {
				n = len(p.LegalTurns(buf[:0]))
			}
			b.ReportMetric(float64(n), "turns")
		})
	}
}

// BenchmarkPerft counts perft 2 of a 10x10 position after 20 turns.
func BenchmarkPerft(b *testing.B) {
	p := midgame(Size10, 20, 5)
	b.ReportAllocs()
	var n int64
	for i := 0; i < b.N; i++ {
		n = p.Perft(2)
	}
	b.ReportMetric(float64(n), "nodes")
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
}
