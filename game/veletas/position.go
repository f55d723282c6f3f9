package veletas

import (
	"strconv"
	"strings"
)

// Color is a player's colour. NoColor is used for "nobody" (no winner yet).
type Color uint8

// The colours.
const (
	NoColor Color = iota
	Black
	White
)

// Other returns the opposite colour.
func (c Color) Other() Color { return 3 - c }

func (c Color) String() string {
	switch c {
	case Black:
		return "black"
	case White:
		return "white"
	}
	return "none"
}

// Phase is the stage a game is in.
type Phase uint8

// The phases, in order.
const (
	PhaseSetup1 Phase = iota // first player places shooters and the black stone
	PhaseChoice              // second player chooses swap or keep
	PhaseSetup2              // White places the remaining shooters and the white stone
	PhasePlay                // turns, Black first
	PhaseOver                // a player holds a majority of shooters
)

func (p Phase) String() string {
	return [...]string{"first setup", "side choice", "second setup", "play", "over"}[p]
}

// Piece is what stands on one square.
type Piece uint8

// The pieces.
const (
	Empty        Piece = iota
	BlackStone         // b
	WhiteStone         // w
	Shooter            // s: unclaimed shooter
	BlackShooter       // B: shooter claimed by Black
	WhiteShooter       // W: shooter claimed by White
)

// Position is the whole state of a game between actions: the board, the
// phase, the colour to act, whether the players swapped sides and the rules
// the game is played under. It is a small value; copying it is cheap and
// methods never change the receiver.
type Position struct {
	black, white       Bits // stones
	shooters           Bits // unclaimed shooters
	claimedB, claimedW Bits
	size               Size
	phase              Phase
	toMove             Color
	swapped            bool
	rules              Rules
}

// NewPosition returns the empty board of the given size, before the first
// setup, under the classic rules unless WithRules says otherwise.
func NewPosition(size Size, opts ...Option) (Position, error) {
	return newPosition(size, configOf(opts).rules)
}

// newPosition is NewPosition under the given rules.
func newPosition(size Size, rules Rules) (Position, error) {
	if !size.Valid() {
		return Position{}, textErr(ErrBadSize, "board size "+itoa(int(size))+" is not supported: use 7, 9 or 10", itoa(int(size)))
	}
	if !rules.Valid() {
		return Position{}, errRules(rules)
	}
	return Position{size: size, toMove: Black, rules: rules}, nil
}

// Rules is the rule set the position is played under.
func (p Position) Rules() Rules { return p.rules }

// WithRules returns the position to be played on under the given rules
// (Classic for an unknown value). The position notation does not say which
// rules apply, so a parsed position is classic until given its rules.
func (p Position) WithRules(r Rules) Position {
	if !r.Valid() {
		r = Classic
	}
	p.rules = r
	return p
}

// Size is the board size.
func (p Position) Size() Size { return p.size }

// Phase is the current phase.
func (p Position) Phase() Phase { return p.phase }

// ToMove is the colour that acts next. During the side choice it is White
// (the second player, who is White unless they swap). After the game ends
// it is the colour that would have moved next.
func (p Position) ToMove() Color { return p.toMove }

// Swapped reports whether the second player chose swap, so that the first
// player plays White.
func (p Position) Swapped() bool { return p.swapped }

// FirstPlayerColor is the colour of the player who made the first setup.
func (p Position) FirstPlayerColor() Color {
	if p.swapped {
		return White
	}
	return Black
}

// Over reports whether the game has ended.
func (p Position) Over() bool { return p.phase == PhaseOver }

// Winner returns the colour holding a majority of shooters, or NoColor.
func (p Position) Winner() Color {
	m := p.size.Majority()
	switch {
	case p.claimedB.Count() >= m:
		return Black
	case p.claimedW.Count() >= m:
		return White
	}
	return NoColor
}

// Claims returns how many shooters the colour has claimed.
func (p Position) Claims(c Color) int {
	if c == Black {
		return p.claimedB.Count()
	}
	return p.claimedW.Count()
}

