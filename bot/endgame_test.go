package bot

import (
	"bytes"
	"image"
	"image/gif"
	"image/png"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/veletasbot/veletas/store"
)

func TestOpenChallenge(t *testing.T) {
	e := newEnv(t, Config{})
	ch := public(t, e.cmd("alice", "challenge", "size=7"))
	if !strings.Contains(ch.Plain(), "<@alice> challenges anyone to a game of Veletas on 7x7 and plays first.") || len(ch.Mentions) != 0 {
		t.Fatalf("open challenge: %+v", ch)
	}
	refused(t, e.press("alice", button(t, ch, "Accept")), "You made this challenge")
	refused(t, e.press("bob", button(t, ch, "Withdraw")), "not yours to answer")
	if _, err := e.db.Challenge(t.Context(), 1); err != nil {
		t.Fatalf("a refusal removed the challenge: %v", err)
	}
	start := public(t, e.press("carol", button(t, ch, "Accept")))
	if !strings.Contains(start.Plain(), "<@carol> accepted <@alice>'s challenge.") {
		t.Fatalf("start: %q", start.Plain())
	}
	g, err := e.db.ActiveGame(t.Context(), e.guild, e.chann)
	if err != nil || g.Players != [2]string{"alice", "carol"} {
		t.Fatalf("game %+v %v", g.Players, err)
	}
	refused(t, e.press("bob", button(t, ch, "Accept")), "no longer open")

	// /veletas accept takes an open challenge too; the challenger may withdraw.
	e.chann = "c2"
	public(t, e.cmd("bob", "challenge"))
	refused(t, e.cmd("bob", "accept"), "no challenge for you")
	public(t, e.cmd("dave", "accept"))
	if g, err := e.db.ActiveGame(t.Context(), e.guild, "c2"); err != nil || g.Players != [2]string{"bob", "dave"} {
		t.Fatalf("accepted by command: %+v %v", g.Players, err)
	}
	e.chann = "c3"
	ch = public(t, e.cmd("bob", "challenge"))
	if r := public(t, e.press("bob", button(t, ch, "Withdraw"))); !strings.Contains(r.Plain(), "withdrew") {
		t.Fatalf("withdraw: %q", r.Plain())
	}
}

func TestEndReplayRecordRematch(t *testing.T) {
	e := newEnv(t, Config{})
	e.startGame("7")
	// A game resigned before any action has no replay, only the buttons.
	end := public(t, e.cmd("alice", "resign"))
	if len(end.Images) != 1 || len(end.Buttons) != 2 || end.Later != nil {
		t.Fatalf("final message: %d images, buttons %+v", len(end.Images), end.Buttons)
	}
	e.chann = "c2"
	e.startGame("7")
	r := rand.New(rand.NewPCG(11, 12))
	var last Reply
	for {
		g, err := e.db.ActiveGame(t.Context(), e.guild, e.chann)
		if err != nil {
			break
		}
		user, sub, opts := nextCommand(t, g, r)
		last = public(t, e.cmd(user, sub, opts...))
	}
	// The final board at once; the replay is made after it was sent.
	decodePNG(t, last)
	if last.Later == nil {
		t.Fatal("no replay after the final message")
	}
	replay, err := last.Later()
	if err != nil || len(replay.Images) != 1 || !strings.Contains(replay.Plain(), "Replay of game 2") {
		t.Fatalf("replay %+v %v", replay.Plain(), err)
	}
	anim, err := gif.DecodeAll(bytes.NewReader(replay.Images[0].PNG))
	if err != nil {
		t.Fatalf("replay: %v", err)
	}
	done, _ := e.db.FinishedGames(t.Context(), e.guild, "", 1)
	fin := done[0]
	if len(anim.Image) != vstate(fin).Len() {
		t.Fatalf("replay has %d frames for %d actions", len(anim.Image), vstate(fin).Len())
	}
	rec := e.press("carol", button(t, last, "Record"))
	if !rec.Ephemeral || !strings.Contains(rec.Plain(), "Record of game 2") || !strings.Contains(rec.Plain(), vstate(fin).String()) {
		t.Fatalf("record: %+v", rec)
	}
	refused(t, e.press("carol", button(t, last, "Rematch")), "Only the two players")

	// alice (the first player) offers a rematch: bob plays first.
	offer := public(t, e.press("alice", button(t, last, "Rematch")))
	updatedTo(t, offer, "**<@"+fin.Winner+"> wins**", "Record")
	updatedTo(t, offer, "<@alice> asked for a rematch.", "Record")
	offer = followed(t, offer)
	if !strings.Contains(offer.Plain(), "<@bob>, <@alice> offers a rematch of game 2 on 7x7; <@bob> plays first this time.") || !hasMention(offer, "bob") {
		t.Fatalf("rematch: %+v", offer)
	}
	public(t, e.press("bob", button(t, offer, "Accept")))
	g, err := e.db.ActiveGame(t.Context(), e.guild, "c2")
	if err != nil || g.Players != [2]string{"bob", "alice"} || !g.Rated || g.MoveTime != fin.MoveTime {
		t.Fatalf("rematch game %+v %v", g, err)
	}
	refused(t, e.press("bob", button(t, last, "Rematch")), "has a game in progress")

	// bob (the second player) offers one: he plays first.
	public(t, e.cmd("bob", "resign"))
	if done, err := e.db.FinishedGames(t.Context(), e.guild, "", 1); err != nil || len(done) != 1 || done[0].Winner != "alice" || done[0].Reason != store.ReasonResign {
		t.Fatalf("after bob resigned: %+v %v", done, err)
	}
	// Game 1's Rematch is pressed where game 1 was played; the same button
	// pressed in another channel is refused (a forged custom id).
	e.chann = "c3"
	refused(t, e.press("bob", button(t, end, "Rematch")), "not one of mine")
	e.chann = "c1"
	offer = followed(t, public(t, e.press("bob", button(t, end, "Rematch"))))
	if !strings.Contains(offer.Plain(), "<@alice>, <@bob> offers a rematch of game 1 on 7x7; <@bob> plays first this time.") {
		t.Fatalf("rematch: %q", offer.Plain())
	}
	public(t, e.press("alice", button(t, offer, "Accept")))
	if g, err := e.db.ActiveGame(t.Context(), e.guild, "c1"); err != nil || g.Players != [2]string{"bob", "alice"} {
		t.Fatalf("rematch game %+v %v", g.Players, err)
	}
}

