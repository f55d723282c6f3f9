package amazons

// Position is the board (amazons and arrows) and the side to move. It is a
// value of 184 bytes that copies cheaply: Apply returns a new one,
// and Do and Undo change one in place for searches. Positions compare with
// == (two positions are equal when their boards and sides to move are).
// The zero Position is not a position; use Start or ParsePosition.
type Position struct {
	board  [boxSize]Piece       // the mailbox; the border holds offBoard
	amz    [2][MaxAmazons]uint8 // each side's amazons, as mailbox cells
	n      [2]uint8             // how many amazons each side has
	toMove Side                 // the side to move
	arrows uint8                // arrows on the board
	hash   uint64               // Zobrist hash of board and side to move
	occ    [2]uint64            // occupied squares, bit s for Square s (s < 64 in occ[0])
}

// StartText is the start position in the notation.
const StartText = "3b2b3/10/10/b8b/10/10/w8w/10/10/3w2w3 w"

// start is the start position, built once.
var start = func() Position {
	var p Position
	p.clear()
	for _, s := range [...]string{"a4", "d1", "g1", "j4"} {
		p.put(mustSquare(s), WhiteAmazon)
	}
	for _, s := range [...]string{"a7", "d10", "g10", "j7"} {
		p.put(mustSquare(s), BlackAmazon)
	}
	return p
}()

func mustSquare(s string) Square {
	sq, err := ParseSquare(s)
	if err != nil {
		panic(err)
	}
	return sq
}

// Start returns the start position: White's amazons on a4, d1, g1, j4,
// Black's on a7, d10, g10, j7, White to move.
func Start() Position { return start }

// NewPosition returns an empty board (no amazons, no arrows) with the side
// to move; Put fills it. With no amazons the side to move has lost.
func NewPosition(toMove Side) Position {
	var p Position
	p.clear()
	if toMove == Black {
		p.toMove = Black
		p.hash ^= zobristBlack
	}
	return p
}

// clear makes p an empty board, White to move.
func (p *Position) clear() {
	*p = Position{}
	for c := range p.board {
		if fromBox[c] == NoSquare {
			p.board[c] = offBoard
		}
	}
}

// put places a piece on an empty square; it returns false when the square
// is off the board or not empty, or the side already has MaxAmazons.
func (p *Position) put(s Square, pc Piece) bool {
	if !s.Valid() || pc == Empty || pc > Arrow {
		return false
	}
	c := toBox[s]
	if p.board[c] != Empty {
		return false
	}
	if side, ok := pc.IsAmazon(); ok {
		if p.n[side] == MaxAmazons {
			return false
		}
		p.amz[side][p.n[side]] = c
		p.n[side]++
		p.sortAmazons(side)
	} else {
		p.arrows++
	}
	p.board[c] = pc
	p.hash ^= zobrist[pc][c]
	p.occ[s>>6] |= 1 << (s & 63)
	return true
}

// Put returns the position with pc placed on the empty square s (for
// building test positions and puzzles); ok is false, and p is returned
// unchanged, when s is off the board or not empty, pc is Empty, or the
// side already has MaxAmazons amazons. On the zero Position it starts
// from an empty board, White to move.
func (p Position) Put(s Square, pc Piece) (q Position, ok bool) {
	q = p
	if q.board[0] != offBoard {
		q.clear() // the zero Position: an empty board, White to move
	}
	if !q.put(s, pc) {
		return p, false
	}
	return q, true
}

// ToMove returns the side to move.
func (p Position) ToMove() Side { return p.toMove }

// At returns what stands on s (Empty for a square off the board).
func (p Position) At(s Square) Piece {
	if !s.Valid() {
		return Empty
	}
	return p.board[toBox[s]]
}

// Amazons returns the squares of a side's amazons and how many there are
// (four in a game).
func (p Position) Amazons(s Side) (sq [MaxAmazons]Square, n int) {
	n = int(p.n[s&1])
	for i := range n {
		sq[i] = fromBox[p.amz[s&1][i]]
	}
	for i := n; i < MaxAmazons; i++ {
		sq[i] = NoSquare
	}
	return sq, n
}

