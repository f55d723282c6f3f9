package amazonsmod

import (
	"context"
	"testing"

	"github.com/veletasbot/veletas/game/amazons"
	"github.com/veletasbot/veletas/game/amazons/ai"
	"github.com/veletasbot/veletas/store"
)

// BenchmarkEvaluate judges a whole game played by the easy computer
// player against itself to its end (the background job's cost per game).
func BenchmarkEvaluate(b *testing.B) {
	w, _ := ai.NewAgent("easy", 1)
	bl, _ := ai.NewAgent("easy", 2)
	_, g, err := ai.PlayGame(context.Background(), w, bl)
	if err != nil {
		b.Fatal(err)
	}
	sg := store.Game{Kind: amazons.GameKind, Record: g.String()}
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
