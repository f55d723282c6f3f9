package discord

import (
	"slices"
	"testing"

	"github.com/veletasbot/veletas/bot"
)

// TestCommandOptionsMatchCore: each subcommand registered with Discord
// offers exactly the options the core accepts (bot.CommandOptions), so
// that the core never refuses an option Discord offers.
func TestCommandOptionsMatchCore(t *testing.T) {
	cmds := Commands()
	if len(cmds) != 1 {
		t.Fatalf("%d commands", len(cmds))
	}
	for _, sub := range cmds[0].Options {
		var names []string
		for _, o := range sub.Options {
			names = append(names, o.Name)
		}
		slices.Sort(names)
		if want := bot.CommandOptions(sub.Name); !slices.Equal(names, want) {
			t.Errorf("/veletas %s: Discord offers %v, the core takes %v", sub.Name, names, want)
		}
	}
}
