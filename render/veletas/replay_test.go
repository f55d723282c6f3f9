package veletas

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"image"
	"image/gif"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/veletasbot/veletas/game/veletas"
	"github.com/veletasbot/veletas/render"
)

// replayCase is a replay the tests draw: a game, the renderer's options
// and the end GIFIn is given.
type replayCase struct {
	name  string
	game  func(t testing.TB) veletas.Game
	theme render.Theme
	width int
	end   Scene
}

var replayCases = []replayCase{
	{"s10_light_480", func(t testing.TB) veletas.Game { return loadRecord(t, "game_s10_10.rec") }, render.Light, 480, Scene{}},
	{"s10_dark_default", func(t testing.TB) veletas.Game { return loadRecord(t, "game_s10_10.rec") }, render.Dark, 0, Scene{}},
	{"s7_dark_480_fr_resigned", func(t testing.TB) veletas.Game { return loadRecord(t, "game_s7_03.rec") }, render.Dark, 480,
		Scene{Lang: "fr", Winner: veletas.White, End: render.EndResign}},
	{"s9_revised_light_480_ja", func(t testing.TB) veletas.Game {
		return randomGame(t, veletas.Size9, 7, 60, veletas.WithRules(veletas.Revised))
	}, render.Light, 480, Scene{Lang: "ja"}},
	{"s10_long_dark_480", func(t testing.TB) veletas.Game { return randomGame(t, veletas.Size10, 106087, 200) }, render.Dark, 480, Scene{}},
	{"s7_empty_light_480", func(t testing.TB) veletas.Game { g, _ := veletas.NewGame(veletas.Size7); return g }, render.Light, 480, Scene{}},
}

// replayScenes are the scenes GIFIn draws, one per frame.
func replayScenes(g veletas.Game, end Scene) []Scene {
	positions := g.Positions()
	var scenes []Scene
	if g.Len() == 0 {
		scenes = append(scenes, Scene{Position: positions[0], Lang: end.Lang})
	}
	for i, a := range g.Actions() {
		scenes = append(scenes, Scene{Position: positions[i+1], Last: a, Claimed: claimedBetween(positions[i], positions[i+1]), Lang: end.Lang})
	}
	scenes[len(scenes)-1].Winner, scenes[len(scenes)-1].End = end.Winner, end.End
	return scenes
}

// TestReplayFrames decodes replays and checks every frame, composed as
// a viewer does (each frame's opaque pixels over the picture before),
// is exactly the scene's whole picture mapped onto the palette: the
// frames that the replay drew in full before it drew only what changed.
func TestReplayFrames(t *testing.T) {
	for _, c := range replayCases {
		t.Run(c.name, func(t *testing.T) {
			g := c.game(t)
			r := newRenderer(t, c.theme, c.width)
			var b bytes.Buffer
			if err := r.GIFIn(&b, g, c.end); err != nil {
				t.Fatal(err)
			}
			anim, err := gif.DecodeAll(&b)
			if err != nil {
				t.Fatal(err)
			}
			scenes := replayScenes(g, c.end)
			if len(anim.Image) != len(scenes) {
				t.Fatalf("%d frames for %d scenes", len(anim.Image), len(scenes))
			}
			sc := r.cache(g.Size())
			want := image.NewPaletted(sc.lay.Bounds(), sc.q.Palette())
			shown := make([]uint8, len(want.Pix))
			for i, fr := range anim.Image {
				composeIndices(shown, anim.Config.Width, fr)
				sc.q.Quantize(want, r.Image(scenes[i]))
				if n := countDiff(shown, want.Pix); n != 0 {
					t.Errorf("frame %d: %d pixels differ from the scene's picture", i, n)
				}
			}
		})
	}
}

// composeIndices lays the opaque pixels of frame (index 255 is
// transparent) over shown, the indices of a picture width pixels wide.
func composeIndices(shown []uint8, width int, fr *image.Paletted) {
	b := fr.Rect
	for y := b.Min.Y; y < b.Max.Y; y++ {
		row := fr.Pix[(y-b.Min.Y)*fr.Stride : (y-b.Min.Y)*fr.Stride+b.Dx()]
		for x, v := range row {
			if v != 255 {
				shown[y*width+b.Min.X+x] = v
			}
		}
	}
}

func countDiff(a, b []uint8) int {
	n := 0
	for i := range a {
		if a[i] != b[i] {
			n++
		}
	}
	return n
}

// TestReplayBytes checks the replays are byte for byte the files of
// testdata/replays.sha256 (written with -update): the GIFs the bot drew
// before the replays were made faster.
func TestReplayBytes(t *testing.T) {
	path := filepath.Join("testdata", "replays.sha256")
	var got strings.Builder
	for _, c := range replayCases {
		g := c.game(t)
		r := newRenderer(t, c.theme, c.width)
		var b bytes.Buffer
		if err := r.GIFIn(&b, g, c.end); err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256(b.Bytes())
		got.WriteString(hex.EncodeToString(sum[:]) + "  " + c.name + "\n")
	}
	if *update {
		if err := os.WriteFile(path, []byte(got.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run the test with -update to write it)", err)
	}
	if got.String() != string(want) {
		t.Errorf("replays differ from %s:\ngot:\n%swant:\n%s", path, got.String(), want)
	}
}

// BenchmarkReplayGIF480 draws the replay of a whole 10x10 game at the
// bot's width.
func BenchmarkReplayGIF480(b *testing.B) {
	r := newRenderer(b, render.Light, 480)
	g := loadRecord(b, "game_s10_10.rec")
	var buf bytes.Buffer
	for b.Loop() {
		buf.Reset()
		if err := r.GIF(&buf, g); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len()), "bytes/gif")
}
