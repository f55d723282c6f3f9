package ai

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"sync"

	"github.com/veletasbot/veletas/game/amazons"
	"github.com/veletasbot/veletas/game/internal/enginekit"
)

// Agent is anything that chooses turns: a Player or Random.
type Agent interface {
	Act(ctx context.Context, g amazons.Game) (amazons.Turn, error)
}

// Random is the uniform random player: a uniform choice among the legal
// turns.
type Random struct {
	rng *rand.Rand
	buf []amazons.Turn
}

// NewRandom returns a random player with a seed.
func NewRandom(seed uint64) *Random { return &Random{rng: rand.New(rand.NewPCG(seed, 17))} }

// Act chooses a uniformly random legal turn.
func (r *Random) Act(_ context.Context, g amazons.Game) (amazons.Turn, error) {
	r.buf = g.Position().AppendTurns(r.buf[:0])
	if len(r.buf) == 0 {
		return amazons.Turn{}, ErrGameOver
	}
	return r.buf[r.rng.IntN(len(r.buf))], nil
}

// PlayGame plays a whole game between white and black and returns the
// winner and the finished game. An agent's error or illegal turn is an
// error.
func PlayGame(ctx context.Context, white, black Agent) (amazons.Side, amazons.Game, error) {
	g := amazons.NewGame()
	for !g.Position().Over() {
		actor := white
		if g.Position().ToMove() == amazons.Black {
			actor = black
		}
		t, err := actor.Act(ctx, g)
		if err != nil {
			return 0, g, fmt.Errorf("ai: %s to move after %d turns: %w", g.Position().ToMove(), g.Len(), err)
		}
		next, err := g.Play(t)
		if err != nil {
			return 0, g, fmt.Errorf("ai: agent played an illegal turn %s: %w", t, err)
		}
		g = next
	}
	w, _ := g.Position().Winner()
	return w, g, nil
}

// NewAgent returns the agent named "random", "easy", "medium" or "hard"
// with a seed.
func NewAgent(name string, seed uint64) (Agent, error) {
	if name == "random" {
		return NewRandom(seed), nil
	}
	l, err := ParseLevel(name)
	if err != nil {
		return nil, err
	}
	return NewLevel(l, seed), nil
}

// MatchResult is the outcome of a match between two agents.
type MatchResult struct {
	A, B  string // the agents' names
	Games int
	WinsA int // games A won, of either colour
	// WhiteWins counts the games White won, whoever played it.
	WhiteWins int
}

// Percent is A's share of the games won, in percent.
func (m MatchResult) Percent() float64 {
	if m.Games == 0 {
		return 0
	}
	return 100 * float64(m.WinsA) / float64(m.Games)
}

// matchAgent is NewAgent without the levels' time limit, so that a match
// repeats whatever the machine's load: each decision is bounded by its
// work alone.
func matchAgent(name string, seed uint64) (Agent, error) {
	if name == "random" {
		return NewRandom(seed), nil
	}
	l, err := ParseLevel(name)
	if err != nil {
		return nil, err
	}
	o := l.Options()
	o.Seed, o.Time = seed, 0
	return New(o), nil
}

// Match plays games between the agents named a and b ("random", "easy",
// "medium" or "hard"), colours alternated (a is White in the even
// games), each game's agents seeded from seed and the game's number, on
// parallel goroutines (at least one). The levels play without their time
// limit, so that a match repeats whatever the machine's load and however
// many goroutines play it (see Level.Options for their work bounds).
// progress, when not nil, gets a line a game as games end.
func Match(ctx context.Context, a, b string, games int, seed uint64, parallel int, progress io.Writer) (MatchResult, error) {
	res := MatchResult{A: a, B: b}
	type outcome struct {
		winner amazons.Side
		aSide  amazons.Side
		turns  int
		err    error
	}
	out := make([]outcome, games)
	var (
		mu   sync.Mutex
		next int
		wg   sync.WaitGroup
	)
	play := func(i int) outcome {
		sa := seed*1_000_003 + uint64(i)*2
		pa, err := matchAgent(a, sa)
		if err != nil {
			return outcome{err: err}
		}
		pb, err := matchAgent(b, sa+1)
		if err != nil {
			return outcome{err: err}
		}
		white, black, aSide := pa, pb, amazons.White
		if i%2 == 1 {
			white, black, aSide = pb, pa, amazons.Black
		}
		w, g, err := PlayGame(ctx, white, black)
		if err != nil {
			return outcome{err: fmt.Errorf("game %d of %s-%s: %w", i+1, a, b, err)}
		}
		return outcome{winner: w, aSide: aSide, turns: g.Len()}
	}
	for range max(parallel, 1) {
		wg.Go(func() {
			for {
				mu.Lock()
				i := next
				next++
				mu.Unlock()
				if i >= games {
					return
				}
				o := play(i)
				out[i] = o
				if progress != nil && o.err == nil {
					mu.Lock()
					winner := b
					if o.winner == o.aSide {
						winner = a
					}
					fmt.Fprintf(progress, "game %d %s-%s: %s (%s) won in %d turns\n", i+1, a, b, winner, o.winner, o.turns)
					mu.Unlock()
				}
			}
		})
	}
	wg.Wait()
	for _, o := range out {
		if o.err != nil {
			return res, o.err
		}
		res.Games++
		if o.winner == o.aSide {
			res.WinsA++
		}
		if o.winner == amazons.White {
			res.WhiteWins++
		}
	}
	return res, nil
}

// Elo returns the Elo difference for wins over a number of games, and its
// 95% margin (enginekit.Elo, as for every game).
func Elo(wins, games int) (diff, margin float64) { return enginekit.Elo(float64(wins), games) }
