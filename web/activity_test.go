package web

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/veletasbot/veletas/internal/fakediscord"
	"github.com/veletasbot/veletas/store"
)

const testBotToken = "bot-token-do-not-log"

// The Activity's guild and channel (Discord IDs), and another guild.
const (
	actGuild   = "300000000000000003"
	actChannel = "300000000000000004"
	otherGuild = "300000000000000005"
)

var bob = fakediscord.OAuthUser{ID: "200000000000000003", Username: "bob"}

// lockedBuffer is a log's output, written by the server's goroutines.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// newActivityFixture is a sign-in fixture with the bot's token, whose
// logs go to the returned buffer, and a game between alice and bob in
// the Activity's channel.
func newActivityFixture(t *testing.T, opts ...func(*Options)) (*signinFixture, *lockedBuffer, store.Game) {
	t.Helper()
	logs := &lockedBuffer{}
	f := newSigninFixture(t, append([]func(*Options){func(o *Options) {
		o.OAuth.BotToken = testBotToken
		o.Logger = slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	}}, opts...)...)
	c, err := f.db.CreateChallenge(t.Context(), store.Challenge{Guild: actGuild, Channel: actChannel, Challenger: alice.ID, Opponent: bob.ID, Kind: f.games.Kinds()[0], MoveTime: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	g, err := f.db.AcceptChallenge(t.Context(), c.ID, bob.ID)
	if err != nil {
		t.Fatal(err)
	}
	g = f.play(t, g, 3, 1)
	return f, logs, g
}

// call makes a request to the fixture's server and decodes its JSON.
func (f *signinFixture) call(t *testing.T, method, path, ctype, body, bearerToken string, out any) int {
	t.Helper()
	req, err := http.NewRequest(method, f.http.URL+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	if bearerToken != "" {
		req.Header.Set("Authorization", "Bearer "+bearerToken)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if out != nil {
		if err := json.Unmarshal(b, out); err != nil {
			t.Fatalf("%s %s: %d %v: %s", method, path, resp.StatusCode, err, b)
		}
	}
	return resp.StatusCode
}

type apiErr struct {
	Error string `json:"error"`
}

// activitySignIn does the Activity's handshake as its page does, with a
// code the SDK's authorize would give u, and returns the session.
func (f *signinFixture) activitySignIn(t *testing.T, u fakediscord.OAuthUser) SessionResponse {
	t.Helper()
	var tr TokenResponse
	if st := f.call(t, "POST", "/api/token", "application/json", `{"code":"`+f.fake.ActivityCode(u)+`"}`, "", &tr); st != http.StatusOK || tr.AccessToken == "" {
		t.Fatalf("/api/token: %d %+v", st, tr)
	}
	var sr SessionResponse
	if st := f.call(t, "POST", "/api/session", "application/json", `{"access_token":"`+tr.AccessToken+`"}`, "", &sr); st != http.StatusOK {
		t.Fatalf("/api/session: %d", st)
	}
	return sr
}

func TestActivityTokenAndSession(t *testing.T) {
	f, logs, _ := newActivityFixture(t)
	f.fake.CheckConformance(t)
	code := f.fake.ActivityCode(alice)
	var tr TokenResponse
	if st := f.call(t, "POST", "/api/token", "application/json", `{"code":"`+code+`"}`, "", &tr); st != http.StatusOK || tr.AccessToken == "" {
		t.Fatalf("/api/token with a good code: %d %+v", st, tr)
	}
	calls := f.fake.TokenCalls()
	if len(calls) != 1 || !calls[0].Accepted || calls[0].Code != code {
		t.Fatalf("the token endpoint saw %+v", calls)
	}
	// The code serves once.
	var e apiErr
	if st := f.call(t, "POST", "/api/token", "application/json", `{"code":"`+code+`"}`, "", &e); st != http.StatusForbidden || !strings.Contains(e.Error, "Discord refused the code") {
		t.Errorf("/api/token with a used code: %d %q", st, e.Error)
	}
	if st := f.call(t, "POST", "/api/token", "application/json", `{"code":"code-made-up"}`, "", &e); st != http.StatusForbidden {
		t.Errorf("/api/token with a made-up code: %d %q", st, e.Error)
	}

	var sr SessionResponse
	if st := f.call(t, "POST", "/api/session", "application/json", `{"access_token":"`+tr.AccessToken+`"}`, "", &sr); st != http.StatusOK {
		t.Fatalf("/api/session: %d", st)
	}
	if sr.User.ID != alice.ID || sr.User.Name != "Alice Liddell" || sr.Token == "" || sr.CSRF == "" ||
		!strings.HasPrefix(sr.User.Avatar, "https://cdn.discordapp.com/avatars/"+alice.ID+"/") {
		t.Fatalf("/api/session answered %+v", sr)
	}
	// The session serves as a bearer token, with its CSRF token.
	var me Me
	if st := f.call(t, "GET", "/auth/me", "", "", sr.Token, &me); st != http.StatusOK || !me.SignedIn || me.User.ID != alice.ID || me.CSRF != sr.CSRF {
		t.Errorf("/auth/me with the Activity's bearer: %d %+v", st, me)
	}
	if st := f.call(t, "POST", "/api/session", "application/json", `{"access_token":"at-forged"}`, "", &e); st != http.StatusForbidden || !strings.Contains(e.Error, "Discord did not tell who you are") {
		t.Errorf("/api/session with a forged token: %d %q", st, e.Error)
	}

	// Bad requests change nothing and say what to send.
	for _, c := range []struct{ path, ctype, body, want string }{
		{"/api/token", "application/json", `not json`, `Send {"code"`},
		{"/api/token", "application/json", `{"code": 12}`, `Send {"code"`},
		{"/api/token", "application/json", `{"code":"a","extra":1}`, `unknown field`},
		{"/api/token", "application/json", `{"code":"a"} {"code":"b"}`, `more than one`},
		{"/api/token", "text/plain", `{"code":"a"}`, `Content-Type application/json`},
		{"/api/token", "application/json", `{"code":""}`, `The code is missing`},
		{"/api/token", "application/json", `{"code":"` + strings.Repeat("x", 300) + `"}`, `too long`},
		{"/api/token", "application/json", `{"code":"` + strings.Repeat("x", 5000) + `"}`, `Send {"code"`},
		{"/api/session", "application/json", `[]`, `Send {"access_token"`},
		{"/api/session", "application/json", `{}`, `The access token is missing`},
	} {
		var e apiErr
		if st := f.call(t, "POST", c.path, c.ctype, c.body, "", &e); st != http.StatusBadRequest || !strings.Contains(e.Error, c.want) {
			t.Errorf("%s %.40q: %d %q, want 400 saying %q", c.path, c.body, st, e.Error, c.want)
		}
	}
	if n := len(f.fake.TokenCalls()); n != 3 {
		t.Errorf("%d calls to the token endpoint, want 3 (bad requests make none)", n)
	}
	// No code, token or secret in the logs.
	out := logs.String()
	if !strings.Contains(out, "refused") {
		t.Errorf("the refusals are not logged: %q", out)
	}
	for _, secret := range []string{code, tr.AccessToken, sr.Token, sr.CSRF, testClientSecret, testBotToken, "code-made-up", "at-forged"} {
		if strings.Contains(out, secret) {
			t.Errorf("the logs hold a secret %q:\n%s", secret, out)
		}
	}
}

func TestActivityOff(t *testing.T) {
	// A client ID without a secret: the token endpoint cannot work.
	f, _, _ := newActivityFixture(t, func(o *Options) { o.OAuth.ClientSecret = "" })
	var e apiErr
	if st := f.call(t, "POST", "/api/token", "application/json", `{"code":"`+f.fake.ActivityCode(alice)+`"}`, "", &e); st != http.StatusNotFound || !strings.Contains(e.Error, "client secret") {
		t.Errorf("/api/token without a secret: %d %q", st, e.Error)
	}
	if n := len(f.fake.TokenCalls()); n != 0 {
		t.Errorf("%d calls to the token endpoint without a secret", n)
	}
	// Without the bot's token, no game lookup.
	f2, _, _ := newActivityFixture(t, func(o *Options) { o.OAuth.BotToken = "" })
	sr := f2.activitySignIn(t, alice)
	f2.fake.SetActivityInstance(fakediscord.ActivityInstance{ID: "inst", Guild: actGuild, Channel: actChannel, Users: []string{alice.ID}})
	if st := f2.call(t, "GET", "/api/activity/game?"+url.Values{"guild": {actGuild}, "channel": {actChannel}, "instance": {"inst"}}.Encode(), "", "", sr.Token, &e); st != http.StatusForbidden {
		t.Errorf("a lookup without the bot's token: %d %q", st, e.Error)
	}
}

func TestActivityRateLimit(t *testing.T) {
	f, _, _ := newActivityFixture(t, func(o *Options) {
		o.SignInBurst = 2
		o.SignInInterval = time.Hour
	})
	for i, want := range []int{http.StatusBadRequest, http.StatusBadRequest, http.StatusTooManyRequests} {
		if st := f.call(t, "POST", "/api/token", "application/json", `{}`, "", nil); st != want {
			t.Errorf("request %d: %d, want %d", i+1, st, want)
		}
	}
	if st := f.call(t, "POST", "/api/session", "application/json", `{}`, "", nil); st != http.StatusTooManyRequests {
		t.Errorf("/api/session past the limit: %d, want 429 (one bucket)", st)
	}
	if n := len(f.fake.TokenCalls()); n != 0 {
		t.Errorf("%d calls to the token endpoint", n)
	}
}

func TestActivityGameLookup(t *testing.T) {
	f, _, g := newActivityFixture(t)
	f.fake.CheckConformance(t)
	alices := f.activitySignIn(t, alice)
	bobs := f.activitySignIn(t, bob)
	f.fake.SetActivityInstance(fakediscord.ActivityInstance{ID: "inst-1", Guild: actGuild, Channel: actChannel, Users: []string{alice.ID}})
	f.fake.SetActivityInstance(fakediscord.ActivityInstance{ID: "inst-other", Guild: otherGuild, Channel: actChannel, Users: []string{alice.ID}})
	lookup := func(session, guild, channel, inst string, out any) int {
		t.Helper()
		return f.call(t, "GET", "/api/activity/game?"+url.Values{"guild": {guild}, "channel": {channel}, "instance": {inst}}.Encode(), "", "", session, out)
	}
	var got ActivityGames
	if st := lookup(alices.Token, actGuild, actChannel, "inst-1", &got); st != http.StatusOK {
		t.Fatalf("lookup: %d", st)
	}
	want := ActivityGame{Path: f.srv.Path(g.ID), Title: kindTitle(g.Kind), Players: g.Players}
	if len(got.Games) != 1 || got.Games[0] != want {
		t.Fatalf("lookup: %+v, want %+v", got.Games, want)
	}
	// The path is the game's page.
	if resp, _ := fetchPage(t, http.DefaultClient, f.http.URL+got.Games[0].Path+"/state"); resp.StatusCode != http.StatusOK {
		t.Errorf("the game's state: %d", resp.StatusCode)
	}
	// The same channel ID in another guild has no game.
	got = ActivityGames{}
	if st := lookup(alices.Token, otherGuild, actChannel, "inst-other", &got); st != http.StatusOK || len(got.Games) != 0 {
		t.Errorf("another guild's channel: %d %+v, want no game", st, got)
	}
	var e apiErr
	for name, c := range map[string]struct {
		session, guild, channel, inst string
		status                        int
	}{
		"signed out":                    {"", actGuild, actChannel, "inst-1", http.StatusUnauthorized},
		"bad session":                   {"s1.forged", actGuild, actChannel, "inst-1", http.StatusUnauthorized},
		"not in the instance":           {bobs.Token, actGuild, actChannel, "inst-1", http.StatusForbidden},
		"the instance is elsewhere":     {alices.Token, actGuild, actChannel, "inst-other", http.StatusForbidden},
		"another guild named":           {alices.Token, otherGuild, actChannel, "inst-1", http.StatusForbidden},
		"no such instance":              {alices.Token, actGuild, actChannel, "inst-gone", http.StatusForbidden},
		"no instance":                   {alices.Token, actGuild, actChannel, "", http.StatusBadRequest},
		"a channel that is not a an ID": {alices.Token, actGuild, "general", "inst-1", http.StatusBadRequest},
		"no guild (a DM)":               {alices.Token, "", actChannel, "inst-1", http.StatusBadRequest},
	} {
		e = apiErr{}
		if st := lookup(c.session, c.guild, c.channel, c.inst, &e); st != c.status || e.Error == "" {
			t.Errorf("%s: %d %q, want %d with a reason", name, st, e.Error, c.status)
		}
	}
	// Once the game is over, the channel's last game is shown.
	if _, err := f.db.Resign(t.Context(), actGuild, actChannel, alice.ID); err != nil {
		t.Fatal(err)
	}
	got = ActivityGames{}
	if st := lookup(alices.Token, actGuild, actChannel, "inst-1", &got); st != http.StatusOK || len(got.Games) != 1 || !got.Games[0].Over || got.Games[0].Path != want.Path {
		t.Errorf("after the game: %d %+v", st, got)
	}
}

func TestActivityPage(t *testing.T) {
	f, _, _ := newActivityFixture(t)
	for _, path := range []string{"/", "/activity", "/?frame_id=f&instance_id=i&platform=desktop"} {
		resp, body := fetchPage(t, http.DefaultClient, f.http.URL+path)
		if resp.StatusCode != http.StatusOK || !strings.Contains(body, `data-client-id="`+testClientID+`"`) ||
			!strings.Contains(body, `/assets/`+assetNames.ActivityJS) || !strings.Contains(body, `id="board"`) {
			t.Errorf("%s: %d\n%s", path, resp.StatusCode, body)
		}
		if csp := resp.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "frame-ancestors 'self' https://discord.com https://*.discordsays.com") {
			t.Errorf("%s: CSP %q", path, csp)
		}
	}
	// Without a client ID, there is no Activity.
	off := newFixture(t, nil)
	for _, path := range []string{"/", "/activity"} {
		if w := get(t, off.srv, path); w.Code != http.StatusNotFound {
			t.Errorf("%s without a client ID: %d", path, w.Code)
		}
	}
	resp, body := fetchPage(t, http.DefaultClient, f.http.URL+"/assets/"+assetNames.ActivityJS)
	if resp.StatusCode != http.StatusOK || !strings.Contains(body, "/api/activity/game") {
		t.Errorf("the Activity's script: %d", resp.StatusCode)
	}
}

// TestActivityFirstLoad: the Activity's first load (its page, style
// sheet and script) is under 100 KB as sent gzipped, and the gzipped
// assets are the committed ones.
func TestActivityFirstLoad(t *testing.T) {
	f, _, _ := newActivityFixture(t)
	total := 0
	for _, path := range []string{"/", "/assets/" + assetNames.CSS, "/assets/" + assetNames.ActivityJS} {
		req := httptest.NewRequest(http.MethodGet, path, nil)
		req.Header.Set("Accept-Encoding", "br, gzip;q=0.8")
		w := httptest.NewRecorder()
		f.srv.ServeHTTP(w, req)
		n := w.Body.Len()
		if path != "/" {
			if w.Header().Get("Content-Encoding") != "gzip" || w.Header().Get("Vary") != "Accept-Encoding" {
				t.Fatalf("%s: not gzipped: %v", path, w.Header())
			}
			z, err := gzip.NewReader(w.Body)
			if err != nil {
				t.Fatal(err)
			}
			plain, err := io.ReadAll(z)
			if err != nil {
				t.Fatal(err)
			}
			want, _ := assetFS.ReadFile("assets/" + strings.SplitN(path[len("/assets/"):], ".", 2)[0] + path[strings.LastIndex(path, "."):])
			if !bytes.Equal(plain, want) {
				t.Errorf("%s: the gzipped asset is not the committed one", path)
			}
		} else {
			var b bytes.Buffer
			z, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
			z.Write(w.Body.Bytes())
			z.Close()
			n = b.Len() // the page is small: counted as a proxy would send it
		}
		t.Logf("%s: %d bytes gzipped", path, n)
		total += n
	}
	if total >= 100<<10 {
		t.Errorf("the Activity's first load is %d bytes gzipped, over 100 KB", total)
	}
	// Without gzip in Accept-Encoding (or refused), the plain asset.
	for _, ae := range []string{"", "br", "gzip;q=0", "identity, gzip ; q=0.0"} {
		req := httptest.NewRequest(http.MethodGet, "/assets/"+assetNames.JS, nil)
		req.Header.Set("Accept-Encoding", ae)
		w := httptest.NewRecorder()
		f.srv.ServeHTTP(w, req)
		want, _ := assetFS.ReadFile("assets/app.js")
		if w.Header().Get("Content-Encoding") != "" || !bytes.Equal(w.Body.Bytes(), want) {
			t.Errorf("Accept-Encoding %q: %v", ae, w.Header())
		}
	}
}

// TestActivityLimitsPerUser: the Activity's requests come through
// Discord's proxy, which hides the users' addresses: those with a bearer
// session are limited per user, so that one user past their limit does
// not stop another behind the same address; a request without a session
// is limited by its address still.
func TestActivityLimitsPerUser(t *testing.T) {
	f, _, _ := newActivityFixture(t, func(o *Options) {
		o.PageBurst = 2
		o.PageInterval = time.Hour
	})
	alices, bobs := f.activitySignIn(t, alice), f.activitySignIn(t, bob)
	f.fake.SetActivityInstance(fakediscord.ActivityInstance{ID: "inst-1", Guild: actGuild, Channel: actChannel, Users: []string{alice.ID, bob.ID}})
	lookup := func(session string) int {
		t.Helper()
		return f.call(t, "GET", "/api/activity/game?"+url.Values{"guild": {actGuild}, "channel": {actChannel}, "instance": {"inst-1"}}.Encode(), "", "", session, nil)
	}
	for i, want := range []int{http.StatusOK, http.StatusOK, http.StatusTooManyRequests} {
		if st := lookup(alices.Token); st != want {
			t.Errorf("alice's lookup %d: %d, want %d", i+1, st, want)
		}
	}
	if st := lookup(bobs.Token); st != http.StatusOK {
		t.Errorf("bob's lookup from the same address after alice's limit: %d, want 200", st)
	}
	for i, want := range []int{http.StatusUnauthorized, http.StatusUnauthorized, http.StatusTooManyRequests} {
		if st := lookup(""); st != want {
			t.Errorf("a lookup without a session %d: %d, want %d", i+1, st, want)
		}
	}
	if st := lookup("s1.forged"); st != http.StatusTooManyRequests {
		t.Errorf("a forged session's lookup: %d, want 429 (the address's bucket)", st)
	}
}
