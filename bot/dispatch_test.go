package bot

import (
	"context"
	"strings"
	"testing"
)

func TestDirectMessagesRefused(t *testing.T) {
	e := newEnv(t, Config{})
	r := e.req("alice", "challenge", "opponent=bob")
	r.Guild = ""
	refused(t, e.bot.Handle(context.Background(), r), "not in direct messages")
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
		before, err := e.db.ActiveGame(e.guild, e.chann)
		if err != nil {
			t.Fatal(err)
		}
		for _, user := range []string{"alice", "bob"} {
			r := e.in(c.game, "", user, c.sub, c.opts...)
			refusedAs(t, r, "+"+c.game, "game.otherkind", c.use, c.board)
		}
		after, err := e.db.ActiveGame(e.guild, e.chann)
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
