package bot

// Slash commands as data: each game's slash command, its subcommands and
// their options, described without any transport's types. Front ends
// convert them (bot/discord registers them with Discord). A command is
// built from two parts: the lifecycle's subcommands, which every game
// shares and whose texts are here (lifecycleSubcommands), and the game's
// own part, which its module gives (Module.Slash): the command's
// description, the order of its subcommands, its own subcommands and
// options, and the words that differ from the lifecycle's.

// Localized is a text in the languages other than English, by locale
// ("ja", "fr").
type Localized map[string]string

// OptionType is the type of an option's value.
type OptionType int

// The types of options.
const (
	OptionString OptionType = iota // text
	OptionUser                     // a user, whose id the value is
	OptionRole                     // a role of the server, whose id the value is
)

// ChoiceSpec is one of an option's fixed choices: the name shown and the
// value sent.
type ChoiceSpec struct {
	Name, Value string
	Names       Localized // the name in other languages
}

// OptionSpec is an option of a subcommand.
type OptionSpec struct {
	Name, Description string
	Type              OptionType
	Required          bool
	Autocomplete      bool // the front end asks for suggestions as it is typed
	MaxLength         int  // of a text; 0 for none
	Choices           []ChoiceSpec
	// Names and Descriptions are the name and description in other
	// languages; interactions carry the English name whatever the
	// client shows.
	Names, Descriptions Localized
}

// SubcommandSpec is a subcommand with its options, in order.
type SubcommandSpec struct {
	Name, Description   string
	Names, Descriptions Localized
	Options             []OptionSpec
}

// Scope is where a command may be used.
type Scope int

// The scopes. Discord has said "servers only" in two ways over time; a
// command keeps the way it was registered with, so that its registered
// definition does not change.
const (
	ScopeAnywhere   Scope = iota
	ScopeServersDM        // servers only, said by refusing direct messages (dm_permission false)
	ScopeServersCtx       // servers only, said by the server context alone (contexts)
	// ScopeInstallable: servers, the bot's DM and DMs and group DMs,
	// installed on a server or by a user for themselves (integration
	// types guild and user install; reach.go).
	ScopeInstallable
)

// CommandSpec is a top-level slash command: one per game, named as the
// game's command (Games).
type CommandSpec struct {
	Name, Description string
	Descriptions      Localized
	Scope             Scope
	Subcommands       []SubcommandSpec
}

// SlashPart is a game's own part of its slash command (Module.Slash).
//
// Subcommands lists every subcommand of the command in order. An entry
// named as a lifecycle subcommand (lifecycleSubcommands) is that
// subcommand, in the game's words: its Description, when not empty,
// replaces the lifecycle's, and its Options, when not nil, replace the
// lifecycle's options, an option with an empty Description standing for
// the lifecycle's option of that name.
// Any other entry is the game's own subcommand, taken as is.
//
// Texts and Choices localize the command after that, over the
// lifecycle's texts (lifecycleTexts, lifecycleChoices): the game's own
// subcommands and options and the words it changes.
type SlashPart struct {
	Description string
	Scope       Scope
	Subcommands []SubcommandSpec
	Texts       map[string]SlashText
	Choices     map[string][2]string
}

// SlashText is a command, subcommand or option in Japanese and French. A
// table of them is keyed by subcommand, or "subcommand.option"; "" is
// the command itself, whose name stays the same everywhere. Its four
// texts are, in order: the Japanese name and description, the French
// name and description.
type SlashText [4]string

// Commands returns the slash command of every game the bot hosts, in the
// order of Games, then the core's own (TournamentCommand).
func Commands() []CommandSpec {
	var cmds []CommandSpec
	for _, name := range Games() {
		cmds = append(cmds, commandOf(name, reg().byName[name].Slash()))
	}
	return append(cmds, tournamentSpec()) // the core's own (tournaments.go)
}

// commandOf builds the command name from a game's part and the
// lifecycle's subcommands (see SlashPart).
func commandOf(name string, p SlashPart) CommandSpec {
	c := CommandSpec{Name: name, Description: p.Description, Scope: p.Scope}
	life := lifecycleSubcommands()
	for _, s := range p.Subcommands {
		base, ok := life[s.Name]
		switch {
		case !ok:
			c.Subcommands = append(c.Subcommands, s)
			continue
		case s.Description == "" && s.Options == nil:
			c.Subcommands = append(c.Subcommands, base)
			continue
		}
		if s.Description != "" {
			base.Description = s.Description
		}
		if s.Options != nil {
			opts := make([]OptionSpec, 0, len(s.Options))
			for _, o := range s.Options {
				if o.Description == "" {
					o = optionNamed(base.Options, o.Name)
				}
				opts = append(opts, o)
			}
			base.Options = opts
		}
		c.Subcommands = append(c.Subcommands, base)
	}
	localize(&c, lifecycleTexts, lifecycleChoices)
	localize(&c, p.Texts, p.Choices)
	return c
}

