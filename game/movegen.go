package game

import "math/rand/v2"

// reach appends to buf the empty squares a queen on from reaches over the
// occupied set occ, and returns it.
func reach(g *geometry, from Square, occ Bits, buf []Square) []Square {
	rs := &g.rays[from]
	for d := range rs {
		r := &rs[d]
		for i := uint8(0); i < r.n; i++ {
			sq := r.sq[i]
			if occ.Has(sq) {
				break
			}
			buf = append(buf, sq)
		}
	}
	return buf
}

// reachBits is reach as a set.
func reachBits(g *geometry, from Square, occ Bits) Bits {
	var out Bits
	rs := &g.rays[from]
	for d := range rs {
		r := &rs[d]
		for i := uint8(0); i < r.n; i++ {
			sq := r.sq[i]
			if occ.Has(sq) {
				break
			}
			out = out.With(sq)
		}
	}
	return out
}

// reachCount counts the squares reach would list.
func reachCount(g *geometry, from Square, occ Bits) int {
	n := 0
	rs := &g.rays[from]
	for d := range rs {
		r := &rs[d]
		for i := uint8(0); i < r.n; i++ {
			if occ.Has(r.sq[i]) {
				break
			}
			n++
		}
	}
	return n
}

// Destinations returns the squares the unclaimed shooter on sq may move to
// (empty when there is none or it is not the play phase).
func (p Position) Destinations(sq Square) Bits {
	if p.phase != PhasePlay || !p.shooters.Has(sq) {
		return Bits{}
	}
	return reachBits(geo(p.size), sq, p.occupied())
}

// Shots returns the squares the shooter on from may shoot after moving to
// to (to == NoSquare for no move). It is empty when the move is illegal.
func (p Position) Shots(from, to Square) Bits {
	if p.phase != PhasePlay || !p.shooters.Has(from) {
		return Bits{}
	}
	g := geo(p.size)
	occ := p.occupied()
	if to == NoSquare || to == from {
		return reachBits(g, from, occ)
	}
	if !reachBits(g, from, occ).Has(to) {
		return Bits{}
	}
	return reachBits(g, to, occ.Without(from).With(to))
}

// LegalTurns appends every legal turn to buf and returns it. It returns buf
// unchanged when the game is not in the play phase.
func (p Position) LegalTurns(buf []Turn) []Turn {
	if p.phase != PhasePlay {
		return buf
	}
	g := geo(p.size)
	occ := p.occupied()
	var dests, shots [40]Square
	for s := p.shooters; !s.Empty(); {
		from := s.First()
		s = s.Without(from)
		ds := reach(g, from, occ, dests[:0])
		for _, sh := range ds {
			buf = append(buf, Turn{From: from, To: NoSquare, Shot: sh})
		}
		vac := occ.Without(from)
		for _, to := range ds {
			for _, sh := range reach(g, to, vac.With(to), shots[:0]) {
				buf = append(buf, Turn{From: from, To: to, Shot: sh})
			}
		}
	}
	return buf
}

// CountTurns returns the number of legal turns (len of LegalTurns) without
// listing them.
func (p Position) CountTurns() int {
	if p.phase != PhasePlay {
		return 0
	}
	g := geo(p.size)
	occ := p.occupied()
	var dests [40]Square
	n := 0
	for s := p.shooters; !s.Empty(); {
		from := s.First()
		s = s.Without(from)
		ds := reach(g, from, occ, dests[:0])
		n += len(ds)
		vac := occ.Without(from)
		for _, to := range ds {
			n += reachCount(g, to, vac.With(to))
		}
	}
	return n
}

// Perft counts the sequences of depth legal turns from p. A position whose
// game is over has no turns.
func (p Position) Perft(depth int) int64 {
	if depth <= 0 {
		return 1
	}
	if p.phase != PhasePlay {
		return 0
	}
	if depth == 1 {
		return int64(p.CountTurns())
	}
	turns := p.LegalTurns(make([]Turn, 0, 1024))
	var n int64
	for _, t := range turns {
		q := p
		q.play(t)
		n += q.Perft(depth - 1)
	}
	return n
}

// RandomTurn plays one turn chosen by the uniform random policy: uniform
// over all shooter moves and all no-move shots; after a move, uniform over
// the moved shooter's shots. It returns the turn played and false when the
// position is not in the play phase. It does not allocate.
func (p *Position) RandomTurn(r *rand.Rand) (Turn, bool) {
	if p.phase != PhasePlay {
		return Turn{}, false
	}
	g := geo(p.size)
	occ := p.occupied()
	var dests [7 * 40]Square
	var from [7]Square
	var end [7]int
	k, n := 0, 0
	for s := p.shooters; !s.Empty(); k++ {
		sq := s.First()
		s = s.Without(sq)
		from[k] = sq
		n += len(reach(g, sq, occ, dests[n:n]))
		end[k] = n
	}
	// n counts destinations; each is both a move and a no-move shot.
	i := r.IntN(2 * n)
	move := i < n
	if !move {
		i -= n
	}
	j := 0
	for end[j] <= i {
		j++
	}
	t := Turn{From: from[j], To: NoSquare, Shot: dests[i]}
	if move {
		t.To = dests[i]
		var shots [40]Square
		ss := reach(g, t.To, occ.Without(t.From).With(t.To), shots[:0])
		t.Shot = ss[r.IntN(len(ss))]
	}
	p.play(t)
	return t, true
}

// RandomSetup returns a random legal setup action for the position's
// current setup phase.
func (p Position) RandomSetup(r *rand.Rand) Action {
	want := p.size.FirstShooters()
	if p.phase == PhaseSetup2 {
		want = p.size.Shooters() - want
	}
	g := geo(p.size)
	var sh [4]Square
	for {
		occ := p.occupied()
		placed := p.shooters
		k := 0
		for tries := 0; k < want && tries < 200; tries++ {
			sq := Sq(r.IntN(int(p.size)), r.IntN(int(p.size)))
			if occ.Has(sq) || placed.Has(sq) || !g.nb[sq].And(placed).Empty() {
				continue
			}
			placed = placed.With(sq)
			sh[k] = sq
			k++
		}
		if k < want {
			continue
		}
		occ = occ.Or(placed)
		for {
			st := Sq(r.IntN(int(p.size)), r.IntN(int(p.size)))
			if !occ.Has(st) {
				return Action{Kind: KindSetup, Shooters: sh[:want], Stone: st}
			}
		}
	}
}

// RandomGame plays a whole game from an empty board of the given size: a
// random legal first setup, a random side choice, a random second setup,
// then RandomTurn until the end. It returns the final position and the
// number of turns.
func RandomGame(size Size, r *rand.Rand) (Position, int) {
	p, err := NewPosition(size)
	if err != nil {
		panic(err)
	}
	p = p.mustSetup(p.RandomSetup(r))
	p.swapped = r.IntN(2) == 0
	p.phase = PhaseSetup2
	p = p.mustSetup(p.RandomSetup(r))
	n := 0
	for {
		if _, ok := p.RandomTurn(r); !ok {
			return p, n
		}
		n++
	}
}

func (p Position) mustSetup(a Action) Position {
	q, err := p.applySetup(a)
	if err != nil {
		panic("game: random setup rejected: " + err.Error())
	}
	return q
}
