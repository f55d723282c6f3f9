package amazons

import (
	"bytes"
	"image"
	"image/gif"
	"path/filepath"
	"testing"

	"github.com/veletasbot/veletas/game/amazons"
	"github.com/veletasbot/veletas/internal/gifframes"
	"github.com/veletasbot/veletas/render"
)

// replayCase is a replay the tests draw: the first turns of the game of
// testdata (all for -1), the renderer's options and the end GIFIn is
// given.
type replayCase struct {
	name  string
	turns int
	theme render.Theme
	width int
	end   Scene
}

var replayCases = []replayCase{
	{"whole_light_480", -1, render.Light, 480, Scene{}},
	{"whole_dark_default", -1, render.Dark, 0, Scene{}},
	{"part_dark_480_ja_resigned", 30, render.Dark, 480, Scene{Lang: "ja", Winner: amazons.White, HasWinner: true, End: render.EndResign}},
	{"part_light_480_fr_territory", 40, render.Light, 480, Scene{Lang: "fr", Territory: true}},
	{"start_dark_480", 0, render.Dark, 480, Scene{}},
}

func (c replayCase) game(t testing.TB) amazons.Game {
	g := loadGame(t, "random_game.rec")
	if c.turns >= 0 {
		g = prefix(t, g, c.turns)
	}
	return g
}

// replayScenes are the scenes GIFIn draws, one per frame.
func replayScenes(g amazons.Game, end Scene) []Scene {
	positions := g.Positions()
	scenes := []Scene{{Position: positions[0], Lang: end.Lang}}
	for i, t := range g.Turns() {
		scenes = append(scenes, Scene{Position: positions[i+1], Last: t, HasLast: true, Lang: end.Lang})
	}
	last := &scenes[len(scenes)-1]
	last.Winner, last.HasWinner, last.End = end.Winner, end.HasWinner, end.End
	last.Territory = end.Territory || last.Position.Over()
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
			if err := r.GIFIn(&b, g, c.end); err != nil {
				t.Fatal(err)
			}
			sums.Add(c.name, b.Bytes())
			anim, err := gif.DecodeAll(&b)
			if err != nil {
				t.Fatal(err)
			}
			scenes := replayScenes(g, c.end)
			if len(anim.Image) != len(scenes) {
				t.Fatalf("%d frames for %d scenes", len(anim.Image), len(scenes))
			}
			want := image.NewPaletted(r.lay.Bounds(), r.q.Palette())
			shown := make([]uint8, len(want.Pix))
			for i, fr := range anim.Image {
				gifframes.ComposeIndices(shown, anim.Config.Width, fr, 255)
				if !gifframes.Checked(i, len(anim.Image)) {
					continue
				}
				r.q.Quantize(want, r.Image(scenes[i]))
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

// BenchmarkAmazonsGIF draws the replay of a whole game at the default
// width.
func BenchmarkAmazonsGIF(b *testing.B) {
	benchmarkAmazonsGIF(b, 0)
}

// BenchmarkAmazonsGIF480 is BenchmarkAmazonsGIF at the bot's width.
func BenchmarkAmazonsGIF480(b *testing.B) {
	benchmarkAmazonsGIF(b, 480)
}

func benchmarkAmazonsGIF(b *testing.B, width int) {
	r := newRenderer(b, render.Light, width)
	g := loadGame(b, "random_game.rec")
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
