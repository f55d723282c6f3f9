package render

import (
	"strconv"
	"strings"
)

// The fixed words of the status strip, by language (Scene.Lang): English,
// French and Japanese. The Latin letters come from the Go fonts; the
// Japanese ones from a subset of IPAexGothic holding only the glyphs these
// words use (fonts.go, fonts/ipaexg-subset.ttf, made by go generate).

// Ending tells how a finished game ended, for the strip of its last image.
type Ending uint8

// The endings. EndNone (the zero value) shows nothing more than the
// position: a majority of claims shows on the board.
const (
	EndNone   Ending = iota
	EndResign        // the loser resigned
	EndTime          // the loser's time ran out and the winner claimed
)

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
	// quiet: Fanorona's count of turns without a capture as the draw
	// nears, %q of %n.
	quiet string
	// Fanorona's strip: the headline during a capture sequence (%c the
	// colour), of a draw and the line under the board saying why, the
	// lead of the last turn's token, the notes of Véla's phases and the
	// games' names, shown before the first turn.
	capturing, draw, drawNote, lastTurn string
	velaFirst, velaBoth, fanorona, vela string
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
		claims: "%c claims %s", quiet: "Turns without a capture: %q/%n",
		capturing: "%c capturing", draw: "Draw", drawNote: "100 turns without a capture", lastTurn: "Last turn ",
		velaFirst: "Véla: Black may not capture until 5 are left", velaBoth: "Véla: both sides capture now",
		fanorona: "Fanorona", vela: "Véla",
	},
	"fr": {
		black: "Noirs", white: "Blancs",
		toPlace: "Placement des %c", toChoose: "Choix du camp : %c", toMove: "Aux %c de jouer", wins: "Victoire des %c",
		score: "Noirs %b - Blancs %w sur %n", need: "%n pour gagner",
		place: "Placer %p tireurs sur %n", placeOne: "Placer %p tireur sur %n", placed: "Tireurs placés : %p sur %n",
		resigned: "par abandon", onTime: "au temps",
		swap: "échange", keep: "garde",
		claims: "Les %c capturent %s", quiet: "Tours sans prise : %q/%n",
		capturing: "Prise des %c", draw: "Partie nulle", drawNote: "100 tours sans prise", lastTurn: "Dernier tour ",
		velaFirst: "Véla : Noirs sans prise jusqu'à 5 pièces", velaBoth: "Véla : les deux camps prennent",
		fanorona: "Fanorona", vela: "Véla",
	},
	"ja": {
		black: "黒", white: "白",
		toPlace: "%cの配置", toChoose: "%cが先後を選択", toMove: "%cの番", wins: "%cの勝ち",
		score: "黒 %b - 白 %w（全%n個）", need: "%n個で勝ち",
		place: "配置：シューター%p個（全%n個）", placeOne: "配置：シューター%p個（全%n個）", placed: "配置済み：%p個（全%n個）",
		resigned: "投了", onTime: "時間切れ",
		swap: "交代", keep: "そのまま",
		claims: "%cが%sを獲得", quiet: "取りのない手：%q/%n",
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

// fill replaces the verbs of a pattern: %c a colour word, %s squares,
// %b %w %n %p %q numbers.
func fill(pattern string, args map[byte]string) string {
	var sb strings.Builder
	for i := 0; i < len(pattern); i++ {
		if pattern[i] == '%' && i+1 < len(pattern) {
			if v, ok := args[pattern[i+1]]; ok {
				sb.WriteString(v)
				i++
				continue
			}
		}
		sb.WriteByte(pattern[i])
	}
	return sb.String()
}

func num(n int) string { return strconv.Itoa(n) }

// allWordRunes are the characters of every language's words, which the
// atlases must hold.
func allWordRunes() string {
	var sb strings.Builder
	for _, w := range wordsByLang {
		for _, s := range []string{w.black, w.white, w.toPlace, w.toChoose, w.toMove, w.wins, w.score, w.need,
			w.place, w.placeOne, w.placed, w.resigned, w.onTime, w.swap, w.keep, w.claims, w.quiet,
			w.capturing, w.draw, w.drawNote, w.lastTurn, w.velaFirst, w.velaBoth, w.fanorona, w.vela} {
			sb.WriteString(s)
		}
	}
	return sb.String()
}
