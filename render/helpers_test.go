package render

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/veletasbot/veletas/game"
)

func loadRecord(t testing.TB, name string) game.Game {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	g, err := game.ParseRecord(f)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return g
}

// midGame returns the longest prefix of g that is still in play and has
// shooters claimed by both colours, ending with a turn that claimed one.
func midGame(t testing.TB, g game.Game) game.Game {
	t.Helper()
	for n := g.Len(); n > 0; n-- {
		p := g.PositionAt(n)
		if p.Phase() != game.PhasePlay || p.Claims(game.Black) == 0 || p.Claims(game.White) == 0 {
			continue
		}
		if claimedBetween(g.PositionAt(n-1), p).Empty() {
			continue
		}
		return g.Undo(g.Len() - n)
	}
	t.Fatal("no mid-game position with claims by both sides")
	return g
}

// randomGame plays a random game of the given size from a fixed seed: the
// setup, the side choice, then up to turns random turns. It stops early
// when the game ends.
func randomGame(t testing.TB, size game.Size, seed uint64, turns int) game.Game {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	g, err := game.NewGame(size)
	if err != nil {
		t.Fatal(err)
	}
	play := func(a game.Action) {
		t.Helper()
		if g, err = g.Play(a); err != nil {
			t.Fatalf("random game: %v", err)
		}
	}
	play(g.Position().RandomSetup(r))
	play(game.ChoiceAction(r.IntN(2) == 0))
	play(g.Position().RandomSetup(r))
	for i := 0; i < turns; i++ {
		legal := g.Position().LegalTurns(nil)
		if len(legal) == 0 {
			break
		}
		play(game.TurnAction(legal[r.IntN(len(legal))]))
	}
	return g
}

// midGameTurns is how many turns the benchmarks' mid-game positions have:
// about half of a typical game.
var midGameTurns = map[game.Size]int{game.Size7: 12, game.Size9: 20, game.Size10: 30}

// randomMidGame returns a random game still in play after
// midGameTurns[size] turns.
func randomMidGame(t testing.TB, size game.Size) game.Game {
	t.Helper()
	for seed := uint64(1); ; seed++ {
		g := randomGame(t, size, seed, midGameTurns[size])
		if g.Position().Phase() == game.PhasePlay {
			return g
		}
	}
}
