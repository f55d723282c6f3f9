package gifframes

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"image"
	"image/draw"
	"image/gif"
	"os"
	"strings"
	"testing"
)

// ComposeIndices lays the pixels of frame fr whose index is not
// transparent over shown, the palette indices of a picture width pixels
// wide.
func ComposeIndices(shown []uint8, width int, fr *image.Paletted, transparent uint8) {
	b := fr.Rect
	for y := b.Min.Y; y < b.Max.Y; y++ {
		row := fr.Pix[(y-b.Min.Y)*fr.Stride : (y-b.Min.Y)*fr.Stride+b.Dx()]
		for x, v := range row {
			if v != transparent {
				shown[y*width+b.Min.X+x] = v
			}
		}
	}
}

// CountDiff is the number of places where a and b differ.
func CountDiff(a, b []uint8) int {
	n := 0
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			n++
		}
	}
	return n + max(len(a), len(b)) - min(len(a), len(b))
}

// Last decodes the animated GIF data and returns the picture its last
// frame shows, in colours.
func Last(data []byte) (*image.RGBA, error) {
	a, err := gif.DecodeAll(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("gifframes: %w", err)
	}
	out := image.NewRGBA(image.Rect(0, 0, a.Config.Width, a.Config.Height))
	for _, f := range a.Image {
		draw.Draw(out, f.Bounds(), f, f.Bounds().Min, draw.Over)
	}
	return out, nil
}

// Same reports whether a and b have the same bounds and the same colour
// at every pixel.
func Same(a, b image.Image) bool {
	if a.Bounds() != b.Bounds() {
		return false
	}
	for y := a.Bounds().Min.Y; y < a.Bounds().Max.Y; y++ {
		for x := a.Bounds().Min.X; x < a.Bounds().Max.X; x++ {
			r1, g1, b1, a1 := a.At(x, y).RGBA()
			r2, g2, b2, a2 := b.At(x, y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 || a1 != a2 {
				return false
			}
		}
	}
	return true
}

// Sums are the checksums of named files, a line each ("sha256  name"),
// as sha256sum writes them.
type Sums struct{ b strings.Builder }

// Add adds the checksum of data, named name.
func (s *Sums) Add(name string, data []byte) {
	sum := sha256.Sum256(data)
	s.b.WriteString(hex.EncodeToString(sum[:]) + "  " + name + "\n")
}

// Check fails tb unless the sums equal the file at path (Diff); with
// update it writes them there instead.
func (s *Sums) Check(tb testing.TB, path string, update bool) {
	tb.Helper()
	if update {
		if err := os.WriteFile(path, []byte(s.b.String()), 0o644); err != nil {
			tb.Fatal(err)
		}
		return
	}
	if err := s.Diff(path); err != nil {
		tb.Error(err)
	}
}

// Diff says how the sums differ from the file at path, nil when they
// are the same.
func (s *Sums) Diff(path string) error {
	want, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("%w (run the test with -update to write it)", err)
	}
	if got := s.b.String(); got != string(want) {
		return fmt.Errorf("the files differ from %s:\ngot:\n%swant:\n%s", path, got, want)
	}
	return nil
}

// Checked reports whether a test comparing each of a replay's n frames
// with its scene's whole picture checks frame i: every frame, but under
// the race detector (which makes the drawing about ten times slower, and
// finds nothing in these one-goroutine tests) only the first, the last
// two and every eighth. The frames not checked must still be composed.
func Checked(i, n int) bool {
	return everyFrame || i == 0 || i >= n-2 || i%8 == 0
}
