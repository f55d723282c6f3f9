package fanorona

import (
	"strconv"
	"strings"

	"github.com/veletasbot/veletas/game/internal/enginekit"
)

// Color is a side. White moves first.
type Color uint8

// The sides.
const (
	White Color = iota
	Black
)

// Other returns the opposite side.
func (c Color) Other() Color { return c ^ 1 }

func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// Variant is the ruleset: Fanorona, or Véla with its first phase.
type Variant uint8

// The variants.
const (
	Fanorona Variant = iota
	Vela
)

// Variants lists the variants.
var Variants = []Variant{Fanorona, Vela}

func (v Variant) String() string {
	switch v {
	case Fanorona:
		return "fanorona"
	case Vela:
		return "vela"
	}
	return "variant(" + strconv.Itoa(int(v)) + ")"
}

// Valid reports whether v is Fanorona or Vela.
func (v Variant) Valid() bool { return v <= Vela }

// ParseVariant reads "fanorona" or "vela" (in any case).
func ParseVariant(s string) (Variant, error) {
	switch strings.ToLower(s) {
	case "fanorona":
		return Fanorona, nil
	case "vela", "véla":
		return Vela, nil
	}
	return Fanorona, textErr(ErrMalformed, "unknown variant "+quote(s)+": use fanorona or vela", s)
}

// Result is the state of a game: ongoing, won by a side, or drawn.
type Result uint8

// The results.
const (
	Ongoing Result = iota
	WhiteWins
	BlackWins
	Draw
)

// String writes the result as the replay tool prints it after "result: ".
func (r Result) String() string {
	return [...]string{"ongoing", "white", "black", "draw"}[r&3]
}

// Winner returns the winning side and true, or false when nobody has won.
func (r Result) Winner() (Color, bool) {
	switch r {
	case WhiteWins:
		return White, true
	case BlackWins:
		return Black, true
	}
	return White, false
}

func winnerResult(c Color) Result {
	if c == White {
		return WhiteWins
	}
	return BlackWins
}

// DrawCount is the number of turns in a row without a capture that draws
// the game.
const DrawCount = 100

// MaxPieces is the number of pieces each side starts with.
const MaxPieces = 22

// State says what the side to move may do next.
type State uint8

// The states of a position.
const (
	// StateOver: the game has ended; no step and no turn is accepted.
	StateOver State = iota
	// StateTurn: a new turn; the side to move must make one step (Steps
	// lists them).
	StateTurn
	// StateSequence: a capture sequence is under way; the same piece may
	// make another capturing step (Steps lists them) or the player may
	// Stop. Continuing is never compulsory.
	StateSequence
)

func (s State) String() string {
	return [...]string{"over", "turn", "sequence"}[s%3]
}

// Position is the state of a game: the pieces, the variant, the side to
// move, the count of turns in a row without a capture, and, in the middle
// of a capture sequence, the moving piece, its last direction and the
// points it has occupied this turn. It is a value of 32 bytes; copying it
// is cheap and methods never change the receiver.
type Position struct {
	side    [2]Bits // pieces of White and Black
	visited Bits    // during a capture sequence: points the piece occupied this turn; 0 otherwise
	variant Variant
	toMove  Color
	quiet   uint8
	piece   Point // during a capture sequence: the moving piece
	last    Dir   // during a capture sequence: the direction of its last step
}

var startSide = func() [2]Bits {
	p, err := ParsePosition(StartText, Fanorona)
	if err != nil {
		panic(err)
	}
	return p.side
}()

// StartText is the start position in the notation.
const StartText = "bbbbbbbbb/bbbbbbbbb/bwbw1bwbw/wwwwwwwww/wwwwwwwww w 0"

// NewPosition returns the start position of the variant (Fanorona when v
// is not a known variant).
func NewPosition(v Variant) Position {
	if !v.Valid() {
		v = Fanorona
	}
	return Position{side: startSide, variant: v}
}

// Variant is the position's ruleset.
func (p Position) Variant() Variant { return p.variant }

// ToMove is the side to move (during a capture sequence, the side making
// it). After the end it is the side that would have moved next.
func (p Position) ToMove() Color { return p.toMove }

