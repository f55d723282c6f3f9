package veletas

import (
	"github.com/veletasbot/veletas/render"

	"os"
	"strings"
	"testing"
	"unicode"

	"github.com/veletasbot/veletas/game/veletas"
)

// TestJapaneseGlyphs: every character of every language's words has a
// glyph in an embedded font, and those beyond the Latin letters are
// listed in render/fonts/ja-text.txt, the characters of render's
// Japanese subset (run go generate ./render after changing them).
func TestJapaneseGlyphs(t *testing.T) {
	listed, err := os.ReadFile("../fonts/ja-text.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range wordRunes() {
		if _, err := render.NewWordText(render.Bold, 20, string(r)); err != nil {
			t.Errorf("%q: %v", r, err)
		}
		if r >= 0x3000 && !strings.ContainsRune(string(listed), r) {
			t.Errorf("%q is not listed in render/fonts/ja-text.txt", r)
		}
	}
}

// TestNoEnglishOnOtherLanguages: the strip of every phase, and of games
// won off the board, has no English word in French or Japanese: each of
// its words is one of the language's own, and the Japanese strip has no
// Latin letter but in the notation's token.
func TestNoEnglishOnOtherLanguages(t *testing.T) {
	g7 := loadRecord(t, "game_s7_03.rec")
	var sts []func(lang string) status
	for n := 0; n <= g7.Len(); n++ {
		g := g7.Undo(g7.Len() - n)
		sts = append(sts, func(l string) status { return statusOf(g.Position(), GameScene(g).Last, l) })
	}
	mid := g7.Undo(g7.Len() - 5)
	for _, end := range []render.Ending{render.EndResign, render.EndTime} {
		sts = append(sts, func(l string) status {
			return ended(statusOf(mid.Position(), GameScene(mid).Last, l), veletas.White, end, l)
		})
	}
	english := []string{"Black", "White", "to place", "to move", "wins", "Setup", "shooters", "to win", "resignation", "on time", "swap", "keep", "choose"}
	for _, l := range []string{"fr", "ja"} {
		for i, st := range sts {
			s := st(l)
			text := s.head + " " + s.score + " " + s.need
			for _, w := range english {
				if strings.Contains(text, w) {
					t.Errorf("%s strip %d says %q: %q", l, i, w, text)
				}
			}
			if l == "ja" && strings.IndexFunc(text, func(r rune) bool { return r < 0x80 && unicode.IsLetter(r) }) >= 0 {
				t.Errorf("ja strip %d has Latin letters: %q", i, text)
			}
			if s.token == "swap" || s.token == "keep" {
				t.Errorf("%s strip %d shows the token %q", l, i, s.token)
			}
		}
	}
}

// TestEndingSaysHow: the last image of a game won off the board names the
// winner and how it ended, in each language; a game won on the board says
// only who won.
func TestEndingSaysHow(t *testing.T) {
	g7 := loadRecord(t, "game_s7_03.rec")
	mid := g7.Undo(g7.Len() - 5)
	for _, c := range []struct {
		lang       string
		end        render.Ending
		head, need string
	}{
		{"", render.EndResign, "White wins", "by resignation"},
		{"", render.EndTime, "White wins", "on time"},
		{"fr", render.EndResign, "Victoire des Blancs", "par abandon"},
		{"ja", render.EndTime, "白の勝ち", "時間切れ"},
	} {
		st := ended(statusOf(mid.Position(), GameScene(mid).Last, c.lang), veletas.White, c.end, c.lang)
		if st.head != c.head || st.need != c.need || !st.won || st.icon != veletas.White {
			t.Errorf("%q %d: %+v", c.lang, c.end, st)
		}
	}
	if st := statusOf(g7.Position(), GameScene(g7).Last, ""); st.head != "White wins" || st.need != "" {
		t.Errorf("won on the board: %+v", st)
	}
}
