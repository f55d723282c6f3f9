package discord

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/bot/internal/bottest"
	"github.com/veletasbot/veletas/internal/fakediscord"
)

// slowPicker is the bot, but a picker's step (a choice in its menu, or
// Confirm) waits for gate before it is handled: its preview is slow to
// draw, as under load. The test closes gate once Discord saw the
// deferral, so no sleep decides the order.
type slowPicker struct {
	*bot.Bot
	gate chan struct{}
}

func (h slowPicker) Autocomplete(ctx context.Context, req bot.Request) []bot.Choice {
	return h.Bot.Autocomplete(ctx, req)
}

func (h slowPicker) Handle(ctx context.Context, req bot.Request) bot.Reply {
	if req.Type == bot.TypeButton && strings.Contains(req.CustomID, ":pk:") {
		<-h.gate
	}
	return h.Bot.Handle(ctx, req)
}

// TestDiscordPickerStepDeferred: when a picker's step is not ready within
// DeferAfter (its preview slow to draw), the choice is acknowledged at
// once with a deferred update (type 6) and the picker's ephemeral message
// is then edited in place into the next step, its menu and new preview
// included; a Confirm deferred alike edits the picker into "Played" and
// the public card follows as a follow-up.
func TestDiscordPickerStepDeferred(t *testing.T) {
	e := bottest.NewEnv(t, bot.Config{})
	h := slowPicker{Bot: e.Bot, gate: make(chan struct{})}
	de := newDiscordEnv(t, h, e)
	card := de.startGame(t, "c1", "amazons")
	pk, _ := de.pressOn(t, "c1", alice, card, "Play")
	pk = de.stored(t, pk.ID)
	before := pk.Text()
	de.d.DeferAfter = time.Millisecond // any wait defers: the gate holds the step

	step := func(send map[string]any) fakediscord.Message {
		t.Helper()
		id := send["id"].(string)
		if err := de.fake.Send(send); err != nil {
			t.Fatal(err)
		}
		first, err := de.fake.Next(id, replyWait)
		if err != nil || first.Kind != "callback" || first.Type != 6 {
			t.Fatalf("the first answer to a slow step: %+v %v", first, err)
		}
		h.gate <- struct{}{} // the step may go on now
		edit, err := de.fake.Next(id, replyWait)
		if err != nil || edit.Kind != "edit" {
			t.Fatalf("after the deferral: %+v %v", edit, err)
		}
		return edit
	}

	menu, _ := menuOf(pk)
	edit := step(fakediscord.Choose(de.id(), de.Guild, "c1", alice, fakediscord.NoThreads, pk.ID, menu.CustomID, menu.Options[0].Value))
	got := de.stored(t, pk.ID)
	if got.Text() == before || !strings.Contains(got.Text(), "Choose where it goes") || !got.Ephemeral() {
		t.Fatalf("the picker after a deferred choice: %q", got.Text())
	}
	if _, ok := menuOf(got); !ok || len(edit.Files) != 1 || !strings.HasPrefix(edit.Files[0].Name, "pick-") {
		t.Fatalf("the deferred step's menu and preview: %+v", edit)
	}
	checkPickerPNG(t, got)

	// On to Confirm, each choice deferred.
	for !hasButton(got, "Confirm") {
		m, _ := menuOf(got)
		step(fakediscord.Choose(de.id(), de.Guild, "c1", alice, fakediscord.NoThreads, got.ID, m.CustomID, m.Options[0].Value))
		got = de.stored(t, pk.ID)
	}
	id := de.id()
	step(fakediscord.Press(id, de.Guild, "c1", alice, fakediscord.NoThreads, got.ID, buttonOf(t, got, "Confirm")))
	if got = de.stored(t, pk.ID); !strings.Contains(got.Text(), "Played ") {
		t.Fatalf("the picker after a deferred Confirm: %q", got.Text())
	}
	next, err := de.fake.Next(id, replyWait)
	if err != nil || next.Kind != "followup" || next.Ephemeral() || !hasButton(next, "Play") {
		t.Fatalf("the card after a deferred Confirm: %+v %v", next, err)
	}
	if g, err := e.DB.ActiveGame(t.Context(), e.Guild, "c1"); err != nil || g.Revision != 1 || g.ToAct() != bob.ID {
		t.Fatalf("the game after the deferred Confirm: %+v %v", g, err)
	}
	if inv := de.fake.Invalid(); len(inv) != 0 {
		t.Fatalf("Discord would refuse: %v", inv)
	}
}
