package fanoronamod

import (
	"testing"

	"github.com/veletasbot/veletas/game/fanorona"
	fai "github.com/veletasbot/veletas/game/fanorona/ai"
	"github.com/veletasbot/veletas/store"
)

// BenchmarkEvaluate judges a whole game played by the easy computer
// player against itself to its end (the background job's cost per game).
func BenchmarkEvaluate(b *testing.B) {
	_, g, err := fai.PlayGame(fanorona.Fanorona, fai.NewLevel(fai.Easy, 1), fai.NewLevel(fai.Easy, 2))
	if err != nil {
		b.Fatal(err)
	}
	sg := store.Game{Kind: fanorona.GameKind, Record: g.String()}
	var n int
	for b.Loop() {
		v, err := Module{}.Evaluate(b.Context(), sg)
		if err != nil {
			b.Fatal(err)
		}
		n = len(v)
	}
	b.ReportMetric(float64(n), "positions")
}
