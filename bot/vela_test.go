package bot

import (
	"strconv"
	"strings"
	"testing"

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
	e := newEnv(t, Config{})
	e.startAI(AIConfig{Workers: 1, NewPlayer: fanoronaPlayers(func(l fai.Level, g store.Game) FanoronaActor {
		o := l.Options()
		o.Time, o.Seed = 0, g.ID
		return fai.New(o)
	})})

	// The computer lost (it resigned, through the store): no Véla button,
	// and its loser-only refusal for the human winner.
	e.chann = "won"
	won, err := startFanoronaAI(t.Context(), e.db, e.guild, e.chann, "alice", aiName, "easy", fanorona.Fanorona, false)
	if err != nil {
		t.Fatal(err)
	}
	if won, err = e.db.Resign(t.Context(), e.guild, e.chann, aiName); err != nil || won.Winner != "alice" {
		t.Fatalf("the computer's resignation: %v %+v", err, won)
	}
	if b := moduleOf(kindFanorona).final.FinalButtons("", won); len(b) != 0 {
		t.Errorf("Véla button for the human winner: %+v", b)
	}
	end := public(t, e.fcmd("alice", "board"))
	for _, b := range end.Buttons {
		if b.Label == "Véla" {
			t.Errorf("the final board offers Véla to the winner: %q", end.Plain())
		}
	}
	vela := gameButton(kindFanorona, btnVela, strconv.FormatUint(won.ID, 10), 0)
	for loc, want := range map[string]string{
		"":   "By tradition the loser of the Fanorona game offers the Véla game: only they can press this button.",
		"fr": "Selon la tradition, c'est le perdant de la partie de fanorona qui propose la véla : lui seul peut appuyer sur ce bouton.",
		"ja": "伝統により、ヴェラはファノロナの対局に負けた側が申し込みます。このボタンを押せるのは負けた人だけです。",
	} {
		refused(t, e.pressIn(loc, "alice", vela), want)
	}
	if g, err := e.db.ActiveGame(t.Context(), e.guild, e.chann); err == nil {
		t.Fatalf("the winner's Véla press started a game: %+v", g)
	}

	// The human lost: the button is there, only the loser presses it, and
	// the Véla game starts with the human White.
	e.chann = "lost"
	public(t, e.fcmd("alice", "challenge", "opponent="+aiName, "level=easy", "side=white"))
	end = public(t, e.fcmd("alice", "resign"))
	btn := button(t, end, "Véla")
	refused(t, e.press("carol", btn), "only they can press this button")
	r := e.press("alice", btn)
	runAfter(r)
	if g := e.fgame(); fmatch(g).Game().Variant() != fanorona.Vela || fplayer(g, fanorona.White) != "alice" || g.AI != aiName {
		t.Fatalf("Véla after losing to the computer: %+v %q", g, r.Plain())
	}
	if !strings.Contains(r.Plain(), "<@alice> offered a game of Véla.") {
		t.Errorf("Véla press: %q", r.Plain())
	}
}
