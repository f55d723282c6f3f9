package render

import (
	"image"
	"image/color"
	"image/draw"
	"math"

	"github.com/fogleman/gg"
	"github.com/veletasbot/veletas/game/veletas"
)

// This file holds the gg drawing of every element. The fast path in
// render.go calls these functions once per size and theme and caches the
// result (the background, one sprite per piece kind); the naive baseline in
// the benchmarks calls them for every image.

// drawBackground paints what never changes for one size: page, board with
// its frame and shadow, checkerboard, grid and coordinates.
func drawBackground(dc *gg.Context, l Layout, p *themeColors, label *atlas) {
	dc.SetColor(p.page)
	dc.Clear()
	drawFrame(dc, l.Board, l.Frame, l.Cell, p.shadow, p.frame)
	n := int(l.Size)
	for r := 0; r < n; r++ {
		for f := 0; f < n; f++ {
			sr := l.SquareRect(veletas.Sq(f, r))
			col := p.cellB
			if (f+r)%2 == 0 {
				col = p.cellA
			}
			draw.Draw(dc.Image().(*image.RGBA), sr, image.NewUniform(col), image.Point{}, draw.Src)
		}
	}
	drawGrid(dc, l.Board, n, l.Cell, p.grid)
	drawCoordinates(dc.Image().(*image.RGBA), l.Board, n, l.Cell, l.Frame, l.Height, label, p.label)
}

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

// drawClosedEdge marks the squares of the board's edge as closed to
// shooters, for the setup of a game under the revised rules: diagonal
// stripes over the edge squares and a line around the squares inside,
// where shooters may be placed. Stones may still go on the edge, so the
// squares stay readable under the stripes.
func drawClosedEdge(dst *image.RGBA, l Layout, p *themeColors) {
	n := int(l.Size)
	period := max(6, l.Cell/4)
	width := max(2, period*2/5)
	out := nrgba(p.out)
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
	drawRing(dst, in.Inset(-w/2), w, p.bound)
}

// blendOver is the opaque colour c under the non-premultiplied top.
func blendOver(c color.RGBA, top color.NRGBA) color.RGBA {
	return over(c, color.RGBA(top))
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

// nrgba takes c's channels as they are (the palette's colours are opaque,
// where both forms agree).
func nrgba(c color.RGBA) color.NRGBA { return color.NRGBA(c) }

// Piece proportions, as fractions of a square's side.
const (
	stoneR     = 0.40 // stone radius
	shooterR   = 0.44 // shooter disc radius
	crossHalf  = 0.29 // unclaimed shooter's cross: half its length
	crossArm   = 0.05 // and half an arm's thickness
	capR       = 0.33 // claimer's stone on a claimed shooter
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

// drawStone paints a stone of colour col with radius r at x, y.
func drawStone(dc *gg.Context, p *themeColors, col veletas.Color, x, y, r float64) {
	if col == veletas.White {
		drawDisc(dc, x, y, r, p.whiteBot, p.whiteTop, p.whiteRim)
		return
	}
	drawDisc(dc, x, y, r, p.blackBot, p.blackTop, p.blackRim)
}

// drawPiece paints one piece centred at x, y on a square of side c.
func drawPiece(dc *gg.Context, p *themeColors, piece veletas.Piece, x, y, c float64) {
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
		drawDisc(dc, x, y, r, p.redDark, p.red, mix(p.redDark, color.RGBA{0, 0, 0, 255}, 0.2))
		if piece == veletas.Shooter {
			// A light cross (a sight) tells an unclaimed shooter from a
			// stone and from a claimed shooter by shape, not only by
			// colour: a claimed one carries a round stone, which covers
			// the red between the cross's arms. At phone width (400 px, a
			// 10x10 square of 31 px) the arms are 3 px thick.
			arm, half := crossArm*c, crossHalf*c
			dc.SetColor(p.bull)
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
		dc.SetColor(withAlpha(p.shadow, 0.45))
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
func drawSprite(p *themeColors, piece veletas.Piece, cell int) *image.RGBA {
	pad := spritePad(cell)
	side := cell + 2*pad
	dc := gg.NewContext(side, side)
	drawPiece(dc, p, piece, float64(pad)+float64(cell)/2, float64(pad)+float64(cell)/2, float64(cell))
	return dc.Image().(*image.RGBA)
}

// drawPath paints the last turn's lines: the shooter's move, from its old
// square to its new one, and the shot, dashed, from the shooter to the
// stone. It is drawn under the pieces.
func drawPath(dc *gg.Context, l Layout, p *themeColors, t veletas.Turn) {
	c := float64(l.Cell)
	dc.SetLineCapRound()
	if t.Moved() {
		x0, y0 := l.center(t.From)
		x1, y1 := l.center(t.To)
		dc.SetColor(nrgba(p.lastLine))
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
	dc.SetColor(nrgba(p.lastLine))
	dc.SetLineWidth(c * 0.06)
	dc.SetDash(c*0.12, c*0.12)
	dc.DrawLine(x0, y0, x1, y1)
	dc.Stroke()
	dc.SetDash()
}

// arrowSprite draws the last move's arrowhead for a square of side c,
// centred in its image, pointing against the unit vector dx, dy (which
// points from the destination back to the old square): a yellow
// triangle with a dark outline. The renderer keeps one per direction and
// board size and draws it above the pieces and the claim frames, half a
// square from the destination's centre (moveMarkAt), so that a move of
// one square, whose line hides under the two pieces, still shows.
func arrowSprite(p *themeColors, c, dx, dy float64) *image.RGBA {
	side := int(c*0.5) + 4
	dc := gg.NewContext(side, side)
	mx, my := float64(side)/2, float64(side)/2
	tip, back, half := 0.17*c, 0.11*c, 0.15*c
	dc.MoveTo(mx-dx*tip, my-dy*tip)
	dc.LineTo(mx+dx*back-dy*half, my+dy*back+dx*half)
	dc.LineTo(mx+dx*back+dy*half, my+dy*back-dx*half)
	dc.ClosePath()
	dc.SetColor(p.moveMark)
	dc.FillPreserve()
	dc.SetLineJoinRound()
	dc.SetLineWidth(math.Max(1, c*0.03))
	dc.SetColor(p.moveEdge)
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
