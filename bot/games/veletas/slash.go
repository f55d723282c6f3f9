package veletasmod

import "github.com/veletasbot/veletas/bot"

// Veletas's part of its slash command (Module.Slash): /veletas with
// its own subcommands (setup, swap, keep, move, and the server's settings
// and end) and the options of its challenges, in Japanese and French too.

func (Module) Slash() bot.SlashPart {
	size := bot.StringOption("size", "Board size: 7, 9 or 10 (10 by default)", false, false, 2)
	size.Choices = []bot.ChoiceSpec{{Name: "7x7 (quick)", Value: "7"}, {Name: "9x9", Value: "9"}, {Name: "10x10 (standard)", Value: "10"}}
	language := bot.ChoiceOption("language", "Language of the bot's own notices (reminders, time-outs)", 2)
	language.Choices = []bot.ChoiceSpec{{Name: "English", Value: "en"}, {Name: "日本語", Value: "ja"}, {Name: "Français", Value: "fr"}}
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
			bot.Subcommand("settings", "Show this server's settings; with Manage Server, change the defaults (time, rules, theme)",
				bot.StringOption("time", "New default time per move: 1h to 14d (e.g. 12h, 3d) or none", false, false, 16), language,
				veletasRules("New default rules of challenges: classic or revised"),
				bot.ChoiceOption("theme", "New board theme of the server, for players who chose none: light or dark", 8, "light", "dark"),
				bot.ChoiceOption("web", "A web page of this server's standings and games under way: on or off (off by default)", 3, "on", "off")),
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
	"":                  {"", "ベレタスを遊ぶ：シューターで陣地を争うゲーム", "", "Jouer à Veletas, le jeu de territoire avec des tireurs"},
	"challenge.size":    {"サイズ", "盤の大きさ：7、9、10（既定は10）", "taille", "Taille du plateau : 7, 9 ou 10 (10 par défaut)"},
	"challenge.rules":   {"ルール", "クラシックか改訂ルール（初期配置でシューターを端に置けない、シューターは妨げない）。省略するとサーバーの既定", "règles", "Règles classiques ou révisées (les tireurs ne bloquent pas) ; sinon celles du serveur"},
	"setup":             {"配置", "シューターと自分の石を置く", "placer", "Placer vos tireurs et votre pierre"},
	"setup.shooters":    {"シューター", "シューターを置くマス（空白かカンマ区切り、例 d4 g7）", "tireurs", "Cases de vos tireurs, séparées par des espaces ou des virgules (ex. d4 g7)"},
	"setup.stone":       {"石", "自分の石を置くマス（例 e5）", "pierre", "Case de votre pierre (ex. e5)"},
	"swap":              {"交代", "後手：黒を取る（先手が白になる）", "échanger", "Second joueur : prendre les Noirs (le premier joueur devient Blanc)"},
	"keep":              {"そのまま", "後手：白のままでいる", "garder", "Second joueur : rester Blanc"},
	"move":              {"指す", "手番：シューターを動かして（任意）石を撃つ", "jouer", "Jouer un coup : déplacer un tireur (facultatif), puis tirer une pierre"},
	"move.shooter":      {"シューター", "動くシューター（例 d4）", "tireur", "Le tireur qui agit (ex. d4)"},
	"move.shoot":        {"撃つ先", "石が落ちるマス（例 f6）", "tir", "Case où tombe la pierre (ex. f6)"},
	"move.to":           {"移動先", "先にシューターを動かすならその行き先（例 d7）", "vers", "Où le tireur se déplace d'abord, s'il bouge (ex. d7)"},
	"record":            {"棋譜", "ベレタス記法で棋譜を見る", "relevé", "Afficher le relevé de la partie en notation Veletas"},
	"rules":             {"ルール", "ベレタスのルールを見る", "règles", "Afficher les règles de Veletas"},
	"rules.rules":       {"ルール", "どのルールか：classic か revised。省略するとサーバーの既定", "règles", "Quelles règles : classic ou revised ; sinon celles du serveur"},
	"settings":          {"設定", "サーバーの設定を見る（サーバー管理権限があれば既定の持ち時間とルールを変える）", "réglages", "Voir les réglages du serveur ; avec Gérer le serveur, changer les valeurs par défaut (temps, règles)"},
	"settings.time":     {"持ち時間", "新しい既定の持ち時間：1h〜14d（例 12h、3d）または none", "temps", "Nouveau temps par coup par défaut : de 1h à 14d (ex. 12h, 3d) ou none"},
	"settings.rules":    {"ルール", "挑戦の新しい既定のルール：classic か revised", "règles", "Nouvelles règles par défaut des défis : classic ou revised"},
	"settings.language": {"言語", "ボット自身のお知らせ（リマインド、時間切れ）の言語", "langue", "Langue des avis du bot (rappels, temps écoulé)"},
	"settings.theme":    {"テーマ", "サーバーの新しい盤のテーマ（自分で選んでいない人向け）：light か dark", "thème", "Nouveau thème des plateaux du serveur (pour qui n'en a pas choisi) : light ou dark"},
	"settings.web":      {"ウェブ", "このサーバーの順位表と対局中のゲームのウェブページ：on か off（既定は off）", "web", "Une page web du classement et des parties en cours du serveur : on ou off (off par défaut)"},
	"end":               {"終了", "サーバー管理：保存データが壊れたこのチャンネルの対局を終わらせる", "terminer", "Gérer le serveur : terminer la partie de ce salon dont les données sont abîmées"},
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
	"settings.theme.light":    {"ライト", "clair"},
	"settings.theme.dark":     {"ダーク", "sombre"},
	"settings.web.on":         {"オン", "activée"},
	"settings.web.off":        {"オフ", "désactivée"},
	"settings.language.en":    {"English（英語）", "English (anglais)"},
	"settings.language.ja":    {"日本語", "日本語 (japonais)"},
	"settings.language.fr":    {"Français（フランス語）", "Français"},
}
