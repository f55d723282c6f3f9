package bot

import (
	"slices"
	"testing"
)

// TestActivityButton: with Config.Activity, a game's card (and /board's)
// has "Play on the board", whose press asks the front end to launch the
// Activity and changes nothing; a bot without it has no such button and
// refuses one left from before.
func TestActivityButton(t *testing.T) {
	e := newEnv(t, Config{Activity: true})
	card := followed(t, e.startGame("7"))
	id := button(t, card, "Play on the board")
	if i := slices.IndexFunc(card.Buttons, func(b Button) bool { return b.CustomID == id }); i < 0 || card.Buttons[i].URL != "" {
		t.Fatalf("the button is %+v", card.Buttons)
	}
	g, err := e.db.ActiveGame(t.Context(), e.guild, e.chann)
	if err != nil {
		t.Fatal(err)
	}
	r := e.press("carol", id) // anyone may watch
	if !r.LaunchActivity || !r.Ephemeral || r.Text != tr("", "activity.launch") || r.Update || len(r.Buttons) != 0 {
		t.Fatalf("the press answered %+v", r)
	}
	after, err := e.db.ActiveGame(t.Context(), e.guild, e.chann)
	if err != nil || after.Revision != g.Revision {
		t.Errorf("the press changed the game: revision %d -> %d (%v)", g.Revision, after.Revision, err)
	}
	button(t, public(t, e.cmd("alice", "board")), "Play on the board")

	off := newEnv(t, Config{})
	offCard := followed(t, off.startGame("7"))
	for _, b := range offCard.Buttons {
		if b.Label == "Play on the board" {
			t.Errorf("a card without Config.Activity has %+v", b)
		}
	}
	r = off.press("alice", id)
	refusedAs(t, r, "", "activity.off")
	if r.LaunchActivity {
		t.Error("a refused press launches the Activity")
	}
}