// Arrows returns how many arrows stand on the board (the turns played
// since the start, in a game).
func (p Position) Arrows() int { return int(p.arrows) }

// Empties returns how many squares are empty.
func (p Position) Empties() int {
	return Squares - int(p.arrows) - int(p.n[0]) - int(p.n[1])
}

// Hash returns a Zobrist hash of the board and the side to move: equal
// positions have equal hashes, whatever turns led to them.
func (p Position) Hash() uint64 { return p.hash }

// moveAmazon moves side s's amazon on cell f to cell t in the list of
// amazons, which it keeps in ascending order so that == compares boards.
func (p *Position) moveAmazon(s Side, f, t uint8) {
	a := &p.amz[s]
	n := int(p.n[s])
	i := 0
	for i < n && a[i] != f {
		i++
	}
	if i == n {
		return
	}
	a[i] = t
	for i > 0 && a[i-1] > a[i] {
		a[i-1], a[i] = a[i], a[i-1]
		i--
	}
	for i+1 < n && a[i+1] < a[i] {
		a[i+1], a[i] = a[i], a[i+1]
		i++
	}
}

// sortAmazons puts side s's list of amazons in ascending order.
func (p *Position) sortAmazons(s Side) {
	a := &p.amz[s]
	for i := 1; i < int(p.n[s]); i++ {
		for j := i; j > 0 && a[j-1] > a[j]; j-- {
			a[j-1], a[j] = a[j], a[j-1]
		}
	}
}

// canMove reports whether side s has a turn: an amazon with an empty
// neighbour. (An amazon that can move can always shoot: the square it
// left is empty and on a clear line from where it lands.)
func (p *Position) canMove(s Side) bool {
	for i := range p.n[s] {
		c := int(p.amz[s][i])
		for _, o := range offset {
			if p.board[c+o] == Empty {
				return true
			}
		}
	}
	return false
}

// CanMove reports whether side s would have a turn if it were to move.
// A side shut in while the other is to move has not lost: the other
// side's turn may free it.
func (p Position) CanMove(s Side) bool { return p.canMove(s & 1) }

// Over reports whether the game is over: the side to move has no turn.
func (p Position) Over() bool { return !p.canMove(p.toMove) }

// Winner returns the side that has won, and false while the game goes on.
// The side to move loses when it cannot move; there are no draws.
func (p Position) Winner() (Side, bool) {
	if p.canMove(p.toMove) {
		return White, false
	}
	return p.toMove.Other(), true
}

// Result is the state of a game: going on, or won by a side.
type Result uint8

// The results.
const (
	Ongoing Result = iota
	WhiteWins
	BlackWins
)

// String returns "ongoing", "white" or "black", as replay prints after
// "result: ".
func (r Result) String() string {
	switch r {
	case WhiteWins:
		return "white"
	case BlackWins:
		return "black"
	}
	return "ongoing"
}

// Winner returns the side that has won, and false for Ongoing.
func (r Result) Winner() (Side, bool) {
	switch r {
	case WhiteWins:
		return White, true
	case BlackWins:
		return Black, true
	}
	return White, false
}

// Result returns Ongoing, WhiteWins or BlackWins.
func (p Position) Result() Result {
	w, over := p.Winner()
	if !over {
		return Ongoing
	}
	if w == White {
		return WhiteWins
	}
	return BlackWins
}

// Turn is one whole turn: an amazon moves From To, then shoots an arrow
// from To onto Arrow.
type Turn struct {
	From, To, Arrow Square
}

// Move is the first half of a turn: an amazon moving From To.
type Move struct {
	From, To Square
}

// Apply returns the position after the turn, or a *RuleError saying which
// rule the turn breaks (errors.Is against ErrGameOver, ErrNoAmazon, ...);
// p is not changed.
func (p Position) Apply(t Turn) (Position, error) {
	if err := p.Check(t); err != nil {
		return p, err
	}
	p.Do(t)
	return p, nil
}

