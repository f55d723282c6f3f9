package ai

import (
	"fmt"
	"math/rand/v2"

	"github.com/veletasbot/veletas/game/internal/enginekit"
	"github.com/veletasbot/veletas/game/veletas"
)

// Agent is anything that chooses actions: a Player or Random.
type Agent interface {
	Act(g veletas.Game) (veletas.Action, error)
}

// Random is the uniform random player: random legal setups, a random side
// choice and RandomTurn's uniform turn policy.
type Random struct{ rng *rand.Rand }

// NewRandom returns a random player with a seed.
func NewRandom(seed uint64) *Random { return &Random{rng: rand.New(rand.NewPCG(seed, 17))} }

// Act chooses a uniformly random action.
func (r *Random) Act(g veletas.Game) (veletas.Action, error) {
	pos := g.Position()
	switch pos.Phase() {
	case veletas.PhaseSetup1, veletas.PhaseSetup2:
		return pos.RandomSetup(r.rng), nil
	case veletas.PhaseChoice:
		return veletas.ChoiceAction(r.rng.IntN(2) == 0), nil
	case veletas.PhasePlay:
		q := pos
		t, _ := q.RandomTurn(r.rng)
		return veletas.TurnAction(t), nil
	}
	return veletas.Action{}, ErrGameOver
}

// PlayGameRules plays a whole game of the given size under the given rules
// between first (who makes the first setup) and second, with the pie rule.
// It returns 0 when the first player wins, 1 when the second does, and the
// finished game.
func PlayGameRules(size veletas.Size, rules veletas.Rules, first, second Agent) (int, veletas.Game, error) {
	g, err := veletas.NewGame(size, veletas.WithRules(rules))
	if err != nil {
		return 0, g, err
	}
	for !g.Position().Over() {
		pos := g.Position()
		var actor Agent
		switch pos.Phase() {
		case veletas.PhaseSetup1:
			actor = first
		case veletas.PhaseChoice:
			actor = second
		default:
			// The first player plays White after a swap.
			if pos.ToMove() == pos.FirstPlayerColor() {
				actor = first
			} else {
				actor = second
			}
		}
		a, err := actor.Act(g)
		if err != nil {
			return 0, g, err
		}
		next, err := g.Play(a)
		if err != nil {
			return 0, g, fmt.Errorf("ai: agent played an illegal action %s: %w", a, err)
		}
		g = next
	}
	if g.Position().Winner() == g.Position().FirstPlayerColor() {
		return 0, g, nil
	}
	return 1, g, nil
}

// Elo returns the Elo difference for wins over a number of games, and its
// 95% margin (enginekit.Elo, as for every game).
func Elo(wins, games int) (diff, margin float64) { return enginekit.Elo(float64(wins), games) }