// Quiet is the number of turns in a row that have captured nothing.
func (p Position) Quiet() int { return int(p.quiet) }

// Pieces returns the points holding the pieces of c.
func (p Position) Pieces(c Color) Bits { return p.side[c&1] }

// Count returns the number of pieces of c.
func (p Position) Count(c Color) int { return p.side[c&1].Count() }

// Empty returns the empty points.
func (p Position) Empty() Bits { return boardMask &^ (p.side[0] | p.side[1]) }

// At returns the colour of the piece on pt and true, or false when pt is
// empty or off the board.
func (p Position) At(pt Point) (Color, bool) {
	switch {
	case p.side[White].Has(pt):
		return White, true
	case p.side[Black].Has(pt):
		return Black, true
	}
	return White, false
}

// FirstPhase reports whether Véla's first phase applies: the variant is
// Véla and Black has more than five pieces.
func (p Position) FirstPhase() bool { return p.variant == Vela && p.side[Black].Count() > 5 }

// InSequence reports whether a capture sequence is under way (StateSequence).
func (p Position) InSequence() bool { return p.visited != 0 }

// MovingPiece returns the point of the piece making the capture sequence
// under way, and false between turns.
func (p Position) MovingPiece() (Point, bool) {
	if p.visited == 0 {
		return NoPoint, false
	}
	return p.piece, true
}

// Visited returns the points the moving piece has occupied this turn, its
// starting point included (empty between turns).
func (p Position) Visited() Bits { return p.visited }

// LastDir returns the direction of the last step of the sequence under
// way, which the next step may not repeat, or NoDir between turns.
func (p Position) LastDir() Dir {
	if p.visited == 0 {
		return NoDir
	}
	return p.last
}

// State says whether the game is over, a new turn begins or a capture
// sequence may continue.
func (p Position) State() State {
	switch {
	case p.visited != 0:
		return StateSequence
	case p.Result() != Ongoing:
		return StateOver
	}
	return StateTurn
}

// Over reports whether the game has ended.
func (p Position) Over() bool { return p.visited == 0 && p.Result() != Ongoing }

// Result returns the outcome, checked in the order of the rules: a side
// without pieces loses; 100 turns in a row without a capture draw; the
// side to move loses when it has no legal turn. During a capture sequence
// the game is ongoing.
func (p Position) Result() Result {
	if p.visited != 0 {
		return Ongoing
	}
	switch {
	case p.side[White] == 0:
		return BlackWins
	case p.side[Black] == 0:
		return WhiteWins
	case p.quiet >= DrawCount:
		return Draw
	case !p.canStep():
		return winnerResult(p.toMove.Other())
	}
	return Ongoing
}

// overReason says why a finished game ended, for messages.
func (p Position) overReason() string {
	switch {
	case p.side[White] == 0:
		return "black won: white has no pieces left"
	case p.side[Black] == 0:
		return "white won: black has no pieces left"
	case p.quiet >= DrawCount:
		return "drawn after 100 turns without a capture"
	}
	return p.toMove.Other().String() + " won: " + p.toMove.String() + " has no legal turn"
}

// canStep reports whether the side to move has a step; between turns that
// is the same as having a legal turn.
func (p *Position) canStep() bool {
	own := p.side[p.toMove]
	empty := boardMask &^ (own | p.side[p.toMove^1])
	for d := Dir(0); d < 8; d++ {
		if own&shift(empty, d.Opposite()) != 0 {
			return true
		}
	}
	return false
}

// String writes the position in the notation, such as
// "bbbbbbbbb/bbbbbbbbb/bwbw1bwbw/wwwwwwwww/wwwwwwwww w 0". The variant is
// not part of it. During a capture sequence it writes the board as it
// stands, which loses the sequence.
func (p Position) String() string {
	b := make([]byte, 0, 64)
	for r := Ranks - 1; r >= 0; r-- {
		run := 0
		for f := 0; f < Files; f++ {
			pt := NewPoint(f, r)
			c, ok := p.At(pt)
			if !ok {
				run++
				continue
			}
			if run > 0 {
				b = append(b, byte('0'+run))
				run = 0
			}
			if c == White {
				b = append(b, 'w')
			} else {
				b = append(b, 'b')
			}
		}
		if run > 0 {
			b = append(b, byte('0'+run))
		}
		if r > 0 {
			b = append(b, '/')
		}
	}
	if p.toMove == White {
		b = append(b, " w "...)
	} else {
		b = append(b, " b "...)
	}
	b = strconv.AppendInt(b, int64(p.quiet), 10)
	return string(b)
}

