package fanorona

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/veletasbot/veletas/render"
)

// TestLookMarks writes to $RENDER_LOOK the scenes of the marks and texts
// beyond the plain position, at phone width in both themes and every
// language: a capture on the landing point, a sequence under way, the
// count of quiet turns near the draw, a draw and Véla's first phase.
func TestLookMarks(t *testing.T) {
	dir := os.Getenv("RENDER_LOOK")
	if dir == "" {
		t.Skip("set RENDER_LOOK to a directory to write sample images")
	}
	land := GameScene(landingCapture(t))
	seq := sequenceUnderWay(t)
	quiet := Scene{Position: quietPosition(t, 87)}
	drawn := Scene{Position: quietPosition(t, 100)}
	vela := GameScene(prefix(t, loadFanorona(t, "vela_game.rec"), 1))
	for _, th := range []render.Theme{render.Light, render.Dark} {
		r, err := New(render.Options{Theme: th, Width: 400})
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range []string{"en", "fr", "ja"} {
			write := func(name string, draw func(*bytes.Buffer) error) {
				var b bytes.Buffer
				if err := draw(&b); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%s_%s_%s.png", name, th, l)), b.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			write("fano_land", func(b *bytes.Buffer) error { return r.PNG(b, fanoronaLang(land, l)) })
			write("fano_seq", func(b *bytes.Buffer) error { return r.PNG(b, fanoronaLang(seq, l)) })
			write("fano_quiet", func(b *bytes.Buffer) error { return r.PNG(b, fanoronaLang(quiet, l)) })
			write("fano_draw", func(b *bytes.Buffer) error { return r.PNG(b, fanoronaLang(drawn, l)) })
			write("fano_vela", func(b *bytes.Buffer) error { return r.PNG(b, fanoronaLang(vela, l)) })
		}
	}
}
