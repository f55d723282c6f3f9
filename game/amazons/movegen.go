package amazons

// AppendTurns appends every legal turn of the side to move to buf and
// returns the extended slice (nothing when the game is over). It allocates
// only when buf lacks room: reuse a buffer (2,176 turns at the start; a
// few thousand at most in practice) for zero allocations.
func (p Position) AppendTurns(buf []Turn) []Turn {
	s := p.toMove
	for i := range p.n[s] {
		f := int(p.amz[s][i])
		pc := p.board[f]
		p.board[f] = Empty // lifted: the arrow may pass over or land on it
		from := fromBox[f]
		for _, d := range offset {
			for t := f + d; p.board[t] == Empty; t += d {
				to := fromBox[t]
				for _, e := range offset {
					for a := t + e; p.board[a] == Empty; a += e {
						buf = append(buf, Turn{from, to, fromBox[a]})
					}
				}
			}
		}
		p.board[f] = pc
	}
	return buf
}

// LegalTurns returns every legal turn of the side to move in a new slice.
func (p Position) LegalTurns() []Turn { return p.AppendTurns(nil) }

// CountTurns returns the number of legal turns of the side to move
// without listing them, and without allocating.
func (p Position) CountTurns() int { return p.countTurns() }

func (p *Position) countTurns() int {
	n := 0
	s := p.toMove
	for i := range p.n[s] {
		f := int(p.amz[s][i])
		pc := p.board[f]
		p.board[f] = Empty
		for _, d := range offset {
			for t := f + d; p.board[t] == Empty; t += d {
				n += p.shots(t)
			}
		}
		p.board[f] = pc
	}
	return n
}

// shots counts the empty squares on clear queen lines from cell c.
func (p *Position) shots(c int) int {
	n := 0
	for _, e := range offset {
		for a := c + e; p.board[a] == Empty; a += e {
			n++
		}
	}
	return n
}

// AppendMoves appends every move (the first half of a turn: an amazon and
// where it goes) of the side to move to buf; each has at least one shot.
// With AppendShots it lists the turns in two stages, as a player picks
// them.
func (p Position) AppendMoves(buf []Move) []Move {
	return p.AppendMovesOf(buf, p.toMove)
}

// AppendMovesOf appends the moves that side s's amazons could make,
// whoever is to move.
func (p Position) AppendMovesOf(buf []Move, s Side) []Move {
	s &= 1
	for i := range p.n[s] {
		f := int(p.amz[s][i])
		from := fromBox[f]
		for _, d := range offset {
			for t := f + d; p.board[t] == Empty; t += d {
				buf = append(buf, Move{from, fromBox[t]})
			}
		}
	}
	return buf
}

// AppendShots appends the squares an arrow may land on after the move m
// of the side to move (m must be legal: from AppendMoves, or checked with
// CheckMove): every empty square on a clear queen line from m.To, the
// square m.From just left included.
func (p Position) AppendShots(buf []Square, m Move) []Square {
	if !m.From.Valid() || !m.To.Valid() {
		return buf
	}
	f, t := int(toBox[m.From]), int(toBox[m.To])
	p.board[f] = Empty
	p.board[t] = WhiteAmazon // only its being occupied matters
	for _, e := range offset {
		for a := t + e; p.board[a] == Empty; a += e {
			buf = append(buf, fromBox[a])
		}
	}
	return buf
}

// CheckMove returns nil when the move is the legal first half of a turn,
// or the *RuleError that Apply would return for any turn starting so.
func (p Position) CheckMove(m Move) error {
	// Any legal move may shoot back onto its from square.
	err := p.Check(Turn{m.From, m.To, m.From})
	if err != nil {
		if re, ok := err.(*RuleError); ok {
			re.Turn = Turn{m.From, m.To, NoSquare}
		}
	}
	return err
}

// Mobility returns how many moves side s's amazons have (amazon and
// destination pairs, shots not counted), whoever is to move: the usual
// mobility term of an evaluation.
func (p Position) Mobility(s Side) int {
	s &= 1
	n := 0
	for i := range p.n[s] {
		c := int(fromBox[p.amz[s][i]])
		for d := 0; d < 4; d++ {
			n += rayUp(&p.occ, c, d)
		}
		for d := 4; d < 8; d++ {
			n += rayDown(&p.occ, c, d)
		}
	}
	return n
}

// Perft returns the number of legal turn sequences of exactly depth turns
// from p (1 for depth 0). A game that ends sooner contributes nothing. It
// does not allocate.
func (p Position) Perft(depth int) int64 {
	if depth <= 0 {
		return 1
	}
	return p.perft(depth)
}

func (p *Position) perft(depth int) int64 {
	if depth == 1 {
		return int64(p.countTurns())
	}
	var n int64
	s := p.toMove
	for i := range p.n[s] {
		f := p.amz[s][i]
		pc := p.board[f]
		for _, d := range offset {
			for t := int(f) + d; p.board[t] == Empty; t += d {
				// The move f-t, in place.
				p.board[f] = Empty
				p.board[t] = pc
				p.moveAmazon(s, f, uint8(t))
				p.toMove = s ^ 1
				for _, e := range offset {
					for a := t + e; p.board[a] == Empty; a += e {
						p.board[a] = Arrow
						n += p.perft(depth - 1)
						p.board[a] = Empty
					}
				}
				p.toMove = s
				p.moveAmazon(s, uint8(t), f)
				p.board[t] = Empty
				p.board[f] = pc
			}
		}
	}
	return n
}
