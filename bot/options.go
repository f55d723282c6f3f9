package bot

import (
	"slices"
	"strings"
)

// commandOptions lists the options each subcommand takes, by their
// Discord names; a subcommand missing here takes none. Handle refuses an
// option not listed (`/GAME settings size:7`) instead of ignoring
// it. The slash commands (Commands, commandspec.go) must offer exactly
// these (TestCommandsMatchDispatch).
//
// These are the lifecycle's; each game adds its own and those of its
// challenge (*module.options), which take precedence.
var commandOptions = map[string][]string{
	"withdraw": {"opponent"},
	"stats":    {"player"},
	"theme":    {"board"},
	"notify":   {"dm"},
	"settings": {"time", "language", "theme", "web"},
}

// optionsOf returns the options a subcommand of a game takes.
func optionsOf(mod *module, command string) []string {
	if o, ok := mod.Options()[command]; ok {
		return o
	}
	return commandOptions[command]
}

// GameCommandOptions returns the options a subcommand of a game (its
// slash command) takes, sorted.
func GameCommandOptions(game, command string) []string {
	if game == TournamentCommand {
		o := slices.Clone(tournamentOptions[command])
		slices.Sort(o)
		return o
	}
	mod, ok := reg().byName[game]
	if !ok {
		return nil
	}
	o := slices.Clone(optionsOf(mod, command))
	slices.Sort(o)
	return o
}

// checkKnownOptions refuses the first option, in name order, that command
// does not take.
func checkKnownOptions(mod *module, command string, opts map[string]string) error {
	known := optionsOf(mod, command)
	var unknown []string
	for k := range opts {
		if !slices.Contains(known, k) {
			unknown = append(unknown, k)
		}
	}
	if len(unknown) == 0 {
		return nil
	}
	slices.Sort(unknown)
	name := Quote(unknown[0])
	if len(known) == 0 {
		return refuse("opt.unknown.none", name, command)
	}
	list := make([]string, len(known))
	for i, k := range known {
		list[i] = "`" + k + "`"
	}
	return refuse("opt.unknown", name, command, strings.Join(list, ", "))
}
