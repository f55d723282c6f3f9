package veletas

import (
	"github.com/veletasbot/veletas/render"

	"bytes"
	"fmt"
	"image"
	"image/draw"
	"image/gif"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/veletasbot/veletas/game/veletas"
)

// TestLook writes sample images to $RENDER_LOOK for a person to look at.
func TestLook(t *testing.T) {
	dir := os.Getenv("RENDER_LOOK")
	if dir == "" {
		t.Skip("set RENDER_LOOK to a directory to write sample images")
	}
	g := loadRecord(t, "game_s10_10.rec")
	mid := midGame(t, g)
	g7 := loadRecord(t, "game_s7_03.rec")
	for _, th := range []render.Theme{render.Light, render.Dark} {
		r, err := New(render.Options{Theme: th})
		if err != nil {
			t.Fatal(err)
		}
		write := func(name string, s Scene) {
			f, err := os.Create(filepath.Join(dir, th.String()+"_"+name+".png"))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			if err := r.PNG(f, s); err != nil {
				t.Fatal(err)
			}
		}
		write("10_mid", GameScene(mid))
		write("10_end", GameScene(g))
		write("7_setup1", GameScene(g7.Undo(g7.Len()-1)))
		write("7_setup2", GameScene(g7.Undo(g7.Len()-3)))
		write("7_start", Scene{Position: veletas.Game{}.Position()})
		s := GameScene(mid)
		var sh veletas.Square
		for _, sq := range s.Position.Unclaimed().Squares() {
			if s.Position.Destinations(sq).Count() > 0 {
				sh = sq
				break
			}
		}
		s.Hint = DestinationsHint(s.Position, sh)
		write("10_hint", s)
		small, err := New(render.Options{Theme: th, Width: 400})
		if err != nil {
			t.Fatal(err)
		}
		f, err := os.Create(filepath.Join(dir, th.String()+"_10_mid_400.png"))
		if err != nil {
			t.Fatal(err)
		}
		if err := small.PNG(f, GameScene(mid)); err != nil {
			t.Fatal(err)
		}
		f.Close()
		// The GIF's first and last pictures, composed as a viewer does.
		var b bytes.Buffer
		if err := r.GIF(&b, g); err != nil {
			t.Fatal(err)
		}
		size := b.Len()
		anim, err := gif.DecodeAll(&b)
		if err != nil {
			t.Fatal(err)
		}
		canvas := image.NewRGBA(image.Rect(0, 0, anim.Config.Width, anim.Config.Height))
		for i, fr := range anim.Image {
			draw.Draw(canvas, fr.Bounds(), fr, fr.Bounds().Min, draw.Over)
			if i == 0 || i == len(anim.Image)-1 {
				f, err := os.Create(filepath.Join(dir, fmt.Sprintf("%s_gif_%02d.png", th, i)))
				if err != nil {
					t.Fatal(err)
				}
				png.Encode(f, canvas)
				f.Close()
			}
		}
		t.Logf("%s gif: %d bytes, %d frames", th, size, len(anim.Image))
	}
}

// TestLookMarks writes to $RENDER_LOOK the scenes of the marks and texts
// beyond the plain position, at phone width in both themes and every
// language: a one-square move that claims and the black stone to move
// (render/fanorona's TestLookMarks writes Fanorona's).
func TestLookMarks(t *testing.T) {
	dir := os.Getenv("RENDER_LOOK")
	if dir == "" {
		t.Skip("set RENDER_LOOK to a directory to write sample images")
	}
	claim := GameScene(oneSquareClaim(t))
	start := Scene{Position: veletas.Game{}.Position()}
	for _, th := range []render.Theme{render.Light, render.Dark} {
		r := newRenderer(t, th, 400)
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
			write("claim7", func(b *bytes.Buffer) error { return r.PNG(b, lang(claim, l)) })
			write("start7", func(b *bytes.Buffer) error { return r.PNG(b, lang(start, l)) })
		}
	}
}
