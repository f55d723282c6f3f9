package discord

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/bot/internal/bottest"
	"github.com/veletasbot/veletas/game/veletas"
	"github.com/veletasbot/veletas/internal/fakediscord"
	"github.com/veletasbot/veletas/store"
)

// pressOn presses the button labelled on message m (as the fake Discord
// stores it) and returns the answer and the interaction's id.
func (de *discordEnv) pressOn(t testing.TB, channel string, u fakediscord.User, m fakediscord.Message, label string) (fakediscord.Message, string) {
	t.Helper()
	id := de.id()
	return de.send(t, fakediscord.Press(id, de.Guild, channel, u, fakediscord.NoThreads, m.ID, buttonOf(t, m, label))), id
}

// stored returns message id as the fake Discord holds it now.
func (de *discordEnv) stored(t testing.TB, id string) fakediscord.Message {
	t.Helper()
	m, ok := de.fake.Message(id)
	if !ok {
		t.Fatalf("no message %s in the fake Discord", id)
	}
	return m
}

// labels lists a message's buttons: "Accept Decline".
func labels(m fakediscord.Message) string {
	var out []string
	for _, b := range m.Buttons {
		out = append(out, b.Label)
	}
	return strings.Join(out, " ")
}

// settledTo checks that the press answered with an update (type 7, or an
// edit after a deferred update) and that the pressed message now says
// want and has the buttons listed in wantButtons.
func (de *discordEnv) settledTo(t testing.TB, answer fakediscord.Message, pressed, want, wantButtons string) fakediscord.Message {
	t.Helper()
	if answer.Ephemeral() || !(answer.Kind == "callback" && answer.Type == 7 || answer.Kind == "edit") || answer.ID != pressed {
		t.Fatalf("the press did not update its message %s: %+v", pressed, answer)
	}
	m := de.stored(t, pressed)
	if !strings.Contains(m.Text(), want) || labels(m) != wantButtons {
		t.Fatalf("the pressed message says %q with buttons [%s], want %q with [%s]", m.Text(), labels(m), want, wantButtons)
	}
	return m
}

// unchanged checks that a press was refused with an ephemeral message
// saying why, and that the pressed message is as it was.
func (de *discordEnv) unchanged(t testing.TB, answer fakediscord.Message, before fakediscord.Message, why string) {
	t.Helper()
	if !answer.Ephemeral() || !strings.Contains(answer.Text(), why) {
		t.Fatalf("want an ephemeral refusal %q, got %+v", why, answer)
	}
	after := de.stored(t, before.ID)
	if after.Text() != before.Text() || labels(after) != labels(before) {
		t.Fatalf("a refused press changed its message: %q [%s] -> %q [%s]", before.Text(), labels(before), after.Text(), labels(after))
	}
}

