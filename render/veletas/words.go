package veletas

import (
	"strconv"
	"strings"
)

// The fixed words of the status strip, by language (Scene.Lang): English,
// French and Japanese. The Latin letters come from the Go fonts; the
// Japanese ones from render's subset of Droid Sans Fallback, which holds
// the glyphs of these words (render/fonts/ja-text.txt lists them).

// words holds one language's strip.
type words struct {
	black, white string
	// Headlines; %c is the colour's word.
	toPlace, toChoose, toMove, wins string
	// score: "Black 2 - White 1 of 7" with %b %w %n in order: the black
	// claims, the white claims, the shooters.
	score string
	need  string // "4 to win"
	// place: the setup subtitle for the player to place, %p of %n
	// shooters; placed: during the side choice, %p of %n placed.
	place, placeOne, placed string
	resigned, onTime        string
	// claims: the caption of shooters just claimed, %c the claimer's
	// colour, %s the squares.
	claims string
	// swap and keep write the side choice's tokens of the notation
	// (which are English words) in the strip.
	swap, keep string
}

var wordsByLang = map[string]words{
	"en": {
		black: "Black", white: "White",
		toPlace: "%c to place", toChoose: "%c to choose sides", toMove: "%c to move", wins: "%c wins",
		score: "Black %b - White %w of %n", need: "%n to win",
		place: "Setup: place %p of %n shooters", placeOne: "Setup: place %p of %n shooters", placed: "Setup: %p of %n shooters placed",
		resigned: "by resignation", onTime: "on time",
		swap: "swap", keep: "keep",
		claims: "%c claims %s",
	},
	"fr": {
		black: "Noirs", white: "Blancs",
		toPlace: "Placement des %c", toChoose: "Choix du camp : %c", toMove: "Aux %c de jouer", wins: "Victoire des %c",
		score: "Noirs %b - Blancs %w sur %n", need: "%n pour gagner",
		place: "Placer %p tireurs sur %n", placeOne: "Placer %p tireur sur %n", placed: "Tireurs placés : %p sur %n",
		resigned: "par abandon", onTime: "au temps",
		swap: "échange", keep: "garde",
		claims: "Les %c capturent %s",
	},
	"ja": {
		black: "黒", white: "白",
		toPlace: "%cの配置", toChoose: "%cが先後を選択", toMove: "%cの番", wins: "%cの勝ち",
		score: "黒 %b - 白 %w（全%n個）", need: "%n個で勝ち",
		place: "配置：シューター%p個（全%n個）", placeOne: "配置：シューター%p個（全%n個）", placed: "配置済み：%p個（全%n個）",
		resigned: "投了", onTime: "時間切れ",
		swap: "交代", keep: "そのまま",
		claims: "%cが%sを獲得",
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
		for _, s := range []string{w.black, w.white, w.toPlace, w.toChoose, w.toMove, w.wins, w.score, w.need,
			w.place, w.placeOne, w.placed, w.resigned, w.onTime, w.swap, w.keep, w.claims} {
			sb.WriteString(s)
		}
	}
	return sb.String()
}
