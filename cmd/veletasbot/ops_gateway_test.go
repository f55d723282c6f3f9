package main

import (
	"bufio"
	"context"
	"encoding/json"
	"math/rand/v2"
	"net/http"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/veletasbot/veletas/internal/fakediscord"
)

// TestOpsGateway runs the bot in gateway mode with -metrics and -web on
// free ports against the fake Discord. It checks the admin listener
// serves /metrics (counting the interactions played), /healthz and
// /readyz, and the web listener the game's page; that a move played
// through the gateway reaches a page watching the game (the bot calls
// the web board's GameChanged: its event stream sends the new state);
// and that Close stops both listeners.
func TestOpsGateway(t *testing.T) {
	fake := fakediscord.New()
	defer fake.Close()
	fake.CheckConformance(t)
	dir := t.TempDir()
	m, _, _ := newMain(map[string]string{"DISCORD_TOKEN": token, "DISCORD_API_URL": fake.URL()})
	m.BotConfig.RateBurst = -1
	if err := m.ParseFlags(context.Background(), []string{"-db", filepath.Join(dir, "bot.db"), "-guild", "900",
		"-metrics", "127.0.0.1:0", "-web", "127.0.0.1:0"}); err != nil {
		t.Fatal(err)
	}
	if err := m.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	closed := false
	defer func() {
		if !closed {
			m.Close()
		}
	}()
	<-fake.Commands
	if m.listeners.admin == nil || m.listeners.web == nil {
		t.Fatalf("listeners: admin %v, web %v", m.listeners.admin, m.listeners.web)
	}
	admin := "http://" + m.listeners.admin.Addr().String()
	webBase := "http://" + m.listeners.web.Addr().String()

	// The first board draws the renderer's caches: slow under -race on
	// a busy machine. A deadline, not a pause.
	const wait = 30 * time.Second
	n := 3000
	send := func(in map[string]any) fakediscord.Message {
		t.Helper()
		if err := fake.Send(in); err != nil {
			t.Fatal(err)
		}
		msg, err := fake.Reply(in["id"].(string), wait)
		if err != nil {
			t.Fatal(err)
		}
		return msg
	}
	cmd := func(u fakediscord.User, sub string, opts ...fakediscord.Option) fakediscord.Message {
		t.Helper()
		n++
		return send(fakediscord.Command(strconv.Itoa(n), "900", "chan1", u, fakediscord.NoThreads, sub, opts, bob))
	}
	ch := cmd(alice, "challenge", fakediscord.UserOpt("opponent", bob.ID), fakediscord.Str("size", "7"))
	var accept string
	for _, b := range ch.Buttons {
		if b.Label == "Accept" {
			accept = b.CustomID
		}
	}
	n++
	send(fakediscord.Press(strconv.Itoa(n), "900", "chan1", bob, fakediscord.NoThreads, ch.ID, accept))
	if _, err := fake.Next(strconv.Itoa(n), wait); err != nil {
		t.Fatalf("no board after Accept: %v", err)
	}
	g, err := m.DB.ActiveGame(t.Context(), "900", "chan1")
	if err != nil {
		t.Fatal(err)
	}

	// The game's page on the web listener, and its event stream.
	page := webBase + m.Web.Path(g.ID)
	if code, body := get(t, page); code != http.StatusOK || !strings.Contains(body, "<html") {
		t.Fatalf("the game's page on -web: %d %.200s", code, body)
	}
	ctx, cancel := context.WithTimeout(t.Context(), 2*wait)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, page+"/events", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("events: %d", resp.StatusCode)
	}
	lines := make(chan string, 64)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			lines <- sc.Text()
		}
	}()
	// The stream's first line comes once the page watches the game.
	if l, ok := <-lines; !ok || !strings.HasPrefix(l, "retry:") {
		t.Fatalf("the stream's first line %q", l)
	}

	// A move through the gateway: its new state reaches the page.
	pos := vstate(g).Position()
	sub, opts := fakediscord.VeletasCommand(pos.RandomSetup(rand.New(rand.NewPCG(3, 4))))
	if r := cmd(alice, sub, opts...); r.Ephemeral() {
		t.Fatalf("alice's setup refused: %s", r.Text())
	}
	after, err := m.DB.ActiveGame(t.Context(), "900", "chan1")
	if err != nil || after.Revision <= g.Revision {
		t.Fatalf("the game after the setup: rev %d (before %d), %v", after.Revision, g.Revision, err)
	}
	event := ""
	for got := false; !got; {
		select {
		case l, ok := <-lines:
			if !ok {
				t.Fatalf("the stream ended before the move's state came (%v)", ctx.Err())
			}
			switch {
			case strings.HasPrefix(l, "event: "):
				event = strings.TrimPrefix(l, "event: ")
			case event == "state" && strings.HasPrefix(l, "data: "):
				var st struct {
					Revision int `json:"revision"`
				}
				if err := json.Unmarshal([]byte(strings.TrimPrefix(l, "data: ")), &st); err != nil {
					t.Fatalf("a state event: %v: %q", err, l)
				}
				got = st.Revision == after.Revision
			}
		case <-ctx.Done():
			t.Fatal("no state event after the move: the web board was not told of the change")
		}
	}

	// The admin listener. An interaction is counted when its handler
	// returns, after its reply reached the fake: the page is read again
	// until the three are counted (bounded), as the fake's next event
	// would.
	var code int
	var text string
	for deadline := time.Now().Add(wait); ; runtime.Gosched() {
		code, text = get(t, admin+"/metrics")
		if code != http.StatusOK || sum(text, `veletas_interactions_total{`, `type=`) >= 3 || time.Now().After(deadline) {
			break
		}
	}
	if code != http.StatusOK {
		t.Fatalf("/metrics: %d", code)
	}
	for series, want := range map[string]float64{
		`veletas_interactions_total{command="veletas challenge",outcome="answered",type="command"}`: 1,
		`veletas_interactions_total{command="accept",outcome="answered",type="button"}`:             1,
		`veletas_active_games{game="veletas"}`:                                                      1,
	} {
		if got, ok := sample(text, series); !ok || got != want {
			t.Errorf("%s = %v (present %v), want %v", series, got, ok, want)
		}
	}
	if got := sum(text, `veletas_interactions_total{`, `type=`); got != 3 {
		t.Errorf("interactions %v, want 3 (the challenge, the accept, the setup)\n%s", got, grepLines(text, "veletas_interactions_total"))
	}
	if !strings.Contains(text, `veletas_discord_requests_total{`) {
		t.Error("no Discord REST calls counted")
	}
	for _, p := range []string{"/healthz", "/readyz"} {
		if code, body := get(t, admin+p); code != http.StatusOK {
			t.Errorf("%s: %d %s", p, code, body)
		}
	}
	if code, _ := get(t, webBase+"/metrics"); code == http.StatusOK {
		t.Error("the web listener serves /metrics")
	}

	// Close stops both listeners (and ends the event stream).
	cancel()
	if err := m.Close(); err != nil {
		t.Fatal(err)
	}
	closed = true
	for _, u := range []string{admin + "/healthz", page} {
		if resp, err := http.Get(u); err == nil {
			resp.Body.Close()
			t.Errorf("%s still answers after Close: %d", u, resp.StatusCode)
		}
	}
}
