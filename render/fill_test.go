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

// TestCanvasFillOver checks Canvas.FillOver leaves the image as FillOver
// does and its paletted copy as the whole picture quantized, with the
// background and with other drawing around.
func TestCanvasFillOver(t *testing.T) {
	bounds := image.Rect(0, 0, 70, 50)
	bg := image.NewRGBA(bounds)
	for i := 0; i < len(bg.Pix); i += 4 {
		x, y := i/4%70, i/4/70
		v := uint8(200)
		if x%17 == 0 || y%13 == 0 { // grid lines
			v = 90
		}
		bg.Pix[i], bg.Pix[i+1], bg.Pix[i+2], bg.Pix[i+3] = v, v-20, v-40, 255
	}
	tint := color.NRGBA{42, 26, 10, 120}
	sample := image.NewRGBA(bounds)
	copy(sample.Pix, bg.Pix)
	FillOver(sample, bounds, tint)
	q := &Quantizer{newQuantizer([]*image.RGBA{bg, sample}, nil)}
	bgPal := image.NewPaletted(bounds, q.Palette())
	q.Quantize(bgPal, bg)
	cv := NewCanvas(bounds, q.Palette())
	for round, rects := range [][]image.Rectangle{
		{image.Rect(5, 5, 40, 30), image.Rect(30, 20, 90, 45)},
		{image.Rect(0, 0, 17, 13)},
		{},
	} {
		img := cv.Begin(bg, bgPal)
		want := image.NewRGBA(bounds)
		copy(want.Pix, bg.Pix)
		draw.Draw(img, image.Rect(1, 40, 9, 48), image.NewUniform(color.RGBA{250, 0, 0, 255}), image.Point{}, draw.Src)
		draw.Draw(want, image.Rect(1, 40, 9, 48), image.NewUniform(color.RGBA{250, 0, 0, 255}), image.Point{}, draw.Src)
		cv.Touch(image.Rect(1, 40, 9, 48))
		for _, r := range rects {
			cv.FillOver(r, tint, q)
			FillOver(want, r, tint)
		}
		if !bytes.Equal(img.Pix, want.Pix) {
			t.Errorf("round %d: the image differs from FillOver's", round)
		}
		wantPal := image.NewPaletted(bounds, q.Palette())
		q.Quantize(wantPal, want)
		got := cv.Paletted(q)
		for y := 0; y < bounds.Dy(); y++ {
			if !bytes.Equal(got.Pix[y*got.Stride:y*got.Stride+bounds.Dx()], wantPal.Pix[y*wantPal.Stride:(y+1)*wantPal.Stride]) {
				t.Errorf("round %d: row %d of the paletted copy differs from the picture quantized", round, y)
			}
		}
	}
}
