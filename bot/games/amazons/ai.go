package amazonsmod

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/veletasbot/veletas/game/amazons"
	"github.com/veletasbot/veletas/game/amazons/ai"
)

// Decision is the computer's turn, and whether it is the random fallback
// (Cause says why: the player's error, its illegal turn, or its panic).
type Decision struct {
	Turn     amazons.Turn
	Fallback bool
	Cause    error
	Stats    ai.Stats // the player's figures (zero after a panic)
}

// ErrNoTurn is returned by Decide when the side to move has no turn: the
// game is over.
var ErrNoTurn = errors.New("amazons: the side to move has no turn")

// chooser is what Decide needs of a computer player; *ai.Player is one.
type chooser interface {
	Choose(ctx context.Context, pos amazons.Position) (amazons.Turn, ai.Stats, error)
}

var _ chooser = (*ai.Player)(nil)

// Decide lets the computer choose a turn in pos at a level ("easy",
// "medium" or "hard", any case) with a seed, thinking at most limit (and
// at most the level's own cap; zero: the level's cap), and never past
// ctx's deadline: the best turn found by then is played. When the player
// fails, panics or chooses an illegal turn, Decide plays a random legal
// turn instead (Decision.Fallback), so that a game against the computer
// never stalls. It returns an error for an unknown level
// (ai.ErrUnknownLevel), a game that is over (ErrNoTurn), and a context
// already done (its error: the bot is stopping, nothing is played).
func Decide(ctx context.Context, pos amazons.Position, level string, seed uint64, limit time.Duration) (Decision, error) {
	lv, err := ai.ParseLevel(level)
	if err != nil {
		return Decision{}, fmt.Errorf("amazons: computer player: %w", err)
	}
	o := lv.Options()
	o.Seed = seed
	if limit > 0 && (o.Time == 0 || limit < o.Time) {
		o.Time = limit
	}
	return decide(ctx, pos, ai.New(o), rand.New(rand.NewPCG(seed, 0x616d617a)))
}

func decide(ctx context.Context, pos amazons.Position, p chooser, rng *rand.Rand) (Decision, error) {
	if err := ctx.Err(); err != nil {
		return Decision{}, fmt.Errorf("amazons: computer player: %w", err)
	}
	if pos.Over() {
		return Decision{}, ErrNoTurn
	}
	t, st, err := choose(ctx, pos, p)
	if err == nil {
		if err = pos.Check(t); err == nil {
			return Decision{Turn: t, Stats: st}, nil
		}
		err = fmt.Errorf("amazons: the computer chose the illegal turn %s: %w", t, err)
	}
	if cerr := ctx.Err(); cerr != nil && errors.Is(err, cerr) {
		return Decision{}, fmt.Errorf("amazons: computer player: %w", err)
	}
	r, ok := pos.RandomTurn(rng)
	if !ok {
		return Decision{}, ErrNoTurn
	}
	return Decision{Turn: r, Fallback: true, Cause: err, Stats: st}, nil
}

// errPanicked marks a computer player's panic turned into an error.
var errPanicked = errors.New("amazons: the computer player panicked")

// choose asks the player, turning a panic into an error.
func choose(ctx context.Context, pos amazons.Position, p chooser) (t amazons.Turn, st ai.Stats, err error) {
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("%w: %v", errPanicked, v)
		}
	}()
	return p.Choose(ctx, pos)
}