// optionNamed is the option called name among opts; a game naming an
// option the lifecycle's subcommand lacks is a mistake of the code
// (TestCommandsGolden in bot/discord shows it).
func optionNamed(opts []OptionSpec, name string) OptionSpec {
	for _, o := range opts {
		if o.Name == name {
			return o
		}
	}
	panic("bot: the lifecycle has no option " + name)
}

// localize sets the Japanese and French names and descriptions of c, its
// subcommands, their options and the options' choices from texts and
// choices (keyed by "subcommand.option.value"), over any set before.
func localize(c *CommandSpec, texts map[string]SlashText, choices map[string][2]string) {
	if t, ok := texts[""]; ok {
		c.Descriptions = Localized{"ja": t[1], "fr": t[3]}
	}
	for i := range c.Subcommands {
		s := &c.Subcommands[i]
		if t, ok := texts[s.Name]; ok {
			s.Names, s.Descriptions = t.names()
		}
		opts := make([]OptionSpec, len(s.Options)) // copies: the lifecycle's are shared
		copy(opts, s.Options)
		s.Options = opts
		for j := range opts {
			o := &opts[j]
			key := s.Name + "." + o.Name
			if t, ok := texts[key]; ok {
				o.Names, o.Descriptions = t.names()
			}
			cs := make([]ChoiceSpec, len(o.Choices))
			copy(cs, o.Choices)
			o.Choices = cs
			for k := range cs {
				if n, ok := choices[key+"."+cs[k].Value]; ok {
					cs[k].Names = Localized{"ja": n[0], "fr": n[1]}
				}
			}
		}
	}
}

func (t SlashText) names() (names, descs Localized) {
	return Localized{"ja": t[0], "fr": t[2]}, Localized{"ja": t[1], "fr": t[3]}
}

// StringOption is a text option; auto turns on its autocomplete.
func StringOption(name, desc string, required, auto bool, maxLen int) OptionSpec {
	return OptionSpec{Name: name, Description: desc, Required: required, Autocomplete: auto, MaxLength: maxLen}
}

// userOption is an option naming a user.
func userOption(name, desc string) OptionSpec {
	return OptionSpec{Type: OptionUser, Name: name, Description: desc}
}

// roleOption is an option naming a role of the server.
func roleOption(name, desc string) OptionSpec {
	return OptionSpec{Type: OptionRole, Name: name, Description: desc}
}

// ChoiceOption is a text option with fixed choices, named as their
// values.
func ChoiceOption(name, desc string, maxLen int, values ...string) OptionSpec {
	o := OptionSpec{Name: name, Description: desc, MaxLength: maxLen}
	for _, v := range values {
		o.Choices = append(o.Choices, ChoiceSpec{Name: v, Value: v})
	}
	return o
}

// Subcommand is a subcommand with its options.
func Subcommand(name, desc string, opts ...OptionSpec) SubcommandSpec {
	return SubcommandSpec{Name: name, Description: desc, Options: opts}
}

