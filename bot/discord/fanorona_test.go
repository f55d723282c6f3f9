package discord

import (
	"fmt"
	"strings"
	"testing"

	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/bot/internal/bottest"
	"github.com/veletasbot/veletas/game/fanorona"
	"github.com/veletasbot/veletas/internal/fakediscord"
)

// TestDiscordFanorona: /fanorona through the adapter and the fake Discord:
// the challenge's buttons, the game in its thread with its card, the
// autocomplete of path (only legal turns), a step that opens a sequence,
// a refusal in Japanese, and the draw offer's buttons updating their
// message.
func TestDiscordFanorona(t *testing.T) {
	e := bottest.NewEnv(t, bot.Config{})
	de := newDiscordEnv(t, nil, e)
	cmd := func(channel string, u fakediscord.User, sub string, opts ...fakediscord.Option) fakediscord.Message {
		t.Helper()
		return de.send(t, fakediscord.GameCommand("fanorona", de.id(), de.Guild, channel, u, fakediscord.AllPermissions, sub, opts, bob))
	}
	ch := cmd("c1", alice, "challenge", fakediscord.UserOpt("opponent", bob.ID), fakediscord.Str("side", "white"))
	if ch.Ephemeral() || !strings.Contains(ch.Text(), "challenges you to a game of Fanorona") {
		t.Fatalf("challenge: %+v", ch)
	}
	acc := de.press(t, "c1", bob, fakediscord.AllPermissions, buttonOf(t, ch, "Accept"))
	if !strings.Contains(acc.Text(), "The game is on in <#thread-") {
		t.Fatalf("accept: %q", acc.Text())
	}
	thread := acc.Text()[strings.Index(acc.Text(), "<#")+2 : strings.Index(acc.Text(), ">.")]
	post, err := de.fake.NextPost(thread, replyWait)
	if err != nil {
		t.Fatal(err)
	}
	checkPNG(t, post)
	if len(post.Embeds) != 1 || post.Embeds[0].Title != "Fanorona, game 1" || post.Content != "<@"+alice.ID+">" {
		t.Fatalf("first card: %q %+v", post.Content, post.Embeds)
	}
	// Autocomplete: the five opening turns.
	ac := de.send(t, fakediscord.GameCommand("fanorona", de.id(), de.Guild, thread, alice, fakediscord.AllPermissions, "move",
		[]fakediscord.Option{fakediscord.Focus("path", "")}))
	if ac.Type != 8 || len(ac.Choices) != 5 {
		t.Fatalf("autocomplete: %+v", ac)
	}
	g, err := e.DB.ActiveGame(t.Context(), e.Guild, thread)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range ac.Choices {
		if _, err := fmatch(g).Position().ApplyToken(fmt.Sprint(c.Value)); err != nil {
			t.Fatalf("suggested %q: %v", c.Value, err)
		}
	}
	// A refusal in the user's language.
	in := fakediscord.GameCommand("fanorona", de.id(), de.Guild, thread, alice, fakediscord.AllPermissions, "stop", nil)
	in["locale"] = "ja"
	if m := de.send(t, in); !m.Ephemeral() || !strings.Contains(m.Text(), "取りの途中ではないので") {
		t.Fatalf("stop refused: %+v", m)
	}
	m := cmd(thread, alice, "move", fakediscord.Str("path", "d2-e3A"))
	checkPNG(t, m)
	if v, ok := m.Embeds[0].Field("Last action"); !ok || v != "`d2-e3A` by <@"+alice.ID+">" {
		t.Fatalf("last action %q", v)
	}
	// The draw offer's Decline updates its own message.
	off := cmd(thread, bob, "draw")
	dec := de.press(t, thread, alice, fakediscord.AllPermissions, buttonOf(t, off, "Decline"))
	if dec.Type != 7 && dec.Kind != "edit" || len(dec.Buttons) != 0 || !strings.Contains(dec.Text(), "declined") {
		t.Fatalf("decline: %+v", dec)
	}
	if g, err = e.DB.ActiveGame(t.Context(), e.Guild, thread); err != nil || g.Over() || g.Kind != kindFanorona || fmatch(g).Position().ToMove() != fanorona.Black {
		t.Fatalf("game after the declined draw: %v %+v", err, g)
	}
}
