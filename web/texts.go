package web

import (
	"net/http"
	"strings"
)

// The web board's own words, in the bot's languages: the pages' labels,
// the texts the page's script shows (handed to it in the page, see
// pageTexts), the sign-in refusals and the move refusals the bot's
// catalogues do not word. A text's placeholders are {name}s, filled by
// the page's script (texts.js) or by textf. Every key has every language
// with the same placeholders (TestTextsComplete).

// languages are the languages of the texts; the first is the default.
var languages = []string{"en", "fr", "ja"}

// texts are the texts by language and key.
var texts = map[string]map[string]string{
	"en": {
		// The pages.
		"notFound":      "Not found",
		"noGame":        "No game has this link.",
		"loading":       "Loading…",
		"theme":         "Light or dark",
		"board":         "The board",
		"replay":        "Replay",
		"first":         "First",
		"prev":          "Previous",
		"next":          "Next",
		"last":          "Last",
		"movesHeading":  "Moves",
		"signIn":        "Sign in with Discord",
		"signOut":       "Sign out",
		"signinRefused": "Sign-in refused",
		"back":          "Back",
		"standings":     "Standings",
		"noGames":       "No game has been played on this server yet.",
		"player":        "Player",
		"rating":        "Rating",
		"wins":          "Wins",
		"losses":        "Losses",
		"draws":         "Draws",
		"winsShort":     "W",
		"lossesShort":   "L",
		"drawsShort":    "D",
		"noFinished":    "No finished game yet.",
		"underWay":      "Under way",
		"standingsDown": "The server's standings could not be loaded; try again later.",
		// The page's script (texts.js).
		"toPlay":        "{name} to play",
		"won":           "{name} won",
		"drawn":         "Drawn",
		"outcomeHow":    " ({how})",
		"timeUp":        "time is up",
		"leftDays":      "{d}d {h}h left",
		"leftHours":     "{h}h {m}m left",
		"leftMinutes":   "{m}m {s}s left",
		"watchingOne":   "1 watching",
		"watching":      "{n} watching",
		"pickBack":      "Back",
		"confirm":       "Confirm",
		"confirmAction": "Confirm {action}",
		"choose":        "Choose: {what}",
		"playAsk":       "Play {action}?",
		"played":        "Played {action}.",
		"evaluation":    "Evaluation · ↑ {first} · ↓ {second}",
		"evalLabel":     "The computer's evaluation after each move",
		"moveN":         "Move {n}",
		"turningPoints": "Turning points: ",
		"showMove":      "Show move {n}",
		// How a game ended (store.Reason's names), shown after who won.
		"reason.rules":       "by the rules",
		"reason.resignation": "resignation",
		"reason.timeout":     "time out",
		"reason.agreed":      "agreed",
		"reason.forfeit":     "forfeit",
		"reason.adjudicated": "adjudicated",
		// The sign-in's refusals.
		"signinOff":       "Sign-in with Discord is not configured on this bot.",
		"signinStale":     "This sign-in did not start in this browser, or took too long. Sign in again from the game's page.",
		"signinDenied":    "Discord did not approve the sign-in. Sign in again to use the board as yourself.",
		"signinNoCode":    "Discord sent no sign-in code. Sign in again from the game's page.",
		"signinExchange":  "Discord refused the sign-in (the link may have been used already). Sign in again from the game's page.",
		"signinWhoAreYou": "Discord did not tell who you are. Sign in again from the game's page.",
		// The moves' own refusals (moves.go), by code.
		// The Activity's page (ui/src/activity.js).
		"activity.outside":   "This is the bot's Activity: open it inside Discord, from a game's card or the app's launcher.",
		"activity.authorize": "Signing in with Discord…",
		"activity.nochannel": "Open the Activity in a server's channel to see its game.",
		"activity.lookup":    "Finding this channel's game…",
		"activity.nogame":    "No game in this channel yet: challenge someone with the bot's commands, then open the Activity again.",
		"activity.choose":    "This channel has several games: choose one.",
		"activity.over":      "{title} (over)",
		"refuse.signedout":   "Sign in with Discord to play on this page. Nothing was changed.",
		"signInToPlay":       "To play on this board, sign in with Discord; you will come back to this game.",
		"refuse.csrf":        "This request did not come from the game's page: reload the page and try again. Nothing was changed.",
		"refuse.badrequest":  "The page sent a request the server cannot read: reload the page and try again. Nothing was changed.",
		"refuse.toomany":     "Too many moves at once: wait a moment and try again. Nothing was changed.",
		"refuse.nopicker":    "This game cannot be played on the board: type the move in Discord. Nothing was changed.",
	},
	"fr": {
		"notFound":           "Introuvable",
		"noGame":             "Aucune partie n’a ce lien.",
		"loading":            "Chargement…",
		"theme":              "Clair ou sombre",
		"board":              "Le plateau",
		"replay":             "Relecture",
		"first":              "Début",
		"prev":               "Précédent",
		"next":               "Suivant",
		"last":               "Fin",
		"movesHeading":       "Coups",
		"signIn":             "Se connecter avec Discord",
		"signOut":            "Se déconnecter",
		"signinRefused":      "Connexion refusée",
		"back":               "Retour",
		"standings":          "Classement",
		"noGames":            "Aucune partie n’a encore été jouée sur ce serveur.",
		"player":             "Joueur",
		"rating":             "Classement Elo",
		"wins":               "Victoires",
		"losses":             "Défaites",
		"draws":              "Nulles",
		"winsShort":          "V",
		"lossesShort":        "D",
		"drawsShort":         "N",
		"noFinished":         "Aucune partie terminée pour l’instant.",
		"underWay":           "En cours",
		"standingsDown":      "Le classement du serveur n’a pas pu être chargé ; réessayez plus tard.",
		"toPlay":             "À {name} de jouer",
		"won":                "{name} a gagné",
		"drawn":              "Partie nulle",
		"outcomeHow":         " ({how})",
		"timeUp":             "temps écoulé",
		"leftDays":           "{d} j {h} h restants",
		"leftHours":          "{h} h {m} min restantes",
		"leftMinutes":        "{m} min {s} s restantes",
		"watchingOne":        "1 spectateur",
		"watching":           "{n} spectateurs",
		"pickBack":           "Retour",
		"confirm":            "Valider",
		"confirmAction":      "Valider {action}",
		"choose":             "Choisissez : {what}",
		"playAsk":            "Jouer {action} ?",
		"played":             "{action} joué.",
		"evaluation":         "Évaluation · ↑ {first} · ↓ {second}",
		"evalLabel":          "L’évaluation de l’ordinateur après chaque coup",
		"moveN":              "Coup {n}",
		"turningPoints":      "Tournants : ",
		"showMove":           "Voir le coup {n}",
		"reason.rules":       "selon les règles",
		"reason.resignation": "abandon",
		"reason.timeout":     "temps dépassé",
		"reason.agreed":      "d’un commun accord",
		"reason.forfeit":     "forfait",
		"reason.adjudicated": "arbitrage",
		"signinOff":          "La connexion avec Discord n’est pas configurée sur ce bot.",
		"signinStale":        "Cette connexion n’a pas commencé dans ce navigateur, ou a pris trop de temps. Reconnectez-vous depuis la page de la partie.",
		"signinDenied":       "Discord n’a pas approuvé la connexion. Reconnectez-vous pour utiliser le plateau en votre nom.",
		"signinNoCode":       "Discord n’a envoyé aucun code de connexion. Reconnectez-vous depuis la page de la partie.",
		"signinExchange": "Discord a refusé la connexion (le lien a peut-être déjà servi). " +
			"Reconnectez-vous depuis la page de la partie.",
		"signinWhoAreYou": "Discord n’a pas dit qui vous êtes. Reconnectez-vous depuis la page de la partie.",
		// The Activity's page (ui/src/activity.js).
		"activity.outside":   "Voici l’Activité du bot : ouvrez-la dans Discord, depuis la carte d’une partie ou le lanceur de l’application.",
		"activity.authorize": "Connexion avec Discord…",
		"activity.nochannel": "Ouvrez l’Activité dans un salon d’un serveur pour voir sa partie.",
		"activity.lookup":    "Recherche de la partie de ce salon…",
		"activity.nogame":    "Aucune partie dans ce salon pour l’instant : défiez quelqu’un avec les commandes du bot, puis rouvrez l’Activité.",
		"activity.choose":    "Ce salon a plusieurs parties : choisissez-en une.",
		"activity.over":      "{title} (terminée)",
		"refuse.signedout":   "Connectez-vous avec Discord pour jouer sur cette page. Rien n’a été modifié.",
		"signInToPlay":       "Pour jouer sur ce plateau, connectez-vous avec Discord ; vous reviendrez à cette partie.",
		"refuse.csrf":        "Cette requête ne vient pas de la page de la partie : rechargez la page et réessayez. Rien n’a été modifié.",
		"refuse.badrequest":  "La page a envoyé une requête illisible pour le serveur : rechargez la page et réessayez. Rien n’a été modifié.",
		"refuse.toomany":     "Trop de coups à la fois : attendez un instant et réessayez. Rien n’a été modifié.",
		"refuse.nopicker":    "Ce jeu ne se joue pas sur le plateau : tapez le coup dans Discord. Rien n’a été modifié.",
	},
	"ja": {
		"notFound":           "見つかりません",
		"noGame":             "このリンクの対局はありません。",
		"loading":            "読み込み中…",
		"theme":              "ライト/ダーク",
		"board":              "盤面",
		"replay":             "再生",
		"first":              "最初",
		"prev":               "前へ",
		"next":               "次へ",
		"last":               "最後",
		"movesHeading":       "棋譜",
		"signIn":             "Discordでログイン",
		"signOut":            "ログアウト",
		"signinRefused":      "ログインが拒否されました",
		"back":               "戻る",
		"standings":          "順位表",
		"noGames":            "このサーバーではまだ対局がありません。",
		"player":             "プレイヤー",
		"rating":             "レーティング",
		"wins":               "勝ち",
		"losses":             "負け",
		"draws":              "引き分け",
		"winsShort":          "勝",
		"lossesShort":        "負",
		"drawsShort":         "分",
		"noFinished":         "終了した対局はまだありません。",
		"underWay":           "対局中",
		"standingsDown":      "サーバーの順位表を読み込めませんでした。しばらくしてからもう一度お試しください。",
		"toPlay":             "{name}の手番",
		"won":                "{name}の勝ち",
		"drawn":              "引き分け",
		"outcomeHow":         "（{how}）",
		"timeUp":             "時間切れ",
		"leftDays":           "残り{d}日{h}時間",
		"leftHours":          "残り{h}時間{m}分",
		"leftMinutes":        "残り{m}分{s}秒",
		"watchingOne":        "1人が観戦中",
		"watching":           "{n}人が観戦中",
		"pickBack":           "戻る",
		"confirm":            "決定",
		"confirmAction":      "{action}で決定",
		"choose":             "選択：{what}",
		"playAsk":            "{action}を指しますか？",
		"played":             "{action}を指しました。",
		"evaluation":         "評価 · ↑ {first} · ↓ {second}",
		"evalLabel":          "各手の後のコンピューターの評価",
		"moveN":              "{n}手目",
		"turningPoints":      "転換点：",
		"showMove":           "{n}手目を表示",
		"reason.rules":       "ルールによる",
		"reason.resignation": "投了",
		"reason.timeout":     "時間切れ",
		"reason.agreed":      "合意",
		"reason.forfeit":     "不戦",
		"reason.adjudicated": "裁定",
		"signinOff":          "このボットではDiscordでのログインが設定されていません。",
		"signinStale":        "このログインはこのブラウザーで始まっていないか、時間がかかりすぎました。対局のページからもう一度ログインしてください。",
		"signinDenied":       "Discordがログインを承認しませんでした。自分として盤を使うにはもう一度ログインしてください。",
		"signinNoCode":       "Discordからログインコードが届きませんでした。対局のページからもう一度ログインしてください。",
		"signinExchange":     "Discordがログインを拒否しました（リンクは使用済みかもしれません）。対局のページからもう一度ログインしてください。",
		"signinWhoAreYou":    "Discordがあなたが誰かを教えてくれませんでした。対局のページからもう一度ログインしてください。",
		// The Activity's page (ui/src/activity.js).
		"activity.outside":   "これはボットのアクティビティです。Discordの中で、対局のカードかアプリのランチャーから開いてください。",
		"activity.authorize": "Discordでログインしています…",
		"activity.nochannel": "対局を見るには、サーバーのチャンネルでアクティビティを開いてください。",
		"activity.lookup":    "このチャンネルの対局を探しています…",
		"activity.nogame":    "このチャンネルにはまだ対局がありません。ボットのコマンドで誰かに挑戦してから、もう一度アクティビティを開いてください。",
		"activity.choose":    "このチャンネルには対局が複数あります。一つ選んでください。",
		"activity.over":      "{title}（終局）",
		"refuse.signedout":   "このページで指すにはDiscordでログインしてください。何も変更されていません。",
		"signInToPlay":       "この盤で指すにはDiscordでログインしてください。ログイン後、この対局に戻ります。",
		"refuse.csrf":        "このリクエストは対局のページから来ていません。ページを再読み込みしてもう一度お試しください。何も変更されていません。",
		"refuse.badrequest":  "ページが読めないリクエストを送りました。ページを再読み込みしてもう一度お試しください。何も変更されていません。",
		"refuse.toomany":     "一度に指す手が多すぎます。少し待ってからもう一度お試しください。何も変更されていません。",
		"refuse.nopicker":    "このゲームは盤上では指せません。Discordで手を入力してください。何も変更されていません。",
	},
}

