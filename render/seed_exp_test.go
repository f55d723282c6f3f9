package render

import (
	"testing"

	"github.com/veletasbot/veletas/game"
)

func TestSeedExp(t *testing.T) {
	for seed := uint64(60000); seed < 400000; seed++ {
		g := randomGame(t, game.Size10, seed, 200)
		if g.Len() >= 90 {
			t.Logf("seed %d: %d actions", seed, g.Len())
			return
		}
	}
}
