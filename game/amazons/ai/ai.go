package ai

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/veletasbot/veletas/game/amazons"
	"github.com/veletasbot/veletas/game/internal/enginekit"
)

// Level is a named strength: easy, medium or hard, named and read as
// every game's computer player does (enginekit.Level); Options gives its
// search settings for this game.
type Level enginekit.Level

// The levels, weakest first.
const (
	Easy   = Level(enginekit.Easy)
	Medium = Level(enginekit.Medium)
	Hard   = Level(enginekit.Hard)
)

// Levels lists the levels, weakest first.
var Levels = []Level{Easy, Medium, Hard}

// String returns "easy", "medium" or "hard".
func (l Level) String() string { return enginekit.Level(l).String() }

// ErrUnknownLevel is returned by ParseLevel for a name that is not a
// level. It is the same value for every game's computer player.
var ErrUnknownLevel = enginekit.ErrUnknownLevel

// ErrGameOver is returned when asked to choose a turn in a finished game.
var ErrGameOver = errors.New("ai: the game is over")

// ParseLevel reads "easy", "medium" or "hard" (any case).
func ParseLevel(s string) (Level, error) {
	l, err := enginekit.ParseLevel(s)
	return Level(l), err
}

// Options shape and bound a decision. Level.Options gives the settings
// of each level.
type Options struct {
	// Depth is 1 to score each turn by the evaluation of the position it
	// leads to, 2 to score the best-looking turns by the opponent's best
	// reply (a selective alpha-beta search).
	Depth int
	// Sample, when positive, is how many turns a depth-1 search scores,
	// drawn at random among the legal turns (a turn that shuts the
	// opponent in is found whatever the sample). Zero scores every turn.
	Sample int
	// Cheap scores with the queen-distance territory alone.
	Cheap bool
	// Evals caps the evaluations of a depth-2 search; the search scores
	// the turns the best first while the cap allows (at least one). Zero
	// means no cap.
	Evals int
	// Noise is the largest random amount, in squares of territory, added
	// to the score of each turn at the root: small, it varies the choice
	// between nearly equal turns; large, it weakens the player.
	Noise float64
	// Time caps the thinking time per decision, as a safety net beside
	// the context's deadline: when either passes, the best turn found so
	// far is played. Zero means no cap.
	Time time.Duration
	// Seed makes decisions repeatable: unless the time runs out, the same
	// seed and the same position give the same turn.
	Seed uint64
	// Now is the clock (time.Now when nil).
	Now func() time.Time
}

// Options returns the settings of a level. Each level is bounded by work
// (turns scored, evaluations) so that its strength does not depend on
// the machine or its load, and by time as a safety net. Easy scores 300
// random turns with the cheap evaluation and much noise (a millisecond or
// two); medium scores every turn with the full evaluation (tens of
// milliseconds at the start, less later); hard searches two turns deep
// over the turns medium likes best, within 60,000 evaluations (under a
// second of one core) and never more than 2 seconds.
func (l Level) Options() Options {
	switch l {
	case Easy:
		return Options{Depth: 1, Sample: 300, Cheap: true, Noise: 4, Time: time.Second}
	case Medium:
		return Options{Depth: 1, Noise: 0.5, Time: time.Second}
	case Hard:
		return Options{Depth: 2, Evals: 60_000, Noise: 0.3, Time: 2 * time.Second}
	}
	return Options{}
}

func (o Options) withDefaults() Options {
	if o.Depth < 1 {
		o.Depth = 1
	}
	if o.Depth > 2 {
		o.Depth = 2
	}
	if o.Noise < 0 {
		o.Noise = 0
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	return o
}

// Player chooses turns. It is not safe for concurrent use (use one Player
// per goroutine); each decision starts afresh, so a Player may serve many
// games one after the other.
type Player struct {
	opts Options
	s    *searcher
}

// New returns a player with the given options.
func New(opts Options) *Player { return &Player{opts: opts.withDefaults()} }

// NewLevel returns a player of a level with a seed.
func NewLevel(l Level, seed uint64) *Player {
	o := l.Options()
	o.Seed = seed
	return New(o)
}

// Options returns the player's options with defaults filled in.
func (p *Player) Options() Options { return p.opts }

// Act returns the turn the player chooses in the game's current position.
func (p *Player) Act(ctx context.Context, g amazons.Game) (amazons.Turn, error) {
	t, _, err := p.Choose(ctx, g.Position())
	return t, err
}

// Stats describes a decision.
type Stats struct {
	Turns      int           // legal turns in the position
	Evals      int           // evaluations made
	Candidates int           // turns searched to depth 2 (0 at depth 1)
	Score      float64       // the chosen turn's score for the mover, in squares
	Stopped    bool          // the deadline or the context cut the search short
	Time       time.Duration // thinking time by the player's clock
}

// Choose returns the turn the player chooses in pos, with figures about
// the decision. It returns ErrGameOver when the side to move cannot move,
// and the context's error when ctx is already done. When ctx is done or
// its deadline (or Options.Time) passes during the search, the best turn
// found so far is returned.
func (p *Player) Choose(ctx context.Context, pos amazons.Position) (amazons.Turn, Stats, error) {
	if err := ctx.Err(); err != nil {
		return amazons.Turn{}, Stats{}, fmt.Errorf("ai: no turn chosen: %w", err)
	}
	if pos.Over() {
		return amazons.Turn{}, Stats{}, ErrGameOver
	}
	if p.s == nil {
		p.s = &searcher{}
	}
	return p.s.run(ctx, pos, p.opts)
}
