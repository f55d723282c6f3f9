package render

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"math/rand/v2"
	"testing"

	"github.com/fogleman/gg"
)

// TestCanvas draws rectangles and a prepared sprite on a canvas image
// after image, over two backgrounds in turn, once abandoning a drawing
// between Begin and Paletted, and checks every paletted picture, and its
// PNG, against the whole picture quantized.
func TestCanvas(t *testing.T) {
	const w, h = 203, 150 // not a whole number of tiles
	bgs := make([]*image.RGBA, 2)
	for k := range bgs {
		bgs[k] = image.NewRGBA(image.Rect(0, 0, w, h))
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				bgs[k].SetRGBA(x, y, color.RGBA{uint8(x / 20 * 20), uint8(y/30*40 + 40*k), 90, 255})
			}
		}
	}
	colours := []color.RGBA{{250, 20, 20, 255}, {20, 20, 250, 255}, {240, 240, 240, 255}}
	sample := image.NewRGBA(image.Rect(0, 0, w, 3*h))
	for k, bg := range bgs {
		draw.Draw(sample, bg.Rect.Add(image.Pt(0, k*h)), bg, image.Point{}, draw.Src)
	}
	for i, c := range colours {
		draw.Draw(sample, image.Rect(i*20, 2*h, i*20+20, 3*h), image.NewUniform(c), image.Point{}, draw.Src)
	}
	q := NewQuantizer([]*image.RGBA{sample}, colours)
	pals := make([]*image.Paletted, 2)
	for k, bg := range bgs {
		pals[k] = image.NewPaletted(bg.Rect, q.Palette())
		q.Quantize(pals[k], bg)
	}
	dc := gg.NewContext(30, 30)
	DrawStone(dc, Light, true, 14, 14, 10, 24)
	stone := NewSprite(dc.Image().(*image.RGBA))
	stone.OverBackground(bgs[0], image.Pt(47, 35))
	stone.QuantizeOver(q)
	rng := rand.New(rand.NewPCG(5, 6))
	cv := NewCanvas(bgs[0].Rect, q.Palette())
	for i := 0; i < 40; i++ {
		k := 0
		if i%7 == 3 {
			k = 1
		}
		img := cv.Begin(bgs[k], pals[k])
		for n := rng.IntN(5); n >= 0; n-- {
			x, y := rng.IntN(w), rng.IntN(h)
			r := image.Rect(x, y, x+rng.IntN(60)+1, y+rng.IntN(60)+1)
			draw.Draw(img, r, image.NewUniform(colours[rng.IntN(len(colours))]), image.Point{}, draw.Src)
			cv.Touch(r)
		}
		// A stone, prepared over the first background where it falls,
		// or somewhere else.
		at := image.Pt(47, 35)
		if i%3 == 0 {
			at = image.Pt(rng.IntN(w-40), rng.IntN(h-40))
		}
		stone.Draw(img, cv, at)
		if i == 13 {
			continue // abandoned: no Paletted
		}
		want := image.NewPaletted(img.Rect, q.Palette())
		q.Quantize(want, img)
		got := cv.Paletted(q)
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				if got.ColorIndexAt(x, y) != want.ColorIndexAt(x, y) {
					t.Fatalf("image %d: pixel %d,%d is %d, want %d", i, x, y, got.ColorIndexAt(x, y), want.ColorIndexAt(x, y))
				}
			}
		}
		var b bytes.Buffer
		if err := cv.EncodePNG(&b, q); err != nil {
			t.Fatal(err)
		}
		m, err := png.Decode(&b)
		if err != nil {
			t.Fatalf("image %d: %v", i, err)
		}
		if pm, ok := m.(*image.Paletted); !ok || !bytes.Equal(pm.Pix, want.Pix) {
			t.Fatalf("image %d: the PNG differs from the picture quantized", i)
		}
	}
}
