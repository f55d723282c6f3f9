package amazonsmod

import (
	"context"
	"fmt"
	"math"

	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/game/amazons"
	"github.com/veletasbot/veletas/game/amazons/ai"
	"github.com/veletasbot/veletas/store"
)

var _ bot.Evaluator = Module{}

// evalScale is the lead in squares of territory judged three quarters of
// a win (tanh(1) ≈ 0.76).
const evalScale = 12.0

// Evaluate judges each position of g (the start and after each turn) with
// the computer player's full evaluation, the territory the side to move
// leads by, as the first seat's (White's) [-1, 1]; a position where the
// side to move cannot move is a loss. It costs about a tenth of a
// millisecond a position: no search.
func (Module) Evaluate(ctx context.Context, g store.Game) ([]float64, error) {
	ps := match(g).Game.Positions()
	out := make([]float64, len(ps))
	for i, p := range ps {
		if i%16 == 0 && ctx.Err() != nil {
			return nil, fmt.Errorf("amazons: evaluating game %d: %w", g.ID, ctx.Err())
		}
		var v float64
		if p.Over() {
			v = -1
		} else {
			v = math.Tanh(ai.Evaluate(p) / evalScale)
		}
		if p.ToMove() != amazons.White {
			v = -v
		}
		out[i] = v
	}
	return out, nil
}
