package bot

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

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

// replaySender is a Sender that posts the cards at once and holds a
// reply's replay (Reply.Later) until release: the hook of
// TestBoardMoverAnswersBeforeReplay.
type replaySender struct {
	cards   chan Reply
	held    chan struct{} // a replay is being held
	release chan struct{}
	replays chan Reply
}

func (s *replaySender) Send(ctx context.Context, channel string, r Reply) error {
	if r.Text != "" || len(r.Images) > 0 || len(r.Embeds) > 0 {
		s.cards <- r
	}
	if r.Later == nil {
		return nil
	}
	s.held <- struct{}{}
	select {
	case <-s.release:
	case <-ctx.Done():
		return ctx.Err()
	}
	l, err := r.Later()
	if err != nil {
		return err
	}
	s.replays <- l
	return nil
}

// TestBoardMoverAnswersBeforeReplay: the last action of a game made on
// the web board is answered once it is stored and its final card posted,
// while its replay is still held; the replay is posted after, and
// StopAfterWork waits for it.
func TestBoardMoverAnswersBeforeReplay(t *testing.T) {
	e := newEnv(t, Config{})
	e.startGame("7")
	g, err := e.db.ActiveGame(t.Context(), e.guild, e.chann)
	if err != nil {
		t.Fatal(err)
	}
	send := &replaySender{cards: make(chan Reply, 4), held: make(chan struct{}, 1), release: make(chan struct{}), replays: make(chan Reply, 1)}
	bm := e.bot.BoardMover(send)
	p, _ := pickable(g)
	rng := rand.New(rand.NewPCG(3, 4))
	// Up to the game's last action straight through the store; that one
	// on the web board.
	for range 1000 {
		var chosen []string
		var st game.Step
		for {
			if st, err = p.Pick(g.State(), chosen); err != nil {
				t.Fatal(err)
			}
			if st.Done() {
				break
			}
			chosen = append(chosen, st.Options[rng.IntN(len(st.Options))].Value)
		}
		next, err := p.Act(g.State(), st.Action)
		if err != nil {
			t.Fatal(err)
		}
		if !next.Outcome().Over {
			if g, err = e.db.Act(t.Context(), g.Guild, g.Channel, g.ToAct(), g.Revision, g.Kind, func(s game.State) (game.State, error) {
				return p.Act(s, st.Action)
			}); err != nil {
				t.Fatal(err)
			}
			continue
		}
		type result struct {
			rev int
			err error
		}
		answered := make(chan result, 1)
		go func() {
			rev, err := bm.Act(t.Context(), BoardMove{Game: g.ID, Guild: g.Guild, Channel: g.Channel, User: g.ToAct(), Rev: g.Revision, Action: st.Action})
			answered <- result{rev, err}
		}()
		select {
		case r := <-answered:
			if r.err != nil || r.rev != g.Revision+1 {
				t.Fatalf("the last action: %d %v", r.rev, r.err)
			}
		case <-time.After(30 * time.Second):
			close(send.release)
			t.Fatal("the last action was not answered while its replay was held")
		}
		if end, err := e.db.FinishedGame(t.Context(), g.ID); err != nil || !end.Over() {
			t.Fatalf("the game is not over after its last action: %+v %v", end, err)
		}
		select {
		case card := <-send.cards:
			if len(card.Images) != 1 || len(card.Buttons) == 0 {
				t.Errorf("the final card: %+v", card)
			}
		default:
			t.Fatal("the last action was answered before its card was posted")
		}
		select {
		case <-send.held:
		case <-time.After(30 * time.Second):
			t.Fatal("no replay sent")
		}
		if len(send.replays) != 0 {
			t.Fatal("the replay was posted while held")
		}
		stopped := make(chan struct{})
		go func() {
			e.bot.StopAfterWork()
			close(stopped)
		}()
		close(send.release)
		select {
		case r := <-send.replays:
			if len(r.Images) != 1 || !strings.HasSuffix(r.Images[0].Name, "-replay.gif") || !bytes.HasPrefix(r.Images[0].PNG, []byte("GIF8")) {
				t.Errorf("the replay: %q %d images", r.Text, len(r.Images))
			}
		case <-time.After(60 * time.Second):
			t.Fatal("the replay was not posted after its release")
		}
		select {
		case <-stopped:
		case <-time.After(30 * time.Second):
			t.Fatal("StopAfterWork did not return")
		}
		return
	}
	t.Fatal("the game did not end in 1000 actions")
}