// At returns the piece on sq (Empty off the board).
func (p Position) At(sq Square) Piece {
	switch {
	case !sq.On(p.size):
		return Empty
	case p.black.Has(sq):
		return BlackStone
	case p.white.Has(sq):
		return WhiteStone
	case p.shooters.Has(sq):
		return Shooter
	case p.claimedB.Has(sq):
		return BlackShooter
	case p.claimedW.Has(sq):
		return WhiteShooter
	}
	return Empty
}

// Stones returns the set of stones of a colour.
func (p Position) Stones(c Color) Bits {
	if c == Black {
		return p.black
	}
	return p.white
}

// Unclaimed returns the set of unclaimed shooters.
func (p Position) Unclaimed() Bits { return p.shooters }

// ClaimedBy returns the set of shooters claimed by a colour.
func (p Position) ClaimedBy(c Color) Bits {
	if c == Black {
		return p.claimedB
	}
	return p.claimedW
}

func (p *Position) occupied() Bits {
	return p.black.Or(p.white).Or(p.shooters).Or(p.claimedB).Or(p.claimedW)
}

// allShooters is the set of shooters, claimed or not.
func (p *Position) allShooters() Bits {
	return p.shooters.Or(p.claimedB).Or(p.claimedW)
}

// blockers is the set of pieces a move or a shot may not pass over: every
// piece under the classic rules, the stones under the revised ones.
func (p *Position) blockers(occ Bits) Bits {
	if p.rules == Revised {
		return p.black.Or(p.white)
	}
	return occ
}

// Empties returns the set of empty squares.
func (p Position) Empties() Bits { return geo(p.size).mask.AndNot(p.occupied()) }

// Apply returns the position after the action, or an error (wrapping one of
// the Err* values) that says why the action is not allowed. The receiver
// is never changed.
func (p Position) Apply(a Action) (Position, error) {
	if p.phase == PhaseOver {
		e := ruleErr(ErrGameOver, "the game is over: "+p.Winner().String()+" won, no further actions are allowed")
		e.Winner = p.Winner()
		return p, e
	}
	want := KindTurn
	switch p.phase {
	case PhaseSetup1, PhaseSetup2:
		want = KindSetup
	case PhaseChoice:
		want = KindChoice
	}
	if a.Kind != want {
		return p, phaseErr(want, a)
	}
	switch a.Kind {
	case KindSetup:
		return p.applySetup(a.Shooters, a.Stone)
	case KindChoice:
		p.swapped = a.Swap
		p.phase = PhaseSetup2
		p.toMove = White
		return p, nil
	}
	if err := p.checkTurn(a.Turn); err != nil {
		return p, err
	}
	p.play(a.Turn)
	return p, nil
}

// ApplyTurn is Apply for a turn.
func (p Position) ApplyTurn(t Turn) (Position, error) { return p.Apply(TurnAction(t)) }

func (p Position) offBoard(sq Square) error {
	e := ruleErr(ErrOffBoard, "square "+sq.String()+" is off the "+p.size.String()+" board")
	e.Square = sq
	return e
}

// setupCount is the number of shooters the current setup places.
func (p Position) setupCount() int {
	if p.phase == PhaseSetup2 {
		return p.size.Shooters() - p.size.FirstShooters()
	}
	return p.size.FirstShooters()
}

