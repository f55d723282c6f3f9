package render

import (
	"image"
	"image/color"
	"math"

	"github.com/fogleman/gg"
)

// This file holds the gg drawing of the house style's elements that
// every game's drawer shares: the board's frame, grid and coordinates,
// the shadows and the stones. The drawers call them once per size and
// theme and cache the result (the background, one sprite per piece).

// drawFrame draws the frame of a square board, frame pixels wide around
// the squares board, over a soft shadow whose reach grows with cell, the
// side of a square.
func drawFrame(dc *gg.Context, board image.Rectangle, frame, cell int, shadow, colour color.RGBA) {
	c := float64(cell)
	fr := float64(frame)
	x0, y0 := float64(board.Min.X)-fr, float64(board.Min.Y)-fr
	w, h := float64(board.Dx())+2*fr, float64(board.Dy())+2*fr
	for i := 6; i >= 1; i-- {
		s := float64(i) * c * 0.012
		dc.SetColor(withAlpha(shadow, 0.10))
		dc.DrawRoundedRectangle(x0-s*0.5, y0+s*0.5, w+s, h+s, fr+s)
		dc.Fill()
	}
	dc.SetColor(colour)
	dc.DrawRoundedRectangle(x0, y0, w, h, fr*1.5)
	dc.Fill()
}

// drawGrid draws one-pixel lines between the n×n squares of board.
func drawGrid(dc *gg.Context, board image.Rectangle, n, cell int, grid color.RGBA) {
	dc.SetColor(grid)
	dc.SetLineWidth(1)
	for i := 1; i < n; i++ {
		x := float64(board.Min.X+i*cell) + 0.5
		dc.DrawLine(x, float64(board.Min.Y), x, float64(board.Max.Y))
		dc.Stroke()
		y := float64(board.Min.Y+i*cell) + 0.5
		dc.DrawLine(float64(board.Min.X), y, float64(board.Max.X), y)
		dc.Stroke()
	}
}

// drawCoordinates writes the coordinates of an n×n board: the file
// letters centred under it, between the frame and the bottom of an image
// height pixels tall, and the rank numbers centred in the gutter on its
// left.
func drawCoordinates(dst *image.RGBA, board image.Rectangle, n, cell, frame, height int, label *atlas, c color.RGBA) {
	capH := label.capHeight()
	half := float64(cell) / 2
	for i := 0; i < n; i++ {
		cx := float64(board.Min.X+i*cell) + half
		cy := float64(board.Max.Y-(i+1)*cell) + half
		file := string(rune('a' + i))
		label.draw(dst, file, int(cx)-label.measure(file)/2, board.Max.Y+frame+(height-board.Max.Y-frame+capH)/2, c)
		rank := itoa(i + 1)
		gx := board.Min.X - frame
		label.draw(dst, rank, gx/2-label.measure(rank)/2+frame/2, int(cy)+capH/2, c)
	}
}

func itoa(i int) string {
	if i >= 10 {
		return string(rune('0'+i/10)) + string(rune('0'+i%10))
	}
	return string(rune('0' + i))
}

func withAlpha(c color.RGBA, a float64) color.NRGBA {
	return color.NRGBA{c.R, c.G, c.B, uint8(math.Round(a * 255))}
}

// Shadow proportions, as fractions of a square's side.
const (
	shadowDX   = 0.035
	shadowDY   = 0.06
	shadowBlur = 0.06
)

// drawShadow paints the shadow of a disc of radius r centred at x, y: an
// offset disc with a soft edge. Flat colours keep the PNG small.
func drawShadow(dc *gg.Context, p *themeColors, x, y, r, c float64) {
	a := float64(p.shadow.A) / 255
	dc.SetColor(withAlpha(p.shadow, a*0.45))
	dc.DrawCircle(x+shadowDX*c, y+shadowDY*c, r+shadowBlur*c*0.5)
	dc.Fill()
	dc.SetColor(withAlpha(p.shadow, a*0.6))
	dc.DrawCircle(x+shadowDX*c, y+shadowDY*c, r)
	dc.Fill()
}

// drawDisc paints a disc in two flat tones, lit from the top left: the
// base colour shows as a crescent at the bottom right, under a lighter
// disc, with a thin rim.
func drawDisc(dc *gg.Context, x, y, r float64, base, lit, rim color.RGBA) {
	dc.SetColor(base)
	dc.DrawCircle(x, y, r)
	dc.Fill()
	dc.SetColor(lit)
	dc.DrawCircle(x-r*0.07, y-r*0.09, r*0.84)
	dc.Fill()
	lw := math.Max(1, r*0.06)
	dc.SetLineWidth(lw)
	dc.SetColor(rim)
	dc.DrawCircle(x, y, r-lw/2)
	dc.Stroke()
}

// drawStone paints a white or black stone with radius r at x, y.
func drawStone(dc *gg.Context, p *themeColors, white bool, x, y, r float64) {
	if white {
		drawDisc(dc, x, y, r, p.whiteBot, p.whiteTop, p.whiteRim)
		return
	}
	drawDisc(dc, x, y, r, p.blackBot, p.blackTop, p.blackRim)
}
