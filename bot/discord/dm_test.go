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

// TestDMsThroughDiscord: alice turns DMs on with /veletas notify; when a
// game asks her to act, the adapter opens her DM channel (POST
// /users/@me/channels, once) and posts the notice there with a link to
// the game. When Discord answers 403 (code 50007), her settings record it
// and no DM is tried again, not even the channel; /veletas notify dm:on
// tries again.
func TestDMsThroughDiscord(t *testing.T) {
	e := bottest.NewEnv(t, bot.Config{})
	de := newDiscordEnv(t, nil, e)
	on := de.command(t, "c1", alice, fakediscord.AllPermissions, "notify", []fakediscord.Option{fakediscord.Str("dm", "on")})
	if !on.Ephemeral() || !strings.Contains(on.Text(), "Direct messages are on") {
		t.Fatalf("notify: %+v", on)
	}
	ch := de.command(t, "c1", alice, fakediscord.NoThreads, "challenge",
		[]fakediscord.Option{fakediscord.UserOpt("opponent", bob.ID), fakediscord.Str("size", "7")}, bob)
	de.press(t, "c1", bob, fakediscord.NoThreads, buttonOf(t, ch, "Accept"))
	dmc := fakediscord.DMChannel(alice.ID)
	dm, err := de.fake.NextPost(dmc, 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	link := "https://discord.com/channels/" + e.Guild + "/c1"
	if dm.Kind != "post" || dm.Content != "Your turn in Veletas game 1 (7x7) against <@"+bob.ID+">: "+link || len(dm.AllowedUsers) != 0 {
		t.Fatalf("DM: %+v", dm)
	}
	if n := de.fake.DMChannelsOpened(alice.ID); n != 1 {
		t.Fatalf("DM channel opened %d times", n)
	}
	if de.fake.DMChannelsOpened(bob.ID) != 0 {
		t.Fatal("bob, who did not opt in, got a DM channel")
	}

	// The rest goes through the adapter's Send, which returns once the
	// message and its DMs are out: the game asks alice to act again.
	ctx := context.Background()
	de.command(t, "c1", alice, fakediscord.NoThreads, "setup", []fakediscord.Option{fakediscord.Str("shooters", "c5"), fakediscord.Str("stone", "d2")})
	keep := e.Bot.Handle(ctx, bot.Request{Type: bot.TypeCommand, Guild: e.Guild, Channel: "c1", User: bot.User{ID: bob.ID}, Command: "keep"})
	setup := e.Bot.Handle(ctx, bot.Request{Type: bot.TypeCommand, Guild: e.Guild, Channel: "c1", User: bot.User{ID: bob.ID}, Command: "setup",
		Options: map[string]string{"shooters": "a7 g1", "stone": "g7"}})
	if len(keep.DMs) != 0 || len(setup.DMs) != 1 {
		t.Fatalf("DMs: keep %+v, setup %+v", keep.DMs, setup.DMs)
	}
	if err := de.d.Send(ctx, "c1", setup); err != nil {
		t.Fatal(err)
	}
	if m, err := de.fake.NextPost(dmc, time.Second); err != nil || !strings.HasPrefix(m.Content, "Your turn in Veletas game 1") {
		t.Fatalf("second DM: %+v %v", m, err)
	}
	if n := de.fake.DMChannelsOpened(alice.ID); n != 1 {
		t.Fatalf("DM channel opened %d times, want once (kept)", n)
	}

	// alice closes her DMs: Discord's 403 is noted.
	de.fake.CloseDMs(alice.ID)
	if err := de.d.Send(ctx, "c1", setup); err != nil {
		t.Fatal(err)
	}
	if m, ok := de.fake.PollPost(dmc); !ok || m.Kind != "refused" {
		t.Fatalf("the refused DM: %+v %v", m, ok)
	}
	if u, err := e.DB.UserSettings(t.Context(), alice.ID); err != nil || !u.DMClosed || !u.Notify {
		t.Fatalf("alice's settings after the 403: %+v %v", u, err)
	}
	if !strings.Contains(e.Logs.String(), "DMs are closed") {
		t.Fatalf("logs: %s", e.Logs.String())
	}
	// No more DMs: the end of the game (she resigns) carries none for
	// her, and nothing reaches Discord, not even a new DM channel.
	board := e.Bot.Handle(ctx, bot.Request{Type: bot.TypeCommand, Guild: e.Guild, Channel: "c1", User: bot.User{ID: alice.ID}, Command: "resign"})
	if len(board.AllDMs()) != 0 {
		t.Fatalf("DMs after the 403: %+v", board.AllDMs())
	}
	if err := de.d.Send(ctx, "c1", board); err != nil {
		t.Fatal(err)
	}
	if m, ok := de.fake.PollPost(dmc); ok {
		t.Fatalf("a DM after the 403: %+v", m)
	}
	if n := de.fake.DMChannelsOpened(alice.ID); n != 1 {
		t.Fatalf("DM channel opened %d times after the 403", n)
	}
	// Opting in again clears the mark.
	de.fake.OpenDMs(alice.ID)
	de.command(t, "c1", alice, fakediscord.AllPermissions, "notify", []fakediscord.Option{fakediscord.Str("dm", "on")})
	if u, _ := e.DB.UserSettings(t.Context(), alice.ID); u.DMClosed || !u.Notify {
		t.Fatalf("after opting in again: %+v", u)
	}
}
