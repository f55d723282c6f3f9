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
	if len(cmds) != 3 || cmds[0].Name != "veletas" || cmds[1].Name != "fanorona" || cmds[2].Name != bot.TournamentCommand {
		t.Fatalf("%d commands", len(cmds))
	}
	for _, cmd := range cmds {
		for _, sub := range cmd.Options {
			var names []string
			for _, o := range sub.Options {
				names = append(names, o.Name)
			}
			slices.Sort(names)
			if want := bot.GameCommandOptions(cmd.Name, sub.Name); !slices.Equal(names, want) {
				t.Errorf("/%s %s: Discord offers %v, the core takes %v", cmd.Name, sub.Name, names, want)
			}
		}
	}
}
