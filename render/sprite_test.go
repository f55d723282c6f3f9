package render

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"testing"

	"github.com/fogleman/gg"
)

// TestSpriteOverBackground draws a sprite prepared over a background
// where it falls on the same background, where it falls elsewhere, and
// where something was drawn under it first, and checks every pixel is
// the one blending alone gives.
func TestSpriteOverBackground(t *testing.T) {
	bg := image.NewRGBA(image.Rect(0, 0, 200, 120))
	for y := 0; y < 120; y++ {
		for x := 0; x < 200; x++ {
			c := color.RGBA{200, 170, 120, 255}
			if x%40 == 0 || y%40 == 0 { // a grid, as on a board
				c = color.RGBA{150, 110, 70, 255}
			}
			bg.SetRGBA(x, y, c)
		}
	}
	dc := gg.NewContext(48, 48)
	DrawStone(dc, Light, true, 24, 24, 16, 40)
	plain := NewSprite(dc.Image().(*image.RGBA))
	fast := NewSprite(dc.Image().(*image.RGBA))
	fast.OverBackground(bg, image.Pt(36, 36))
	for _, c := range []struct {
		name  string
		at    image.Point
		under bool
	}{
		{"on the reference", image.Pt(36, 36), false},
		{"on a square like it", image.Pt(116, 36), false},
		{"off the grid's rhythm", image.Pt(50, 20), false},
		{"over a mark", image.Pt(36, 36), true},
	} {
		want, got := image.NewRGBA(bg.Rect), image.NewRGBA(bg.Rect)
		copy(want.Pix, bg.Pix)
		if c.under {
			draw.Draw(want, image.Rect(60, 60, 80, 80), image.NewUniform(color.NRGBA{255, 225, 77, 150}), image.Point{}, draw.Over)
		}
		copy(got.Pix, want.Pix)
		plain.DrawAt(want, c.at)
		fast.DrawAt(got, c.at)
		if !bytes.Equal(got.Pix, want.Pix) {
			t.Errorf("%s: the prepared sprite's pixels differ from blending's", c.name)
		}
		if bytes.Equal(got.Pix, bg.Pix) {
			t.Errorf("%s: nothing drawn", c.name)
		}
	}
}
