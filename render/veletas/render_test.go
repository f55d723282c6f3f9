package veletas

import (
	"github.com/veletasbot/veletas/render"

	"bytes"
	"errors"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/veletasbot/veletas/game/veletas"
)

var update = flag.Bool("update", false, "rewrite the golden images in testdata/golden")

func newRenderer(t testing.TB, th render.Theme, width int) *Renderer {
	t.Helper()
	r, err := New(render.Options{Theme: th, Width: width})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// pngImage renders the scene through PNG and decodes it, so tests see
// exactly what a player gets.
func pngImage(t testing.TB, r *Renderer, s Scene) image.Image {
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

// toRGBA converts an image to RGBA at the origin.
func toRGBA(m image.Image) *image.RGBA {
	out := image.NewRGBA(image.Rect(0, 0, m.Bounds().Dx(), m.Bounds().Dy()))
	draw.Draw(out, out.Rect, m, m.Bounds().Min, draw.Src)
	return out
}

func rgbAt(m image.Image, p image.Point) color.RGBA {
	return color.RGBAModel.Convert(m.At(p.X, p.Y)).(color.RGBA)
}

// lum is the relative luminance of a colour, 0 to 1.
func lum(c color.RGBA) float64 {
	lin := func(v uint8) float64 {
		x := float64(v) / 255
		if x <= 0.04045 {
			return x / 12.92
		}
		return math.Pow((x+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(c.R) + 0.7152*lin(c.G) + 0.0722*lin(c.B)
}

func isRed(c color.RGBA) bool {
	return int(c.R) > 150 && int(c.R) > 2*int(c.G) && int(c.R) > 2*int(c.B)
}

func near(a, b color.RGBA, tol int) bool {
	return abs(int(a.R)-int(b.R)) <= tol && abs(int(a.G)-int(b.G)) <= tol && abs(int(a.B)-int(b.B)) <= tol
}

// classify tells the piece on a square from two pixels: the centre, and a
// point 0.36 squares left of it, which lies on a shooter's red disc but
// outside its centre.
func classify(m image.Image, l Layout, pal *style, sq veletas.Square) veletas.Piece {
	c := l.SquareCenter(sq)
	centre := rgbAt(m, c)
	side := rgbAt(m, c.Sub(image.Pt(l.Cell*36/100, 0)))
	// Between the arms of an unclaimed shooter's cross, where a claimed
	// shooter's stone is.
	diag := rgbAt(m, c.Add(image.Pt(l.Cell*20/100, l.Cell*20/100)))
	switch {
	case near(centre, pal.Cell, 10) || near(centre, pal.CellB, 10):
		return veletas.Empty
	case isRed(side) && isRed(diag) && lum(centre) > 0.6:
		return veletas.Shooter
	case isRed(side) && lum(diag) < 0.1 && lum(centre) < 0.1:
		return veletas.BlackShooter
	case isRed(side) && lum(diag) > 0.6 && lum(centre) > 0.6:
		return veletas.WhiteShooter
	case lum(centre) < 0.1 && !isRed(side):
		return veletas.BlackStone
	case lum(centre) > 0.6 && !isRed(side):
		return veletas.WhiteStone
	}
	return 255
}

// TestPiecesOnSquares renders random positions of every size, in both
// themes and at phone and desktop widths, and checks that the pixels at
// each square show the piece the position has there.
func TestPiecesOnSquares(t *testing.T) {
	for _, th := range []render.Theme{render.Light, render.Dark} {
		for _, width := range []int{400, 800} {
			r := newRenderer(t, th, width)
			for _, size := range veletas.Sizes {
				for seed := uint64(1); seed <= 3; seed++ {
					g := randomGame(t, size, seed, int(seed)*15)
					// No highlight: the tint would change empty squares.
					s := Scene{Position: g.Position()}
					m := pngImage(t, r, s)
					l := r.Layout(size)
					kinds := map[veletas.Piece]int{}
					for rk := 0; rk < int(size); rk++ {
						for f := 0; f < int(size); f++ {
							sq := veletas.Sq(f, rk)
							want := s.Position.At(sq)
							kinds[want]++
							if got := classify(m, l, r.pal, sq); got != want {
								t.Errorf("%s %dpx %s seed %d: square %s shows piece %d, want %d (centre %v)",
									th, width, size, seed, sq, got, want, rgbAt(m, l.SquareCenter(sq)))
							}
						}
					}
				}
			}
		}
	}
}

// TestEveryPieceKind uses a hand-written position with all five kinds.
func TestEveryPieceKind(t *testing.T) {
	p, err := veletas.ParsePosition("B6/2s4/7/4b2/7/3w3/W5w b")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]veletas.Piece{"a7": veletas.BlackShooter, "c6": veletas.Shooter, "e4": veletas.BlackStone,
		"d2": veletas.WhiteStone, "a1": veletas.WhiteShooter, "g1": veletas.WhiteStone, "b1": veletas.Empty, "g7": veletas.Empty}
	for _, th := range []render.Theme{render.Light, render.Dark} {
		r := newRenderer(t, th, 0)
		m := pngImage(t, r, Scene{Position: p})
		l := r.Layout(p.Size())
		for name, piece := range want {
			sq, _ := veletas.ParseSquare(name)
			if got := classify(m, l, r.pal, sq); got != piece {
				t.Errorf("%s: %s shows %d, want %d", th, name, got, piece)
			}
		}
		// Claimed by Black and by White differ in luminance, not only hue.
		a7, _ := veletas.ParseSquare("a7")
		a1, _ := veletas.ParseSquare("a1")
		lb, lw := lum(rgbAt(m, l.SquareCenter(a7))), lum(rgbAt(m, l.SquareCenter(a1)))
		if lw-lb < 0.5 {
			t.Errorf("%s: claimed shooters differ in luminance by %.2f (black %.2f, white %.2f), want at least 0.5", th, lw-lb, lb, lw)
		}
	}
}

// corners are four points near the corners of a square, inside the margin
// no piece, shadow or grid line reaches.
func corners(l Layout, sq veletas.Square) []image.Point {
	r := l.SquareRect(sq)
	in := l.Cell / 10
	return []image.Point{
		{r.Min.X + in, r.Min.Y + in}, {r.Max.X - 1 - in, r.Min.Y + in},
		{r.Min.X + in, r.Max.Y - 1 - in}, {r.Max.X - 1 - in, r.Max.Y - 1 - in},
	}
}

// countNear counts the corners of sq whose colour is within tol of c. A
// path line crosses at most two corners of a square, so two or more is a
// match.
func countNear(m image.Image, l Layout, sq veletas.Square, c color.RGBA) int {
	n := 0
	for _, p := range corners(l, sq) {
		if near(rgbAt(m, p), c, 12) {
			n++
		}
	}
	return n
}

// TestLastActionHighlight checks that exactly the squares of the last turn
// are tinted, that the shooters it claimed are framed, and that setups
// tint their squares too.
func TestLastActionHighlight(t *testing.T) {
	g := midGame(t, loadRecord(t, "game_s10_10.rec"))
	// Also a game whose last turn moves the shooter, if the mid-game
	// position's turn did not.
	games := []veletas.Game{g, randomMidGame(t, veletas.Size9)}
	g7 := loadRecord(t, "game_s7_03.rec")
	games = append(games, g7.Undo(g7.Len()-1), g7.Undo(g7.Len()-3))
	for _, th := range []render.Theme{render.Light, render.Dark} {
		r := newRenderer(t, th, 0)
		for gi, g := range games {
			s := GameScene(g)
			m := pngImage(t, r, s)
			l := r.Layout(g.Size())
			tinted := map[veletas.Square]bool{}
			for _, sq := range lastSquares(s.Last) {
				tinted[sq] = true
			}
			if len(tinted) == 0 {
				t.Fatalf("game %d: last action %v tints nothing", gi, s.Last)
			}
			for rk := 0; rk < int(g.Size()); rk++ {
				for f := 0; f < int(g.Size()); f++ {
					sq := veletas.Sq(f, rk)
					cell := r.pal.Cell
					if (f+rk)%2 != 0 {
						cell = r.pal.CellB
					}
					if s.Claimed.Has(sq) {
						// The middle of the frame's top, or of its bottom
						// where the last move's arrowhead covers the top.
						top := l.SquareRect(sq).Min.Add(image.Pt(l.Cell/2, max(2, l.Cell/14)/2))
						if s.Last.Kind == veletas.KindTurn && s.Last.Turn.Moved() && s.Last.Turn.To == sq && s.Last.Turn.From.Rank() > sq.Rank() {
							top.Y = l.SquareRect(sq).Max.Y - 1 - max(2, l.Cell/14)/2
						}
						if c := rgbAt(m, top); !near(c, r.pal.Claim, 12) {
							t.Errorf("%s game %d: claimed %s has no frame: %v", th, gi, sq, c)
						}
						continue
					}
					tint := render.Over(cell, r.pal.Last)
					switch {
					case tinted[sq] && countNear(m, l, sq, tint) < 2:
						t.Errorf("%s game %d (%v): %s is not tinted", th, gi, s.Last, sq)
					case !tinted[sq] && countNear(m, l, sq, cell) < 2:
						t.Errorf("%s game %d (%v): %s is tinted but not part of the last action", th, gi, s.Last, sq)
					}
				}
			}
			if s.Last.Kind == veletas.KindTurn && gi == 0 && s.Claimed.Empty() {
				t.Errorf("mid-game scene should have claimed a shooter")
			}
		}
	}
}

// TestHint checks the dots on a shooter's destinations and its frame.
func TestHint(t *testing.T) {
	g := randomMidGame(t, veletas.Size10)
	s := Scene{Position: g.Position()}
	var from veletas.Square
	for _, sq := range s.Position.Unclaimed().Squares() {
		if s.Position.Destinations(sq).Count() > 1 {
			from = sq
			break
		}
	}
	s.Hint = DestinationsHint(s.Position, from)
	if s.Hint.Marks.Count() < 2 {
		t.Fatal("test position has no shooter with two destinations")
	}
	for _, th := range []render.Theme{render.Light, render.Dark} {
		r := newRenderer(t, th, 0)
		m := pngImage(t, r, s)
		l := r.Layout(g.Size())
		for rk := 0; rk < 10; rk++ {
			for f := 0; f < 10; f++ {
				sq := veletas.Sq(f, rk)
				if s.Position.At(sq) != veletas.Empty {
					continue
				}
				c := rgbAt(m, l.SquareCenter(sq))
				dot := !near(c, r.pal.Cell, 10)
				if dot != s.Hint.Marks.Has(sq) {
					t.Errorf("%s: %s has a dot: %v, want %v", th, sq, dot, s.Hint.Marks.Has(sq))
				}
			}
		}
		ring := max(2, l.Cell/14)
		p := l.SquareRect(from).Min.Add(image.Pt(l.Cell/2, ring+ring/2))
		if c := rgbAt(m, p); !near(c, r.pal.HintSel, 12) {
			t.Errorf("%s: selected shooter %s has no frame: %v", th, from, c)
		}
	}
}

func TestLayout(t *testing.T) {
	for _, width := range []int{render.MinWidth, 400, 800, render.MaxWidth} {
		for _, size := range veletas.Sizes {
			l := NewLayout(size, width)
			if l.Width != width || float64(l.Height) < 1.15*float64(l.Width) {
				t.Errorf("%s at %d: %dx%d is too close to square", size, width, l.Width, l.Height)
			}
			if !l.Board.In(l.Bounds()) || l.Status.Max.Y > l.Board.Min.Y {
				t.Errorf("%s at %d: board %v, status %v, bounds %v", size, width, l.Board, l.Status, l.Bounds())
			}
			a1 := l.SquareCenter(veletas.Sq(0, 0))
			top := l.SquareCenter(veletas.Sq(int(size)-1, int(size)-1))
			if a1.X >= top.X || a1.Y <= top.Y {
				t.Errorf("%s: a1 at %v is not bottom left of %v", size, a1, top)
			}
			for i := 0; i < 100; i++ {
				sq := veletas.Square(i)
				if !sq.On(size) {
					continue
				}
				if got, ok := l.SquareAt(l.SquareCenter(sq)); !ok || got != sq {
					t.Errorf("%s: SquareAt(SquareCenter(%s)) = %s", size, sq, got)
				}
			}
			if _, ok := l.SquareAt(image.Pt(0, 0)); ok {
				t.Errorf("%s: the corner of the image is not a square", size)
			}
		}
	}
}

func TestStatus(t *testing.T) {
	g7 := loadRecord(t, "game_s7_03.rec")
	g10 := midGame(t, loadRecord(t, "game_s10_10.rec"))
	cases := []struct {
		g                        veletas.Game
		head, score, need, token string
	}{
		{g7.Undo(g7.Len()), "Black to place", "Setup: place 1 of 3 shooters", "2 to win", ""},
		{g7.Undo(g7.Len() - 1), "White to choose sides", "Setup: 1 of 3 shooters placed", "2 to win", ""},
		{g7.Undo(g7.Len() - 2), "White to place", "Setup: place 2 of 3 shooters", "2 to win", "keep"},
		{g7, "White wins", "Black 0 - White 2 of 3", "", ""},
		{g10, "White to move", "Black 3 - White 1 of 7", "4 to win", ""},
	}
	for i, c := range cases {
		st := statusOf(c.g.Position(), GameScene(c.g).Last, "")
		if st.head != c.head || st.score != c.score || st.need != c.need || (c.token != "" && st.token != c.token) {
			t.Errorf("case %d: got %q / %q / %q / %q, want %q / %q / %q / %q", i, st.head, st.score, st.need, st.token, c.head, c.score, c.need, c.token)
		}
	}
}

func TestNewErrors(t *testing.T) {
	if _, err := New(render.Options{Width: 100}); !errors.Is(err, render.ErrBadWidth) {
		t.Errorf("width 100: %v, want render.ErrBadWidth", err)
	}
	if _, err := New(render.Options{Theme: 7}); !errors.Is(err, render.ErrUnknownTheme) {
		t.Errorf("theme 7: %v, want render.ErrUnknownTheme", err)
	}
}

// TestConcurrent renders from many goroutines on one fresh Renderer (so
// that the caches are built under contention too) and checks every image
// against the same scene rendered alone. Run with -race.
func TestConcurrent(t *testing.T) {
	var scenes []Scene
	for i, size := range []veletas.Size{7, 9, 10, 10, 9, 7} {
		scenes = append(scenes, GameScene(randomGame(t, size, uint64(i+10), 10+i*3)))
	}
	want := make([][]byte, len(scenes))
	ref := newRenderer(t, render.Dark, 500)
	for i, s := range scenes {
		var b bytes.Buffer
		if err := ref.PNG(&b, s); err != nil {
			t.Fatal(err)
		}
		want[i] = b.Bytes()
	}
	r := newRenderer(t, render.Dark, 500)
	var wg sync.WaitGroup
	errs := make(chan error, 64)
	for w := 0; w < 8; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := 0; k < 6; k++ {
				i := (w + k) % len(scenes)
				var b bytes.Buffer
				if err := r.PNG(&b, scenes[i]); err != nil {
					errs <- err
					return
				}
				if !bytes.Equal(b.Bytes(), want[i]) {
					errs <- fmt.Errorf("goroutine %d: scene %d differs from the one rendered alone", w, i)
				}
				if img := r.Image(scenes[i]); img.Bounds() != r.Layout(scenes[i].Position.Size()).Bounds() {
					errs <- fmt.Errorf("goroutine %d: image bounds %v", w, img.Bounds())
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// Golden images: decoded pixels must match within a small tolerance, so
// that a change of the zlib library or level does not fail the test, but
// a moved piece does.
func TestGolden(t *testing.T) {
	g7 := loadRecord(t, "game_s7_03.rec")
	mid := midGame(t, loadRecord(t, "game_s10_10.rec"))
	hint := GameScene(randomMidGame(t, veletas.Size9))
	for _, sq := range hint.Position.Unclaimed().Squares() {
		if hint.Position.Destinations(sq).Count() > 0 {
			hint.Hint = DestinationsHint(hint.Position, sq)
			break
		}
	}
	cases := []struct {
		name  string
		theme render.Theme
		width int
		s     Scene
	}{
		{"setup7_light", render.Light, 600, GameScene(g7.Undo(g7.Len() - 3))},
		{"setup7_dark", render.Dark, 600, GameScene(g7.Undo(g7.Len() - 1))},
		{"mid10_light", render.Light, 800, GameScene(mid)},
		{"mid10_dark", render.Dark, 800, GameScene(mid)},
		{"hint9_dark", render.Dark, 400, hint},
		{"end7_light", render.Light, 400, GameScene(g7)},
		// At phone width (400 px), in both themes and every language;
		// the setup's subtitle, and games ended off the board.
		{"mid10_light_400", render.Light, 400, GameScene(mid)},
		{"mid10_dark_400", render.Dark, 400, GameScene(mid)},
		{"mid10_dark_ja_400", render.Dark, 400, lang(GameScene(mid), "ja")},
		{"mid10_light_fr_400", render.Light, 400, lang(GameScene(mid), "fr")},
		{"setup7_white_light_400", render.Light, 400, GameScene(g7.Undo(g7.Len() - 2))},
		{"setup7_black_dark_fr_400", render.Dark, 400, lang(GameScene(g7.Undo(g7.Len())), "fr")},
		{"resign10_dark_400", render.Dark, 400, ending(GameScene(mid), veletas.Black, render.EndResign, "")},
		{"resign10_light_ja_400", render.Light, 400, ending(GameScene(mid), veletas.Black, render.EndResign, "ja")},
		{"time10_dark_fr_400", render.Dark, 400, ending(GameScene(mid), veletas.White, render.EndTime, "fr")},
		{"choice7_light_fr_400", render.Light, 400, lang(GameScene(g7.Undo(g7.Len()-1)), "fr")},
		{"choice7_light_ja_400", render.Light, 400, lang(GameScene(g7.Undo(g7.Len()-1)), "ja")},
		// A one-square move that claims its shooter: the arrowhead over
		// the frame, and the caption.
		{"claim7_dark_400", render.Dark, 400, GameScene(oneSquareClaim(t))},
		{"claim7_light_fr_400", render.Light, 400, lang(GameScene(oneSquareClaim(t)), "fr")},
		{"claim7_dark_ja_400", render.Dark, 400, lang(GameScene(oneSquareClaim(t)), "ja")},
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

// checkGolden compares a PNG with testdata/golden/name.png, or writes it
// there with -update.
func checkGolden(t *testing.T, name string, data []byte) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name+".png")
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	wantData, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./render/veletas -run 'Golden' -update to create it)", err)
	}
	want, err := png.Decode(bytes.NewReader(wantData))
	if err != nil {
		t.Fatal(err)
	}
	got, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if got.Bounds() != want.Bounds() {
		t.Fatalf("bounds %v, golden %v", got.Bounds(), want.Bounds())
	}
	bad, worst := 0, 0
	bd := got.Bounds()
	gp, wp := toRGBA(got).Pix, toRGBA(want).Pix
	for i := 0; i < len(gp); i += 4 {
		d := max(abs(int(gp[i])-int(wp[i])), abs(int(gp[i+1])-int(wp[i+1])), abs(int(gp[i+2])-int(wp[i+2])))
		worst = max(worst, d)
		if d > 16 {
			bad++
		}
	}
	if total := bd.Dx() * bd.Dy(); bad > total/1000 {
		t.Errorf("%d of %d pixels differ by more than 16 (worst %d) from %s; look at both, and run with -update if the change is meant", bad, total, worst, path)
	}
}

// TestZeroValues draws the zero Scene and the zero Game as the empty
// 10x10 board, "Black to place".
func TestZeroValues(t *testing.T) {
	r := newRenderer(t, render.Light, 400)
	m := pngImage(t, r, Scene{})
	l := r.Layout(veletas.Size10)
	if m.Bounds() != l.Bounds() {
		t.Fatalf("bounds %v", m.Bounds())
	}
	for _, sq := range []veletas.Square{0, 9, 90, 99, 45} {
		if got := classify(m, l, r.pal, sq); got != veletas.Empty {
			t.Errorf("%s shows %d on the empty board", sq, got)
		}
	}
	if st := statusOf(normalize(Scene{}).Position, veletas.Action{}, ""); st.head != "Black to place" || st.score != "Setup: place 3 of 7 shooters" {
		t.Errorf("status of the zero scene: %+v", st)
	}
	var b bytes.Buffer
	if err := r.GIF(&b, veletas.Game{}); err != nil || b.Len() == 0 {
		t.Errorf("gif of the zero game: %d bytes, %v", b.Len(), err)
	}
}

// lang sets a scene's language.
func lang(s Scene, l string) Scene {
	s.Lang = l
	return s
}

// ending makes a scene the last image of a game won off the board.
func ending(s Scene, winner veletas.Color, end render.Ending, l string) Scene {
	s.Winner, s.End, s.Lang = winner, end, l
	return s
}
