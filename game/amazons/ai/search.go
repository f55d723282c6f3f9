package ai

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/veletasbot/veletas/game/amazons"
)

// winScore is the score of a turn that shuts the opponent in.
const winScore = 1e6

// checkEvery is how many evaluations pass between looks at the clock and
// the context.
const checkEvery = 128

// searcher holds the buffers of decisions, reused from one to the next.
type searcher struct {
	b        board
	root     []amazons.Turn
	replies  []amazons.Turn
	scores   []float64
	order    []int
	pcg      rand.PCG
	rng      *rand.Rand
	opts     Options
	ctx      context.Context
	deadline time.Time
	evals    int
	stopped  bool
}

// stop reports whether the search must end: the context is done or the
// deadline has passed. It looks only every checkEvery evaluations.
func (s *searcher) stop() bool {
	if s.stopped {
		return true
	}
	if s.evals%checkEvery != 0 {
		return false
	}
	if s.ctx.Err() != nil || (!s.deadline.IsZero() && !s.opts.Now().Before(s.deadline)) {
		s.stopped = true
	}
	return s.stopped
}

// noise draws a uniform amount in [-Noise, Noise].
func (s *searcher) noise() float64 {
	if s.opts.Noise == 0 {
		return 0
	}
	return (2*s.rng.Float64() - 1) * s.opts.Noise
}

// score1 plays side me's turn t on the board and scores the position it
// leads to for me: winScore when the opponent is shut in, the evaluation
// otherwise.
func (s *searcher) score1(t amazons.Turn, me amazons.Side, cheap bool) float64 {
	s.b.do(t, me)
	v := winScore
	if s.b.canMove(me.Other()) {
		v = s.b.territory(me, me.Other(), !cheap)
		s.evals++
	}
	s.b.undo(t, me)
	return v
}

func (s *searcher) run(ctx context.Context, pos amazons.Position, o Options) (amazons.Turn, Stats, error) {
	start := o.Now()
	s.opts, s.ctx, s.evals, s.stopped = o, ctx, 0, false
	s.deadline = time.Time{}
	if o.Time > 0 {
		s.deadline = start.Add(o.Time)
	}
	s.pcg.Seed(o.Seed, pos.Hash())
	if s.rng == nil {
		s.rng = rand.New(&s.pcg)
	}
	s.b.load(pos)
	s.root = pos.AppendTurns(s.root[:0])
	var (
		best  int
		score float64
		cands int
	)
	if o.Depth == 1 {
		best, score = s.depth1(pos.ToMove())
	} else {
		best, score, cands = s.depth2(pos)
	}
	st := Stats{
		Turns:      len(s.root),
		Evals:      s.evals,
		Candidates: cands,
		Score:      score,
		Stopped:    s.stopped,
		Time:       o.Now().Sub(start),
	}
	return s.root[best], st, nil
}

// depth1 scores the turns (all of them, or a random sample after a look
// for a turn that wins at once) and returns the index of the best with
// its score.
func (s *searcher) depth1(me amazons.Side) (int, float64) {
	n := len(s.root)
	s.order = s.order[:0]
	for i := range n {
		s.order = append(s.order, i)
	}
	if k := s.opts.Sample; k > 0 && k < n {
		for i, t := range s.root {
			s.b.do(t, me)
			won := !s.b.canMove(me.Other())
			s.b.undo(t, me)
			if won {
				return i, winScore
			}
		}
		for i := range k {
			j := i + s.rng.IntN(n-i)
			s.order[i], s.order[j] = s.order[j], s.order[i]
		}
		s.order = s.order[:k]
	}
	best, bestV := s.order[0], math.Inf(-1)
	for _, i := range s.order {
		v := s.score1(s.root[i], me, s.opts.Cheap)
		if v >= winScore {
			return i, v
		}
		v += s.noise()
		if v > bestV {
			best, bestV = i, v
		}
		if s.stop() {
			break
		}
	}
	return best, bestV
}

// depth2 scores every turn by the evaluation, then searches the turns the
// best first, scoring each by the opponent's best reply (the lowest
// evaluation for the mover after any reply), while the evaluation budget
// allows (at least one turn). A reply is cut off as soon as it shows the
// turn no better than the best so far; the reply that refuted the
// previous turn is tried first. It returns the index of the chosen turn,
// its score and the number of turns searched.
func (s *searcher) depth2(pos amazons.Position) (int, float64, int) {
	me := pos.ToMove()
	opp := me.Other()
	s.scores = s.scores[:0]
	s.order = s.order[:0]
	for i, t := range s.root {
		v := s.score1(t, me, false)
		if v >= winScore {
			return i, v, 0
		}
		s.scores = append(s.scores, v)
		s.order = append(s.order, i)
		if s.stop() {
			break
		}
	}
	slices.SortStableFunc(s.order, func(a, b int) int {
		switch {
		case s.scores[a] > s.scores[b]:
			return -1
		case s.scores[a] < s.scores[b]:
			return 1
		}
		return 0
	})
	best, bestV := s.order[0], math.Inf(-1)
	if s.stopped {
		return best, s.scores[best], 0
	}
	var killer amazons.Turn
	hasKiller := false
	cands := 0
	for k, i := range s.order {
		if k > 0 && ((s.opts.Evals > 0 && s.evals >= s.opts.Evals) || s.stop()) {
			break
		}
		t := s.root[i]
		noise := s.noise()
		pos.Do(t)
		s.b.do(t, me)
		s.replies = pos.AppendTurns(s.replies[:0])
		if hasKiller {
			// Try the last refutation first when it is legal here.
			for j, r := range s.replies {
				if r == killer {
					s.replies[0], s.replies[j] = s.replies[j], s.replies[0]
					break
				}
			}
		}
		v := math.Inf(1)
		var refutation amazons.Turn
		complete := true
		for _, r := range s.replies {
			s.b.do(r, opp)
			val := -winScore
			if s.b.canMove(me) {
				val = s.b.territory(me, me, true)
				s.evals++
			}
			s.b.undo(r, opp)
			if val < v {
				v, refutation = val, r
			}
			if v+noise <= bestV {
				break
			}
			if s.stop() || (k > 0 && s.opts.Evals > 0 && s.evals >= s.opts.Evals) {
				complete = false
				break
			}
		}
		s.b.undo(t, me)
		pos.Undo(t)
		if !complete && k > 0 {
			break
		}
		cands++
		if v+noise > bestV {
			best, bestV = i, v+noise
		}
		killer, hasKiller = refutation, true
		if !complete {
			break
		}
	}
	return best, bestV, cands
}
