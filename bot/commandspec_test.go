package bot

import (
	"slices"
	"testing"
)

// TestCommandsMatchDispatch: each game's slash command (Commands) offers
// subcommands the bot handles, with exactly the options it reads
// (optionsOf), in order, and every own subcommand of the game's module.
func TestCommandsMatchDispatch(t *testing.T) {
	cmds := Commands()
	if len(cmds) != len(Games())+1 || cmds[len(cmds)-1].Name != TournamentCommand {
		t.Fatalf("%d commands for the games %v and /%s", len(cmds), Games(), TournamentCommand)
	}
	tour := cmds[len(cmds)-1]
	cmds = cmds[:len(cmds)-1]
	for _, s := range tour.Subcommands {
		if _, ok := tournamentCommands[s.Name]; !ok {
			t.Errorf("/%s %s has no handler", tour.Name, s.Name)
		}
		if s.Description == "" || len(s.Names) != 2 || len(s.Descriptions) != 2 {
			t.Errorf("/%s %s: description %q, localized %v %v", tour.Name, s.Name, s.Description, s.Names, s.Descriptions)
		}
		var names []string
		for _, o := range s.Options {
			names = append(names, o.Name)
			if o.Description == "" || len(o.Names) != 2 {
				t.Errorf("/%s %s %s: description %q, localized %v", tour.Name, s.Name, o.Name, o.Description, o.Names)
			}
		}
		if want := tournamentOptions[s.Name]; !slices.Equal(names, want) {
			t.Errorf("/%s %s offers %v, reads %v", tour.Name, s.Name, names, want)
		}
	}
	if len(tour.Subcommands) != len(tournamentCommands) {
		t.Errorf("/%s offers %d subcommands, handles %d", tour.Name, len(tour.Subcommands), len(tournamentCommands))
	}
	for i, c := range cmds {
		if c.Name != Games()[i] || c.Description == "" || len(c.Descriptions) != 2 {
			t.Errorf("command %d: %q %q %v", i, c.Name, c.Description, c.Descriptions)
		}
		mod := reg().byName[c.Name]
		seen := map[string]bool{}
		for _, s := range c.Subcommands {
			if seen[s.Name] {
				t.Errorf("/%s %s twice", c.Name, s.Name)
			}
			seen[s.Name] = true
			if _, ok := gameCommand(Request{Game: c.Name, Command: s.Name}); !ok {
				t.Errorf("/%s %s has no handler", c.Name, s.Name)
			}
			if s.Description == "" || len(s.Names) != 2 || len(s.Descriptions) != 2 {
				t.Errorf("/%s %s: description %q, localized %v %v", c.Name, s.Name, s.Description, s.Names, s.Descriptions)
			}
			var names []string
			for _, o := range s.Options {
				names = append(names, o.Name)
				if o.Description == "" || len(o.Names) != 2 {
					t.Errorf("/%s %s %s: description %q, localized %v", c.Name, s.Name, o.Name, o.Description, o.Names)
				}
			}
			if want := optionsOf(mod, s.Name); !slices.Equal(names, want) {
				t.Errorf("/%s %s offers %v, reads %v", c.Name, s.Name, names, want)
			}
		}
		for sub := range mod.commands {
			if !seen[sub] {
				t.Errorf("/%s %s is handled but not offered", c.Name, sub)
			}
		}
	}
}
