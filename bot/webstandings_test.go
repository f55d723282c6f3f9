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
