package web

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/veletasbot/veletas/game"
	"github.com/veletasbot/veletas/store"
)

// testIdentity signs in the user its cookie "who" names; its CSRF token
// is "tok-" and the user's ID.
type testIdentity struct{}

func (testIdentity) Viewer(r *http.Request) (Viewer, bool) {
	c, err := r.Cookie("who")
	if err != nil || c.Value == "" {
		return Viewer{}, false
	}
	return Viewer{UserID: c.Value, Name: "User " + c.Value}, true
}

func (testIdentity) CheckCSRF(r *http.Request, v Viewer) error {
	if r.Header.Get(CSRFHeader) != "tok-"+v.UserID {
		return ErrCSRF
	}
	return nil
}

func (testIdentity) CSRFToken(r *http.Request) string {
	v, _ := testIdentity{}.Viewer(r)
	return "tok-" + v.UserID
}

var (
	_ Identity    = testIdentity{}
	_ CSRFTokener = testIdentity{}
)

// storeMover applies moves straight through the store, as the bot's core
// does, without the card: the server's own tests.
type storeMover struct {
	db    *store.DB
	games *game.Registry
	acted chan Move
}

func (m *storeMover) Act(ctx context.Context, mv Move) (int, error) {
	rules, err := m.games.Get(mv.Kind)
	if err != nil {
		return 0, err
	}
	g, err := m.db.Act(ctx, mv.Guild, mv.Channel, mv.User, mv.Rev, mv.Kind, func(s game.State) (game.State, error) {
		return rules.(game.Pickable).Act(s, mv.Action)
	})
	if err != nil {
		return 0, err
	}
	if m.acted != nil {
		m.acted <- mv
	}
	return g.Revision, nil
}

func (m *storeMover) Refusal(_ context.Context, err error, _ game.Kind, _, locale string) (string, bool) {
	return "[" + locale + "] " + err.Error(), !errors.Is(err, store.ErrUnavailable)
}

func withMoves(db **store.DB, burst int) func(*Options) {
	return func(o *Options) {
		o.Identity = testIdentity{}
		o.Mover = &storeMover{db: o.Store.(*store.DB), games: o.Games}
		o.MoveBurst = burst
		o.Now = func() time.Time { return time.Date(2026, 11, 28, 6, 0, 0, 0, time.UTC) } // no refill
	}
}

// request makes a request of user (none: "") from addr with the CSRF
// token csrf ("": none).
func request(method, path, body, user, csrf, addr string) *http.Request {
	r := httptest.NewRequest(method, path, strings.NewReader(body))
	if user != "" {
		r.AddCookie(&http.Cookie{Name: "who", Value: user})
	}
	if csrf != "" {
		r.Header.Set(CSRFHeader, csrf)
	}
	r.Header.Set("Accept-Language", "fr-FR,fr;q=0.9,en;q=0.5")
	r.RemoteAddr = addr + ":1234"
	return r
}

func serve(s *Server, r *http.Request) (int, map[string]any) {
	w := httptest.NewRecorder()
	s.ServeHTTP(w, r)
	var body map[string]any
	_ = json.Unmarshal(w.Body.Bytes(), &body)
	return w.Code, body
}

// firstAction is an action of the picker for the player to act in g: the
// first option of every step.
func firstAction(t *testing.T, f *fixture, g store.Game) string {
	t.Helper()
	rules, _ := f.games.Get(g.Kind)
	p := rules.(game.Pickable)
	var chosen []string
	for {
		st, err := p.Pick(g.State(), chosen)
		if err != nil {
			t.Fatal(err)
		}
		if st.Action != "" {
			return st.Action
		}
		chosen = append(chosen, st.Options[0].Value)
	}
}

