package ai

import (
	"slices"
	"time"

	"github.com/veletasbot/veletas/game/fanorona"
)

// ttBits sizes the transposition table: 1<<ttBits entries of 16 bytes.
const ttBits = 18

const (
	flagExact = iota + 1
	flagLower
	flagUpper
)

type entry struct {
	key   uint64
	score int32
	depth int8
	flag  uint8
	best  uint16 // index of the best turn in LegalTurns' order, plus one
}

// child is a turn and the position it leads to, with its ordering key.
type child struct {
	t     fanorona.Turn
	p     fanorona.Position
	index int
	order int
}

type searcher struct {
	opts     Options
	tt       []entry
	history  [fanorona.Points][fanorona.Points]int32
	turns    [maxPly][]fanorona.Turn
	kids     [maxPly][]child
	nodes    int
	start    time.Time
	deadline time.Time
	stopped  bool
}

func newSearcher() *searcher {
	return &searcher{tt: make([]entry, 1<<ttBits)}
}

// mix is splitmix64's finaliser.
func mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}

func key(p fanorona.Position) uint64 {
	k := mix(uint64(p.Pieces(fanorona.White))) ^ mix(uint64(p.Pieces(fanorona.Black))+0x9e3779b97f4a7c15)
	k ^= mix(uint64(p.Quiet())<<1 | uint64(p.ToMove()) | uint64(p.Variant())<<9)
	return k
}

func (s *searcher) run(pos fanorona.Position, o Options) (fanorona.Turn, Stats, error) {
	s.opts = o
	clear(s.tt)
	s.history = [fanorona.Points][fanorona.Points]int32{}
	s.nodes = 0
	s.stopped = false
	s.start = o.Now()
	if o.Time > 0 {
		s.deadline = s.start.Add(o.Time)
	} else {
		s.deadline = time.Time{}
	}

	root := s.children(pos, 0, 0)
	if len(root) == 0 {
		return fanorona.Turn{}, Stats{}, ErrGameOver
	}
	best := root[0]
	st := Stats{Score: 0}
	if len(root) == 1 {
		st.Time = o.Now().Sub(s.start)
		return best.t, st, nil
	}
	for depth := 1; depth <= o.Depth; depth++ {
		alpha, beta := -winScore-1, winScore+1
		var iterBest *child
		iterScore := alpha
		for i := range root {
			c := &root[i]
			var v int
			if i == 0 {
				v = -s.search(c.p, depth-1, -beta, -alpha, 1)
			} else {
				v = -s.search(c.p, depth-1, -alpha-1, -alpha, 1)
				if v > alpha && !s.stopped {
					v = -s.search(c.p, depth-1, -beta, -alpha, 1)
				}
			}
			if s.stopped {
				break
			}
			c.order = v
			if v > iterScore {
				iterScore, iterBest = v, c
			}
			if v > alpha {
				alpha = v
			}
		}
		if s.stopped {
			// Keep the unfinished iteration's best: the finished
			// iteration's best was searched first, and any other turn
			// replaced it only by scoring higher.
			if iterBest != nil {
				best, st.Score = *iterBest, iterScore
			}
			break
		}
		best, st.Score, st.Depth = *iterBest, iterScore, depth
		if iterScore >= winScore-maxPly || iterScore <= -winScore+maxPly {
			break // a forced end is in sight
		}
		// The best first, the others in the order of their bounds.
		slices.SortStableFunc(root, func(a, b child) int {
			switch {
			case a.t == best.t:
				return -1
			case b.t == best.t:
				return 1
			}
			return b.order - a.order
		})
	}
	st.Nodes = s.nodes
	st.Time = o.Now().Sub(s.start)
	return best.t, st, nil
}

// children lists the turns of p with the positions they lead to, ordered
// best first: the transposition table's turn, then captures by the
// pieces they take, then quiet turns by history.
func (s *searcher) children(p fanorona.Position, ply int, ttBest uint16) []child {
	turns := p.LegalTurns(s.turns[ply][:0])
	s.turns[ply] = turns
	kids := s.kids[ply][:0]
	them := p.ToMove().Other()
	before := p.Count(them)
	for i, t := range turns {
		q, err := p.Apply(t)
		if err != nil {
			continue // cannot happen: LegalTurns lists legal turns
		}
		var order int
		if t.IsCapture() {
			order = 1_000_000 + 10_000*(before-q.Count(them))
		} else {
			order = int(s.history[t.From()][t.To()])
		}
		if int(ttBest) == i+1 {
			order = 1 << 40
		}
		kids = append(kids, child{t: t, p: q, index: i, order: order})
	}
	slices.SortStableFunc(kids, func(a, b child) int {
		switch {
		case a.order > b.order:
			return -1
		case a.order < b.order:
			return 1
		}
		return 0
	})
	s.kids[ply] = kids
	return kids
}

