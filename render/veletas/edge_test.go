package veletas

import (
	"github.com/veletasbot/veletas/render"

	"bytes"
	"image"
	"testing"

	"github.com/veletasbot/veletas/game/veletas"
)

// TestClosedEdgeInRevisedSetup compares the image of a revised setup with
// the same board under the classic rules: the edge squares are striped
// darker, the squares inside are the same but for the line around them,
// the pieces read the same, and once the setup is over the two rule sets
// give the same image.
func TestClosedEdgeInRevisedSetup(t *testing.T) {
	for _, th := range []render.Theme{render.Light, render.Dark} {
		for _, width := range []int{400, 800} {
			r := newRenderer(t, th, width)
			for _, size := range veletas.Sizes {
				l := r.Layout(size)
				n := int(size)
				// After the first setup: a shooter inside, the black
				// stone on the edge (stones may go there).
				shooters := []veletas.Square{veletas.Sq(1, 1), veletas.Sq(3, 3), veletas.Sq(3, 4)}[:size.FirstShooters()]
				g, _ := veletas.NewGame(size, veletas.WithRules(veletas.Revised))
				g, err := g.Play(veletas.SetupAction(shooters, veletas.Sq(0, 0)))
				if err != nil {
					t.Fatal(err)
				}
				rev := g.Position()
				if !ClosedEdge(rev) || ClosedEdge(rev.WithRules(veletas.Classic)) {
					t.Fatalf("ClosedEdge: revised %v, classic %v", ClosedEdge(rev), ClosedEdge(rev.WithRules(veletas.Classic)))
				}
				mr := pngImage(t, r, Scene{Position: rev})
				mc := pngImage(t, r, Scene{Position: rev.WithRules(veletas.Classic)})
				w := max(2, l.Cell/16)
				for rk := 0; rk < n; rk++ {
					for f := 0; f < n; f++ {
						sq := veletas.Sq(f, rk)
						sr := l.SquareRect(sq)
						edge := f == 0 || rk == 0 || f == n-1 || rk == n-1
						if !edge {
							sr = sr.Inset(w + 1)
						}
						diff, darker, total := 0, 0, 0
						for y := sr.Min.Y; y < sr.Max.Y; y++ {
							for x := sr.Min.X; x < sr.Max.X; x++ {
								total++
								a, b := rgbAt(mr, image.Pt(x, y)), rgbAt(mc, image.Pt(x, y))
								if a != b {
									diff++
									if lum(a) < lum(b) {
										darker++
									}
								}
							}
						}
						switch {
						case edge && rev.At(sq) == veletas.Empty && (diff < total/5 || darker < diff*9/10):
							t.Errorf("%s %dpx %s: edge square %s: %d of %d pixels differ, %d darker; want stripes", th, width, size, sq, diff, total, darker)
						case !edge && diff != 0:
							t.Errorf("%s %dpx %s: inner square %s: %d pixels differ from the classic image", th, width, size, sq, diff)
						}
						if got, want := classify(mr, l, r.pal, sq), rev.At(sq); want != veletas.Empty && got != want {
							t.Errorf("%s %dpx %s: square %s shows piece %d, want %d", th, width, size, sq, got, want)
						}
					}
				}
				// The line around the inside: on the border between b2 and
				// a2, halfway up the inner area.
				inner := l.SquareRect(veletas.Sq(1, n/2))
				if c := rgbAt(mr, image.Pt(inner.Min.X, inner.Min.Y+l.Cell/2)); !near(c, r.pal.Bound, 12) {
					t.Errorf("%s %dpx %s: the inner border shows %v, want the line's %v", th, width, size, c, r.pal.Bound)
				}

				// The second setup and the side choice are marked too; the
				// play phase is not.
				for _, tok := range []string{"keep", inSetup(size)} {
					if g, err = g.PlayToken(tok); err != nil {
						t.Fatal(err)
					}
					if p := g.Position(); ClosedEdge(p) != (p.Phase() != veletas.PhasePlay) {
						t.Errorf("%s after %s: ClosedEdge %v in phase %v", size, tok, ClosedEdge(p), p.Phase())
					}
				}
				var a, b bytes.Buffer
				if err := r.PNG(&a, Scene{Position: g.Position()}); err != nil {
					t.Fatal(err)
				}
				if err := r.PNG(&b, Scene{Position: g.Position().WithRules(veletas.Classic)}); err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(a.Bytes(), b.Bytes()) {
					t.Errorf("%s %dpx %s: in play the revised image differs from the classic one", th, width, size)
				}
			}
		}
	}
}

// inSetup is a legal second setup after the first setup of the test: the
// remaining shooters inside the board, the white stone on the edge.
func inSetup(size veletas.Size) string {
	switch size {
	case veletas.Size7:
		return "[e5,f6]g7"
	case veletas.Size9:
		return "[f6,g7,h8]i9"
	}
	return "[f6,g7,h8,i9]j10"
}
