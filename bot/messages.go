package bot

import (
	"fmt"
	"strings"
)

// The message catalogue: every text the bot writes for players, by
// language and message id. English ("en") is complete and the fallback;
// TestCatalogueComplete fails when a key of one language is missing in
// another. To add a text: add the key to every language below (keep the
// same fmt verbs in the same order) and write it with tr(req.Locale, key,
// args...) in the handler.
//
// Locales are Discord's (Interaction.Locale): "ja", "fr"; anything else,
// "en-US" or "en-GB" included, is English.

// Languages lists the catalogue's languages, English first.
var Languages = []string{"en", "ja", "fr"}

// lang maps a Discord locale to a catalogue language.
func lang(locale string) string {
	l := strings.ToLower(locale)
	switch {
	case strings.HasPrefix(l, "ja"):
		return "ja"
	case strings.HasPrefix(l, "fr"):
		return "fr"
	}
	return "en"
}

// tr writes message key in the language of locale, English when the
// language lacks it.
func tr(locale, key string, args ...any) string {
	m, ok := messages[lang(locale)][key]
	if !ok {
		if m, ok = messages["en"][key]; !ok {
			return key
		}
	}
	if len(args) == 0 {
		return m
	}
	return fmt.Sprintf(m, args...)
}

var messages = map[string]map[string]string{
	"en": {
		"standings.none":      "No finished games on this server yet. Start one with `/veletas challenge opponent:@someone`.",
		"standings.head":      "**Standings** (rank, player, rating ± deviation, wins, losses):",
		"standings.row":       "%d. %s: %s, %d W, %d L",
		"standings.more":      "…and %d more.",
		"stats.badplayer":     "Name a player with `player:@someone`.",
		"stats.head":          "**Stats of %s**",
		"stats.nogames":       "No finished game on this server yet: challenge someone with `/veletas challenge`.",
		"stats.rating":        "Rating: %s (rank %d)",
		"stats.record":        "Record: %d W, %d L in %d games",
		"stats.streakwin":     "Current streak: %d win(s) in a row",
		"stats.streakloss":    "Current streak: %d loss(es) in a row",
		"stats.recent":        "Recent games:",
		"stats.won":           "• game %d: won against %s (%s, %s, <t:%d:d>)%s",
		"stats.lost":          "• game %d: lost to %s (%s, %s, <t:%d:d>)%s",
		"stats.unrated":       " unrated",
		"reason.majority":     "majority",
		"reason.resign":       "resignation",
		"reason.timeout":      "on time",
		"challenge.badrated":  "%s is not a choice for `rated`: use `true` or `false`.",
		"time.bad":            "%s is not a time per move: write hours or days between 1 hour and 14 days, such as `12h`, `3d` or `1d12h`, or `none`.",
		"dur.days":            "%d day(s)",
		"dur.hours":           "%d hour(s)",
		"dur.dayshours":       "%d day(s) %d hour(s)",
		"terms.rated":         "Rated",
		"terms.unrated":       "Unrated",
		"terms.notime":        "%s, no time limit.",
		"terms.time":          "%s, %s per move.",
		"time.up":             "Game %d: the time for %s's move has run out. %s, you may claim the win with `/veletas claim`, or keep waiting: the game goes on until you claim.",
		"time.reminder":       "%s, a reminder: your move in game %d is due <t:%d:R> (by <t:%d:f>). When the time runs out your opponent may claim the win.",
		"time.moveby":         "Time per move: %s; move due <t:%d:R> (<t:%d:f>).",
		"claim.notyet":        "The time for this move has not run out: %s has until <t:%d:f> (<t:%d:R>). Claim again after that if they have not moved. Nothing was changed.",
		"claim.nolimit":       "This game has no time limit, so there is nothing to claim: wait for your opponent, or ask them to resign.",
		"claim.yourturn":      "It is your move, so there is no win to claim: play with `/veletas move`.",
		"settings.show":       "This server's default time per move: %s. A member with Manage Server changes it with `/veletas settings time:3d` (1h to 14d, or none).",
		"settings.denied":     "Only members with the Manage Server permission can change the server's settings. Nothing was changed.",
		"settings.changed":    "%s set this server's default time per move to %s. New challenges use it unless they name a `time`.",
		"settings.nolimit":    "no time limit",
		"games.none":          "You have no game in progress on this server. Start one with `/veletas challenge`.",
		"games.head":          "**Your games** (%d, your turn first):",
		"games.row":           "• game %d, %s vs %s: %s%s — %s",
		"games.yourturn":      "**your turn**",
		"games.theirturn":     "%s to play",
		"games.due":           ", due <t:%d:R>",
		"takeback.notallowed": "You can take back only your own last turn, and only before your opponent has moved. Nothing was changed.",
		"takeback.asked":      "%s, %s asks to take back their last turn. Accept or decline with the buttons.",
		"takeback.gone":       "This takeback request is no longer open: it was answered, or the game has moved on. Use `/veletas board` to see the game.",
		"takeback.ownrequest": "You asked for this takeback: your opponent answers it.",
		"takeback.declined":   "%s declined the takeback: %s's turn stands.",
		"takeback.accepted":   "%s accepted the takeback: %s's last turn is undone.",
		"button.accept":       "Accept",
		"button.decline":      "Decline",
		"button.record":       "Record",
		"button.rematch":      "Rematch",
		"button.withdraw":     "Withdraw",
		"record.gone":         "I cannot find that game any more. `/veletas stats` lists your recent games.",
		"rematch.notplayer":   "Only the two players of this game can ask for a rematch. Challenge someone yourself with `/veletas challenge`.",
		"rematch.busy":        "The channel of that game has a game in progress now: challenge again there once it is over.",
		"rematch.offer":       "%s, %s offers a rematch of game %d on %s; %s plays first this time. %s\nAccept or decline with the buttons; the offer stays open until <t:%d:f>.",
		"open.challenge":      "%s challenges anyone to a game of Veletas on %s and plays first. %s",
		"open.how":            "Press Accept to play (or `/veletas accept`); the challenge stays open until <t:%d:f>.",
	},
}
