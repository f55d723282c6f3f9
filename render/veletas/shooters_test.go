package veletas

import (
	"github.com/veletasbot/veletas/render"

	"image"
	"math"
	"testing"

	"github.com/veletasbot/veletas/game/veletas"
)

// TestShootersDistinctAtPhoneWidth: on a crowded 10x10 board drawn 400 px
// wide (a phone in portrait), in both themes, an unclaimed shooter (a
// light cross on red) and a shooter claimed by White (a white stone on
// red) or Black differ in the disc inside their red rim: the mean colour
// of that disc is far apart (more than 100 in RGB distance, where two
// greys a step apart in Discord's palette differ by about 10), and at the
// four points between the cross's arms an unclaimed shooter shows red and
// a claimed one its stone.
func TestShootersDistinctAtPhoneWidth(t *testing.T) {
	g := midGame(t, loadRecord(t, "game_s10_10.rec"))
	pos := g.Position()
	kinds := map[veletas.Piece]veletas.Square{}
	for _, sq := range pos.Unclaimed().Squares() {
		kinds[veletas.Shooter] = sq
	}
	for _, c := range []veletas.Color{veletas.Black, veletas.White} {
		for _, sq := range pos.ClaimedBy(c).Squares() {
			kinds[pos.At(sq)] = sq
		}
	}
	if len(kinds) != 3 {
		t.Fatalf("the position lacks a kind of shooter: %v", kinds)
	}
	for _, th := range []render.Theme{render.Light, render.Dark} {
		r := newRenderer(t, th, 400)
		m := pngImage(t, r, Scene{Position: pos}) // no highlight
		l := r.Layout(veletas.Size10)
		if l.Width != 400 || l.Cell > 36 {
			t.Fatalf("layout %+v", l)
		}
		mean := map[veletas.Piece][3]float64{}
		for piece, sq := range kinds {
			c := l.SquareCenter(sq)
			rad := float64(l.Cell) * 0.30
			var sum [3]float64
			n := 0
			for y := -int(rad); y <= int(rad); y++ {
				for x := -int(rad); x <= int(rad); x++ {
					if math.Hypot(float64(x), float64(y)) > rad {
						continue
					}
					px := rgbAt(m, c.Add(image.Pt(x, y)))
					sum[0], sum[1], sum[2] = sum[0]+float64(px.R), sum[1]+float64(px.G), sum[2]+float64(px.B)
					n++
				}
			}
			mean[piece] = [3]float64{sum[0] / float64(n), sum[1] / float64(n), sum[2] / float64(n)}
			d := l.Cell * 20 / 100
			for _, off := range []image.Point{{d, d}, {-d, d}, {d, -d}, {-d, -d}} {
				px := rgbAt(m, c.Add(off))
				switch piece {
				case veletas.Shooter:
					if !isRed(px) {
						t.Errorf("%s: unclaimed shooter on %s shows %v between its cross's arms, not red", th, sq, px)
					}
				case veletas.WhiteShooter:
					if lum(px) < 0.4 || isRed(px) { // 0.4: the stone's shaded crescent
						t.Errorf("%s: White's shooter on %s shows %v, not its white stone", th, sq, px)
					}
				case veletas.BlackShooter:
					if lum(px) > 0.1 {
						t.Errorf("%s: Black's shooter on %s shows %v, not its black stone", th, sq, px)
					}
				}
			}
		}
		dist := func(a, b veletas.Piece) float64 {
			x, y := mean[a], mean[b]
			return math.Sqrt((x[0]-y[0])*(x[0]-y[0]) + (x[1]-y[1])*(x[1]-y[1]) + (x[2]-y[2])*(x[2]-y[2]))
		}
		for _, pair := range [][2]veletas.Piece{{veletas.Shooter, veletas.WhiteShooter}, {veletas.Shooter, veletas.BlackShooter}, {veletas.WhiteShooter, veletas.BlackShooter}} {
			if d := dist(pair[0], pair[1]); d < 100 {
				t.Errorf("%s: pieces %d and %d differ by %.0f only inside the rim (%v, %v)", th, pair[0], pair[1], d, mean[pair[0]], mean[pair[1]])
			} else {
				t.Logf("%s: pieces %d and %d differ by %.0f", th, pair[0], pair[1], d)
			}
		}
	}
}
