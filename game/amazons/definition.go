package amazons

import (
	"errors"

	"github.com/veletasbot/veletas/game"
)

// GameKind is Amazons's game.Kind.
const GameKind game.Kind = "amazons"

// ErrOpenTurn is returned by Replay for a turn under way: an Amazons turn
// is played whole.
var ErrOpenTurn = errors.New("an Amazons turn is played whole")

// Definition is Amazons as a game.Rules: no terms, a record of whole
// turns, seat 0 White (who moves first).
type Definition struct{}

var _ game.Rules = Definition{}

// Kind is "amazons".
func (Definition) Kind() game.Kind { return GameKind }

// Terms is nil: Amazons takes no terms.
func (Definition) Terms() []game.Term { return nil }

// Normalize returns empty terms, refusing any term with a
// *game.TermError.
func (Definition) Normalize(t game.Terms) (game.Terms, error) {
	if err := checkTerms(t); err != nil {
		return nil, err
	}
	return game.Terms{}, nil
}

// checkTerms refuses the first term set, by name.
func checkTerms(t game.Terms) error {
	if names := t.Names(); len(names) > 0 {
		return &game.TermError{Kind: GameKind, Name: names[0], Value: t[names[0]]}
	}
	return nil
}

// New starts a game.
func (Definition) New(t game.Terms) (game.State, error) {
	if err := checkTerms(t); err != nil {
		return nil, err
	}
	return NewMatch(NewGame()), nil
}

// Replay replays a record; open must be empty (ErrOpenTurn).
func (Definition) Replay(t game.Terms, record, open string) (game.State, error) {
	m, err := ReplayMatch(t, record, open)
	if err != nil {
		return nil, err
	}
	return m, nil
}

// ReplayMatch is Definition.Replay returning the Match.
func ReplayMatch(t game.Terms, record, open string) (Match, error) {
	if err := checkTerms(t); err != nil {
		return Match{}, err
	}
	if open != "" {
		return Match{}, ErrOpenTurn
	}
	g, err := ParseRecordString(record)
	if err != nil {
		return Match{}, err
	}
	return NewMatch(g), nil
}

// Match is an Amazons game as a game.State. It is a value: Play and
// TakeBack return a new Match.
type Match struct {
	// Game is the game: its turns and position.
	Game Game
}

var _ game.State = Match{}

// NewMatch returns the Match of a game.
func NewMatch(g Game) Match { return Match{Game: g} }

// Position is the game's current position.
func (m Match) Position() Position { return m.Game.Position() }

// Record is the game record in its canonical form (Game.String).
func (m Match) Record() string { return m.Game.String() }

// Open is always "": an Amazons turn is played whole.
func (Match) Open() string { return "" }

// SeatOf returns the seat playing side s: seat 0 plays White.
func SeatOf(s Side) game.Seat {
	if s == White {
		return 0
	}
	return 1
}

// SideOf returns the side seat s plays (s is 0 or 1).
func SideOf(s game.Seat) Side {
	if s == 0 {
		return White
	}
	return Black
}

// ToAct is the seat of the side to move.
func (m Match) ToAct() game.Seat { return SeatOf(m.Position().ToMove()) }

// Outcome is the game's Result: over when a side has won (Amazons has no
// draws).
func (m Match) Outcome() game.Outcome {
	if w, ok := m.Game.Result().Winner(); ok {
		return game.Outcome{Over: true, Winner: SeatOf(w)}
	}
	return game.Outcome{Winner: game.NoSeat}
}

// Play plays one turn token ("d1-d7/g7").
func (m Match) Play(action string) (game.State, error) {
	g, err := m.Game.PlayToken(action)
	if err != nil {
		return m, err
	}
	return NewMatch(g), nil
}

// TakeBack returns the game without its last turn, false before the
// first.
func (m Match) TakeBack() (game.State, bool) {
	turns := m.Game.Turns()
	if len(turns) == 0 {
		return m, false
	}
	g, err := ReplayTurns(turns[:len(turns)-1])
	if err != nil {
		return m, false // turns of the record replayed: never
	}
	return NewMatch(g), true
}
