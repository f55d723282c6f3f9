package veletas

import "math/rand/v2"

// reachBits is the set of empty squares a queen on from reaches over the
// occupied set occ. Directions N, NE, E and NW run to higher square
// indexes, so their nearest blocker is the lowest bit of the ray's
// occupied squares; the other four take the highest.
func reachBits(g *geometry, from Square, occ Bits) Bits {
	var out Bits
	rb := &g.rayBits[from]
	for _, d := range [4]int{0, 1, 2, 7} {
		ray := rb[d]
		if blk := ray.And(occ); !blk.Empty() {
			ray = ray.AndNot(g.rayFrom[blk.First()][d])
		}
		out = out.Or(ray)
	}
	for _, d := range [4]int{3, 4, 5, 6} {
		ray := rb[d]
		if blk := ray.And(occ); !blk.Empty() {
			ray = ray.AndNot(g.rayFrom[blk.Last()][d])
		}
		out = out.Or(ray)
	}
	return out
}

// dests is the set of empty squares a shooter on from reaches: over the
// blockers blk (every piece under the classic rules, the stones under the
// revised ones), minus the occupied squares occ.
func dests(g *geometry, from Square, blk, occ Bits) Bits {
	return reachBits(g, from, blk).AndNot(occ)
}

// afterMove returns the blockers and the occupied squares once the
// shooter on from has moved to to.
func (p *Position) afterMove(blk, occ Bits, from, to Square) (Bits, Bits) {
	occ = occ.Without(from).With(to)
	if p.rules != Revised {
		blk = occ
	}
	return blk, occ
}

// Destinations returns the squares the unclaimed shooter on sq may move to
// (empty when there is none or it is not the play phase).
func (p Position) Destinations(sq Square) Bits {
	if p.phase != PhasePlay || !p.shooters.Has(sq) {
		return Bits{}
	}
	occ := p.occupied()
	return dests(geo(p.size), sq, p.blockers(occ), occ)
}

// Shots returns the squares the shooter on from may shoot after moving to
// to (to == NoSquare for no move). It is empty when the move is illegal.
func (p Position) Shots(from, to Square) Bits {
	if p.phase != PhasePlay || !p.shooters.Has(from) {
		return Bits{}
	}
	g := geo(p.size)
	occ := p.occupied()
	blk := p.blockers(occ)
	if to == NoSquare || to == from {
		return dests(g, from, blk, occ)
	}
	if !dests(g, from, blk, occ).Has(to) {
		return Bits{}
	}
	blk, occ = p.afterMove(blk, occ, from, to)
	return dests(g, to, blk, occ)
}

// LegalTurns appends every legal turn to buf and returns it. It returns buf
// unchanged when the game is not in the play phase.
func (p Position) LegalTurns(buf []Turn) []Turn {
	if p.phase != PhasePlay {
		return buf
	}
	if p.rules == Revised {
		return p.legalTurnsRevised(buf)
	}
	g := geo(p.size)
	occ := p.occupied()
	for s := p.shooters; !s.Empty(); {
		from := s.First()
		s = s.Without(from)
		ds := reachBits(g, from, occ)
		for d := ds; !d.Empty(); {
			sh := d.First()
			d = d.Without(sh)
			buf = append(buf, Turn{From: from, To: NoSquare, Shot: sh})
		}
		vac := occ.Without(from)
		for d := ds; !d.Empty(); {
			to := d.First()
			d = d.Without(to)
			for sh := reachBits(g, to, vac.With(to)); !sh.Empty(); {
				x := sh.First()
				sh = sh.Without(x)
				buf = append(buf, Turn{From: from, To: to, Shot: x})
			}
		}
	}
	return buf
}

