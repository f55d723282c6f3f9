package render

import (
	"image"

	"github.com/veletasbot/veletas/game/veletas"
)

// Width limits of an image, in pixels.
const (
	DefaultWidth = 800
	MinWidth     = 240
	MaxWidth     = 2400
)

// heightRatio makes images clearly taller than wide: Discord on Android
// crops square images.
const heightRatio = 1.2

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
// (clamped to MinWidth..MaxWidth; 0 means DefaultWidth).
func NewLayout(size veletas.Size, width int) Layout {
	if !size.Valid() {
		size = veletas.Size10
	}
	g := squareBoard(int(size), width)
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

// squareBoard is where an n×n board stands in an image of width (clamped
// to MinWidth..MaxWidth; 0 means DefaultWidth), in the house proportions:
// the rank numbers' gutter on the left and the file letters' below, a
// margin on the right, the frame, the status strip above the board, the
// image heightRatio times as tall as wide.
func squareBoard(n, width int) BoardGeometry {
	width = clampWidth(width)
	margin := max(6, width/50)
	gutter := width * 6 / 100 // rank numbers on the left, file letters below
	frame := max(2, width/200)
	cell := (width - gutter - margin - 2*frame) / n
	extra := width - gutter - margin - 2*frame - n*cell
	left := gutter + extra/2 + frame
	height := int(float64(width)*heightRatio + 0.5)
	bottom := height - gutter - frame
	top := bottom - n*cell
	return BoardGeometry{
		Width:  width,
		Height: height,
		Cell:   cell,
		Board:  image.Rect(left, top, left+n*cell, bottom),
		Frame:  frame,
		Status: image.Rect(0, 0, width, top-frame-margin/2),
	}
}

func clampWidth(w int) int {
	switch {
	case w == 0:
		return DefaultWidth
	case w < MinWidth:
		return MinWidth
	case w > MaxWidth:
		return MaxWidth
	}
	return w
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
