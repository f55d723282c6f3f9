package fanorona

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkPlayout plays whole random games from the start to the end,
// single-threaded, with the policy of Ludii's random playouts: at each
// decision a uniform choice among the legal single steps of the moment,
// "stop here" counting as one more choice when a sequence may continue.
// playouts/s is by the wall clock; playouts/cpu-s by the CPU time the
// process used, which other processes on a shared machine do not lower.
func BenchmarkPlayout(b *testing.B) {
	for _, v := range Variants {
		b.Run(v.String(), func(b *testing.B) {
			r := rand.New(rand.NewPCG(1, 2))
			start := NewPosition(v)
			turns := 0
			b.ReportAllocs()
			b.ResetTimer()
			cpu0 := cpuTime()
			for i := 0; i < b.N; i++ {
				_, n := start.Playout(r)
				turns += n
			}
			cpu := cpuTime() - cpu0
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
			if cpu > 0 {
				b.ReportMetric(float64(b.N)/cpu.Seconds(), "playouts/cpu-s")
			}
			b.ReportMetric(float64(turns)/float64(b.N), "turns/game")
		})
	}
}

// midgame returns a position between turns after n random turns from the
// start, still ongoing, with at least min legal turns.
func midgame(v Variant, n, min int, seed uint64) Position {
	r := rand.New(rand.NewPCG(seed, 7))
	for {
		p := NewPosition(v)
		ok := true
		for i := 0; i < n && ok; i++ {
			p, ok = p.RandomTurn(r)
		}
		if ok && !p.Over() && p.CountTurns() >= min {
			return p
		}
	}
}

// BenchmarkMoves generates all legal turns of positions after 10 random
// turns, and of the start.
func BenchmarkMoves(b *testing.B) {
	cases := []struct {
		name string
		p    Position
	}{
		{"start", NewPosition(Fanorona)},
		{"fanorona-midgame", midgame(Fanorona, 10, 10, 3)},
		{"vela-midgame", midgame(Vela, 10, 10, 3)},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			buf := make([]Turn, 0, 1024)
			b.ReportAllocs()
			n := 0
			for i := 0; i < b.N; i++ {
				n = len(c.p.LegalTurns(buf[:0]))
			}
			b.ReportMetric(float64(n), "turns")
		})
	}
}

// BenchmarkSteps lists the legal single steps of a midgame position, as
// the step-by-step interface does at each decision.
func BenchmarkSteps(b *testing.B) {
	p := midgame(Fanorona, 10, 10, 3)
	buf := make([]Step, 0, 256)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		buf = p.Steps(buf[:0])
	}
	b.ReportMetric(float64(len(buf)), "steps")
}

// BenchmarkPerft counts perft 4 of the start position of each variant.
func BenchmarkPerft(b *testing.B) {
	for _, v := range Variants {
		b.Run(v.String(), func(b *testing.B) {
			p := NewPosition(v)
			b.ReportAllocs()
			var n int64
			for i := 0; i < b.N; i++ {
				n = p.Perft(4)
			}
			b.ReportMetric(float64(n), "nodes")
			b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}
