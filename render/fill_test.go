package render

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"math/rand/v2"
	"testing"
)

// TestFillOver checks FillOver gives draw.Draw's pixels, over runs of
// one colour and over noise, for translucent, opaque and transparent
// colours and a rectangle reaching outside the image.
func TestFillOver(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	base := image.NewRGBA(image.Rect(0, 0, 40, 30))
	for i := 0; i < len(base.Pix); i += 4 {
		if i/4%40 < 20 { // left half: blocks of one premultiplied colour
			v := uint8(i / 4 / 7 % 5 * 50)
			base.Pix[i], base.Pix[i+1], base.Pix[i+2], base.Pix[i+3] = v, v/2, v/3, 255
			continue
		}
		a := uint8(rng.IntN(256))
		base.Pix[i+3] = a
		for k := 0; k < 3; k++ {
			base.Pix[i+k] = uint8(rng.IntN(int(a) + 1))
		}
	}
	for _, c := range []color.Color{
		color.NRGBA{255, 255, 255, 165}, color.NRGBA{42, 26, 10, 55}, color.NRGBA{1, 2, 3, 255},
		color.NRGBA{9, 9, 9, 0}, color.RGBA{10, 20, 30, 40},
	} {
		for _, r := range []image.Rectangle{image.Rect(3, 4, 37, 25), image.Rect(-5, 20, 60, 40)} {
			got, want := image.NewRGBA(base.Rect), image.NewRGBA(base.Rect)
			copy(got.Pix, base.Pix)
			copy(want.Pix, base.Pix)
			FillOver(got, r, c)
			draw.Draw(want, r, image.NewUniform(c), image.Point{}, draw.Over)
			if !bytes.Equal(got.Pix, want.Pix) {
				t.Errorf("FillOver of %v over %v differs from draw.Draw", c, r)
			}
		}
	}
}
