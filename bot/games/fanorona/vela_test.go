package fanoronamod_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/veletasbot/veletas/bot"
	fanoronamod "github.com/veletasbot/veletas/bot/games/fanorona"
	"github.com/veletasbot/veletas/bot/internal/bottest"
	"github.com/veletasbot/veletas/game/fanorona"
	fai "github.com/veletasbot/veletas/game/fanorona/ai"
	"github.com/veletasbot/veletas/store"
)

// TestVelaOnlyLoserAgainstComputer: against the computer, as between
// people, only the loser of a Fanorona game may offer the Véla game. When
// the human lost, the Véla button starts the Véla game with the human
// White; when the computer lost, the final message has no Véla button,
// and the button pressed anyway is refused, in every language.
func TestVelaOnlyLoserAgainstComputer(t *testing.T) {
	e := bottest.NewEnv(t, bot.Config{})
	e.StartAI(bot.AIConfig{Workers: 1, NewPlayer: func(g store.Game) any {
		l, err := fai.ParseLevel(g.AILevel)
		if err != nil {
			return nil
		}
		o := l.Options()
		o.Time, o.Seed = 0, g.ID
		return fai.New(o)
	}})

	// The computer lost (it resigned, through the store): no Véla button,
	// and its loser-only refusal for the human winner.
	e.Channel = "won"
	won, err := e.DB.StartAIGame(t.Context(), e.Guild, e.Channel, "alice", bottest.AIName, "easy", fanorona.GameKind, fanorona.MakeTerms(fanorona.Fanorona, false), false)
	if err != nil {
		t.Fatal(err)
	}
	if won, err = e.DB.Resign(t.Context(), e.Guild, e.Channel, bottest.AIName); err != nil || won.Winner != "alice" {
		t.Fatalf("the computer's resignation: %v %+v", err, won)
	}
	if b := fanoronamod.New(false).FinalButtons("", won); len(b) != 0 {
		t.Errorf("Véla button for the human winner: %+v", b)
	}
	end := bottest.Public(t, e.Cmd("fanorona", "alice", "board"))
	for _, b := range end.Buttons {
		if b.Label == "Véla" {
			t.Errorf("the final board offers Véla to the winner: %q", end.Plain())
		}
	}
	vela := bot.GameButton(won, "vela", strconv.FormatUint(won.ID, 10), 0)
	for loc, want := range map[string]string{
		"":   "By tradition the loser of the Fanorona game offers the Véla game: only they can press this button.",
		"fr": "Selon la tradition, c'est le perdant de la partie de fanorona qui propose la véla : lui seul peut appuyer sur ce bouton.",
		"ja": "伝統により、ヴェラはファノロナの対局に負けた側が申し込みます。このボタンを押せるのは負けた人だけです。",
	} {
		bottest.Refused(t, e.Press(loc, "alice", vela), want)
	}
	if g, err := e.DB.ActiveGame(t.Context(), e.Guild, e.Channel); err == nil {
		t.Fatalf("the winner's Véla press started a game: %+v", g)
	}

	// The human lost: the button is there, only the loser presses it, and
	// the Véla game starts with the human White.
	e.Channel = "lost"
	bottest.Public(t, e.Cmd("fanorona", "alice", "challenge", "opponent="+bottest.AIName, "level=easy", "side=white"))
	end = bottest.Public(t, e.Cmd("fanorona", "alice", "resign"))
	btn := bottest.Button(t, end, "Véla")
	bottest.Refused(t, e.Press("", "carol", btn), "only they can press this button")
	r := e.Press("", "alice", btn)
	bottest.RunAfter(r)
	g, err := e.DB.ActiveGame(t.Context(), e.Guild, e.Channel)
	if err != nil {
		t.Fatal(err)
	}
	if m := g.State().(fanorona.Match); m.Game().Variant() != fanorona.Vela || g.Player(m.SeatOf(fanorona.White)) != "alice" || g.AI != bottest.AIName {
		t.Fatalf("Véla after losing to the computer: %+v %q", g, r.Plain())
	}
	if !strings.Contains(r.Plain(), "<@alice> offered a game of Véla.") {
		t.Errorf("Véla press: %q", r.Plain())
	}
}
