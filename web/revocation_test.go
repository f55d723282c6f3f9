package web

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/veletasbot/veletas/store"
)

// testClock is a clock that a test moves.
type testClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *testClock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *testClock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// TestSignOutEverywhere: signing out on one replica ends the session on
// every Server sharing the store: a revoked cookie and a revoked bearer
// session are refused (401, the game unchanged) at once by a replica that
// had not seen them and by the one signed out on, and within
// RevocationRecheck by one that had believed them.
func TestSignOutEverywhere(t *testing.T) {
	clock := &testClock{t: time.Now()}
	var db *store.DB
	f := newSigninFixture(t, func(o *Options) {
		o.Now = clock.Now
		db = o.Store.(*store.DB)
		o.Mover = &storeMover{db: db, games: o.Games}
	})
	ch, err := db.CreateChallenge(t.Context(), store.Challenge{Guild: "guild", Channel: "chan-revoked", Challenger: alice.ID, Opponent: bob.ID, Kind: f.anyGame().Kind, MoveTime: 24 * time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	g, err := db.AcceptChallenge(t.Context(), ch.ID, bob.ID)
	if err != nil {
		t.Fatal(err)
	}
	// The replicas: same key, same store, same Discord application.
	replica := func() *httptest.Server {
		s, err := New(Options{Key: testKey, Games: f.games, Store: db, Users: &stubUsers{}, Now: clock.Now,
			Mover: &storeMover{db: db, games: f.games}, OAuth: f.srv.opts.OAuth, SignInBurst: 1000})
		if err != nil {
			t.Fatal(err)
		}
		hs := httptest.NewServer(s)
		t.Cleanup(func() { s.Close(); hs.Close() })
		return hs
	}
	believer, stranger := replica(), replica()

	// alice on the web (a cookie), bob in the Activity (a bearer token).
	f.fake.SignInAs(alice)
	c := jarClient(t)
	f.signIn(t, c, "/")
	m := f.me(t, c)
	cookie := ""
	for _, k := range c.Jar.Cookies(mustURL(t, f.http.URL)) {
		if k.Name == sessionCookie {
			cookie = k.Value
		}
	}
	if !m.SignedIn || cookie == "" {
		t.Fatalf("alice is not signed in: %+v", m)
	}
	sr := f.activitySignIn(t, bob)
	type session struct {
		name, user string
		auth       func(*http.Request)
		csrf       string
	}
	sessions := []session{
		{"cookie", alice.ID, func(r *http.Request) { r.AddCookie(&http.Cookie{Name: sessionCookie, Value: cookie}) }, m.CSRF},
		{"bearer", bob.ID, func(r *http.Request) { r.Header.Set("Authorization", "Bearer "+sr.Token) }, sr.CSRF},
	}
	call := func(base, method, path, body string, s session) (int, string) {
		t.Helper()
		req, _ := http.NewRequest(method, base+path, strings.NewReader(body))
		s.auth(req)
		if method == http.MethodPost {
			req.Header.Set(CSRFHeader, s.csrf)
			req.Header.Set("Origin", base)
			req.Header.Set("Content-Type", "application/json")
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	signedIn := func(base string, s session) bool {
		t.Helper()
		st, body := call(base, http.MethodGet, "/auth/me", "", s)
		var me Me
		if err := json.Unmarshal([]byte(body), &me); err != nil || st != http.StatusOK {
			t.Fatalf("/auth/me: %d %v %s", st, err, body)
		}
		return me.SignedIn && me.User.ID == s.user
	}
	act := `{"rev":` + itoa(g.Revision) + `,"action":` + string(mustJSON(t, firstAction(t, f.fixture, g))) + `}`
	for _, s := range sessions {
		if !signedIn(believer.URL, s) {
			t.Fatalf("%s: not signed in on the other replica before signing out", s.name)
		}
	}
	for _, s := range sessions {
		if st, body := call(f.http.URL, http.MethodPost, "/auth/logout", "", s); st != http.StatusNoContent {
			t.Fatalf("%s: signing out answered %d %s", s.name, st, body)
		}
	}
	refused := func(where, base string, s session) {
		t.Helper()
		if signedIn(base, s) {
			t.Errorf("%s: signed in on %s after signing out", s.name, where)
		}
		if st, body := call(base, http.MethodPost, f.srv.Path(g.ID)+"/act", act, s); st != http.StatusUnauthorized {
			t.Errorf("%s: a move on %s answered %d %s, want 401", s.name, where, st, body)
		}
	}
	for _, s := range sessions {
		refused("the replica signed out on", f.http.URL, s)
		refused("a replica that had not seen it", stranger.URL, s)
	}
	clock.Add(DefaultRevocationRecheck)
	for _, s := range sessions {
		refused("a replica that had believed it", believer.URL, s)
	}
	if after, err := db.GameByID(t.Context(), g.ID); err != nil || after.Revision != g.Revision {
		t.Fatalf("the refused moves changed the game: revision %d (was %d) %v", after.Revision, g.Revision, err)
	}
	if n, err := db.RevokedSessions(t.Context()); err != nil || n != 2 {
		t.Errorf("%d revocations stored (%v), want 2", n, err)
	}
	// A new sign-in is a new session, not revoked.
	f.fake.SignInAs(alice)
	c2 := jarClient(t)
	f.signIn(t, c2, "/")
	if !f.me(t, c2).SignedIn {
		t.Error("signing in again after signing out failed")
	}
}

func mustURL(t *testing.T, s string) *url.URL {
	t.Helper()
	u, err := url.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// brokenRevocations is a store of revocations that fails: its reads when
// readFails, its writes always.
type brokenRevocations struct{ readFails bool }

var errBroken = errors.New("the store did not answer")

func (b brokenRevocations) RevokeSession(context.Context, []byte, time.Time, time.Time) error {
	return errBroken
}

func (b brokenRevocations) SessionRevoked(context.Context, []byte) (bool, error) {
	if b.readFails {
		return false, errBroken
	}
	return false, nil
}

// TestSignOutStoreDown: a sign-out the store cannot record answers 503
// and the session goes on (nothing changed); a session whose revocation
// cannot be read is refused rather than trusted.
func TestSignOutStoreDown(t *testing.T) {
	rv := &brokenRevocations{}
	clock := &testClock{t: time.Now()}
	f := newSigninFixture(t, func(o *Options) { o.Revocations, o.Now = rv, clock.Now })
	c := jarClient(t)
	f.signIn(t, c, "/")
	m := f.me(t, c)
	if !m.SignedIn {
		t.Fatalf("not signed in: %+v", m)
	}
	req, _ := http.NewRequest(http.MethodPost, f.http.URL+"/auth/logout", nil)
	req.Header.Set(CSRFHeader, m.CSRF)
	req.Header.Set("Origin", f.http.URL)
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Set-Cookie") != "" || !f.me(t, c).SignedIn {
		t.Fatalf("a sign-out the store refused: %d, Set-Cookie %q, signed in %v; want 503, the cookie kept, signed in",
			resp.StatusCode, resp.Header.Get("Set-Cookie"), f.me(t, c).SignedIn)
	}
	rv.readFails = true
	clock.Add(DefaultRevocationRecheck)
	if m := f.me(t, c); m.SignedIn {
		t.Errorf("a session whose revocation cannot be read is trusted: %+v", m)
	}
}
