package bot

import (
	"context"
	"strings"
	"testing"

	"github.com/veletasbot/veletas/store"
)

// TestWebStandingsSetting turns a server's web page on and off: only a
// manager may; the reply and the settings show its link while it is on,
// and /veletas standings links to it too; off (the default) nothing
// shows it, and an unknown value changes nothing.
func TestWebStandingsSetting(t *testing.T) {
	e := newEnv(t, Config{StandingsURL: func(guild string) string { return "https://bot.example/s/tok-" + guild }})
	link := "https://bot.example/s/tok-" + e.guild
	manager := func(opts ...string) Reply {
		req := e.req("mod", "settings", opts...)
		req.ManageServer = true
		return e.bot.Handle(context.Background(), req)
	}
	on := func() bool {
		s, err := e.db.Settings(t.Context(), e.guild)
		if err != nil {
			t.Fatal(err)
		}
		return s.Values[store.WebStandingsSetting] == "on"
	}
	if r := e.cmd("alice", "settings"); !strings.Contains(r.Text, "web:on") || strings.Contains(r.Text, link) {
		t.Errorf("the settings while off: %q", r.Text)
	}
	refused(t, e.cmd("alice", "settings", "web=on"), "Manage Server")
	refused(t, manager("web=maybe"), "is not a choice for `web`")
	if on() {
		t.Fatal("a refused setting turned the page on")
	}
	// A finished rated game, so that the standings have a row.
	ch := public(t, e.cmd("alice", "challenge", "opponent=bob", "size=7"))
	public(t, e.press("bob", button(t, ch, "Accept")))
	public(t, e.cmd("alice", "resign"))
	if st := e.cmd("alice", "standings"); strings.Contains(embedText(st), link) {
		t.Errorf("the standings link to the page while it is off: %q", embedText(st))
	}

	r := manager("web=on")
	if !on() || !strings.Contains(r.Text, link) || r.Ephemeral {
		t.Fatalf("turning it on: stored %v, reply %q", on(), r.Text)
	}
	if r := e.cmd("alice", "settings"); !strings.Contains(r.Text, link) {
		t.Errorf("the settings while on: %q", r.Text)
	}
	if st := e.cmd("alice", "standings"); !strings.Contains(embedText(st), link) {
		t.Errorf("the standings do not link to the page: %q", embedText(st))
	}
	r = manager("web=off")
	if on() || strings.Contains(r.Text, link) {
		t.Errorf("turning it off: stored %v, reply %q", on(), r.Text)
	}
}

func embedText(r Reply) string {
	var sb strings.Builder
	sb.WriteString(r.Text)
	for _, e := range r.Embeds {
		sb.WriteString(e.Description)
	}
	return sb.String()
}

// TestWebStandingsSettingEveryGame turns the server's page on with
// `/GAME settings web:on` of every game hosted, in English, French and
// Japanese: each stores the same setting and replies alike, saying it is
// the page of every game played on the server; the settings of every
// game then show its link, with the game's own command to turn it off.
func TestWebStandingsSettingEveryGame(t *testing.T) {
	whole := map[string]string{"en": "every game played here", "fr": "tous les jeux qu'on y joue", "ja": "ここで遊ぶすべてのゲーム"}
	for _, lang := range []string{"en", "fr", "ja"} {
		replies := map[string]string{}
		for _, name := range Games() {
			e := newEnv(t, Config{StandingsURL: func(guild string) string { return "https://bot.example/s/tok-" + guild }})
			link := "https://bot.example/s/tok-" + e.guild
			req := e.req("mod", "settings", "web=on")
			req.Game, req.Locale, req.ManageServer = name, lang, true
			r := e.bot.Handle(context.Background(), req)
			s, err := e.db.Settings(t.Context(), e.guild)
			if err != nil {
				t.Fatal(err)
			}
			if s.Values[store.WebStandingsSetting] != "on" || !strings.Contains(r.Text, link) || !strings.Contains(r.Text, whole[lang]) || r.Ephemeral {
				t.Errorf("/%s settings web:on in %s: stored %v, reply %q", name, lang, s.Values, r.Text)
			}
			replies[name] = r.Text
			for _, other := range Games() {
				show := e.req("alice", "settings")
				show.Game, show.Locale = other, lang
				r := e.bot.Handle(context.Background(), show)
				if !strings.Contains(r.Text, link) || !strings.Contains(r.Text, "`/"+other+" settings web:off`") || !strings.Contains(r.Text, whole[lang]) {
					t.Errorf("/%s settings in %s after /%s settings web:on: %q", other, lang, name, r.Text)
				}
			}
		}
		for name, r := range replies {
			if r != replies[Games()[0]] {
				t.Errorf("in %s, /%s settings web:on says %q, /%s %q", lang, name, r, Games()[0], replies[Games()[0]])
			}
		}
	}
}
