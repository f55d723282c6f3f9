package main

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/veletasbot/veletas/internal/fakediscord"
)

// TestOpsHTTP runs the bot in HTTP mode with every ops flag: -metrics on
// an admin listener, -metrics-on-http, -public-url (the web board on
// -http's listener), JSON logs at debug. It plays a challenge, a refused
// press, the accept and a refused command through the fake Discord, then
// checks: the game's card has the "Open board" link button whose page
// serves the game; /metrics (on both listeners) counts exactly those
// interactions and the store's commits; and no output of the whole run
// holds the token, the public key or the client secret (sign-in).
func TestOpsHTTP(t *testing.T) {
	fake := fakediscord.New()
	defer fake.Close()
	fake.CheckConformance(t)
	p := fake.NewPoster("")
	dir := t.TempDir()
	m, out, logs := newMain(map[string]string{"DISCORD_TOKEN": token, "DISCORD_API_URL": fake.URL(),
		"DISCORD_PUBLIC_KEY": p.PublicKey(), "VELETAS_HTTP": "127.0.0.1:0",
		"DISCORD_CLIENT_ID": clientID, "DISCORD_CLIENT_SECRET": clientSecret})
	m.BotConfig.RateBurst = -1
	const public = "https://board.example.org/veletas"
	if err := m.ParseFlags(context.Background(), []string{"-db", filepath.Join(dir, "bot.db"), "-guild", "900",
		"-metrics", "127.0.0.1:0", "-metrics-on-http", "-public-url", public + "/", "-log-format", "json", "-log-level", "debug"}); err != nil {
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
	base := "http://" + m.HTTP.Addr().String()
	admin := "http://" + m.listeners.admin.Addr().String()
	p.URL = base + "/interactions"
	n := 2000
	post := func(in map[string]any) fakediscord.Message {
		t.Helper()
		if _, err := p.Post(in); err != nil {
			t.Fatal(err)
		}
		msg, err := fake.Next(in["id"].(string), 10*time.Second)
		if err != nil {
			t.Fatal(err)
		}
		return msg
	}
	next := func() string { n++; return strconv.Itoa(n) }
	ch := post(fakediscord.Command(next(), "900", "chan1", alice, fakediscord.NoThreads, "challenge",
		[]fakediscord.Option{fakediscord.UserOpt("opponent", bob.ID), fakediscord.Str("size", "7")}, bob))
	var accept string
	for _, b := range ch.Buttons {
		if b.Label == "Accept" {
			accept = b.CustomID
		}
	}
	chID := ch.ID
	if chID == "" {
		chID = "m-" + strconv.Itoa(n)
	}
	// The challenge's message id is recorded once the answer was read
	// back, after the interaction was answered; an accept before that
	// would leave nothing to record (one commit fewer below).
	for deadline := time.Now().Add(10 * time.Second); ; runtime.Gosched() {
		cs, err := m.DB.Challenges(t.Context(), "900", "chan1")
		if err != nil {
			t.Fatal(err)
		}
		if len(cs) == 1 && cs[0].Message != "" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the challenge's message id was never recorded: %+v", cs)
		}
	}
	if r := post(fakediscord.Press(next(), "900", "chan1", carol, fakediscord.NoThreads, chID, accept)); !r.Ephemeral() {
		t.Fatalf("carol's press: %+v", r)
	}
	post(fakediscord.Press(next(), "900", "chan1", bob, fakediscord.NoThreads, chID, accept))
	// The card follows the press's answer; on a loaded machine the
	// press is deferred first, and the answer comes as an edit: the card
	// is the first message with buttons.
	var card fakediscord.Message
	for len(card.Buttons) == 0 {
		c, err := fake.Next(strconv.Itoa(n), 10*time.Second)
		if err != nil {
			t.Fatalf("no card after Accept: %v", err)
		}
		card = c
	}
	if r := post(fakediscord.Command(next(), "900", "chan1", bob, fakediscord.NoThreads, "setup",
		[]fakediscord.Option{fakediscord.Str("shooters", "c5"), fakediscord.Str("stone", "d2")})); !strings.Contains(r.Text(), "not your turn") {
		t.Fatalf("bob's setup: %+v", r)
	}

	// The card's link to the web board, and the page it opens.
	g, err := m.DB.ActiveGame(t.Context(), "900", "chan1")
	if err != nil {
		t.Fatal(err)
	}
	var link fakediscord.Button
	for _, b := range card.Buttons {
		if b.Style == 5 {
			link = b
		}
	}
	if link.Label != "Open board" || link.CustomID != "" || !strings.HasPrefix(link.URL, public+"/g/") {
		t.Fatalf("the card's link button: %+v (buttons %+v)", link, card.Buttons)
	}
	u, _ := url.Parse(link.URL)
	path := strings.TrimPrefix(u.Path, "/veletas") // a proxy strips the public URL's path
	if code, body := get(t, base+path); code != http.StatusOK || !strings.Contains(body, "<html") {
		t.Fatalf("the board's page: %d %.200s", code, body)
	}
	var st struct {
		Kind     string `json:"kind"`
		Revision int    `json:"revision"`
	}
	code, body := get(t, base+path+"/state")
	if err := json.Unmarshal([]byte(body), &st); code != http.StatusOK || err != nil || st.Kind != string(g.Kind) || st.Revision != g.Revision {
		t.Fatalf("the board's state: %d %s %v (the game: %s rev %d)", code, body, err, g.Kind, g.Revision)
	}

	// The metrics, on the admin listener and on -http's.
	for _, mu := range []string{admin + "/metrics", base + "/metrics"} {
		code, text := settledMetrics(t, mu)
		if code != http.StatusOK {
			t.Fatalf("%s: %d", mu, code)
		}
		want := map[string]float64{
			`veletas_interactions_total{command="veletas challenge",outcome="answered",type="command"}`: 1,
			`veletas_interactions_total{command="veletas setup",outcome="refused",type="command"}`:      1,
			`veletas_interactions_total{command="accept",outcome="answered",type="button"}`:             1,
			`veletas_interactions_total{command="accept",outcome="refused",type="button"}`:              1,
			`veletas_active_games{game="veletas"}`:                                                      1,
			`veletas_leader`:                                                                            1,
		}
		for k, v := range want {
			if got, ok := sample(text, k); !ok || got != v {
				t.Errorf("%s = %v (present %v), want %v", k, got, ok, v)
			}
		}
		// The store's commits: the sweeper's first sweep, at start,
		// purging the expired challenges (a transaction that commits
		// though it finds none), then the challenge, its message's id
		// (SetChallengeMessage, once its answer was read back) and the
		// accept. The refusals commit nothing.
		if got, ok := sample(text, `veletas_store_commits_total{backend="bolt"}`); !ok || got != 4 {
			t.Errorf("store commits %v (present %v), want 4: the first sweep's purge, the challenge, its message's id, the accept", got, ok)
		}
		if got := sum(text, `veletas_interactions_total{`, `type="button"`); got != 2 {
			t.Errorf("button interactions %v, want 2 (carol's refused press, bob's accept)\n%s", got, grepLines(text, "veletas_interactions_total"))
		}
		if got := sum(text, `veletas_interactions_total{`, `outcome="refused"`); got != 2 {
			t.Errorf("refused interactions %v, want 2\n%s", got, grepLines(text, "veletas_interactions_total"))
		}
		// The challenge, recording its message's id, and the accept.
		for _, name := range []string{"veletas_images_rendered_total", "veletas_build_info{", `veletas_discord_requests_total{method="POST"`,
			"veletas_interaction_first_response_seconds_count", "veletas_store_commit_duration_seconds_bucket", "go_goroutines"} {
			if !strings.Contains(text, name) {
				t.Errorf("%s missing", name)
			}
		}
		if strings.Contains(text, alice.ID) || strings.Contains(text, "chan1") || strings.Contains(text, token) {
			t.Errorf("an ID or the token in the metrics")
		}
	}
	if code, _ := get(t, admin+"/healthz"); code != http.StatusOK {
		t.Errorf("admin /healthz %d", code)
	}
	if code, _ := get(t, admin+"/readyz"); code != http.StatusOK {
		t.Errorf("admin /readyz %d", code)
	}
	if err := m.Close(); err != nil {
		t.Fatal(err)
	}
	closed = true

	// The logs: JSON lines, one per interaction with its latency, and no
	// secret anywhere in the run's output.
	all := out.String() + logs.String()
	answered := 0
	for _, line := range strings.Split(strings.TrimSpace(logs.String()), "\n") {
		var rec map[string]any
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatalf("not a JSON line: %q", line)
		}
		if rec["msg"] == "discord: interaction answered" {
			if _, ok := rec["ms"]; !ok {
				t.Errorf("no latency: %q", line)
			}
			answered++
		}
	}
	if answered != 4 {
		t.Errorf("%d lines of interactions answered, want 4", answered)
	}
	for what, secret := range map[string]string{"token": token, "token's secret part": "secret-token-value", "public key": p.PublicKey(),
		"client secret": clientSecret} {
		if strings.Contains(all, secret) {
			t.Errorf("the %s is in the output", what)
		}
	}
}

