package fanorona

import "math/rand/v2"

// RandomStep makes one random decision with the policy of Ludii's random
// playouts: a uniform choice among the legal single steps of the moment,
// counting "stop here" as one more choice during a capture sequence. It
// returns false when the game is over.
func (p Position) RandomStep(r *rand.Rand) (Position, bool) {
	if p.visited == 0 && p.Over() {
		return p, false
	}
	p.randomStep(r)
	return p, true
}

// randomStep plays one decision of a position that is not over; it
// returns false when there was no legal step.
func (p *Position) randomStep(r *rand.Rand) bool {
	var s stepSets
	p.gen(&s)
	n := s.total
	if p.visited != 0 {
		n++ // stop here
	}
	if n == 0 {
		return false
	}
	k := r.IntN(n)
	if k == s.total {
		p.endTurn(true)
		return true
	}
	from, d, c := s.stepAt(k)
	if p.move(from, d, c) && !p.hasContinuation() {
		p.endTurn(true)
	}
	return true
}

// RandomTurn plays one whole random turn (random decisions until the side
// to move changes) and returns false when the game was already over.
func (p Position) RandomTurn(r *rand.Rand) (Position, bool) {
	if p.visited == 0 && p.Over() {
		return p, false
	}
	me := p.toMove
	for p.toMove == me && p.randomStep(r) {
	}
	return p, true
}

// Playout plays random decisions until the game ends and returns the final
// position and the number of turns played. It makes the same decisions as
// repeated RandomStep calls with the same source, without allocating.
func (p Position) Playout(r *rand.Rand) (Position, int) {
	turns := 0
	var s stepSets
	for {
		if p.visited == 0 && (p.side[White] == 0 || p.side[Black] == 0 || p.quiet >= DrawCount) {
			return p, turns
		}
		me := p.toMove
		p.gen(&s)
		n := s.total
		if p.visited != 0 {
			if n == 0 {
				// The piece cannot go on: the turn ends without a decision
				// (Step ends it the same way).
				p.endTurn(true)
				turns++
				continue
			}
			n++ // stop here
		}
		if n == 0 {
			return p, turns // no legal turn
		}
		k := r.IntN(n)
		if k == s.total {
			p.endTurn(true)
		} else {
			from, d, c := s.stepAt(k)
			p.move(from, d, c)
		}
		if p.toMove != me {
			turns++
		}
	}
}
