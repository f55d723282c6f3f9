package amazons

import (
	"strconv"
	"strings"
)

// words holds one language's texts of the strip. In the patterns, %c is
// a side's word and %n, %w, %b numbers.
type words struct {
	white, black string
	toMove, wins string // headlines
	start        string // the caption before the first turn
	turn         string // the caption after turn %n
	territory    string // the caption with the territory counts: %w White's, %b Black's
	stuck        string // the end by the board: %c is the side that cannot move
	resigned     string
	onTime       string
}

var wordsByLang = map[string]words{
	"en": {
		white: "White", black: "Black",
		toMove: "%c to move", wins: "%c wins",
		start: "Start", turn: "Turn %n",
		territory: "Territory: White %w - Black %b",
		stuck:     "%c cannot move",
		resigned:  "by resignation", onTime: "on time",
	},
	"fr": {
		white: "Blancs", black: "Noirs",
		toMove: "Aux %c de jouer", wins: "Victoire des %c",
		start: "Début", turn: "Tour %n",
		territory: "Territoire : Blancs %w - Noirs %b",
		stuck:     "Les %c ne peuvent plus jouer",
		resigned:  "par abandon", onTime: "au temps",
	},
	"ja": {
		white: "白", black: "黒",
		toMove: "%cの番", wins: "%cの勝ち",
		start: "開始", turn: "%n手目",
		territory: "陣地：白 %w - 黒 %b",
		stuck:     "%cは動けない",
		resigned:  "投了", onTime: "時間切れ",
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

// textRunes are the characters an image can show: coordinates, digits,
// the notation's signs and every language's words.
func textRunes() string {
	var sb strings.Builder
	sb.WriteString("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -/:.")
	for _, w := range wordsByLang {
		for _, s := range []string{w.white, w.black, w.toMove, w.wins, w.start, w.turn, w.territory, w.stuck, w.resigned, w.onTime} {
			sb.WriteString(s)
		}
	}
	return sb.String()
}
