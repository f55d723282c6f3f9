package fanorona

import (
	"github.com/veletasbot/veletas/render"

	"fmt"
	"image"
	"math"
	"strings"
	"testing"

	"github.com/veletasbot/veletas/game/fanorona"
)

// TestFanoronaEveryCaptureMarked: a turn that lands on a point whose
// piece it captured earlier shows one cross per captured piece: the
// count of separate red marks on the board equals the count of captures.
func TestFanoronaEveryCaptureMarked(t *testing.T) {
	g := landingCapture(t)
	s := GameScene(g)
	landed := s.Captured & (s.Position.Pieces(fanorona.White) | s.Position.Pieces(fanorona.Black))
	if landed == 0 {
		t.Fatalf("the scene's turn %s lands on none of its captures %v", s.Last, s.Captured.Points())
	}
	for _, th := range []render.Theme{render.Light, render.Dark} {
		for _, w := range []int{400, 800} {
			r := newRenderer(t, th, w)
			l := r.Layout()
			m := fanoronaPNG(t, r, s)
			if got, want := markBlobs(m, l.Board, r.pal.captureMark(), 40, w/100), s.Captured.Count(); got != want {
				t.Errorf("%s %d px: %d crosses for %d captures (%v, landed on %v)", th, w, got, want, s.Captured.Points(), landed.Points())
			}
		}
	}
}

// TestFanoronaMoverRinged: during a capture sequence the capturing piece
// has a ring all round it; between turns no piece has one.
func TestFanoronaMoverRinged(t *testing.T) {
	s := sequenceUnderWay(t)
	mover, ok := s.Position.MovingPiece()
	if !ok {
		t.Fatal("the scene has no sequence under way")
	}
	between := GameScene(fanoronaMidGame(t))
	for _, th := range []render.Theme{render.Light, render.Dark} {
		for _, w := range []int{400, 800} {
			r := newRenderer(t, th, w)
			l := r.Layout()
			m := fanoronaPNG(t, r, s)
			c := l.PointCenter(mover)
			rad := moverRingR * float64(l.Spacing)
			for k := 0; k < 8; k++ {
				a := float64(k) * math.Pi / 4
				px := c.Add(image.Pt(int(math.Round(rad*math.Cos(a))), int(math.Round(rad*math.Sin(a)))))
				if got := rgbAt(m, px); !near(got, r.pal.HintSel, 24) {
					t.Errorf("%s %d px: the ring around %s at %v shows %v, want %v", th, w, mover, px, got, r.pal.HintSel)
				}
			}
			if n := markBlobs(fanoronaPNG(t, r, between), l.Board, r.pal.HintSel, 24, 1); n != 0 {
				t.Errorf("%s %d px: between turns %d rings show", th, w, n)
			}
		}
	}
}

// TestFanoronaQuietCount: from QuietShown turns without a capture the
// line under the board counts them towards the draw, in the scene's
// language; before, it says nothing.
func TestFanoronaQuietCount(t *testing.T) {
	want := map[string]string{
		"en": "Turns without a capture: %d/100",
		"fr": "Tours sans prise : %d/100",
		"ja": "取りのない手：%d/100",
	}
	r := newRenderer(t, render.Dark, 400)
	l := r.Layout()
	for _, q := range []int{QuietShown - 1, QuietShown, 87, 99} {
		for lg, pat := range want {
			s := Scene{Position: quietPosition(t, q), Lang: lg}
			st := statusOf(s)
			m := fanoronaPNG(t, r, s)
			ink := inkIn(m, l.Note, r.pal.Page)
			alert := markBlobs(m, l.Note, r.pal.Win, 40, 2)
			if q < QuietShown {
				if st.note != "" || ink != 0 {
					t.Errorf("%d quiet turns, %s: note %q, %d pixels of ink under the board", q, lg, st.note, ink)
				}
				continue
			}
			if text := fmt.Sprintf(pat, q); st.note != text {
				t.Errorf("%d quiet turns, %s: note %q, want %q", q, lg, st.note, text)
			}
			if alert < 5 {
				t.Errorf("%d quiet turns, %s: %d marks of the alert's colour under the board, want the count", q, lg, alert)
			}
		}
	}
	// Véla's first phase keeps its own note; after it the count shows.
	vela := loadFanorona(t, "vela_game.rec")
	for _, p := range vela.Positions() {
		if !p.FirstPhase() || p.Over() {
			continue
		}
		if st := statusOf(Scene{Position: p}); !strings.HasPrefix(st.note, "Véla: Black may not") {
			t.Errorf("first phase: note %q", st.note)
		}
		break
	}
}

