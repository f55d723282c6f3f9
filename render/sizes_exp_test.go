package render

import (
	"bytes"
	"image"
	"image/color/palette"
	"image/draw"
	"image/png"
	"testing"
	"time"
)

func TestSizesExp(t *testing.T) {
	g := loadRecord(t, "game_s10_10.rec")
	r, _ := New(Options{})
	img := r.Image(GameScene(midGame(t, g)))
	pal := image.NewPaletted(img.Rect, palette.Plan9)
	draw.Draw(pal, img.Rect, img, image.Point{}, draw.Src)
	for _, m := range []image.Image{img, pal} {
		for _, lv := range []png.CompressionLevel{png.BestSpeed, png.DefaultCompression} {
			var b bytes.Buffer
			enc := &png.Encoder{CompressionLevel: lv}
			enc.Encode(&b, m)
			st := time.Now()
			for i := 0; i < 5; i++ {
				b.Reset()
				enc.Encode(&b, m)
			}
			t.Logf("level %d: %d bytes %v", lv, b.Len(), time.Since(st)/5)
		}
	}
	st := time.Now()
	for i := 0; i < 10; i++ {
		r.Image(GameScene(midGame(t, g)))
	}
	t.Logf("draw %v", time.Since(st)/10)
}
