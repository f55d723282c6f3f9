package amazons

import (
	"bytes"
	"image"
	"image/png"
	"testing"

	"github.com/veletasbot/veletas/render"
)

// TestPNGReusesCanvas draws a whole game's scenes, one after the other,
// as a bot does (PNG reuses its canvas, laying again only what the last
// image drew and quantizing only what this one draws), with the
// territory and endings between them, and checks every PNG holds
// exactly the palette indices of the whole picture (Image) quantized.
func TestPNGReusesCanvas(t *testing.T) {
	g := loadGame(t, "random_game.rec")
	var scenes []Scene
	for i := 0; i <= g.Len(); i++ {
		scenes = append(scenes, GameScene(prefix(t, g, i)))
	}
	mid := GameScene(prefix(t, g, 37))
	terr := mid
	terr.Territory, terr.Lang = true, "ja"
	resign := mid
	resign.Winner, resign.HasWinner, resign.End, resign.Lang = 1, true, render.EndResign, "fr"
	scenes = append(scenes, terr, resign, Scene{}, terr, mid)
	for _, width := range []int{400, 800} {
		r := newRenderer(t, render.Dark, width)
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
			want := image.NewPaletted(got.Rect, r.q.Palette())
			r.q.Quantize(want, r.Image(s))
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
