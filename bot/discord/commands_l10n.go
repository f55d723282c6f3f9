package discord

import (
	"fmt"

	"github.com/bwmarrin/discordgo"
)

// Localized names and descriptions of the slash commands, for Japanese and
// French Discord clients. Discord sends the English names in interactions
// whatever the client shows, so handlers only ever see those.

// cmdText is one command or option in the two other languages.
type cmdText struct {
	jaName, jaDesc, frName, frDesc string
}

// commandTexts is keyed by subcommand, or "subcommand.option"; "" is the
// /veletas command itself (its name stays veletas everywhere).
var commandTexts = map[string]cmdText{
	"":                   {"", "ベレタスを遊ぶ：シューターで陣地を争うゲーム", "", "Jouer à Veletas, le jeu de territoire avec des tireurs"},
	"challenge":          {"挑戦", "このチャンネルで誰かに対局を申し込む", "défier", "Défier quelqu'un à une partie dans ce salon"},
	"challenge.opponent": {"相手", "対戦したい相手（省略すると誰でも受けられる公開挑戦）", "adversaire", "Qui vous voulez affronter ; sans adversaire, tout le monde peut accepter"},
	"challenge.size":     {"サイズ", "盤の大きさ：7、9、10（既定は10）", "taille", "Taille du plateau : 7, 9 ou 10 (10 par défaut)"},
	"challenge.level":    {"強さ", "コンピューター相手のときだけ：easy、medium、hard", "niveau", "Seulement contre l'ordinateur : easy, medium ou hard"},
	"challenge.rated":    {"レーティング", "レーティングに反映するか（既定は true）", "classée", "La partie compte-t-elle pour le classement (true par défaut)"},
	"challenge.time":     {"持ち時間", "一手の持ち時間：1h〜14d（例 12h、3d）または none", "temps", "Temps par coup : de 1h à 14d (ex. 12h, 3d) ou none"},
	"accept":             {"受ける", "このチャンネルで自分への挑戦を受ける", "accepter", "Accepter le défi qui vous est lancé dans ce salon"},
	"decline":            {"断る", "このチャンネルで自分への挑戦を断る", "refuser", "Refuser le défi qui vous est lancé dans ce salon"},
	"withdraw":           {"取り下げ", "このチャンネルで自分が出した挑戦を取り下げる", "retirer", "Retirer vos défis ouverts dans ce salon"},
	"withdraw.opponent":  {"相手", "この相手への挑戦だけを取り下げる", "adversaire", "Seulement votre défi à ce joueur"},
	"setup":              {"配置", "シューターと自分の石を置く", "placer", "Placer vos tireurs et votre pierre"},
	"setup.shooters":     {"シューター", "シューターを置くマス（空白かカンマ区切り、例 d4 g7）", "tireurs", "Cases de vos tireurs, séparées par des espaces ou des virgules (ex. d4 g7)"},
	"setup.stone":        {"石", "自分の石を置くマス（例 e5）", "pierre", "Case de votre pierre (ex. e5)"},
	"swap":               {"交代", "後手：黒を取る（先手が白になる）", "échanger", "Second joueur : prendre les Noirs (le premier joueur devient Blanc)"},
	"keep":               {"そのまま", "後手：白のままでいる", "garder", "Second joueur : rester Blanc"},
	"move":               {"指す", "手番：シューターを動かして（任意）石を撃つ", "jouer", "Jouer un coup : déplacer un tireur (facultatif), puis tirer une pierre"},
	"move.shooter":       {"シューター", "動くシューター（例 d4）", "tireur", "Le tireur qui agit (ex. d4)"},
	"move.shoot":         {"撃つ先", "石が落ちるマス（例 f6）", "tir", "Case où tombe la pierre (ex. f6)"},
	"move.to":            {"移動先", "先にシューターを動かすならその行き先（例 d7）", "vers", "Où le tireur se déplace d'abord, s'il bouge (ex. d7)"},
	"resign":             {"投了", "このチャンネルの対局を投了する", "abandonner", "Abandonner la partie de ce salon"},
	"board":              {"盤面", "このチャンネルの対局の盤面を見る", "plateau", "Afficher le plateau de la partie de ce salon"},
	"record":             {"棋譜", "ベレタス記法で棋譜を見る", "relevé", "Afficher le relevé de la partie en notation Veletas"},
	"standings":          {"順位", "このサーバーの順位表：レーティング、勝ち、負け", "classement", "Classement du serveur : cotes, victoires et défaites"},
	"rules":              {"ルール", "ベレタスのルールを見る", "règles", "Afficher les règles de Veletas"},
	"rules.rules":        {"ルール", "どのルールか：classic か revised。省略するとサーバーの既定", "règles", "Quelles règles : classic ou revised ; sinon celles du serveur"},
	"help":               {"ヘルプ", "このボットでの遊び方", "aide", "Comment jouer avec ce bot"},
	"stats":              {"成績", "プレイヤーのレーティング、戦績、連勝・連敗、最近の対局", "stats", "Cote, bilan, série en cours et parties récentes d'un joueur"},
	"stats.player":       {"プレイヤー", "誰の成績か（既定は自分）", "joueur", "De quel joueur (vous par défaut)"},
	"claim":              {"勝ちを請求", "相手の持ち時間が切れたときに勝ちを請求する", "réclamer", "Réclamer la victoire quand le temps de votre adversaire est écoulé"},
	"settings":           {"設定", "サーバーの設定を見る（サーバー管理権限があれば既定の持ち時間とルールを変える）", "réglages", "Voir les réglages du serveur ; avec Gérer le serveur, changer les valeurs par défaut (temps, règles)"},
	"settings.time":      {"持ち時間", "新しい既定の持ち時間：1h〜14d（例 12h、3d）または none", "temps", "Nouveau temps par coup par défaut : de 1h à 14d (ex. 12h, 3d) ou none"},
	"settings.rules":     {"ルール", "挑戦の新しい既定のルール：classic か revised", "règles", "Nouvelles règles par défaut des défis : classic ou revised"},
	"challenge.rules":    {"ルール", "クラシックか改訂ルール（初期配置でシューターを端に置けない、シューターは妨げない）。省略するとサーバーの既定", "règles", "Règles classiques ou révisées (les tireurs ne bloquent pas) ; sinon celles du serveur"},
	"settings.language":  {"言語", "ボット自身のお知らせ（リマインド、時間切れ）の言語", "langue", "Langue des avis du bot (rappels, temps écoulé)"},
	"games":              {"対局一覧", "このサーバーで進行中の自分の対局（自分の手番が先）", "parties", "Vos parties en cours sur ce serveur, celles où c'est à vous d'abord"},
	"end":                {"終了", "サーバー管理：保存データが壊れたこのチャンネルの対局を終わらせる", "terminer", "Gérer le serveur : terminer la partie de ce salon dont les données sont abîmées"},
	"settings.theme":     {"テーマ", "サーバーの新しい盤のテーマ（自分で選んでいない人向け）：light か dark", "thème", "Nouveau thème des plateaux du serveur (pour qui n'en a pas choisi) : light ou dark"},
	"theme":              {"テーマ", "自分向けの盤のテーマを見る・選ぶ：ライト、ダーク、サーバーの設定", "thème", "Voir ou choisir le thème de vos plateaux : clair, sombre ou celui du serveur"},
	"theme.board":        {"盤", "light、dark、またはサーバーに合わせる server", "plateau", "light, dark, ou server pour suivre le serveur"},
	"notify":             {"通知", "DM 通知のオン・オフ：手番、持ち時間、対局の終わり", "notifications", "Activer ou non les messages privés : votre tour, votre temps, la fin d'une partie"},
	"notify.dm":          {"dm", "on で DM を送る、off で送らない", "mp", "on : je vous écris en privé ; off : non"},
	"takeback":           {"待った", "直前の自分の手を取り消すよう相手に頼む（相手が指す前）", "reprendre", "Demander à l'adversaire d'annuler votre dernier coup (avant qu'il joue)"},
}

