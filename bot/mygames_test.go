package bot

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/veletasbot/veletas/game/veletas"
	"github.com/veletasbot/veletas/store"
)

// toPlay plays random legal actions in the env's channel until the game
// is in its turns and the first turn is made; it returns the game then.
func (e *env) toPlay(r *rand.Rand) store.Game {
	e.tb.Helper()
	for {
		g, err := e.db.ActiveGame(e.tb.Context(), e.guild, e.chann)
		if err != nil {
			e.tb.Fatal(err)
		}
		if a, ok := vstate(g).LastAction(); ok && a.Kind == veletas.KindTurn && !g.Over() {
			return g
		}
		user, sub, opts := nextCommand(e.tb, g, r)
		public(e.tb, e.cmd(user, sub, opts...))
	}
}

func TestGamesList(t *testing.T) {
	e := newEnv(t, Config{})
	refused(t, e.cmd("alice", "games"), "no game in progress")
	e.startGame("7") // c1: alice to set up
	e.chann = "c2"
	ch := public(t, e.cmd("bob", "challenge", "opponent=alice", "size=9", "time=none"))
	public(t, e.press("alice", button(t, ch, "Accept"))) // c2: bob to set up
	e.chann = "c3"
	ch = public(t, e.cmd("carol", "challenge", "opponent=dave", "size=7"))
	public(t, e.press("dave", button(t, ch, "Accept"))) // not alice's
	if _, err := e.db.SetGameThread(t.Context(), e.guild, "c1", "t1"); err != nil {
		t.Fatal(err)
	}
	r := e.cmd("alice", "games")
	if !r.Ephemeral || len(r.Mentions) != 0 {
		t.Fatalf("games reply %+v", r)
	}
	lines := strings.Split(r.Plain(), "\n")
	if len(lines) != 3 || !strings.Contains(lines[0], "(2, your turn first)") ||
		!strings.HasPrefix(lines[1], "• game 1, 7x7 vs <@bob>: **your turn**, due <t:") ||
		!strings.HasSuffix(lines[1], "— https://discord.com/channels/g1/t1") ||
		lines[2] != "• game 2, 9x9 vs <@bob>: <@bob> to play — https://discord.com/channels/g1/c2" {
		t.Fatalf("games:\n%s", r.Plain())
	}
	// bob sees the other order: his turn in game 2 first.
	r = e.cmd("bob", "games")
	if !strings.Contains(r.Plain(), "• game 2, 9x9 vs <@alice>: **your turn** —") || strings.Index(r.Plain(), "game 2") > strings.Index(r.Plain(), "game 1") {
		t.Fatalf("bob's games:\n%s", r.Plain())
	}
}

func TestTakeback(t *testing.T) {
	e := newEnv(t, Config{})
	e.startGame("7")
	refused(t, e.cmd("alice", "takeback"), "only your own last turn")
	g := e.toPlay(rand.New(rand.NewPCG(3, 4)))
	mover := vplayer(g, vstate(g).Position().ToMove().Other()) // made the last turn
	other := g.Opponent(mover)
	refused(t, e.cmd(other, "takeback"), "only your own last turn")
	refused(t, e.cmd("carol", "takeback"), "not playing this game")

	ask := public(t, e.cmd(mover, "takeback"))
	if !strings.Contains(ask.Plain(), "<@"+other+">, <@"+mover+"> asks to take back their last turn") || !hasMention(ask, other) {
		t.Fatalf("ask: %+v", ask)
	}
	refused(t, e.press(mover, button(t, ask, "Accept")), "your opponent answers it")
	refused(t, e.press("carol", button(t, ask, "Accept")), "not playing this game")
	no := public(t, e.press(other, button(t, ask, "Decline")))
	if !no.Update || !strings.Contains(no.Plain(), "declined the takeback") {
		t.Fatalf("decline: %+v", no)
	}
	refused(t, e.press(other, button(t, ask, "Accept")), "no longer open")
	g2, _ := e.db.ActiveGame(t.Context(), e.guild, e.chann)
	if g2.Revision != g.Revision || g2.Record != g.Record {
		t.Fatal("a declined takeback changed the game")
	}

	ask = public(t, e.cmd(mover, "takeback"))
	yes := public(t, e.press(other, button(t, ask, "Accept")))
	if !yes.Update || !strings.Contains(yes.Plain(), "accepted the takeback: <@"+mover+">'s last turn is undone") || !hasMention(yes, mover) {
		t.Fatalf("accept: %+v", yes)
	}
	updatedTo(t, yes, "accepted the takeback")
	decodePNG(t, followed(t, yes))
	g3, _ := e.db.ActiveGame(t.Context(), e.guild, e.chann)
	if g3.ToAct() != mover || vstate(g3).Len() != vstate(g).Len()-1 || g3.Revision != g.Revision+1 {
		t.Fatalf("after the takeback: to act %s, plies %d (was %d)", g3.ToAct(), vstate(g3).Len(), vstate(g).Len())
	}
	refused(t, e.press(other, button(t, ask, "Accept")), "no longer open")
	// A request is cancelled by a move.
	user, sub, opts := nextCommand(t, g3, rand.New(rand.NewPCG(5, 6)))
	public(t, e.cmd(user, sub, opts...))
	ask = public(t, e.cmd(mover, "takeback"))
	g4, _ := e.db.ActiveGame(t.Context(), e.guild, e.chann)
	user, sub, opts = nextCommand(t, g4, rand.New(rand.NewPCG(7, 8)))
	public(t, e.cmd(user, sub, opts...))
	refused(t, e.press(other, button(t, ask, "Accept")), "no longer open")
}

// TestTakebackUndoesClaims plays random 7x7 games until a turn claims a
// shooter, takes it back and checks that the claim is undone.
func TestTakebackUndoesClaims(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for n := 0; n < 20; n++ {
		e := newEnv(t, Config{})
		e.startGame("7")
		for {
			g, err := e.db.ActiveGame(t.Context(), e.guild, e.chann)
			if err != nil {
				break // over
			}
			claims := func(g store.Game) int {
				return vstate(g).Position().Claims(veletas.Black) + vstate(g).Position().Claims(veletas.White)
			}
			user, sub, opts := nextCommand(t, g, r)
			after := public(t, e.cmd(user, sub, opts...))
			g2, err := e.db.ActiveGame(t.Context(), e.guild, e.chann)
			if err != nil || sub != "move" || claims(g2) == claims(g) {
				continue
			}
			if !strings.Contains(after.Plain(), "Claims: ") {
				t.Fatalf("no claims line: %q", after.Plain())
			}
			ask := public(t, e.cmd(user, "takeback"))
			yes := followed(t, public(t, e.press(g.Opponent(user), button(t, ask, "Accept"))))
			g3, _ := e.db.ActiveGame(t.Context(), e.guild, e.chann)
			if claims(g3) != claims(g) || vstate(g3).Position().String() != vstate(g).Position().String() || !strings.Contains(yes.Plain(), "Claims: Black 0 – White 0") == (claims(g) == 0) {
				t.Fatalf("claims after the takeback %d, before the turn %d:\n%s", claims(g3), claims(g), yes.Plain())
			}
			return
		}
	}
	t.Fatal("no turn claimed a shooter in 20 games")
}
