package discord

import "github.com/bwmarrin/discordgo"

// FanoronaCommandName is the slash command of Fanorona and Véla.
const FanoronaCommandName = "fanorona"

// fanoronaCommands is /fanorona and its subcommands: the lifecycle's, as
// /veletas has them, and its own (move, stop, draw).
func fanoronaCommands() *discordgo.ApplicationCommand {
	variant := stringOption("variant", "Fanorona (by default) or Véla, the loser's game (not rated)", false, false, 8)
	variant.Choices = []*discordgo.ApplicationCommandOptionChoice{{Name: "Fanorona", Value: "fanorona"}, {Name: "Véla", Value: "vela"}}
	side := stringOption("side", "Your side: White moves first (random by default)", false, false, 6)
	side.Choices = []*discordgo.ApplicationCommandOptionChoice{
		{Name: "white", Value: "white"}, {Name: "black", Value: "black"}, {Name: "random", Value: "random"},
	}
	level := stringOption("level", "Only against me, the computer: easy, medium or hard (easy by default)", false, false, 6)
	level.Choices = []*discordgo.ApplicationCommandOptionChoice{
		{Name: "easy", Value: "easy"}, {Name: "medium", Value: "medium"}, {Name: "hard", Value: "hard"},
	}
	capture := stringOption("capture", "How the step captures, when it can both ways: approach or withdrawal", false, true, 10)
	// Servers only, as /veletas (Contexts replaces the deprecated
	// DMPermission).
	guildOnly := []discordgo.InteractionContextType{discordgo.InteractionContextGuild}
	cmd := &discordgo.ApplicationCommand{
		Name:        FanoronaCommandName,
		Description: "Play Fanorona, the national game of Madagascar, or Véla",
		Contexts:    &guildOnly,
		Options: []*discordgo.ApplicationCommandOption{
			subcommand("challenge", "Challenge someone to a game of Fanorona or Véla in this channel",
				userOption("opponent", "Who you want to play; leave out for an open challenge anyone may accept"),
				variant, side, ratedOption(), timeOption(), level),
			subcommand("accept", "Accept the challenge made to you in this channel"),
			subcommand("decline", "Decline the challenge made to you in this channel"),
			subcommand("withdraw", "Withdraw your open challenges in this channel",
				userOption("opponent", "Only your challenge to this player")),
			subcommand("move", "Play a whole turn (path) or one step (from, to)",
				stringOption("path", "A whole turn, e.g. d2-e3A-e4W (A: approach, W: withdrawal)", false, true, 100),
				stringOption("from", "The piece that steps (implied while your capture goes on), e.g. d2", false, true, 4),
				stringOption("to", "Where it steps, e.g. e3", false, true, 4),
				capture),
			subcommand("stop", "End your capture sequence here"),
			subcommand("draw", "Offer your opponent a draw"),
			subcommand("resign", "Give up the game in this channel"),
			subcommand("board", "Show the board of the game in this channel"),
			subcommand("record", "Show the game record in Fanorona notation"),
			subcommand("standings", "Show this server's Fanorona leaderboard"),
			subcommand("rules", "Show the rules of Fanorona and Véla"),
			subcommand("help", "Show how to play Fanorona with this bot"),
			subcommand("stats", "Show a player's Fanorona rating, record and recent games", userOption("player", "Whose stats (yours by default)")),
			subcommand("claim", "Claim the win when your opponent's time for a move has run out"),
			subcommand("games", "List your games in progress on this server, your turn first"),
			subcommand("takeback", "Ask your opponent to undo your last turn (before they move)"),
		},
	}
	return localized([]*discordgo.ApplicationCommand{cmd}, fanoronaTexts, fanoronaChoices)[0]
}

