package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/veletasbot/veletas/bot/games"
	"github.com/veletasbot/veletas/game"
	"github.com/veletasbot/veletas/internal/fakediscord"
	"github.com/veletasbot/veletas/web"
)

// headerIdentity signs in the user that the X-Test-User header names,
// with the CSRF token "csrf-" and the user's ID.
type headerIdentity struct{}

func (headerIdentity) Viewer(r *http.Request) (web.Viewer, bool) {
	u := r.Header.Get("X-Test-User")
	return web.Viewer{UserID: u}, u != ""
}

func (headerIdentity) CheckCSRF(r *http.Request, v web.Viewer) error {
	if r.Header.Get(web.CSRFHeader) != "csrf-"+v.UserID {
		return web.ErrCSRF
	}
	return nil
}

// TestWebMoves: with a sign-in (Main.WebIdentity), a move sent to the
// web board's page is played by the bot and its card posted in the
// game's channel on the fake Discord; the same request again is refused
// as out of date, in the language asked, and posts nothing.
func TestWebMoves(t *testing.T) {
	fake := fakediscord.New()
	defer fake.Close()
	fake.CheckConformance(t)
	p := fake.NewPoster("")
	m, _, _ := newMain(map[string]string{"DISCORD_TOKEN": token, "DISCORD_API_URL": fake.URL(),
		"DISCORD_PUBLIC_KEY": p.PublicKey(), "VELETAS_HTTP": "127.0.0.1:0"})
	m.BotConfig.RateBurst = -1
	m.WebIdentity = headerIdentity{}
	if err := m.ParseFlags(context.Background(), []string{"-db", filepath.Join(t.TempDir(), "bot.db"), "-guild", "900",
		"-public-url", "https://board.example.org"}); err != nil {
		t.Fatal(err)
	}
	if err := m.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	<-fake.Commands
	base := "http://" + m.HTTP.Addr().String()
	p.URL = base + "/interactions"
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
	ch := post(fakediscord.Command("3001", "900", "chan1", alice, fakediscord.NoThreads, "challenge",
		[]fakediscord.Option{fakediscord.UserOpt("opponent", bob.ID), fakediscord.Str("size", "7")}, bob))
	var accept string
	for _, b := range ch.Buttons {
		if b.Label == "Accept" {
			accept = b.CustomID
		}
	}
	post(fakediscord.Press("3002", "900", "chan1", bob, fakediscord.NoThreads, ch.ID, accept))
	g, err := m.DB.ActiveGame(t.Context(), "900", "chan1")
	if err != nil {
		t.Fatal(err)
	}
	rules, _ := games.Registry().Get(g.Kind)
	pk := rules.(game.Pickable)
	var chosen []string
	var st game.Step
	for {
		if st, err = pk.Pick(g.State(), chosen); err != nil {
			t.Fatal(err)
		}
		if st.Done() {
			break
		}
		chosen = append(chosen, st.Options[len(st.Options)/2].Value)
	}
	act := func() (int, string) {
		body := fmt.Sprintf(`{"rev":%d,"action":%q}`, g.Revision, st.Action)
		req, _ := http.NewRequest("POST", base+m.Web.Path(g.ID)+"/act", strings.NewReader(body))
		req.Header.Set("X-Test-User", g.ToAct())
		req.Header.Set(web.CSRFHeader, "csrf-"+g.ToAct())
		req.Header.Set("Accept-Language", "fr-CH, fr;q=0.9, en;q=0.8")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	if code, body := act(); code != http.StatusOK {
		t.Fatalf("the move %q: %d %s", st.Action, code, body)
	}
	card, err := fake.NextPost("chan1", 10*time.Second)
	if err != nil || len(card.Files) != 1 || !strings.Contains(card.Text(), "<@"+g.Opponent(g.ToAct())+">") {
		t.Fatalf("the card of the move: %+v %v", card, err)
	}
	after, err := m.DB.ActiveGame(t.Context(), "900", "chan1")
	if err != nil || after.Revision != g.Revision+1 {
		t.Fatalf("after the move: %d %v", after.Revision, err)
	}
	code, body := act()
	var r struct{ Error, Code string }
	if err := json.Unmarshal([]byte(body), &r); code != http.StatusConflict || err != nil || r.Code != "stale" || !strings.Contains(r.Error, "Cette page n'est plus à jour") {
		t.Fatalf("the same move again: %d %s", code, body)
	}
	if again, _ := m.DB.ActiveGame(t.Context(), "900", "chan1"); again.Revision != after.Revision {
		t.Fatalf("the stale move changed the game: %d", again.Revision)
	}
	if msg, ok := fake.PollPost("chan1"); ok {
		t.Fatalf("a card after the stale move: %+v", msg)
	}
	// The pages read the game's words from the bot (webWording): its
	// picker's prompt and its colours in the page's language.
	getJSON := func(path string, v any) {
		t.Helper()
		req, _ := http.NewRequest("GET", base+m.Web.Path(g.ID)+path, nil)
		req.Header.Set("X-Test-User", after.ToAct())
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		if err := json.NewDecoder(resp.Body).Decode(v); err != nil || resp.StatusCode != http.StatusOK {
			t.Fatalf("GET %s: %d %v", path, resp.StatusCode, err)
		}
	}
	var step web.Step
	getJSON(fmt.Sprintf("/pick?rev=%d&lang=fr", after.Revision), &step)
	if want, ok := m.Bot.GameText(g.Kind, "fr", "pick.step."+step.Key); !ok || step.Prompt != want {
		t.Errorf("the page's step %q prompts %q, want the bot's French %q", step.Key, step.Prompt, want)
	}
	var state web.State
	getJSON("/state?lang=ja", &state)
	if want, _ := m.Bot.GameText(g.Kind, "ja", "color.black"); state.Words == nil || state.Words.Colors[0] != want && state.Words.Colors[1] != want {
		t.Errorf("the page's words in Japanese: %+v, want a colour %q", state.Words, want)
	}
}
