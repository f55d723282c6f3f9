package main

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/veletasbot/veletas/internal/fakediscord"
)

const (
	clientID     = "100000000000000001"
	clientSecret = "oauth-client-secret-value-0123456789"
)

// TestSignInFlags: sign-in's flags are refused, with what to give, when
// they cannot work.
func TestSignInFlags(t *testing.T) {
	for _, c := range []struct {
		name string
		env  map[string]string
		args []string
		want error
		text string
	}{
		{"no public URL", map[string]string{"DISCORD_CLIENT_ID": clientID, "DISCORD_CLIENT_SECRET": clientSecret}, []string{"-http", "127.0.0.1:0"}, ErrSignInNoPublicURL, "/auth/callback"},
		{"not an ID", map[string]string{"DISCORD_CLIENT_SECRET": clientSecret}, []string{"-http", "127.0.0.1:0", "-public-url", "https://b.example", "-client-id", "abc"}, ErrClientID, "-client-id"},
		{"no secret", nil, []string{"-http", "127.0.0.1:0", "-public-url", "https://b.example", "-client-id", clientID}, ErrClientSecret, "-client-secret-file"},
		{"plain http", map[string]string{"DISCORD_CLIENT_ID": clientID, "DISCORD_CLIENT_SECRET": clientSecret}, []string{"-http", "127.0.0.1:0", "-public-url", "http://b.example"}, ErrSignInHTTP, "https"},
		{"secret without ID", map[string]string{"DISCORD_CLIENT_SECRET": clientSecret}, []string{"-http", "127.0.0.1:0"}, nil, "-client-id"},
		{"activity without client ID", nil, []string{"-http", "127.0.0.1:0", "-public-url", "https://b.example", "-activity"}, ErrActivityNoClientID, "-client-id"},
		{"bad proxies", nil, []string{"-http", "127.0.0.1:0", "-trusted-proxies", "10.0.0.0/8,proxy.local"}, nil, "-trusted-proxies"},
	} {
		t.Run(c.name, func(t *testing.T) {
			env := map[string]string{"DISCORD_PUBLIC_KEY": strings.Repeat("ab", 32)}
			for k, v := range c.env {
				env[k] = v
			}
			m, _, _ := newMain(env)
			err := m.ParseFlags(context.Background(), append([]string{"-db", filepath.Join(t.TempDir(), "x.db")}, c.args...))
			if err == nil || (c.want != nil && !errors.Is(err, c.want)) || !strings.Contains(err.Error(), c.text) {
				t.Fatalf("ParseFlags = %v, want %v naming %q", err, c.want, c.text)
			}
			if strings.Contains(err.Error(), clientSecret) {
				t.Errorf("the secret is in the error %q", err)
			}
		})
	}
	m, _, _ := newMain(map[string]string{"DISCORD_PUBLIC_KEY": strings.Repeat("ab", 32), "VELETAS_TRUSTED_PROXIES": "10.0.0.0/8, ::1"})
	if err := m.ParseFlags(context.Background(), []string{"-db", filepath.Join(t.TempDir(), "x.db"), "-http", "127.0.0.1:0"}); err != nil {
		t.Fatal(err)
	}
	if got := m.SignIn.TrustedProxies; len(got) != 2 || got[0].String() != "10.0.0.0/8" || got[1].String() != "::1/128" {
		t.Errorf("trusted proxies %v", got)
	}
}

// TestSignInSecretFile: a missing or empty secret file, or the secret
// itself in its place, stops the bot with a one-line error that never
// shows the secret, before the database is made.
func TestSignInSecretFile(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty")
	if err := os.WriteFile(empty, []byte("\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, file string
		want       []string
	}{
		{"missing", filepath.Join(dir, "no-such-file"), []string{"no-such-file", "client secret"}},
		{"empty", empty, []string{"is empty", "Reset Secret"}},
		{"the secret itself", clientSecret, []string{"not shown", "put it in a file"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			m, _, logs := newMain(map[string]string{"DISCORD_TOKEN": token, "DISCORD_PUBLIC_KEY": strings.Repeat("ab", 32),
				"DISCORD_CLIENT_ID": clientID, "DISCORD_CLIENT_SECRET_FILE": c.file})
			db := filepath.Join(t.TempDir(), "x.db")
			if err := m.ParseFlags(context.Background(), []string{"-db", db, "-http", "127.0.0.1:0", "-public-url", "https://b.example"}); err != nil {
				t.Fatal(err)
			}
			err := m.Run(context.Background())
			m.Close()
			if !errors.Is(err, ErrClientSecret) {
				t.Fatalf("Run = %v, want ErrClientSecret", err)
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q lacks %q", err, w)
				}
			}
			if strings.Contains(err.Error(), "\n") || strings.Contains(err.Error()+logs.String(), clientSecret) {
				t.Errorf("error of several lines or showing the secret: %q", err)
			}
			if _, err := os.Stat(db); err == nil {
				t.Error("the database was made")
			}
		})
	}
}