// fanoronaTexts are /fanorona's names and descriptions in Japanese and
// French (commands_l10n.go).
var fanoronaTexts = map[string]cmdText{
	"":                   {"", "マダガスカルの国民的ゲーム、ファノロナかヴェラを遊ぶ", "", "Jouer au fanorona, le jeu national de Madagascar, ou à la véla"},
	"challenge":          {"挑戦", "このチャンネルでファノロナかヴェラの対局を申し込む", "défier", "Défier quelqu'un au fanorona ou à la véla dans ce salon"},
	"challenge.opponent": {"相手", "対戦したい相手（省略すると誰でも受けられる公開挑戦）", "adversaire", "Qui vous voulez affronter ; sans adversaire, tout le monde peut accepter"},
	"challenge.variant":  {"種類", "ファノロナ（既定）か、負けた側が指すヴェラ（レーティングなし）", "variante", "Fanorona (par défaut) ou véla, la partie du perdant (non classée)"},
	"challenge.side":     {"手番", "自分の色：白が先手（既定はランダム）", "camp", "Votre camp : les Blancs commencent (au hasard par défaut)"},
	"challenge.rated":    {"レーティング", "レーティングに反映するか（既定は true、ヴェラは常になし）", "classée", "La partie compte-t-elle pour le classement (true par défaut ; jamais en véla)"},
	"challenge.time":     {"持ち時間", "一手の持ち時間：1h〜14d（例 12h、3d）または none", "temps", "Temps par coup : de 1h à 14d (ex. 12h, 3d) ou none"},
	"challenge.level":    {"強さ", "コンピューター相手のときだけ：easy、medium、hard", "niveau", "Seulement contre l'ordinateur : easy, medium ou hard"},
	"accept":             {"受ける", "このチャンネルで自分への挑戦を受ける", "accepter", "Accepter le défi qui vous est lancé dans ce salon"},
	"decline":            {"断る", "このチャンネルで自分への挑戦を断る", "refuser", "Refuser le défi qui vous est lancé dans ce salon"},
	"withdraw":           {"取り下げ", "このチャンネルで自分が出した挑戦を取り下げる", "retirer", "Retirer vos défis ouverts dans ce salon"},
	"withdraw.opponent":  {"相手", "この相手への挑戦だけを取り下げる", "adversaire", "Seulement votre défi à ce joueur"},
	"move":               {"指す", "1手まとめて（path）か1歩ずつ（from、to）指す", "jouer", "Jouer un tour entier (path) ou un pas (from, to)"},
	"move.path":          {"手", "1手全体（例 d2-e3A-e4W。A は接近、W は離脱）", "tour", "Un tour entier, ex. d2-e3A-e4W (A : approche, W : retrait)"},
	"move.from":          {"から", "進む駒（取りの途中は省略）、例 d2", "de", "La pièce qui avance (sous-entendue pendant une prise), ex. d2"},
	"move.to":            {"へ", "進む先、例 e3", "vers", "Où elle avance, ex. e3"},
	"move.capture":       {"取り方", "両方で取れるときの取り方：approach か withdrawal", "prise", "Comment le pas prend, s'il peut des deux façons : approach ou withdrawal"},
	"stop":               {"止める", "ここで取りを終えて手番を渡す", "arrêter", "Finir votre prise ici"},
	"draw":               {"引き分け", "相手に引き分けを提案する", "nulle", "Proposer la nulle à votre adversaire"},
	"resign":             {"投了", "このチャンネルの対局を投了する", "abandonner", "Abandonner la partie de ce salon"},
	"board":              {"盤面", "このチャンネルの対局の盤面を見る", "plateau", "Afficher le plateau de la partie de ce salon"},
	"record":             {"棋譜", "ファノロナ記法で棋譜を見る", "relevé", "Afficher le relevé de la partie en notation du fanorona"},
	"standings":          {"順位", "このサーバーのファノロナの順位表", "classement", "Classement du fanorona sur ce serveur"},
	"rules":              {"ルール", "ファノロナとヴェラのルールを見る", "règles", "Afficher les règles du fanorona et de la véla"},
	"help":               {"ヘルプ", "このボットでのファノロナの遊び方", "aide", "Comment jouer au fanorona avec ce bot"},
	"stats":              {"成績", "プレイヤーのファノロナのレーティング、戦績、最近の対局", "stats", "Cote, bilan et parties récentes de fanorona d'un joueur"},
	"stats.player":       {"プレイヤー", "誰の成績か（既定は自分）", "joueur", "De quel joueur (vous par défaut)"},
	"claim":              {"勝ちを請求", "相手の持ち時間が切れたときに勝ちを請求する", "réclamer", "Réclamer la victoire quand le temps de votre adversaire est écoulé"},
	"games":              {"対局一覧", "このサーバーで進行中の自分の対局（自分の手番が先）", "parties", "Vos parties en cours sur ce serveur, celles où c'est à vous d'abord"},
	"takeback":           {"待った", "直前の自分の手を取り消すよう相手に頼む（相手が指す前）", "reprendre", "Demander à l'adversaire d'annuler votre dernier coup (avant qu'il joue)"},
}

var fanoronaChoices = map[string][2]string{
	"challenge.variant.fanorona": {"ファノロナ", "fanorona"},
	"challenge.variant.vela":     {"ヴェラ", "véla"},
	"challenge.side.white":       {"白（先手）", "Blancs (commencent)"},
	"challenge.side.black":       {"黒", "Noirs"},
	"challenge.side.random":      {"ランダム", "au hasard"},
	"challenge.rated.true":       {"する", "oui"},
	"challenge.rated.false":      {"しない", "non"},
	"challenge.level.easy":       {"やさしい", "facile"},
	"challenge.level.medium":     {"ふつう", "moyen"},
	"challenge.level.hard":       {"強い", "difficile"},
}
