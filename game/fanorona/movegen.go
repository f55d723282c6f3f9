package fanorona

// stepSets holds the legal single steps of a moment as sets of starting
// points, one set per direction and kind of step.
type stepSets struct {
	// sets[3*d+k] holds the pieces that can step in direction d capturing
	// by approach (k=0), by withdrawal (k=1), or as a paika (k=2).
	sets  [24]Bits
	total int
}

// kindCapture is the capture of each k of stepSets.sets.
var kindCapture = [3]Capture{Approach, Withdrawal, NoCapture}

// gen computes the legal single steps of the moment: at the start of a
// turn every capturing step of the side to move, or its paikas when none
// captures (every step of Black in Véla's first phase is a paika); during
// a capture sequence the capturing steps of the moving piece that neither
// repeat its last direction nor return to a point it occupied.
func (p *Position) gen(s *stepSets) {
	own := p.side[p.toMove]
	opp := p.side[p.toMove^1]
	dest := boardMask &^ (own | opp)
	seq := p.visited != 0
	skip := NoDir
	if seq {
		own = bit(p.piece)
		dest &^= p.visited
		skip = p.last
	}
	if !seq && p.variant == Vela && p.toMove == Black && p.side[Black].Count() > 5 {
		// Every step is a paika: generate with no opponent to capture.
		opp = 0
	}
	caps, n := genCaptures(s, own, dest, opp, skip)
	s.total = n
	if caps != 0 || seq {
		for d := 0; d < 8; d++ {
			s.sets[3*d+2] = 0
		}
		return
	}
	for d := Dir(0); d < 8; d++ {
		s.total += s.sets[3*d+2].Count()
	}
}

// captureExists reports whether the side to move has a capturing step at
// the start of a turn (ignoring Véla's first phase for Black).
func (p *Position) captureExists() bool {
	own := p.side[p.toMove]
	opp := p.side[p.toMove^1]
	empty := boardMask &^ (own | opp)
	for d := Dir(0); d < 8; d++ {
		o := d.Opposite()
		movers := own & shift(empty, o)
		if movers&(shift(shift(opp, o), o)|shift(opp, d)) != 0 {
			return true
		}
	}
	return false
}

// hasContinuation reports whether the moving piece of a capture sequence
// has a capturing step.
func (p *Position) hasContinuation() bool {
	opp := p.side[p.toMove^1]
	dest := boardMask &^ (p.side[0] | p.side[1] | p.visited)
	for d := Dir(0); d < 8; d++ {
		if d == p.last {
			continue
		}
		q := neighbour[p.piece][d]
		if q == NoPoint || !dest.Has(q) {
			continue
		}
		if r := neighbour[q][d]; r != NoPoint && opp&bit(r) != 0 {
			return true
		}
		if r := neighbour[p.piece][d.Opposite()]; r != NoPoint && opp&bit(r) != 0 {
			return true
		}
	}
	return false
}

// move plays a step already known to be legal. It reports whether a
// capture sequence stays open (a capture outside Véla's first phase); the
// caller decides whether it may continue. A paika or a first-phase capture
// ends the turn.
func (p *Position) move(from Point, d Dir, c Capture) (open bool) {
	to := neighbour[from][d]
	me := p.toMove
	p.side[me] ^= bit(from) | bit(to)
	if c == NoCapture {
		p.endTurn(false)
		return false
	}
	oppC := me ^ 1
	var start Point
	cd := d
	if c == Approach {
		start = neighbour[to][d]
	} else {
		cd = d.Opposite()
		start = neighbour[from][cd]
	}
	if p.variant == Vela && p.side[Black].Count() > 5 {
		// First phase: White removes the first piece only, and stops.
		p.side[oppC] &^= bit(start)
		p.endTurn(true)
		return false
	}
	p.side[oppC] &^= line(start, cd, p.side[oppC])
	if p.visited == 0 {
		p.visited = bit(from)
	}
	p.visited |= bit(to)
	p.piece = to
	p.last = d
	return true
}

// endTurn passes the move to the other side.
func (p *Position) endTurn(captured bool) {
	if captured {
		p.quiet = 0
	} else if p.quiet < 255 {
		p.quiet++
	}
	p.visited = 0
	p.piece = 0
	p.last = 0
	p.toMove ^= 1
}

