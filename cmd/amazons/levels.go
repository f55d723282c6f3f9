package main

import (
	"context"

	"github.com/veletasbot/veletas/game/amazons"
	"github.com/veletasbot/veletas/game/amazons/ai"
)

// The computer opponent's levels join the players of selfplay by their
// names, easy, medium and hard (in a variable's initializer, which runs
// before the init functions that list the players).
var _ = func() bool {
	for _, l := range ai.Levels {
		players[l.String()] = func(seed uint64) Player { return levelPlayer{ai.NewLevel(l, seed)} }
	}
	return true
}()

// levelPlayer is a level of the computer opponent as a selfplay Player.
type levelPlayer struct{ p *ai.Player }

func (lp levelPlayer) Choose(ctx context.Context, p amazons.Position) (amazons.Turn, error) {
	t, _, err := lp.p.Choose(ctx, p)
	return t, err
}
