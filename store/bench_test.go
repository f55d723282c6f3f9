package store

import (
	"fmt"
	"math/rand/v2"
	"sync/atomic"
	"testing"
	"time"

	"github.com/veletasbot/veletas/game/veletas"
)

// BenchmarkApply applies one action per committed transaction, fsync on,
// to one game (a new game starts when one ends).
func BenchmarkApply(b *testing.B) {
	db := openTest(b, nil)
	r := rand.New(rand.NewPCG(7, 7))
	g := startGame(b, db, "g", "c", veletas.Size10)
	b.ResetTimer()
	start := time.Now()
	for i := 0; i < b.N; i++ {
		if g.Over() {
			g = startGame(b, db, "g", "c", veletas.Size10)
		}
		ng, err := db.Apply("g", "c", g.ToAct(), g.Revision, randomAction(g.Position(), r))
		if err != nil {
			b.Fatal(err)
		}
		g = ng
	}
	b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "actions/s")
}

// BenchmarkApplyParallel acts on 100 games concurrently, fsync on; the
// store groups concurrent changes into one commit.
func BenchmarkApplyParallel(b *testing.B) {
	const games = 100
	db := openTest(b, nil)
	for i := range games {
		startGame(b, db, "g", fmt.Sprint("c", i), veletas.Size10)
	}
	var next atomic.Int64
	b.SetParallelism((games + 1) / 2) // 2 cores here: 100 goroutines
	b.ResetTimer()
	start := time.Now()
	b.RunParallel(func(pb *testing.PB) {
		i := next.Add(1) - 1
		ch := fmt.Sprint("c", i%games)
		r := rand.New(rand.NewPCG(uint64(i), 9))
		g, err := db.ActiveGame("g", ch)
		if err != nil {
			b.Error(err)
			return
		}
		for pb.Next() {
			if g.Over() {
				if g, err = newGame(db, "g", ch, "alice", "bob", veletas.Size10); err != nil {
					b.Error(err)
					return
				}
			}
			ng, err := db.Apply("g", ch, g.ToAct(), g.Revision, randomAction(g.Position(), r))
			if err != nil {
				b.Error(err)
				return
			}
			g = ng
		}
	})
	b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "actions/s")
}