// ParsePosition reads a position in the notation for the variant: five
// ranks from 5 down to 1 separated by '/', each from file a with w, b and
// a digit for a run of empty points; the side to move, w or b; the number
// of turns in a row without a capture, 0 to 100.
func ParsePosition(s string, v Variant) (Position, error) {
	if !v.Valid() {
		return Position{}, textErr(ErrMalformed, "unknown variant "+strconv.Itoa(int(v))+": use fanorona or vela", strconv.Itoa(int(v)))
	}
	bad := func(why string) (Position, error) {
		return Position{}, textErr(ErrMalformed, "malformed position "+quote(s)+": "+why, s)
	}
	fields := strings.Fields(s)
	if len(fields) != 3 {
		return bad("write the board, the side to move and the count of turns without a capture, such as '" + StartText + "'")
	}
	ranks := strings.Split(fields[0], "/")
	if len(ranks) != Ranks {
		return bad("the board has 5 ranks separated by '/'")
	}
	p := Position{variant: v}
	for i, rank := range ranks {
		r := Ranks - 1 - i
		f := 0
		prevDigit := false
		for j := 0; j < len(rank); j++ {
			c := rank[j]
			switch {
			case c >= '1' && c <= '9':
				if prevDigit {
					return bad("rank " + strconv.Itoa(r+1) + " has two digits in a row: write one digit per run of empty points")
				}
				prevDigit = true
				f += int(c - '0')
			case c == 'w' || c == 'b':
				prevDigit = false
				if f < Files {
					if c == 'w' {
						p.side[White] |= bit(NewPoint(f, r))
					} else {
						p.side[Black] |= bit(NewPoint(f, r))
					}
				}
				f++
			default:
				return bad("rank " + strconv.Itoa(r+1) + " holds " + quote(string(rune(c))) + ": use w, b and digits 1 to 9")
			}
			if f > Files {
				break
			}
		}
		if f != Files {
			return bad("rank " + strconv.Itoa(r+1) + " does not have 9 points")
		}
	}
	switch fields[1] {
	case "w":
		p.toMove = White
	case "b":
		p.toMove = Black
	default:
		return bad("the side to move is w or b")
	}
	q := fields[2]
	n, err := strconv.Atoi(q)
	if err != nil || n < 0 || n > DrawCount || (len(q) > 1 && q[0] == '0') || q[0] == '+' {
		return bad("the count of turns without a capture is a number from 0 to 100")
	}
	p.quiet = uint8(n)
	for _, c := range []Color{White, Black} {
		if k := p.Count(c); k > MaxPieces {
			return Position{}, textErr(ErrBadPosition, "impossible position: "+c.String()+" has "+strconv.Itoa(k)+" pieces, more than the 22 a side starts with", s)
		}
	}
	if p.side[White] == 0 && p.side[Black] == 0 {
		return Position{}, textErr(ErrBadPosition, "impossible position: there are no pieces at all", s)
	}
	return p, nil
}

// ParseDiagram reads a board drawn one rank per line, rank 5 first, with
// the points separated by spaces: '.' for an empty point, w and b for
// pieces. It is the form rule tests are written in:
//
//	b b b b b b b b b
//	b b b b b b b b b
//	b w b w . b w b w
//	w w w w w w w w w
//	w w w w w w w w w
//
// The result is the position with that board, the side to move and the
// count of turns without a capture given.
func ParseDiagram(rows string, toMove Color, quiet int, v Variant) (Position, error) {
	side := " w "
	if toMove == Black {
		side = " b "
	}
	return ParsePosition(enginekit.DiagramRanks(rows)+side+strconv.Itoa(quiet), v)
}
