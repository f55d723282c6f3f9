package amazons

import (
	"bytes"
	"errors"
	"image"
	"image/draw"
	"image/gif"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/veletasbot/veletas/game/amazons"
	"github.com/veletasbot/veletas/render"
)

// TestGIFFrames decodes the replay of the recorded game: one frame for
// the start and one per turn, all of the image's size, the last held
// longer; an empty game gives the start alone.
func TestGIFFrames(t *testing.T) {
	g := loadGame(t, "random_game.rec")
	r := newRenderer(t, render.Dark, 400)
	for _, gm := range []amazons.Game{g, prefix(t, g, 5), amazons.NewGame()} {
		var b bytes.Buffer
		if err := r.GIF(&b, gm); err != nil {
			t.Fatal(err)
		}
		out, err := gif.DecodeAll(&b)
		if err != nil {
			t.Fatal(err)
		}
		if len(out.Image) != gm.Len()+1 {
			t.Errorf("%d turns: %d frames, want %d", gm.Len(), len(out.Image), gm.Len()+1)
		}
		if out.Config.Width != r.Layout().Width || out.Config.Height != r.Layout().Height || out.Config.Height <= out.Config.Width {
			t.Errorf("%d turns: gif %dx%d, layout %dx%d", gm.Len(), out.Config.Width, out.Config.Height, r.Layout().Width, r.Layout().Height)
		}
		if d := out.Delay[len(out.Delay)-1]; d != render.GIFHoldDelay {
			t.Errorf("%d turns: the last frame lasts %d, want %d", gm.Len(), d, render.GIFHoldDelay)
		}
		// The frames composed show the game's image: the final position,
		// its last turn, and the territory once the game is over.
		canvas := image.NewRGBA(image.Rect(0, 0, out.Config.Width, out.Config.Height))
		for _, fr := range out.Image {
			draw.Draw(canvas, fr.Bounds(), fr, fr.Bounds().Min, draw.Over)
		}
		m := toRGBA(pngImage(t, r, GameScene(gm)))
		if !bytes.Equal(canvas.Pix, m.Pix) {
			t.Errorf("%d turns: the replay's last frame is not the game's image (territory %v)", gm.Len(), GameScene(gm).Territory)
		}
	}
}

// TestStatus checks the strip's texts: whose turn, the last turn's
// token, the turn number, the winner by the board with the side that
// cannot move and the territory counts, a resignation, in each language.
func TestStatus(t *testing.T) {
	g := loadGame(t, "random_game.rec")
	end := GameScene(g)
	tr := end.Position.Territory()
	counts := func(s string) string {
		return strings.NewReplacer("%w", num(tr.Count[0]), "%b", num(tr.Count[1])).Replace(s)
	}
	mid := GameScene(prefix(t, g, 37))
	resign := mid
	resign.Winner, resign.HasWinner, resign.End = amazons.White, true, render.EndResign
	cases := []struct {
		s                                  Scene
		lang, head, token, caption, ending string
	}{
		{Scene{Position: amazons.Start()}, "en", "White to move", "", "Start", ""},
		{mid, "en", "Black to move", "e4-c2/d1", "Turn 37", ""},
		{mid, "fr", "Aux Noirs de jouer", "e4-c2/d1", "Tour 37", ""},
		{mid, "ja", "黒の番", "e4-c2/d1", "37手目", ""},
		{end, "en", "White wins", g.Turns()[g.Len()-1].String(), counts("Territory: White %w - Black %b"), "Black cannot move"},
		{end, "fr", "Victoire des Blancs", g.Turns()[g.Len()-1].String(), counts("Territoire : Blancs %w - Noirs %b"), "Les Noirs ne peuvent plus jouer"},
		{end, "ja", "白の勝ち", g.Turns()[g.Len()-1].String(), counts("陣地：白 %w - 黒 %b"), "黒は動けない"},
		{resign, "en", "White wins", "e4-c2/d1", "Turn 37", "by resignation"},
		{resign, "ja", "白の勝ち", "e4-c2/d1", "37手目", "投了"},
	}
	for _, c := range cases {
		c.s.Lang = c.lang
		var terr amazons.Territory
		if c.s.Territory {
			terr = c.s.Position.Territory()
		}
		st := statusOf(c.s, terr)
		if st.head != c.head || st.token != c.token || st.caption != c.caption || st.end != c.ending {
			t.Errorf("%s: got %q %q %q %q, want %q %q %q %q", c.lang, st.head, st.token, st.caption, st.end, c.head, c.token, c.caption, c.ending)
		}
	}
	if tr.Count[amazons.White] <= tr.Count[amazons.Black] {
		t.Errorf("the winner by the board owns %v", tr.Count)
	}
}

