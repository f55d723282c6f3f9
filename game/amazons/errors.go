package amazons

import (
	"errors"
	"strconv"

	"github.com/veletasbot/veletas/game/internal/enginekit"
)

// These errors classify every refusal of the rules engine. Errors returned
// by this package wrap exactly one of them, so callers test with errors.Is
// and read the details from the concrete types below (*RuleError for a
// turn against the rules, *NotationError for text not in the notation,
// *TokenError for the token of a record that failed), so that a front end
// can word the refusal in any language without parsing English. The
// English message of the returned error is a sentence for players.
var (
	// ErrMalformed is returned for text that is not in the notation: a
	// square, turn, position or record token written wrongly.
	ErrMalformed = errors.New("malformed notation")

	// ErrOffBoard is returned for a square written as a file letter and a
	// rank number that lies outside a1 to j10 (k5, a0, a11), and by Apply
	// for a Turn holding a square that is not on the board.
	ErrOffBoard = errors.New("square off the board")

	// ErrBadPosition is returned for a position in the notation that
	// cannot occur in a game: more than four amazons of a side.
	ErrBadPosition = errors.New("impossible position")

	// ErrRecordTooLong is returned for a record over MaxRecordBytes.
	ErrRecordTooLong = errors.New("the record is too long")

	// ErrGameOver is returned for any turn once the side to move has no
	// turn: the game is over and the other side has won.
	ErrGameOver = errors.New("the game is over")

	// ErrNoAmazon is returned when the from square holds no amazon (it is
	// empty, or holds an arrow: RuleError.Piece says which).
	ErrNoAmazon = errors.New("no amazon on the from square")

	// ErrNotYourAmazon is returned when the from square holds an amazon of
	// the side not to move.
	ErrNotYourAmazon = errors.New("the amazon is not the mover's")

	// ErrZeroMove is returned when the to square is the from square: an
	// amazon must move at least one square.
	ErrZeroMove = errors.New("the amazon does not move")

	// ErrNotQueenLine is returned when the to square shares no rank, file
	// or diagonal with the from square.
	ErrNotQueenLine = errors.New("the move is not along a queen line")

	// ErrMoveBlocked is returned when an amazon or arrow stands between
	// the from and the to square (RuleError.Square is the first one).
	ErrMoveBlocked = errors.New("the move's path is blocked")

	// ErrMoveOccupied is returned when the to square holds an amazon or
	// an arrow.
	ErrMoveOccupied = errors.New("the move lands on an occupied square")

	// ErrArrowNotQueenLine is returned when the arrow square shares no
	// rank, file or diagonal with the to square, from which the arrow is
	// shot.
	ErrArrowNotQueenLine = errors.New("the shot is not along a queen line")

	// ErrArrowBlocked is returned when an amazon or arrow stands between
	// the to square and the arrow square (RuleError.Square is the first
	// one). The square the amazon left is empty and never blocks.
	ErrArrowBlocked = errors.New("the arrow's flight is blocked")

	// ErrArrowOccupied is returned when the arrow square holds an amazon
	// or an arrow, including the to square itself, where the amazon that
	// shoots now stands.
	ErrArrowOccupied = errors.New("the arrow lands on an occupied square")
)

// RuleError is the error of a turn that breaks a rule. Rule is one of the
// Err* values (errors.Is matches it); the other fields are the details a
// message needs.
type RuleError struct {
	Rule  error // ErrGameOver, ErrOffBoard, ErrNoAmazon ... ErrArrowOccupied
	Turn  Turn  // the turn refused
	Mover Side  // the side to move (for ErrGameOver the side that lost)
	// Square is the square the rule concerns: the from square (ErrNoAmazon,
	// ErrNotYourAmazon, ErrZeroMove), the first square in the way
	// (ErrMoveBlocked, ErrArrowBlocked), the occupied square
	// (ErrMoveOccupied, ErrArrowOccupied), or NoSquare (ErrGameOver,
	// ErrOffBoard, ErrNotQueenLine, ErrArrowNotQueenLine).
	Square Square
	Piece  Piece // what stands on Square (Empty when Square is NoSquare)
}

