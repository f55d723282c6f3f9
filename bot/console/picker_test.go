package console

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/bot/internal/bottest"
	"github.com/veletasbot/veletas/store"
)

var (
	menuLine    = regexp.MustCompile(`(?m)^menu: (.*)$`)
	buttonsLine = regexp.MustCompile(`(?m)^buttons: (.*)$`)
)

// hasButton reports whether the output o shows a button labelled label.
func hasButton(o, label string) bool {
	for _, m := range buttonsLine.FindAllStringSubmatch(o, -1) {
		if strings.Contains(m[1], "["+label+"]") {
			return true
		}
	}
	return false
}

// TestConsolePointing plays whole games by pointing only: [Play], an
// option of the menu in braces, [Back] now and then, [Confirm].
func TestConsolePointing(t *testing.T) {
	for _, start := range []string{"/veletas challenge opponent:@bob size:7", "/fanorona challenge opponent:@bob", "/amazons challenge opponent:@bob"} {
		e := bottest.NewEnv(t, bot.Config{})
		e.Guild, e.Channel = Guild, Channel
		var out bytes.Buffer
		c := &Console{Handler: e.Bot, Out: &out, Dir: t.TempDir()}
		ctx := context.Background()
		var last string
		line := func(s string) string {
			t.Helper()
			last = out.String()
			out.Reset()
			if err := c.Line(ctx, s); err != nil {
				t.Fatal(err)
			}
			if strings.Contains(out.String(), "error:") {
				t.Fatalf("%s: %s\nafter:\n%s", s, out.String(), last)
			}
			return out.String()
		}
		line("alice: " + start)
		line("bob: [Accept]")
		r := rand.New(rand.NewPCG(1, 2))
		lines := 0
		for {
			g, err := e.DB.ActiveGame(ctx, Guild, Channel)
			if errors.Is(err, store.ErrNoGame) {
				break
			}
			if err != nil || lines > 3000 {
				t.Fatal(lines, err)
			}
			who := g.ToAct()
			o := line(who + ": [Play]")
			lines++
			if !strings.Contains(o, ">> "+who+" only\n") {
				t.Fatalf("Play: %s", o)
			}
			for {
				lines++
				switch m := menuLine.FindStringSubmatch(o); {
				case hasButton(o, "Confirm"):
					o = line(who + ": [Confirm]")
				case m != nil && hasButton(o, "Back") && r.IntN(10) == 0:
					o = line(who + ": [Back]")
					continue
				case m != nil:
					opts := strings.Split(strings.Trim(m[1], "{}"), "} {")
					o = line(who + ": {" + opts[r.IntN(len(opts))] + "}")
					if !strings.Contains(o, "Played ") || menuLine.MatchString(o) {
						continue
					}
				default:
					t.Fatalf("neither a menu nor Confirm:\n%s", o)
				}
				if !strings.Contains(o, "Played ") || !strings.Contains(o, ">> all\n") {
					t.Fatalf("the action and its card:\n%s", o)
				}
				break
			}
		}
		g, err := e.DB.LastFinishedGame(ctx, Guild, Channel)
		if err != nil || g.Reason != store.ReasonRules {
			t.Fatalf("the game did not end by the rules: %+v %v", g, err)
		}
		t.Logf("%s: %d lines by pointing for %d actions", start, lines, g.Revision)
	}
}
