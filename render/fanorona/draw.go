package fanorona

import (
	"image"
	"image/color"
	"image/draw"
	"math"

	"github.com/fogleman/gg"
	"github.com/veletasbot/veletas/game/fanorona"
	"github.com/veletasbot/veletas/render"
)

// drawBackground paints what never changes: the page, the board
// with its frame and shadow, the lines between the points and the
// coordinates.
func drawBackground(dc *gg.Context, l Layout, p *style, label *render.Text) {
	dc.SetColor(p.Page)
	dc.Clear()
	s := float64(l.Spacing)
	b := l.Board
	x0, y0 := float64(b.Min.X), float64(b.Min.Y)
	w, h := float64(b.Dx()), float64(b.Dy())
	for i := 6; i >= 1; i-- {
		d := float64(i) * s * 0.012
		dc.SetColor(withAlpha(p.Shadow, 0.10))
		dc.DrawRoundedRectangle(x0-d*0.5, y0+d*0.5, w+d, h+d, s*0.12+d)
		dc.Fill()
	}
	fr := math.Max(2, s*0.05)
	dc.SetColor(p.Frame)
	dc.DrawRoundedRectangle(x0, y0, w, h, s*0.12)
	dc.Fill()
	dc.SetColor(p.Cell)
	dc.DrawRoundedRectangle(x0+fr, y0+fr, w-2*fr, h-2*fr, s*0.09)
	dc.Fill()
	// The lines: every point to its orthogonal neighbours, and the points
	// whose file plus rank is even to their diagonal neighbours.
	dc.SetColor(p.line())
	dc.SetLineWidth(math.Max(1.5, s*0.035))
	dc.SetLineCapRound()
	for pt := fanorona.Point(0); pt < fanorona.Points; pt++ {
		for _, d := range []fanorona.Dir{fanorona.East, fanorona.North, fanorona.NorthEast, fanorona.NorthWest} {
			q := fanorona.Neighbour(pt, d)
			if q == fanorona.NoPoint {
				continue
			}
			ax, ay := l.center(pt)
			bx, by := l.center(q)
			dc.DrawLine(ax, ay, bx, by)
			dc.Stroke()
		}
	}
	// A small dot on every point, larger on the strong points.
	for pt := fanorona.Point(0); pt < fanorona.Points; pt++ {
		x, y := l.center(pt)
		r := s * 0.045
		if pt.Diagonal() {
			r = s * 0.065
		}
		dc.DrawCircle(x, y, r)
		dc.Fill()
	}
	// Coordinates: rank numbers on the left, file letters below.
	dst := dc.Image().(*image.RGBA)
	capH := label.CapHeight()
	for f := 0; f < fanorona.Files; f++ {
		c := l.PointCenter(fanorona.NewPoint(f, 0))
		file := string(rune('a' + f))
		label.Draw(dst, file, c.X-label.Measure(file)/2, b.Max.Y+capH*3/2+int(s*0.08), p.Label)
	}
	for r := 0; r < fanorona.Ranks; r++ {
		c := l.PointCenter(fanorona.NewPoint(0, r))
		rank := itoa(r + 1)
		label.Draw(dst, rank, b.Min.X-capH-label.Measure(rank)/2, c.Y+capH/2, p.Label)
	}
}

// line is the colour of the board's lines: the grid's, darkened
// so that the lines read at phone size.
func (p *style) line() color.RGBA {
	return mix(p.Grid, p.Frame, 0.45)
}

// captureMark is the colour of the crosses on captured points.
func (p *style) captureMark() color.RGBA { return p.Red }

// drawPath paints the last turn under the pieces: a line through
// every point the piece passed, a hollow ring on the point it left.
func drawPath(dc *gg.Context, l Layout, p *style, t fanorona.Turn) {
	if t.Len() == 0 {
		return
	}
	s := float64(l.Spacing)
	dc.SetLineCapRound()
	dc.SetLineJoinRound()
	dc.SetColor(nrgba(p.LastLine))
	dc.SetLineWidth(s * 0.12)
	x, y := l.center(t.From())
	dc.MoveTo(x, y)
	for i := 0; i < t.Len(); i++ {
		x, y := l.center(t.Step(i).To)
		dc.LineTo(x, y)
	}
	dc.Stroke()
	dc.SetLineWidth(s * 0.07)
	dc.DrawCircle(x, y, s*0.2)
	dc.Stroke()
}

// drawCaptures crosses out the captured points.
func drawCaptures(dc *gg.Context, l Layout, p *style, captured fanorona.Bits) {
	s := float64(l.Spacing)
	d := s * 0.17
	dc.SetLineCapRound()
	dc.SetColor(p.captureMark())
	dc.SetLineWidth(s * 0.075)
	for b := captured; b != 0; b &= b - 1 {
		x, y := l.center(b.First())
		dc.DrawLine(x-d, y-d, x+d, y+d)
		dc.DrawLine(x-d, y+d, x+d, y-d)
		dc.Stroke()
	}
}

// landedSprite draws the mark of a capture on a point the capturing
// piece then landed on, centred in its image: a smaller cross, edged in
// the board's colour, which the renderer draws above the piece at its
// upper right (landedMarkAt), so that every capture shows.
func landedSprite(l Layout, p *style) *image.RGBA {
	s := float64(l.Spacing)
	d := s * landedCross
	side := int(2*d+s*0.13) + 4
	dc := gg.NewContext(side, side)
	x, y := float64(side)/2, float64(side)/2
	dc.SetLineCapRound()
	for _, pass := range []struct {
		c color.RGBA
		w float64
	}{{p.Cell, s * 0.13}, {p.captureMark(), s * 0.065}} {
		dc.SetColor(pass.c)
		dc.SetLineWidth(pass.w)
		dc.DrawLine(x-d, y-d, x+d, y+d)
		dc.DrawLine(x-d, y+d, x+d, y-d)
		dc.Stroke()
	}
	return dc.Image().(*image.RGBA)
}

