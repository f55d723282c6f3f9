package fanorona

import (
	"errors"
	"strconv"

	"github.com/veletasbot/veletas/game/internal/enginekit"
)

// These errors classify every refusal of the rules engine. Errors returned
// by this package wrap exactly one of them, so callers test with errors.Is;
// the message of the returned error (not of these values) is the one to
// show a player.
var (
	// ErrMalformed is returned when a point, turn, step, record, position
	// or variant is not written in the notation.
	ErrMalformed = errors.New("malformed notation")

	// ErrOffBoard is returned when a point is written correctly but lies
	// outside a1 to i5.
	ErrOffBoard = errors.New("point off the board")

	// ErrNoPiece is returned when a step starts from an empty point.
	ErrNoPiece = errors.New("no piece on point")

	// ErrNotYourPiece is returned when a step starts from a piece of the
	// side not to move.
	ErrNotYourPiece = errors.New("not the mover's piece")

	// ErrOccupied is returned when a step ends on a point that holds a
	// piece.
	ErrOccupied = errors.New("point occupied")

	// ErrNotAlongLine is returned when a step does not go to a neighbouring
	// point along one of the board's lines (too far, or a diagonal through
	// a point that has none).
	ErrNotAlongLine = errors.New("not a step along a line")

	// ErrCaptureCompulsory is returned for a paika while a capture exists.
	ErrCaptureCompulsory = errors.New("capture is compulsory")

	// ErrMissingLetter is returned for a step written without A or W that
	// captures.
	ErrMissingLetter = errors.New("capture letter missing")

	// ErrWrongLetter is returned for a step whose letter names a capture
	// the step does not make.
	ErrWrongLetter = errors.New("step does not capture that way")

	// ErrAfterPaika is returned when anything follows a paika in the same
	// turn.
	ErrAfterPaika = errors.New("a paika is a single step")

	// ErrNotCapturing is returned when a step that captures nothing tries
	// to continue a capture sequence.
	ErrNotCapturing = errors.New("continuation captures nothing")

	// ErrOtherPiece is returned when a step of a capture sequence moves a
	// piece other than the one that started it.
	ErrOtherPiece = errors.New("another piece is moving this turn")

	// ErrSameDirection is returned when a continuation moves in the
	// direction of the step just before it.
	ErrSameDirection = errors.New("same direction twice")

	// ErrRevisit is returned when a continuation moves to a point the
	// piece has already occupied this turn.
	ErrRevisit = errors.New("point revisited")

	// ErrPhase is returned for a capture that Véla's first phase forbids:
	// any capture by Black, and a second capturing step by White.
	ErrPhase = errors.New("capture not allowed in this phase")

	// ErrNoSequence is returned by Stop when no capture sequence is in
	// progress.
	ErrNoSequence = errors.New("no capture sequence in progress")

	// ErrInSequence is returned by Apply for a position in the middle of a
	// capture sequence, which goes on step by step (Step) or ends (Stop).
	ErrInSequence = errors.New("capture sequence in progress")

	// ErrGameOver is returned for any turn or step after the game has
	// ended.
	ErrGameOver = errors.New("game is over")

	// ErrBadPosition is returned for a position that is written correctly
	// but cannot occur in a game (more than 22 pieces a side, no pieces at
	// all).
	ErrBadPosition = errors.New("impossible position")
)

// Error is the concrete error returned by the package. Kind is one of the
// Err* values above (errors.Is matches it); Msg is an English sentence
// for players (the offline tools print it). The other fields are the
// details of a refusal by the rules (Step, Apply), for callers that word
// it themselves in any language.
type Error struct {
	Kind error
	Msg  string
	// Step is the step refused: every refusal of a step, and of a turn
	// for one of its steps (ErrAfterPaika and ErrPhase: the step that
	// would continue the turn). Its points are NoPoint for a refusal that
	// concerns no step (ErrGameOver, ErrNoSequence, ErrInSequence, and
	// the errors of the notation).
	Step Step
	// Point is, for ErrOtherPiece, the piece that started the capture
	// sequence and alone may continue it; NoPoint otherwise.
	Point Point
	// Mover is, for ErrNotYourPiece, the side to move: the piece on
	// Step.From is the other side's.
	Mover Color
	// ByApproach and ByWithdrawal are, for ErrMissingLetter, the ways the
	// step captures.
	ByApproach, ByWithdrawal bool
	// Text is, for an error of the notation (ErrMalformed, ErrOffBoard of
	// a point written off the board, ErrBadPosition), the text that is
	// wrong, as given: the point, step, turn, token, variant or position.
	Text string
}

func (e *Error) Error() string { return e.Msg }

// Unwrap returns Kind, so that errors.Is(err, ErrOccupied) works.
func (e *Error) Unwrap() error { return e.Kind }

func newErr(kind error, msg string) error {
	return &Error{Kind: kind, Msg: msg, Step: Step{From: NoPoint, To: NoPoint}, Point: NoPoint}
}

// textErr is an error of kind about the text given.
func textErr(kind error, msg, text string) error {
	return &Error{Kind: kind, Msg: msg, Step: Step{From: NoPoint, To: NoPoint}, Point: NoPoint, Text: text}
}

// stepErr is the error of kind refusing step s.
func stepErr(kind error, msg string, s Step) *Error {
	return &Error{Kind: kind, Msg: msg, Step: s, Point: NoPoint}
}

// TokenError reports which token of a record failed and why.
type TokenError struct {
	N     int    // 1-based number of the turn token, the variant header not counted
	Token string // the token as written
	Err   error  // the reason, wrapping one of the Err* values
}

func (e *TokenError) Error() string {
	return "token " + strconv.Itoa(e.N) + " " + quote(e.Token) + ": " + e.Err.Error()
}

// Unwrap returns the reason.
func (e *TokenError) Unwrap() error { return e.Err }

// quote writes user text into a message on one line (enginekit.Quote):
// clipped, invalid UTF-8 repaired, control characters escaped.
func quote(s string) string { return enginekit.Quote(s) }
