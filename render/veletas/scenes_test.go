package veletas

import (
	"testing"

	"github.com/veletasbot/veletas/game/veletas"
)

// The scenes of the images' rough edges: a one-square move that traps a
// shooter, a Fanorona turn whose piece lands on a point it captured, a
// capture sequence under way and a game near the draw by 100 quiet turns.

// oneSquareClaim returns a 7x7 game whose last turn moved a shooter one
// square and claimed it where it landed: the move's line is no longer
// than the gap between the two pieces, inside the claim frame.
func oneSquareClaim(t testing.TB) veletas.Game {
	t.Helper()
	for seed := uint64(1); seed < 400; seed++ {
		g := randomGame(t, veletas.Size7, seed, 40)
		acts := g.Actions()
		for n := 4; n <= len(acts); n++ {
			a := acts[n-1]
			if a.Kind != veletas.KindTurn || !a.Turn.Moved() {
				continue
			}
			df, dr := a.Turn.To.File()-a.Turn.From.File(), a.Turn.To.Rank()-a.Turn.From.Rank()
			if max(abs(df), abs(dr)) != 1 {
				continue
			}
			if claimedBetween(g.PositionAt(n-1), g.PositionAt(n)).Has(a.Turn.To) {
				return g.Undo(len(acts) - n)
			}
		}
	}
	t.Fatal("no random game has a one-square move that traps the shooter")
	return veletas.Game{}
}