// Check returns nil when the turn is legal in p, or the *RuleError that
// Apply would return.
func (p Position) Check(t Turn) error {
	fail := func(rule error, s Square) error {
		e := &RuleError{Rule: rule, Turn: t, Mover: p.toMove, Square: s}
		if s.Valid() {
			e.Piece = p.board[toBox[s]]
		}
		return e
	}
	if !p.canMove(p.toMove) {
		return fail(ErrGameOver, NoSquare)
	}
	if !t.From.Valid() || !t.To.Valid() || !t.Arrow.Valid() {
		return fail(ErrOffBoard, NoSquare)
	}
	from := toBox[t.From]
	mine := AmazonOf(p.toMove)
	switch p.board[from] {
	case mine:
	case Empty, Arrow:
		return fail(ErrNoAmazon, t.From)
	default:
		return fail(ErrNotYourAmazon, t.From)
	}
	if t.To == t.From {
		return fail(ErrZeroMove, t.From)
	}
	d, n, ok := Line(t.From, t.To)
	if !ok {
		return fail(ErrNotQueenLine, NoSquare)
	}
	c := int(from)
	for i := 1; i < n; i++ {
		c += offset[d]
		if p.board[c] != Empty {
			return fail(ErrMoveBlocked, fromBox[c])
		}
	}
	if p.board[toBox[t.To]] != Empty {
		return fail(ErrMoveOccupied, t.To)
	}
	// The shot, with the amazon on To and From empty.
	if t.Arrow == t.To {
		e := fail(ErrArrowOccupied, t.To).(*RuleError)
		e.Piece = mine
		return e
	}
	d, n, ok = Line(t.To, t.Arrow)
	if !ok {
		return fail(ErrArrowNotQueenLine, NoSquare)
	}
	c = int(toBox[t.To])
	for i := 1; i < n; i++ {
		c += offset[d]
		if c != int(from) && p.board[c] != Empty {
			return fail(ErrArrowBlocked, fromBox[c])
		}
	}
	if t.Arrow != t.From && p.board[toBox[t.Arrow]] != Empty {
		return fail(ErrArrowOccupied, t.Arrow)
	}
	return nil
}

// Legal reports whether the turn is legal in p.
func (p Position) Legal(t Turn) bool { return p.Check(t) == nil }

// Do plays a turn in place without checking it: the turn must be legal
// (from AppendTurns, or accepted by Check). Undo takes it back.
func (p *Position) Do(t Turn) {
	f, to, a := toBox[t.From], toBox[t.To], toBox[t.Arrow]
	s := p.toMove
	pc := p.board[f]
	p.board[f] = Empty
	p.board[to] = pc
	p.board[a] = Arrow
	p.moveAmazon(s, f, to)
	p.hash ^= zobrist[pc][f] ^ zobrist[pc][to] ^ zobrist[Arrow][a] ^ zobristBlack
	p.occ[t.From>>6] &^= 1 << (t.From & 63)
	p.occ[t.To>>6] |= 1 << (t.To & 63)
	p.occ[t.Arrow>>6] |= 1 << (t.Arrow & 63)
	p.arrows++
	p.toMove = s ^ 1
}

// Undo takes back the turn that Do played last on p.
func (p *Position) Undo(t Turn) {
	f, to, a := toBox[t.From], toBox[t.To], toBox[t.Arrow]
	s := p.toMove ^ 1
	p.toMove = s
	pc := p.board[to]
	p.board[a] = Empty
	p.board[to] = Empty
	p.board[f] = pc
	p.moveAmazon(s, to, f)
	p.hash ^= zobrist[pc][f] ^ zobrist[pc][to] ^ zobrist[Arrow][a] ^ zobristBlack
	p.occ[t.Arrow>>6] &^= 1 << (t.Arrow & 63)
	p.occ[t.To>>6] &^= 1 << (t.To & 63)
	p.occ[t.From>>6] |= 1 << (t.From & 63)
	p.arrows--
}
