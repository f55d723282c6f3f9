package fanorona

import (
	"github.com/veletasbot/veletas/render"

	"bytes"
	"image"
	"image/color"
	"image/draw"
	"image/gif"
	"image/png"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/veletasbot/veletas/game/fanorona"
)

func loadFanorona(t testing.TB, name string) fanorona.Game {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	g, err := fanorona.ParseRecord(f)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return g
}

// prefix returns the game after its first n turns.
func prefix(t testing.TB, g fanorona.Game, n int) fanorona.Game {
	t.Helper()
	out := fanorona.NewGame(g.Variant())
	for _, turn := range g.Turns()[:n] {
		var err error
		if out, err = out.Play(turn); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// fanoronaMidGame is the game after its first capture sequence of three
// steps or more that leaves both sides with pieces: a mid-game image
// with a long path and several crosses.
func fanoronaMidGame(t testing.TB) fanorona.Game {
	g := loadFanorona(t, "fanorona_game.rec")
	for i, turn := range g.Turns() {
		if turn.Len() >= 3 && i >= 4 {
			return prefix(t, g, i+1)
		}
	}
	t.Fatal("no capture sequence of three steps in the record")
	return g
}

func fanoronaPNG(t testing.TB, r *Renderer, s Scene) image.Image {
	t.Helper()
	var b bytes.Buffer
	if err := r.PNG(&b, s); err != nil {
		t.Fatal(err)
	}
	m, err := png.Decode(&b)
	if err != nil {
		t.Fatalf("decoding our own png: %v", err)
	}
	return m
}

// probe is a pixel near a point, inside a piece's lit face, off the
// board's lines, the path of a step along a line, and the capture cross.
func probe(l Layout, p fanorona.Point) image.Point {
	return l.PointCenter(p).Add(image.Pt(l.Spacing*15/100, l.Spacing*8/100))
}

// TestFanoronaPieces draws random positions of both variants in both
// themes at two widths and reads every point back from the PNG: a white
// piece, a black piece or the bare board.
func TestFanoronaPieces(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, th := range []render.Theme{render.Light, render.Dark} {
		for _, w := range []int{800, 400} {
			r := newRenderer(t, th, w)
			l := r.Layout()
			pal := r.pal
			for _, v := range fanorona.Variants {
				p := fanorona.NewPosition(v)
				for i := 0; i < 12 && !p.Over(); i++ {
					p, _ = p.RandomTurn(rng)
				}
				m := fanoronaPNG(t, r, Scene{Position: p})
				for pt := fanorona.Point(0); pt < fanorona.Points; pt++ {
					got := rgbAt(m, probe(l, pt))
					c, ok := p.At(pt)
					var want color.RGBA
					switch {
					case !ok:
						want = pal.Cell
					case c == fanorona.White:
						want = pal.WhiteTop
					default:
						want = pal.BlackTop
					}
					if !near(got, want, 12) {
						t.Errorf("%s %d px %s: point %s shows %v, want %v (piece %v, %v)", th, w, v, pt, got, want, c, ok)
					}
				}
			}
		}
	}
}

// TestFanoronaLastTurn checks the captured points are crossed out in red,
// other empty points are not, and the path runs between the steps'
// points.
func TestFanoronaLastTurn(t *testing.T) {
	g := fanoronaMidGame(t)
	s := GameScene(g)
	if s.Captured == 0 || s.Last.Len() < 3 {
		t.Fatalf("scene has last turn %s and captures %v", s.Last, s.Captured)
	}
	before := g.Positions()[g.Len()-1]
	them := before.ToMove().Other()
	if want := before.Count(them) - s.Position.Count(them); s.Captured.Count() != want {
		t.Fatalf("%d points crossed out, %d pieces captured", s.Captured.Count(), want)
	}
	for _, th := range []render.Theme{render.Light, render.Dark} {
		r := newRenderer(t, th, 800)
		l := r.Layout()
		m := fanoronaPNG(t, r, s)
		path := map[fanorona.Point]bool{s.Last.From(): true}
		for i := 0; i < s.Last.Len(); i++ {
			path[s.Last.Step(i).To] = true
		}
		for pt := fanorona.Point(0); pt < fanorona.Points; pt++ {
			if _, occupied := s.Position.At(pt); occupied {
				continue // the mover may end on a point it emptied
			}
			// An arm of the cross, a sixth of a spacing from the centre.
			arm := l.PointCenter(pt).Add(image.Pt(l.Spacing/9, l.Spacing/9))
			red := near(rgbAt(m, arm), r.pal.captureMark(), 24)
			if s.Captured.Has(pt) != red {
				t.Errorf("%s: point %s captured %v, red cross %v (%v)", th, pt, s.Captured.Has(pt), red, rgbAt(m, arm))
			}
		}
		// Halfway along each step the path's colour shows (no piece
		// stands between two neighbouring points).
		wantLine := render.Over(r.pal.Cell, r.pal.LastLine)
		for i := 0; i < s.Last.Len(); i++ {
			st := s.Last.Step(i)
			a, b := l.PointCenter(st.From), l.PointCenter(st.To)
			mid := image.Pt((a.X+b.X)/2, (a.Y+b.Y)/2)
			if got := rgbAt(m, mid); !near(got, wantLine, 20) {
				t.Errorf("%s: halfway along step %s the image shows %v, want the path's %v", th, st, got, wantLine)
			}
		}
	}
}

// TestFanoronaThemes checks the page colour of each theme, and that the
// dark theme is dark.
func TestFanoronaThemes(t *testing.T) {
	for _, th := range []render.Theme{render.Light, render.Dark} {
		r := newRenderer(t, th, 600)
		m := fanoronaPNG(t, r, Scene{Position: fanorona.NewPosition(fanorona.Fanorona)})
		got := rgbAt(m, image.Pt(2, 2))
		if got != render.ThemeColors(th).Page {
			t.Errorf("%s: page %v, want %v", th, got, render.ThemeColors(th).Page)
		}
		if dark := lum(got) < 0.1; dark != (th == render.Dark) {
			t.Errorf("%s: page luminance %.2f", th, lum(got))
		}
	}
}

// inkIn counts the pixels of a rectangle that differ from the page.
func inkIn(m image.Image, rect image.Rectangle, page color.RGBA) int {
	n := 0
	for y := rect.Min.Y; y < rect.Max.Y; y++ {
		for x := rect.Min.X; x < rect.Max.X; x++ {
			if !near(rgbAt(m, image.Pt(x, y)), page, 8) {
				n++
			}
		}
	}
	return n
}

// TestFanoronaStatus checks whose turn the strip shows (the colour of the
// stone before the headline), and that the note about Véla's first phase
// is drawn exactly while the phase lasts.
func TestFanoronaStatus(t *testing.T) {
	r := newRenderer(t, render.Light, 800)
	l := r.Layout()
	iconAt := func(m image.Image) color.RGBA {
		cy := l.Status.Min.Y + l.Status.Dy()*45/100 - r.head.CapHeight()/2
		ic := r.icons[fanorona.White]
		return rgbAt(m, image.Pt(l.Board.Min.X+ic.Rect.Dx()/2, cy))
	}
	vela := loadFanorona(t, "vela_game.rec")
	phaseEnd := -1
	for i, p := range vela.Positions() {
		if !p.FirstPhase() {
			phaseEnd = i
			break
		}
	}
	if phaseEnd < 2 {
		t.Fatalf("the Véla record leaves the first phase at %d", phaseEnd)
	}
	cases := []struct {
		name  string
		g     fanorona.Game
		white bool // White to move
		note  bool
	}{
		{"fanorona start", fanorona.NewGame(fanorona.Fanorona), true, false},
		{"vela start", fanorona.NewGame(fanorona.Vela), true, true},
		{"vela black to move", prefix(t, vela, 1), false, true},
		{"vela after the first phase", prefix(t, vela, phaseEnd), phaseEnd%2 == 0, true},
		{"fanorona mid-game", fanoronaMidGame(t), fanoronaMidGame(t).Position().ToMove() == fanorona.White, false},
	}
	for _, c := range cases {
		s := GameScene(c.g)
		m := fanoronaPNG(t, r, s)
		got := iconAt(m)
		if isWhite := lum(got) > 0.6; isWhite != c.white {
			t.Errorf("%s: the turn icon shows %v (luminance %.2f), White to move %v", c.name, got, lum(got), c.white)
		}
		ink := inkIn(m, l.Note, r.pal.Page)
		if (ink > 0) != c.note {
			t.Errorf("%s: %d pixels of ink under the board, want a note %v", c.name, ink, c.note)
		}
		st := statusOf(s)
		if c.g.Position().FirstPhase() != (st.note == "Véla: Black may not capture until 5 are left") {
			t.Errorf("%s: note %q in first phase %v", c.name, st.note, c.g.Position().FirstPhase())
		}
	}
	// A finished game says who won, and a resignation does too.
	full := loadFanorona(t, "fanorona_game.rec")
	if st := statusOf(GameScene(full)); !st.won || st.head != colorWord(wordsFor("en"), mustWinner(t, full))+" wins" {
		t.Errorf("finished game: %+v", st)
	}
	if st := statusOf(Scene{Position: fanorona.NewPosition(fanorona.Fanorona), Winner: fanorona.Black, HasWinner: true}); st.head != "Black wins" {
		t.Errorf("resigned game: %+v", st)
	}
}

func mustWinner(t *testing.T, g fanorona.Game) fanorona.Color {
	c, ok := g.Position().Result().Winner()
	if !ok {
		t.Fatalf("the record ends %v", g.Position().Result())
	}
	return c
}

// TestFanoronaSequence draws a capture sequence under way, played step
// by step: the strip says the mover is capturing, the path and the cross
// of the first step show.
func TestFanoronaSequence(t *testing.T) {
	before, err := fanorona.ParseDiagram(`
. . . . . . . . .
. . . . . . . . .
. b . . . . . b .
. . . . . . . . .
w . b . . . . . .`, fanorona.White, 0, fanorona.Fanorona)
	if err != nil {
		t.Fatal(err)
	}
	step := fanorona.Step{From: fanorona.NewPoint(0, 0), To: fanorona.NewPoint(1, 0), Capture: fanorona.Approach}
	mid, err := before.Step(step)
	if err != nil || !mid.InSequence() {
		t.Fatalf("a1-b1A: %v, in sequence %v", err, mid.InSequence())
	}
	last, _ := fanorona.NewTurn(step)
	s := Scene{Position: mid, Last: last, Captured: Captured(before, mid)}
	if s.Captured != 1<<fanorona.NewPoint(2, 0) {
		t.Fatalf("captured %v, want c1", s.Captured.Points())
	}
	if st := statusOf(s); st.head != "White capturing" || st.token != "a1-b1A" {
		t.Errorf("status %+v", st)
	}
	r := newRenderer(t, render.Light, 800)
	l := r.Layout()
	m := fanoronaPNG(t, r, s)
	c1 := l.PointCenter(fanorona.NewPoint(2, 0)).Add(image.Pt(l.Spacing/9, l.Spacing/9))
	if got := rgbAt(m, c1); !near(got, r.pal.captureMark(), 24) {
		t.Errorf("c1 shows %v, want the red cross", got)
	}
}

// TestFanoronaGolden compares Fanorona images with the golden files:
// a turn landing on a point it captured, a sequence under way, the
// count of turns without a capture and a draw in each language, and
// Véla's first phase in French.
func TestFanoronaGolden(t *testing.T) {
	cases := []struct {
		name  string
		theme render.Theme
		width int
		s     Scene
	}{
		{"fanorona_land_dark_400", render.Dark, 400, GameScene(landingCapture(t))},
		{"fanorona_land_light_800", render.Light, 800, GameScene(landingCapture(t))},
		{"fanorona_sequence_light_400", render.Light, 400, sequenceUnderWay(t)},
		{"fanorona_sequence_dark_400", render.Dark, 400, sequenceUnderWay(t)},
		{"fanorona_quiet_dark_400", render.Dark, 400, Scene{Position: quietPosition(t, 87)}},
		{"fanorona_quiet_light_fr_400", render.Light, 400, Scene{Position: quietPosition(t, 87), Lang: "fr"}},
		{"fanorona_quiet_dark_ja_400", render.Dark, 400, Scene{Position: quietPosition(t, 87), Lang: "ja"}},
		{"fanorona_draw_light_ja_400", render.Light, 400, Scene{Position: quietPosition(t, 100), Lang: "ja"}},
		{"fanorona_vela_dark_fr_400", render.Dark, 400, fanoronaLang(GameScene(prefix(t, loadFanorona(t, "vela_game.rec"), 1)), "fr")},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := newRenderer(t, c.theme, c.width)
			var b bytes.Buffer
			if err := r.PNG(&b, c.s); err != nil {
				t.Fatal(err)
			}
			checkGolden(t, c.name, b.Bytes())
		})
	}
}

