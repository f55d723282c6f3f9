package web

import (
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/veletasbot/veletas/bot/games"
	"github.com/veletasbot/veletas/internal/fakediscord"
	"github.com/veletasbot/veletas/store"
)

const (
	testClientID     = "100000000000000001"
	testClientSecret = "test-client-secret-do-not-log"
)

var alice = fakediscord.OAuthUser{ID: "200000000000000002", Username: "alice", GlobalName: "Alice Liddell", Avatar: "a_0123456789abcdef0123456789abcdef"}

// signinFixture is a fixture whose Server signs in with a fake Discord,
// served over HTTP.
type signinFixture struct {
	*fixture
	fake *fakediscord.Server
	http *httptest.Server
}

func newSigninFixture(t *testing.T, opts ...func(*Options)) *signinFixture {
	t.Helper()
	fake := fakediscord.New()
	t.Cleanup(fake.Close)
	fake.SignInAs(alice)
	o := append([]func(*Options){func(o *Options) {
		o.OAuth = OAuth{ClientID: testClientID, ClientSecret: testClientSecret, APIURL: fake.URL()}
		o.SignInBurst = 1000
	}}, opts...)
	f := newFixture(t, nil, o...)
	hs := httptest.NewServer(f.srv)
	t.Cleanup(hs.Close)
	fake.SetOAuthApp(fakediscord.OAuthApp{ClientID: testClientID, ClientSecret: testClientSecret, Redirects: []string{hs.URL + "/auth/callback"}})
	return &signinFixture{fixture: f, fake: fake, http: hs}
}

// jarClient is an HTTP client with cookies that follows redirects.
func jarClient(t *testing.T) *http.Client {
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	return &http.Client{Jar: jar, Timeout: 10 * time.Second}
}

// noRedirects is c that stops at the first redirect.
func noRedirects(c *http.Client) *http.Client {
	n := *c
	n.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	return &n
}

func fetchPage(t *testing.T, c *http.Client, u string) (*http.Response, string) {
	t.Helper()
	resp, err := c.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	return resp, string(b)
}

func (f *signinFixture) me(t *testing.T, c *http.Client) Me {
	t.Helper()
	_, body := fetchPage(t, c, f.http.URL+"/auth/me")
	var m Me
	if err := json.Unmarshal([]byte(body), &m); err != nil {
		t.Fatalf("/auth/me: %v: %s", err, body)
	}
	return m
}

// signIn signs c in through the fake's authorize page from game page
// path, and returns the page it lands on.
func (f *signinFixture) signIn(t *testing.T, c *http.Client, path string) (*http.Response, string) {
	t.Helper()
	return fetchPage(t, c, f.http.URL+"/auth/login?next="+url.QueryEscape(path))
}

