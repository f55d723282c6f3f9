package fanorona

import (
	"bytes"
	"image"
	"image/png"
	"testing"

	"github.com/veletasbot/veletas/render"
)

// TestPNGReusesCanvas draws whole games' scenes, one after the other, as
// a bot does (PNG reuses its canvas, laying again only what the last
// image drew and quantizing only what this one draws), with a sequence
// under way, the note under the board and the languages between them,
// and checks every PNG holds exactly the palette indices of the whole
// picture (Image) quantized.
func TestPNGReusesCanvas(t *testing.T) {
	var scenes []Scene
	for _, name := range []string{"fanorona_game.rec", "vela_game.rec"} {
		g := loadFanorona(t, name)
		for i := 0; i <= g.Len(); i++ {
			scenes = append(scenes, GameScene(prefix(t, g, i)))
		}
	}
	scenes = append(scenes,
		sequenceUnderWay(t), GameScene(landingCapture(t)),
		Scene{Position: quietPosition(t, 87), Lang: "ja"}, sequenceUnderWay(t),
		Scene{Position: quietPosition(t, 100), Lang: "fr"}, Scene{})
	for _, width := range []int{400, 800} {
		r := newRenderer(t, render.Light, width)
		fc := r.cache()
		for i, s := range scenes {
			var b bytes.Buffer
			if err := r.PNG(&b, s); err != nil {
				t.Fatal(err)
			}
			m, err := png.Decode(&b)
			if err != nil {
				t.Fatal(err)
			}
			got, ok := m.(*image.Paletted)
			if !ok {
				t.Fatalf("scene %d: decoded a %T", i, m)
			}
			want := image.NewPaletted(got.Rect, fc.q.Palette())
			fc.q.Quantize(want, r.Image(s))
			if !bytes.Equal(got.Pix, want.Pix) {
				n := 0
				for k := range got.Pix {
					if got.Pix[k] != want.Pix[k] {
						n++
					}
				}
				t.Errorf("width %d, scene %d: %d pixels differ from the whole picture quantized", width, i, n)
			}
		}
	}
}
