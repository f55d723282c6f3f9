package render

import (
	"image"
	"image/png"
	"os"
	"testing"
)

func BenchmarkZZDeflate(b *testing.B) {
	f, _ := os.Open("/tmp/mid10.png")
	m, err := png.Decode(f)
	if err != nil {
		b.Fatal(err)
	}
	pm := m.(*image.Paletted)
	w, h := pm.Rect.Dx(), pm.Rect.Dy()
	raw := make([]byte, 0, (w+1)*h)
	for y := 0; y < h; y++ {
		raw = append(raw, 0)
		raw = append(raw, pm.Pix[y*pm.Stride:y*pm.Stride+w]...)
	}
	var d deflater
	var out []byte
	for b.Loop() {
		out = d.zlib(out[:0], raw, w+1)
	}
	b.ReportMetric(float64(len(out)), "bytes")
}

func TestZZStats(t *testing.T) {
	f, _ := os.Open("/tmp/mid10.png")
	m, _ := png.Decode(f)
	pm := m.(*image.Paletted)
	w, h := pm.Rect.Dx(), pm.Rect.Dy()
	raw := make([]byte, 0, (w+1)*h)
	for y := 0; y < h; y++ {
		raw = append(raw, 0)
		raw = append(raw, pm.Pix[y*pm.Stride:y*pm.Stride+w]...)
	}
	var d deflater
	d.tokenize(raw, w+1)
	lit, short, long, d1, dw := 0, 0, 0, 0, 0
	for _, tk := range d.toks {
		if tk&(1<<31) == 0 {
			lit++
			continue
		}
		l := int(tk>>16) & 0x1ff
		if l < 16 {
			short++
		} else {
			long++
		}
		switch int(tk&0xffff) + 1 {
		case 1:
			d1++
		case w + 1:
			dw++
		}
	}
	t.Logf("raw %d toks %d lit %d short %d long %d d1 %d dw %d", len(raw), len(d.toks), lit, short, long, d1, dw)
}
