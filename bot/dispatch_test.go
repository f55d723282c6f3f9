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