// landedCross is half the side of the cross of a capture on a point the
// capturing piece then landed on, as a fraction of the spacing.
const landedCross = 0.12

// landedMarkAt is the centre of the cross of a capture on a point the
// capturing piece then landed on: up and right of the point's centre.
func landedMarkAt(l Layout, pt fanorona.Point) (float64, float64) {
	x, y := l.center(pt)
	o := float64(l.Spacing) * 0.32
	return x + o, y - o
}

// moverSprite draws the ring around the piece making a capture
// sequence, centred in its image.
func moverSprite(l Layout, p *style) *image.RGBA {
	s := float64(l.Spacing)
	side := int(2*(moverRingR+moverRingWidth)*s) + 4
	dc := gg.NewContext(side, side)
	dc.SetColor(p.HintSel)
	dc.SetLineWidth(moverRingWidth * s)
	dc.DrawCircle(float64(side)/2, float64(side)/2, moverRingR*s)
	dc.Stroke()
	return dc.Image().(*image.RGBA)
}

// The ring around the capturing piece, as fractions of the spacing: it
// lies just outside the piece (0.35 of a spacing in radius).
const (
	moverRingR     = 0.43
	moverRingWidth = 0.08
)

// centred is where to draw a sprite so that its centre falls on x, y.
func centred(sp *render.Sprite, x, y float64) image.Point {
	return image.Pt(int(x)-sp.Bounds().Dx()/2, int(y)-sp.Bounds().Dy()/2)
}

// drawOver composes the premultiplied src over dst at r.
func drawOver(dst *image.RGBA, r image.Rectangle, src *image.RGBA) {
	draw.Draw(dst, r, src, src.Rect.Min, draw.Over)
}

// named lists the colours the Fanorona palette must hold exactly.
func (p *style) named() []color.RGBA {
	return []color.RGBA{p.Page, p.Strip, p.Frame, p.Cell, p.line(), p.Label, p.Text, p.Text2, p.TextFaint,
		p.Win, p.BlackBot, p.BlackTop, p.WhiteTop, p.WhiteBot, p.captureMark(), render.Over(p.Cell, p.LastLine), p.HintSel, p.IconRing}
}

// samples draws images holding everything a Fanorona image can
// show: both pieces, the path, the crosses and the status texts.
func (r *Renderer) samples(fc *cache) []*image.RGBA {
	l := fc.lay
	a := image.NewRGBA(l.Bounds())
	copy(a.Pix, fc.bg.Pix)
	dc := gg.NewContextForRGBA(a)
	t, _ := fanorona.ParseTurn("a1-b1A-b2A-c3W-d3A-e3W")
	drawPath(dc, l, r.pal, t)
	drawCaptures(dc, l, r.pal, 1<<20|1<<30|1<<44|1<<8)
	half := fc.sprites[0].Bounds().Dx() / 2
	for pt := fanorona.Point(0); pt < fanorona.Points; pt++ {
		if pt%3 == 2 {
			continue
		}
		fc.sprites[int(pt)%2].DrawAt(a, l.PointCenter(pt).Sub(image.Pt(half, half)))
	}
	for _, pt := range []fanorona.Point{10, 28} {
		x, y := landedMarkAt(l, pt)
		fc.landed.DrawAt(a, centred(fc.landed, x, y))
	}
	mx, my := l.center(12)
	fc.mover.DrawAt(a, centred(fc.mover, mx, my))
	r.drawStatus(a, nil, l, status{icon: fanorona.White, head: "White to move", lead: "Last turn ", token: "d2-e3A-e4W", counts: [2]int{22, 17}, note: "Véla: Black may not capture until 5 are left"})
	b := image.NewRGBA(l.Bounds())
	copy(b.Pix, fc.bg.Pix)
	r.drawStatus(b, nil, l, status{icon: fanorona.Black, head: "Black wins", lead: "Last turn ", token: "c3-d3W", counts: [2]int{0, 3}, won: true, note: "Turns without a capture: 87/100", alert: true})
	return []*image.RGBA{a, b}
}

// style is a theme's colours, with the theme for the house's stones.
type style struct {
	render.Colors
	theme render.Theme
}

func newStyle(t render.Theme) *style {
	return &style{Colors: render.ThemeColors(t), theme: t}
}

// stoneR is a stone's radius as a fraction of the square it is drawn
// for, as the Veletas stones.
const stoneR = 0.40

// spritePad is how far a sprite reaches beyond its square (the shadow).
func spritePad(cell int) int { return cell/8 + 1 }

// stoneSprite draws a white or black stone, the Veletas stones' look,
// into a transparent image covering a square of side cell plus spritePad
// on every side.
func stoneSprite(p *style, white bool, cell int) *image.RGBA {
	pad := spritePad(cell)
	side := cell + 2*pad
	dc := gg.NewContext(side, side)
	c := float64(cell)
	x := float64(pad) + c/2
	render.DrawStone(dc, p.theme, white, x, x, stoneR*c, c)
	return dc.Image().(*image.RGBA)
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

func nrgba(c color.RGBA) color.NRGBA { return color.NRGBA(c) }

func mix(a, b color.RGBA, t float64) color.RGBA {
	m := func(x, y uint8) uint8 { return uint8(math.Round(float64(x)*(1-t) + float64(y)*t)) }
	return color.RGBA{m(a.R, b.R), m(a.G, b.G), m(a.B, b.B), m(a.A, b.A)}
}
