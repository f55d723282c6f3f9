package veletas

import (
	"strconv"

	"github.com/veletasbot/veletas/game"
)

// GameKind is Veletas's game.Kind.
const GameKind game.Kind = "veletas"

// The names of Veletas's terms.
const (
	// TermSize is the board size: "7", "9" or "10" (the default).
	TermSize = "size"
	// TermRules is the rule set: "classic" (the default) or "revised".
	TermRules = "rules"
)

// Definition is Veletas as a game.Rules: terms size and rules, a record
// of setups, the side choice and turns, and seat 0 the player of the first
// setup (whose colour the side choice decides).
type Definition struct{}

var _ game.Rules = Definition{}

// Kind is "veletas".
func (Definition) Kind() game.Kind { return GameKind }

// Terms are size (7, 9 or 10; 10 by default) and rules (classic by
// default, or revised).
func (Definition) Terms() []game.Term {
	return []game.Term{
		{Name: TermSize, Default: "10", Values: []string{"7", "9", "10"}},
		{Name: TermRules, Default: Classic.String(), Values: []string{Classic.String(), Revised.String()}},
	}
}

// Normalize fills in the default size and rules and writes both in their
// canonical form ("10", "revised"); a bad size or rules, or a term of
// another name, is a *game.TermError.
func (Definition) Normalize(t game.Terms) (game.Terms, error) {
	size, rules, err := ParseTerms(t)
	if err != nil {
		return nil, err
	}
	return MakeTerms(size, rules), nil
}

// ParseTerms reads the board size and rules of terms, each absent one its
// default (10, Classic); a bad value or a term of another name is a
// *game.TermError.
func ParseTerms(t game.Terms) (Size, Rules, error) {
	size, rules := Size10, Classic
	for _, name := range t.Names() {
		v := t[name]
		var err error
		switch name {
		case TermSize:
			size, err = ParseSize(v)
		case TermRules:
			rules, err = ParseRules(v)
		default:
			err = errUnknownTerm
		}
		if err != nil {
			return 0, 0, &game.TermError{Kind: GameKind, Name: name, Value: v}
		}
	}
	return size, rules, nil
}

// errUnknownTerm marks a term Veletas does not take.
var errUnknownTerm = newErr(ErrMalformed, "unknown term")

// MakeTerms returns the normalized terms of a game of the given size and
// rules.
func MakeTerms(size Size, rules Rules) game.Terms {
	return game.Terms{TermSize: strconv.Itoa(int(size)), TermRules: rules.String()}
}

// New starts a game on the terms.
func (Definition) New(t game.Terms) (game.State, error) {
	size, rules, err := ParseTerms(t)
	if err != nil {
		return nil, err
	}
	g, err := NewGame(size, WithRules(rules))
	if err != nil {
		return nil, err
	}
	return NewMatch(g), nil
}

// Replay replays a record, which must be of the terms' size (ErrBadSize
// otherwise) and rules (ErrBadRules); Veletas has no turn played a step
// at a time, so open must be empty (ErrMalformed).
func (Definition) Replay(t game.Terms, record, open string) (game.State, error) {
	m, err := ReplayMatch(t, record, open)
	if err != nil {
		return nil, err
	}
	return m, nil
}

// ReplayMatch is Definition.Replay returning the Match.
func ReplayMatch(t game.Terms, record, open string) (Match, error) {
	size, rules, err := ParseTerms(t)
	if err != nil {
		return Match{}, err
	}
	if open != "" {
		return Match{}, textErr(ErrMalformed, "a Veletas turn is not played a step at a time: no turn can be under way ("+quote(open)+")", open)
	}
	g, err := ParseRecordString(record)
	if err != nil {
		return Match{}, err
	}
	if g.Size() != size {
		return Match{}, &Error{Kind: ErrBadSize, Msg: "record size " + g.Size().String() + " differs from the game's " + size.String()}
	}
	if g.Rules() != rules {
		return Match{}, &Error{Kind: ErrBadRules, Msg: "record rules " + g.Rules().String() + " differ from the game's " + rules.String()}
	}
	return NewMatch(g), nil
}

// Match is a Veletas game as a game.State. It is a value: Play and
// TakeBack return a new Match.
type Match struct {
	// Game is the game: its record and position.
	Game Game
}

var _ game.State = Match{}

// NewMatch returns the Match of a game.
func NewMatch(g Game) Match { return Match{Game: g} }

// Position is the game's current position.
func (m Match) Position() Position { return m.Game.Position() }

// Record is the game record in its canonical form (Game.String).
func (m Match) Record() string { return m.Game.String() }

// Open is always "": a Veletas action is played whole.
func (Match) Open() string { return "" }

// SeatOf returns the seat of the player of colour c (NoSeat for NoColor):
// seat 0 made the first setup and plays Black unless the second player
// swapped at the side choice. Before the side choice seat 0 is Black.
func (m Match) SeatOf(c Color) game.Seat {
	switch c {
	case NoColor:
		return game.NoSeat
	case m.Position().FirstPlayerColor():
		return 0
	}
	return 1
}

// ColorOf returns the colour seat s plays (NoColor for another seat).
func (m Match) ColorOf(s game.Seat) Color {
	first := m.Position().FirstPlayerColor()
	switch s {
	case 0:
		return first
	case 1:
		return first.Other()
	}
	return NoColor
}

// ToAct is the seat of the colour to act (Position.ToMove).
func (m Match) ToAct() game.Seat { return m.SeatOf(m.Position().ToMove()) }

// Outcome: over when the position is, won by the seat of its winner.
func (m Match) Outcome() game.Outcome {
	p := m.Position()
	if !p.Over() {
		return game.Outcome{Winner: game.NoSeat}
	}
	return game.Outcome{Over: true, Winner: m.SeatOf(p.Winner())}
}

// Play plays one action token (a setup, the side choice or a turn) as
// Game.PlayToken reads it.
func (m Match) Play(action string) (game.State, error) {
	g, err := m.Game.PlayToken(action)
	if err != nil {
		return m, err
	}
	return NewMatch(g), nil
}

// TakeBack undoes the last action when it is a turn: a setup and the
// side choice are never taken back.
func (m Match) TakeBack() (game.State, bool) {
	if !m.CanTakeBack() {
		return m, false
	}
	return NewMatch(m.Game.Undo(1)), true
}

// CanTakeBack reports whether the last action is a turn, which TakeBack
// may undo.
func (m Match) CanTakeBack() bool {
	last, ok := m.Game.LastAction()
	return ok && last.Kind == KindTurn
}