func (p Position) applySetup(shooters []Square, stone Square) (Position, error) {
	want := p.setupCount()
	if len(shooters) != want {
		return p, countErr(len(shooters), want)
	}
	for _, sq := range shooters {
		if !sq.On(p.size) {
			return p, p.offBoard(sq)
		}
	}
	if !stone.On(p.size) {
		return p, p.offBoard(stone)
	}
	g := geo(p.size)
	occ := p.occupied()
	placed := p.shooters
	for i, sq := range shooters {
		for _, prev := range shooters[:i] {
			if prev == sq {
				e := ruleErr(ErrOccupied, sq.String()+" is given twice")
				e.Square, e.Twice = sq, true
				return p, e
			}
		}
		if occ.Has(sq) {
			return p, squareErr(ErrOccupied, "shooter square "+sq.String()+" is occupied", sq)
		}
		if p.rules == Revised {
			if !g.inner.Has(sq) {
				return p, squareErr(ErrPerimeterShooter, "shooter "+sq.String()+" is on the edge of the board: shooters may not be placed on the edge of the board under the revised rules", sq)
			}
			placed = placed.With(sq)
			continue
		}
		if near := g.nb[sq].And(placed); !near.Empty() {
			e := ruleErr(ErrAdjacentShooter, "shooter "+sq.String()+" is adjacent to the shooter on "+near.First().String()+": shooters may not touch, even diagonally")
			e.Square, e.Near = sq, near.First()
			return p, e
		}
		placed = placed.With(sq)
	}
	if placed.Has(stone) {
		return p, squareErr(ErrOccupied, "stone square "+stone.String()+" is taken by a shooter", stone)
	}
	if occ.Has(stone) {
		return p, squareErr(ErrOccupied, "stone square "+stone.String()+" is occupied", stone)
	}
	p.shooters = placed
	if p.phase == PhaseSetup1 {
		p.black = p.black.With(stone)
		p.phase = PhaseChoice
		p.toMove = White
	} else {
		p.white = p.white.With(stone)
		p.phase = PhasePlay
		p.toMove = Black
	}
	return p, nil
}

// checkTurn validates a turn in the play phase.
func (p *Position) checkTurn(t Turn) error {
	for _, sq := range [3]Square{t.From, t.To, t.Shot} {
		if sq != NoSquare && !sq.On(p.size) {
			return p.offBoard(sq)
		}
	}
	if p.claimedB.Has(t.From) || p.claimedW.Has(t.From) {
		return squareErr(ErrClaimedShooter, "the shooter on "+t.From.String()+" is claimed and can neither move nor shoot", t.From)
	}
	if !p.shooters.Has(t.From) {
		return squareErr(ErrNotShooter, "no shooter on "+t.From.String(), t.From)
	}
	occ := p.occupied()
	stones := p.black.Or(p.white)
	if t.Moved() {
		between, ok := queenLine(t.From, t.To)
		if !ok {
			return lineErr(ErrNotQueenLine, t.From.String()+"-"+t.To.String()+" is not a queen move: a shooter moves along a rank, file or diagonal", t.From, t.To, NoSquare, false)
		}
		if occ.Has(t.To) {
			return squareErr(ErrOccupied, t.To.String()+" is occupied", t.To)
		}
		for _, sq := range between {
			if p.rules == Revised && stones.Has(sq) {
				return lineErr(ErrBlocked, "move "+t.From.String()+"-"+t.To.String()+" passes over a stone on "+sq.String()+": under the revised rules a shooter may pass over shooters but not over stones", t.From, t.To, sq, true)
			}
			if p.rules != Revised && occ.Has(sq) {
				return lineErr(ErrBlocked, "move "+t.From.String()+"-"+t.To.String()+" passes over a piece on "+sq.String(), t.From, t.To, sq, false)
			}
		}
		occ = occ.Without(t.From).With(t.To)
	}
	from := t.Shooter()
	between, ok := queenLine(from, t.Shot)
	if !ok {
		return lineErr(ErrNotQueenLine, "shot "+from.String()+" to "+t.Shot.String()+" is not along a queen line: shoot along a rank, file or diagonal from the shooter", from, t.Shot, NoSquare, false)
	}
	if occ.Has(t.Shot) {
		return squareErr(ErrOccupied, "shot square "+t.Shot.String()+" is occupied", t.Shot)
	}
	for _, sq := range between {
		if p.rules == Revised && stones.Has(sq) {
			return lineErr(ErrBlocked, "shot "+from.String()+" to "+t.Shot.String()+" passes over a stone on "+sq.String()+": under the revised rules a shot may pass over shooters but not over stones", from, t.Shot, sq, true)
		}
		if p.rules != Revised && occ.Has(sq) {
			return lineErr(ErrBlocked, "shot "+from.String()+" to "+t.Shot.String()+" passes over a piece on "+sq.String(), from, t.Shot, sq, false)
		}
	}
	return nil
}

