package fanorona

import (
	"errors"
	"fmt"

	"github.com/veletasbot/veletas/game"
)

// GameKind is Fanorona's game.Kind, for Fanorona and Véla alike.
const GameKind game.Kind = "fanorona"

// The names of Fanorona's terms.
const (
	// TermVariant is the variant: "fanorona" (the default) or "vela".
	TermVariant = "variant"
	// TermSwapped is "1" when seat 1 (store.Game.Players[1]) plays White,
	// "" (the default) when seat 0 does.
	TermSwapped = "swapped"
)

var (
	// ErrOtherVariant is returned by Replay for a record of a variant
	// other than the terms'.
	ErrOtherVariant = errors.New("record of another variant")

	// ErrStepsDiffer is returned when a turn played step by step does not
	// reach the position the same turn played whole does (a bug of the
	// engine, never a player's error).
	ErrStepsDiffer = errors.New("turn played step by step and whole differ")
)

// errUnknownTerm marks a term Fanorona does not take.
var errUnknownTerm = errors.New("unknown term")

// Definition is Fanorona and Véla as a game.Rules: terms variant and
// swapped, a record of whole turns, and a turn that may be played a step
// at a time (its steps kept open, Match.Open). Players may agree to a
// draw; a Véla game is never rated.
type Definition struct{}

var (
	_ game.Rules    = Definition{}
	_ game.Drawable = Definition{}
	_ game.Rated    = Definition{}
)

// Kind is "fanorona".
func (Definition) Kind() game.Kind { return GameKind }

// Terms are variant (fanorona by default, or vela) and swapped ("" by
// default, or "1").
func (Definition) Terms() []game.Term {
	return []game.Term{
		{Name: TermVariant, Default: Fanorona.String(), Values: []string{Fanorona.String(), Vela.String()}},
		{Name: TermSwapped, Default: "", Values: []string{"", "1"}},
	}
}

// Normalize fills in the default variant and writes it in its canonical
// form ("vela" for "Véla"); a bad variant or swapped, or a term of another
// name, is a *game.TermError. Swapped is kept only when set ("1").
func (Definition) Normalize(t game.Terms) (game.Terms, error) {
	v, swapped, err := ParseTerms(t)
	if err != nil {
		return nil, err
	}
	return MakeTerms(v, swapped), nil
}

// ParseTerms reads the variant and whether seat 1 plays White, each
// absent one its default (Fanorona, false); a bad value or a term of
// another name is a *game.TermError.
func ParseTerms(t game.Terms) (Variant, bool, error) {
	v, swapped := Fanorona, false
	for _, name := range t.Names() {
		val := t[name]
		var err error
		switch name {
		case TermVariant:
			v, err = ParseVariant(val)
		case TermSwapped:
			switch val {
			case "":
			case "1":
				swapped = true
			default:
				err = errUnknownTerm
			}
		default:
			err = errUnknownTerm
		}
		if err != nil {
			return 0, false, &game.TermError{Kind: GameKind, Name: name, Value: val}
		}
	}
	return v, swapped, nil
}

// MakeTerms returns the normalized terms of a game of variant v, seat 1
// playing White when swapped.
func MakeTerms(v Variant, swapped bool) game.Terms {
	t := game.Terms{TermVariant: v.String()}
	if swapped {
		t[TermSwapped] = "1"
	}
	return t
}

// Draws is true: the players of Fanorona and of Véla may agree to a draw.
func (Definition) Draws(game.Terms) bool { return true }

// Rated is false for Véla, a handicap game, and true for Fanorona.
func (Definition) Rated(t game.Terms) bool {
	v, _, err := ParseTerms(t)
	return err == nil && v != Vela
}

// New starts a game on the terms.
func (Definition) New(t game.Terms) (game.State, error) {
	v, swapped, err := ParseTerms(t)
	if err != nil {
		return nil, err
	}
	return NewMatch(NewGame(v), swapped), nil
}

// Replay replays a record of whole turns, whose variant must be the
// terms' (ErrOtherVariant), and the steps of a turn under way, which
// must leave a capture sequence open (see ResumeMatch).
func (Definition) Replay(t game.Terms, record, open string) (game.State, error) {
	m, err := ReplayMatch(t, record, open)
	if err != nil {
		return nil, err
	}
	return m, nil
}

// ReplayMatch is Definition.Replay returning the Match.
func ReplayMatch(t game.Terms, record, open string) (Match, error) {
	v, swapped, err := ParseTerms(t)
	if err != nil {
		return Match{}, err
	}
	g, err := ParseRecordString(record)
	if err != nil {
		return Match{}, err
	}
	if g.Variant() != v {
		return Match{}, newErr(ErrOtherVariant, "the record is of "+g.Variant().String()+", the game of "+v.String())
	}
	return ResumeMatch(g, open, swapped)
}

// Match is a Fanorona or Véla game as a game.State: the record of whole
// turns, the position after the steps of the turn under way, those steps
// (Open) and whether seat 1 plays White. It is a value: its methods
// return a new Match.
type Match struct {
	g       Game
	pos     Position
	open    string
	swapped bool
}

var _ game.State = Match{}

// NewMatch returns the Match of a game with no turn under way; swapped
// makes seat 1 play White.
func NewMatch(g Game, swapped bool) Match {
	return Match{g: g, pos: g.Position(), swapped: swapped}
}

