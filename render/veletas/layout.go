package veletas

import (
	"image"

	"github.com/veletasbot/veletas/game/veletas"
	"github.com/veletasbot/veletas/render"
)

// Layout tells where everything is in an image of one board size and
// width. All coordinates are whole pixels; a1 is the bottom-left square.
type Layout struct {
	Size          veletas.Size
	Width, Height int
	Cell          int             // side of one square
	Board         image.Rectangle // the squares, without the frame
	Frame         int             // width of the frame around Board
	Status        image.Rectangle // the status strip at the top
}

// NewLayout computes the layout for a board size and an image width
// (clamped to render.MinWidth..render.MaxWidth; 0 means
// render.DefaultWidth), in the house proportions (render.SquareBoard).
func NewLayout(size veletas.Size, width int) Layout {
	if !size.Valid() {
		size = veletas.Size10
	}
	g := render.SquareBoard(int(size), width)
	return Layout{
		Size:   size,
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
func (l Layout) SquareRect(sq veletas.Square) image.Rectangle {
	x := l.Board.Min.X + sq.File()*l.Cell
	y := l.Board.Max.Y - (sq.Rank()+1)*l.Cell
	return image.Rect(x, y, x+l.Cell, y+l.Cell)
}

// SquareCenter is the centre pixel of one square.
func (l Layout) SquareCenter(sq veletas.Square) image.Point {
	r := l.SquareRect(sq)
	return image.Pt(r.Min.X+l.Cell/2, r.Min.Y+l.Cell/2)
}

// SquareAt returns the square under a pixel, and false off the board.
func (l Layout) SquareAt(p image.Point) (veletas.Square, bool) {
	if !p.In(l.Board) {
		return veletas.NoSquare, false
	}
	f := (p.X - l.Board.Min.X) / l.Cell
	r := (l.Board.Max.Y - 1 - p.Y) / l.Cell
	return veletas.Sq(f, r), true
}

// center returns the centre of a square in floating point, for drawing.
func (l Layout) center(sq veletas.Square) (float64, float64) {
	r := l.SquareRect(sq)
	return float64(r.Min.X) + float64(l.Cell)/2, float64(r.Min.Y) + float64(l.Cell)/2
}
