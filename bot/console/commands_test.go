package console

import (
	"bytes"
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/bot/internal/bottest"
	"github.com/veletasbot/veletas/game/veletas"
)

// consoleEnv is a console on an env, fed line by line.
type consoleEnv struct {
	*bottest.Env
	c   *Console
	out *bytes.Buffer
}

func newConsoleEnv(t *testing.T, locale string) *consoleEnv {
	e := bottest.NewEnv(t, bot.Config{})
	e.Guild, e.Channel = Guild, Channel
	out := &bytes.Buffer{}
	return &consoleEnv{Env: e, out: out, c: &Console{Handler: e.Bot, Out: out, Dir: t.TempDir(), Locale: locale}}
}

// line feeds one line and returns what it printed.
func (ce *consoleEnv) line(text string) string {
	ce.TB.Helper()
	n := ce.out.Len()
	if err := ce.c.Line(context.Background(), text); err != nil {
		ce.TB.Fatal(err)
	}
	return ce.out.String()[n:]
}

// next plays the game's next random legal action as a console line.
func (ce *consoleEnv) next(r *rand.Rand) (user, printed string) {
	ce.TB.Helper()
	g, err := ce.DB.ActiveGame(ce.TB.Context(), ce.Guild, ce.Channel)
	if err != nil {
		ce.TB.Fatal(err)
	}
	user, sub, opts := bottest.NextCommand(ce.TB, g, r)
	var sb strings.Builder
	sb.WriteString(user + ": /veletas " + sub)
	for _, o := range opts {
		k, v, _ := strings.Cut(o, "=")
		sb.WriteString(" " + k + ":\"" + v + "\"")
	}
	return user, ce.line(sb.String())
}

func TestConsoleGamesAndTakeback(t *testing.T) {
	ce := newConsoleEnv(t, "")
	ce.line("alice: /veletas challenge opponent:@bob size:7")
	ce.line("bob: [Accept]")
	if out := ce.line("alice: /veletas games"); !strings.Contains(out, ">> alice only\n**Your games** (1, your turn first):\n• game 1, 7x7 vs @bob: **your turn**, due ") ||
		!strings.Contains(out, "https://discord.com/channels/console/console") {
		t.Fatalf("games:\n%s", out)
	}
	r := rand.New(rand.NewPCG(1, 1))
	var user string
	for {
		g, _ := ce.DB.ActiveGame(ce.TB.Context(), ce.Guild, ce.Channel)
		if a, ok := vstate(g).LastAction(); ok && a.Kind == veletas.KindTurn {
			break
		}
		user, _ = ce.next(r)
	}
	opp := map[string]string{"alice": "bob", "bob": "alice"}[user]
	out := ce.line(user + ": /veletas takeback")
	if !strings.Contains(out, ">> all\n@"+opp+", @"+user+" asks to take back their last turn.") || !strings.Contains(out, "buttons: [Accept] [Decline]") {
		t.Fatalf("takeback:\n%s", out)
	}
	out = ce.line(opp + ": [Accept]")
	if !strings.Contains(out, "accepted the takeback: @"+user+"'s last turn is undone.") || !strings.Contains(out, "@"+user+", your turn") {
		t.Fatalf("accept:\n%s", out)
	}
}

func TestConsoleOpenChallengeReplayRematch(t *testing.T) {
	ce := newConsoleEnv(t, "")
	out := ce.line("alice: /veletas challenge size:7 rated:false")
	if !strings.Contains(out, ">> all\n@alice challenges anyone to a game of Veletas on 7x7 and plays first. Unrated, 3 days per move.") ||
		!strings.Contains(out, "buttons: [Accept] [Withdraw]") {
		t.Fatalf("open challenge:\n%s", out)
	}
	if out := ce.line("alice: [Accept]"); !strings.Contains(out, ">> alice only\nYou made this challenge") {
		t.Fatalf("own accept:\n%s", out)
	}
	ce.line("carol: [Accept]")
	r := rand.New(rand.NewPCG(2, 2))
	for {
		if _, err := ce.DB.ActiveGame(ce.TB.Context(), ce.Guild, ce.Channel); err != nil {
			break
		}
		_, out = ce.next(r)
	}
	if !strings.Contains(out, "wins** by claiming") || !strings.Contains(out, "-replay.gif\n") || !strings.Contains(out, "buttons: [Record] [Rematch]") {
		t.Fatalf("end:\n%s", out)
	}
	if out := ce.line("bob: [Record]"); !strings.Contains(out, ">> bob only\nRecord of game 1, ") {
		t.Fatalf("record:\n%s", out)
	}
	out = ce.line("alice: [Rematch]")
	if !strings.Contains(out, "@carol, @alice offers a rematch of game 1 on 7x7; @carol plays first this time. Unrated, 3 days per move.") {
		t.Fatalf("rematch:\n%s", out)
	}
	ce.line("carol: [Accept]")
	if g, err := ce.DB.ActiveGame(ce.TB.Context(), ce.Guild, ce.Channel); err != nil || g.Players != [2]string{"carol", "alice"} || g.Rated {
		t.Fatalf("rematch game %+v %v", g.Players, err)
	}
}