// ResumeMatch returns the Match of a game and the steps of the turn under
// way (open, written as a turn: "d3-e3A-f4W"), which must leave a capture
// sequence open (ErrNoSequence when they end the turn); open "" is
// NewMatch.
func ResumeMatch(g Game, open string, swapped bool) (Match, error) {
	pos := g.Position()
	if open != "" {
		t, err := ParseTurn(open)
		if err != nil {
			return Match{}, fmt.Errorf("turn under way: %w", err)
		}
		for _, s := range t.Steps() {
			if pos, err = pos.Step(s); err != nil {
				return Match{}, fmt.Errorf("turn under way %s: %w", open, err)
			}
		}
		if pos.State() != StateSequence {
			return Match{}, newErr(ErrNoSequence, "turn under way "+open+": the turn is over")
		}
	}
	return Match{g: g, pos: pos, open: open, swapped: swapped}, nil
}

// Game is the record of whole turns.
func (m Match) Game() Game { return m.g }

// Position is the position after the steps of the turn under way (the
// game's position when none is).
func (m Match) Position() Position { return m.pos }

// Open is the steps of the turn under way, written as a turn ("" when
// none is).
func (m Match) Open() string { return m.open }

// Swapped reports whether seat 1 plays White.
func (m Match) Swapped() bool { return m.swapped }

// Variant is the game's variant.
func (m Match) Variant() Variant { return m.g.Variant() }

// Record is the record of whole turns in its canonical form
// (Game.String).
func (m Match) Record() string { return m.g.String() }

// SeatOf returns the seat playing colour c: seat 0 plays White unless
// swapped.
func (m Match) SeatOf(c Color) game.Seat {
	if (c == White) != m.swapped {
		return 0
	}
	return 1
}

// ColorOf returns the colour seat s plays (s is 0 or 1).
func (m Match) ColorOf(s game.Seat) Color {
	if (s == 0) != m.swapped {
		return White
	}
	return Black
}

// ToAct is the seat of the colour to move, who also continues a turn
// under way.
func (m Match) ToAct() game.Seat { return m.SeatOf(m.pos.ToMove()) }

// Outcome is the position's Result: over once it is not Ongoing, won by
// the seat of the winning colour, NoSeat for a draw.
func (m Match) Outcome() game.Outcome {
	r := m.pos.Result()
	if r == Ongoing {
		return game.Outcome{Winner: game.NoSeat}
	}
	if c, ok := r.Winner(); ok {
		return game.Outcome{Over: true, Winner: m.SeatOf(c)}
	}
	return game.Outcome{Over: true, Winner: game.NoSeat}
}

// Play plays a whole turn token ("d3-e3A-f4W"); with a turn under way it
// is refused (ErrInSequence): that turn is continued with PlayStep or
// ended with StopTurn.
func (m Match) Play(action string) (game.State, error) {
	t, err := ParseTurn(action)
	if err != nil {
		return m, err
	}
	return m.PlayTurn(t)
}

// PlayTurn plays a whole turn; with a turn under way it is refused
// (ErrInSequence).
func (m Match) PlayTurn(t Turn) (Match, error) {
	if _, err := m.pos.Apply(t); err != nil { // a sequence under way
		return m, err
	}
	next, err := m.g.Play(t)
	if err != nil {
		return m, err
	}
	return Match{g: next, pos: next.Position(), swapped: m.swapped}, nil
}

// PlayStep plays one step: the first of a turn, or the next of the
// capture sequence under way. When the piece cannot continue (or after a
// paika, or a capture in Véla's first phase) the turn ends by itself and
// is appended to the record; otherwise it stays open.
func (m Match) PlayStep(s Step) (Match, error) {
	pos, err := m.pos.Step(s)
	if err != nil {
		return m, err
	}
	open := s.String()
	if m.open != "" {
		open = m.open + "-" + s.To.String() + s.Capture.Letter()
	}
	if pos.State() == StateSequence {
		return Match{g: m.g, pos: pos, open: open, swapped: m.swapped}, nil
	}
	return m.endTurn(open, pos)
}

// StopTurn ends the capture sequence under way and appends its turn to
// the record (ErrNoSequence when there is none).
func (m Match) StopTurn() (Match, error) {
	pos, err := m.pos.Stop()
	if err != nil {
		return m, err
	}
	return m.endTurn(m.open, pos)
}

// endTurn appends the turn whose steps are open to the record; the
// position the steps reached must be the one the turn leads to.
func (m Match) endTurn(open string, pos Position) (Match, error) {
	t, err := ParseTurn(open)
	if err != nil {
		return m, err
	}
	next, err := m.g.Play(t)
	if err != nil {
		return m, err
	}
	if next.Position() != pos {
		return m, newErr(ErrStepsDiffer, "the turn "+open+" played step by step and whole differ")
	}
	return Match{g: next, pos: pos, swapped: m.swapped}, nil
}

// TakeBack returns the game without its last whole turn; false when no
// turn was played or a step of the next one has been made since.
func (m Match) TakeBack() (game.State, bool) {
	if !m.CanTakeBack() {
		return m, false
	}
	turns := m.g.Turns()
	g := NewGame(m.g.Variant())
	for _, t := range turns[:len(turns)-1] {
		var err error
		if g, err = g.Play(t); err != nil {
			return m, false // a turn of the record replayed: never
		}
	}
	return NewMatch(g, m.swapped), true
}

// CanTakeBack reports whether TakeBack may undo a turn: one was played,
// and no step of the next one has been made since.
func (m Match) CanTakeBack() bool { return m.g.Len() > 0 && m.open == "" }