// langParam is the query parameter that chooses a page's language over
// the browser's (?lang=fr).
const langParam = "lang"

// requestLanguage is the language of the texts for request r: its
// ?lang= when that is one of the languages, else the Accept-Language
// header's preferred language when it is one (by its primary subtag:
// fr-CA is fr), else English.
func requestLanguage(r *http.Request) string {
	if l, ok := knownLanguage(r.URL.Query().Get(langParam)); ok {
		return l
	}
	if l, ok := knownLanguage(preferredLanguage(r.Header.Get("Accept-Language"))); ok {
		return l
	}
	return languages[0]
}

// knownLanguage returns the language of texts of tag (a BCP 47 tag such
// as "fr-CA"), false for none.
func knownLanguage(tag string) (string, bool) {
	primary, _, _ := strings.Cut(tag, "-")
	primary = strings.ToLower(primary)
	if _, ok := texts[primary]; ok {
		return primary, true
	}
	return "", false
}

// pageTexts are the texts of lang, for a page's template and script.
func pageTexts(lang string) map[string]string {
	if t, ok := texts[lang]; ok {
		return t
	}
	return texts[languages[0]]
}

// text is the text of key in lang (English when lang lacks it), its
// placeholders filled from the pairs args: name, value, ...
func text(lang, key string, args ...string) string {
	s, ok := pageTexts(lang)[key]
	if !ok {
		s = texts[languages[0]][key]
	}
	for i := 0; i+1 < len(args); i += 2 {
		s = strings.ReplaceAll(s, "{"+args[i]+"}", args[i+1])
	}
	return s
}

// pageData is what every page's template has: its language and texts,
// and the assets' names.
type pageData struct {
	Lang    string
	T       map[string]string
	JS, CSS string
}

// newPageData is the pageData of request r's page.
func newPageData(r *http.Request) pageData {
	lang := requestLanguage(r)
	return pageData{Lang: lang, T: pageTexts(lang), JS: assetNames.JS, CSS: assetNames.CSS}
}
