package ai

import (
	"errors"
	"math/bits"
	"time"

	"github.com/veletasbot/veletas/game/fanorona"
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

// ErrGameOver is returned when asked to act in a finished game.
var ErrGameOver = errors.New("ai: the game is over")

// ErrInSequence is returned when asked to act in the middle of a capture
// sequence played step by step: the AI plays whole turns.
var ErrInSequence = errors.New("ai: a capture sequence is under way")

// ParseLevel reads "easy", "medium" or "hard" (any case).
func ParseLevel(s string) (Level, error) {
	l, err := enginekit.ParseLevel(s)
	return Level(l), err
}

// Options bound and shape a search. The zero value of a field means its
// default; Level.Options gives the settings of each level.
type Options struct {
	// Depth is the deepest iteration, in whole turns (default 4).
	Depth int
	// Nodes caps the positions visited per decision. Zero means no cap
	// (Time or Depth then bounds the search).
	Nodes int
	// Time caps the thinking time per decision. Zero means no cap.
	Time time.Duration
	// Quiescence is the number of extra turns searched past Depth while
	// the side to move must capture (default 4; -1 for none).
	Quiescence int
	// plain leaves out the threat term of the evaluation (experiments).
	plain bool
	// Noise is the largest evaluation noise, in hundredths of a piece,
	// drawn per position from the seed: small, it varies the choice
	// between nearly equal turns; large, it weakens the player.
	Noise int
	// Seed makes decisions repeatable: unless Time cuts the search short,
	// the same seed and the same position give the same turn.
	Seed uint64
	// Now is the clock (time.Now when nil).
	Now func() time.Time
}

// Options returns the settings of a level. Each level is bounded by
// visited positions, so that its strength does not depend on the machine
// or its load, and by time as a safety net. See the README for the
// measured decision times.
func (l Level) Options() Options {
	switch l {
	case Easy:
		return Options{Depth: 1, Nodes: 2_000, Quiescence: 1, Noise: 100, Time: 500 * time.Millisecond}
	case Medium:
		return Options{Depth: 3, Nodes: 8_000, Quiescence: 4, Noise: 5, Time: 900 * time.Millisecond}
	case Hard:
		return Options{Depth: 10, Nodes: 100_000, Quiescence: 6, Noise: 3, Time: 4 * time.Second}
	}
	return Options{}
}

func (o Options) withDefaults() Options {
	if o.Depth <= 0 {
		o.Depth = 4
	}
	if o.Depth > maxPly/2 {
		o.Depth = maxPly / 2
	}
	if o.Quiescence == 0 {
		o.Quiescence = 4
	}
	if o.Quiescence < 0 {
		o.Quiescence = 0
	}
	if o.Quiescence > maxPly/2-1 {
		o.Quiescence = maxPly/2 - 1
	}
	if o.Noise < 0 {
		o.Noise = 0
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	return o
}

// Agent is anything that chooses turns: a Player or Random.
type Agent interface {
	Act(g fanorona.Game) (fanorona.Turn, error)
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
func (p *Player) Act(g fanorona.Game) (fanorona.Turn, error) {
	t, _, err := p.Choose(g.Position())
	return t, err
}

// Stats describes a decision.
type Stats struct {
	Depth int           // the deepest iteration completed
	Nodes int           // positions visited
	Score int           // the chosen turn's score, in hundredths of a piece, for the mover
	Time  time.Duration // thinking time by the player's clock
}

// Choose returns the turn the player chooses in a position between turns,
// with figures about the search. It returns ErrGameOver when the game has
// ended and ErrInSequence in the middle of a capture sequence.
func (p *Player) Choose(pos fanorona.Position) (fanorona.Turn, Stats, error) {
	if pos.InSequence() {
		return fanorona.Turn{}, Stats{}, ErrInSequence
	}
	if pos.Over() {
		return fanorona.Turn{}, Stats{}, ErrGameOver
	}
	if p.s == nil {
		p.s = newSearcher()
	}
	return p.s.run(pos, p.opts)
}

// neighbour[p][d] is the point next to p in direction d along a line, or
// NoPoint.
var neighbour [fanorona.Points][8]fanorona.Point

// threat returns the largest number of pieces of theirs that one step of
// a piece of mine would capture, were it my turn and capture allowed.
func threat(mine, theirs fanorona.Bits) int {
	empty := ^(mine | theirs)
	best := 0
	line := func(p fanorona.Point, d fanorona.Dir) int {
		n := 0
		for p != fanorona.NoPoint && theirs.Has(p) {
			n++
			p = neighbour[p][d]
		}
		return n
	}
	for b := mine; b != 0; b &= b - 1 {
		p := b.First()
		for d := fanorona.Dir(0); d < 8; d++ {
			q := neighbour[p][d]
			if q == fanorona.NoPoint || !empty.Has(q) {
				continue
			}
			if a := neighbour[q][d]; a != fanorona.NoPoint && theirs.Has(a) {
				best = max(best, line(a, d))
			}
			if w := neighbour[p][d.Opposite()]; w != fanorona.NoPoint && theirs.Has(w) {
				best = max(best, line(w, d.Opposite()))
			}
		}
	}
	return best
}

// Weights of the threats, in hundredths of a piece per piece threatened:
// the mover's (which it may take next), the opponent's (which the mover
// may still parry), and Black's during Véla's first phase, when it may
// not capture yet but its threats are its strength once it may.
const (
	threatMover    = 40
	threatOpponent = 60
	threatLatent   = 15
)

// threats is the threat term of the evaluation for the side to move.
func threats(pos fanorona.Position) int {
	me := pos.ToMove()
	mine, theirs := pos.Pieces(me), pos.Pieces(me.Other())
	wMe, wThem := threatMover, threatOpponent
	if pos.FirstPhase() {
		if me == fanorona.Black {
			wMe = threatLatent
		} else {
			wThem = threatLatent
		}
	}
	return wMe*threat(mine, theirs) - wThem*threat(theirs, mine)
}

// strong are the points that carry diagonals.
var strong fanorona.Bits

// dist is the number of steps along lines between two points.
var dist [fanorona.Points][fanorona.Points]int8

func init() {
	for p := fanorona.Point(0); p < fanorona.Points; p++ {
		for d := fanorona.Dir(0); d < 8; d++ {
			neighbour[p][d] = fanorona.Neighbour(p, d)
		}
	}
	for p := fanorona.Point(0); p < fanorona.Points; p++ {
		if p.Diagonal() {
			strong |= 1 << p
		}
	}
	for a := fanorona.Point(0); a < fanorona.Points; a++ {
		for b := fanorona.Point(0); b < fanorona.Points; b++ {
			df, dr := abs(a.File()-b.File()), abs(a.Rank()-b.Rank())
			d := max(df, dr)
			// A pure diagonal run needs strong points; from a weak point
			// one orthogonal step comes first. (A heuristic: other
			// paths may need a step more or less.)
			if df == dr && df > 0 && !a.Diagonal() {
				d++
			}
			dist[a][b] = int8(d)
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

const (
	pieceValue = 100
	winScore   = 1_000_000
	maxPly     = 64
)

func evaluate(mine, theirs fanorona.Bits) int {
	nm, nt := bits.OnesCount64(uint64(mine)), bits.OnesCount64(uint64(theirs))
	score := pieceValue * (nm - nt)
	score += 4 * (bits.OnesCount64(uint64(mine&strong)) - bits.OnesCount64(uint64(theirs&strong)))
	// Endgame: the side ahead closes in, the side behind keeps away.
	if nm+nt <= 12 && nm != nt {
		a, b := mine, theirs
		sign := 1
		if nt > nm {
			a, b, sign = theirs, mine, -1
		}
		total := 0
		for x := b; x != 0; x &= x - 1 {
			q := x.First()
			best := int8(127)
			for y := a; y != 0; y &= y - 1 {
				if d := dist[y.First()][q]; d < best {
					best = d
				}
			}
			total += int(best)
		}
		score -= sign * 3 * total
	}
	return score
}
