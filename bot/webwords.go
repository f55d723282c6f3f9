package bot

import (
	"fmt"
	"runtime/debug"
	"strings"

	"github.com/veletasbot/veletas/game"
	"github.com/veletasbot/veletas/store"
)

// The games' own words for the web board's pages (package web's
// Wording, wired by cmd/veletasbot): a page shows a game's picker steps,
// the options of its picker that are words, its colours, its name and
// terms and how it ended in the page's language, as the bot's cards and
// picker word them, from the same catalogues (the modules' texts first,
// then the bot's).

// PickOptionKey starts the keys of a module's texts that word the options
// of its picker that are words rather than squares: PickOptionKey and the
// option's label with its spaces as dashes, such as "pick.option.swap" or
// "pick.option.no-move". An option without one is shown as labelled.
const PickOptionKey = "pick.option."

// OptionKey is the key of the text wording a picker option labelled
// label (PickOptionKey).
func OptionKey(label string) string {
	return PickOptionKey + strings.ReplaceAll(label, " ", "-")
}

// GameText is the text of key about a game of kind in the language of
// tag (a language tag: "fr", "ja-JP"), its verbs filled from args: the
// game's module's own text of key, else the bot's; false when neither
// has it or no game of kind is hosted. Keys are the catalogues': a
// picker's step (PickStepKey), a picker's option (OptionKey), a colour
// ("color.white"), a name (NameKey).
func (b *Bot) GameText(kind game.Kind, tag, key string, args ...any) (text string, ok bool) {
	defer b.recoverWords("wording a text", kind, &ok)
	if _, hosted := reg().byKind[kind]; !hosted || !hasText(withGame(lang(tag), kind), key) {
		return "", false
	}
	return tr(withGame(lang(tag), kind), key, args...), true
}

// GameTitle names g in the language of tag as its cards do: its game's
// name, and the name of its terms when they say more (a board's size, a
// variant), "" when they do not.
func (b *Bot) GameTitle(g store.Game, tag string) (name, terms string) {
	defer b.recoverWords("naming a game", g.Kind, nil)
	m, ok := reg().byKind[g.Kind]
	if !ok {
		return "", ""
	}
	l := lang(tag)
	name = reg().name(l, m.command)
	if t := m.GameName(withGame(l, g.Kind), g); t != name {
		terms = t
	}
	return name, terms
}

// GameEnding says how g ended in the language of tag, as its records
// do: "resignation", "time out", or the game's own words for an end by
// its rules ("capturing every piece"); "" for a game not over.
func (b *Bot) GameEnding(g store.Game, tag string) (ending string) {
	defer b.recoverWords("wording an ending", g.Kind, nil)
	if !g.Over() {
		return ""
	}
	if _, ok := reg().byKind[g.Kind]; !ok {
		return ""
	}
	return gameReason(withGame(lang(tag), g.Kind), g)
}

// recoverWords recovers a panic of a module wording a game for the web
// board (whose pages then show their own words): it is logged, and ok,
// when not nil, is set false.
func (b *Bot) recoverWords(where string, kind game.Kind, ok *bool) {
	if v := recover(); v != nil {
		b.Logger.Error("bot: panic "+where+" for the web board", "kind", string(kind), "panic", fmt.Sprint(v), "stack", string(debug.Stack()))
		if ok != nil {
			*ok = false
		}
	}
}

// hasText reports whether key has a text in the catalogues tr reads for
// locale (English included: tr falls back to it).
func hasText(locale, key string) bool {
	l, g := splitGame(locale)
	r := reg()
	if g == "" {
		g = r.first().command
	}
	for _, lg := range []string{l, "en"} {
		if _, ok := r.texts[lg][key+"@"+g]; ok {
			return true
		}
		if _, ok := messages[lg][key+"@"+g]; ok {
			return true
		}
		if _, ok := messages[lg][key]; ok {
			return true
		}
	}
	return false
}

// optionLabel words a picker's option for the language of loc (a locale
// with its game): its module's text (OptionKey), else its label.
func optionLabel(loc string, o game.Option) string {
	if k := OptionKey(o.Label); hasText(loc, k) {
		return tr(loc, k)
	}
	return o.Label
}
