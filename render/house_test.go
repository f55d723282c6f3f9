package render

import (
	"image"
	"image/color"
	"testing"
)

// TestNewText draws with an exported Text and refuses a character that
// no embedded font has.
func TestNewText(t *testing.T) {
	tx, err := NewText(Bold, 30, "Ab白", nil)
	if err != nil {
		t.Fatal(err)
	}
	if tx.Measure("Ab") <= tx.Measure("A") || tx.CapHeight() < 15 {
		t.Errorf("measure %d, %d; cap height %d", tx.Measure("Ab"), tx.Measure("A"), tx.CapHeight())
	}
	dst := image.NewRGBA(image.Rect(0, 0, 100, 50))
	tx.Draw(dst, "白", 10, 40, color.Black)
	inked := 0
	for i := 3; i < len(dst.Pix); i += 4 {
		if dst.Pix[i] > 128 {
			inked++
		}
	}
	if inked < 20 {
		t.Errorf("the Japanese glyph inked %d pixels", inked)
	}
	if _, err := NewText(Regular, 20, "A陣", nil); err == nil {
		t.Error("a character of no embedded font was accepted")
	}
	if _, err := NewText(Regular, 20, "A", []byte("not a font")); err == nil {
		t.Error("a bad fallback font was accepted")
	}
}
