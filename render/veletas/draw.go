package veletas

import (
	"image"
	"image/color"
	"image/draw"
	"math"

	"github.com/fogleman/gg"
	"github.com/veletasbot/veletas/game/veletas"
	"github.com/veletasbot/veletas/render"
)

// This file holds the gg drawing of every element. The fast path in
// renderer.go calls these functions once per size and theme and caches
// the result (the background, one sprite per piece kind); the naive
// baseline in the benchmarks calls them for every image.

// style is a theme's colours, with the theme for the house's stones.
type style struct {
	render.Colors
	theme render.Theme
}

func newStyle(t render.Theme) *style {
	return &style{Colors: render.ThemeColors(t), theme: t}
}

// drawShadow paints the house's shadow of a disc of radius r centred at
// x, y on a square of side c.
func drawShadow(dc *gg.Context, p *style, x, y, r, c float64) {
	render.DrawShadow(dc, p.theme, x, y, r, c)
}

// drawStone paints a stone of colour col with radius r at x, y.
func drawStone(dc *gg.Context, p *style, col veletas.Color, x, y, r float64) {
	render.DrawStone(dc, p.theme, col == veletas.White, x, y, r, 0)
}

func withAlpha(c color.RGBA, a float64) color.NRGBA {
	return color.NRGBA{c.R, c.G, c.B, uint8(math.Round(a * 255))}
}

// drawBackground paints what never changes for one size: page, board with
// its frame and shadow, checkerboard, grid and coordinates.
func drawBackground(dc *gg.Context, l Layout, p *style, label *render.Text) {
	dc.SetColor(p.Page)
	dc.Clear()
	render.DrawBoardFrame(dc, l.Board, l.Frame, l.Cell, p.Colors)
	n := int(l.Size)
	for r := 0; r < n; r++ {
		for f := 0; f < n; f++ {
			sr := l.SquareRect(veletas.Sq(f, r))
			col := p.CellB
			if (f+r)%2 == 0 {
				col = p.Cell
			}
			draw.Draw(dc.Image().(*image.RGBA), sr, image.NewUniform(col), image.Point{}, draw.Src)
		}
	}
	render.DrawGrid(dc, l.Board, n, l.Cell, p.Colors)
	render.DrawCoordinates(dc.Image().(*image.RGBA), l.Board, n, l.Cell, l.Frame, l.Height, label, p.Colors)
}

// drawClosedEdge marks the squares of the board's edge as closed to
// shooters, for the setup of a game under the revised rules: diagonal
// stripes over the edge squares and a line around the squares inside,
// where shooters may be placed. Stones may still go on the edge, so the
// squares stay readable under the stripes.
func drawClosedEdge(dst *image.RGBA, l Layout, p *style) {
	n := int(l.Size)
	period := max(6, l.Cell/4)
	width := max(2, period*2/5)
	out := nrgba(p.Out)
	for r := 0; r < n; r++ {
		for f := 0; f < n; f++ {
			if f != 0 && r != 0 && f != n-1 && r != n-1 {
				continue
			}
			sr := l.SquareRect(veletas.Sq(f, r))
			for y := sr.Min.Y; y < sr.Max.Y; y++ {
				for x := sr.Min.X; x < sr.Max.X; x++ {
					if (x+y)%period < width {
						dst.Set(x, y, blendOver(dst.RGBAAt(x, y), out))
					}
				}
			}
		}
	}
	// The line around the inner squares, centred on their outer border.
	in := l.SquareRect(veletas.Sq(1, n-2)).Union(l.SquareRect(veletas.Sq(n-2, 1)))
	w := max(2, l.Cell/16)
	drawRing(dst, in.Inset(-w/2), w, p.Bound)
}

// blendOver is the opaque colour c under the non-premultiplied top.
func blendOver(c color.RGBA, top color.NRGBA) color.RGBA {
	return render.Over(c, color.RGBA(top))
}

// nrgba takes c's channels as they are (the palette's colours are opaque,
// where both forms agree).
func nrgba(c color.RGBA) color.NRGBA { return color.NRGBA(c) }

// Piece proportions, as fractions of a square's side.
const (
	stoneR    = 0.40 // stone radius
	shooterR  = 0.44 // shooter disc radius
	crossHalf = 0.29 // unclaimed shooter's cross: half its length
	crossArm  = 0.05 // and half an arm's thickness
	capR      = 0.33 // claimer's stone on a claimed shooter
)

