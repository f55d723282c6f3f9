package veletas

import (
	"image"
	"testing"

	"github.com/veletasbot/veletas/game/veletas"
	"github.com/veletasbot/veletas/render"
)

// TestSquareBoard checks the exported board geometry against the Veletas
// layout it comes from, the width clamped, and the board inside the image
// below the status strip.
func TestSquareBoard(t *testing.T) {
	for _, w := range []int{0, 100, render.MinWidth, 333, render.DefaultWidth, 1999, render.MaxWidth, 9000} {
		g := render.SquareBoard(10, w)
		l := NewLayout(veletas.Size10, w)
		if g.Width != l.Width || g.Height != l.Height || g.Cell != l.Cell || g.Board != l.Board || g.Frame != l.Frame || g.Status != l.Status {
			t.Errorf("width %d: SquareBoard %+v, NewLayout %+v", w, g, l)
		}
		if g.Width < render.MinWidth || g.Width > render.MaxWidth || !g.Board.In(image.Rect(0, 0, g.Width, g.Height)) || g.Status.Max.Y >= g.Board.Min.Y || g.Board.Dx() != 10*g.Cell {
			t.Errorf("width %d: geometry %+v out of place", w, g)
		}
	}
}
