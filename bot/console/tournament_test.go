package console

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/bot/internal/bottest"
	"github.com/veletasbot/veletas/store"
)

// TestConsoleTournament runs a round robin of three through console
// lines: created, joined with the Join button, paired by the sweep before
// each line (a list here), each game played in its channel (the console has no
// threads) and ended by a resignation, to the final standings.
func TestConsoleTournament(t *testing.T) {
	e := bottest.NewEnv(t, bot.Config{})
	e.Guild, e.Channel = Guild, Channel
	var out bytes.Buffer
	oc := &OffsetClock{Base: e.Clock.Now}
	c := &Console{Handler: e.Bot, Out: &out, Dir: t.TempDir(), Clock: oc}
	line := func(s string) string {
		t.Helper()
		n := out.Len()
		if err := c.Line(context.Background(), s); err != nil {
			t.Fatal(err)
		}
		return out.String()[n:]
	}
	game := bot.Games()[0]
	if o := line("org: /tournament create game:" + game + " format:round-robin terms:\"size:7\" players:3"); !strings.Contains(o, "Tournament #1") || !strings.Contains(o, "[Join]") {
		t.Fatalf("create: %s", o)
	}
	for _, p := range []string{"ann", "ben", "cat"} {
		line(p + ": [Join]")
	}
	for round := 1; round <= 3; round++ {
		line("channel console")
		o := line("ann: /tournament list") // the sweep before it pairs the round
		if round > 1 && !strings.Contains(o, "round "+string(rune('0'+round))+" of 3") {
			t.Fatalf("round %d not paired: %s", round, o)
		}
		gs, err := e.DB.ActiveGames(context.Background(), Guild)
		if err != nil || len(gs) != 1 {
			t.Fatalf("round %d: games %v %v", round, gs, err)
		}
		g := gs[0]
		line("channel " + g.Channel)
		o = line(g.Players[1] + ": /" + game + " resign")
		if round == 3 {
			if !strings.Contains(o, "is over:") || !strings.Contains(o, "wins with") || !strings.Contains(o, "tournament-1.png") {
				t.Fatalf("no final standings: %s", o)
			}
		}
	}
	ts, err := e.DB.Tournaments(context.Background(), Guild)
	if err != nil || len(ts) != 1 || ts[0].Status != store.TournamentFinished {
		t.Fatalf("tournaments %v %v", ts, err)
	}
	if testing.Verbose() {
		t.Log(out.String())
	}
	if o := line("ann: /tournament standings"); !strings.Contains(o, "Standings: Tournament #1") {
		t.Fatalf("standings: %s", o)
	}
}