// drawPiece paints one piece centred at x, y on a square of side c.
func drawPiece(dc *gg.Context, p *style, piece veletas.Piece, x, y, c float64) {
	switch piece {
	case veletas.BlackStone, veletas.WhiteStone:
		drawShadow(dc, p, x, y, stoneR*c, c)
		col := veletas.Black
		if piece == veletas.WhiteStone {
			col = veletas.White
		}
		drawStone(dc, p, col, x, y, stoneR*c)
	case veletas.Shooter, veletas.BlackShooter, veletas.WhiteShooter:
		r := shooterR * c
		drawShadow(dc, p, x, y, r, c)
		render.DrawDisc(dc, x, y, r, p.RedDark, p.Red, mix(p.RedDark, color.RGBA{0, 0, 0, 255}, 0.2))
		if piece == veletas.Shooter {
			// A light cross (a sight) tells an unclaimed shooter from a
			// stone and from a claimed shooter by shape, not only by
			// colour: a claimed one carries a round stone, which covers
			// the red between the cross's arms. At phone width (400 px, a
			// 10x10 square of 31 px) the arms are 3 px thick.
			arm, half := crossArm*c, crossHalf*c
			dc.SetColor(p.Bull)
			dc.DrawRoundedRectangle(x-arm, y-half, 2*arm, 2*half, arm*0.6)
			dc.Fill()
			dc.DrawRoundedRectangle(x-half, y-arm, 2*half, 2*arm, arm*0.6)
			dc.Fill()
			return
		}
		col := veletas.Black
		if piece == veletas.WhiteShooter {
			col = veletas.White
		}
		// The claimer's stone sits on the shooter, as on the real board.
		dc.SetColor(withAlpha(p.Shadow, 0.45))
		dc.DrawCircle(x+0.015*c, y+0.03*c, capR*c)
		dc.Fill()
		drawStone(dc, p, col, x, y, capR*c)
	}
}

func mix(a, b color.RGBA, t float64) color.RGBA {
	m := func(x, y uint8) uint8 { return uint8(math.Round(float64(x)*(1-t) + float64(y)*t)) }
	return color.RGBA{m(a.R, b.R), m(a.G, b.G), m(a.B, b.B), m(a.A, b.A)}
}

// spritePad is how far a sprite reaches beyond its square (the shadow).
func spritePad(cell int) int { return cell/8 + 1 }

// drawSprite renders one piece into a transparent image covering its
// square plus spritePad on every side.
func drawSprite(p *style, piece veletas.Piece, cell int) *image.RGBA {
	pad := spritePad(cell)
	side := cell + 2*pad
	dc := gg.NewContext(side, side)
	drawPiece(dc, p, piece, float64(pad)+float64(cell)/2, float64(pad)+float64(cell)/2, float64(cell))
	return dc.Image().(*image.RGBA)
}

// drawPath paints the last turn's lines: the shooter's move, from its old
// square to its new one, and the shot, dashed, from the shooter to the
// stone. It is drawn under the pieces.
func drawPath(dc *gg.Context, l Layout, p *style, t veletas.Turn) {
	c := float64(l.Cell)
	dc.SetLineCapRound()
	if t.Moved() {
		x0, y0 := l.center(t.From)
		x1, y1 := l.center(t.To)
		dc.SetColor(nrgba(p.LastLine))
		dc.SetLineWidth(c * 0.13)
		dc.DrawLine(x0, y0, x1, y1)
		dc.Stroke()
		// The old square keeps a hollow ring, so the move reads as
		// "from here".
		dc.SetLineWidth(c * 0.07)
		dc.DrawCircle(x0, y0, c*0.2)
		dc.Stroke()
	}
	x0, y0 := l.center(t.Shooter())
	x1, y1 := l.center(t.Shot)
	dc.SetColor(nrgba(p.LastLine))
	dc.SetLineWidth(c * 0.06)
	dc.SetDash(c*0.12, c*0.12)
	dc.DrawLine(x0, y0, x1, y1)
	dc.Stroke()
	dc.SetDash()
}

// pathBounds holds every pixel drawPath paints for t: the squares of its
// move and its shot, with the lines between them (the lines and the ring
// stay within the squares' centres grown by a square).
func pathBounds(l Layout, t veletas.Turn) image.Rectangle {
	r := l.SquareRect(t.From).Union(l.SquareRect(t.Shot)).Union(l.SquareRect(t.Shooter()))
	if t.Moved() {
		r = r.Union(l.SquareRect(t.To))
	}
	return r.Inset(-2)
}

