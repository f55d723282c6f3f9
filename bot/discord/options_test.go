package discord

import (
	"slices"
	"testing"

	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/bot/games"
)

// TestCommandOptionsMatchCore: each subcommand registered with Discord
// offers exactly the options the core accepts (bot.CommandOptions), so
// that the core never refuses an option Discord offers.
func TestCommandOptionsMatchCore(t *testing.T) {
	cmds := Commands()
	if all := games.All(); len(cmds) != len(all)+1 || cmds[0].Name != string(all[0].Rules().Kind()) || cmds[len(all)].Name != bot.TournamentCommand {
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
