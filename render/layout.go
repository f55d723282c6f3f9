package render

import "image"

// Width limits of an image, in pixels.
const (
	DefaultWidth = 800
	MinWidth     = 240
	MaxWidth     = 2400
)

// heightRatio makes images clearly taller than wide: Discord on Android
// crops square images.
const heightRatio = 1.2

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
