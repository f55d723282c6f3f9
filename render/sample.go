package render

import (
	"image"
	"image/color"

	"github.com/veletasbot/veletas/game/veletas"
)

// named lists the theme's colours that the palette must hold exactly, with
// the cells under the last-action tint.
func (p *themeColors) named() []color.RGBA {
	out := []color.RGBA{p.page, p.strip, p.frame, p.cellA, p.cellB, p.grid, p.label,
		p.text, p.text2, p.textFaint, p.red, p.redDark, p.bull, p.claim, p.hintSel, p.win,
		p.blackBot, p.whiteTop, p.bound, p.iconRing, p.moveMark, p.moveEdge}
	for _, c := range []color.RGBA{p.cellA, p.cellB} {
		out = append(out, over(c, p.last), over(c, p.hint), over(over(c, p.last), p.lastLine), over(c, p.lastLine),
			over(c, p.out), over(over(c, p.out), p.last))
	}
	return out
}

// over blends the non-premultiplied colour top over the opaque colour c.
func over(c, top color.RGBA) color.RGBA {
	a := float64(top.A) / 255
	m := func(x, y uint8) uint8 { return uint8(float64(x)*(1-a) + float64(y)*a + 0.5) }
	return color.RGBA{m(c.R, top.R), m(c.G, top.G), m(c.B, top.B), 255}
}

// samples draws images holding everything a board of this size can show:
// every piece on both cell colours, tinted and not, the path lines, rings,
// hint dots and the status strip's texts. The palette is chosen from them.
func (r *Renderer) samples(sc *sizeCache) []*image.RGBA {
	l := sc.lay
	n := int(l.Size)
	kinds := []veletas.Piece{veletas.Empty, veletas.BlackStone, veletas.WhiteStone, veletas.Shooter, veletas.BlackShooter, veletas.WhiteShooter, veletas.BlackStone, veletas.WhiteStone}
	at := func(sq veletas.Square) veletas.Piece {
		return kinds[(sq.File()+sq.Rank()*3)%len(kinds)]
	}
	var tinted []veletas.Square
	var claimed, marks, sel veletas.Bits
	for r := 0; r < n; r++ {
		for f := 0; f < n; f++ {
			sq := veletas.Sq(f, r)
			switch {
			case r%3 == 0:
				tinted = append(tinted, sq)
			case r%3 == 1 && at(sq) == veletas.Empty:
				marks = marks.With(sq)
			}
			if f == r && (at(sq) == veletas.BlackShooter || at(sq) == veletas.WhiteShooter) {
				claimed = claimed.With(sq)
			}
			if f == n-1-r {
				sel = sel.With(sq)
			}
		}
	}
	var out []*image.RGBA
	setup := veletas.Action{Kind: veletas.KindSetup, Shooters: tinted[:len(tinted)-1], Stone: tinted[len(tinted)-1]}
	a := image.NewRGBA(l.Bounds())
	copy(a.Pix, sc.bg.Pix)
	r.drawBoard(a, sc, at, setup, claimed, Hint{Selected: sel, Marks: marks})
	r.drawStatus(a, l, status{icon: veletas.Black, head: "Black to move", score: "Black 0 - White 1 of 7", need: "4 to win", token: "[a1,b2,c3]d4", caption: "Black claims c7, d3"})
	out = append(out, a)
	turn := veletas.Action{Kind: veletas.KindTurn, Turn: veletas.Turn{From: veletas.Sq(0, 0), To: veletas.Sq(0, n-1), Shot: veletas.Sq(n-1, n-1)}}
	b := image.NewRGBA(l.Bounds())
	copy(b.Pix, sc.bg.Pix)
	r.drawBoard(b, sc, func(veletas.Square) veletas.Piece { return veletas.Empty }, turn, veletas.Bits{}, Hint{})
	r.drawStatus(b, l, status{icon: veletas.White, head: "White wins", score: "Setup: 23456789", need: "swap keep", token: "e5-f6/g7 h8 i9 j10", won: true})
	out = append(out, b)
	// A revised setup: the edge closed to shooters, a setup tinted on it.
	c := image.NewRGBA(l.Bounds())
	copy(c.Pix, sc.bgEdge.Pix)
	r.drawBoard(c, sc, at, setup, veletas.Bits{}, Hint{})
	out = append(out, c)
	return out
}
