package veletas

import (
	"github.com/veletasbot/veletas/render"

	"image"
	"image/color"
	"math"
	"testing"

	"github.com/veletasbot/veletas/game/veletas"
)

// contrast is the contrast ratio of two colours (WCAG), 1 to 21.
func contrast(a, b color.RGBA) float64 {
	la, lb := lum(a), lum(b)
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

// TestStoneToMoveStandsOut: the stone before the headline has a ring
// that stands apart from the page (a contrast of 3 or more, the least
// for a graphic) all round, in both themes, for both colours, at phone
// and desktop width: on the dark page a black stone no longer fades
// into it.
func TestStoneToMoveStandsOut(t *testing.T) {
	g7 := loadRecord(t, "game_s7_03.rec")
	scenes := map[veletas.Color]Scene{
		veletas.Black: GameScene(g7.Undo(g7.Len())),     // Black to place
		veletas.White: GameScene(g7.Undo(g7.Len() - 1)), // White to choose
	}
	for _, th := range []render.Theme{render.Light, render.Dark} {
		for _, w := range []int{400, 800} {
			r := newRenderer(t, th, w)
			for c, s := range scenes {
				m := pngImage(t, r, s)
				l := r.Layout(s.Position.Size())
				st := statusOf(s.Position, s.Last, s.Lang)
				if st.icon != c {
					t.Fatalf("scene of %v to act shows the stone of %v", c, st.icon)
				}
				y1, _, _, _ := r.stripRows(l, st)
				icon := r.icons[c]
				cx := float64(l.Board.Min.X-l.Frame) + float64(icon.Rect.Dx())/2
				cy := float64(y1-r.head.CapHeight()/2-icon.Rect.Dy()/2) + float64(icon.Rect.Dy())/2
				rad, ring := render.IconSize(r.head)
				for k := 0; k < 16; k++ {
					a := float64(k) * math.Pi / 8
					px := image.Pt(int(cx+(rad+ring/2)*math.Cos(a)), int(cy+(rad+ring/2)*math.Sin(a)))
					if got := rgbAt(m, px); contrast(got, r.pal.Page) < 3 {
						t.Errorf("%s %d px, %v to act: the stone's edge at %v shows %v, contrast %.2f with the page %v, want 3 or more",
							th, w, c, px, got, contrast(got, r.pal.Page), r.pal.Page)
					}
				}
			}
		}
	}
}

// TestShortMoveShowsOverClaim: a turn that moves a shooter one square
// and claims it there shows the move's arrowhead over the claim frame, on
// the edge between the two squares, and a third line of the strip says
// who claimed which shooter, in the frame's colour, in every language.
func TestShortMoveShowsOverClaim(t *testing.T) {
	g := oneSquareClaim(t)
	s := GameScene(g)
	to := s.Last.Turn.To
	if !s.Claimed.Has(to) {
		t.Fatalf("the scene's last turn %v claims %v, not its shooter's square", s.Last, s.Claimed.Squares())
	}
	claimer := veletas.Black
	if s.Position.At(to) == veletas.WhiteShooter {
		claimer = veletas.White
	}
	want := map[string]string{
		"en": map[veletas.Color]string{veletas.Black: "Black", veletas.White: "White"}[claimer] + " claims " + to.String(),
		"fr": "Les " + map[veletas.Color]string{veletas.Black: "Noirs", veletas.White: "Blancs"}[claimer] + " capturent " + to.String(),
		"ja": map[veletas.Color]string{veletas.Black: "黒", veletas.White: "白"}[claimer] + "が" + to.String() + "を獲得",
	}
	for _, th := range []render.Theme{render.Light, render.Dark} {
		for _, w := range []int{400, 800} {
			r := newRenderer(t, th, w)
			l := r.Layout(g.Size())
			for lg, caption := range want {
				if got := r.caption(l, s.Position, s.Claimed, lg); got != caption {
					t.Errorf("%s: caption %q, want %q", lg, got, caption)
				}
				m := pngImage(t, r, lang(s, lg))
				x, y := moveMarkAt(l, s.Last.Turn)
				at := image.Pt(int(x), int(y))
				if got := rgbAt(m, at); !near(got, r.pal.MoveMark, 16) {
					t.Errorf("%s %d px %s: between %s and %s (%v) the image shows %v, want the move's mark %v",
						th, w, lg, s.Last.Turn.From, to, at, got, r.pal.MoveMark)
				}
				// The caption: ink of the claim frame's colour in the strip.
				n := 0
				for yy := l.Status.Min.Y; yy < l.Status.Max.Y; yy++ {
					for xx := l.Status.Min.X; xx < l.Status.Max.X; xx++ {
						if near(rgbAt(m, image.Pt(xx, yy)), r.pal.Claim, 24) {
							n++
						}
					}
				}
				if min := w / 8; n < min {
					t.Errorf("%s %d px %s: %d pixels of the claim's colour in the strip, want a caption (%d or more)", th, w, lg, n, min)
				}
			}
		}
	}
	// Without a claim, no caption.
	if c := claimCaption(s.Position, veletas.Bits{}, "en", nil); c != "" {
		t.Errorf("no claim: caption %q", c)
	}
}

// TestScoreLineReadable: the score line's letters stand at least 14 px
// tall in an image 400 px wide (as Discord shows it on a phone) and grow
// with the image: the height of the second line of ink in the left half
// of the strip, measured from the pixels that differ from the page.
func TestScoreLineReadable(t *testing.T) {
	mid := midGame(t, loadRecord(t, "game_s10_10.rec"))
	for _, th := range []render.Theme{render.Light, render.Dark} {
		for _, w := range []int{400, 800} {
			r := newRenderer(t, th, w)
			l := r.Layout(veletas.Size10)
			for _, lg := range []string{"en", "fr", "ja"} {
				m := pngImage(t, r, lang(GameScene(mid), lg))
				// The left half: the score, without what wins on its right.
				bands := inkBands(m, image.Rect(0, l.Status.Min.Y, l.Width/2, l.Status.Max.Y), r.pal.Page)
				if len(bands) < 2 {
					t.Fatalf("%s %d px %s: %d lines of ink in the strip, want the headline and the score", th, w, lg, len(bands))
				}
				h := bands[1][1] - bands[1][0]
				if want := 14 * w / 400; h < want {
					t.Errorf("%s %d px %s: the score line is %d px tall (rows %d to %d), want %d or more", th, w, lg, h, bands[1][0], bands[1][1], want)
				}
			}
		}
	}
}

// TestStripFits: every text of the strip, in every language, for every
// phase, an ending off the board and a caption of two claims, fits
// beside its neighbour on its line at phone and desktop width.
func TestStripFits(t *testing.T) {
	g7 := loadRecord(t, "game_s7_03.rec")
	mid := midGame(t, loadRecord(t, "game_s10_10.rec"))
	type entry struct {
		size veletas.Size
		st   func(lang string) status
	}
	var all []entry
	for n := 0; n <= g7.Len(); n++ {
		g := g7.Undo(g7.Len() - n)
		all = append(all, entry{g.Size(), func(l string) status { return statusOf(g.Position(), GameScene(g).Last, l) }})
	}
	for _, end := range []render.Ending{render.EndResign, render.EndTime} {
		all = append(all, entry{mid.Size(), func(l string) status {
			return ended(statusOf(mid.Position(), GameScene(mid).Last, l), veletas.White, end, l)
		}})
	}
	p := mid.Position()
	two := p.ClaimedBy(veletas.Black).Or(p.ClaimedBy(veletas.White))
	captioned := len(all)
	all = append(all, entry{mid.Size(), func(l string) status { return statusOf(p, GameScene(mid).Last, l) }})
	for _, w := range []int{400, 800} {
		r := newRenderer(t, render.Light, w)
		for i, e := range all {
			l := r.Layout(e.size)
			width := l.Board.Dx() + 2*l.Frame
			for _, lg := range []string{"en", "fr", "ja"} {
				st := e.st(lg)
				if i == captioned {
					// Every claimed shooter, as if one turn claimed them all.
					st.caption = r.caption(l, p, two, lg)
				}
				_, _, _, needRow := r.stripRows(l, st)
				lines := map[string]int{
					"headline": r.icons[st.icon].Rect.Dx() + r.head.CapHeight()/4 + r.head.Measure(st.head) + r.small.CapHeight() + r.note.Measure(st.token),
					"score":    r.small.Measure(st.score),
					"caption":  r.small.Measure(st.caption),
				}
				switch needRow {
				case 2:
					lines["score"] += r.small.CapHeight() + r.small.Measure(st.need)
				case 3:
					lines["caption"] += r.small.CapHeight() + r.small.Measure(st.need)
				default:
					if st.need != "" {
						t.Errorf("%d px, status %d, %s: %q is left out", w, i, lg, st.need)
					}
				}
				for name, n := range lines {
					if n > width {
						t.Errorf("%d px, status %d, %s: the %s line is %d px wide, the strip %d (%+v)", w, i, lg, name, n, width, st)
					}
				}
			}
		}
	}
}
