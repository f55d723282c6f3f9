package console

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/bot/internal/bottest"
	"github.com/veletasbot/veletas/store"
)

// aiName is the computer player's user ID in these tests.
const aiName = "veletas"

var imagePath = regexp.MustCompile(`(?m)^image: .*/`)

func TestConsoleAIGame(t *testing.T) {
	var transcripts []string
	for run := 0; run < 2; run++ {
		e := bottest.NewEnv(t, bot.Config{})
		e.Guild, e.Channel = Guild, Channel
		var out bytes.Buffer
		c := &Console{Handler: e.Bot, Out: &out, Dir: t.TempDir(), Self: aiName}
		if err := e.Bot.StartAI(bot.User{ID: aiName, Name: aiName}, c, bot.AIConfig{NewPlayer: bottest.SeededAI(40)}); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(e.Bot.StopAI)
		ctx := context.Background()
		line := func(s string) {
			if err := c.Run(ctx, strings.NewReader(s+"\n")); err != nil {
				t.Fatal(err)
			}
		}
		line("alice: /veletas challenge opponent:@veletas level:easy size:7")
		line("veletas: /veletas board")
		r := rand.New(rand.NewPCG(7, 7))
		for i := 0; ; i++ {
			g, err := e.DB.ActiveGame(t.Context(), e.Guild, e.Channel)
			if errors.Is(err, store.ErrNoGame) {
				break
			}
			if err != nil || i > 100 || g.ToAct() != "alice" {
				t.Fatalf("%d: %v, %q to act", i, err, g.ToAct())
			}
			user, sub, opts := bottest.NextCommand(t, g, r)
			l := user + ": /veletas " + sub
			for _, kv := range opts {
				k, v, _ := strings.Cut(kv, "=")
				l += fmt.Sprintf(" %s:%q", k, v)
			}
			line(l)
		}
		line("bob: /veletas standings")
		text := out.String()
		for _, want := range []string{
			">> all\n@alice\n**Veletas 7x7, game 1**\n@alice plays against me, the computer (easy).",
			"error: line 2: veletas is the computer player and acts by itself",
			"@veletas (computer, easy) is thinking",
			"by @veletas\n",
			"wins** by claiming 2 of 3 shooters!",
			"No rated game has finished on this server yet: the standings count rated games only",
		} {
			if !strings.Contains(text, want) {
				t.Fatalf("transcript lacks %q:\n%s", want, text)
			}
		}
		transcripts = append(transcripts, imagePath.ReplaceAllString(text, "image: "))
	}
	if transcripts[0] != transcripts[1] {
		t.Fatalf("the console transcript changed between runs:\n%s\n----\n%s", transcripts[0], transcripts[1])
	}
}
