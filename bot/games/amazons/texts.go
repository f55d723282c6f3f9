package amazonsmod

import (
	"fmt"
	"strings"
)

// Texts are the module's texts by language ("en", "fr", "ja") and
// message key; every key starts with "amazons." so that they merge into
// the bot's catalogues without clashing. English is complete and the
// fallback; TestTextsComplete checks that every language has every key
// with the same verbs. Patterns take fmt verbs: %s, %d.
//
// Mentions in prompts come already written (<@U>); as in the bot's own
// catalogue, the Japanese prompt adds さん itself.
var Texts = map[string]map[string]string{
	"en": textsEN,
	"fr": textsFR,
	"ja": textsJA,
}

// Languages lists the languages of Texts, English first.
var Languages = []string{"en", "fr", "ja"}

// Lang maps a Discord locale to a language of Texts: "ja…" is Japanese,
// "fr…" French, anything else English.
func Lang(locale string) string {
	l := strings.ToLower(locale)
	switch {
	case strings.HasPrefix(l, "ja"):
		return "ja"
	case strings.HasPrefix(l, "fr"):
		return "fr"
	}
	return "en"
}

// Text writes key in the language of locale (English when the language
// lacks it), with args; an unknown key is returned as it is.
func Text(locale, key string, args ...any) string {
	m, ok := Texts[Lang(locale)][key]
	if !ok {
		if m, ok = textsEN[key]; !ok {
			return key
		}
	}
	if len(args) == 0 {
		return m
	}
	return fmt.Sprintf(m, args...)
}

