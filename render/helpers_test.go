package render

import (
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
