package fanorona

import (
	"strconv"
	"strings"
)

// The fixed words of the strip and of the line under the board, by
// language (Scene.Lang): English, French and Japanese. The Latin letters
// come from the Go fonts; the Japanese ones from render's subset of
// Droid Sans Fallback, which holds the glyphs of these words
// (render/fonts/ja-text.txt lists them).

// words holds one language's strip.
type words struct {
	black, white string
	// Headlines; %c is the colour's word.
	toMove, wins string
	// quiet: the count of turns without a capture as the draw nears, %q
	// of %n.
	quiet string
	// The headline during a capture sequence (%c the colour), of a draw
	// and the line under the board saying why, the lead of the last
	// turn's token, the notes of Véla's phases and the games' names,
	// shown before the first turn.
	capturing, draw, drawNote, lastTurn string
	velaFirst, velaBoth, fanorona, vela string
}

var wordsByLang = map[string]words{
	"en": {
		black: "Black", white: "White",
		toMove: "%c to move", wins: "%c wins",
		quiet:     "Turns without a capture: %q/%n",
		capturing: "%c capturing", draw: "Draw", drawNote: "100 turns without a capture", lastTurn: "Last turn ",
		velaFirst: "Véla: Black may not capture until 5 are left", velaBoth: "Véla: both sides capture now",
		fanorona: "Fanorona", vela: "Véla",
	},
	"fr": {
		black: "Noirs", white: "Blancs",
		toMove: "Aux %c de jouer", wins: "Victoire des %c",
		quiet:     "Tours sans prise : %q/%n",
		capturing: "Prise des %c", draw: "Partie nulle", drawNote: "100 tours sans prise", lastTurn: "Dernier tour ",
		velaFirst: "Véla : Noirs sans prise jusqu'à 5 pièces", velaBoth: "Véla : les deux camps prennent",
		fanorona: "Fanorona", vela: "Véla",
	},
	"ja": {
		black: "黒", white: "白",
		toMove: "%cの番", wins: "%cの勝ち",
		quiet:     "取りのない手：%q/%n",
		capturing: "%cの連続取り", draw: "引き分け", drawNote: "100手続けて取りなし", lastTurn: "直前の手 ",
		velaFirst: "ヴェラ：黒は残り5個まで取れない", velaBoth: "ヴェラ：両者とも取れる",
		fanorona: "ファノロナ", vela: "ヴェラ",
	},
}

// wordsFor returns the words of a language, English for any other.
func wordsFor(lang string) words {
	if w, ok := wordsByLang[lang]; ok {
		return w
	}
	return wordsByLang["en"]
}

func num(n int) string { return strconv.Itoa(n) }

// wordRunes are the characters of every language's words, which the
// atlases must hold besides render.Symbols.
func wordRunes() string {
	var sb strings.Builder
	for _, w := range wordsByLang {
		for _, s := range []string{w.black, w.white, w.toMove, w.wins, w.quiet,
			w.capturing, w.draw, w.drawNote, w.lastTurn, w.velaFirst, w.velaBoth, w.fanorona, w.vela} {
			sb.WriteString(s)
		}
	}
	return sb.String()
}