var textsEN = map[string]string{
	// ---- the command (Discord caps descriptions at 100 characters) ----
	"amazons.name":            "Amazons",
	"amazons.cmd.desc":        "Play the Game of the Amazons",
	"amazons.cmd.move.desc":   "Move one of your amazons, then shoot an arrow from where it lands",
	"amazons.opt.amazon.desc": "The square of the amazon to move, such as d1",
	"amazons.opt.to.desc":     "Where the amazon moves, like a chess queen: d7",
	"amazons.opt.arrow.desc":  "Where the amazon shoots its arrow from its new square: g7",
	"amazons.opt.turn.desc":   "Or the whole turn in one option, from-to/arrow: d1-d7/g7",

	// ---- refusals of what was typed (parse.go) ----
	"amazons.move.both":    "Give either `turn` (such as `d1-d7/g7`) or `amazon`, `to` and `arrow`, not both.",
	"amazons.move.need":    "Name your turn: `/amazons move amazon:d1 to:d7 arrow:g7`, or `/amazons move turn:d1-d7/g7`.",
	"amazons.move.missing": "The option %s is missing: a turn needs `amazon`, `to` and `arrow` (or `turn` alone, such as `d1-d7/g7`).",
	"amazons.move.badturn": "%s is not a turn: write from-to/arrow, such as `d1-d7/g7`.",
	"amazons.square.bad":   "%s: %s is not a square: write a letter and a number, such as `d1`.",
	"amazons.square.off":   "%s: %s is off the 10x10 board: squares go from `a1` to `j10`.",

	// ---- refusals by the rules (RuleRefusal.Text) ----
	"amazons.notallowed":         "Not allowed: %s.",
	"amazons.nochange":           "Nothing was changed.",
	"amazons.paren":              " (%s)",
	"amazons.sep.list":           ", ",
	"amazons.sep.detail":         "; ",
	"amazons.sep.sentence":       " ",
	"amazons.rule.over":          "the game is over",
	"amazons.rule.offboard":      "a square of the turn is off the board",
	"amazons.rule.noamazon":      "there is no amazon on that square",
	"amazons.rule.arrowthere":    "that square holds an arrow, not an amazon",
	"amazons.rule.notyours":      "that amazon is your opponent's",
	"amazons.rule.zeromove":      "an amazon must move at least one square",
	"amazons.rule.queen":         "an amazon moves like a chess queen, along a rank, file or diagonal",
	"amazons.rule.blocked":       "the amazon's way is blocked: it cannot pass over an amazon or an arrow",
	"amazons.rule.occupied":      "the amazon cannot land on an occupied square",
	"amazons.rule.arrowqueen":    "the arrow flies like a chess queen from where the amazon landed, along a rank, file or diagonal",
	"amazons.rule.arrowblocked":  "the arrow's flight is blocked: it cannot pass over an amazon or an arrow",
	"amazons.rule.arrowoccupied": "the arrow cannot land on an occupied square",
	"amazons.rule.arrowself":     "the arrow cannot land where the amazon that shoots it stands",
	"amazons.rule.other":         "that turn breaks the rules",
	"amazons.detail.over":        "%s cannot move, %s has won",
	"amazons.detail.notyours":    "it is %s's, and %s is to move",
	"amazons.detail.piece":       "%s on %s",
	"amazons.piece.white":        "White's amazon",
	"amazons.piece.black":        "Black's amazon",
	"amazons.piece.arrow":        "an arrow",
	"amazons.piece.none":         "nothing",
	"amazons.hint.over":          "Start a new game with `/amazons challenge`.",
	"amazons.hint.squares":       "Squares go from `a1` to `j10`; use `/amazons board` to see the game.",
	"amazons.hint.amazon":        "Name one of your amazons in `amazon`; the option suggests those that can move as you type.",
	"amazons.hint.to":            "Pick an empty square you can reach in a straight line without passing over a piece; the `to` option suggests them as you type.",
	"amazons.hint.arrow":         "Shoot from the amazon's new square onto an empty square in a straight line (the square it left is free); the `arrow` option suggests them as you type.",

	// ---- the card (card.go) ----
	"amazons.card.title":     "Amazons, game %d",
	"amazons.color.white":    "White",
	"amazons.color.black":    "Black",
	"amazons.card.moves":     "Moves",
	"amazons.card.territory": "Territory",
	"amazons.card.score":     "White %d – Black %d",
	"amazons.card.endscore":  "Territory at the end: White %d – Black %d.",
	"amazons.prompt.turn":    "%s, your turn (%s): move an amazon, then shoot an arrow: `/amazons move amazon:… to:… arrow:…`.",
	"amazons.win.noturn":     "by leaving the opponent no move",
	"amazons.reason.noturn":  "leaving the opponent no move",
	"amazons.ai.fallback":    "The computer could not decide in time and played a random legal turn.",

	// ---- rules and help ----
	"amazons.rules": "**The Game of the Amazons** (Walter Zamkauskas, 1988): a territory game on a 10x10 board, files `a` to `j`, ranks `1` to `10`.\n" +
		"**Start.** Each side has four amazons: White on `a4`, `d1`, `g1` and `j4`, Black on `a7`, `d10`, `g10` and `j7`. White moves first.\n" +
		"**A turn.** Move one of your amazons like a chess queen: any number of empty squares along a rank, file or diagonal, at least one, never onto or over an amazon or an arrow. Then it shoots an arrow from where it landed, like a queen again, onto an empty square. The square it just left is empty, so the arrow may pass over it or land on it. Arrows stay for the rest of the game and block moves and shots. Every turn is a move and a shot: there is no passing.\n" +
		"**End.** A player whose amazons cannot move when it is their turn loses, and the other wins; there are no draws. A side shut in while the other is to move has not lost: the other side's turn may free it. In practice the board splits into regions and the player with more room wins.\n" +
		"**Notation.** A turn is written from-to/arrow: `d1-d7/g7` moves the amazon on `d1` to `d7` and shoots `g7`.",
	"amazons.help": "**How to play the Amazons here**\n" +
		"`/amazons challenge opponent:@friend` challenge a friend (`rated:false` for a friendly game, `time:12h` for the time per move); leave out `opponent` for an open challenge.\n" +
		"`/amazons challenge opponent:@me level:easy` play me, the computer, at once (me is this bot); levels easy, medium, hard.\n" +
		"`/amazons move amazon:d1 to:d7 arrow:g7` move your amazon from `d1` to `d7` and shoot an arrow onto `g7`; or the whole turn in one option: `/amazons move turn:d1-d7/g7`.\n" +
		"`/amazons takeback` ask to undo your last turn; `/amazons claim` win when your opponent's time has run out; `/amazons resign`.\n" +
		"`/amazons board`, `/amazons record`, `/amazons games`, `/amazons standings`, `/amazons stats`, `/amazons rules`.\n" +
		"The options suggest only legal choices as you type: your amazons that can move, then where, then where the arrow can go.",
	// the picker's steps (game.Step.Key), worded by the core's picker
	"amazons.pick.amazon": "Choose the amazon to move",
	"amazons.pick.to":     "Choose where it goes",
	"amazons.pick.arrow":  "Choose where it shoots",
}

