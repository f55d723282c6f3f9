package main

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"github.com/veletasbot/veletas/internal/fakediscord"
)

// TestActivityRun: with -activity the bot registers the entry point
// command with its commands, and its web board does the Activity's
// handshake: a code exchanged at /api/token, a session at /api/session,
// and the channel's games once Discord (asked with the bot's token)
// shows the user in the instance. No secret reaches the output.
func TestActivityRun(t *testing.T) {
	fake := fakediscord.New()
	defer fake.Close()
	fake.CheckConformance(t)
	fake.EnableActivity()
	p := fake.NewPoster("")
	dir := t.TempDir()
	const public = "https://board.example.org"
	fake.SetOAuthApp(fakediscord.OAuthApp{ClientID: clientID, ClientSecret: clientSecret})
	user := fakediscord.OAuthUser{ID: alice.ID, Username: "alice", GlobalName: "Alice A."}
	m, out, logs := newMain(map[string]string{"DISCORD_TOKEN": token, "DISCORD_API_URL": fake.URL(),
		"DISCORD_PUBLIC_KEY": p.PublicKey(), "VELETAS_HTTP": "127.0.0.1:0", "DISCORD_CLIENT_SECRET": clientSecret,
		"VELETAS_ACTIVITY": "true"})
	if err := m.ParseFlags(context.Background(), []string{"-db", filepath.Join(dir, "bot.db"), "-public-url", public,
		"-client-id", clientID, "-log-level", "debug"}); err != nil {
		t.Fatal(err)
	}
	if err := m.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	var cmds []struct {
		Name string `json:"name"`
		Type int    `json:"type"`
	}
	if err := json.Unmarshal(<-fake.Commands, &cmds); err != nil {
		t.Fatal(err)
	}
	if len(cmds) == 0 || cmds[len(cmds)-1].Name != "launch" || cmds[len(cmds)-1].Type != 4 {
		t.Errorf("registered %+v, want the entry point command last", cmds)
	}
	base := "http://" + m.HTTP.Addr().String()
	call := func(method, path, body, bearer string, out any) int {
		t.Helper()
		req, _ := http.NewRequest(method, base+path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		if bearer != "" {
			req.Header.Set("Authorization", "Bearer "+bearer)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		if err := json.Unmarshal(b, out); err != nil {
			t.Fatalf("%s: %v: %s", path, err, b)
		}
		return resp.StatusCode
	}
	var tok struct {
		AccessToken string `json:"access_token"`
	}
	if st := call("POST", "/api/token", `{"code":"`+fake.ActivityCode(user)+`"}`, "", &tok); st != http.StatusOK || tok.AccessToken == "" {
		t.Fatalf("/api/token: %d", st)
	}
	var ses struct {
		Token string `json:"token"`
		User  struct{ ID string }
	}
	if st := call("POST", "/api/session", `{"access_token":"`+tok.AccessToken+`"}`, "", &ses); st != http.StatusOK || ses.User.ID != alice.ID {
		t.Fatalf("/api/session: %d %+v", st, ses.User)
	}
	const guild, channel = "300000000000000003", "300000000000000004"
	fake.SetActivityInstance(fakediscord.ActivityInstance{ID: "inst", Guild: guild, Channel: channel, Users: []string{alice.ID}})
	var games struct {
		Games []any `json:"games"`
	}
	q := url.Values{"guild": {guild}, "channel": {channel}, "instance": {"inst"}}
	if st := call("GET", "/api/activity/game?"+q.Encode(), "", ses.Token, &games); st != http.StatusOK || games.Games == nil || len(games.Games) != 0 {
		t.Errorf("the lookup of a channel without games: %d %+v", st, games)
	}
	if err := m.Close(); err != nil {
		t.Fatal(err)
	}
	all := out.String() + logs.String()
	for what, secret := range map[string]string{"client secret": clientSecret, "token": token, "access token": tok.AccessToken, "session": ses.Token} {
		if strings.Contains(all, secret) {
			t.Errorf("the %s is in the output", what)
		}
	}
}