// TestDiscordButtonsUpdateTheirMessage presses every button that settles
// something through the adapter and the fake Discord, and checks the
// pressed message's text and components after each press: a challenge's
// Accept, Decline and Withdraw, Swap and Keep, a takeback's Accept and
// Decline, and Rematch. Pressing a settled message's old button again is
// refused and changes nothing. Some presses are deferred first (a slow
// answer), so the update comes as an edit after a deferred update.
func TestDiscordButtonsUpdateTheirMessage(t *testing.T) {
	e := bottest.NewEnv(t, bot.Config{})
	de := newDiscordEnv(t, nil, e)
	fast := de.d.DeferAfter
	challenge := func(channel string, opts ...fakediscord.Option) fakediscord.Message {
		t.Helper()
		m := de.command(t, channel, alice, fakediscord.NoThreads, "challenge", opts, bob)
		if m.Type != 4 || m.ID == "" || m.Ephemeral() {
			t.Fatalf("challenge: %+v", m)
		}
		return de.stored(t, m.ID)
	}

	// Decline: the challenge's message says so and loses its buttons.
	ch := challenge("c1", fakediscord.UserOpt("opponent", bob.ID), fakediscord.Str("size", "7"))
	if labels(ch) != "Accept Decline" {
		t.Fatalf("challenge buttons [%s]", labels(ch))
	}
	ans, _ := de.pressOn(t, "c1", carol, ch, "Accept")
	de.unchanged(t, ans, ch, "only they can answer")
	ans, _ = de.pressOn(t, "c1", bob, ch, "Decline")
	de.settledTo(t, ans, ch.ID, "<@"+bob.ID+"> declined <@"+alice.ID+">'s challenge.", "")
	// Its Accept, pressed on a stale copy of the message, is refused.
	declined := de.stored(t, ch.ID)
	ans, _ = de.pressOn(t, "c1", bob, ch, "Accept")
	de.unchanged(t, ans, declined, "no longer open")
	if _, err := e.DB.ActiveGame(t.Context(), e.Guild, "c1"); !errors.Is(err, store.ErrNoGame) {
		t.Fatalf("a game started from a declined challenge: %v", err)
	}

	// Withdraw an open challenge, answered late: a deferred update, then
	// an edit of the pressed message.
	open := challenge("c1", fakediscord.Str("size", "7"))
	if labels(open) != "Accept Withdraw" {
		t.Fatalf("open challenge buttons [%s]", labels(open))
	}
	de.d.DeferAfter = time.Nanosecond
	ans, _ = de.pressOn(t, "c1", bob, open, "Withdraw") // refused late: an ephemeral follow-up
	de.unchanged(t, ans, open, "not yours to answer")
	ans, id := de.pressOn(t, "c1", alice, open, "Withdraw")
	if first, _, _ := de.fake.ReplyAndAck(id, 0); first.Kind != "" {
		t.Fatalf("a message after the edit: %+v", first)
	}
	de.settledTo(t, ans, open.ID, "<@"+alice.ID+"> withdrew the open challenge.", "")
	de.d.DeferAfter = fast

	// Accept: the message says who accepted, without buttons; the board
	// follows as a new message that pings the first player.
	ch = challenge("c1", fakediscord.UserOpt("opponent", bob.ID), fakediscord.Str("size", "7"), fakediscord.Str("time", "1d"))
	ans, id = de.pressOn(t, "c1", bob, ch, "Accept")
	de.settledTo(t, ans, ch.ID, "<@"+bob.ID+"> accepted <@"+alice.ID+">'s challenge.", "")
	board, err := de.fake.Next(id, 10*time.Second)
	if err != nil || board.Kind != "followup" || board.Ephemeral() || !strings.Contains(board.Text(), "<@"+alice.ID+">, your turn") {
		t.Fatalf("the board after Accept: %+v %v", board, err)
	}
	checkPNG(t, board)
	allowedOnly(t, board, alice.ID)
	accepted := de.stored(t, ch.ID)
	ans, _ = de.pressOn(t, "c1", bob, ch, "Accept")
	de.unchanged(t, ans, accepted, "no longer open")

	// Keep, answered late: the board's message says what was chosen,
	// keeps its image and loses Swap and Keep; the next board follows.
	setup := de.command(t, "c1", alice, fakediscord.NoThreads, "setup",
		[]fakediscord.Option{fakediscord.Str("shooters", "c5"), fakediscord.Str("stone", "d2")})
	choice := de.stored(t, setup.ID)
	if labels(choice) != "Swap Keep Play" || len(choice.Files) != 1 {
		t.Fatalf("the board before the choice: [%s] %d files", labels(choice), len(choice.Files))
	}
	de.d.DeferAfter = time.Nanosecond
	ans, id = de.pressOn(t, "c1", bob, choice, "Keep")
	kept := de.settledTo(t, ans, choice.ID, "<@"+bob.ID+"> chose **Keep**.", "")
	if len(kept.Files) != 1 {
		t.Fatalf("the board's image went: %d files", len(kept.Files))
	}
	board, err = de.fake.Next(id, 10*time.Second)
	if err != nil || board.Kind != "followup" || !strings.Contains(board.Text(), "<@"+bob.ID+">, your turn") {
		t.Fatalf("the board after Keep: %+v %v", board, err)
	}
	allowedOnly(t, board, bob.ID)
	de.d.DeferAfter = fast
	before, _ := e.DB.ActiveGame(t.Context(), e.Guild, "c1")
	ans, _ = de.pressOn(t, "c1", bob, choice, "Swap")
	de.unchanged(t, ans, kept, "out of date")
	if g, err := e.DB.ActiveGame(t.Context(), e.Guild, "c1"); err != nil || g.Revision != before.Revision || vplayer(g, veletas.White) != bob.ID {
		t.Fatalf("a stale Swap changed the game: revision %d -> %d, White %s, %v", before.Revision, g.Revision, vplayer(g, veletas.White), err)
	}

	// Takeback: Decline, then Accept, each settling the request's message.
	de.command(t, "c1", bob, fakediscord.NoThreads, "setup",
		[]fakediscord.Option{fakediscord.Str("shooters", "a1 g7"), fakediscord.Str("stone", "e4")})
	g, err := e.DB.ActiveGame(t.Context(), e.Guild, "c1")
	if err != nil {
		t.Fatal(err)
	}
	mover := map[string]fakediscord.User{alice.ID: alice, bob.ID: bob}[g.ToAct()]
	other := map[string]fakediscord.User{alice.ID: bob, bob.ID: alice}[mover.ID]
	turn := de.command(t, "c1", mover, fakediscord.NoThreads, "move", moveOptions(t, g))
	if turn.Ephemeral() {
		t.Fatalf("move: %+v", turn)
	}
	ask := de.command(t, "c1", mover, fakediscord.NoThreads, "takeback", nil)
	ask = de.stored(t, ask.ID)
	ans, _ = de.pressOn(t, "c1", other, ask, "Decline")
	de.settledTo(t, ans, ask.ID, "declined the takeback", "")
	ask = de.stored(t, de.command(t, "c1", mover, fakediscord.NoThreads, "takeback", nil).ID)
	ans, id = de.pressOn(t, "c1", other, ask, "Accept")
	asked := de.settledTo(t, ans, ask.ID, "accepted the takeback: <@"+mover.ID+">'s last turn is undone.", "")
	board, err = de.fake.Next(id, 10*time.Second)
	if err != nil || !strings.Contains(board.Text(), "<@"+mover.ID+">, your turn") {
		t.Fatalf("the board after the takeback: %+v %v", board, err)
	}
	allowedOnly(t, board, mover.ID)
	ans, _ = de.pressOn(t, "c1", other, ask, "Accept")
	de.unchanged(t, ans, asked, "no longer open")

	// Rematch: the final message keeps its result and Record, loses
	// Rematch and says who asked; the offer follows.
	end := de.command(t, "c1", mover, fakediscord.NoThreads, "resign", nil)
	final := de.stored(t, end.ID)
	if labels(final) != "Record Rematch" || len(final.Files) != 1 {
		t.Fatalf("final message [%s] %d files", labels(final), len(final.Files))
	}
	ans, id = de.pressOn(t, "c1", mover, final, "Rematch")
	after := de.settledTo(t, ans, final.ID, "<@"+mover.ID+"> asked for a rematch.", "Record")
	if !strings.Contains(after.Text(), "**<@"+other.ID+"> wins** by resignation") || len(after.Files) != 1 {
		t.Fatalf("the final message after Rematch: %q, %d files", after.Text(), len(after.Files))
	}
	offer, err := de.fake.Next(id, 10*time.Second)
	if err != nil || !strings.Contains(offer.Text(), "offers a rematch") || labels(offer) != "Accept Decline" {
		t.Fatalf("the offer: %+v %v", offer, err)
	}
	allowedOnly(t, offer, other.ID)
	rec, _ := de.pressOn(t, "c1", carol, after, "Record")
	if !rec.Ephemeral() || !strings.Contains(rec.Text(), "Record of game") || labels(de.stored(t, final.ID)) != "Record" {
		t.Fatalf("record: %+v", rec)
	}
}

// moveOptions is a legal turn of game g as command options.
func moveOptions(t testing.TB, g store.Game) []fakediscord.Option {
	t.Helper()
	for _, from := range vstate(g).Position().Unclaimed().Squares() {
		for _, shot := range vstate(g).Position().Shots(from, veletas.NoSquare).Squares() {
			return []fakediscord.Option{fakediscord.Str("shooter", from.String()), fakediscord.Str("shoot", shot.String())}
		}
	}
	t.Fatal("no turn without a move")
	return nil
}