func TestSignIn(t *testing.T) {
	f := newSigninFixture(t)
	f.fake.CheckConformance(t)
	c := jarClient(t)
	path := f.srv.Path(f.anyGame().ID)
	_, before := fetchPage(t, c, f.http.URL+path)
	if !strings.Contains(before, `id="signin"`) || !strings.Contains(before, "/auth/login?next="+url.QueryEscape(path)) {
		t.Fatalf("a signed-out page has no sign-in link:\n%s", before)
	}
	resp, body := f.signIn(t, c, path)
	if resp.StatusCode != http.StatusOK || resp.Request.URL.Path != path {
		t.Fatalf("signing in ended at %s (%d), want %s", resp.Request.URL, resp.StatusCode, path)
	}
	if !strings.Contains(body, `<span id="me" class="me">Alice Liddell</span>`) || strings.Contains(body, `id="signin"`) {
		t.Fatalf("the page after signing in does not show the user:\n%s", body)
	}
	m := f.me(t, c)
	if !m.SignedIn || m.User.ID != alice.ID || m.User.Name != "Alice Liddell" || m.CSRF == "" ||
		m.User.Avatar != "https://cdn.discordapp.com/avatars/"+alice.ID+"/"+alice.Avatar+".png?size=64" {
		t.Fatalf("/auth/me = %+v", m)
	}
	if !strings.Contains(body, `<meta name="csrf-token" content="`+m.CSRF+`">`) {
		t.Errorf("the page has not the session's CSRF token %q", m.CSRF)
	}
	q := f.fake.Authorizations()[0]
	if q.Get("scope") != "identify" || q.Get("client_id") != testClientID || q.Get("redirect_uri") != f.http.URL+"/auth/callback" || len(q.Get("state")) < 32 {
		t.Errorf("the authorize request was %v", q)
	}
	// The cookie: HttpOnly, SameSite=Lax (and not Secure on plain http
	// loopback only).
	u, _ := url.Parse(f.http.URL)
	cs := c.Jar.Cookies(u)
	if len(cs) != 1 || cs[0].Name != sessionCookie {
		t.Fatalf("cookies %v, want the session's alone (the sign-in's cleared)", cs)
	}

	// Signing out needs the CSRF token; without it nothing changes.
	req, _ := http.NewRequest(http.MethodPost, f.http.URL+"/auth/logout", nil)
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden || !f.me(t, c).SignedIn {
		t.Fatalf("logout without the CSRF token: %d, still signed in %v; want 403 and signed in", resp.StatusCode, f.me(t, c).SignedIn)
	}
	req, _ = http.NewRequest(http.MethodPost, f.http.URL+"/auth/logout", nil)
	req.Header.Set(CSRFHeader, m.CSRF)
	req.Header.Set("Origin", f.http.URL)
	resp, err = c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNoContent || f.me(t, c).SignedIn {
		t.Fatalf("logout: %d, still signed in %v", resp.StatusCode, f.me(t, c).SignedIn)
	}
}

func TestSignInSecureCookies(t *testing.T) {
	f := newSigninFixture(t, func(o *Options) { o.PublicURL = "https://bot.example.org" })
	resp, _ := fetchPage(t, noRedirects(jarClient(t)), f.http.URL+"/auth/login?next=/g/x")
	sc := resp.Header.Get("Set-Cookie")
	for _, want := range []string{"__Host-" + stateCookie + "=", "Path=/", "HttpOnly", "Secure", "SameSite=Lax"} {
		if !strings.Contains(sc, want) {
			t.Errorf("Set-Cookie %q lacks %q", sc, want)
		}
	}
	loc, _ := url.Parse(resp.Header.Get("Location"))
	if got := loc.Query().Get("redirect_uri"); got != "https://bot.example.org/auth/callback" {
		t.Errorf("redirect_uri %q, want the public URL's", got)
	}
}

// authorize runs a sign-in up to Discord's redirect back, and returns
// the callback URL (not followed).
func (f *signinFixture) authorize(t *testing.T, c *http.Client) *url.URL {
	t.Helper()
	nr := noRedirects(c)
	resp, _ := fetchPage(t, nr, f.http.URL+"/auth/login?next=/")
	resp, _ = fetchPage(t, nr, resp.Header.Get("Location"))
	cb, err := url.Parse(resp.Header.Get("Location"))
	if err != nil || cb.Path != "/auth/callback" {
		t.Fatalf("the fake sent back to %q", resp.Header.Get("Location"))
	}
	return cb
}

