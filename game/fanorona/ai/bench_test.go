package ai

import (
	"testing"
	"time"

	"github.com/veletasbot/veletas/game/fanorona"
)

// BenchmarkDecision times one decision of each level in mid-game
// positions of each variant (positions after random turns), reporting the
// mean and the longest decision (wall time), and the process's CPU time,
// mean and longest, which the load of a shared machine does not inflate
// (a decision is single-threaded: its CPU time is its time on an idle
// core).
func BenchmarkDecision(b *testing.B) {
	for _, v := range fanorona.Variants {
		positions := randomPositions(b, v, 16, 77+uint64(v))
		for _, l := range Levels {
			b.Run(v.String()+"/"+l.String(), func(b *testing.B) {
				pl := NewLevel(l, 1)
				var longest, longestCPU time.Duration
				b.ResetTimer()
				cpu0 := cpuTime()
				for i := 0; i < b.N; i++ {
					start, startCPU := time.Now(), cpuTime()
					if _, _, err := pl.Choose(positions[i%len(positions)]); err != nil {
						b.Fatal(err)
					}
					longest = max(longest, time.Since(start))
					longestCPU = max(longestCPU, cpuTime()-startCPU)
				}
				b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/move")
				b.ReportMetric(float64(longest.Milliseconds()), "max-ms")
				if cpu := cpuTime() - cpu0; cpu > 0 {
					b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/move")
					b.ReportMetric(float64(longestCPU.Microseconds())/1000, "max-cpu-ms")
				}
			})
		}
	}
}
