package veletas

import (
	"bytes"
	"image"
	"image/png"
	"testing"

	"github.com/veletasbot/veletas/game/veletas"
	"github.com/veletasbot/veletas/render"
)

// TestPNGReusesCanvas draws a whole game's scenes, one after the other,
// as a bot does (PNG reuses its canvas, laying again only what the last
// image drew and quantizing only what this one draws), with hints, the
// strip's endings and languages, the revised setup's closed edge between
// them, and checks every PNG holds exactly the palette indices of the
// whole picture (Image) quantized: nothing left over from the image
// before, nothing drawn but not quantized.
func TestPNGReusesCanvas(t *testing.T) {
	g := loadRecord(t, "game_s10_10.rec")
	var scenes []Scene
	for i := 0; i <= g.Len(); i++ {
		scenes = append(scenes, GameScene(g.Undo(g.Len()-i)))
	}
	mid := GameScene(midGame(t, g))
	for _, sq := range mid.Position.Unclaimed().Squares() {
		if mid.Position.Destinations(sq).Count() > 0 {
			h := mid
			h.Hint = DestinationsHint(mid.Position, sq)
			scenes = append(scenes, h)
			break
		}
	}
	scenes = append(scenes, ending(mid, veletas.Black, render.EndResign, "ja"), lang(mid, "fr"))
	rev, _ := veletas.NewGame(veletas.Size10, veletas.WithRules(veletas.Revised))
	rev, err := rev.Play(veletas.SetupAction([]veletas.Square{veletas.Sq(1, 1), veletas.Sq(3, 3), veletas.Sq(3, 4)}, veletas.Sq(0, 0)))
	if err != nil {
		t.Fatal(err)
	}
	scenes = append(scenes, GameScene(rev), mid, GameScene(rev), Scene{}, GameScene(oneSquareClaim(t)), mid)
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
			sc := r.cache(normalize(s).Position.Size())
			want := image.NewPaletted(got.Rect, sc.q.Palette())
			sc.q.Quantize(want, r.Image(s))
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
