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
// Err* values above (errors.Is matches it); Msg is a sentence for players.
// An ErrSetupCount error also gives its numbers, for callers that word the
// refusal themselves: Placed, the shooters the setup gave, and Wanted, the
// shooters it must place (0 when the setup gave more than any setup may).
type Error struct {
	Kind   error
	Msg    string
	Placed int
	Wanted int
}

func (e *Error) Error() string { return e.Msg }

// Unwrap returns Kind, so that errors.Is(err, ErrOccupied) works.
func (e *Error) Unwrap() error { return e.Kind }

func newErr(kind error, msg string) error { return &Error{Kind: kind, Msg: msg} }

// countErr is the ErrSetupCount error of a setup that gave placed shooters
// where wanted are to be placed (wanted 0: more than any setup places).
func countErr(placed, wanted int) error {
	msg := "this setup places " + nShooters(placed) + ", not " + itoa(wanted)
	if wanted == 0 {
		msg = "this setup places " + nShooters(placed) + "; no setup places more than 4"
	}
	return &Error{Kind: ErrSetupCount, Msg: msg, Placed: placed, Wanted: wanted}
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
		return "header " + quote(e.Token) + ": " + e.Err.Error()
	}
	return "token " + itoa(e.N) + " " + quote(e.Token) + ": " + e.Err.Error()
}

// Unwrap returns the reason.
func (e *TokenError) Unwrap() error { return e.Err }

// quote writes user text into a message on one line (enginekit.Quote):
// clipped, invalid UTF-8 repaired, control characters escaped.
func quote(s string) string { return enginekit.Quote(s) }