// TestRematchAgainstAI: the Rematch button of a game against the computer
// starts a new one at the same level and size at once, the computer first
// as alice began the last one.
func TestRematchAgainstAI(t *testing.T) {
	e := newEnv(t, Config{})
	e.startAI(AIConfig{Workers: 1, NewPlayer: veletasPlayers(seededAI(20))})
	public(t, e.cmd("alice", "challenge", "opponent="+aiName, "level=medium", "size=9"))
	end := public(t, e.cmd("alice", "resign"))
	e.waitAI()
	refused(t, e.press("carol", button(t, end, "Rematch")), "Only the two players")
	again := followed(t, public(t, e.press("alice", button(t, end, "Rematch"))))
	if !strings.Contains(again.Plain(), "plays against me, the computer (medium)") {
		t.Fatalf("AI rematch: %q", again.Plain())
	}
	e.waitAI()
	g, err := e.db.ActiveGame(t.Context(), e.guild, e.chann)
	if err != nil || g.Players != [2]string{aiName, "alice"} || g.AILevel != "medium" || vsize(g) != 9 {
		t.Fatalf("AI rematch game %+v %v", g, err)
	}
}

// TestResignedBoardSaysWhoWon: the image of a game won by resignation says
// so in its strip (the board is the last position's).
func TestResignedBoardSaysWhoWon(t *testing.T) {
	e := newEnv(t, Config{})
	e.startGame("7")
	public(t, e.cmd("alice", "setup", "shooters=d4", "stone=a1"))
	before := public(t, e.cmd("carol", "board"))
	end := public(t, e.cmd("bob", "resign"))
	a, err := png.Decode(bytes.NewReader(before.Images[0].PNG))
	if err != nil {
		t.Fatal(err)
	}
	b, err := png.Decode(bytes.NewReader(end.Images[0].PNG))
	if err != nil {
		t.Fatal(err)
	}
	l := testRenderer(t).Layout(7)
	differ := func(r image.Rectangle) bool {
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				if a.At(x, y) != b.At(x, y) {
					return true
				}
			}
		}
		return false
	}
	if differ(l.Board) || !differ(l.Status) {
		t.Fatal("the resigned game's image should differ from the last board in its strip only")
	}
}
