package veletas

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/veletasbot/veletas/game/veletas"
)

func loadRecord(t testing.TB, name string) veletas.Game {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	g, err := veletas.ParseRecord(f)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return g
}

// midGame returns the longest prefix of g that is still in play and has
// shooters claimed by both colours, ending with a turn that claimed one.
func midGame(t testing.TB, g veletas.Game) veletas.Game {
	t.Helper()
	for n := g.Len(); n > 0; n-- {
		p := g.PositionAt(n)
		if p.Phase() != veletas.PhasePlay || p.Claims(veletas.Black) == 0 || p.Claims(veletas.White) == 0 {
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
// when the game ends. opts are NewGame's (the rules).
func randomGame(t testing.TB, size veletas.Size, seed uint64, turns int, opts ...veletas.Option) veletas.Game {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	g, err := veletas.NewGame(size, opts...)
	if err != nil {
		t.Fatal(err)
	}
	play := func(a veletas.Action) {
		t.Helper()
		if g, err = g.Play(a); err != nil {
			t.Fatalf("random game: %v", err)
		}
	}
	play(g.Position().RandomSetup(r))
	play(veletas.ChoiceAction(r.IntN(2) == 0))
	play(g.Position().RandomSetup(r))
	for i := 0; i < turns; i++ {
		legal := g.Position().LegalTurns(nil)
		if len(legal) == 0 {
			break
		}
		play(veletas.TurnAction(legal[r.IntN(len(legal))]))
	}
	return g
}

// midGameTurns is how many turns the benchmarks' mid-game positions have:
// about half of a typical game.
var midGameTurns = map[veletas.Size]int{veletas.Size7: 12, veletas.Size9: 20, veletas.Size10: 30}

// randomMidGame returns a random game still in play after
// midGameTurns[size] turns.
func randomMidGame(t testing.TB, size veletas.Size) veletas.Game {
	t.Helper()
	for seed := uint64(1); ; seed++ {
		g := randomGame(t, size, seed, midGameTurns[size])
		if g.Position().Phase() == veletas.PhasePlay {
			return g
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
