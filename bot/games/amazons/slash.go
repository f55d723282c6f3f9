package amazonsmod

import "github.com/veletasbot/veletas/bot"

// The Amazons' part of the slash command (Module.Slash): /amazons with
// its one action, move (amazon, to and arrow, or turn), and the
// lifecycle's subcommands, in Japanese and French too.

// Slash is /amazons's own part.
func (Module) Slash() bot.SlashPart {
	en := Texts["en"]
	lifecycle := func(name string) bot.OptionSpec { return bot.OptionSpec{Name: name} }
	return bot.SlashPart{
		Description: en["amazons.cmd.desc"],
		Scope:       bot.ScopeInstallable,
		Subcommands: []bot.SubcommandSpec{
			{Name: "challenge", Description: "Challenge someone to a game of the Amazons in this channel", Options: []bot.OptionSpec{
				lifecycle("opponent"), lifecycle("rated"), lifecycle("time"), lifecycle("level")}},
			{Name: "accept"}, {Name: "decline"}, {Name: "withdraw"},
			bot.Subcommand("move", en["amazons.cmd.move.desc"],
				bot.StringOption(OptAmazon, en["amazons.opt.amazon.desc"], false, true, 4),
				bot.StringOption(OptTo, en["amazons.opt.to.desc"], false, true, 4),
				bot.StringOption(OptArrow, en["amazons.opt.arrow.desc"], false, true, 4),
				bot.StringOption(OptTurn, en["amazons.opt.turn.desc"], false, true, 12)),
			{Name: "resign"}, {Name: "board"},
			{Name: "record", Description: "Show the game record in the Amazons' notation"},
			{Name: "standings", Description: "Show this server's Amazons leaderboard"},
			{Name: "rules", Description: "Show the rules of the Game of the Amazons"},
			{Name: "help", Description: "Show how to play the Amazons with this bot"},
			{Name: "stats", Description: "Show a player's Amazons rating, record and recent games"},
			{Name: "claim"}, {Name: "games"}, {Name: "takeback"}, {Name: "rematch"}, {Name: "settings"},
		},
		Texts: slashTexts,
	}
}

// slashTexts are /amazons's own names and descriptions in Japanese and
// French (commandspec.go).
var slashTexts = map[string]bot.SlashText{
	"":            {"", Texts["ja"]["amazons.cmd.desc"], "", Texts["fr"]["amazons.cmd.desc"]},
	"challenge":   {"挑戦", "このチャンネルでアマゾンの対局を申し込む", "défier", "Défier quelqu'un aux Amazones dans ce salon"},
	"move":        {"指す", Texts["ja"]["amazons.cmd.move.desc"], "jouer", Texts["fr"]["amazons.cmd.move.desc"]},
	"move.amazon": {"アマゾン", Texts["ja"]["amazons.opt.amazon.desc"], "amazone", Texts["fr"]["amazons.opt.amazon.desc"]},
	"move.to":     {"先", Texts["ja"]["amazons.opt.to.desc"], "vers", Texts["fr"]["amazons.opt.to.desc"]},
	"move.arrow":  {"矢", Texts["ja"]["amazons.opt.arrow.desc"], "fleche", Texts["fr"]["amazons.opt.arrow.desc"]},
	"move.turn":   {"手", Texts["ja"]["amazons.opt.turn.desc"], "tour", Texts["fr"]["amazons.opt.turn.desc"]},
	"record":      {"棋譜", "アマゾンの記法で棋譜を見る", "relevé", "Afficher le relevé de la partie en notation des Amazones"},
	"standings":   {"順位", "このサーバーのアマゾンの順位表", "classement", "Classement des Amazones sur ce serveur"},
	"rules":       {"ルール", "ゲーム・オブ・アマゾンのルールを見る", "règles", "Afficher les règles du jeu des Amazones"},
	"help":        {"ヘルプ", "このボットでのアマゾンの遊び方", "aide", "Comment jouer aux Amazones avec ce bot"},
	"stats":       {"成績", "プレイヤーのアマゾンのレーティング、戦績、最近の対局", "stats", "Cote, bilan et parties récentes aux Amazones d'un joueur"},
}
