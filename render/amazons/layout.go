package amazons

import (
	"image"

	"github.com/veletasbot/veletas/game/amazons"
	"github.com/veletasbot/veletas/render"
)

// Layout tells where everything is in an image of one width. All
// coordinates are whole pixels; a1 is the bottom-left square.
type Layout struct {
	Width, Height int
	Cell          int             // side of one square
	Board         image.Rectangle // the squares, without the frame
	Frame         int             // width of the frame around Board
	Status        image.Rectangle // the strip above the board
}

// NewLayout computes the layout for an image width (clamped to
// render.MinWidth..render.MaxWidth; 0 means render.DefaultWidth), with
// the proportions of the 10x10 Veletas board (render.SquareBoard).
func NewLayout(width int) Layout {
	g := render.SquareBoard(amazons.Files, width)
	return Layout{
		Width:  g.Width,
		Height: g.Height,
		Cell:   g.Cell,
		Board:  g.Board,
		Frame:  g.Frame,
		Status: g.Status,
	}
}

// Bounds is the whole image.
func (l Layout) Bounds() image.Rectangle { return image.Rect(0, 0, l.Width, l.Height) }

// SquareRect is the rectangle of one square.
func (l Layout) SquareRect(sq amazons.Square) image.Rectangle {
	x := l.Board.Min.X + sq.File()*l.Cell
	y := l.Board.Max.Y - (sq.Rank()+1)*l.Cell
	return image.Rect(x, y, x+l.Cell, y+l.Cell)
}

// SquareCenter is the centre pixel of one square.
func (l Layout) SquareCenter(sq amazons.Square) image.Point {
	r := l.SquareRect(sq)
	return image.Pt(r.Min.X+l.Cell/2, r.Min.Y+l.Cell/2)
}

// SquareAt returns the square under a pixel, and false off the board.
func (l Layout) SquareAt(p image.Point) (amazons.Square, bool) {
	if !p.In(l.Board) {
		return amazons.NoSquare, false
	}
	return amazons.Sq((p.X-l.Board.Min.X)/l.Cell, (l.Board.Max.Y-1-p.Y)/l.Cell), true
}

// center is a square's centre in floating point, for drawing.
func (l Layout) center(sq amazons.Square) (float64, float64) {
	r := l.SquareRect(sq)
	return float64(r.Min.X) + float64(l.Cell)/2, float64(r.Min.Y) + float64(l.Cell)/2
}
