package console

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/bot/internal/bottest"
)

// TestConsoleGroupDM: "channel NAME dm" plays the following lines in a
// group DM of users who installed the bot for themselves: the game is
// kept outside the console's server, alice's turn notice comes by DM with
// a link to the group DM, the standings there are the friendly ones; a
// malformed line is refused, and "channel NAME" for a group DM says how
// to write it.
func TestConsoleGroupDM(t *testing.T) {
	e := bottest.NewEnv(t, bot.Config{})
	var out bytes.Buffer
	c := &Console{Handler: e.Bot, Out: &out, Dir: t.TempDir()}
	script := `alice: /veletas notify dm:on
channel friends dm
alice: /veletas challenge opponent:@bob size:7
bob: [Accept]
alice: /veletas standings
channel friends
channel friends dm extra
`
	if err := c.Run(context.Background(), strings.NewReader(script)); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	for _, want := range []string{
		"-- in the group DM #friends",
		">> DM to @alice\nYour turn in Veletas game 1 (7x7) against @bob: https://discord.com/channels/@me/friends\n",
		"friendly standings count rated games in DMs and group DMs only",
		"error: line 6: #friends is a group DM: write `channel friends dm`\n",
		"error: line 7: write the channel as `channel NAME`, or `channel NAME dm`",
	} {
		if !strings.Contains(text, want) {
			t.Fatalf("the output lacks %q:\n%s", want, text)
		}
	}
	if _, err := e.DB.ActiveGame(t.Context(), bot.OutsideServers, "friends"); err != nil {
		t.Fatalf("the game outside servers: %v", err)
	}
	if _, err := e.DB.ActiveGame(t.Context(), Guild, "friends"); err == nil {
		t.Fatal("the group DM's game is in the console's server")
	}
}
