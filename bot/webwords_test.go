package bot

import (
	"context"
	"strings"
	"testing"

	"github.com/veletasbot/veletas/game"
	"github.com/veletasbot/veletas/store"
)

// TestGameWordsForTheWeb: the words the web board asks of the bot come
// from the games' catalogues in the page's language, and a key no
// catalogue has, or a game not hosted, is refused so that the page keeps
// its own.
func TestGameWordsForTheWeb(t *testing.T) {
	e := newEnv(t, Config{})
	b := e.bot
	texts := []struct {
		kind          game.Kind
		tag, key, out string
	}{
		{"veletas", "fr", PickStepKey + "shooter", "Choisissez le tireur à déplacer"},
		{"veletas", "ja-JP", PickStepKey + "shooter", "動かすシューターを選んでください"},
		{"veletas", "fr", OptionKey("no move"), "ne pas bouger"},
		{"veletas", "ja", OptionKey("swap"), "交代"},
		{"fanorona", "fr", OptionKey("withdrawal"), "retrait"},
		{"fanorona", "ja", PickStepKey + "continue", "続けて進む先を選ぶか、止めてください"},
		{"amazons", "fr", PickStepKey + "arrow", "Choisissez où elle tire"},
		{"amazons", "ja", "color.white", "白"},
		{"fanorona", "fr", "color.black", "Noirs"},
		{"veletas", "de", PickStepKey + "to", "Choose where it goes"}, // English for a language the bot lacks
	}
	for _, c := range texts {
		got, ok := b.GameText(c.kind, c.tag, c.key)
		if !ok || got != c.out {
			t.Errorf("GameText(%s, %s, %s) = %q, %v; want %q", c.kind, c.tag, c.key, got, ok, c.out)
		}
	}
	for _, c := range []struct {
		kind game.Kind
		key  string
	}{{"veletas", PickStepKey + "nosuchstep"}, {"amazons", OptionKey("no move")}, {"chess", PickStepKey + "to"}} {
		if got, ok := b.GameText(c.kind, "fr", c.key); ok {
			t.Errorf("GameText(%s, fr, %s) = %q, true; want none", c.kind, c.key, got)
		}
	}

	// Titles of games as stored: their terms replayed.
	ctx := context.Background()
	stored := func(channel string, start func()) store.Game {
		t.Helper()
		e.chann = channel
		start()
		g, err := e.db.ActiveGame(ctx, e.guild, channel)
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	revised := stored("c1", func() {
		ch := public(t, e.cmd("alice", "challenge", "opponent=bob", "size=7", "rules=revised"))
		public(t, e.press("bob", button(t, ch, "Accept")))
	})
	nine := stored("c2", func() { e.startGame("9") })
	vela := stored("c3", func() { e.startFanorona("vela") })
	fanorona := stored("c4", func() { e.startFanorona("fanorona") })
	titles := []struct {
		g           store.Game
		tag         string
		name, terms string
	}{
		{revised, "fr", "Veletas", "7x7 (règles révisées)"},
		{nine, "ja", "ベレタス", "9x9"},
		{vela, "fr", "Fanorona", "véla"},
		{fanorona, "ja", "ファノロナ", ""},
		{store.Game{Kind: "amazons"}, "fr", "Amazones", ""},
		{store.Game{Kind: "chess"}, "fr", "", ""},
	}
	for _, c := range titles {
		name, terms := b.GameTitle(c.g, c.tag)
		if name != c.name || terms != c.terms {
			t.Errorf("GameTitle(%s %v, %s) = %q, %q; want %q, %q", c.g.Kind, c.g.Terms, c.tag, name, terms, c.name, c.terms)
		}
	}

	endings := []struct {
		g   store.Game
		tag string
		out string
	}{
		{store.Game{Kind: "amazons", Reason: store.ReasonResign, Winner: "a", Players: [2]string{"a", "b"}}, "fr", "abandon"},
		{store.Game{Kind: "fanorona", Reason: store.ReasonTimeout, Winner: "a", Players: [2]string{"a", "b"}}, "ja", "時間切れ"},
		{store.Game{Kind: "veletas", Reason: store.ReasonRules, Winner: "a", Players: [2]string{"a", "b"}}, "fr", "majorité"},
		{store.Game{Kind: "amazons", Reason: store.ReasonRules, Winner: "a", Players: [2]string{"a", "b"}}, "en", "leaving the opponent no move"},
		{store.Game{Kind: "amazons", Reason: store.ReasonRules, Winner: "a", Players: [2]string{"a", "b"}}, "ja", "相手に動ける手がなくなった"},
		{store.Game{Kind: "veletas", Players: [2]string{"a", "b"}}, "fr", ""}, // not over
	}
	for _, c := range endings {
		if got := b.GameEnding(c.g, c.tag); got != c.out {
			t.Errorf("GameEnding(%s %v, %s) = %q; want %q", c.g.Kind, c.g.Reason, c.tag, got, c.out)
		}
	}
}

// TestGameWordsRecoverPanics: a module's panic while wording a game for
// the web board is logged and words nothing, so the page keeps its own.
func TestGameWordsRecoverPanics(t *testing.T) {
	e := newEnv(t, Config{})
	word := func() (text string, ok bool) {
		defer e.bot.recoverWords("wording a text", "veletas", &ok)
		text, ok = "half", true
		panic("a module's bug")
	}
	if _, ok := word(); ok {
		t.Error("a panicking wording is ok")
	}
	if !strings.Contains(e.logs.String(), "a module's bug") {
		t.Errorf("the panic is not logged: %s", e.logs.String())
	}
}
