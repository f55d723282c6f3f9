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
		"standings.none":     "No finished games on this server yet. Start one with `/veletas challenge opponent:@someone`.",
		"standings.head":     "**Standings** (rank, player, rating ± deviation, wins, losses):",
		"standings.row":      "%d. %s: %s, %d W, %d L",
		"standings.more":     "…and %d more.",
		"stats.badplayer":    "Name a player with `player:@someone`.",
		"stats.head":         "**Stats of %s**",
		"stats.nogames":      "No finished game on this server yet: challenge someone with `/veletas challenge`.",
		"stats.rating":       "Rating: %s (rank %d)",
		"stats.record":       "Record: %d W, %d L in %d games",
		"stats.streakwin":    "Current streak: %d win(s) in a row",
		"stats.streakloss":   "Current streak: %d loss(es) in a row",
		"stats.recent":       "Recent games:",
		"stats.won":          "• game %d: won against %s (%s, %s, <t:%d:d>)%s",
		"stats.lost":         "• game %d: lost to %s (%s, %s, <t:%d:d>)%s",
		"stats.unrated":      " unrated",
		"reason.majority":    "majority",
		"reason.resign":      "resignation",
		"reason.timeout":     "on time",
		"challenge.badrated": "%s is not a choice for `rated`: use `true` or `false`.",
		"time.bad":           "%s is not a time per move: write hours or days between 1 hour and 14 days, such as `12h`, `3d` or `1d12h`, or `none`.",
		"dur.days":           "%d day(s)",
		"dur.hours":          "%d hour(s)",
		"dur.dayshours":      "%d day(s) %d hour(s)",
		"terms.rated":        "Rated",
		"terms.unrated":      "Unrated",
		"terms.notime":       "%s, no time limit.",
		"terms.time":         "%s, %s per move.",
	},
}
