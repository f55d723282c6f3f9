package console

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/bot/internal/bottest"
)

// TestConsoleSettledChallenge: a challenge accepted with /veletas accept,
// declined with /veletas decline or withdrawn with /veletas withdraw, and
// one withdrawn as a game starts in its channel, have their messages
// replaced by a notice, printed once after the reply: their buttons go,
// so pressing them finds none.
func TestConsoleSettledChallenge(t *testing.T) {
	e := bottest.NewEnv(t, bot.Config{})
	var out bytes.Buffer
	c := &Console{Handler: e.Bot, Out: &out, Dir: t.TempDir()}
	script := `alice: /veletas challenge opponent:@bob
carol: /veletas challenge opponent:@alice
bob: /veletas accept
bob: [Decline]
alice: [Accept]
channel two
alice: /veletas challenge opponent:@bob
bob: /veletas decline
bob: [Accept]
channel three
alice: /veletas challenge opponent:@bob
alice: /veletas withdraw
bob: [Accept]
`
	if err := c.Run(context.Background(), strings.NewReader(script)); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	for _, want := range []string{
		">> all\n@alice's challenge to @bob was accepted.\n",
		">> all\n@carol's challenge to @alice was withdrawn: a game started in this channel.\n",
		"error: line 4: no message has a button [Decline]\n",
		"error: line 5: no message has a button [Accept]\n",
		">> all\n@alice's challenge to @bob was declined.\n",
		"error: line 9: no message has a button [Accept]\n",
		">> all\n@alice's challenge to @bob was withdrawn.\n",
		"error: line 13: no message has a button [Accept]\n",
	} {
		if strings.Count(text, want) != 1 {
			t.Fatalf("the output has not once %q:\n%s", want, text)
		}
	}
	// The notices follow the replies that settled the challenges.
	for reply, notice := range map[string]string{
		"@bob accepted @alice's challenge":       "@alice's challenge to @bob was accepted.",
		"@bob declined @alice's challenge.":      "@alice's challenge to @bob was declined.",
		"@alice withdrew the challenge to @bob.": "@alice's challenge to @bob was withdrawn.",
	} {
		if i, j := strings.Index(text, reply), strings.Index(text, notice); i < 0 || j < i {
			t.Fatalf("the notice %q does not follow the reply %q:\n%s", notice, reply, text)
		}
	}
}
