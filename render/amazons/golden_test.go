package amazons

import (
	"bytes"
	"flag"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/veletasbot/veletas/render"
)

var update = flag.Bool("update", false, "rewrite the golden images in testdata/golden")

// TestGolden compares images with the golden files in testdata/golden,
// which a person has looked at: light, dark, French and Japanese strips,
// the last turn's marks, the territory at the end, a resignation.
func TestGolden(t *testing.T) {
	g := loadGame(t, "random_game.rec")
	mid := GameScene(prefix(t, g, 37))
	end := GameScene(g)
	first := GameScene(prefix(t, g, 1))
	hint := mid
	hint.Territory = true
	lang := func(s Scene, l string) Scene { s.Lang = l; return s }
	resign := mid
	resign.Winner, resign.HasWinner, resign.End, resign.Lang = 1, true, render.EndResign, "fr"
	cases := []struct {
		name  string
		theme render.Theme
		width int
		s     Scene
	}{
		{"start_light", render.Light, 800, Scene{}},
		{"first_dark", render.Dark, 800, first},
		{"mid_light", render.Light, 800, mid},
		{"mid_dark", render.Dark, 800, mid},
		{"mid_light_ja_400", render.Light, 400, lang(mid, "ja")},
		{"mid_dark_fr_400", render.Dark, 400, lang(mid, "fr")},
		{"mid_territory_dark_ja", render.Dark, 800, lang(hint, "ja")},
		{"end_territory_light", render.Light, 800, end},
		{"end_territory_dark_400", render.Dark, 400, end},
		{"resign_light_fr_400", render.Light, 400, resign},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := newRenderer(t, c.theme, c.width)
			var b bytes.Buffer
			if err := r.PNG(&b, c.s); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("testdata", "golden", c.name+".png")
			if *update {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			wantData, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test ./render/amazons -run TestGolden -update to create it)", err)
			}
			want, err := png.Decode(bytes.NewReader(wantData))
			if err != nil {
				t.Fatal(err)
			}
			got, err := png.Decode(&b)
			if err != nil {
				t.Fatal(err)
			}
			if got.Bounds() != want.Bounds() {
				t.Fatalf("bounds %v, golden %v", got.Bounds(), want.Bounds())
			}
			bad, worst := 0, 0
			gp, wp := toRGBA(got).Pix, toRGBA(want).Pix
			for i := 0; i < len(gp); i += 4 {
				d := max(abs(int(gp[i])-int(wp[i])), abs(int(gp[i+1])-int(wp[i+1])), abs(int(gp[i+2])-int(wp[i+2])))
				worst = max(worst, d)
				if d > 16 {
					bad++
				}
			}
			if total := got.Bounds().Dx() * got.Bounds().Dy(); bad > total/1000 {
				t.Errorf("%d of %d pixels differ by more than 16 (worst %d) from %s; look at both, and run with -update if the change is meant", bad, total, worst, path)
			}
		})
	}
}
