package render

import (
	"errors"
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

// TestFill checks the exported pattern filling: known verbs replaced,
// others and a trailing % kept.
func TestFill(t *testing.T) {
	if got := Fill("%c wins %n%% %x 100%", map[byte]string{'c': "White", 'n': "3"}); got != "White wins 3%% %x 100%" {
		t.Errorf("Fill = %q", got)
	}
}

// TestParseTheme reads a theme's name and refuses another.
func TestParseTheme(t *testing.T) {
	if th, err := ParseTheme(" Dark "); err != nil || th != Dark {
		t.Errorf("ParseTheme(Dark) = %v, %v", th, err)
	}
	if _, err := ParseTheme("sepia"); !errors.Is(err, ErrUnknownTheme) {
		t.Errorf("ParseTheme(sepia): %v", err)
	}
}
