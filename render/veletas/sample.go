package veletas

import (
	"image"
	"image/color"

	"github.com/veletasbot/veletas/game/veletas"
	"github.com/veletasbot/veletas/render"
)

// named lists the theme's colours that the palette must hold exactly, with
// the cells under the last-action tint.
func (p *style) named() []color.RGBA {
	out := []color.RGBA{p.Page, p.Strip, p.Frame, p.Cell, p.CellB, p.Grid, p.Label,
		p.Text, p.Text2, p.TextFaint, p.Red, p.RedDark, p.Bull, p.Claim, p.HintSel, p.Win,
		p.BlackBot, p.WhiteTop, p.Bound, p.IconRing, p.MoveMark, p.MoveEdge}
	for _, c := range []color.RGBA{p.Cell, p.CellB} {
		out = append(out, render.Over(c, p.Last), render.Over(c, p.Hint), render.Over(render.Over(c, p.Last), p.LastLine), render.Over(c, p.LastLine),
			render.Over(c, p.Out), render.Over(render.Over(c, p.Out), p.Last))
	}
	return out
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
	r.drawBoard(a, nil, sc, at, setup, claimed, Hint{Selected: sel, Marks: marks})
	r.drawStatus(a, nil, l, status{icon: veletas.Black, head: "Black to move", score: "Black 0 - White 1 of 7", need: "4 to win", token: "[a1,b2,c3]d4", caption: "Black claims c7, d3"})
	out = append(out, a)
	turn := veletas.Action{Kind: veletas.KindTurn, Turn: veletas.Turn{From: veletas.Sq(0, 0), To: veletas.Sq(0, n-1), Shot: veletas.Sq(n-1, n-1)}}
	b := image.NewRGBA(l.Bounds())
	copy(b.Pix, sc.bg.Pix)
	r.drawBoard(b, nil, sc, func(veletas.Square) veletas.Piece { return veletas.Empty }, turn, veletas.Bits{}, Hint{})
	r.drawStatus(b, nil, l, status{icon: veletas.White, head: "White wins", score: "Setup: 23456789", need: "swap keep", token: "e5-f6/g7 h8 i9 j10", won: true})
	out = append(out, b)
	// A revised setup: the edge closed to shooters, a setup tinted on it.
	c := image.NewRGBA(l.Bounds())
	copy(c.Pix, sc.bgEdge.Pix)
	r.drawBoard(c, nil, sc, at, setup, veletas.Bits{}, Hint{})
	out = append(out, c)
	return out
}