// TestJapaneseGlyphs checks that fonts/ja-text.txt lists every Japanese
// character of the words, so that go generate puts them in the font, and
// that a renderer builds (New fails on a character no font has).
func TestJapaneseGlyphs(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("fonts", "ja-text.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range textRunes() {
		if r >= 0x3000 && !strings.ContainsRune(string(data), r) {
			t.Errorf("%q is missing from fonts/ja-text.txt: add it and run go generate ./render/amazons", r)
		}
	}
	newRenderer(t, render.Light, 240)
}

// TestNewRefuses checks the bad theme and width errors.
func TestNewRefuses(t *testing.T) {
	if _, err := New(render.Options{Theme: 7}); !errors.Is(err, render.ErrUnknownTheme) {
		t.Errorf("theme 7: %v", err)
	}
	for _, w := range []int{render.MinWidth - 1, render.MaxWidth + 1, -5} {
		if _, err := New(render.Options{Width: w}); !errors.Is(err, render.ErrBadWidth) {
			t.Errorf("width %d: %v", w, err)
		}
	}
	r := newRenderer(t, render.Light, 0)
	if l := r.Layout(); l.Width != render.DefaultWidth || l.Height*5 != l.Width*6 {
		t.Errorf("default layout %dx%d", l.Width, l.Height)
	}
}

// TestZeroScene draws the zero Scene as the start position.
func TestZeroScene(t *testing.T) {
	r := newRenderer(t, render.Light, 400)
	a, b := pngBytes(t, r, Scene{}), pngBytes(t, r, Scene{Position: amazons.Start()})
	if !bytes.Equal(a, b) {
		t.Error("the zero Scene is not drawn as the start")
	}
}

func pngBytes(t *testing.T, r *Renderer, s Scene) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := r.PNG(&b, s); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestConcurrent renders different scenes from many goroutines at once
// (run with -race) and compares each with the same scene drawn alone.
func TestConcurrent(t *testing.T) {
	g := loadGame(t, "random_game.rec")
	r := newRenderer(t, render.Dark, 400)
	langs := []string{"en", "fr", "ja"}
	var scenes []Scene
	var want [][]byte
	for i := 0; i < 12; i++ {
		s := GameScene(prefix(t, g, i*5))
		s.Lang, s.Territory = langs[i%3], i%2 == 0
		scenes = append(scenes, s)
		want = append(want, pngBytes(t, r, s))
	}
	var wg sync.WaitGroup
	errs := make(chan string, len(scenes)*4)
	for k := 0; k < 4; k++ {
		for i := range scenes {
			wg.Add(1)
			go func() {
				defer wg.Done()
				var b bytes.Buffer
				if err := r.PNG(&b, scenes[i]); err != nil {
					errs <- err.Error()
					return
				}
				if !bytes.Equal(b.Bytes(), want[i]) {
					errs <- "scene " + num(i) + " differs when drawn concurrently"
				}
			}()
		}
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

// BenchmarkAmazonsPNG renders the mid-game position with its last turn
// and encodes the PNG at the default width (800 px), as the bot does
// after every turn, reporting its size. Run it with the Veletas and
// Fanorona ones to compare:
//
//	go test -run '^$' -bench 'BoardPNG$|FanoronaPNG|AmazonsPNG' ./render/ ./render/amazons/
func BenchmarkAmazonsPNG(b *testing.B) {
	g := loadGame(b, "random_game.rec")
	r := newRenderer(b, render.Light, 0)
	for _, c := range []struct {
		name string
		s    Scene
	}{{"mid", GameScene(prefix(b, g, 37))}, {"end-territory", GameScene(g)}} {
		b.Run(c.name, func(b *testing.B) {
			var buf bytes.Buffer
			cpu0 := cpuTime()
			for b.Loop() {
				buf.Reset()
				if err := r.PNG(&buf, c.s); err != nil {
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