// TestLayout checks that every point's centre maps back to the
// point, inside the board, and that the layout fits the image.
func TestLayout(t *testing.T) {
	for _, w := range []int{render.MinWidth, 400, 800, render.MaxWidth} {
		l := NewLayout(w)
		if !l.Board.In(l.Bounds()) || l.Status.Max.Y > l.Board.Min.Y || l.Note.Min.Y < l.Board.Max.Y || l.Note.Max.Y > l.Height {
			t.Errorf("width %d: layout %+v does not fit", w, l)
		}
		for pt := fanorona.Point(0); pt < fanorona.Points; pt++ {
			c := l.PointCenter(pt)
			if !c.In(l.Board) {
				t.Errorf("width %d: %s at %v is off the board %v", w, pt, c, l.Board)
			}
			if got, ok := l.PointAt(c.Add(image.Pt(l.Spacing/3, -l.Spacing/3))); !ok || got != pt {
				t.Errorf("width %d: PointAt near %s gives %s, %v", w, pt, got, ok)
			}
		}
		if _, ok := l.PointAt(image.Pt(1, 1)); ok {
			t.Errorf("width %d: the corner of the image is a point", w)
		}
	}
}

// TestFanoronaGIF decodes the replay of a whole game, composes its frames
// as a viewer does, and checks the last picture is the PNG of the final
// position, one frame per turn plus the start.
func TestFanoronaGIF(t *testing.T) {
	for _, name := range []string{"fanorona_game.rec", "vela_game.rec"} {
		g := loadFanorona(t, name)
		r := newRenderer(t, render.Dark, 500)
		var b bytes.Buffer
		if err := r.GIF(&b, g); err != nil {
			t.Fatal(err)
		}
		anim, err := gif.DecodeAll(bytes.NewReader(b.Bytes()))
		if err != nil {
			t.Fatalf("decoding our own gif: %v", err)
		}
		if len(anim.Image) != g.Len()+1 {
			t.Fatalf("%s: %d frames for %d turns", name, len(anim.Image), g.Len())
		}
		if d := anim.Delay[len(anim.Delay)-1]; d != render.GIFHoldDelay {
			t.Errorf("%s: last frame delay %d, want %d", name, d, render.GIFHoldDelay)
		}
		l := r.Layout()
		canvas := image.NewRGBA(l.Bounds())
		for _, frame := range anim.Image {
			draw.Draw(canvas, frame.Bounds(), frame, frame.Bounds().Min, draw.Over)
		}
		want := toRGBA(fanoronaPNG(t, r, GameScene(g)))
		if !bytes.Equal(canvas.Pix, want.Pix) {
			t.Errorf("%s: the gif's last picture differs from the png of the final position", name)
		}
		t.Logf("%s: %d turns, %d bytes", name, g.Len(), b.Len())
	}
}

