package veletasmod

import (
	"context"
	"fmt"

	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/game/veletas"
	"github.com/veletasbot/veletas/game/veletas/ai"
	"github.com/veletasbot/veletas/store"
)

var _ bot.Evaluator = Module{}

// Evaluate judges each position of g (the start and after each action)
// with the computer player's static evaluation, Black's chance of winning
// from the claims and the shooters' liberties, turned into the first
// seat's [-1, 1]. It costs microseconds a position: no search.
func (Module) Evaluate(ctx context.Context, g store.Game) ([]float64, error) {
	m := vmatch(g)
	first := m.ColorOf(0)
	ps := m.Game.Positions()
	out := make([]float64, len(ps))
	for i, p := range ps {
		if i%64 == 0 && ctx.Err() != nil {
			return nil, fmt.Errorf("veletas: evaluating game %d: %w", g.ID, ctx.Err())
		}
		v := 2*ai.Evaluate(p) - 1 // Black's
		if first != veletas.Black {
			v = -v
		}
		out[i] = v
	}
	return out, nil
}
