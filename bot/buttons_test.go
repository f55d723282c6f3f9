package bot

import (
	"errors"
	"strings"
	"testing"

	"github.com/veletasbot/veletas/store"
)

// pressAt presses a button in another server and channel than the env's.
func (e *env) pressAt(guild, channel, user, customID string) Reply {
	e.tb.Helper()
	g, c := e.guild, e.chann
	defer func() { e.guild, e.chann = g, c }()
	e.guild, e.chann = guild, channel
	return e.press(user, customID)
}

// TestButtonsCheckTheirTarget: every button checks that what it names (a
// challenge, a game) belongs to the server and channel it was pressed in;
// a custom id copied elsewhere is refused and changes nothing.
func TestButtonsCheckTheirTarget(t *testing.T) {
	e := newEnv(t, Config{})
	elsewhere := [][2]string{{"g2", "c1"}, {"g2", "c2"}, {"g1", "c2"}}
	ch := public(t, e.cmd("alice", "challenge", "opponent=bob", "size=7"))
	for _, w := range elsewhere {
		refused(t, e.pressAt(w[0], w[1], "bob", button(t, ch, "Accept")), "not one of mine")
		refused(t, e.pressAt(w[0], w[1], "bob", button(t, ch, "Decline")), "not one of mine")
	}
	if games, err := e.db.ActiveGames(t.Context(), ""); err != nil || len(games) != 0 {
		t.Fatalf("forged presses started %d games: %v", len(games), err)
	}
	if _, err := e.db.Challenge(t.Context(), 1); err != nil {
		t.Fatalf("forged presses answered the challenge: %v", err)
	}
	followed(t, public(t, e.press("bob", button(t, ch, "Accept"))))
	choice := public(t, e.cmd("alice", "setup", "shooters=c5", "stone=d2"))
	for _, w := range elsewhere {
		r := e.pressAt(w[0], w[1], "bob", button(t, choice, "Keep"))
		if !r.Ephemeral || !strings.Contains(r.Plain(), "game that is over") {
			t.Fatalf("forged Keep in %v: %+v", w, r)
		}
	}
	followed(t, public(t, e.press("bob", button(t, choice, "Keep"))))
	public(t, e.cmd("bob", "setup", "shooters=a1 g7", "stone=e4"))
	public(t, e.cmd("alice", "move", "shooter=c5", "shoot=c6"))
	ask := public(t, e.cmd("alice", "takeback"))
	for _, w := range elsewhere {
		refused(t, e.pressAt(w[0], w[1], "bob", button(t, ask, "Accept")), "no longer open")
	}
	g, err := e.db.ActiveGame(t.Context(), e.guild, e.chann)
	if err != nil || g.TakebackBy != "alice" {
		t.Fatalf("a forged press answered the takeback: %+v %v", g.TakebackBy, err)
	}
	end := public(t, e.cmd("bob", "resign"))
	for _, w := range elsewhere {
		refused(t, e.pressAt(w[0], w[1], "alice", button(t, end, "Rematch")), "not one of mine")
		refused(t, e.pressAt(w[0], w[1], "alice", button(t, end, "Record")), "not one of mine")
	}
	if _, err := e.db.Challenge(t.Context(), 2); !errors.Is(err, store.ErrChallengeNotFound) {
		t.Fatalf("a forged Rematch made an offer: %v", err)
	}
}
