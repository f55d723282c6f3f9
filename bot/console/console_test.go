package console

import (
	"bytes"
	"context"
	"fmt"
	"image/gif"
	"image/png"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/bot/internal/bottest"
	"github.com/veletasbot/veletas/game/veletas"
)

// consoleScript writes a whole 7x7 game between alice (first player) and
// bob as console lines, with random legal actions.
func consoleScript(t *testing.T, seed uint64) string {
	return consoleScriptRules(t, seed, veletas.Classic)
}

// consoleScriptRules is consoleScript under the given rules (the challenge
// names them when they are not classic).
func consoleScriptRules(t *testing.T, seed uint64, rules veletas.Rules) string {
	r := rand.New(rand.NewPCG(seed, seed))
	var sb strings.Builder
	opt := ""
	if rules != veletas.Classic {
		opt = " rules:" + rules.String()
	}
	sb.WriteString("# a whole game\n\nalice: /veletas challenge opponent:@bob size:7" + opt + "\nbob: [Accept]\n")
	p, err := veletas.NewPosition(veletas.Size7, veletas.WithRules(rules))
	if err != nil {
		t.Fatal(err)
	}
	players := map[veletas.Color]string{}
	setup := func() {
		a := p.RandomSetup(r)
		var sq []string
		for _, s := range a.Shooters {
			sq = append(sq, s.String())
		}
		who := "alice"
		if p.Phase() == veletas.PhaseSetup2 {
			who = players[veletas.White]
		}
		fmt.Fprintf(&sb, "%s: /veletas setup shooters:\"%s\" stone:%s\n", who, strings.Join(sq, ", "), a.Stone)
		if p, err = p.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	setup()
	if seed%2 == 0 {
		sb.WriteString("bob: [Swap]\n")
		p, _ = p.Apply(veletas.ChoiceAction(true))
		players[veletas.Black], players[veletas.White] = "bob", "alice"
	} else {
		sb.WriteString("bob: /veletas keep\n")
		p, _ = p.Apply(veletas.ChoiceAction(false))
		players[veletas.Black], players[veletas.White] = "alice", "bob"
	}
	setup()
	for !p.Over() {
		who := players[p.ToMove()]
		t, _ := p.RandomTurn(r)
		if t.Moved() {
			fmt.Fprintf(&sb, "%s: /veletas move shooter:%s to:%s shoot:%s\n", who, t.From, t.To, t.Shot)
		} else {
			fmt.Fprintf(&sb, "%s: /veletas move shooter:%s shoot:%s\n", who, t.From, t.Shot)
		}
	}
	sb.WriteString("carol: /veletas standings\n")
	return sb.String()
}

func TestConsoleWholeGame(t *testing.T) {
	for seed := uint64(1); seed <= 2; seed++ {
		e := bottest.NewEnv(t, bot.Config{})
		e.Guild, e.Channel = Guild, Channel
		dir := t.TempDir()
		var out bytes.Buffer
		c := &Console{Handler: e.Bot, Out: &out, Dir: dir}
		script := "carol: [Accept]\ncarol: /veletas move shooter:c4\n" + consoleScript(t, seed) + "bob: /veletas resign\nnot a line\n"
		if err := c.Run(context.Background(), strings.NewReader(script)); err != nil {
			t.Fatal(err)
		}
		text := out.String()
		for _, want := range []string{
			"error: line 1: no message has a button [Accept]\n",
			">> carol only\nThere is no game in this channel.",
			">> all\n@bob, @alice challenges you to a game of Veletas on 7x7.",
			"buttons: [Accept] [Decline]\n",
			">> all\n@bob accepted @alice's challenge.\n",
			"buttons: [Swap] [Keep] [Play]\n",
			"wins** by claiming 2 of 3 shooters!",
			": 1662 ± 290, 1 W, 0 L\n",
			">> bob only\nThe game in this channel is over: game 1, @",
			" won by majority. `/veletas board` shows it; start another with `/veletas challenge opponent:@someone`, or press Rematch on its last message.\n",
			"error: line " + fmt.Sprint(strings.Count(script, "\n")) + ": a line starts with a user name",
		} {
			if !strings.Contains(text, want) {
				t.Fatalf("output lacks %q:\n%s", want, text)
			}
		}
		if strings.Contains(text, "<@") {
			t.Fatalf("raw mention in output:\n%s", text)
		}
		paths := regexp.MustCompile(`(?m)^image: (.*)$`).FindAllStringSubmatch(text, -1)
		if len(paths) < 10 {
			t.Fatalf("%d images", len(paths))
		}
		for _, p := range paths {
			if filepath.Dir(p[1]) != dir {
				t.Fatalf("image %s not under %s", p[1], dir)
			}
			f, err := os.Open(p[1])
			if err != nil {
				t.Fatal(err)
			}
			if strings.HasSuffix(p[1], ".gif") { // the replay at the end
				_, err = gif.DecodeAll(f)
			} else {
				_, err = png.Decode(f)
			}
			f.Close()
			if err != nil {
				t.Fatalf("%s: %v", p[1], err)
			}
		}
	}
}
