package bot

import (
	"strings"
	"testing"
)

// TestRematchTwiceAndCrossing: Rematch pressed twice by the same player
// posts one offer (the second press is refused, saying the offer waits
// for the opponent); the opponent pressing Rematch then accepts that offer
// and starts one game, instead of posting a crossing offer.
func TestRematchTwiceAndCrossing(t *testing.T) {
	e := newEnv(t, Config{})
	e.startGame("7")
	end := public(t, e.cmd("bob", "resign"))
	rematch := button(t, end, "Rematch")

	offer := public(t, e.press("alice", rematch))
	updatedTo(t, offer, "<@alice> asked for a rematch.", "Record")
	offer = followed(t, offer)
	if !strings.Contains(offer.Plain(), "offers a rematch") {
		t.Fatalf("first press: %q", offer.Plain())
	}
	if offer.Posted == nil {
		t.Fatal("the rematch offer does not record its message (Reply.Posted)")
	}
	offer.Posted("1300000000000000009") // as the front end does with the follow-up's id
	refused(t, e.press("alice", rematch), "You offered a rematch already: it is up to <@bob> to accept it.")
	all, err := e.db.Challenges(t.Context(), e.guild, e.chann)
	if err != nil || len(all) != 1 || all[0].Message != "1300000000000000009" {
		t.Fatalf("after two presses by alice: %+v (%v), want 1 challenge, its message recorded", all, err)
	}

	started := e.press("bob", rematch)
	updatedTo(t, started, "<@bob> accepted <@alice>'s challenge.", "Record")
	if next := followed(t, started); strings.Contains(next.Plain(), "offers a rematch") || !strings.Contains(next.Plain(), "<@bob>, your turn") {
		t.Fatalf("bob's press made another offer or was refused: %q", next.Plain())
	}
	g, err := e.db.ActiveGame(t.Context(), e.guild, e.chann)
	if err != nil || g.Players != [2]string{"bob", "alice"} {
		t.Fatalf("the rematch game after bob's press: %+v, %v", g.Players, err)
	}
	if all, err := e.db.Challenges(t.Context(), e.guild, e.chann); err != nil || len(all) != 0 {
		t.Fatalf("challenges left after the rematch started: %+v, %v", all, err)
	}
	// bob's Rematch press accepted the offer from another message: the
	// offer's message is edited to say so, without buttons.
	if got := edits(t, started); len(got) != 1 || got["1300000000000000009"].Reply.Text != "<@alice>'s challenge to <@bob> was accepted." {
		t.Fatalf("the offer's message after the crossing press: edits %+v", started.Posts)
	}
	// The offer's own Accept button is stale now.
	if r := e.press("bob", button(t, offer, "Accept")); !r.Ephemeral {
		t.Fatalf("the offer accepted a second time: %q", r.Plain())
	}
}

// TestRematchCommand: /GAME rematch does what the last game's Rematch
// button does: the offer is the command's own reply (not an update of a
// message), the opponent's Accept starts the game with the sides swapped;
// it is refused where no game of that kind ended and to a non-player.
func TestRematchCommand(t *testing.T) {
	e := newEnv(t, Config{})
	refused(t, e.cmd("alice", "rematch"), "This channel has no finished game of this kind to play again. Challenge someone with `/veletas challenge`.")
	e.startGame("7")
	public(t, e.cmd("bob", "resign"))

	refused(t, e.cmd("carol", "rematch"), "Only the two players of this game can ask for a rematch.")
	offer := public(t, e.cmd("alice", "rematch"))
	if offer.Update || !strings.Contains(offer.Plain(), "offers a rematch") {
		t.Fatalf("the rematch command's reply: update %v, %q", offer.Update, offer.Plain())
	}
	public(t, e.press("bob", button(t, offer, "Accept")))
	g, err := e.db.ActiveGame(t.Context(), e.guild, e.chann)
	if err != nil || g.Players != [2]string{"bob", "alice"} {
		t.Fatalf("the rematch game: %+v, %v", g.Players, err)
	}
}
