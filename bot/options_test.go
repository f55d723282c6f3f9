package bot

import (
	"context"
	"strings"
	"testing"
	"time"
)

// TestUnknownOptionRefused: an option a command does not take is refused
// in the user's language and nothing is done, instead of being ignored.
func TestUnknownOptionRefused(t *testing.T) {
	e := newEnv(t, Config{})
	for _, c := range []struct {
		locale, sub string
		opts        []string
		want        []string
	}{
		{"", "settings", []string{"size=7"}, []string{"`/veletas settings` has no option `size`", "`time`, `language`", "Nothing was done"}},
		{"fr", "settings", []string{"size=7"}, []string{"`/veletas settings` n'a pas d'option `size`", "`time`, `language`", "Rien n'a été fait"}},
		{"ja", "settings", []string{"size=7"}, []string{"`/veletas settings` にオプション `size` はありません", "`time`, `language`"}},
		{"", "board", []string{"size=7"}, []string{"`/veletas board` takes no options, and `size` is not one"}},
		{"fr", "resign", []string{"now=yes"}, []string{"`/veletas resign` ne prend aucune option"}},
		{"ja", "help", []string{"x=1"}, []string{"`/veletas help` はオプションを取りません"}},
		{"", "challenge", []string{"opponent=bob", "colour=black"}, []string{"has no option `colour`", "`opponent`, `size`, `level`, `rated`, `time`"}},
	} {
		req := e.req("alice", c.sub, c.opts...)
		req.Locale = c.locale
		r := e.bot.Handle(context.Background(), req)
		for _, w := range c.want {
			refused(t, r, w)
		}
	}
	// Nothing was done: no challenge from the refused line, the settings
	// unchanged.
	if _, err := e.db.PendingChallenge(t.Context(), e.guild, e.chann, "bob"); err == nil {
		t.Error("the refused challenge was created")
	}
	req := e.req("alice", "settings", "time=2d", "size=7")
	req.ManageServer = true
	refused(t, e.bot.Handle(context.Background(), req), "no option `size`")
	if s, err := e.db.Settings(t.Context(), e.guild); err != nil || s.MoveTime == 48*time.Hour {
		t.Errorf("settings after a refused change: %+v, %v", s, err)
	}
	// The known options still work.
	if r := e.cmd("alice", "challenge", "opponent=bob", "size=7", "rated=false", "time=1d"); r.Ephemeral {
		t.Fatalf("a challenge with known options refused: %q", r.Plain())
	}
	if !strings.Contains(strings.Join(CommandOptions("move"), " "), "shoot shooter to") {
		t.Errorf("CommandOptions(move) = %v", CommandOptions("move"))
	}
}