// TestActRefusals: every refusal of a move answers its status and code
// and leaves the stored game as it was; then a good move is played.
func TestActRefusals(t *testing.T) {
	var db *store.DB
	f := newFixture(t, map[game.Kind]int{"veletas": 4, "fanorona": 3, "amazons": 3}, withMoves(&db, 100))
	for _, k := range f.games.Kinds() {
		g := f.byKind[k]
		path := f.srv.Path(g.ID)
		toAct := g.ToAct()
		other := g.Opponent(toAct)
		good := firstAction(t, f, g)
		body := func(rev int, action string) string {
			b, _ := json.Marshal(actRequest{Rev: rev, Action: action})
			return string(b)
		}
		for _, c := range []struct {
			name       string
			r          *http.Request
			status     int
			code       string
			fromCatalo bool
		}{
			{"signed out", request("POST", path+"/act", body(g.Revision, good), "", "", "10.0.0.1"), 401, "signedout", false},
			{"missing CSRF", request("POST", path+"/act", body(g.Revision, good), toAct, "", "10.0.0.1"), 403, "csrf", false},
			{"wrong CSRF", request("POST", path+"/act", body(g.Revision, good), toAct, "tok-"+other, "10.0.0.1"), 403, "csrf", false},
			{"spectator", request("POST", path+"/act", body(g.Revision, good), "carol", "tok-carol", "10.0.0.2"), 403, "notplayer", true},
			{"not your turn", request("POST", path+"/act", body(g.Revision, good), other, "tok-"+other, "10.0.0.3"), 409, "notyourturn", true},
			{"stale page", request("POST", path+"/act", body(g.Revision-1, good), toAct, "tok-"+toAct, "10.0.0.1"), 409, "stale", true},
			{"bad action", request("POST", path+"/act", body(g.Revision, "z99-z98"), toAct, "tok-"+toAct, "10.0.0.1"), 422, "refused", true},
			{"not JSON", request("POST", path+"/act", "rev=1", toAct, "tok-"+toAct, "10.0.0.1"), 400, "badrequest", false},
			{"control characters", request("POST", path+"/act", body(g.Revision, "a\x00b"), toAct, "tok-"+toAct, "10.0.0.1"), 400, "badrequest", false},
			{"pick, spectator", request("GET", path+"/pick?rev="+strconv.Itoa(g.Revision), "", "carol", "", "10.0.0.2"), 403, "notplayer", true},
			{"pick, signed out", request("GET", path+"/pick?rev="+strconv.Itoa(g.Revision), "", "", "", "10.0.0.2"), 401, "signedout", false},
			{"pick, stale", request("GET", path+"/pick?rev=0", "", toAct, "", "10.0.0.1"), 409, "stale", true},
			{"pick, not offered", request("GET", path+"/pick?rev="+strconv.Itoa(g.Revision)+"&c=zz,yy", "", toAct, "", "10.0.0.1"), 422, "refused", true},
		} {
			status, got := serve(f.srv, c.r)
			text, _ := got["error"].(string)
			if status != c.status || got["code"] != c.code || text == "" || c.fromCatalo != strings.HasPrefix(text, "[fr-FR] ") {
				t.Errorf("%s, %s: %d %v, want %d %s", k, c.name, status, got, c.status, c.code)
			}
			if !c.fromCatalo && text != texts["fr"]["refuse."+c.code] { // the request's language
				t.Errorf("%s, %s: %q, want the French text", k, c.name, text)
			}
			after, err := f.db.GameByID(t.Context(), g.ID)
			if err != nil || after.Revision != g.Revision || after.Record != g.Record {
				t.Fatalf("%s, %s changed the game: revision %d, record %q (was %d, %q) %v", k, c.name, after.Revision, after.Record, g.Revision, g.Record, err)
			}
		}
		// The step of the player to act, then the move.
		status, st := serve(f.srv, request("GET", path+"/pick?rev="+strconv.Itoa(g.Revision), "", toAct, "", "10.0.0.1"))
		if opts, _ := st["options"].([]any); status != 200 || len(opts) == 0 {
			t.Fatalf("%s: the first step: %d %v", k, status, st)
		}
		status, res := serve(f.srv, request("POST", path+"/act", body(g.Revision, good), toAct, "tok-"+toAct, "10.0.0.1"))
		after, _ := f.db.GameByID(t.Context(), g.ID)
		if status != 200 || res["revision"] != float64(g.Revision+1) || after.Revision != g.Revision+1 {
			t.Fatalf("%s: the move %q: %d %v, stored revision %d", k, good, status, res, after.Revision)
		}
		// A game over: the page is out of date.
		over, err := f.db.Resign(t.Context(), g.Guild, g.Channel, toAct)
		if err != nil {
			t.Fatal(err)
		}
		status, res = serve(f.srv, request("POST", path+"/act", body(over.Revision, good), after.ToAct(), "tok-"+after.ToAct(), "10.0.0.1"))
		if text, _ := res["error"].(string); status != 409 || res["code"] != "stale" || !strings.HasPrefix(text, "[fr-FR] ") {
			t.Errorf("%s: a move in a game over: %d %v", k, status, res)
		}
	}
}

// TestMe: the page learns who is signed in, their seat and the token.
func TestMe(t *testing.T) {
	var db *store.DB
	f := newFixture(t, nil, withMoves(&db, 100))
	g := f.byKind["amazons"]
	for user, want := range map[string]PageUser{
		"alice": {User: "alice", Name: "User alice", Seat: mustSeat(t, g, "alice"), CSRF: "tok-alice", Moves: true},
		"carol": {User: "carol", Name: "User carol", Seat: game.NoSeat, CSRF: "tok-carol", Moves: true},
		"":      {Seat: game.NoSeat, Moves: true},
	} {
		w := httptest.NewRecorder()
		f.srv.ServeHTTP(w, request("GET", f.srv.Path(g.ID)+"/me", "", user, "", "10.0.0.1"))
		var got PageUser
		if err := json.Unmarshal(w.Body.Bytes(), &got); err != nil || w.Code != 200 || got != want {
			t.Errorf("%q: %d %+v, want %+v (%v)", user, w.Code, got, want, err)
		}
	}
}

