package veletas

import (
	"errors"

	"github.com/veletasbot/veletas/game/internal/enginekit"
)

// These errors classify every refusal of the rules engine. Errors returned
// by this package wrap exactly one of them, so callers test with errors.Is;
// the message of the returned error (not of these values) is the one to
// show a player.
var (
	// ErrMalformed is returned when a token, square, record or position is
	// not written in the notation.
	ErrMalformed = errors.New("malformed notation")

	// ErrOffBoard is returned when a square lies outside the board.
	ErrOffBoard = errors.New("square off the board")

	// ErrBadSize is returned for a board size other than 7, 9 or 10.
	ErrBadSize = errors.New("unsupported board size")

	// ErrWrongPhase is returned when an action of one kind (setup, side
	// choice, turn) is given while the game expects another.
	ErrWrongPhase = errors.New("action not allowed in this phase")

	// ErrGameOver is returned for any action after the game has ended.
	ErrGameOver = errors.New("game is over")

	// ErrSetupCount is returned when a setup places the wrong number of
	// shooters.
	ErrSetupCount = errors.New("wrong number of shooters in setup")

	// ErrAdjacentShooter is returned when a setup under the classic rules
	// puts a shooter next to another shooter (orthogonally or diagonally).
	ErrAdjacentShooter = errors.New("shooters adjacent in setup")

	// ErrOccupied is returned when a shooter, a stone or a shot would land
	// on a square that is not empty.
	ErrOccupied = errors.New("square occupied")

	// ErrNotShooter is returned when a turn names a square with no shooter.
	ErrNotShooter = errors.New("no shooter on square")

	// ErrClaimedShooter is returned when a turn moves or shoots with a
	// shooter that has been claimed.
	ErrClaimedShooter = errors.New("shooter already claimed")

	// ErrNotQueenLine is returned when a move or a shot does not follow a
	// rank, file or diagonal, or has length zero.
	ErrNotQueenLine = errors.New("not along a queen line")

	// ErrBlocked is returned when a move or a shot would pass over a piece
	// (under the revised rules: over a stone).
	ErrBlocked = errors.New("path blocked")

	// ErrPerimeterShooter is returned when a setup under the revised rules
	// puts a shooter on the edge of the board.
	ErrPerimeterShooter = errors.New("shooter on the edge in a revised setup")

	// ErrBadRules is returned for a rule set other than classic or revised.
	ErrBadRules = errors.New("unknown rules")

	// ErrBadHeader is returned when a record's header gives a token twice.
	ErrBadHeader = errors.New("bad record header")

	// ErrBadPosition is returned when a position is written correctly but
	// cannot occur in a game (for example a wrong number of shooters).
	ErrBadPosition = errors.New("impossible position")
)

// Error is the concrete error returned by the package. Kind is one of the
// Err* values above (errors.Is matches it); Msg is an English sentence
// for players (the offline tools print it). The other fields are the
// details of a refusal by the rules (Position.Apply), for callers that
// word it themselves in any language: the squares it concerns, NoSquare
// when a field does not apply, and the counts of a wrong setup.
type Error struct {
	Kind error
	Msg  string
	// From and To are the line a refused move or shot follows
	// (ErrNotQueenLine, ErrBlocked): the shooter's square and the square
	// it moves to, or the square it shoots from and the shot square.
	From, To Square
	// Square is the square the rule concerns: the square off the board
	// (ErrOffBoard), the occupied square (ErrOccupied), the shooter's
	// square (ErrNotShooter, ErrClaimedShooter, ErrAdjacentShooter,
	// ErrPerimeterShooter), the first square in the way (ErrBlocked).
	Square Square
	// Near is, for ErrAdjacentShooter, the shooter Square touches.
	Near Square
	// Stone is set for an ErrBlocked move or shot under the revised rules,
	// where only a stone blocks the way.
	Stone bool
	// Twice is set for an ErrOccupied setup that names Square twice.
	Twice bool
	// Placed and Wanted are the counts of an ErrSetupCount error: the
	// shooters the setup gave, and the shooters it must place (0 when the
	// setup gave more than any setup may).
	Placed, Wanted int
	// Expected and Got are the kinds of action of an ErrWrongPhase error:
	// the one the game expects and the one given.
	Expected, Got Kind
	// Winner is, for ErrGameOver, the side that won.
	Winner Color
	// Text is, for an error of the notation (ErrMalformed, ErrOffBoard of
	// a square written off every board, ErrBadSize, ErrBadRules,
	// ErrBadHeader, ErrBadPosition), the text that is wrong, as given: the
	// token, square, size, rules or position.
	Text string
}

func (e *Error) Error() string { return e.Msg }

// Unwrap returns Kind, so that errors.Is(err, ErrOccupied) works.
func (e *Error) Unwrap() error { return e.Kind }

// ruleErr is an error of kind with no squares.
func ruleErr(kind error, msg string) *Error {
	return &Error{Kind: kind, Msg: msg, From: NoSquare, To: NoSquare, Square: NoSquare, Near: NoSquare}
}

func newErr(kind error, msg string) error { return ruleErr(kind, msg) }

// textErr is an error of kind about the text given.
func textErr(kind error, msg, text string) error {
	e := ruleErr(kind, msg)
	e.Text = text
	return e
}

// squareErr is an error of kind about one square.
func squareErr(kind error, msg string, sq Square) error {
	e := ruleErr(kind, msg)
	e.Square = sq
	return e
}

// lineErr is an error of kind about the line from-to and the square sq
// in its way (NoSquare: none); stone says sq holds a stone under the
// revised rules.
func lineErr(kind error, msg string, from, to, sq Square, stone bool) error {
	e := ruleErr(kind, msg)
	e.From, e.To, e.Square, e.Stone = from, to, sq, stone
	return e
}

// phaseErr is the ErrWrongPhase error of action a where want is expected.
func phaseErr(want Kind, a Action) error {
	e := ruleErr(ErrWrongPhase, "expected "+want.String()+", got "+a.Kind.String()+" "+quote(a.String()))
	e.Expected, e.Got = want, a.Kind
	return e
}

// countErr is the ErrSetupCount error of a setup that gave placed shooters
// where wanted are to be placed (wanted 0: more than any setup places).
func countErr(placed, wanted int) error {
	msg := "this setup places " + nShooters(placed) + ", not " + itoa(wanted)
	if wanted == 0 {
		msg = "this setup places " + nShooters(placed) + "; no setup places more than 4"
	}
	e := ruleErr(ErrSetupCount, msg)
	e.Placed, e.Wanted = placed, wanted
	return e
}

// nShooters writes a number of shooters: "1 shooter", "2 shooters".
func nShooters(n int) string {
	if n == 1 {
		return "1 shooter"
	}
	return itoa(n) + " shooters"
}

// TokenError reports which token of a record failed and why.
type TokenError struct {
	N     int    // 1-based number of the token, the header not counted; 0 for the header itself
	Token string // the token as written
	Err   error  // the reason, wrapping one of the Err* values
}

func (e *TokenError) Error() string {
	if e.N == 0 {
		// The notation names a header token's fault token 0.
		return "token 0 " + quote(e.Token) + " (the header): " + e.Err.Error()
	}
	return "token " + itoa(e.N) + " " + quote(e.Token) + ": " + e.Err.Error()
}

// Unwrap returns the reason.
func (e *TokenError) Unwrap() error { return e.Err }

// quote writes user text into a message on one line (enginekit.Quote):
// clipped, invalid UTF-8 repaired, control characters escaped.
func quote(s string) string { return enginekit.Quote(s) }
