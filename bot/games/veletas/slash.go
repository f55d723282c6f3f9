package veletasmod

import "github.com/veletasbot/veletas/bot"

// Veletas's part of its slash command (Module.Slash): /veletas with
// its own subcommands (setup, swap, keep, move, and the server's settings
// and end) and the options of its challenges, in Japanese and French too.

func (Module) Slash() bot.SlashPart {
	size := bot.StringOption("size", "Board size: 7, 9 or 10 (10 by default)", false, false, 2)
	size.Choices = []bot.ChoiceSpec{{Name: "7x7 (quick)", Value: "7"}, {Name: "9x9", Value: "9"}, {Name: "10x10 (standard)", Value: "10"}}
	lifecycle := func(name string) bot.OptionSpec { return bot.OptionSpec{Name: name} } // the lifecycle's option
	return bot.SlashPart{
		Description: "Play Veletas, the territory game with shooters",
		Scope:       bot.ScopeInstallable,
		Subcommands: []bot.SubcommandSpec{
			{Name: "challenge", Options: []bot.OptionSpec{
				lifecycle("opponent"), size, lifecycle("level"), lifecycle("rated"), lifecycle("time"),
				veletasRules("Classic or revised rules (shooters do not block); the server's default otherwise")}},
			{Name: "accept"}, {Name: "decline"}, {Name: "withdraw"},
			bot.Subcommand("setup", "Place your shooters and your stone",
				bot.StringOption("shooters", "Squares for your shooters, separated by spaces or commas (e.g. d4 g7)", true, true, 40),
				bot.StringOption("stone", "Square for your stone (e.g. e5)", true, true, 4)),
			bot.Subcommand("swap", "Second player: take Black (the first player becomes White)"),
			bot.Subcommand("keep", "Second player: stay White (the first player stays Black)"),
			bot.Subcommand("move", "Play a turn: optionally move a shooter, then shoot a stone",
				bot.StringOption("shooter", "The shooter that acts (e.g. d4)", true, true, 4),
				bot.StringOption("shoot", "Where the stone lands (e.g. f6)", true, true, 4),
				bot.StringOption("to", "Where the shooter moves first, if it moves (e.g. d7)", false, true, 4)),
			{Name: "resign"}, {Name: "board"},
			{Name: "record", Description: "Show the game record in Veletas notation"},
			{Name: "standings"},
			{Name: "rules", Description: "Show the rules of Veletas", Options: []bot.OptionSpec{
				veletasRules("Which rules: classic or revised; the server's default otherwise")}},
			{Name: "help"}, {Name: "stats"}, {Name: "claim"},
			{Name: "settings", Description: "This server's settings (all its games) and Veletas's rules; Manage Server changes them",
				Options: []bot.OptionSpec{lifecycle("time"), lifecycle("language"),
					veletasRules("New default rules of Veletas challenges: classic or revised"), lifecycle("theme"), lifecycle("web")}},
			{Name: "theme"}, {Name: "notify"}, {Name: "games"}, {Name: "takeback"}, {Name: "rematch"},
			bot.Subcommand("end", "Manage Server: end this channel's game when its stored data is damaged"),
		},
		Texts:   veletasTexts,
		Choices: veletasChoices,
	}
}

// veletasRules chooses the rules of a game (challenge, rules) or a
// server's default (settings).
func veletasRules(desc string) bot.OptionSpec {
	return bot.OptionSpec{Name: "rules", Description: desc, MaxLength: 8, Choices: []bot.ChoiceSpec{
		{Name: "classic", Value: "classic"}, {Name: "revised (shooters do not block)", Value: "revised"}}}
}

