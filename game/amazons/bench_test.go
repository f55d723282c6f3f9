package amazons

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkPlayout plays whole random games from the start to the end,
// single-threaded, with the policy of RandomTurn (a uniform move, then a
// uniform shot). playouts/s is by the wall clock; playouts/cpu-s by the
// CPU time the process used, which other processes on a shared machine do
// not lower.
func BenchmarkPlayout(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	p := Start()
	turns := 0
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := cpuTime()
	for i := 0; i < b.N; i++ {
		_, n := p.PlayoutEnd(r)
		turns += n
	}
	cpu := cpuTime() - cpu0
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
	if cpu > 0 {
		b.ReportMetric(float64(b.N)/cpu.Seconds(), "playouts/cpu-s")
	}
	b.ReportMetric(float64(turns)/float64(b.N), "turns/game")
}

// midgame returns the position after n random turns from the start, still
// going on.
func midgame(n int, seed uint64) Position {
	r := rand.New(rand.NewPCG(seed, 7))
	for {
		p := Start()
		ok := true
		for i := 0; i < n && ok; i++ {
			var t Turn
			if t, ok = p.RandomTurn(r); ok {
				p.Do(t)
			}
		}
		if ok && !p.Over() {
			return p
		}
	}
}

// BenchmarkTurns lists every legal turn of the start and of positions
// after 20 and 50 random turns into a reused buffer (0 allocations), and
// counts them without listing.
func BenchmarkTurns(b *testing.B) {
	cases := []struct {
		name string
		p    Position
	}{
		{"start", Start()},
		{"after-20", midgame(20, 3)},
		{"after-50", midgame(50, 3)},
	}
	for _, c := range cases {
		b.Run("append/"+c.name, func(b *testing.B) {
			buf := make([]Turn, 0, 4096)
			b.ReportAllocs()
			n := 0
			for i := 0; i < b.N; i++ {
				n = len(c.p.AppendTurns(buf[:0]))
			}
			b.ReportMetric(float64(n), "turns")
		})
		b.Run("count/"+c.name, func(b *testing.B) {
			b.ReportAllocs()
			n := 0
			for i := 0; i < b.N; i++ {
				n = c.p.CountTurns()
			}
			b.ReportMetric(float64(n), "turns")
		})
	}
}

// BenchmarkPerft2 counts the 4,307,152 two-turn sequences from the start.
func BenchmarkPerft2(b *testing.B) {
	p := Start()
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if n := p.Perft(2); n != 4307152 {
			b.Fatal(n)
		}
	}
}

// BenchmarkApply checks and plays a legal turn of the start.
func BenchmarkApply(b *testing.B) {
	p := Start()
	t := Turn{mustSquare("d1"), mustSquare("d7"), mustSquare("g7")}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := p.Apply(t); err != nil {
			b.Fatal(err)
		}
	}
}
