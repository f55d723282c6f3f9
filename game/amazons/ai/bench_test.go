package ai

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/veletasbot/veletas/game/amazons"
)

// midGame returns the position after 20 turns of a game between two
// medium players: the busiest part of a game for the hard level's
// search, with many turns still open and the opening terms of the
// evaluation still counting.
func midGame(tb testing.TB) amazons.Position {
	tb.Helper()
	ctx := context.Background()
	w, b := NewLevel(Medium, 1), NewLevel(Medium, 2)
	p := amazons.Start()
	for i := 0; i < 20; i++ {
		pl := w
		if p.ToMove() == amazons.Black {
			pl = b
		}
		t, _, err := pl.Choose(ctx, p)
		if err != nil {
			tb.Fatal(err)
		}
		p.Do(t)
	}
	return p
}

// BenchmarkChoose times one decision of each level at the start and in a
// mid-game position, reporting the longest decision (wall time) and the
// process's CPU time per decision, which the load of a shared machine
// does not inflate (a decision is single-threaded).
func BenchmarkChoose(b *testing.B) {
	positions := []struct {
		name string
		pos  amazons.Position
	}{{"start", amazons.Start()}, {"midgame", midGame(b)}}
	for _, p := range positions {
		for _, l := range Levels {
			b.Run(p.name+"/"+l.String(), func(b *testing.B) {
				pl := NewLevel(l, 1)
				ctx := context.Background()
				var longest time.Duration
				b.ReportAllocs()
				b.ResetTimer()
				cpu0 := cpuTime()
				for i := 0; i < b.N; i++ {
					start := time.Now()
					if _, _, err := pl.Choose(ctx, p.pos); err != nil {
						b.Fatal(err)
					}
					longest = max(longest, time.Since(start))
				}
				b.ReportMetric(float64(longest.Microseconds())/1000, "max-ms")
				if cpu := cpuTime() - cpu0; cpu > 0 {
					b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/op")
				}
			})
		}
	}
}

// BenchmarkEvaluate times the full evaluation at the start.
func BenchmarkEvaluate(b *testing.B) {
	p := amazons.Start()
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 20; i++ {
		t, _ := p.RandomTurn(r)
		p.Do(t)
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		Evaluate(p)
	}
}