// settledMetrics reads the metrics at u once the four interactions of the
// test and the four commits it expects are all counted: an interaction
// is counted when its handler returns, which in HTTP mode is after its
// follow-up (the card) reached the fake Discord, and the sweeper's first
// purge runs on its own goroutine. It waits on that condition, up to
// 10 s, re-reading the page as the fake's next event would; the caller
// then checks the exact counts.
func settledMetrics(t *testing.T, u string) (int, string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		code, text := get(t, u)
		commits, _ := sample(text, `veletas_store_commits_total{backend="bolt"}`)
		if code != http.StatusOK || sum(text, `veletas_interactions_total{`, `type=`) >= 4 && commits >= 4 || time.Now().After(deadline) {
			return code, text
		}
		runtime.Gosched()
	}
}

func get(t *testing.T, u string) (int, string) {
	t.Helper()
	resp, err := http.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// sample is the value of the exposition line that starts with series
// (labels in Prometheus's sorted order).
func sample(text, series string) (float64, bool) {
	for _, l := range strings.Split(text, "\n") {
		if rest, ok := strings.CutPrefix(l, series+" "); ok {
			v, err := strconv.ParseFloat(strings.TrimSpace(rest), 64)
			return v, err == nil
		}
	}
	return 0, false
}

// sum adds the values of the lines starting with prefix and holding label.
func sum(text, prefix, label string) float64 {
	total := 0.0
	for _, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(l, prefix) && strings.Contains(l, label) {
			f := strings.Fields(l)
			v, _ := strconv.ParseFloat(f[len(f)-1], 64)
			total += v
		}
	}
	return total
}

func grepLines(text, s string) string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		if strings.Contains(l, s) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}