// arrowSprite draws the last move's arrowhead for a square of side c,
// centred in its image, pointing against the unit vector dx, dy (which
// points from the destination back to the old square): a yellow
// triangle with a dark outline. The renderer keeps one per direction and
// board size and draws it above the pieces and the claim frames, half a
// square from the destination's centre (moveMarkAt), so that a move of
// one square, whose line hides under the two pieces, still shows.
func arrowSprite(p *style, c, dx, dy float64) *image.RGBA {
	side := int(c*0.5) + 4
	dc := gg.NewContext(side, side)
	mx, my := float64(side)/2, float64(side)/2
	tip, back, half := 0.17*c, 0.11*c, 0.15*c
	dc.MoveTo(mx-dx*tip, my-dy*tip)
	dc.LineTo(mx+dx*back-dy*half, my+dy*back+dx*half)
	dc.LineTo(mx+dx*back+dy*half, my+dy*back-dx*half)
	dc.ClosePath()
	dc.SetColor(p.MoveMark)
	dc.FillPreserve()
	dc.SetLineJoinRound()
	dc.SetLineWidth(math.Max(1, c*0.03))
	dc.SetColor(p.MoveEdge)
	dc.Stroke()
	return dc.Image().(*image.RGBA)
}

// arrowDir is the index in 0..7 of the direction from a move's
// destination back to its old square (moves run along a line), for the
// arrowhead sprites: the screen's unit vector is arrowVector.
func arrowDir(t veletas.Turn) int {
	sign := func(x int) int {
		switch {
		case x > 0:
			return 1
		case x < 0:
			return -1
		}
		return 0
	}
	k := (sign(t.From.File()-t.To.File())+1)*3 + sign(t.From.Rank()-t.To.Rank()) + 1
	if k > 4 {
		k-- // 4 is the null direction
	}
	return k
}

// arrowVector is the unit vector on the screen (y down) of direction i
// of arrowDir.
func arrowVector(i int) (float64, float64) {
	k := i
	if k >= 4 {
		k++ // skip the null direction
	}
	df, dr := float64(k/3-1), float64(k%3-1)
	n := math.Hypot(df, dr)
	return df / n, -dr / n
}

// moveMarkAt is the centre of the last move's arrowhead: half a square
// from the destination's centre towards the old square.
func moveMarkAt(l Layout, t veletas.Turn) (float64, float64) {
	x0, y0 := l.center(t.From)
	x1, y1 := l.center(t.To)
	dx, dy := x0-x1, y0-y1
	n := math.Hypot(dx, dy)
	if n == 0 {
		return x1, y1
	}
	h := float64(l.Cell) / 2
	return x1 + dx/n*h, y1 + dy/n*h
}

// lastSquares are the squares tinted for the last action, each once.
func lastSquares(a veletas.Action) []veletas.Square {
	switch a.Kind {
	case veletas.KindSetup:
		return append(append([]veletas.Square(nil), a.Shooters...), a.Stone)
	case veletas.KindTurn:
		sq := []veletas.Square{a.Turn.From}
		if a.Turn.Moved() {
			sq = append(sq, a.Turn.To)
		}
		if a.Turn.Shot != a.Turn.From {
			sq = append(sq, a.Turn.Shot)
		}
		return sq
	}
	return nil
}

// fillRect blends c (premultiplied by draw) over r.
func fillRect(dst *image.RGBA, r image.Rectangle, c color.Color) {
	draw.Draw(dst, r, image.NewUniform(c), image.Point{}, draw.Over)
}

// drawRing paints a square ring of width w just inside r.
func drawRing(dst *image.RGBA, r image.Rectangle, w int, c color.Color) {
	u := image.NewUniform(c)
	draw.Draw(dst, image.Rect(r.Min.X, r.Min.Y, r.Max.X, r.Min.Y+w), u, image.Point{}, draw.Over)
	draw.Draw(dst, image.Rect(r.Min.X, r.Max.Y-w, r.Max.X, r.Max.Y), u, image.Point{}, draw.Over)
	draw.Draw(dst, image.Rect(r.Min.X, r.Min.Y+w, r.Min.X+w, r.Max.Y-w), u, image.Point{}, draw.Over)
	draw.Draw(dst, image.Rect(r.Max.X-w, r.Min.Y+w, r.Max.X, r.Max.Y-w), u, image.Point{}, draw.Over)
}
