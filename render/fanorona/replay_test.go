package fanorona

import (
	"bytes"
	"image"
	"image/gif"
	"path/filepath"
	"testing"

	"github.com/veletasbot/veletas/game/fanorona"
	"github.com/veletasbot/veletas/internal/gifframes"
	"github.com/veletasbot/veletas/render"
)

// replayCase is a replay the tests draw: a game of testdata (the first
// turns of it, all for -1) and the renderer's options.
type replayCase struct {
	name  string
	file  string
	turns int
	theme render.Theme
	width int
}

var replayCases = []replayCase{
	{"fanorona_light_480", "fanorona_game.rec", -1, render.Light, 480},
	{"fanorona_dark_default", "fanorona_game.rec", -1, render.Dark, 0},
	{"vela_dark_480", "vela_game.rec", -1, render.Dark, 480},
	{"vela_light_default", "vela_game.rec", -1, render.Light, 0},
	{"fanorona_start_dark_480", "fanorona_game.rec", 0, render.Dark, 480},
}

func (c replayCase) game(t testing.TB) fanorona.Game {
	g := loadFanorona(t, c.file)
	if c.turns >= 0 {
		g = prefix(t, g, c.turns)
	}
	return g
}

// replayScenes are the scenes GIF draws, one per frame.
func replayScenes(g fanorona.Game) []Scene {
	positions := g.Positions()
	scenes := []Scene{{Position: positions[0]}}
	for i, t := range g.Turns() {
		scenes = append(scenes, Scene{Position: positions[i+1], Last: t, Captured: Captured(positions[i], positions[i+1])})
	}
	return scenes
}

// TestReplayFrames decodes replays and checks every frame, composed as
// a viewer does (each frame's opaque pixels over the picture before),
// is exactly the scene's whole picture mapped onto the palette: the
// frames that the replay drew in full before it drew only what changed
// (a sample of them under the race detector: gifframes.Checked).
//
// Then the GIFs must be byte for byte the files of
// testdata/replays.sha256 (written with -update before the replays were
// made faster).
func TestReplayFrames(t *testing.T) {
	var sums gifframes.Sums
	for _, c := range replayCases {
		t.Run(c.name, func(t *testing.T) {
			g := c.game(t)
			r := newRenderer(t, c.theme, c.width)
			var b bytes.Buffer
			if err := r.GIF(&b, g); err != nil {
				t.Fatal(err)
			}
			sums.Add(c.name, b.Bytes())
			anim, err := gif.DecodeAll(&b)
			if err != nil {
				t.Fatal(err)
			}
			scenes := replayScenes(g)
			if len(anim.Image) != len(scenes) {
				t.Fatalf("%d frames for %d scenes", len(anim.Image), len(scenes))
			}
			fc := r.cache()
			want := image.NewPaletted(fc.lay.Bounds(), fc.q.Palette())
			shown := make([]uint8, len(want.Pix))
			for i, fr := range anim.Image {
				gifframes.ComposeIndices(shown, anim.Config.Width, fr, 255)
				if !gifframes.Checked(i, len(anim.Image)) {
					continue
				}
				fc.q.Quantize(want, r.Image(scenes[i]))
				if n := gifframes.CountDiff(shown, want.Pix); n != 0 {
					t.Errorf("frame %d: %d pixels differ from the scene's picture", i, n)
				}
			}
		})
	}
	// The files byte for byte: the GIFs the bot drew before the replays
	// were made faster (testdata/replays.sha256, written with -update).
	if !t.Failed() {
		sums.Check(t, filepath.Join("testdata", "replays.sha256"), *update)
	}
}

// BenchmarkFanoronaGIF480 draws the replay of a whole game at the bot's
// width.
func BenchmarkFanoronaGIF480(b *testing.B) {
	r := newRenderer(b, render.Light, 480)
	g := loadFanorona(b, "fanorona_game.rec")
	var buf bytes.Buffer
	for b.Loop() {
		buf.Reset()
		if err := r.GIF(&buf, g); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len()), "bytes/gif")
}