// check tells whether s is a legal step now, and if not, why.
func (p *Position) check(s Step) (Dir, error) {
	if p.visited == 0 && p.Over() {
		return NoDir, newErr(ErrGameOver, "the game is over ("+p.overReason()+"); no further turns")
	}
	if !s.From.Valid() || !s.To.Valid() {
		return NoDir, stepErr(ErrOffBoard, "a step goes from a point to a point of the board (a1 to i5)", s)
	}
	if s.Capture > Withdrawal {
		return NoDir, stepErr(ErrMalformed, "unknown kind of capture", s)
	}
	name := s.From.String() + "-" + s.To.String()
	if p.visited != 0 && s.From != p.piece {
		e := stepErr(ErrOtherPiece, "only the piece on "+p.piece.String()+" may continue this capture, not the one on "+s.From.String(), s)
		e.Point = p.piece
		return NoDir, e
	}
	me := p.toMove
	switch {
	case p.side[me].Has(s.From):
	case p.side[me^1].Has(s.From):
		e := stepErr(ErrNotYourPiece, "the piece on "+s.From.String()+" is "+(me^1).String()+"'s, and it is "+me.String()+"'s turn", s)
		e.Mover = me
		return NoDir, e
	default:
		return NoDir, stepErr(ErrNoPiece, "no piece on "+s.From.String(), s)
	}
	d := dirOf[s.From][s.To]
	if d == NoDir {
		df, dr := s.To.File()-s.From.File(), s.To.Rank()-s.From.Rank()
		if df*df == 1 && dr*dr == 1 {
			return NoDir, stepErr(ErrNotAlongLine, name+": there is no diagonal line through "+s.From.String(), s)
		}
		return NoDir, stepErr(ErrNotAlongLine, name+" is not a step to an adjacent point", s)
	}
	if p.side[0].Has(s.To) || p.side[1].Has(s.To) {
		return NoDir, stepErr(ErrOccupied, s.To.String()+" is occupied", s)
	}
	seq := p.visited != 0
	if seq && d == p.last {
		return NoDir, stepErr(ErrSameDirection, name+" moves in the same direction as the step before it", s)
	}
	if seq && p.visited.Has(s.To) {
		return NoDir, stepErr(ErrRevisit, name+": the piece has already been on "+s.To.String()+" this turn", s)
	}
	opp := p.side[me^1]
	ar := neighbour[s.To][d]
	wr := neighbour[s.From][d.Opposite()]
	canA := ar != NoPoint && opp.Has(ar)
	canW := wr != NoPoint && opp.Has(wr)
	if !seq && p.FirstPhase() && me == Black {
		if s.Capture != NoCapture {
			return NoDir, stepErr(ErrPhase, "in the first phase of Véla Black may not capture: "+name+s.Capture.Letter()+" (Black captures once it has five pieces or fewer)", s)
		}
		return d, nil
	}
	switch s.Capture {
	case NoCapture:
		if canA || canW {
			how := "approach"
			if !canA {
				how = "withdrawal"
			} else if canW {
				how = "approach and by withdrawal"
			}
			e := stepErr(ErrMissingLetter, name+" captures by "+how+": the letter A or W is required", s)
			e.ByApproach, e.ByWithdrawal = canA, canW
			return NoDir, e
		}
		if seq {
			return NoDir, stepErr(ErrNotCapturing, name+" captures nothing: only capturing steps may continue a capture", s)
		}
		if p.captureExists() {
			return NoDir, stepErr(ErrCaptureCompulsory, "paika "+name+" refused: a capture is possible and capture is compulsory", s)
		}
	case Approach:
		if !canA {
			return NoDir, stepErr(ErrWrongLetter, name+"A: the step captures nothing by approach", s)
		}
	case Withdrawal:
		if !canW {
			return NoDir, stepErr(ErrWrongLetter, name+"W: the step captures nothing by withdrawal", s)
		}
	}
	return d, nil
}

// Step returns the position after one step, or an error saying why the
// step is not legal now. After a paika, a capture in Véla's first phase,
// or a capture the piece cannot continue, the turn ends and the other side
// is to move; after any other capture the position is in StateSequence,
// where the same piece may step again or the player may Stop.
func (p Position) Step(s Step) (Position, error) {
	d, err := p.check(s)
	if err != nil {
		return p, err
	}
	q := p
	if q.move(s.From, d, s.Capture) && !q.hasContinuation() {
		q.endTurn(true)
	}
	return q, nil
}

// Stop ends the capture sequence under way, passing the move.
func (p Position) Stop() (Position, error) {
	if p.visited == 0 {
		return p, newErr(ErrNoSequence, "there is no capture sequence to stop: make a step")
	}
	p.endTurn(true)
	return p, nil
}

// Apply returns the position after a whole turn, or an error saying why
// the turn is not legal. The position must be between turns.
func (p Position) Apply(t Turn) (Position, error) {
	if p.visited != 0 {
		return p, newErr(ErrInSequence, "a capture sequence is under way: continue it step by step or stop it")
	}
	if t.n == 0 {
		return p, newErr(ErrMalformed, "a turn has at least one step")
	}
	q := p
	open := false
	var prev Capture
	for i := 0; i < int(t.n); i++ {
		s := t.Step(i)
		if i > 0 && !open {
			name := s.From.String() + "-" + s.To.String()
			if prev == NoCapture {
				return p, stepErr(ErrAfterPaika, "a paika is a single step; "+name+" cannot follow it", s)
			}
			return p, stepErr(ErrPhase, "in the first phase of Véla White captures one piece per turn: no continuation "+name, s)
		}
		d, err := q.check(s)
		if err != nil {
			return p, err
		}
		open = q.move(s.From, d, s.Capture)
		prev = s.Capture
	}
	if open {
		q.endTurn(true)
	}
	return q, nil
}