func TestSignInRefusals(t *testing.T) {
	f := newSigninFixture(t)
	signedOut := func(t *testing.T, c *http.Client) {
		t.Helper()
		if m := f.me(t, c); m.SignedIn {
			t.Fatalf("signed in as %+v after a refused sign-in", m.User)
		}
	}
	t.Run("bad state", func(t *testing.T) {
		c := jarClient(t)
		cb := f.authorize(t, c)
		q := cb.Query()
		q.Set("state", strings.Repeat("A", len(q.Get("state"))))
		cb.RawQuery = q.Encode()
		resp, body := fetchPage(t, noRedirects(c), cb.String())
		if resp.StatusCode != http.StatusForbidden || !strings.Contains(body, "did not start in this browser") {
			t.Fatalf("bad state: %d %s", resp.StatusCode, body)
		}
		signedOut(t, c)
		if n := len(f.fake.TokenCalls()); n != 0 {
			t.Errorf("the code was exchanged (%d calls) despite the bad state", n)
		}
	})
	t.Run("no state cookie", func(t *testing.T) {
		cb := f.authorize(t, jarClient(t))
		c := jarClient(t) // another browser: the attacker's link in the victim's
		resp, _ := fetchPage(t, noRedirects(c), cb.String())
		if resp.StatusCode != http.StatusForbidden {
			t.Fatalf("a callback without the sign-in's cookie: %d", resp.StatusCode)
		}
		signedOut(t, c)
	})
	t.Run("state used twice", func(t *testing.T) {
		c := jarClient(t)
		cb := f.authorize(t, c)
		nr := noRedirects(c)
		// keep the state cookie to replay it
		u, _ := url.Parse(f.http.URL)
		saved := c.Jar.Cookies(u)
		resp, _ := fetchPage(t, nr, cb.String())
		if resp.StatusCode != http.StatusSeeOther {
			t.Fatalf("first callback: %d", resp.StatusCode)
		}
		c2 := jarClient(t)
		c2.Jar.SetCookies(u, saved)
		resp, _ = fetchPage(t, noRedirects(c2), cb.String())
		if resp.StatusCode != http.StatusForbidden {
			t.Fatalf("replayed callback: %d, want 403", resp.StatusCode)
		}
		signedOut(t, c2)
	})
	t.Run("reused code", func(t *testing.T) {
		c := jarClient(t)
		first := f.authorize(t, c)
		if resp, _ := fetchPage(t, noRedirects(c), first.String()); resp.StatusCode != http.StatusSeeOther {
			t.Fatalf("first callback: %d", resp.StatusCode)
		}
		// a new sign-in in another browser, fed the first one's code
		c2 := jarClient(t)
		second := f.authorize(t, c2)
		q := second.Query()
		q.Set("code", first.Query().Get("code"))
		second.RawQuery = q.Encode()
		resp, body := fetchPage(t, noRedirects(c2), second.String())
		if resp.StatusCode != http.StatusForbidden || !strings.Contains(body, "Discord refused the sign-in") {
			t.Fatalf("reused code: %d %s", resp.StatusCode, body)
		}
		signedOut(t, c2)
		calls := f.fake.TokenCalls()
		if last := calls[len(calls)-1]; last.Accepted || last.Error != "invalid_grant" {
			t.Errorf("the fake's last token call %+v, want invalid_grant", last)
		}
	})
	t.Run("denied", func(t *testing.T) {
		f := newSigninFixture(t)
		f.fake.DenySignIn()
		c := jarClient(t)
		resp, body := fetchPage(t, c, f.http.URL+"/auth/login?next=/")
		if resp.StatusCode != http.StatusForbidden || !strings.Contains(body, "did not approve") {
			t.Fatalf("denied: %d %s", resp.StatusCode, body)
		}
		signedOut(t, c)
	})
	t.Run("forged cookie", func(t *testing.T) {
		c := jarClient(t)
		f.signIn(t, c, "/")
		u, _ := url.Parse(f.http.URL)
		real := c.Jar.Cookies(u)[0].Value
		for _, forged := range []string{
			real[:len(real)-2] + "AA",
			sessionPrefix + "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
			"s2." + strings.TrimPrefix(real, sessionPrefix),
			"",
		} {
			c := jarClient(t)
			c.Jar.SetCookies(u, []*http.Cookie{{Name: sessionCookie, Value: forged}})
			signedOut(t, c)
		}
	})
	t.Run("wrong client secret", func(t *testing.T) {
		f := newSigninFixture(t, func(o *Options) { o.OAuth.ClientSecret = "wrong" })
		c := jarClient(t)
		resp, _ := fetchPage(t, c, f.http.URL+"/auth/login?next=/")
		if resp.StatusCode != http.StatusForbidden {
			t.Fatalf("wrong secret: %d", resp.StatusCode)
		}
		signedOut(t, c)
		if calls := f.fake.TokenCalls(); len(calls) != 1 || calls[0].Error != "invalid_client" {
			t.Errorf("token calls %+v", calls)
		}
	})
}