// TestFanoronaCountsReadable: the piece counts, Fanorona's score, stand
// as tall as the Veletas score line: 14 px or more at 400 px, measured
// from the ink of Black's count at the right end of the strip.
func TestFanoronaCountsReadable(t *testing.T) {
	s := GameScene(fanoronaMidGame(t))
	for _, th := range []render.Theme{render.Light, render.Dark} {
		for _, w := range []int{400, 800} {
			r := newRenderer(t, th, w)
			l := r.Layout()
			m := fanoronaPNG(t, r, s)
			n := fmt.Sprint(s.Position.Count(fanorona.Black))
			digits := image.Rect(l.Board.Max.X-r.small.Measure(n), l.Status.Min.Y, l.Board.Max.X+1, l.Status.Max.Y)
			bands := inkBands(m, digits, r.pal.Page)
			if len(bands) == 0 {
				t.Fatalf("%s %d px: no ink at the right end of the strip %v", th, w, digits)
			}
			if h, want := bands[0][1]-bands[0][0], 14*w/400; h < want {
				t.Errorf("%s %d px: Black's count %s is %d px tall, want %d or more", th, w, n, h, want)
			}
		}
	}
}

// TestFanoronaStripLanguages: Fanorona's strip and the line under the
// board speak the scene's language: no English word in French or
// Japanese, no Latin letter in Japanese but the token, for every
// position of both records, a sequence under way, a draw and a
// resignation; and every text fits at phone width.
func TestFanoronaStripLanguages(t *testing.T) {
	var scenes []Scene
	for _, name := range []string{"fanorona_game.rec", "vela_game.rec"} {
		g := loadFanorona(t, name)
		for i := 0; i <= g.Len(); i += 3 {
			scenes = append(scenes, GameScene(prefix(t, g, i)))
		}
		scenes = append(scenes, GameScene(g))
	}
	scenes = append(scenes, sequenceUnderWay(t),
		Scene{Position: quietPosition(t, 100)},
		Scene{Position: quietPosition(t, 90)},
		Scene{Position: fanorona.NewPosition(fanorona.Vela), Winner: fanorona.Black, HasWinner: true})
	english := []string{"White", "Black", "to move", "capturing", "wins", "Draw", "Last turn", "both sides", "may not", "turns", "capture"}
	r := newRenderer(t, render.Light, 400)
	l := r.Layout()
	gap := r.small.CapHeight()
	for _, lg := range []string{"en", "fr", "ja"} {
		for i, s := range scenes {
			s.Lang = lg
			st := statusOf(s)
			text := st.head + " " + st.note + " " + st.lead + " " + st.game
			if lg != "en" {
				for _, w := range english {
					if strings.Contains(text, w) {
						t.Errorf("%s scene %d says %q: %q", lg, i, w, text)
					}
				}
			}
			if lg == "ja" && strings.IndexFunc(text, func(r rune) bool { return r < 0x80 && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') }) >= 0 {
				t.Errorf("ja scene %d has Latin letters: %q", i, text)
			}
			if s.Position.Result() == fanorona.Draw && st.note == "" {
				t.Errorf("%s: a draw does not say why", lg)
			}
			head := r.head.Measure(st.head)
			if !st.noIcon {
				head += r.icons[st.icon].Rect.Dx() + r.head.CapHeight()/4
			}
			counts := gap
			for _, c := range []fanorona.Color{fanorona.White, fanorona.Black} {
				counts += r.small.Measure(fmt.Sprint(st.counts[c])) + r.minis[c].Rect.Dx() + gap/4
			}
			if head+counts > l.Board.Dx() {
				t.Errorf("%s scene %d: the headline %q and the counts take %d px, the board %d", lg, i, st.head, head+counts, l.Board.Dx())
			}
			if n := r.note.Measure(st.note); n > l.Width-2*max(6, l.Width/50) {
				t.Errorf("%s scene %d: the note %q is %d px wide in an image of %d", lg, i, st.note, n, l.Width)
			}
		}
	}
}
