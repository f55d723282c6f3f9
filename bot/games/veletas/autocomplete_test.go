package veletasmod_test

import (
	"strings"
	"testing"

	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/bot/internal/bottest"
)

// TestAutocomplete: the square options suggest only legal squares for
// the player to act, from what is typed, in every phase.
func TestAutocomplete(t *testing.T) {
	e := bottest.NewEnv(t, bot.Config{})
	if c := e.Complete("veletas", "alice", "move", "shooter"); c != nil {
		t.Fatalf("no game, got %v", c)
	}
	e.Start("veletas", "size=7")
	names := func(cs []bot.Choice) string {
		var s []string
		for _, c := range cs {
			if c.Name != c.Value {
				t.Fatalf("choice %+v", c)
			}
			s = append(s, c.Value)
		}
		return strings.Join(s, " ")
	}
	all := e.Complete("veletas", "alice", "setup", "shooters", "shooters=")
	if len(all) != bot.MaxChoices || all[0].Value != "a1" {
		t.Fatalf("shooters: %v", names(all))
	}
	if got := names(e.Complete("veletas", "alice", "setup", "shooters", "shooters=C")); got != "c1 c2 c3 c4 c5 c6 c7" {
		t.Fatalf("shooters c: %q", got)
	}
	if c := e.Complete("veletas", "bob", "setup", "shooters", "shooters="); c != nil {
		t.Fatalf("bob is not to act, got %v", names(c))
	}
	if got := names(e.Complete("veletas", "alice", "setup", "stone", "shooters=c5", "stone=c")); got != "c1 c2 c3 c4 c6 c7" {
		t.Fatalf("stone: %q", got)
	}
	bottest.Public(t, e.Cmd("veletas", "alice", "setup", "shooters=c5", "stone=d2"))
	bottest.Public(t, e.Cmd("veletas", "bob", "keep"))
	// Bob's shooters must keep away from c5 and from each other.
	if got := names(e.Complete("veletas", "bob", "setup", "shooters", "shooters=b")); got != "b1 b2 b3 b7" {
		t.Fatalf("shooters b: %q", got)
	}
	if got := names(e.Complete("veletas", "bob", "setup", "shooters", "shooters=b3, a")); got != "b3 a1 b3 a5 b3 a6 b3 a7" {
		t.Fatalf("second shooter: %q", got)
	}
	if c := e.Complete("veletas", "bob", "setup", "shooters", "shooters=c4 a"); c != nil {
		t.Fatalf("illegal first shooter kept: %v", names(c))
	}
	bottest.Public(t, e.Cmd("veletas", "bob", "setup", "shooters=a1, g7", "stone=e4"))
	if got := names(e.Complete("veletas", "alice", "move", "shooter", "shooter=")); got != "a1 c5 g7" {
		t.Fatalf("movers: %q", got)
	}
	to := names(e.Complete("veletas", "alice", "move", "to", "shooter=c5", "to=c"))
	if to != "c1 c2 c3 c4 c6 c7" {
		t.Fatalf("to: %q", to)
	}
	if got := names(e.Complete("veletas", "alice", "move", "shoot", "shooter=c5", "to=c3", "shoot=f")); got != "f3 f6" {
		t.Fatalf("shots after c5-c3: %q", got)
	}
	if got := names(e.Complete("veletas", "alice", "move", "shoot", "shooter=c5", "shoot=d")); got != "d4 d5 d6" {
		t.Fatalf("shots from c5: %q", got)
	}
	if c := e.Complete("veletas", "alice", "move", "shoot", "shooter=zz", "shoot="); c != nil {
		t.Fatalf("bad shooter: %v", names(c))
	}
	if c := e.Complete("veletas", "alice", "move", "nope", "shooter=c5"); c != nil {
		t.Fatalf("unknown option: %v", names(c))
	}
}