// play applies a legal turn: move, shot, claims, end, side change.
func (p *Position) play(t Turn) {
	mover := p.toMove
	if t.To != NoSquare {
		p.shooters = p.shooters.Without(t.From).With(t.To)
	}
	if mover == Black {
		p.black = p.black.With(t.Shot)
	} else {
		p.white = p.white.With(t.Shot)
	}
	p.toMove = mover.Other()
	p.settle(mover)
}

// settle claims every trapped shooter after mover's action and ends the
// game at a majority. A shooter is trapped when it cannot move: under the
// classic rules when none of its neighbours is empty, under the revised
// rules when, in each direction, the first square that holds no shooter
// holds a stone or is off the board. Claiming a shooter changes no square,
// so the order of the claims does not matter.
func (p *Position) settle(mover Color) {
	g := geo(p.size)
	occ := p.occupied()
	empty := g.mask.AndNot(occ)
	claimed := false
	for s := p.shooters; !s.Empty(); {
		sq := s.First()
		s = s.Without(sq)
		if !g.nb[sq].And(empty).Empty() {
			continue
		}
		if p.rules == Revised && !reachBits(g, sq, p.black.Or(p.white)).AndNot(occ).Empty() {
			continue
		}
		b := p.largestGroup(g, sq, p.black)
		w := p.largestGroup(g, sq, p.white)
		owner := mover.Other()
		if b > w {
			owner = Black
		} else if w > b {
			owner = White
		}
		p.shooters = p.shooters.Without(sq)
		if owner == Black {
			p.claimedB = p.claimedB.With(sq)
		} else {
			p.claimedW = p.claimedW.With(sq)
		}
		claimed = true
	}
	if claimed && p.Winner() != NoColor {
		p.phase = PhaseOver
	}
}

// largestGroup is the size of the largest orthogonally connected group of
// stones (in set) that touches sq orthogonally.
func (p *Position) largestGroup(g *geometry, sq Square, stones Bits) int {
	best := 0
	var seen Bits
	for _, n := range g.orth[sq] {
		if n == NoSquare || !stones.Has(n) || seen.Has(n) {
			continue
		}
		grp := flood(g, Bits{}.With(n), stones)
		seen = seen.Or(grp)
		if c := grp.Count(); c > best {
			best = c
		}
	}
	return best
}

// flood grows seed orthogonally within set.
func flood(g *geometry, seed, set Bits) Bits {
	for {
		next := seed.Or(seed.shl(10)).Or(seed.shr(10)).
			Or(seed.And(g.notLast).shl(1)).Or(seed.And(g.notA).shr(1)).And(set)
		if next == seed {
			return seed
		}
		seed = next
	}
}

