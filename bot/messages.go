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
// language lacks it. A locale names a game after a '+' (withGame:
// "fr+GAME"); one that names none is of the first game registered.
// The game's own text of a key (its module's catalogue) comes first, then
// the shared text, whose `/{game} …` commands are written with the game's
// command and `/{home} …` with the first game's (which has the server's
// settings).
func tr(locale, key string, args ...any) string {
	l, game := splitGame(locale)
	r := reg()
	if game == "" {
		game = r.first().command
	}
	m, ok := r.texts[l][key+"@"+game]
	if !ok {
		m, ok = r.texts["en"][key+"@"+game]
	}
	if !ok {
		if m, ok = messages[l][key+"@"+game]; !ok {
			m, ok = messages["en"][key+"@"+game]
		}
	}
	if !ok {
		if m, ok = messages[l][key]; !ok {
			if m, ok = messages["en"][key]; !ok {
				return key
			}
		}
	}
	m = commandsFor(m, game, r.first().command)
	if strings.Contains(m, "{name}") {
		m = strings.ReplaceAll(m, "{name}", r.name(l, game))
	}
	if len(args) == 0 {
		return m
	}
	return fmt.Sprintf(m, args...)
}

// trn is tr for a message about n things: it takes the key's ".one" form
// when n is 1 (English and French say "1 day", "2 days").
func trn(locale, key string, n int, args ...any) string {
	if n == 1 {
		_, game := splitGame(locale)
		if game == "" {
			game = reg().first().command
		}
		if _, ok := messages["en"][key+".one"]; ok {
			key += ".one"
		} else if _, ok := reg().texts["en"][key+".one@"+game]; ok {
			key += ".one"
		}
	}
	return tr(locale, key, args...)
}

var messages = map[string]map[string]string{
	"en": messagesEN,
	"ja": messagesJA,
	"fr": messagesFR,
}

// Text writes message key of the catalogue in the language of locale, for
// the front ends' own lines (the console's relative times).
func Text(locale, key string, args ...any) string { return tr(locale, key, args...) }

// person mentions a user in a sentence about them: in Japanese with the
// honorific さん, but the bot itself (ai, the computer player of the game)
// takes none, as one does not honour oneself.
func person(loc, id, ai string) string {
	if lang(loc) == "ja" && id != ai {
		return Mention(id) + " さん"
	}
	return Mention(id)
}

// levelText names an AI level ("easy", "medium", "hard") in the language
// of loc.
func levelText(loc, level string) string {
	if _, ok := messages["en"]["level."+level]; ok {
		return tr(loc, "level."+level)
	}
	return level
}

// name is the display name of the game of command in language l: its
// module's "game.name" text (English when l lacks it).
func (r *registry) name(l, command string) string {
	if n, ok := r.texts[l][NameKey+"@"+command]; ok {
		return n
	}
	return r.texts["en"][NameKey+"@"+command]
}
