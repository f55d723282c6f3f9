package bot

import (
	"context"
	"strings"
	"testing"
)

// TestDirectMessagesOutsideServers: a challenge in a group DM where the
// bot may only answer (ReachInteraction) is kept outside any server
// (OutsideServers), not in the server's, and its reply records no message
// for a later edit (confine); help answers there too.
func TestDirectMessagesOutsideServers(t *testing.T) {
	e := newEnv(t, Config{})
	r := e.req("alice", "challenge", "opponent=bob")
	r.Guild, r.Reach = "", ReachInteraction
	got := e.bot.Handle(context.Background(), r)
	if got.Ephemeral || got.Posted != nil || !strings.Contains(got.Text, "challenges you") {
		t.Fatalf("a challenge in a group DM: %+v", got)
	}
	if cs, err := e.db.Challenges(t.Context(), OutsideServers, e.chann); err != nil || len(cs) != 1 {
		t.Fatalf("challenges outside servers: %+v %v", cs, err)
	}
	if cs, err := e.db.Challenges(t.Context(), e.guild, e.chann); err != nil || len(cs) != 0 {
		t.Fatalf("the server's challenges: %+v %v", cs, err)
	}
	r = e.req("alice", "help")
	r.Guild = ""
	if got := e.bot.Handle(context.Background(), r); !strings.Contains(got.Plain(), "How to play") {
		t.Fatalf("help in DM: %q", got.Plain())
	}
}

// TestOtherGameCommands: every game action of one game in a channel whose
// game is another's is refused alike, naming the command to use, and
// changes nothing; the views show the game whichever command asks.
func TestOtherGameCommands(t *testing.T) {
	e := newEnv(t, Config{})
	e.startFanorona("")
	public(t, e.fcmd("alice", "move", "path=d2-e3A"))
	e.chann = "c2"
	e.startGame("7")
	for _, c := range []struct {
		chann, game, sub string
		opts             []string
		use, board       string
	}{
		{"c1", "veletas", "resign", nil, "/fanorona resign", "/fanorona"},
		{"c1", "veletas", "takeback", nil, "/fanorona takeback", "/fanorona"},
		{"c1", "veletas", "claim", nil, "/fanorona claim", "/fanorona"},
		{"c1", "veletas", "move", []string{"shooter=c4", "shoot=c6"}, "/fanorona move", "/fanorona"},
		{"c1", "veletas", "setup", []string{"shooters=c5", "stone=d2"}, "/fanorona", "/fanorona"},
		{"c1", "veletas", "keep", nil, "/fanorona", "/fanorona"},
		{"c2", "fanorona", "resign", nil, "/veletas resign", "/veletas"},
		{"c2", "fanorona", "takeback", nil, "/veletas takeback", "/veletas"},
		{"c2", "fanorona", "claim", nil, "/veletas claim", "/veletas"},
		{"c2", "fanorona", "move", []string{"path=d2-e3A"}, "/veletas move", "/veletas"},
		{"c2", "fanorona", "stop", nil, "/veletas", "/veletas"},
		{"c2", "fanorona", "draw", nil, "/veletas", "/veletas"},
	} {
		e.chann = c.chann
		before, err := e.db.ActiveGame(t.Context(), e.guild, e.chann)
		if err != nil {
			t.Fatal(err)
		}
		for _, user := range []string{"alice", "bob"} {
			r := e.in(c.game, "", user, c.sub, c.opts...)
			refusedAs(t, r, "+"+c.game, "game.otherkind", c.use, c.board)
		}
		after, err := e.db.ActiveGame(t.Context(), e.guild, e.chann)
		if err != nil || after.Revision != before.Revision || after.Over() || after.TakebackBy != "" || after.DrawBy != "" {
			t.Fatalf("/%s %s in %s changed the game: %v %+v", c.game, c.sub, c.chann, err, after)
		}
	}
	e.chann = "c1"
	refused(t, e.in("veletas", "", "alice", "resign"), "The game in this channel is not played with this command: use `/fanorona resign` (`/fanorona board` shows it). Nothing was done.")
	refused(t, e.in("veletas", "fr", "alice", "resign"), "La partie de ce salon ne se joue pas avec cette commande : utilisez `/fanorona resign` (`/fanorona board` l'affiche). Rien n'a été fait.")
	refused(t, e.in("veletas", "ja", "alice", "resign"), "このチャンネルの対局はこのコマンドでは遊べません。`/fanorona resign` を使ってください（`/fanorona board` で盤面を表示）。何も変更されていません。")
	// The views show the channel's game, whichever command asks.
	if r := public(t, e.cmd("carol", "board")); len(r.Embeds) == 0 || !strings.Contains(r.Plain(), "Fanorona") {
		t.Fatalf("/veletas board in a Fanorona channel: %q", r.Plain())
	}
}

// TestGameOverActions: a game action after the channel's game ended says
// the game is over, with its result, and how to start another; a channel
// that never had a game says there is none.
func TestGameOverActions(t *testing.T) {
	e := newEnv(t, Config{})
	refusedAs(t, e.cmd("alice", "move", "shooter=c4", "shoot=c6"), "", "err.nogame")
	e.startGame("7")
	public(t, e.cmd("bob", "resign"))
	for _, sub := range []string{"move", "resign", "takeback", "claim", "setup", "keep"} {
		refusedAs(t, e.cmd("alice", sub), "", "game.over", 1, "<@alice> won by resignation")
	}
	refused(t, e.cmd("bob", "move"), "The game in this channel is over: game 1, <@alice> won by resignation. `/veletas board` shows it; start another with `/veletas challenge opponent:@someone`, or press Rematch on its last message.")
	refused(t, e.in("", "fr", "bob", "move"), "La partie de ce salon est terminée : partie 1, victoire de <@alice> par abandon. `/veletas board` l'affiche ; lancez-en une autre avec `/veletas challenge opponent:@quelqu'un`, ou appuyez sur Revanche sous son dernier message.")
	refused(t, e.in("", "ja", "bob", "move"), "このチャンネルの対局は終わりました（対局 1、<@alice> さんの勝ち（投了））。")
	// A Fanorona game drawn by agreement, in another channel.
	e.chann = "c2"
	e.startFanorona("")
	off := public(t, e.fcmd("alice", "draw"))
	e.press("bob", button(t, off, "Accept"))
	for _, sub := range []string{"move", "stop", "draw", "resign"} {
		refusedAs(t, e.fcmd("bob", sub), "+fanorona", "game.over", 2, "drawn (agreement)")
	}
	refused(t, e.fcmd("bob", "move", "path=d2-e3A"), "`/fanorona board` shows it; start another with `/fanorona challenge opponent:@someone`")
	// A new game replaces the message.
	public(t, e.press("bob", button(t, public(t, e.fcmd("alice", "challenge", "opponent=bob")), "Accept")))
	public(t, e.fcmd(e.fgame().ToAct(), "move", "path=d2-e3A"))
}