func TestSignInOff(t *testing.T) {
	f := newFixture(t, nil)
	hs := httptest.NewServer(f.srv)
	defer hs.Close()
	resp, _ := fetchPage(t, noRedirects(jarClient(t)), hs.URL+"/auth/login")
	if resp.StatusCode != http.StatusNotFound {
		t.Errorf("/auth/login without a client ID: %d", resp.StatusCode)
	}
	_, body := fetchPage(t, jarClient(t), hs.URL+f.srv.Path(f.anyGame().ID))
	if strings.Contains(body, `id="signin"`) {
		t.Error("the page offers a sign-in that is off")
	}
}

func TestSafeNext(t *testing.T) {
	for in, want := range map[string]string{
		"/g/abc":                           "/g/abc",
		"/g/abc?x=1#y":                     "/g/abc?x=1#y",
		"":                                 "/",
		"g/abc":                            "/",
		"//evil.example":                   "/",
		"/\\evil.example":                  "/",
		"/\\/evil.example":                 "/",
		"https://evil.example/":            "/",
		"javascript:alert(1)":              "/",
		"/%0d%0aSet-Cookie:x":              "/%0d%0aSet-Cookie:x",
		"/a\r\nLocation: //evil":           "/",
		"/a\\b":                            "/",
		"\t//evil.example":                 "/",
		"/" + strings.Repeat("a", maxNext): "/",
	} {
		if got := safeNext(in); got != want {
			t.Errorf("safeNext(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestOpenRedirectRefused(t *testing.T) {
	f := newSigninFixture(t)
	for _, next := range []string{"//evil.example/x", "https://evil.example/", "/\\evil.example"} {
		c := jarClient(t)
		resp, _ := fetchPage(t, c, f.http.URL+"/auth/login?next="+url.QueryEscape(next))
		if resp.Request.URL.Host != strings.TrimPrefix(f.http.URL, "http://") || resp.Request.URL.Path != "/" {
			t.Errorf("next=%q landed on %s", next, resp.Request.URL)
		}
	}
}

func TestBearerSessionAndCSRF(t *testing.T) {
	f := newSigninFixture(t)
	f.fake.CheckConformance(t)
	access := f.fake.AccessToken(alice)
	tok, csrf, v, err := f.srv.openSession(t.Context(), access)
	if err != nil {
		t.Fatal(err)
	}
	if v.UserID != alice.ID || v.Name != "Alice Liddell" {
		t.Fatalf("openSession viewer %+v", v)
	}
	if _, _, _, err := f.srv.openSession(t.Context(), "at-forged"); !errors.Is(err, ErrDiscord) {
		t.Errorf("openSession with a forged access token: %v, want ErrDiscord", err)
	}
	post := func(mod func(*http.Request)) *http.Request {
		r := httptest.NewRequest(http.MethodPost, "http://board.test/g/x/move", nil)
		r.Header.Set("Authorization", "Bearer "+tok)
		r.Header.Set(CSRFHeader, csrf)
		if mod != nil {
			mod(r)
		}
		return r
	}
	r := post(nil)
	if got, ok := f.srv.Viewer(r); !ok || got != v {
		t.Fatalf("Viewer by bearer = %+v %v", got, ok)
	}
	if err := f.srv.CheckCSRF(r, v); err != nil {
		t.Errorf("CheckCSRF of a good bearer request: %v", err)
	}
	// Discord's proxy: another origin, but a bearer token.
	if err := f.srv.CheckCSRF(post(func(r *http.Request) { r.Header.Set("Origin", "https://1.discordsays.com") }), v); err != nil {
		t.Errorf("CheckCSRF of the Activity's request: %v", err)
	}
	for name, mod := range map[string]func(*http.Request){
		"no token":    func(r *http.Request) { r.Header.Del(CSRFHeader) },
		"wrong token": func(r *http.Request) { r.Header.Set(CSRFHeader, csrf[:len(csrf)-1]+otherChar(csrf[len(csrf)-1])) },
		"bad bearer":  func(r *http.Request) { r.Header.Set("Authorization", "Bearer "+tok[:len(tok)-3]+"abc") },
	} {
		if err := f.srv.CheckCSRF(post(mod), v); !errors.Is(err, ErrCSRF) {
			t.Errorf("%s: CheckCSRF = %v, want ErrCSRF", name, err)
		}
	}
	if err := f.srv.CheckCSRF(post(nil), Viewer{UserID: "someone else"}); !errors.Is(err, ErrCSRF) {
		t.Errorf("another user's session: %v", err)
	}
	// A bad bearer does not fall back on the cookie.
	if _, ok := f.srv.Viewer(post(func(r *http.Request) {
		r.Header.Set("Authorization", "Bearer nope")
		r.AddCookie(&http.Cookie{Name: hostPrefix + sessionCookie, Value: tok})
	})); ok {
		t.Error("a bad bearer token with a good cookie is signed in")
	}

	// Cookie sessions: the origin checks.
	cookie := func(mod func(*http.Request)) *http.Request {
		r := httptest.NewRequest(http.MethodPost, "http://board.test/g/x/move", nil)
		r.AddCookie(&http.Cookie{Name: hostPrefix + sessionCookie, Value: tok}) // not a loopback host: Secure cookies
		r.Header.Set(CSRFHeader, csrf)
		if mod != nil {
			mod(r)
		}
		return r
	}
	if err := f.srv.CheckCSRF(cookie(func(r *http.Request) {
		r.Header.Set("Origin", "http://board.test")
		r.Header.Set("Sec-Fetch-Site", "same-origin")
	}), v); err != nil {
		t.Errorf("a same-origin cookie request: %v", err)
	}
	for name, mod := range map[string]func(*http.Request){
		"cross-site":   func(r *http.Request) { r.Header.Set("Sec-Fetch-Site", "cross-site") },
		"same-site":    func(r *http.Request) { r.Header.Set("Sec-Fetch-Site", "same-site") },
		"other origin": func(r *http.Request) { r.Header.Set("Origin", "https://evil.example") },
		"null origin":  func(r *http.Request) { r.Header.Set("Origin", "null") },
		"no token":     func(r *http.Request) { r.Header.Del(CSRFHeader) },
	} {
		if err := f.srv.CheckCSRF(cookie(mod), v); !errors.Is(err, ErrCSRF) {
			t.Errorf("%s: CheckCSRF = %v, want ErrCSRF", name, err)
		}
	}
}

func TestSessionExpires(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	sl, err := newSealer(testKey, time.Hour, func() time.Time { return now })
	if err != nil {
		t.Fatal(err)
	}
	v := Viewer{UserID: "1", Name: "n"}
	_, tok := sl.newSession(v)
	if ss, err := sl.readSession(tok); err != nil || ss.Viewer != v {
		t.Fatalf("readSession = %+v, %v", ss, err)
	}
	now = now.Add(time.Hour)
	if _, err := sl.readSession(tok); !errors.Is(err, ErrSessionExpired) {
		t.Errorf("an hour later: %v, want ErrSessionExpired", err)
	}
	other, _ := newSealer([]byte("another key, at least thirty-two bytes long"), time.Hour, func() time.Time { return now })
	if _, err := other.readSession(tok); !errors.Is(err, ErrBadSession) {
		t.Errorf("another key: %v, want ErrBadSession", err)
	}
	// A sign-in's state expires after stateTTL.
	sealed := sl.sealState(signinState{State: "s", Expires: now.Add(stateTTL), Next: "/g/x"})
	if st, err := sl.openState(sealed); err != nil || st.Next != "/g/x" {
		t.Fatalf("openState = %+v, %v", st, err)
	}
	now = now.Add(stateTTL)
	if _, err := sl.openState(sealed); !errors.Is(err, ErrBadState) {
		t.Errorf("a state %v old: %v, want ErrBadState", stateTTL, err)
	}
	// A state is not a session, though sealed with the same key.
	st := sl.sealState(signinState{State: "s", Expires: now.Add(time.Minute), Next: "/"})
	if _, err := sl.readSession(sessionPrefix + st); !errors.Is(err, ErrBadSession) {
		t.Errorf("a state read as a session: %v", err)
	}
}

func TestSignInRateLimit(t *testing.T) {
	f := newSigninFixture(t, func(o *Options) {
		o.SignInBurst = 2
		o.SignInInterval = time.Hour
		o.TrustedProxies = mustPrefixes(t, "127.0.0.0/8")
	})
	c := noRedirects(jarClient(t))
	try := func(xff string) int {
		req, _ := http.NewRequest(http.MethodGet, f.http.URL+"/auth/login?next=/", nil)
		req.Header.Set("X-Forwarded-For", xff)
		resp, err := c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	for i, want := range []int{http.StatusFound, http.StatusFound, http.StatusTooManyRequests} {
		if got := try("203.0.113.7"); got != want {
			t.Errorf("sign-in %d from 203.0.113.7: %d, want %d", i+1, got, want)
		}
	}
	// Another client behind the trusted proxy has its own bucket; a
	// client cannot choose its address by prepending to the header.
	if got := try("198.51.100.1"); got != http.StatusFound {
		t.Errorf("another address: %d", got)
	}
	if got := try("198.51.100.9, 203.0.113.7"); got != http.StatusTooManyRequests {
		t.Errorf("a spoofed first hop: %d, want 429", got)
	}
}

func mustPrefixes(t *testing.T, ss ...string) []netip.Prefix {
	t.Helper()
	out, err := ParseTrustedProxies(strings.Join(ss, ","))
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// anyGame is one of the fixture's games.
func (f *fixture) anyGame() store.Game { return f.byKind[f.games.Kinds()[0]] }

// otherChar is a base64url character other than c.
func otherChar(c byte) string {
	if c == 'x' {
		return "y"
	}
	return "x"
}

// BenchmarkViewer measures reading a request's session (every page view
// and move of a signed-in user pays it): "sealed" opens the token alone
// (no revocations: as before sessions could be revoked), "revocable"
// also checks it against the revoked sessions of a bbolt store, believed
// for RevocationRecheck, and "revocable-uncached" reads the store every
// time (a RevocationRecheck shorter than the loop's step).
func BenchmarkViewer(b *testing.B) {
	db, err := store.Open(filepath.Join(b.TempDir(), "bench.db"), &store.Options{Games: games.Registry(), NoSync: true})
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	for _, c := range []struct {
		name    string
		rv      Revocations
		recheck time.Duration
	}{{"sealed", nil, 0}, {"revocable", db, 0}, {"revocable-uncached", db, time.Nanosecond}} {
		b.Run(c.name, func(b *testing.B) {
			sl, err := newSealer(testKey, time.Hour, time.Now)
			if err != nil {
				b.Fatal(err)
			}
			s := &Server{sealer: sl, revocations: newRevocations(c.rv, c.recheck, time.Now, slog.New(slog.DiscardHandler))}
			_, tok := sl.newSession(Viewer{UserID: "200000000000000002", Name: "Alice Liddell", Avatar: "https://cdn.discordapp.com/avatars/200000000000000002/a_0123456789abcdef0123456789abcdef.png?size=64"})
			r := httptest.NewRequest(http.MethodPost, "http://board.test/g/x/move", nil)
			r.Header.Set("Authorization", "Bearer "+tok)
			b.ReportAllocs()
			for b.Loop() {
				if _, ok := s.Viewer(r); !ok {
					b.Fatal("signed out")
				}
			}
		})
	}
}
