package console

import (
	"fmt"
	"slices"
	"strings"

	"github.com/veletasbot/veletas/bot"
)

// consoleLine is one parsed console input line.
type consoleLine struct {
	User    string            // who acts
	Game    string            // the slash command: one of bot.Games
	Command string            // subcommand, for a command line
	Options map[string]string // its options; @NAME values become NAME
	Button  string            // the label pressed, for a button line
	Choice  string            // the option chosen, for a choice line ({d4})
}

const maxConsoleLine = 1000

// parseConsoleLine reads "NAME: /GAME SUBCOMMAND key:value ...", GAME
// being the command of one of the bot's games (bot.Games), or "NAME:
// [Label]", or "NAME: {Option}" (an option of the latest menu that has
// it, by its label or value). A word without a colon
// after an option continues its value, as a user copying the help's
// `setup shooters:d4 g7` means: shooters is "d4 g7". It returns ok=false
// for blank lines and comments.
func parseConsoleLine(line string) (cl consoleLine, ok bool, err error) {
	line = strings.TrimSpace(line)
	if line == "" || strings.HasPrefix(line, "#") {
		return consoleLine{}, false, nil
	}
	if len(line) > maxConsoleLine {
		return consoleLine{}, false, fmt.Errorf("console: line too long (at most %d bytes)", maxConsoleLine)
	}
	name, rest, found := strings.Cut(line, ":")
	name = strings.TrimSpace(name)
	if !found || !validName(name) {
		return consoleLine{}, false, fmt.Errorf("console: a line starts with a user name and a colon, such as `alice: /%s help`", firstGame())
	}
	cl.User = name
	rest = strings.TrimSpace(rest)
	if strings.HasPrefix(rest, "{") {
		cl.Choice = strings.TrimSpace(strings.TrimSuffix(rest[1:], "}"))
		if !strings.HasSuffix(rest, "}") || cl.Choice == "" {
			return consoleLine{}, false, fmt.Errorf("console: a choice in a menu is written in braces, such as `{d4}`")
		}
		return cl, true, nil
	}
	if strings.HasPrefix(rest, "[") {
		if !strings.HasSuffix(rest, "]") || len(rest) < 3 {
			return consoleLine{}, false, fmt.Errorf("console: a button is written in brackets, such as `[Accept]`")
		}
		cl.Button = strings.TrimSpace(rest[1 : len(rest)-1])
		if cl.Button == "" {
			return consoleLine{}, false, fmt.Errorf("console: a button is written in brackets, such as `[Accept]`")
		}
		return cl, true, nil
	}
	toks, err := splitQuoted(rest)
	if err != nil {
		return consoleLine{}, false, err
	}
	if len(toks) < 2 || !slices.Contains(bot.CommandNames(), strings.TrimPrefix(toks[0], "/")) || !strings.HasPrefix(toks[0], "/") {
		return consoleLine{}, false, fmt.Errorf("console: after the name comes %s or a button such as `[Accept]`", commandForms())
	}
	cl.Game = strings.TrimPrefix(toks[0], "/")
	cl.Command = strings.ToLower(toks[1])
	if cl.Command == "" || strings.Contains(toks[1], ":") {
		return consoleLine{}, false, fmt.Errorf("console: the subcommand comes before the options, such as `/%s challenge opponent:@bob`", cl.Game)
	}
	cl.Options = map[string]string{}
	last := "" // the option whose value a word without a key continues
	for _, t := range toks[2:] {
		k, v, found := strings.Cut(t, ":")
		if (!found || k == "") && last != "" && !strings.Contains(t, ":") {
			// shooters:d4 g7 is shooters:"d4 g7", as the help writes it.
			cl.Options[last] += " " + t
			continue
		}
		if !found || k == "" {
			return consoleLine{}, false, fmt.Errorf("console: options are written key:value, such as `shooter:c4`; %s is not", bot.Quote(t))
		}
		k = strings.ToLower(k)
		if !validOption(k) {
			return consoleLine{}, false, fmt.Errorf("console: an option's name is letters, digits, - or _ before the colon, such as `shooter:c4`; %s is not", bot.Quote(k))
		}
		if _, dup := cl.Options[k]; dup {
			return consoleLine{}, false, fmt.Errorf("console: the option %s is given twice", bot.Quote(k))
		}
		if strings.HasPrefix(v, "@") && validName(v[1:]) {
			v = v[1:]
		}
		cl.Options[k] = v
		last = k
	}
	return cl, true, nil
}

// splitQuoted splits s at spaces; a double-quoted part may hold spaces and
// loses its quotes (key:"a b" is the token key:a b).
func splitQuoted(s string) ([]string, error) {
	var toks []string
	var cur strings.Builder
	inTok, inQuote := false, false
	for _, r := range s {
		switch {
		case r == '"':
			inQuote = !inQuote
			inTok = true
		case (r == ' ' || r == '\t') && !inQuote:
			if inTok {
				toks = append(toks, cur.String())
				cur.Reset()
				inTok = false
			}
		default:
			cur.WriteRune(r)
			inTok = true
		}
	}
	if inQuote {
		return nil, fmt.Errorf("console: a double quote is not closed")
	}
	if inTok {
		toks = append(toks, cur.String())
	}
	return toks, nil
}

// validOption reports whether s can be an option's name, as Discord
// allows them: 1 to 32 lower-case letters, digits, '-' or '_' (no space
// or quote, which a quoted part in the middle of a token would bring).
func validOption(s string) bool {
	if s == "" || len(s) > 32 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// validName reports whether s is a console user name: 1 to 32 letters,
// digits, '_', '-' or '.'.
func validName(s string) bool {
	if s == "" || len(s) > 32 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.') {
			return false
		}
	}
	return true
}

// firstGame is the command of the bot's first game, the one the examples
// of the console's error texts use.
func firstGame() string {
	if g := bot.Games(); len(g) > 0 {
		return g[0]
	}
	return "GAME"
}

// commandForms is how a command line goes on after the name, for each of
// the bot's games: "`/a SUBCOMMAND key:value ...` (or `/b ...`)".
func commandForms() string {
	games := bot.Games()
	s := "`/" + firstGame() + " SUBCOMMAND key:value ...`"
	if len(games) > 1 {
		others := make([]string, len(games)-1)
		for i, g := range games[1:] {
			others[i] = "`/" + g + " ...`"
		}
		s += " (or " + strings.Join(others, ", ") + ")"
	}
	return s
}
