package amazons

import "math/rand/v2"

// The random policy of playouts: a move chosen uniformly among all the
// moves of the side to move (amazon and destination), then a shot chosen
// uniformly among that move's shots. (A uniform choice among whole turns
// would weigh each move by its number of shots and cost a count of the
// shots of every move at every turn.)

// RandomTurn returns a random legal turn with the playouts' policy, and
// false when the game is over.
func (p Position) RandomTurn(r *rand.Rand) (Turn, bool) {
	f, t, a, ok := p.randomTurn(r)
	if !ok {
		return Turn{NoSquare, NoSquare, NoSquare}, false
	}
	return Turn{Square(f), Square(t), Square(a)}, true
}

// randomTurn picks a turn as squares; p is left unchanged.
func (p *Position) randomTurn(r *rand.Rand) (f, t, a int, ok bool) {
	var lens [MaxAmazons * 8]uint8
	n := 0
	s := p.toMove
	occ := p.occ
	for i := range p.n[s] {
		c := int(fromBox[p.amz[s][i]])
		for d := 0; d < 4; d++ {
			l := rayUp(&occ, c, d)
			lens[int(i)*8+d] = uint8(l)
			n += l
		}
		for d := 4; d < 8; d++ {
			l := rayDown(&occ, c, d)
			lens[int(i)*8+d] = uint8(l)
			n += l
		}
	}
	if n == 0 {
		return 0, 0, 0, false
	}
	k := r.IntN(n)
	j := 0
	for k >= int(lens[j]) {
		k -= int(lens[j])
		j++
	}
	f = int(fromBox[p.amz[s][j/8]])
	t = f + bdirs[j%8]*(k+1)
	// The shot, with the amazon on t and f empty.
	occ[f>>6] &^= 1 << (f & 63)
	occ[t>>6] |= 1 << (t & 63)
	var shots [8]uint8
	m := 0
	for d := 0; d < 4; d++ {
		l := rayUp(&occ, t, d)
		shots[d] = uint8(l)
		m += l
	}
	for d := 4; d < 8; d++ {
		l := rayDown(&occ, t, d)
		shots[d] = uint8(l)
		m += l
	}
	k = r.IntN(m)
	j = 0
	for k >= int(shots[j]) {
		k -= int(shots[j])
		j++
	}
	return f, t, t + bdirs[j]*(k+1), true
}

// Playout plays random turns (the policy of RandomTurn) from p until the
// side to move cannot move, and returns the winner. It does not allocate.
func (p Position) Playout(r *rand.Rand) Side {
	end, _ := p.PlayoutEnd(r)
	return end.toMove.Other()
}

// PlayoutEnd is Playout that returns the final position (the loser to
// move) and the number of turns played.
func (p Position) PlayoutEnd(r *rand.Rand) (Position, int) {
	turns := 0
	for {
		f, t, a, ok := p.randomTurn(r)
		if !ok {
			return p, turns
		}
		p.Do(Turn{Square(f), Square(t), Square(a)})
		turns++
	}
}

// RandomGame plays a whole random game from the start and returns the
// final position and the number of turns.
func RandomGame(r *rand.Rand) (Position, int) { return Start().PlayoutEnd(r) }