// lifecycleSubcommands are the subcommands every game may have, by name,
// with their English texts; games word some of them their own way
// (SlashPart).
func lifecycleSubcommands() map[string]SubcommandSpec {
	subs := []SubcommandSpec{
		Subcommand("challenge", "Challenge someone to a game in this channel",
			userOption("opponent", "Who you want to play; leave out for an open challenge anyone may accept"),
			ChoiceOption("rated", "Whether the game changes ratings (true by default)", 5, "true", "false"),
			StringOption("time", "Time per move: 1h to 14d (e.g. 12h, 3d) or none; the server's default otherwise", false, false, 16),
			ChoiceOption("level", "Only against me, the computer: easy, medium or hard (easy by default)", 6, "easy", "medium", "hard")),
		Subcommand("accept", "Accept the challenge made to you in this channel"),
		Subcommand("decline", "Decline the challenge made to you in this channel"),
		Subcommand("withdraw", "Withdraw your open challenges in this channel",
			userOption("opponent", "Only your challenge to this player")),
		Subcommand("resign", "Give up the game in this channel"),
		Subcommand("board", "Show the board of the game in this channel"),
		Subcommand("record", "Show the game record"),
		Subcommand("standings", "Show this server's leaderboard: ratings, wins and losses"),
		Subcommand("rules", "Show the rules of the game"),
		Subcommand("help", "Show how to play with this bot"),
		Subcommand("stats", "Show a player's rating, record, streak and recent games", userOption("player", "Whose stats (yours by default)")),
		Subcommand("claim", "Claim the win when your opponent's time for a move has run out"),
		Subcommand("theme", "Show or choose the theme of the boards drawn for you: light, dark, or the server's",
			ChoiceOption("board", "light, dark, or server to follow the server's theme", 8, "light", "dark", "server")),
		Subcommand("notify", "Turn direct messages on or off: your turn, your time nearly up, a game's end",
			ChoiceOption("dm", "on: I write to you privately; off: I do not", 8, "on", "off")),
		Subcommand("games", "List your games in progress on this server, your turn first"),
		Subcommand("takeback", "Ask your opponent to undo your last turn (before they move)"),
		Subcommand("rematch", "Offer your opponent of this channel's last game another one (as its Rematch button)"),
		Subcommand("settings", "Show this server's settings, for all its games; with Manage Server, change them",
			StringOption("time", "New default time per move: 1h to 14d (e.g. 12h, 3d) or none", false, false, 16), languageOption(),
			ChoiceOption("theme", "New board theme of the server, for players who chose none: light or dark", 8, "light", "dark"),
			ChoiceOption("web", "Web page of this server's standings and games under way, all games: on or off (off by default)", 3, "on", "off")),
	}
	m := make(map[string]SubcommandSpec, len(subs))
	for _, s := range subs {
		m[s.Name] = s
	}
	return m
}

// languageOption chooses the language of the bot's own notices.
func languageOption() OptionSpec {
	o := ChoiceOption("language", "Language of the bot's own notices (reminders, time-outs)", 2)
	o.Choices = []ChoiceSpec{{Name: "English", Value: "en"}, {Name: "日本語", Value: "ja"}, {Name: "Français", Value: "fr"}}
	return o
}

