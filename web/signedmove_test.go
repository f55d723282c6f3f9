package web

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/veletasbot/veletas/internal/fakediscord"
	"github.com/veletasbot/veletas/store"
)

// TestSignedInMove: with sign-in on and no other Identity, the Server's
// own sessions say who moves. A player signed in with Discord plays with
// the cookie and the CSRF token of /g/TOKEN/me; without the token the
// move is refused and the game stays as it was.
func TestSignedInMove(t *testing.T) {
	f := newSigninFixture(t, func(o *Options) {
		o.Mover = &storeMover{db: o.Store.(*store.DB), games: o.Games}
	})
	// Discord's users have numeric IDs: a game of two of them.
	k := f.anyGame().Kind
	ch, err := f.db.CreateChallenge(t.Context(), store.Challenge{Guild: "guild", Channel: "chan-signed", Challenger: alice.ID, Opponent: "300000000000000003", Kind: k, MoveTime: 24 * time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	g, err := f.db.AcceptChallenge(t.Context(), ch.ID, "300000000000000003")
	if err != nil {
		t.Fatal(err)
	}
	toAct := g.ToAct()
	seat, _ := g.Seat(toAct)
	f.fake.SignInAs(fakediscord.OAuthUser{ID: toAct, Username: toAct, GlobalName: "Player " + toAct})
	c := jarClient(t)
	path := f.srv.Path(g.ID)
	if resp, body := f.signIn(t, c, path); resp.StatusCode != http.StatusOK {
		t.Log(body)
		t.Fatalf("sign-in landed with %d", resp.StatusCode)
	}
	_, body := fetchPage(t, c, f.http.URL+path+"/me")
	var me PageUser
	if err := json.Unmarshal([]byte(body), &me); err != nil {
		t.Fatalf("/me: %v: %s", err, body)
	}
	if me.User != toAct || me.CSRF == "" || !me.Moves || me.Seat != seat {
		t.Fatalf("/me = %+v, want user %s at seat %d with a CSRF token and moves", me, toAct, seat)
	}
	act := func(csrf string) int {
		body := `{"rev":` + itoa(g.Revision) + `,"action":` + strings.TrimSpace(string(mustJSON(t, firstAction(t, f.fixture, g)))) + `}`
		req, _ := http.NewRequest(http.MethodPost, f.http.URL+path+"/act", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		u, _ := url.Parse(f.http.URL)
		req.Header.Set("Origin", u.Scheme+"://"+u.Host)
		if csrf != "" {
			req.Header.Set(CSRFHeader, csrf)
		}
		resp, err := c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	if st := act(""); st != http.StatusForbidden {
		t.Fatalf("a move without the CSRF token answered %d, want 403", st)
	}
	after, _ := f.db.GameByID(t.Context(), g.ID)
	if after.Revision != g.Revision {
		t.Fatalf("a refused move changed the game: revision %d, want %d", after.Revision, g.Revision)
	}
	if st := act(me.CSRF); st != http.StatusOK {
		t.Fatalf("the signed-in player's move answered %d, want 200", st)
	}
	after, err = f.db.GameByID(t.Context(), g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if after.Revision != g.Revision+1 || len(after.Record) <= len(g.Record) {
		t.Fatalf("after the move: revision %d, record of %d; want %d, longer than %d", after.Revision, len(after.Record), g.Revision+1, len(g.Record))
	}
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