var textsFR = map[string]string{
	"amazons.name":            "Amazones",
	"amazons.cmd.desc":        "Jouer au jeu des Amazones",
	"amazons.cmd.move.desc":   "Déplacer une de vos amazones, puis tirer une flèche depuis sa case d'arrivée",
	"amazons.opt.amazon.desc": "La case de l'amazone à déplacer, comme d1",
	"amazons.opt.to.desc":     "Où va l'amazone, comme une dame aux échecs : d7",
	"amazons.opt.arrow.desc":  "Où l'amazone tire sa flèche depuis sa nouvelle case : g7",
	"amazons.opt.turn.desc":   "Ou le tour entier en une option, départ-arrivée/flèche : d1-d7/g7",

	"amazons.move.both":    "Donnez soit `turn` (comme `d1-d7/g7`), soit `amazon`, `to` et `arrow`, pas les deux.",
	"amazons.move.need":    "Indiquez votre tour : `/amazons move amazon:d1 to:d7 arrow:g7`, ou `/amazons move turn:d1-d7/g7`.",
	"amazons.move.missing": "L'option %s manque : un tour demande `amazon`, `to` et `arrow` (ou `turn` seule, comme `d1-d7/g7`).",
	"amazons.move.badturn": "%s n'est pas un tour : écrivez départ-arrivée/flèche, comme `d1-d7/g7`.",
	"amazons.square.bad":   "%s : %s n'est pas une case : écrivez une lettre et un nombre, comme `d1`.",
	"amazons.square.off":   "%s : %s est hors du plateau 10x10 : les cases vont de `a1` à `j10`.",

	"amazons.notallowed":         "Interdit : %s.",
	"amazons.nochange":           "Rien n'a été modifié.",
	"amazons.paren":              " (%s)",
	"amazons.sep.list":           ", ",
	"amazons.sep.detail":         " ; ",
	"amazons.sep.sentence":       " ",
	"amazons.rule.over":          "la partie est terminée",
	"amazons.rule.offboard":      "une case du tour est hors du plateau",
	"amazons.rule.noamazon":      "il n'y a pas d'amazone sur cette case",
	"amazons.rule.arrowthere":    "cette case porte une flèche, pas une amazone",
	"amazons.rule.notyours":      "cette amazone est à votre adversaire",
	"amazons.rule.zeromove":      "une amazone doit se déplacer d'au moins une case",
	"amazons.rule.queen":         "une amazone se déplace comme une dame aux échecs, en ligne, en colonne ou en diagonale",
	"amazons.rule.blocked":       "le chemin de l'amazone est barré : elle ne peut passer par-dessus une amazone ou une flèche",
	"amazons.rule.occupied":      "l'amazone ne peut s'arrêter sur une case occupée",
	"amazons.rule.arrowqueen":    "la flèche vole comme une dame aux échecs depuis la case d'arrivée de l'amazone, en ligne, en colonne ou en diagonale",
	"amazons.rule.arrowblocked":  "le vol de la flèche est barré : elle ne peut passer par-dessus une amazone ou une flèche",
	"amazons.rule.arrowoccupied": "la flèche ne peut tomber sur une case occupée",
	"amazons.rule.arrowself":     "la flèche ne peut tomber là où se tient l'amazone qui la tire",
	"amazons.rule.other":         "ce tour enfreint les règles",
	"amazons.detail.over":        "les %s ne peuvent plus jouer, les %s ont gagné",
	"amazons.detail.notyours":    "elle est aux %s, et c'est aux %s de jouer",
	"amazons.detail.piece":       "%s en %s",
	"amazons.piece.white":        "une amazone blanche",
	"amazons.piece.black":        "une amazone noire",
	"amazons.piece.arrow":        "une flèche",
	"amazons.piece.none":         "rien",
	"amazons.hint.over":          "Commencez une nouvelle partie avec `/amazons challenge`.",
	"amazons.hint.squares":       "Les cases vont de `a1` à `j10` ; `/amazons board` affiche la partie.",
	"amazons.hint.amazon":        "Indiquez une de vos amazones dans `amazon` ; l'option propose pendant la saisie celles qui peuvent bouger.",
	"amazons.hint.to":            "Choisissez une case vide atteignable en ligne droite sans passer par-dessus une pièce ; l'option `to` les propose pendant la saisie.",
	"amazons.hint.arrow":         "Tirez depuis la nouvelle case de l'amazone vers une case vide en ligne droite (la case qu'elle a quittée est libre) ; l'option `arrow` les propose pendant la saisie.",

	"amazons.card.title":     "Amazones, partie %d",
	"amazons.color.white":    "Blancs",
	"amazons.color.black":    "Noirs",
	"amazons.card.moves":     "Coups",
	"amazons.card.territory": "Territoire",
	"amazons.card.score":     "Blancs %d – Noirs %d",
	"amazons.card.endscore":  "Territoire à la fin : Blancs %d – Noirs %d.",
	"amazons.prompt.turn":    "%s, à vous (%s) : déplacez une amazone, puis tirez une flèche : `/amazons move amazon:… to:… arrow:…`.",
	"amazons.win.noturn":     "en ne laissant aucun coup à l'adversaire",
	"amazons.reason.noturn":  "blocage de l'adversaire",
	"amazons.ai.fallback":    "L'ordinateur n'a pas pu décider à temps et a joué un tour légal au hasard.",

	"amazons.rules": "**Le jeu des Amazones** (Walter Zamkauskas, 1988) : un jeu de territoire sur un plateau de 10x10, colonnes `a` à `j`, rangées `1` à `10`.\n" +
		"**Départ.** Chaque camp a quatre amazones : les Blancs en `a4`, `d1`, `g1` et `j4`, les Noirs en `a7`, `d10`, `g10` et `j7`. Les Blancs commencent.\n" +
		"**Un tour.** Déplacez une de vos amazones comme une dame aux échecs : d'autant de cases vides que vous voulez, au moins une, en ligne, en colonne ou en diagonale, sans jamais s'arrêter sur une amazone ou une flèche ni passer par-dessus. Puis elle tire une flèche depuis sa case d'arrivée, encore comme une dame, sur une case vide. La case qu'elle vient de quitter est vide : la flèche peut la survoler ou y tomber. Les flèches restent jusqu'à la fin de la partie et bloquent déplacements et tirs. Chaque tour est un déplacement et un tir : on ne passe pas.\n" +
		"**Fin.** Le joueur dont aucune amazone ne peut bouger quand vient son tour perd, et l'autre gagne ; il n'y a pas de nulle. Un camp enfermé pendant que l'autre joue n'a pas perdu : le tour de l'autre peut le libérer. En pratique le plateau se partage en régions et celui qui a le plus de place gagne.\n" +
		"**Notation.** Un tour s'écrit départ-arrivée/flèche : `d1-d7/g7` déplace l'amazone de `d1` en `d7` et tire en `g7`.",
	"amazons.help": "**Jouer aux Amazones ici**\n" +
		"`/amazons challenge opponent:@ami` défiez un ami (`rated:false` pour une partie amicale, `time:12h` pour le temps par coup) ; sans `opponent`, le défi est ouvert à tous.\n" +
		"`/amazons challenge opponent:@moi level:easy` jouez tout de suite contre moi, l'ordinateur (moi, c'est ce bot) ; niveaux easy, medium, hard.\n" +
		"`/amazons move amazon:d1 to:d7 arrow:g7` déplacez votre amazone de `d1` en `d7` et tirez une flèche en `g7` ; ou le tour entier en une option : `/amazons move turn:d1-d7/g7`.\n" +
		"`/amazons takeback` demandez à annuler votre dernier tour ; `/amazons claim` réclamez la victoire quand le temps de votre adversaire est écoulé ; `/amazons resign`.\n" +
		"`/amazons board`, `/amazons record`, `/amazons games`, `/amazons standings`, `/amazons stats`, `/amazons rules`.\n" +
		"Les options ne proposent que des choix légaux pendant la saisie : vos amazones qui peuvent bouger, puis où, puis où la flèche peut aller.",
	// the picker's steps (game.Step.Key), worded by the core's picker
	"amazons.pick.amazon": "Choisissez l'amazone à déplacer",
	"amazons.pick.to":     "Choisissez où elle va",
	"amazons.pick.arrow":  "Choisissez où elle tire",
}

