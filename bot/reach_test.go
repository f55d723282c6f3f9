package bot

import (
	"context"
	"strings"
	"testing"

	"github.com/veletasbot/veletas/store"
)

// groupDM runs user's /veletas sub in a group DM where the bot may only
// answer (a user install).
func (e *env) groupDM(user, sub string, opts ...string) Reply {
	e.tb.Helper()
	r := e.req(user, sub, opts...)
	r.Guild, r.Reach = "", ReachInteraction
	return e.bot.Handle(context.Background(), r)
}

// TestAIMoveOutsideServersByDM: in a group DM, the computer's move, which
// no interaction carries, is not posted in the channel (the Sender gets
// no text nor image for it) but sent by DM, board included and without
// buttons, to alice, who asked for DMs; the AI's game is kept outside
// servers.
func TestAIMoveOutsideServersByDM(t *testing.T) {
	e := newEnv(t, Config{})
	box := e.startAI(AIConfig{Workers: 1, NewPlayer: veletasPlayers(seededAI(20)), Rescan: -1})
	e.groupDM("alice", "notify", "dm=on")
	public(t, e.groupDM("alice", "challenge", "opponent="+aiName, "size=7"))
	rep := public(t, e.groupDM("alice", "setup", "shooters=d4", "stone=a1"))
	runAfter(rep)
	e.waitAI()
	posts := box.drain()
	if len(posts) != 1 {
		t.Fatalf("the AI's posts: %+v", posts)
	}
	p := posts[0].Reply
	if p.Text != "" || len(p.Images) != 0 || len(p.Embeds) != 0 {
		t.Fatalf("the AI's move is for the group DM's channel: %+v", p)
	}
	if len(p.DMs) != 1 || p.DMs[0].User != "alice" || len(p.DMs[0].Reply.Buttons) != 0 ||
		len(p.DMs[0].Reply.Images)+len(p.DMs[0].Reply.Embeds) == 0 || p.DMs[0].Closed == nil {
		t.Fatalf("the AI's move by DM: %+v", p.DMs)
	}
	if g, err := e.db.ActiveGame(t.Context(), OutsideServers, e.chann); err != nil || g.AI != aiName || g.Revision < 2 {
		t.Fatalf("the game outside servers: %+v %v", g, err)
	}
	// bob, who did not opt in, gets nothing from a game of his.
	if d := (&Bot{Store: e.bot.Store, Logger: e.bot.Logger}).offChannel(t.Context(), storeGame(OutsideServers, "bob", "carol"), Reply{Text: "x"}); len(d.DMs) != 0 || d.Text != "" {
		t.Fatalf("notices for players without DMs: %+v", d)
	}
	// A server's game is left as it is.
	if d := e.bot.offChannel(t.Context(), storeGame("g1", "alice", "bob"), Reply{Text: "x"}); d.Text != "x" || len(d.DMs) != 0 {
		t.Fatalf("a server's notice: %+v", d)
	}
}

// TestConfine: with ReachInteraction, a reply keeps its new message for
// the request's channel (a follow-up) and loses its posts elsewhere and
// its edits, their DMs kept, and any Posted hook.
func TestConfine(t *testing.T) {
	dm := DM{User: "bob", Reply: Reply{Text: "your turn"}}
	r := Reply{Text: "a", Posted: func(string) {}, Posts: []Post{
		{Channel: "c1", Reply: Reply{Text: "same channel", Posted: func(string) {}}},
		{Channel: "c2", Reply: Reply{Text: "elsewhere", DMs: []DM{dm}}},
		{Channel: "c1", Message: "m1", Reply: Reply{Text: "an edit"}},
	}}
	kept := r
	confine(&kept, Request{Channel: "c1"})
	if len(kept.Posts) != 3 || kept.Posted == nil {
		t.Fatalf("a reply where the bot is a member changed: %+v", kept)
	}
	confine(&r, Request{Channel: "c1", Reach: ReachInteraction})
	if r.Posted != nil || len(r.Posts) != 1 || r.Posts[0].Reply.Text != "same channel" || r.Posts[0].Reply.Posted != nil {
		t.Fatalf("confined: %+v", r)
	}
	if len(r.DMs) != 1 || !strings.Contains(r.DMs[0].Reply.Text, "your turn") {
		t.Fatalf("the DMs of the posts dropped: %+v", r.DMs)
	}
}

// storeGame is a game of two players kept under guild.
func storeGame(guild, a, b string) store.Game {
	return store.Game{ID: 9, Guild: guild, Channel: "c9", Players: [2]string{a, b}}
}