// TestFanoronaConcurrent draws from many goroutines with one renderer (run
// with -race) and checks each gets the image of its own scene.
func TestFanoronaConcurrent(t *testing.T) {
	r := newRenderer(t, render.Light, 400)
	g := loadFanorona(t, "fanorona_game.rec")
	want := make([][]byte, 6)
	for i := range want {
		var b bytes.Buffer
		if err := r.PNG(&b, GameScene(prefix(t, g, i*3))); err != nil {
			t.Fatal(err)
		}
		want[i] = b.Bytes()
	}
	var wg sync.WaitGroup
	errs := make(chan string, 60)
	for k := 0; k < 12; k++ {
		wg.Add(1)
		go func(k int) {
			defer wg.Done()
			for j := 0; j < 5; j++ {
				i := (k + j) % len(want)
				var b bytes.Buffer
				if err := r.PNG(&b, GameScene(prefix(t, g, i*3))); err != nil {
					errs <- err.Error()
					return
				}
				if !bytes.Equal(b.Bytes(), want[i]) {
					errs <- "a concurrent image differs"
				}
			}
		}(k)
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

// BenchmarkFanoronaPNG renders a mid-game position with its last turn (a
// capture sequence) and encodes the PNG at 800 px, as the bot does after
// every turn, in each theme. It reports milliseconds (wall time, and the
// process's CPU time, which the machine's load does not inflate) and bytes
// per image.
func BenchmarkFanoronaPNG(b *testing.B) {
	for _, th := range []render.Theme{render.Light, render.Dark} {
		b.Run(th.String(), func(b *testing.B) {
			r, err := New(render.Options{Theme: th, Width: 800})
			if err != nil {
				b.Fatal(err)
			}
			s := GameScene(fanoronaMidGame(b))
			var buf bytes.Buffer
			if err := r.PNG(&buf, s); err != nil { // warm the caches
				b.Fatal(err)
			}
			b.ResetTimer()
			cpu0 := cpuTime()
			for b.Loop() {
				buf.Reset()
				if err := r.PNG(&buf, s); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N), "ms/png")
			if cpu := cpuTime() - cpu0; cpu > 0 {
				b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/png")
			}
			b.ReportMetric(float64(buf.Len()), "bytes/png")
		})
	}
}

// BenchmarkFanoronaGIF encodes the animated replay of a whole game.
func BenchmarkFanoronaGIF(b *testing.B) {
	r, err := New(render.Options{})
	if err != nil {
		b.Fatal(err)
	}
	g := loadFanorona(b, "fanorona_game.rec")
	var buf bytes.Buffer
	for b.Loop() {
		buf.Reset()
		if err := r.GIF(&buf, g); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len()), "bytes/gif")
	b.ReportMetric(float64(g.Len()+1), "frames")
}
