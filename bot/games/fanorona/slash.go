package fanoronamod

import "github.com/veletasbot/veletas/bot"

// Fanorona's part of its slash command (Module.Slash): /fanorona with
// its own subcommands (move, stop, draw), the options of its challenges
// (variant, side) and the lifecycle's subcommands in its words, in
// Japanese and French too.

func (Module) Slash() bot.SlashPart {
	variant := bot.StringOption("variant", "Fanorona (by default) or Véla, the loser's game (not rated)", false, false, 8)
	variant.Choices = []bot.ChoiceSpec{{Name: "Fanorona", Value: "fanorona"}, {Name: "Véla", Value: "vela"}}
	side := bot.ChoiceOption("side", "Your side: White moves first (random by default)", 6, "white", "black", "random")
	lifecycle := func(name string) bot.OptionSpec { return bot.OptionSpec{Name: name} } // the lifecycle's option
	return bot.SlashPart{
		Description: "Play Fanorona, the national game of Madagascar, or Véla",
		Scope:       bot.ScopeInstallable,
		Subcommands: []bot.SubcommandSpec{
			{Name: "challenge", Description: "Challenge someone to a game of Fanorona or Véla in this channel", Options: []bot.OptionSpec{
				lifecycle("opponent"), variant, side, lifecycle("rated"), lifecycle("time"), lifecycle("level")}},
			{Name: "accept"}, {Name: "decline"}, {Name: "withdraw"},
			bot.Subcommand("move", "Play a whole turn (path) or one step (from, to)",
				bot.StringOption("path", "A whole turn, e.g. d2-e3A-e4W (A: approach, W: withdrawal)", false, true, 100),
				bot.StringOption("from", "The piece that steps (implied while your capture goes on), e.g. d2", false, true, 4),
				bot.StringOption("to", "Where it steps, e.g. e3", false, true, 4),
				bot.StringOption("capture", "How the step captures, when it can both ways: approach or withdrawal", false, true, 10)),
			bot.Subcommand("stop", "End your capture sequence here"),
			bot.Subcommand("draw", "Offer your opponent a draw"),
			{Name: "resign"}, {Name: "board"},
			{Name: "record", Description: "Show the game record in Fanorona notation"},
			{Name: "standings", Description: "Show this server's Fanorona leaderboard"},
			{Name: "rules", Description: "Show the rules of Fanorona and Véla"},
			{Name: "help", Description: "Show how to play Fanorona with this bot"},
			{Name: "stats", Description: "Show a player's Fanorona rating, record and recent games"},
			{Name: "claim"}, {Name: "games"}, {Name: "takeback"}, {Name: "rematch"}, {Name: "settings"},
		},
		Texts:   fanoronaTexts,
		Choices: fanoronaChoices,
	}
}

// fanoronaTexts are /fanorona's own names and descriptions in Japanese
// and French, and those it words otherwise than the lifecycle
// (commandspec.go).
var fanoronaTexts = map[string]bot.SlashText{
	"":                  {"", "マダガスカルの国民的ゲーム、ファノロナかヴェラを遊ぶ", "", "Jouer au fanorona, le jeu national de Madagascar, ou à la véla"},
	"challenge":         {"挑戦", "このチャンネルでファノロナかヴェラの対局を申し込む", "défier", "Défier quelqu'un au fanorona ou à la véla dans ce salon"},
	"challenge.variant": {"種類", "ファノロナ（既定）か、負けた側が指すヴェラ（レーティングなし）", "variante", "Fanorona (par défaut) ou véla, la partie du perdant (non classée)"},
	"challenge.side":    {"手番", "自分の色：白が先手（既定はランダム）", "camp", "Votre camp : les Blancs commencent (au hasard par défaut)"},
	"challenge.rated":   {"レーティング", "レーティングに反映するか（既定は true、ヴェラは常になし）", "classée", "La partie compte-t-elle pour le classement (true par défaut ; jamais en véla)"},
	"move":              {"指す", "1手まとめて（path）か1歩ずつ（from、to）指す", "jouer", "Jouer un tour entier (path) ou un pas (from, to)"},
	"move.path":         {"手", "1手全体（例 d2-e3A-e4W。A は接近、W は離脱）", "tour", "Un tour entier, ex. d2-e3A-e4W (A : approche, W : retrait)"},
	"move.from":         {"から", "進む駒（取りの途中は省略）、例 d2", "de", "La pièce qui avance (sous-entendue pendant une prise), ex. d2"},
	"move.to":           {"へ", "進む先、例 e3", "vers", "Où elle avance, ex. e3"},
	"move.capture":      {"取り方", "両方で取れるときの取り方：approach か withdrawal", "prise", "Comment le pas prend, s'il peut des deux façons : approach ou withdrawal"},
	"stop":              {"止める", "ここで取りを終えて手番を渡す", "arrêter", "Finir votre prise ici"},
	"draw":              {"引き分け", "相手に引き分けを提案する", "nulle", "Proposer la nulle à votre adversaire"},
	"record":            {"棋譜", "ファノロナ記法で棋譜を見る", "relevé", "Afficher le relevé de la partie en notation du fanorona"},
	"standings":         {"順位", "このサーバーのファノロナの順位表", "classement", "Classement du fanorona sur ce serveur"},
	"rules":             {"ルール", "ファノロナとヴェラのルールを見る", "règles", "Afficher les règles du fanorona et de la véla"},
	"help":              {"ヘルプ", "このボットでのファノロナの遊び方", "aide", "Comment jouer au fanorona avec ce bot"},
	"stats":             {"成績", "プレイヤーのファノロナのレーティング、戦績、最近の対局", "stats", "Cote, bilan et parties récentes de fanorona d'un joueur"},
}

// fanoronaChoices name the choices of /fanorona's own options in
// Japanese and French, keyed by "subcommand.option.value".
var fanoronaChoices = map[string][2]string{
	"challenge.variant.fanorona": {"ファノロナ", "fanorona"},
	"challenge.variant.vela":     {"ヴェラ", "véla"},
	"challenge.side.white":       {"白（先手）", "Blancs (commencent)"},
	"challenge.side.black":       {"黒", "Noirs"},
	"challenge.side.random":      {"ランダム", "au hasard"},
}