func mustSeat(t *testing.T, g store.Game, user string) game.Seat {
	s, ok := g.Seat(user)
	if !ok {
		t.Fatalf("%s does not play", user)
	}
	return s
}

// TestMoveRateLimits: past the burst, a user's moves are refused from any
// address, and an address's moves whoever makes them; refused, they
// change nothing.
func TestMoveRateLimits(t *testing.T) {
	var db *store.DB
	f := newFixture(t, map[game.Kind]int{"veletas": 2}, withMoves(&db, 3))
	g := f.byKind["veletas"]
	path := f.srv.Path(g.ID)
	u := g.ToAct()
	act := func(user, addr string) int {
		s, _ := serve(f.srv, request("POST", path+"/act", `{"rev":0,"action":"x"}`, user, "tok-"+user, addr))
		return s
	}
	for i := range 3 { // stale: refused, but counted
		if s := act(u, "10.1.0."+strconv.Itoa(i)); s != 409 {
			t.Fatalf("move %d: %d", i, s)
		}
	}
	if s := act(u, "10.1.0.9"); s != 429 {
		t.Fatalf("the user's fourth move, from a new address: %d, want 429", s)
	}
	for range 2 {
		act("dave", "10.2.0.1")
	}
	act("erin", "10.2.0.1")
	if s := act("frank", "10.2.0.1"); s != 429 {
		t.Fatalf("the address's fourth move, by a new user: %d, want 429", s)
	}
	if after, _ := f.db.GameByID(t.Context(), g.ID); after.Revision != g.Revision {
		t.Fatalf("the game changed: %d", after.Revision)
	}
}

// TestNoMovesWithoutIdentity: without sign-in there is no route to act.
func TestNoMovesWithoutIdentity(t *testing.T) {
	f := newFixture(t, nil)
	g := f.byKind["veletas"]
	if s, _ := serve(f.srv, request("POST", f.srv.Path(g.ID)+"/act", `{"rev":0,"action":"x"}`, "alice", "tok-alice", "10.0.0.1")); s != 404 && s != 405 {
		t.Fatalf("act without moves: %d", s)
	}
}

func TestPreferredLanguage(t *testing.T) {
	for h, want := range map[string]string{
		"": "", "fr": "fr", "en-US,en;q=0.9,ja;q=0.8": "en-US", "de;q=0.2, ja-JP": "ja-JP",
		"*": "", "fr;q=0, en;q=0.1": "en", "fr;q=x, ja;q=0.5": "ja",
	} {
		if got := preferredLanguage(h); got != want {
			t.Errorf("%q: %q, want %q", h, got, want)
		}
	}
}

func FuzzReadAct(f *testing.F) {
	for _, s := range []string{`{"rev":3,"action":"c5-c6"}`, `{"rev":-1,"action":"x"}`, `{"action":""}`, `{}{}`, `[`, `{"rev":1,"action":"a","x":1}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, err := readAct(strings.NewReader(s))
		if err != nil {
			if !errors.Is(err, ErrBadAction) {
				t.Fatalf("%q: %v", s, err)
			}
			return
		}
		if a.Rev < 0 || a.Action == "" || len(a.Action) > maxAction || !printable(a.Action) {
			t.Fatalf("%q read as %+v", s, a)
		}
	})
}

func FuzzParseChoices(f *testing.F) {
	for _, s := range []string{"", "c5", "c5,d6,A", ",", "a,,b", "a b", "~0,c5"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		vs, err := parseChoices(s)
		if err != nil {
			if !errors.Is(err, game.ErrBadChoice) {
				t.Fatalf("%q: %v", s, err)
			}
			return
		}
		if strings.Join(vs, ",") != s || len(vs) > maxChoices {
			t.Fatalf("%q read as %q", s, vs)
		}
	})
}

func FuzzPreferredLanguage(f *testing.F) {
	for _, s := range []string{"", "fr-FR,fr;q=0.9", "ja;q=0.1,*;q=0.5", ";;,", "en;q=2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l := preferredLanguage(s)
		if len(l) > 35 || !printable(l) || strings.ContainsAny(l, ",;") {
			t.Fatalf("%q: %q", s, l)
		}
	})
}
