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

// TestConsoleTournamentRole: "member NAME ROLE..." makes NAME an ordinary
// member with those roles; the tournament role the managers name lets
// such a member create and run tournaments, and only it.
func TestConsoleTournamentRole(t *testing.T) {
	e := bottest.NewEnv(t, bot.Config{})
	e.Guild, e.Channel = Guild, Channel
	var out bytes.Buffer
	c := &Console{Handler: e.Bot, Out: &out, Dir: t.TempDir()}
	line := func(s string) string {
		t.Helper()
		n := out.Len()
		if err := c.Line(context.Background(), s); err != nil {
			t.Fatal(err)
		}
		return out.String()[n:]
	}
	game := bot.Games()[0]
	for _, bad := range []string{"member", "member carol bad.role", "manager carol extra"} {
		if o := line(bad); !strings.Contains(o, "error: line") || !strings.Contains(o, "member NAME ROLE") {
			t.Fatalf("%q: %s", bad, o)
		}
	}
	if o := line("member carol organizers"); !strings.Contains(o, "carol is a member with roles organizers") {
		t.Fatalf("member: %s", o)
	}
	line("member dave")
	if o := line("carol: /tournament create game:" + game); !strings.Contains(o, "manage the server") {
		t.Fatalf("a member without the tournament role creates: %s", o)
	}
	if o := line("carol: /tournament role role:organizers"); !strings.Contains(o, "Only members who may manage the server can name") {
		t.Fatalf("a member names the role: %s", o)
	}
	if o := line("admin: /tournament role role:organizers"); !strings.Contains(o, "@organizers") {
		t.Fatalf("role: %s", o)
	}
	if o := line("carol: /tournament create game:" + game + " players:3"); !strings.Contains(o, "Tournament #1") {
		t.Fatalf("a member with the role creates: %s", o)
	}
	if o := line("dave: /tournament cancel"); !strings.Contains(o, "Only those who run the tournament") {
		t.Fatalf("dave cancels: %s", o)
	}
	line("manager dave")
	if o := line("dave: /tournament cancel"); !strings.Contains(o, "is cancelled") {
		t.Fatalf("dave, a manager again, cancels: %s", o)
	}
	if testing.Verbose() {
		t.Log(out.String())
	}
}
