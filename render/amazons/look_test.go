package amazons

import (
	"image"
	"image/color"
	"math"
	"testing"

	"github.com/veletasbot/veletas/game/amazons"
	"github.com/veletasbot/veletas/render"
)

// near reports whether two colours differ by at most tol in every
// channel.
func near(a, b color.Color, tol int) bool {
	ar, ag, ab, _ := a.RGBA()
	br, bg, bb, _ := b.RGBA()
	return abs(int(ar>>8)-int(br>>8)) <= tol && abs(int(ag>>8)-int(bg>>8)) <= tol && abs(int(ab>>8)-int(bb>>8)) <= tol
}

// at is the pixel of m at c moved by (dx, dy) cells.
func at(m image.Image, l Layout, c image.Point, dx, dy float64) color.Color {
	return m.At(c.X+int(math.Round(dx*float64(l.Cell))), c.Y+int(math.Round(dy*float64(l.Cell))))
}

func findSquare(t *testing.T, p amazons.Position, pc amazons.Piece) amazons.Square {
	t.Helper()
	for sq := amazons.Square(0); sq < amazons.Squares; sq++ {
		if p.At(sq) == pc {
			return sq
		}
	}
	t.Fatalf("no %s on the board", pc)
	return amazons.NoSquare
}

// TestPiecesAtTheirSquares reads the PNG at the squares of an arrow, of
// each side's amazon and of an empty square, in both themes: the arrow
// is red, an amazon's stone is of its side's colour around a crown of
// the other side's, an empty square is the board's colour.
func TestPiecesAtTheirSquares(t *testing.T) {
	g := loadGame(t, "random_game.rec")
	s := GameScene(prefix(t, g, 37))
	s.HasLast = false
	for _, th := range []render.Theme{render.Light, render.Dark} {
		t.Run(th.String(), func(t *testing.T) {
			r := newRenderer(t, th, 800)
			m := pngImage(t, r, s)
			l, p := r.Layout(), r.style
			arrow := l.SquareCenter(findSquare(t, s.Position, amazons.Arrow))
			if c := at(m, l, arrow, 0.15, 0.15); !near(c, p.Red, 12) {
				t.Errorf("arrow square: %v, want the red %v", c, p.Red)
			}
			for _, side := range []amazons.Side{amazons.White, amazons.Black} {
				c := l.SquareCenter(findSquare(t, s.Position, amazons.AmazonOf(side)))
				stone, crown := p.WhiteTop, p.BlackBot
				if side == amazons.Black {
					stone, crown = p.BlackTop, p.WhiteBot
				}
				if got := at(m, l, c, 0, 0.22); !near(got, stone, 14) {
					t.Errorf("%s amazon's stone: %v, want %v", side, got, stone)
				}
				if got := at(m, l, c, 0, 0.08); !near(got, crown, 14) {
					t.Errorf("%s amazon's crown: %v, want %v", side, got, crown)
				}
			}
			empty := l.SquareCenter(findSquare(t, s.Position, amazons.Empty))
			if c := at(m, l, empty, 0, 0); !near(c, p.Cell, 4) {
				t.Errorf("empty square: %v, want the board's %v", c, p.Cell)
			}
		})
	}
}

// TestLastTurnMarks reads the marks of the last turn e4-c2/d1: the
// square left keeps a ring on its tint, the move's line crosses d3 at
// its centre, and the arrow's dashed flight inks the way from c2 to d1;
// without the last turn none of it shows.
func TestLastTurnMarks(t *testing.T) {
	g := loadGame(t, "random_game.rec")
	s := GameScene(prefix(t, g, 37))
	want, _ := amazons.ParseTurn("e4-c2/d1")
	if !s.HasLast || s.Last != want {
		t.Fatalf("last turn %v %v, want %v", s.Last, s.HasLast, want)
	}
	for _, th := range []render.Theme{render.Light, render.Dark} {
		r := newRenderer(t, th, 800)
		l, p := r.Layout(), r.style
		tint := render.Over(p.Cell, p.Last)
		ring := render.Over(tint, p.LastLine)
		line := render.Over(p.Cell, p.LastLine)
		d3, _ := amazons.ParseSquare("d3")
		m := pngImage(t, r, s)
		from := l.SquareCenter(want.From)
		if c := at(m, l, from, 0, -0.2); !near(c, ring, 12) {
			t.Errorf("%s: ring on e4: %v, want %v", th, c, ring)
		}
		if c := at(m, l, from, 0.35, 0.35); !near(c, tint, 6) {
			t.Errorf("%s: tint of e4: %v, want %v", th, c, tint)
		}
		if c := at(m, l, l.SquareCenter(d3), 0, 0); !near(c, line, 12) {
			t.Errorf("%s: the move's line at d3: %v, want %v", th, c, line)
		}
		if n := flightInk(m, l, want, ring); n < 0.25 {
			t.Errorf("%s: the flight c2-d1 inks %.0f%% of its way, want at least 25%%", th, 100*n)
		}
		plain := s
		plain.HasLast = false
		m = pngImage(t, r, plain)
		if c := at(m, l, l.SquareCenter(d3), 0, 0); near(c, line, 12) {
			t.Errorf("%s: without the last turn d3 still shows the line: %v", th, c)
		}
		if n := flightInk(m, l, want, ring); n > 0 {
			t.Errorf("%s: without the last turn the flight inks %.0f%% of its way", th, 100*n)
		}
	}
}

