package gifframes

import (
	"bytes"
	"image"
	"image/color"
	"image/gif"
	"os"
	"path/filepath"
	"testing"
)

// TestFramesShown: a two-frame GIF whose second frame changes one pixel
// (the rest transparent) shows the first picture with that pixel changed,
// by index and by colour.
func TestFramesShown(t *testing.T) {
	pal := color.Palette{color.RGBA{255, 0, 0, 255}, color.RGBA{0, 0, 255, 255}, color.RGBA{}}
	first := image.NewPaletted(image.Rect(0, 0, 3, 2), pal) // all red
	second := image.NewPaletted(image.Rect(1, 1, 3, 2), pal)
	second.Pix[0], second.Pix[1] = 2, 1 // (1,1) unchanged, (2,1) blue
	var b bytes.Buffer
	if err := gif.EncodeAll(&b, &gif.GIF{Image: []*image.Paletted{first, second}, Delay: []int{1, 1},
		Config: image.Config{ColorModel: pal, Width: 3, Height: 2}}); err != nil {
		t.Fatal(err)
	}
	shown := make([]uint8, 6)
	ComposeIndices(shown, 3, first, 2)
	ComposeIndices(shown, 3, second, 2)
	if want := []uint8{0, 0, 0, 0, 0, 1}; CountDiff(shown, want) != 0 {
		t.Errorf("indices %v, want %v", shown, want)
	}
	if n := CountDiff([]uint8{1, 2}, []uint8{1, 3, 4}); n != 2 {
		t.Errorf("CountDiff of one change and one extra: %d", n)
	}
	last, err := Last(b.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	want := image.NewRGBA(image.Rect(0, 0, 3, 2))
	for i := range 6 {
		want.Set(i%3, i/3, color.RGBA{255, 0, 0, 255})
	}
	want.Set(2, 1, color.RGBA{0, 0, 255, 255})
	if !Same(last, want) {
		t.Error("the last picture is not red with its last pixel blue")
	}
	want.Set(1, 1, color.RGBA{0, 0, 255, 255})
	if Same(last, want) {
		t.Error("Same took two pictures a pixel apart for one")
	}
	if _, err := Last([]byte("GIF89a")); err == nil {
		t.Error("a truncated GIF decoded")
	}
}

// TestSums: the sums written with update are read back equal; another
// file's differ.
func TestSums(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sums")
	var s Sums
	s.Add("a", []byte("one"))
	s.Check(t, path, true)
	b, err := os.ReadFile(path)
	if err != nil || !bytes.HasSuffix(b, []byte("  a\n")) || len(b) != 64+4 {
		t.Fatalf("written %q, %v", b, err)
	}
	s.Check(t, path, false)
	var s2 Sums
	s2.Add("a", []byte("two"))
	if err := s2.Diff(path); err == nil {
		t.Error("different sums passed")
	}
	if err := s.Diff(path + ".missing"); err == nil {
		t.Error("a missing file passed")
	}
}
