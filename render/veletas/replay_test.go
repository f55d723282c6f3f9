package veletas

import (
	"bytes"
	"image"
	"image/gif"
	"path/filepath"
	"testing"

	"github.com/veletasbot/veletas/game/veletas"
	"github.com/veletasbot/veletas/internal/gifframes"
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
			sc := r.cache(g.Size())
			want := image.NewPaletted(sc.lay.Bounds(), sc.q.Palette())
			shown := make([]uint8, len(want.Pix))
			for i, fr := range anim.Image {
				gifframes.ComposeIndices(shown, anim.Config.Width, fr, 255)
				if !gifframes.Checked(i, len(anim.Image)) {
					continue
				}
				sc.q.Quantize(want, r.Image(scenes[i]))
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