// lifecycleTexts are the lifecycle's subcommands and options in Japanese
// and French.
var lifecycleTexts = map[string]SlashText{
	"challenge":          {"挑戦", "このチャンネルで誰かに対局を申し込む", "défier", "Défier quelqu'un à une partie dans ce salon"},
	"challenge.opponent": {"相手", "対戦したい相手（省略すると誰でも受けられる公開挑戦）", "adversaire", "Qui vous voulez affronter ; sans adversaire, tout le monde peut accepter"},
	"challenge.level":    {"強さ", "コンピューター相手のときだけ：easy、medium、hard", "niveau", "Seulement contre l'ordinateur : easy, medium ou hard"},
	"challenge.rated":    {"レーティング", "レーティングに反映するか（既定は true）", "classée", "La partie compte-t-elle pour le classement (true par défaut)"},
	"challenge.time":     {"持ち時間", "一手の持ち時間：1h〜14d（例 12h、3d）または none", "temps", "Temps par coup : de 1h à 14d (ex. 12h, 3d) ou none"},
	"accept":             {"受ける", "このチャンネルで自分への挑戦を受ける", "accepter", "Accepter le défi qui vous est lancé dans ce salon"},
	"decline":            {"断る", "このチャンネルで自分への挑戦を断る", "refuser", "Refuser le défi qui vous est lancé dans ce salon"},
	"withdraw":           {"取り下げ", "このチャンネルで自分が出した挑戦を取り下げる", "retirer", "Retirer vos défis ouverts dans ce salon"},
	"withdraw.opponent":  {"相手", "この相手への挑戦だけを取り下げる", "adversaire", "Seulement votre défi à ce joueur"},
	"resign":             {"投了", "このチャンネルの対局を投了する", "abandonner", "Abandonner la partie de ce salon"},
	"board":              {"盤面", "このチャンネルの対局の盤面を見る", "plateau", "Afficher le plateau de la partie de ce salon"},
	"record":             {"棋譜", "棋譜を見る", "relevé", "Afficher le relevé de la partie"},
	"standings":          {"順位", "このサーバーの順位表：レーティング、勝ち、負け", "classement", "Classement du serveur : cotes, victoires et défaites"},
	"rules":              {"ルール", "ルールを見る", "règles", "Afficher les règles du jeu"},
	"help":               {"ヘルプ", "このボットでの遊び方", "aide", "Comment jouer avec ce bot"},
	"stats":              {"成績", "プレイヤーのレーティング、戦績、連勝・連敗、最近の対局", "stats", "Cote, bilan, série en cours et parties récentes d'un joueur"},
	"stats.player":       {"プレイヤー", "誰の成績か（既定は自分）", "joueur", "De quel joueur (vous par défaut)"},
	"claim":              {"勝ちを請求", "相手の持ち時間が切れたときに勝ちを請求する", "réclamer", "Réclamer la victoire quand le temps de votre adversaire est écoulé"},
	"games":              {"対局一覧", "このサーバーで進行中の自分の対局（自分の手番が先）", "parties", "Vos parties en cours sur ce serveur, celles où c'est à vous d'abord"},
	"theme":              {"テーマ", "自分向けの盤のテーマを見る・選ぶ：ライト、ダーク、サーバーの設定", "thème", "Voir ou choisir le thème de vos plateaux : clair, sombre ou celui du serveur"},
	"theme.board":        {"盤", "light、dark、またはサーバーに合わせる server", "plateau", "light, dark, ou server pour suivre le serveur"},
	"notify":             {"通知", "DM 通知のオン・オフ：手番、持ち時間、対局の終わり", "notifications", "Activer ou non les messages privés : votre tour, votre temps, la fin d'une partie"},
	"notify.dm":          {"dm", "on で DM を送る、off で送らない", "mp", "on : je vous écris en privé ; off : non"},
	"rematch":            {"再戦", "このチャンネルの直前の対局の相手にもう一局申し込む（再戦ボタンと同じ）", "revanche", "Proposer une autre partie à votre adversaire de la dernière partie de ce salon"},
	"takeback":           {"待った", "直前の自分の手を取り消すよう相手に頼む（相手が指す前）", "reprendre", "Demander à l'adversaire d'annuler votre dernier coup (avant qu'il joue)"},
	"settings":           {"設定", "このサーバーの全ゲーム共通の設定を見る（サーバー管理権限があれば変える）", "réglages", "Voir les réglages du serveur, pour tous ses jeux ; avec Gérer le serveur, les changer"},
	"settings.time":      {"持ち時間", "新しい既定の持ち時間：1h〜14d（例 12h、3d）または none", "temps", "Nouveau temps par coup par défaut : de 1h à 14d (ex. 12h, 3d) ou none"},
	"settings.language":  {"言語", "ボット自身のお知らせ（リマインド、時間切れ）の言語", "langue", "Langue des avis du bot (rappels, temps écoulé)"},
	"settings.theme":     {"テーマ", "サーバーの新しい盤のテーマ（自分で選んでいない人向け）：light か dark", "thème", "Nouveau thème des plateaux du serveur (pour qui n'en a pas choisi) : light ou dark"},
	"settings.web":       {"ウェブ", "このサーバーの全ゲームの順位表と対局中のゲームのウェブページ：on か off（既定は off）", "web", "Page web du classement et des parties en cours du serveur, tous jeux : on ou off (off par défaut)"},
}

// lifecycleChoices name the choices of the lifecycle's options in
// Japanese and French, keyed by "subcommand.option.value".
var lifecycleChoices = map[string][2]string{
	"challenge.rated.true":   {"する", "oui"},
	"challenge.rated.false":  {"しない", "non"},
	"challenge.level.easy":   {"やさしい", "facile"},
	"challenge.level.medium": {"ふつう", "moyen"},
	"challenge.level.hard":   {"強い", "difficile"},
	"theme.board.light":      {"ライト", "clair"},
	"theme.board.dark":       {"ダーク", "sombre"},
	"theme.board.server":     {"サーバーの設定", "celui du serveur"},
	"notify.dm.on":           {"オン", "activés"},
	"notify.dm.off":          {"オフ", "désactivés"},
	"settings.theme.light":   {"ライト", "clair"},
	"settings.theme.dark":    {"ダーク", "sombre"},
	"settings.web.on":        {"オン", "activée"},
	"settings.web.off":       {"オフ", "désactivée"},
	"settings.language.en":   {"English（英語）", "English (anglais)"},
	"settings.language.ja":   {"日本語", "日本語 (japonais)"},
	"settings.language.fr":   {"Français（フランス語）", "Français"},
}
