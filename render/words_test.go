package render

import (
	"os"
	"strings"
	"testing"
)

// TestJapaneseGlyphs: the Japanese font holds a glyph for every character
// listed in fonts/ja-text.txt (run go generate ./render after changing
// them); render/veletas and render/fanorona check that their words'
// characters are listed.
func TestJapaneseGlyphs(t *testing.T) {
	if err := loadFonts(); err != nil {
		t.Fatal(err)
	}
	listed, err := os.ReadFile("fonts/ja-text.txt")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, r := range strings.TrimSpace(string(listed)) {
		if r == '\n' || fontRegular.Index(r) != 0 && fontBold.Index(r) != 0 {
			continue
		}
		n++
		if fontJA.Index(r) == 0 {
			t.Errorf("%q has no glyph in fonts/droidsansfallback-ja.ttf: run go generate ./render", r)
		}
	}
	if n < 20 {
		t.Errorf("fonts/ja-text.txt lists %d characters beyond the Go fonts", n)
	}
}
