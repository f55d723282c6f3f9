package render

import (
	"image"
	"image/color"
	"testing"

	"github.com/veletasbot/veletas/game/veletas"
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

// TestSquareBoard checks the exported board geometry against the Veletas
// layout it comes from, the width clamped, and the board inside the image
// below the status strip.
func TestSquareBoard(t *testing.T) {
	for _, w := range []int{0, 100, MinWidth, 333, DefaultWidth, 1999, MaxWidth, 9000} {
		g := SquareBoard(10, w)
		l := NewLayout(veletas.Size10, w)
		if g.Width != l.Width || g.Height != l.Height || g.Cell != l.Cell || g.Board != l.Board || g.Frame != l.Frame || g.Status != l.Status {
			t.Errorf("width %d: SquareBoard %+v, NewLayout %+v", w, g, l)
		}
		if g.Width < MinWidth || g.Width > MaxWidth || !g.Board.In(image.Rect(0, 0, g.Width, g.Height)) || g.Status.Max.Y >= g.Board.Min.Y || g.Board.Dx() != 10*g.Cell {
			t.Errorf("width %d: geometry %+v out of place", w, g)
		}
	}
}

// TestFill checks the exported pattern filling: known verbs replaced,
// others and a trailing % kept.
func TestFill(t *testing.T) {
	if got := Fill("%c wins %n%% %x 100%", map[byte]string{'c': "White", 'n': "3"}); got != "White wins 3%% %x 100%" {
		t.Errorf("Fill = %q", got)
	}
}
