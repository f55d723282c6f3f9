package discord

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/bot/internal/bottest"
	"github.com/veletasbot/veletas/game"
	"github.com/veletasbot/veletas/internal/fakediscord"
	"github.com/veletasbot/veletas/store"
)

// panicky is a Handler that panics on /veletas board (after slow, when
// set) and in autocomplete, and answers everything else.
type panicky struct {
	slow    time.Duration
	handled atomic.Int32
}

func (p *panicky) Handle(ctx context.Context, req bot.Request) bot.Reply {
	p.handled.Add(1)
	if req.Command == "board" {
		time.Sleep(p.slow) // a slow handler, so that the adapter defers first
		panic("deliberate panic in a handler")
	}
	return bot.Reply{Text: "answered " + req.Command}
}

func (p *panicky) Autocomplete(ctx context.Context, req bot.Request) []bot.Choice {
	panic("deliberate panic in autocomplete")
}

// TestDiscordHandlerPanics drives a handler that panics through the real
// adapter against the fake Discord: the user is told that something went
// wrong and nothing was changed, the panic is logged with its stack at
// error level, and the next interactions are answered.
func TestDiscordHandlerPanics(t *testing.T) {
	e := bottest.NewEnv(t, bot.Config{})
	for _, slow := range []time.Duration{0, 50 * time.Millisecond} {
		h := &panicky{slow: slow}
		de := newDiscordEnv(t, h, e)
		de.d.DeferAfter = 10 * time.Millisecond
		m := de.command(t, "c1", alice, fakediscord.NoThreads, "board", nil)
		if !m.Ephemeral() || !strings.Contains(m.Text(), "Something went wrong on my side and nothing was changed") {
			t.Fatalf("slow %v: answer to a panicking handler: %+v", slow, m)
		}
		// Autocomplete panics too: no answer, and the adapter goes on.
		ac := fakediscord.Command(de.id(), de.Guild, "c1", alice, fakediscord.NoThreads, "move", []fakediscord.Option{fakediscord.Focus("shooter", "")})
		if err := de.fake.Send(ac); err != nil {
			t.Fatal(err)
		}
		m = de.command(t, "c1", alice, fakediscord.NoThreads, "help", nil)
		if m.Ephemeral() || m.Text() != "answered help" {
			t.Fatalf("slow %v: the next interaction: %+v", slow, m)
		}
		if n := h.handled.Load(); n != 2 {
			t.Fatalf("slow %v: the handler ran %d times, want 2", slow, n)
		}
	}
	logs := e.Logs.String()
	for _, want := range []string{"level=ERROR msg=\"discord: panic in the handler\"", "deliberate panic in a handler",
		"level=ERROR msg=\"discord: panic while answering an interaction\"", "deliberate panic in autocomplete", "goroutine ", "panics_test.go"} {
		if !strings.Contains(logs, want) {
			t.Fatalf("logs lack %q:\n%s", want, logs)
		}
	}
}

// panicStore panics in Standings.
type panicStore struct {
	*store.DB
}

func (p panicStore) Standings(ctx context.Context, kind game.Kind, guild string) ([]store.Standing, error) {
	panic("deliberate panic in Standings")
}

// TestDiscordBotPanics: a panic inside the bot's own handler, through the
// adapter, is answered in the user's language; the game goes on.
func TestDiscordBotPanics(t *testing.T) {
	e := bottest.NewEnv(t, bot.Config{})
	e.Bot.Store = panicStore{e.DB}
	de := newDiscordEnv(t, nil, e)
	in := fakediscord.Command(de.id(), de.Guild, "c1", alice, fakediscord.NoThreads, "standings", nil)
	in["locale"] = "ja"
	m := de.send(t, in)
	if !m.Ephemeral() || !strings.Contains(m.Text(), "こちら側で問題が起きました。何も変更されていません。") {
		t.Fatalf("answer: %+v", m)
	}
	ch := de.command(t, "c1", alice, fakediscord.NoThreads, "challenge",
		[]fakediscord.Option{fakediscord.UserOpt("opponent", bob.ID), fakediscord.Str("size", "7")}, bob)
	if ch.Ephemeral() || !strings.Contains(ch.Text(), "challenges you") {
		t.Fatalf("the next interaction: %+v", ch)
	}
	if !strings.Contains(e.Logs.String(), "level=ERROR msg=\"bot: panic handling a request\"") {
		t.Fatalf("the panic is not logged:\n%s", e.Logs.String())
	}
}