// legalTurnsRevised is LegalTurns under the revised rules: only stones
// block, so the blockers stay the same after a move; the vacated square is
// empty and the moved shooter's square is not.
func (p *Position) legalTurnsRevised(buf []Turn) []Turn {
	g := geo(p.size)
	occ := p.occupied()
	stones := p.black.Or(p.white)
	for s := p.shooters; !s.Empty(); {
		from := s.First()
		s = s.Without(from)
		ds := reachBits(g, from, stones).AndNot(occ)
		for d := ds; !d.Empty(); {
			sh := d.First()
			d = d.Without(sh)
			buf = append(buf, Turn{From: from, To: NoSquare, Shot: sh})
		}
		vac := occ.Without(from)
		for d := ds; !d.Empty(); {
			to := d.First()
			d = d.Without(to)
			for sh := reachBits(g, to, stones).AndNot(vac); !sh.Empty(); {
				x := sh.First()
				sh = sh.Without(x)
				buf = append(buf, Turn{From: from, To: to, Shot: x})
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
	if p.rules == Revised {
		g := geo(p.size)
		occ := p.occupied()
		stones := p.black.Or(p.white)
		n := 0
		for s := p.shooters; !s.Empty(); {
			from := s.First()
			s = s.Without(from)
			ds := reachBits(g, from, stones).AndNot(occ)
			n += ds.Count()
			vac := occ.Without(from)
			for d := ds; !d.Empty(); {
				to := d.First()
				d = d.Without(to)
				n += reachBits(g, to, stones).AndNot(vac).Count()
			}
		}
		return n
	}
	g := geo(p.size)
	occ := p.occupied()
	n := 0
	for s := p.shooters; !s.Empty(); {
		from := s.First()
		s = s.Without(from)
		ds := reachBits(g, from, occ)
		n += ds.Count()
		vac := occ.Without(from)
		for d := ds; !d.Empty(); {
			to := d.First()
			d = d.Without(to)
			n += reachBits(g, to, vac.With(to)).Count()
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
	blk := p.blockers(occ)
	var reachOf [7]Bits
	var from [7]Square
	var end [7]int
	k, n := 0, 0
	for s := p.shooters; !s.Empty(); k++ {
		sq := s.First()
		s = s.Without(sq)
		from[k] = sq
		reachOf[k] = dests(g, sq, blk, occ)
		n += reachOf[k].Count()
		end[k] = n
	}
	// Every reachable square is both a move and a no-move shot.
	i := r.IntN(2 * n)
	move := i < n
	if !move {
		i -= n
	}
	j := 0
	for end[j] <= i {
		j++
	}
	start := end[j] - reachOf[j].Count()
	sq := reachOf[j].nth(i - start)
	t := Turn{From: from[j], To: NoSquare, Shot: sq}
	if move {
		t.To = sq
		blk, occ := p.afterMove(blk, occ, t.From, sq)
		shots := dests(g, sq, blk, occ)
		t.Shot = shots.nth(r.IntN(shots.Count()))
	}
	p.play(t)
	return t, true
}

// RandomSetup returns a random legal setup action for the position's
// current setup phase.
func (p Position) RandomSetup(r *rand.Rand) Action {
	var buf [4]Square
	sh, stone := p.randomPlacement(r, &buf)
	return SetupAction(sh, stone)
}

// randomPlacement picks the shooters (into buf) and the stone of a random
// legal setup.
func (p Position) randomPlacement(r *rand.Rand, buf *[4]Square) ([]Square, Square) {
	want := p.setupCount()
	g := geo(p.size)
	n := int(p.size)
	occ := p.occupied()
	revised := p.rules == Revised
	for {
		placed := p.shooters
		k := 0
		for tries := 0; k < want && tries < 200; tries++ {
			var sq Square
			if revised {
				sq = Sq(1+r.IntN(n-2), 1+r.IntN(n-2))
				if occ.Has(sq) || placed.Has(sq) {
					continue
				}
			} else {
				sq = Sq(r.IntN(n), r.IntN(n))
				if occ.Has(sq) || placed.Has(sq) || !g.nb[sq].And(placed).Empty() {
					continue
				}
			}
			placed = placed.With(sq)
			buf[k] = sq
			k++
		}
		if k < want {
			continue
		}
		all := occ.Or(placed)
		for {
			st := Sq(r.IntN(n), r.IntN(n))
			if !all.Has(st) {
				return buf[:want], st
			}
		}
	}
}

// RandomGame plays a whole game from an empty board of the given size,
// under the classic rules unless WithRules says otherwise: a random legal
// first setup, a random side choice, a random second setup, then
// RandomTurn until the end. It returns the final position and the number
// of turns. It panics for a bad size or rules. It does not allocate.
func RandomGame(size Size, r *rand.Rand, opts ...Option) (Position, int) {
	p, err := newPosition(size, configOf(opts).rules)
	if err != nil {
		panic(err)
	}
	var buf [4]Square
	p = p.mustSetup(p.randomPlacement(r, &buf))
	p.swapped = r.IntN(2) == 0
	p.phase = PhaseSetup2
	p = p.mustSetup(p.randomPlacement(r, &buf))
	n := 0
	for {
		if _, ok := p.RandomTurn(r); !ok {
			return p, n
		}
		n++
	}
}

func (p Position) mustSetup(shooters []Square, stone Square) Position {
	q, err := p.applySetup(shooters, stone)
	if err != nil {
		panic("game: random setup rejected: " + err.Error())
	}
	return q
}

// PlayLegal returns the position after t without checking it: t must be one
// of LegalTurns (search code uses it to skip the checks of Apply).
func (p Position) PlayLegal(t Turn) Position {
	p.play(t)
	return p
}

// AdjacentGroups returns the sizes of the largest black and the largest
// white group orthogonally adjacent to sq: the numbers that decide who
// claims a shooter on sq when it is trapped.
func (p Position) AdjacentGroups(sq Square) (black, white int) {
	if !sq.On(p.size) {
		return 0, 0
	}
	g := geo(p.size)
	return p.largestGroup(g, sq, p.black), p.largestGroup(g, sq, p.white)
}

// Neighbours returns the up to 8 squares on the board next to sq.
func (p Position) Neighbours(sq Square) Bits {
	if !sq.On(p.size) {
		return Bits{}
	}
	return geo(p.size).nb[sq]
}

// Liberties is the number of the 8 directions in which a shooter on sq
// could move: under the classic rules, its empty neighbours; under the
// revised rules, the directions whose first square without a shooter is
// empty. A shooter with none is trapped. sq need not hold a shooter: the
// count is for a shooter standing there, the rest of the board unchanged.
func (p Position) Liberties(sq Square) int {
	if !sq.On(p.size) {
		return 0
	}
	g := geo(p.size)
	occ := p.occupied()
	if p.rules != Revised {
		return g.nb[sq].AndNot(occ).Count()
	}
	return p.escapes(g, sq, occ).Count()
}

// escapes is, under the revised rules, the set of first squares without a
// shooter in each direction from sq that are empty.
func (p *Position) escapes(g *geometry, sq Square, occ Bits) Bits {
	nonShooter := g.mask.AndNot(p.allShooters())
	empty := g.mask.AndNot(occ)
	var out Bits
	rb := &g.rayBits[sq]
	for d := 0; d < 8; d++ {
		ray := rb[d].And(nonShooter)
		if ray.Empty() {
			continue
		}
		var first Square
		if d <= 2 || d == 7 {
			first = ray.First()
		} else {
			first = ray.Last()
		}
		if empty.Has(first) {
			out = out.With(first)
		}
	}
	return out
}

// TrapLines is the set of squares whose change can take a liberty away from
// a shooter on sq (see Liberties): under the classic rules its neighbours;
// under the revised rules, in each direction, the shooters it would pass
// over and the first square beyond them (a stone shot there, or a shot into
// the square a passed shooter has just left, closes the direction; a
// shooter moving there makes the line run on).
func (p Position) TrapLines(sq Square) Bits {
	if !sq.On(p.size) {
		return Bits{}
	}
	g := geo(p.size)
	if p.rules != Revised {
		return g.nb[sq]
	}
	nonShooter := g.mask.AndNot(p.allShooters())
	var out Bits
	rb := &g.rayBits[sq]
	for d := 0; d < 8; d++ {
		ray := rb[d]
		stop := ray.And(nonShooter)
		if !stop.Empty() {
			var first Square
			if d <= 2 || d == 7 {
				first = stop.First()
			} else {
				first = stop.Last()
			}
			// Keep the ray up to first, first included.
			ray = ray.AndNot(g.rayBits[first][d])
		}
		out = out.Or(ray)
	}
	return out
}

// FreeNeighbours is the number of empty squares among the 8 neighbours of
// sq; under the classic rules a shooter with none is trapped (see
// Liberties for both rule sets).
func (p Position) FreeNeighbours(sq Square) int {
	if !sq.On(p.size) {
		return 0
	}
	g := geo(p.size)
	return g.nb[sq].AndNot(p.occupied()).Count()
}
