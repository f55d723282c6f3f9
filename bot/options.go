package bot

import (
	"slices"
	"strings"
)

// commandOptions lists the options each subcommand takes, by their
// Discord names; a subcommand missing here takes none. Handle refuses an
// option not listed (`/veletas settings size:7`) instead of ignoring
// it. The Discord definitions (bot/discord/commands.go) must offer exactly
// these: a test there compares them.
var commandOptions = map[string][]string{
	"challenge": {"opponent", "size", "level", "rated", "time", "rules"},
	"setup":     {"shooters", "stone"},
	"move":      {"shooter", "shoot", "to"},
	"stats":     {"player"},
	"settings":  {"time", "language", "rules", "theme"},
	"theme":     {"board"},
	"notify":    {"dm"},
}

// CommandOptions returns the options the subcommand takes, sorted.
func CommandOptions(command string) []string {
	o := slices.Clone(commandOptions[command])
	slices.Sort(o)
	return o
}

// checkKnownOptions refuses the first option, in name order, that command
// does not take.
func checkKnownOptions(command string, opts map[string]string) error {
	known := commandOptions[command]
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