// Error returns an English sentence saying which rule the turn breaks.
func (e *RuleError) Error() string {
	t := e.Turn
	sq := e.Square.String()
	what := pieceWords(e.Piece)
	switch e.Rule {
	case ErrGameOver:
		return "the game is over: " + e.Mover.String() + " cannot move, " + e.Mover.Other().String() + " has won; no further turns"
	case ErrOffBoard:
		return "the turn holds a square off the board (a1 to j10)"
	case ErrNoAmazon:
		if e.Piece == Arrow {
			return sq + " holds an arrow, not an amazon"
		}
		return "no amazon on " + sq
	case ErrNotYourAmazon:
		return "the amazon on " + sq + " is " + e.Mover.Other().String() + "'s, and it is " + e.Mover.String() + "'s turn"
	case ErrZeroMove:
		return t.From.String() + "-" + t.To.String() + ": an amazon must move at least one square"
	case ErrNotQueenLine:
		return t.From.String() + "-" + t.To.String() + " is not a queen move (no common rank, file or diagonal)"
	case ErrMoveBlocked:
		return t.From.String() + "-" + t.To.String() + " passes over " + what + " on " + sq
	case ErrMoveOccupied:
		return t.From.String() + "-" + t.To.String() + ": " + sq + " holds " + what
	case ErrArrowNotQueenLine:
		return "the shot " + t.To.String() + "/" + t.Arrow.String() + " is not along a queen line from " + t.To.String() + ", where the amazon landed and shoots from"
	case ErrArrowBlocked:
		return "the shot " + t.To.String() + "/" + t.Arrow.String() + " passes over " + what + " on " + sq
	case ErrArrowOccupied:
		if e.Square == t.To {
			return "the arrow cannot land on " + sq + ": the amazon that shoots stands there"
		}
		return "the arrow cannot land on " + sq + ": it holds " + what
	}
	return t.String() + ": illegal turn"
}

// Unwrap returns Rule, so that errors.Is(err, ErrMoveBlocked) works.
func (e *RuleError) Unwrap() error { return e.Rule }

func pieceWords(pc Piece) string {
	switch pc {
	case WhiteAmazon:
		return "White's amazon"
	case BlackAmazon:
		return "Black's amazon"
	case Arrow:
		return "an arrow"
	}
	return "nothing"
}

// NotationError is the error of text that is not in the notation. Kind is
// ErrMalformed, ErrOffBoard or ErrBadPosition (errors.Is matches it).
type NotationError struct {
	Kind error
	What string // what was being read: "square", "turn" or "position"
	Text string // the whole text given
	// Part is the offending part of Text when it is not the whole: the
	// square off the board, the rank of a position that is wrong.
	Part   string
	Reason string // an English sentence saying what is wrong and what is expected
}

// Error returns an English sentence.
func (e *NotationError) Error() string { return e.Reason }

// Unwrap returns Kind.
func (e *NotationError) Unwrap() error { return e.Kind }

// TokenError reports which token of a record failed and why.
type TokenError struct {
	N     int    // 1-based number of the token (comment lines hold none)
	Token string // the token as written
	Err   error  // the reason: a *NotationError or a *RuleError
}

// Error returns "token N 'TOKEN': reason".
func (e *TokenError) Error() string {
	return "token " + strconv.Itoa(e.N) + " " + quote(e.Token) + ": " + e.Err.Error()
}

// Unwrap returns the reason.
func (e *TokenError) Unwrap() error { return e.Err }

// TooLongError is the error of a record over its size limit.
type TooLongError struct{ Limit int }

// Error returns the wording shared by the project's tools.
func (e *TooLongError) Error() string {
	return "the record is too long: over " + strconv.Itoa(e.Limit) + " bytes"
}

// Unwrap returns ErrRecordTooLong.
func (e *TooLongError) Unwrap() error { return ErrRecordTooLong }

// quote writes user text into a message on one line (enginekit.Quote):
// clipped, invalid UTF-8 repaired, control characters escaped.
func quote(s string) string { return enginekit.Quote(s) }
