package ai

import (
	"fmt"
	"math/rand/v2"

	"github.com/veletasbot/veletas/game/fanorona"
	"github.com/veletasbot/veletas/game/internal/enginekit"
)

// Random is the uniform random player: a uniform choice among the legal
// turns (every stopping point of every capture sequence is one turn).
type Random struct {
	rng *rand.Rand
	buf []fanorona.Turn
}

// NewRandom returns a random player with a seed.
func NewRandom(seed uint64) *Random { return &Random{rng: rand.New(rand.NewPCG(seed, 17))} }

// Act chooses a uniformly random legal turn.
func (r *Random) Act(g fanorona.Game) (fanorona.Turn, error) {
	pos := g.Position()
	if pos.InSequence() {
		return fanorona.Turn{}, ErrInSequence
	}
	r.buf = pos.LegalTurns(r.buf[:0])
	if len(r.buf) == 0 {
		return fanorona.Turn{}, ErrGameOver
	}
	return r.buf[r.rng.IntN(len(r.buf))], nil
}

// PlayGame plays a whole game of the variant between white and black and
// returns its result and the finished game. An agent's illegal turn is an
// error.
func PlayGame(v fanorona.Variant, white, black Agent) (fanorona.Result, fanorona.Game, error) {
	g := fanorona.NewGame(v)
	for !g.Position().Over() {
		actor := white
		if g.Position().ToMove() == fanorona.Black {
			actor = black
		}
		t, err := actor.Act(g)
		if err != nil {
			return fanorona.Ongoing, g, fmt.Errorf("ai: %s to move after %d turns: %w", g.Position().ToMove(), g.Len(), err)
		}
		next, err := g.Play(t)
		if err != nil {
			return fanorona.Ongoing, g, fmt.Errorf("ai: agent played an illegal turn %s: %w", t, err)
		}
		g = next
	}
	return g.Position().Result(), g, nil
}

// Elo returns the Elo difference for a score (wins plus half the draws)
// over a number of games, and its 95% margin (enginekit.Elo, as for every
// game).
func Elo(score float64, games int) (diff, margin float64) { return enginekit.Elo(score, games) }
