package amazons

import (
	"image"
	"image/color"
	"image/draw"

	"github.com/fogleman/gg"
	"github.com/veletasbot/veletas/game/amazons"
	"github.com/veletasbot/veletas/render"
)

// This file holds the gg drawing of every element: the background and
// the sprites are drawn once per renderer, the last turn's lines per
// image.

// Piece proportions, as fractions of a square's side.
const (
	amazonR = 0.40 // the amazon's stone
	arrowW  = 0.56 // the arrow's square
)

// style is a theme's colours with those of the Amazons images.
type style struct {
	render.Colors
	// terr are the territory tints (non-premultiplied, with alpha) by
	// owner: [0] White, [1] Black; settled squares (the other side
	// cannot reach them) get the first, contested ones the second.
	terr [2][2]color.RGBA
}

func newStyle(t render.Theme) style {
	s := style{Colors: render.ThemeColors(t)}
	if t == render.Dark {
		s.terr = [2][2]color.RGBA{{{255, 255, 255, 120}, {255, 255, 255, 55}}, {{0, 0, 0, 130}, {0, 0, 0, 60}}}
	} else {
		s.terr = [2][2]color.RGBA{{{255, 255, 255, 165}, {255, 255, 255, 80}}, {{42, 26, 10, 120}, {42, 26, 10, 55}}}
	}
	return s
}

func nrgba(c color.RGBA) color.NRGBA { return color.NRGBA(c) }

// drawBackground paints what never changes: page, board with its frame
// and shadow, the squares, grid and coordinates.
func drawBackground(dst *image.RGBA, l Layout, p style, label *render.Text) {
	dc := gg.NewContextForRGBA(dst)
	dc.SetColor(p.Page)
	dc.Clear()
	render.DrawBoardFrame(dc, l.Board, l.Frame, l.Cell, p.Colors)
	draw.Draw(dst, l.Board, image.NewUniform(p.Cell), image.Point{}, draw.Src)
	render.DrawGrid(dc, l.Board, amazons.Files, l.Cell, p.Colors)
	render.DrawCoordinates(dst, l.Board, amazons.Files, l.Cell, l.Frame, l.Height, label, p.Colors)
}

// spritePad is how far a sprite reaches beyond its square (the shadow).
func spritePad(cell int) int { return cell/8 + 1 }

// drawSprite draws one piece into a transparent image covering its
// square plus spritePad on every side.
func drawSprite(t render.Theme, p style, pc amazons.Piece, cell int) *image.RGBA {
	pad := spritePad(cell)
	side := cell + 2*pad
	dc := gg.NewContext(side, side)
	x := float64(pad) + float64(cell)/2
	c := float64(cell)
	switch pc {
	case amazons.WhiteAmazon, amazons.BlackAmazon:
		drawAmazon(dc, t, p, pc == amazons.WhiteAmazon, x, x, amazonR*c, c)
	case amazons.Arrow:
		drawArrow(dc, p, x, x, c)
	}
	return dc.Image().(*image.RGBA)
}

// drawAmazon paints an amazon: a stone of its side with a crown of the
// other side's colour, so that both read on either theme by luminance
// and differ from arrows by shape.
func drawAmazon(dc *gg.Context, t render.Theme, p style, white bool, x, y, r, cell float64) {
	render.DrawStone(dc, t, white, x, y, r, cell)
	crown := p.WhiteBot
	if white {
		crown = p.BlackBot
	}
	hw := r * 0.56
	yb, yv, yt := y+r*0.36, y+r*0.02, y-r*0.46
	dc.SetColor(crown)
	dc.NewSubPath()
	dc.MoveTo(x-hw, yb)
	dc.LineTo(x-hw*1.08, yt+r*0.1)
	dc.LineTo(x-hw*0.5, yv)
	dc.LineTo(x, yt)
	dc.LineTo(x+hw*0.5, yv)
	dc.LineTo(x+hw*1.08, yt+r*0.1)
	dc.LineTo(x+hw, yb)
	dc.ClosePath()
	dc.Fill()
	for _, tip := range [][2]float64{{x - hw*1.08, yt + r*0.1}, {x, yt}, {x + hw*1.08, yt + r*0.1}} {
		dc.DrawCircle(tip[0], tip[1], r*0.11)
		dc.Fill()
	}
}

// drawArrow paints an arrow: a red square block lit from the top left,
// with a light dot (the arrowhead seen from above).
func drawArrow(dc *gg.Context, p style, x, y, c float64) {
	w := arrowW * c
	rad := c * 0.09
	a := float64(p.Shadow.A) / 255
	dc.SetColor(color.NRGBA{p.Shadow.R, p.Shadow.G, p.Shadow.B, uint8(a * 0.55 * 255)})
	dc.DrawRoundedRectangle(x-w/2+0.035*c, y-w/2+0.06*c, w, w, rad)
	dc.Fill()
	dc.SetColor(p.RedDark)
	dc.DrawRoundedRectangle(x-w/2, y-w/2, w, w, rad)
	dc.Fill()
	in := w * 0.82
	dc.SetColor(p.Red)
	dc.DrawRoundedRectangle(x-w/2+w*0.05, y-w/2+w*0.04, in, in, rad*0.8)
	dc.Fill()
	dc.SetColor(p.Bull)
	dc.DrawCircle(x-w*0.04, y-w*0.05, w*0.11)
	dc.Fill()
}

// drawLast paints the last turn's lines under the pieces: a solid line
// from the square the amazon left (with a hollow ring there) to where it
// landed, and the arrow's flight, dashed, from there to the arrow.
func drawLast(dst *image.RGBA, l Layout, p style, t amazons.Turn) {
	dc := gg.NewContextForRGBA(dst)
	c := float64(l.Cell)
	dc.SetLineCapRound()
	dc.SetColor(nrgba(p.LastLine))
	x0, y0 := l.center(t.From)
	x1, y1 := l.center(t.To)
	dc.SetLineWidth(c * 0.13)
	dc.DrawLine(x0, y0, x1, y1)
	dc.Stroke()
	dc.SetLineWidth(c * 0.07)
	dc.DrawCircle(x0, y0, c*0.2)
	dc.Stroke()
	x2, y2 := l.center(t.Arrow)
	dc.SetLineWidth(c * 0.06)
	dc.SetDash(c*0.12, c*0.12)
	dc.DrawLine(x1, y1, x2, y2)
	dc.Stroke()
	dc.SetDash()
}

// fillRect blends c (non-premultiplied, with alpha) over r.
func fillRect(dst *image.RGBA, r image.Rectangle, c color.RGBA) {
	render.FillOver(dst, r, nrgba(c))
}