// veletasTexts are /veletas's own names and descriptions in Japanese and
// French, and those it words otherwise than the lifecycle (commandspec.go).
var veletasTexts = map[string]bot.SlashText{
	"":                {"", "ベレタスを遊ぶ：シューターで陣地を争うゲーム", "", "Jouer à Veletas, le jeu de territoire avec des tireurs"},
	"challenge.size":  {"サイズ", "盤の大きさ：7、9、10（既定は10）", "taille", "Taille du plateau : 7, 9 ou 10 (10 par défaut)"},
	"challenge.rules": {"ルール", "クラシックか改訂ルール（初期配置でシューターを端に置けない、シューターは妨げない）。省略するとサーバーの既定", "règles", "Règles classiques ou révisées (les tireurs ne bloquent pas) ; sinon celles du serveur"},
	"setup":           {"配置", "シューターと自分の石を置く", "placer", "Placer vos tireurs et votre pierre"},
	"setup.shooters":  {"シューター", "シューターを置くマス（空白かカンマ区切り、例 d4 g7）", "tireurs", "Cases de vos tireurs, séparées par des espaces ou des virgules (ex. d4 g7)"},
	"setup.stone":     {"石", "自分の石を置くマス（例 e5）", "pierre", "Case de votre pierre (ex. e5)"},
	"swap":            {"交代", "後手：黒を取る（先手が白になる）", "échanger", "Second joueur : prendre les Noirs (le premier joueur devient Blanc)"},
	"keep":            {"そのまま", "後手：白のままでいる", "garder", "Second joueur : rester Blanc"},
	"move":            {"指す", "手番：シューターを動かして（任意）石を撃つ", "jouer", "Jouer un coup : déplacer un tireur (facultatif), puis tirer une pierre"},
	"move.shooter":    {"シューター", "動くシューター（例 d4）", "tireur", "Le tireur qui agit (ex. d4)"},
	"move.shoot":      {"撃つ先", "石が落ちるマス（例 f6）", "tir", "Case où tombe la pierre (ex. f6)"},
	"move.to":         {"移動先", "先にシューターを動かすならその行き先（例 d7）", "vers", "Où le tireur se déplace d'abord, s'il bouge (ex. d7)"},
	"record":          {"棋譜", "ベレタス記法で棋譜を見る", "relevé", "Afficher le relevé de la partie en notation Veletas"},
	"rules":           {"ルール", "ベレタスのルールを見る", "règles", "Afficher les règles de Veletas"},
	"rules.rules":     {"ルール", "どのルールか：classic か revised。省略するとサーバーの既定", "règles", "Quelles règles : classic ou revised ; sinon celles du serveur"},
	"settings":        {"設定", "このサーバーの全ゲーム共通の設定とベレタスのルールを見る（サーバー管理権限があれば変える）", "réglages", "Réglages du serveur (tous ses jeux) et règles de Veletas ; Gérer le serveur les change"},
	"settings.rules":  {"ルール", "ベレタスの挑戦の新しい既定のルール：classic か revised", "règles", "Nouvelles règles par défaut des défis de Veletas : classic ou revised"},
	"end":             {"終了", "サーバー管理：保存データが壊れたこのチャンネルの対局を終わらせる", "terminer", "Gérer le serveur : terminer la partie de ce salon dont les données sont abîmées"},
}

// veletasChoices name the choices of /veletas's own options in Japanese
// and French, keyed by "subcommand.option.value".
var veletasChoices = map[string][2]string{
	"challenge.size.7":        {"7x7（短い対局）", "7x7 (rapide)"},
	"challenge.size.9":        {"9x9", "9x9"},
	"challenge.size.10":       {"10x10（標準）", "10x10 (standard)"},
	"challenge.rules.classic": {"クラシック", "classiques"},
	"challenge.rules.revised": {"改訂（シューターは妨げない）", "révisées (les tireurs ne bloquent pas)"},
	"settings.rules.classic":  {"クラシック", "classiques"},
	"settings.rules.revised":  {"改訂（シューターは妨げない）", "révisées (les tireurs ne bloquent pas)"},
	"rules.rules.classic":     {"クラシック", "classiques"},
	"rules.rules.revised":     {"改訂（シューターは妨げない）", "révisées (les tireurs ne bloquent pas)"},
}
