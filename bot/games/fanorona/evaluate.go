package fanoronamod

import (
	"context"
	"fmt"
	"math"
	"time"

	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/game/fanorona"
	fai "github.com/veletasbot/veletas/game/fanorona/ai"
	"github.com/veletasbot/veletas/store"
)

var _ bot.Evaluator = Module{}

// evalOptions bound the search that judges one position: a shallow search
// of at most 3,000 positions (a few milliseconds), so that a game of a
// hundred turns is judged in well under a second.
var evalOptions = fai.Options{Depth: 2, Nodes: 3_000, Quiescence: 2, Time: 50 * time.Millisecond, Seed: 1}

// evalScale is the lead in pieces judged three quarters of a win
// (tanh(1) ≈ 0.76).
const evalScale = 3.0

// Evaluate judges each position of g (the start and after each turn) by a
// small search of the computer player, the material the side to move
// leads by with its best turn, as the first seat's [-1, 1]; a position
// that ended the game is its result.
func (Module) Evaluate(ctx context.Context, g store.Game) ([]float64, error) {
	m := fmatch(g)
	ps := m.Game().Positions()
	out := make([]float64, len(ps))
	p := fai.New(evalOptions)
	for i, pos := range ps {
		if ctx.Err() != nil {
			return nil, fmt.Errorf("fanorona: evaluating game %d: %w", g.ID, ctx.Err())
		}
		var v float64 // for the side to move
		if r := pos.Result(); r != fanorona.Ongoing {
			w, ok := r.Winner()
			switch {
			case !ok:
				v = 0
			case w == pos.ToMove():
				v = 1
			default:
				v = -1
			}
		} else {
			_, st, err := p.Choose(pos)
			if err != nil {
				return nil, fmt.Errorf("fanorona: evaluating game %d, turn %d: %w", g.ID, i, err)
			}
			v = math.Tanh(float64(st.Score) / 100 / evalScale)
		}
		if m.SeatOf(pos.ToMove()) != 0 {
			v = -v
		}
		out[i] = v
	}
	return out, nil
}
