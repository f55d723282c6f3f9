package amazons

import "math/rand/v2"

// maxMoves bounds the moves of a side: four amazons, at most 35
// destinations each (a queen in the middle of an empty 10x10 board).
const maxMoves = MaxAmazons * 35

// maxShots bounds the shots from one square.
const maxShots = 35

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
	return Turn{fromBox[f], fromBox[t], fromBox[a]}, true
}

// randomTurn picks a turn as mailbox cells; p is left unchanged.
func (p *Position) randomTurn(r *rand.Rand) (f, t, a int, ok bool) {
	var from, to [maxMoves]uint8
	n := 0
	s := p.toMove
	for i := range p.n[s] {
		c := p.amz[s][i]
		for _, d := range offset {
			for x := int(c) + d; p.board[x] == Empty; x += d {
				from[n], to[n] = c, uint8(x)
				n++
			}
		}
	}
	if n == 0 {
		return 0, 0, 0, false
	}
	k := r.IntN(n)
	f, t = int(from[k]), int(to[k])
	pc := p.board[f]
	p.board[f] = Empty
	p.board[t] = pc
	var shots [maxShots]uint8
	m := 0
	for _, e := range offset {
		for x := t + e; p.board[x] == Empty; x += e {
			shots[m] = uint8(x)
			m++
		}
	}
	p.board[t] = Empty
	p.board[f] = pc
	return f, t, int(shots[r.IntN(m)]), true
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
		s := p.toMove
		pc := p.board[f]
		p.board[f] = Empty
		p.board[t] = pc
		p.board[a] = Arrow
		p.moveAmazon(s, uint8(f), uint8(t))
		p.hash ^= zobrist[pc][f] ^ zobrist[pc][t] ^ zobrist[Arrow][a] ^ zobristBlack
		p.arrows++
		p.toMove = s ^ 1
		turns++
	}
}

// RandomGame plays a whole random game from the start and returns the
// final position and the number of turns.
func RandomGame(r *rand.Rand) (Position, int) { return Start().PlayoutEnd(r) }
