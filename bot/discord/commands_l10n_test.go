package discord

import (
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
)

// Discord's rule for command and option names.
var commandNameRE = regexp.MustCompile(`^[-_'\p{L}\p{N}]{1,32}$`)

// TestCommandsLocalized: every subcommand and option has a Japanese and a
// French name and description that Discord accepts.
func TestCommandsLocalized(t *testing.T) {
	cmds := Commands()
	for _, c := range cmds {
		if d := c.DescriptionLocalizations; d == nil || (*d)[discordgo.Japanese] == "" || (*d)[discordgo.French] == "" {
			t.Fatalf("/%s has no localized description", c.Name)
		}
	}
	check := func(where string, o *discordgo.ApplicationCommandOption) {
		for _, loc := range []discordgo.Locale{discordgo.Japanese, discordgo.French} {
			name, desc := o.NameLocalizations[loc], o.DescriptionLocalizations[loc]
			if !commandNameRE.MatchString(name) || name != strings.ToLower(name) {
				t.Errorf("%s: %s name %q is not a valid command name", where, loc, name)
			}
			if n := utf8.RuneCountInString(desc); n == 0 || n > 100 {
				t.Errorf("%s: %s description has %d characters", where, loc, n)
			}
		}
	}
	for _, sub := range append(cmds[0].Options, cmds[1].Options...) {
		check(sub.Name, sub)
		names := map[string]bool{}
		for _, o := range sub.Options {
			check(sub.Name+"."+o.Name, o)
			for _, c := range o.Choices {
				if c.NameLocalizations[discordgo.Japanese] == "" || c.NameLocalizations[discordgo.French] == "" {
					t.Errorf("%s.%s: choice %v has no localized name", sub.Name, o.Name, c.Value)
				}
			}
			for _, loc := range []discordgo.Locale{discordgo.Japanese, discordgo.French} {
				if names[string(loc)+o.NameLocalizations[loc]] {
					t.Errorf("%s: two options named %q in %s", sub.Name, o.NameLocalizations[loc], loc)
				}
				names[string(loc)+o.NameLocalizations[loc]] = true
			}
		}
	}
}
