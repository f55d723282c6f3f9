package console

import (
	"strings"
	"testing"

	"github.com/veletasbot/veletas/bot"
)

// TestLineErrorsNameTheGames: the console's refusals of a malformed line
// show the commands of the bot's games, built from bot.Games.
func TestLineErrorsNameTheGames(t *testing.T) {
	games := bot.Games()
	if len(games) < 2 {
		t.Fatalf("bot.Games() = %v, want two games or more for this test", games)
	}
	others := make([]string, len(games)-1)
	for i, g := range games[1:] {
		others[i] = "`/" + g + " ...`"
	}
	for _, tc := range []struct{ line, want string }{
		{"no colon here", "console: a line starts with a user name and a colon, such as `alice: /" + games[0] + " help`"},
		{"alice: /nosuchgame help", "console: after the name comes `/" + games[0] + " SUBCOMMAND key:value ...` (or " +
			strings.Join(others, ", ") + ") or a button such as `[Accept]`"},
		{"alice: /" + games[1] + " size:7", "console: the subcommand comes before the options, such as `/" + games[1] + " challenge opponent:@bob`"},
	} {
		_, ok, err := parseConsoleLine(tc.line)
		if ok || err == nil || err.Error() != tc.want {
			t.Errorf("parseConsoleLine(%q) = %v, %v; want the error %q", tc.line, ok, err, tc.want)
		}
	}
}