// String writes the position in the one-line notation.
func (p Position) String() string {
	var b strings.Builder
	n := int(p.size)
	for r := n - 1; r >= 0; r-- {
		run := 0
		for f := 0; f < n; f++ {
			c := byte(0)
			switch p.At(Sq(f, r)) {
			case BlackStone:
				c = 'b'
			case WhiteStone:
				c = 'w'
			case Shooter:
				c = 's'
			case BlackShooter:
				c = 'B'
			case WhiteShooter:
				c = 'W'
			}
			if c == 0 {
				run++
				continue
			}
			if run > 0 {
				b.WriteString(strconv.Itoa(run))
				run = 0
			}
			b.WriteByte(c)
		}
		if run > 0 {
			b.WriteString(strconv.Itoa(run))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	if p.toMove == White {
		b.WriteString(" w")
	} else {
		b.WriteString(" b")
	}
	return b.String()
}

func badPosition(text, why string) error {
	return textErr(ErrMalformed, "malformed position "+quote(text)+": "+why, text)
}

// ParsePosition reads the one-line notation, for a game under the classic
// rules unless WithRules says otherwise (the notation does not say which
// rules apply; see also Position.WithRules). The phase is inferred from the
// pieces: no shooters and no stones is the first setup, the first setup's
// shooters with one black stone is the side choice, all shooters is play
// (or the end when a colour holds a majority).
func ParsePosition(text string, opts ...Option) (Position, error) {
	rules := configOf(opts).rules
	if !rules.Valid() {
		return Position{}, errRules(rules)
	}
	p, err := parsePosition(text)
	if err != nil {
		return Position{}, err
	}
	return p.WithRules(rules), nil
}

// parsePosition is ParsePosition under the classic rules.
func parsePosition(text string) (Position, error) {
	text = strings.TrimSpace(text)
	if len(text) > 400 {
		return Position{}, badPosition(text, "too long")
	}
	board, side, ok := strings.Cut(text, " ")
	if !ok {
		return Position{}, badPosition(text, "expected the ranks, a space and the side to move (b or w)")
	}
	side = strings.TrimSpace(side)
	var p Position
	switch side {
	case "b":
		p.toMove = Black
	case "w":
		p.toMove = White
	default:
		return Position{}, badPosition(text, "the side to move must be b or w")
	}
	ranks := strings.Split(board, "/")
	n := len(ranks)
	if n > 10 || !Size(n).Valid() {
		return Position{}, textErr(ErrBadSize, "position "+quote(text)+" has "+itoa(n)+" ranks: a board is 7x7, 9x9 or 10x10", text)
	}
	p.size = Size(n)
	for i, rank := range ranks {
		r := n - 1 - i
		f := 0
		for j := 0; j < len(rank); j++ {
			c := rank[j]
			if c == '0' {
				return Position{}, badPosition(text, "a run of empty squares is written from 1 to "+itoa(n)+", without a leading zero")
			}
			if c >= '1' && c <= '9' {
				k := int(c - '0')
				if j+1 < len(rank) && rank[j+1] >= '0' && rank[j+1] <= '9' {
					k = k*10 + int(rank[j+1]-'0')
					j++
				}
				f += k
				if f > n {
					break
				}
				continue
			}
			if f >= n {
				f++
				break
			}
			sq := Sq(f, r)
			switch c {
			case 'b':
				p.black = p.black.With(sq)
			case 'w':
				p.white = p.white.With(sq)
			case 's':
				p.shooters = p.shooters.With(sq)
			case 'B':
				p.claimedB = p.claimedB.With(sq)
			case 'W':
				p.claimedW = p.claimedW.With(sq)
			default:
				return Position{}, badPosition(text, "unknown piece "+quote(string(c))+": use b, w, s, B, W or a number of empty squares")
			}
			f++
		}
		if f != n {
			return Position{}, badPosition(text, "rank "+itoa(r+1)+" covers "+itoa(f)+" files, not "+itoa(n))
		}
	}
	all := p.shooters.Count() + p.claimedB.Count() + p.claimedW.Count()
	stones := p.black.Count() + p.white.Count()
	switch {
	case all == p.size.Shooters():
		p.phase = PhasePlay
		if p.Winner() != NoColor {
			p.phase = PhaseOver
		}
		if p.claimedB.Count() >= p.size.Majority() && p.claimedW.Count() >= p.size.Majority() {
			return Position{}, textErr(ErrBadPosition, "position "+quote(text)+": both colours hold a majority of shooters", text)
		}
	case all == 0 && stones == 0 && p.toMove == Black:
		p.phase = PhaseSetup1
	case all == p.size.FirstShooters() && p.shooters.Count() == all && p.black.Count() == 1 && p.white.Empty() && p.toMove == White:
		p.phase = PhaseChoice
	default:
		return Position{}, textErr(ErrBadPosition, "position "+quote(text)+" has "+itoa(all)+" shooters and "+itoa(stones)+" stones: a "+p.size.String()+" game has "+itoa(p.size.Shooters())+" shooters in play", text)
	}
	return p, nil
}