var textsJA = map[string]string{
	"amazons.name":            "アマゾン",
	"amazons.cmd.desc":        "ゲーム・オブ・アマゾンを指す",
	"amazons.cmd.move.desc":   "自分のアマゾンを1つ動かし、止まったマスから矢を撃つ",
	"amazons.opt.amazon.desc": "動かすアマゾンのマス（例：d1）",
	"amazons.opt.to.desc":     "アマゾンの行き先。チェスのクイーンのように動く（例：d7）",
	"amazons.opt.arrow.desc":  "新しいマスからアマゾンが矢を撃つ先（例：g7）",
	"amazons.opt.turn.desc":   "または1手まとめて、元-先/矢 の形で（例：d1-d7/g7）",

	"amazons.move.both":    "`turn`（例：`d1-d7/g7`）か、`amazon`・`to`・`arrow` のどちらか一方を指定してください。両方は指定できません。",
	"amazons.move.need":    "手を指定してください：`/amazons move amazon:d1 to:d7 arrow:g7`、または `/amazons move turn:d1-d7/g7`。",
	"amazons.move.missing": "オプション %s がありません。1手には `amazon`・`to`・`arrow` が必要です（または `turn` だけ、例：`d1-d7/g7`）。",
	"amazons.move.badturn": "%s は手ではありません。`d1-d7/g7` のように 元-先/矢 の形で書いてください。",
	"amazons.square.bad":   "%s：%s はマスではありません。`d1` のように文字と数字で書いてください。",
	"amazons.square.off":   "%s：%s は10×10の盤の外です。マスは `a1` から `j10` までです。",

	"amazons.notallowed":         "できません：%s。",
	"amazons.nochange":           "何も変更していません。",
	"amazons.paren":              "（%s）",
	"amazons.sep.list":           "、",
	"amazons.sep.detail":         "；",
	"amazons.sep.sentence":       "",
	"amazons.rule.over":          "対局は終わっています",
	"amazons.rule.offboard":      "手に盤の外のマスが含まれています",
	"amazons.rule.noamazon":      "そのマスにアマゾンはいません",
	"amazons.rule.arrowthere":    "そのマスにあるのは矢で、アマゾンではありません",
	"amazons.rule.notyours":      "そのアマゾンは相手のものです",
	"amazons.rule.zeromove":      "アマゾンは少なくとも1マス動かなければなりません",
	"amazons.rule.queen":         "アマゾンはチェスのクイーンのように、縦・横・斜めにまっすぐ動きます",
	"amazons.rule.blocked":       "アマゾンの道がふさがっています。アマゾンや矢は飛び越せません",
	"amazons.rule.occupied":      "アマゾンはふさがったマスには止まれません",
	"amazons.rule.arrowqueen":    "矢はアマゾンが止まったマスから、クイーンのように縦・横・斜めにまっすぐ飛びます",
	"amazons.rule.arrowblocked":  "矢の通り道がふさがっています。アマゾンや矢は飛び越せません",
	"amazons.rule.arrowoccupied": "矢はふさがったマスには落とせません",
	"amazons.rule.arrowself":     "矢を撃つアマゾン自身がいるマスには矢を落とせません",
	"amazons.rule.other":         "その手はルール違反です",
	"amazons.detail.over":        "%sは動けず、%sの勝ちです",
	"amazons.detail.notyours":    "%sのアマゾンで、手番は%sです",
	"amazons.detail.piece":       "%sが%sにあります",
	"amazons.piece.white":        "白のアマゾン",
	"amazons.piece.black":        "黒のアマゾン",
	"amazons.piece.arrow":        "矢",
	"amazons.piece.none":         "何もないもの",
	"amazons.hint.over":          "`/amazons challenge` で新しい対局を始めてください。",
	"amazons.hint.squares":       "マスは `a1` から `j10` までです。`/amazons board` で盤を確認できます。",
	"amazons.hint.amazon":        "`amazon` に自分のアマゾンを指定してください。入力中に動けるアマゾンが候補に出ます。",
	"amazons.hint.to":            "駒を飛び越さずにまっすぐ行ける空きマスを選んでください。入力中に `to` の候補に出ます。",
	"amazons.hint.arrow":         "アマゾンの新しいマスから、まっすぐ届く空きマスに撃ってください（元いたマスは空いています）。入力中に `arrow` の候補に出ます。",

	"amazons.card.title":     "アマゾン・第%d局",
	"amazons.color.white":    "白",
	"amazons.color.black":    "黒",
	"amazons.card.moves":     "動ける手",
	"amazons.card.territory": "陣地",
	"amazons.card.score":     "白 %d – 黒 %d",
	"amazons.card.endscore":  "終局時の陣地：白 %d – 黒 %d。",
	"amazons.prompt.turn":    "%s さんの番です（%s）：アマゾンを動かしてから矢を撃ってください：`/amazons move amazon:… to:… arrow:…`。",
	"amazons.win.noturn":     "相手に動ける手をなくして",
	"amazons.reason.noturn":  "相手に動ける手がなくなった",
	"amazons.ai.fallback":    "コンピューターが時間内に決められなかったので、合法手をランダムに指しました。",

	"amazons.rules": "**ゲーム・オブ・アマゾン**（Walter Zamkauskas、1988年）：10×10の盤（列 `a`～`j`、段 `1`～`10`）で陣地を争うゲームです。\n" +
		"**開始** 各自アマゾンを4つ持ちます。白は `a4`・`d1`・`g1`・`j4`、黒は `a7`・`d10`・`g10`・`j7`。白が先手です。\n" +
		"**手番** 自分のアマゾンを1つ、チェスのクイーンのように動かします。縦・横・斜めにまっすぐ空きマスを何マスでも（少なくとも1マス）進み、アマゾンや矢のあるマスに止まることも、それを飛び越すこともできません。そのあと、止まったマスからそのアマゾンが、やはりクイーンのように矢を空きマスへ撃ちます。今出てきたマスは空いているので、矢はそこを通ることも、そこに落ちることもできます。矢は最後まで残り、移動も矢も妨げます。毎手、移動と矢の両方を行い、パスはありません。\n" +
		"**終局** 自分の番にどのアマゾンも動けない側の負けで、相手の勝ちです。引き分けはありません。相手の番の間に閉じ込められても、まだ負けではありません（相手の手で出られることがあります）。実際には盤がいくつかの領域に分かれ、広い陣地を持つ側が勝ちます。\n" +
		"**記法** 1手は 元-先/矢 と書きます：`d1-d7/g7` は `d1` のアマゾンを `d7` へ動かし、`g7` に矢を撃つ手です。",
	"amazons.help": "**ここでのアマゾンの遊び方**\n" +
		"`/amazons challenge opponent:@友だち` 友だちに挑戦（`rated:false` で親善対局、`time:12h` で1手の持ち時間）。`opponent` を省くと誰でも受けられる挑戦になります。\n" +
		"`/amazons challenge opponent:@私 level:easy` 私（コンピューター）とすぐに対局（私 はこのボットです）。レベルは easy、medium、hard。\n" +
		"`/amazons move amazon:d1 to:d7 arrow:g7` 自分のアマゾンを `d1` から `d7` へ動かし、`g7` に矢を撃ちます。1つのオプションで1手まとめて `/amazons move turn:d1-d7/g7` とも書けます。\n" +
		"`/amazons takeback` 直前の自分の手を取り消すよう頼む。`/amazons claim` 相手の時間切れで勝ちを主張。`/amazons resign` 投了。\n" +
		"`/amazons board`、`/amazons record`、`/amazons games`、`/amazons standings`、`/amazons stats`、`/amazons rules`。\n" +
		"オプションは入力中に合法な候補だけを出します：動ける自分のアマゾン、その行き先、矢の落とし先の順です。",
	// the picker's steps (game.Step.Key), worded by the core's picker
	"amazons.pick.amazon": "動かすアマゾンを選んでください",
	"amazons.pick.to":     "行き先を選んでください",
	"amazons.pick.arrow":  "矢を撃つマスを選んでください",
}