// choiceTexts names the choices of options in Japanese and French, keyed
// by "subcommand.option.value".
var choiceTexts = map[string][2]string{
	"challenge.size.7":        {"7x7（短い対局）", "7x7 (rapide)"},
	"challenge.size.9":        {"9x9", "9x9"},
	"challenge.size.10":       {"10x10（標準）", "10x10 (standard)"},
	"challenge.rated.true":    {"する", "oui"},
	"challenge.rated.false":   {"しない", "non"},
	"challenge.level.easy":    {"やさしい", "facile"},
	"challenge.level.medium":  {"ふつう", "moyen"},
	"challenge.level.hard":    {"強い", "difficile"},
	"challenge.rules.classic": {"クラシック", "classiques"},
	"challenge.rules.revised": {"改訂（シューターは妨げない）", "révisées (les tireurs ne bloquent pas)"},
	"settings.rules.classic":  {"クラシック", "classiques"},
	"settings.rules.revised":  {"改訂（シューターは妨げない）", "révisées (les tireurs ne bloquent pas)"},
	"rules.rules.classic":     {"クラシック", "classiques"},
	"rules.rules.revised":     {"改訂（シューターは妨げない）", "révisées (les tireurs ne bloquent pas)"},
	"settings.theme.light":    {"ライト", "clair"},
	"settings.theme.dark":     {"ダーク", "sombre"},
	"theme.board.light":       {"ライト", "clair"},
	"theme.board.dark":        {"ダーク", "sombre"},
	"theme.board.server":      {"サーバーの設定", "celui du serveur"},
	"notify.dm.on":            {"オン", "activés"},
	"notify.dm.off":           {"オフ", "désactivés"},
	"settings.language.en":    {"English（英語）", "English (anglais)"},
	"settings.language.ja":    {"日本語", "日本語 (japonais)"},
	"settings.language.fr":    {"Français（フランス語）", "Français"},
}

// localized sets the Japanese and French names and descriptions of the
// commands, their options and the options' choices from commandTexts and
// choiceTexts.
func localized(cmds []*discordgo.ApplicationCommand, texts map[string]cmdText, choices map[string][2]string) []*discordgo.ApplicationCommand {
	for _, c := range cmds {
		if t, ok := texts[""]; ok {
			c.DescriptionLocalizations = &map[discordgo.Locale]string{discordgo.Japanese: t.jaDesc, discordgo.French: t.frDesc}
		}
		for _, sub := range c.Options {
			localizeOption(sub, sub.Name, texts, choices)
			for _, o := range sub.Options {
				localizeOption(o, sub.Name+"."+o.Name, texts, choices)
			}
		}
	}
	return cmds
}

func localizeOption(o *discordgo.ApplicationCommandOption, key string, texts map[string]cmdText, choices map[string][2]string) {
	t, ok := texts[key]
	if !ok {
		return
	}
	o.NameLocalizations = map[discordgo.Locale]string{discordgo.Japanese: t.jaName, discordgo.French: t.frName}
	o.DescriptionLocalizations = map[discordgo.Locale]string{discordgo.Japanese: t.jaDesc, discordgo.French: t.frDesc}
	for _, c := range o.Choices {
		if n, ok := choices[key+"."+fmt.Sprint(c.Value)]; ok {
			c.NameLocalizations = map[discordgo.Locale]string{discordgo.Japanese: n[0], discordgo.French: n[1]}
		}
	}
}