// search is a negamax alpha-beta search with a null window for all but
// the first turn; it returns the score for the side to move in p.
func (s *searcher) search(p fanorona.Position, depth, alpha, beta, ply int) int {
	s.nodes++
	// The clock is read every 128 positions: a few milliseconds of work
	// on an idle core, so that the safety time holds on a loaded machine.
	if s.nodes&127 == 0 {
		if s.opts.Nodes > 0 && s.nodes >= s.opts.Nodes {
			s.stopped = true
		} else if !s.deadline.IsZero() && !s.opts.Now().Before(s.deadline) {
			s.stopped = true
		}
	} else if s.opts.Nodes > 0 && s.nodes >= s.opts.Nodes {
		s.stopped = true
	}
	if s.stopped {
		return 0
	}
	me := p.ToMove()
	mine, theirs := p.Pieces(me), p.Pieces(me.Other())
	switch {
	case mine == 0:
		return -winScore + ply
	case theirs == 0:
		return winScore - ply
	case p.Quiet() >= fanorona.DrawCount:
		return 0
	}
	if ply >= maxPly-1 {
		return s.leaf(p, mine, theirs)
	}

	k := key(p)
	e := &s.tt[k&(1<<ttBits-1)]
	var ttBest uint16
	if e.key == k {
		ttBest = e.best
		if int(e.depth) >= depth {
			v := int(e.score)
			switch {
			case e.flag == flagExact,
				e.flag == flagLower && v >= beta,
				e.flag == flagUpper && v <= alpha:
				return v
			}
		}
	}

	if depth <= 0 {
		// The horizon: go on while the mover must capture, within the
		// quiescence allowance; otherwise score the position.
		if depth <= -s.opts.Quiescence || !s.mustCapture(p) {
			return s.leaf(p, mine, theirs)
		}
	}

	kids := s.children(p, ply, ttBest)
	if len(kids) == 0 {
		return -winScore + ply // no legal turn: the mover loses
	}
	// The children slice of this ply is reused deeper only at ply+1, so
	// it stays valid while we loop.
	origAlpha := alpha
	bestScore := -winScore - 1
	bestIndex := 0
	for i := range kids {
		c := &s.kids[ply][i]
		var v int
		if i == 0 {
			v = -s.search(c.p, depth-1, -beta, -alpha, ply+1)
		} else {
			v = -s.search(c.p, depth-1, -alpha-1, -alpha, ply+1)
			if v > alpha && v < beta && !s.stopped {
				v = -s.search(c.p, depth-1, -beta, -alpha, ply+1)
			}
		}
		if s.stopped {
			return 0
		}
		if v > bestScore {
			bestScore, bestIndex = v, c.index
		}
		if v > alpha {
			alpha = v
		}
		if alpha >= beta {
			if !c.t.IsCapture() && depth > 0 {
				s.history[c.t.From()][c.t.To()] += int32(depth * depth)
			}
			break
		}
	}
	flag := uint8(flagExact)
	switch {
	case bestScore <= origAlpha:
		flag = flagUpper
	case bestScore >= beta:
		flag = flagLower
	}
	if depth >= int(e.depth) || e.key != k {
		*e = entry{key: k, score: int32(bestScore), depth: int8(max(depth, -100)), flag: flag, best: uint16(bestIndex + 1)}
	}
	return bestScore
}

// mustCapture reports whether the side to move in p has a capture (and
// so, capture being compulsory, only captures).
func (s *searcher) mustCapture(p fanorona.Position) bool {
	var buf [64]fanorona.Step
	steps := p.Steps(buf[:0])
	return len(steps) > 0 && steps[0].Capture != fanorona.NoCapture
}

// leaf scores a quiet position, with the seed's noise.
func (s *searcher) leaf(p fanorona.Position, mine, theirs fanorona.Bits) int {
	v := evaluate(mine, theirs)
	if !s.opts.plain {
		v += threats(p)
	}
	if n := s.opts.Noise; n > 0 {
		h := mix(key(p) ^ s.opts.Seed*0x9e3779b97f4a7c15)
		v += int(h%uint64(2*n+1)) - n
	}
	return v
}