// flightInk is the share of the pixels between the edges of the pieces
// on t.To and t.Arrow, on the segment joining their centres, that have
// the line's colour over the last turn's tint.
func flightInk(m image.Image, l Layout, t amazons.Turn, line color.Color) float64 {
	a, b := l.SquareCenter(t.To), l.SquareCenter(t.Arrow)
	dx, dy := float64(b.X-a.X), float64(b.Y-a.Y)
	n := math.Hypot(dx, dy)
	lo, hi := 0.42*float64(l.Cell)/n, 1-0.32*float64(l.Cell)/n
	inked, total := 0, 0
	for f := lo; f <= hi; f += 1 / n {
		x, y := float64(a.X)+f*dx, float64(a.Y)+f*dy
		total++
		if near(m.At(int(math.Round(x)), int(math.Round(y))), line, 14) {
			inked++
		}
	}
	if total == 0 {
		return 0
	}
	return float64(inked) / float64(total)
}

// TestTerritoryTint reads squares of each kind of the final position:
// White's settled squares lighter than the board, none of Black's (it
// has none at the end of this game), and in a mid-game position Black's
// squares darker; untinted without Territory.
func TestTerritoryTint(t *testing.T) {
	g := loadGame(t, "random_game.rec")
	end := GameScene(g)
	if !end.Territory {
		t.Fatal("GameScene of a finished game has no territory")
	}
	mid := GameScene(prefix(t, g, 37))
	if mid.Territory {
		t.Fatal("GameScene of a game going on shows the territory")
	}
	mid.Territory, mid.HasLast = true, false
	for _, th := range []render.Theme{render.Light, render.Dark} {
		r := newRenderer(t, th, 800)
		l, p := r.Layout(), r.style
		for _, s := range []Scene{end, mid} {
			s.HasLast = false
			m := pngImage(t, r, s)
			plain := s
			plain.Territory = false
			pm := pngImage(t, r, plain)
			tr := s.Position.Territory()
			dist := [2][amazons.Squares]uint8{s.Position.QueenDistances(amazons.White), s.Position.QueenDistances(amazons.Black)}
			checked := 0
			for sq := amazons.Square(0); sq < amazons.Squares; sq++ {
				var side amazons.Side
				switch tr.Owner[sq] {
				case amazons.WhiteOwns:
					side = amazons.White
				case amazons.BlackOwns:
					side = amazons.Black
				default:
					if s.Position.At(sq) == amazons.Empty {
						if c := at(m, l, l.SquareCenter(sq), 0, 0); !near(c, p.Cell, 4) {
							t.Errorf("%s: neutral %s tinted %v", th, sq, c)
						}
					}
					continue
				}
				k := 0
				if dist[side.Other()][sq] != amazons.Unreachable {
					k = 1
				}
				want := render.Over(p.Cell, p.terr[side][k])
				c := at(m, l, l.SquareCenter(sq), 0, 0)
				if !near(c, want, 10) || near(c, p.Cell, 4) {
					t.Errorf("%s: %s owned by %s (contested %v): %v, want %v", th, sq, side, k == 1, c, want)
				}
				if c := at(pm, l, l.SquareCenter(sq), 0, 0); !near(c, p.Cell, 4) {
					t.Errorf("%s: %s tinted %v without Territory", th, sq, c)
				}
				checked++
			}
			if checked != tr.Count[0]+tr.Count[1] || checked == 0 {
				t.Errorf("%s: checked %d squares, territory %v", th, checked, tr.Count)
			}
		}
	}
}

// TestToMoveIcon reads the stone before the headline: White's (light)
// at the start, Black's (dark) after one turn, in both themes.
func TestToMoveIcon(t *testing.T) {
	g := loadGame(t, "random_game.rec")
	for _, th := range []render.Theme{render.Light, render.Dark} {
		r := newRenderer(t, th, 800)
		b := r.icons[0].Bounds()
		cy := r.lay.Status.Min.Y + r.lay.Status.Dy()*47/100 - r.head.CapHeight()/2
		c := image.Pt(r.lay.Board.Min.X-r.lay.Frame+b.Dx()/2, cy)
		for _, tc := range []struct {
			s    Scene
			want color.RGBA
		}{{Scene{}, r.style.WhiteTop}, {GameScene(prefix(t, g, 1)), r.style.BlackTop}} {
			m := pngImage(t, r, tc.s)
			if got := m.At(c.X, c.Y); !near(got, tc.want, 30) {
				t.Errorf("%s: icon of %s to move: %v, want %v", th, tc.s.Position.ToMove(), got, tc.want)
			}
		}
	}
}