// ApplyToken parses and applies one turn token.
func (p Position) ApplyToken(tok string) (Position, error) {
	t, err := ParseTurn(tok)
	if err != nil {
		return p, err
	}
	return p.Apply(t)
}

// stepAt returns the legal step number k (0-based) of the sets, in the
// order Steps lists them.
func (s *stepSets) stepAt(k int) (from Point, d Dir, c Capture) {
	for i, set := range &s.sets {
		n := set.Count()
		if k >= n {
			k -= n
			continue
		}
		for ; k > 0; k-- {
			set &= set - 1
		}
		return set.First(), Dir(i / 3), kindCapture[i%3]
	}
	return NoPoint, NoDir, NoCapture
}

// Steps appends to buf the legal single steps of the moment (see State):
// the first steps of every legal turn, or during a capture sequence the
// capturing steps that may continue it (Stop is then also allowed). It
// returns nothing when the game is over.
func (p Position) Steps(buf []Step) []Step {
	if p.visited == 0 && p.Over() {
		return buf
	}
	var s stepSets
	p.gen(&s)
	for d := Dir(0); d < 8; d++ {
		for ci := 0; ci < 3; ci++ {
			set := s.sets[3*int(d)+ci]
			c := kindCapture[ci]
			for ; set != 0; set &= set - 1 {
				from := set.First()
				buf = append(buf, Step{From: from, To: neighbour[from][d], Capture: c})
			}
		}
	}
	return buf
}

// CountSteps is len(p.Steps(nil)) without building the list.
func (p Position) CountSteps() int {
	if p.visited == 0 && p.Over() {
		return 0
	}
	var s stepSets
	p.gen(&s)
	return s.total
}

// LegalTurns appends to buf every legal turn of a position between turns:
// every stopping point of every capture sequence is its own turn. It
// returns buf unchanged when the game is over or a sequence is under way.
func (p Position) LegalTurns(buf []Turn) []Turn {
	if p.visited != 0 || p.Over() {
		return buf
	}
	var t Turn
	return p.turns(buf, &t)
}

func (p Position) turns(buf []Turn, t *Turn) []Turn {
	var s stepSets
	p.gen(&s)
	for d := Dir(0); d < 8; d++ {
		for ci := 0; ci < 3; ci++ {
			set := s.sets[3*int(d)+ci]
			c := kindCapture[ci]
			for ; set != 0; set &= set - 1 {
				from := set.First()
				if t.n == 0 {
					t.from = from
				}
				q := p
				open := q.move(from, d, c)
				t.push(neighbour[from][d], c)
				buf = append(buf, *t)
				if open {
					buf = q.turns(buf, t)
				}
				t.pop()
			}
		}
	}
	return buf
}

// CountTurns is len(p.LegalTurns(nil)) without building the list.
func (p Position) CountTurns() int {
	if p.visited != 0 || p.Over() {
		return 0
	}
	return int(p.countTurns())
}

func (p Position) countTurns() int64 {
	var s stepSets
	p.gen(&s)
	n := int64(s.total)
	for d := Dir(0); d < 8; d++ {
		for set := s.sets[3*d] | s.sets[3*d+1]; set != 0; set &= set - 1 {
			from := set.First()
			if s.sets[3*d]&bit(from) != 0 {
				q := p
				if q.move(from, d, Approach) {
					n += q.countTurns()
				}
			}
			if s.sets[3*d+1]&bit(from) != 0 {
				q := p
				if q.move(from, d, Withdrawal) {
					n += q.countTurns()
				}
			}
		}
	}
	return n
}

// Perft counts the sequences of exactly depth legal turns from a position
// between turns (a sequence that ends the game sooner counts nothing).
// Perft(0) is 1; a position during a capture sequence counts 0.
func (p Position) Perft(depth int) int64 {
	if p.visited != 0 || depth < 0 {
		return 0
	}
	return p.perft(depth)
}

func (p Position) perft(depth int) int64 {
	if depth == 0 {
		return 1
	}
	if p.Over() {
		return 0
	}
	if depth == 1 {
		return p.countTurns()
	}
	return p.perftSteps(depth)
}

// perftSteps counts, for each turn that continues the current moment, the
// sequences of depth-1 further turns.
func (p Position) perftSteps(depth int) int64 {
	var s stepSets
	p.gen(&s)
	var n int64
	for d := Dir(0); d < 8; d++ {
		for ci := 0; ci < 3; ci++ {
			set := s.sets[3*int(d)+ci]
			c := kindCapture[ci]
			for ; set != 0; set &= set - 1 {
				q := p
				if !q.move(set.First(), d, c) {
					n += q.perft(depth - 1)
					continue
				}
				r := q
				r.endTurn(true)
				n += r.perft(depth - 1)
				n += q.perftSteps(depth)
			}
		}
	}
	return n
}