// TestSignInRun runs the bot (HTTP mode, the web board on its listener,
// the client secret in a file) against the fake Discord, whose OAuth2
// endpoints stand in for Discord's, signs alice in and sees her on the
// game's page, and checks that no output of the run holds the client
// secret, the token or the session.
func TestSignInRun(t *testing.T) {
	fake := fakediscord.New()
	defer fake.Close()
	fake.CheckConformance(t)
	p := fake.NewPoster("")
	dir := t.TempDir()
	secretFile := filepath.Join(dir, "client-secret")
	if err := os.WriteFile(secretFile, []byte(clientSecret+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	const public = "https://board.example.org"
	fake.SetOAuthApp(fakediscord.OAuthApp{ClientID: clientID, ClientSecret: clientSecret, Redirects: []string{public + "/auth/callback"}})
	fake.SignInAs(fakediscord.OAuthUser{ID: alice.ID, Username: "alice", GlobalName: "Alice A."})
	m, out, logs := newMain(map[string]string{"DISCORD_TOKEN": token, "DISCORD_API_URL": fake.URL(),
		"DISCORD_PUBLIC_KEY": p.PublicKey(), "VELETAS_HTTP": "127.0.0.1:0", "DISCORD_CLIENT_SECRET_FILE": secretFile})
	if err := m.ParseFlags(context.Background(), []string{"-db", filepath.Join(dir, "bot.db"), "-public-url", public,
		"-client-id", clientID, "-log-level", "debug"}); err != nil {
		t.Fatal(err)
	}
	if err := m.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	<-fake.Commands
	base := "http://" + m.HTTP.Addr().String()
	c := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	do := func(u string, cookie string) *http.Response {
		t.Helper()
		req, _ := http.NewRequest(http.MethodGet, u, nil)
		if cookie != "" {
			req.Header.Set("Cookie", cookie)
		}
		resp, err := c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return resp
	}
	// The public URL is https behind a proxy: the test speaks to the
	// listener in its place, carrying the cookies by hand.
	login := do(base+"/auth/login?next=/", "")
	authz, _ := url.Parse(login.Header.Get("Location"))
	if !strings.HasPrefix(authz.String(), fake.URL()+"/oauth2/authorize?") || authz.Query().Get("redirect_uri") != public+"/auth/callback" {
		t.Fatalf("login redirects to %s", authz)
	}
	state := cookieOf(t, login, "__Host-veletas_signin")
	back, _ := url.Parse(do(authz.String(), "").Header.Get("Location"))
	if !strings.HasPrefix(back.String(), public+"/auth/callback?") {
		t.Fatalf("the fake sent back to %s", back)
	}
	cb := do(base+back.Path+"?"+back.RawQuery, "__Host-veletas_signin="+state)
	if cb.StatusCode != http.StatusSeeOther || cb.Header.Get("Location") != "/" {
		t.Fatalf("callback: %d to %q", cb.StatusCode, cb.Header.Get("Location"))
	}
	session := cookieOf(t, cb, "__Host-veletas_session")
	req, _ := http.NewRequest(http.MethodGet, base+"/auth/me", nil)
	req.Header.Set("Cookie", "__Host-veletas_session="+session)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(b), `"id":"`+alice.ID+`","name":"Alice A."`) {
		t.Fatalf("/auth/me: %s", b)
	}
	if calls := fake.TokenCalls(); len(calls) != 1 || !calls[0].Accepted {
		t.Errorf("token calls %+v", calls)
	}
	if err := m.Close(); err != nil {
		t.Fatal(err)
	}
	all := out.String() + logs.String()
	for what, secret := range map[string]string{"client secret": clientSecret, "token": token, "session": session, "public key": p.PublicKey()} {
		if strings.Contains(all, secret) {
			t.Errorf("the %s is in the output", what)
		}
	}
}

// cookieOf is the value of the cookie name that resp sets, checked to be
// HttpOnly, Secure and SameSite=Lax.
func cookieOf(t *testing.T, resp *http.Response, name string) string {
	t.Helper()
	for _, c := range resp.Cookies() {
		if c.Name == name && c.Value != "" {
			if !c.HttpOnly || !c.Secure || c.SameSite != http.SameSiteLaxMode || c.Path != "/" {
				t.Errorf("cookie %s: HttpOnly %v Secure %v SameSite %v Path %q", name, c.HttpOnly, c.Secure, c.SameSite, c.Path)
			}
			return c.Value
		}
	}
	t.Fatalf("no cookie %s in %v", name, resp.Header["Set-Cookie"])
	return ""
}
