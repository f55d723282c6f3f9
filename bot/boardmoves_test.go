package bot

import (
	"errors"
	"strings"
	"testing"

	"github.com/veletasbot/veletas/game"
	"github.com/veletasbot/veletas/store"
)

// TestBoardMover: a move of the web board is refused as the picker's
// are (stale, not a player, not their turn, the rules), each changing
// nothing and posting nothing; a good one is stored and its card posted
// in the game's channel; the refusals are worded in the language asked,
// else the user's.
func TestBoardMover(t *testing.T) {
	e := newEnv(t, Config{})
	e.startGame("7")
	g, err := e.db.ActiveGame(t.Context(), e.guild, e.chann)
	if err != nil {
		t.Fatal(err)
	}
	box := newPostBox()
	bm := e.bot.BoardMover(box)
	p, _ := pickable(g)
	var chosen []string
	var st game.Step
	for {
		if st, err = p.Pick(g.State(), chosen); err != nil {
			t.Fatal(err)
		}
		if st.Done() {
			break
		}
		chosen = append(chosen, st.Options[0].Value)
	}
	move := BoardMove{Game: g.ID, Guild: g.Guild, Channel: g.Channel, User: g.ToAct(), Rev: g.Revision, Action: st.Action}
	for _, c := range []struct {
		name string
		mod  func(m *BoardMove)
		want error
	}{
		{"stale", func(m *BoardMove) { m.Rev++ }, store.ErrStaleRevision},
		{"another game", func(m *BoardMove) { m.Game++ }, store.ErrStaleRevision},
		{"spectator", func(m *BoardMove) { m.User = "carol" }, store.ErrNotPlayer},
		{"not their turn", func(m *BoardMove) { m.User = g.Opponent(g.ToAct()) }, store.ErrNotYourTurn},
		{"the rules", func(m *BoardMove) { m.Action = "z9" }, nil},
	} {
		m := move
		c.mod(&m)
		_, err := bm.Act(t.Context(), m)
		if err == nil || c.want != nil && !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", c.name, err, c.want)
		}
		fr, refused := bm.Refusal(t.Context(), err, g.Kind, m.User, "fr-FR")
		en, _ := bm.Refusal(t.Context(), err, g.Kind, m.User, "en-US")
		if !refused || fr == "" || fr == en || strings.Contains(fr, "internal") {
			t.Errorf("%s: worded %q (en %q) %v", c.name, fr, en, refused)
		}
		if after, _ := e.db.ActiveGame(t.Context(), e.guild, e.chann); after.Revision != g.Revision || after.Record != g.Record {
			t.Fatalf("%s changed the game", c.name)
		}
		if posts := box.drain(); len(posts) != 0 {
			t.Fatalf("%s posted %+v", c.name, posts)
		}
	}
	if text, _ := bm.Refusal(t.Context(), store.ErrStaleRevision, g.Kind, "alice", "ja"); text != tr("ja", "web.stale") {
		t.Errorf("stale in Japanese: %q", text)
	}
	if _, err := e.db.UpdateUserSettings(t.Context(), "dave", func(u *store.UserSettings) error { u.Locale = "ja"; return nil }); err != nil {
		t.Fatal(err)
	}
	if text, _ := bm.Refusal(t.Context(), store.ErrStaleRevision, g.Kind, "dave", ""); text != tr("ja", "web.stale") {
		t.Errorf("stale for a user whose language is Japanese: %q", text)
	}
	rev, err := bm.Act(t.Context(), move)
	if err != nil || rev != g.Revision+1 {
		t.Fatalf("the move %q: %d %v", move.Action, rev, err)
	}
	posts := box.drain()
	if len(posts) != 1 || posts[0].Channel != g.Channel || len(posts[0].Reply.Images) != 1 || !strings.Contains(posts[0].Reply.Text, Mention(g.Opponent(g.ToAct()))) {
		t.Fatalf("the card: %+v", posts)
	}
}
