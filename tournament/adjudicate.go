package tournament

import "fmt"

// Adjudication is the organizer's rule for games unfinished at a round's
// deadline.
type Adjudication string

// The rules.
const (
	// LossToMover: the side to move loses on time.
	LossToMover Adjudication = "loss-to-mover"
	// DrawIfPossible: a draw where the game has draws; where it has none,
	// the side to move loses on time.
	DrawIfPossible Adjudication = "draw"
)

// Unfinished is a game still running at the deadline and whose turn it is.
type Unfinished struct {
	Pairing
	ToMove Colour `json:"to_move"`
}

// Adjudicate returns the results of the unfinished games under the rule;
// drawsAllowed tells whether the game being played has draws. The results
// count as played games (a loss on time is a loss over the board).
func Adjudicate(games []Unfinished, rule Adjudication, drawsAllowed bool) ([]Game, error) {
	if rule != LossToMover && rule != DrawIfPossible {
		return nil, fmt.Errorf("%w: %q", ErrUnknownAdjudicate, rule)
	}
	out := make([]Game, 0, len(games))
	for _, u := range games {
		if u.IsBye() {
			return nil, fmt.Errorf("%w: a bye has no game to adjudicate (%q)", ErrBadPairing, u.White)
		}
		g := Game{Pairing: u.Pairing}
		switch {
		case rule == DrawIfPossible && drawsAllowed:
			g.Result = Draw
		case u.ToMove == White:
			g.Result = BlackWins
		case u.ToMove == Black:
			g.Result = WhiteWins
		default:
			return nil, fmt.Errorf("%w: side to move %q in %q-%q", ErrBadResult, u.ToMove, u.White, u.Black)
		}
		out = append(out, g)
	}
	return out, nil
}
