package amazons

import (
	"fmt"
	"strconv"

	"github.com/veletasbot/veletas/game"
)

// The keys of the steps of Definition.Pick.
const (
	// KeyAmazon is the amazon that moves.
	KeyAmazon = "amazon"
	// KeyTo is where it moves.
	KeyTo = "to"
	// KeyArrow is where it shoots its arrow.
	KeyArrow = "arrow"
)

var _ game.Pickable = Definition{}

// Pick returns the step after the choices made: the amazon (KeyAmazon,
// those of the side to move that can move), where it moves (KeyTo), the
// arrow (KeyArrow, the square it left included), as Position.AppendMoves
// and Position.AppendShots list them. Squares are listed from the top
// rank down, each rank from file a, grouped by rank.
func (Definition) Pick(s game.State, chosen []string) (game.Step, error) {
	m, ok := s.(Match)
	if !ok {
		return game.Step{}, game.ErrForeignState
	}
	return m.Pick(chosen)
}

// Act plays the turn (State.Play).
func (Definition) Act(s game.State, action string) (game.State, error) {
	m, ok := s.(Match)
	if !ok {
		return nil, game.ErrForeignState
	}
	return m.Play(action)
}

func badChoice(key, v string) error {
	return fmt.Errorf("%w: %q for %s", game.ErrBadChoice, v, key)
}

// squares is a set of squares.
type squares [2]uint64

func (b *squares) add(s Square)     { b[s/64] |= 1 << (s % 64) }
func (b squares) has(s Square) bool { return s.Valid() && b[s/64]&(1<<(s%64)) != 0 }

// chosenSquare reads v as a square of set, the options of key.
func chosenSquare(v string, set squares, key string) (Square, error) {
	sq, err := ParseSquare(v)
	if err != nil || sq.String() != v || !set.has(sq) {
		return NoSquare, badChoice(key, v)
	}
	return sq, nil
}

// options lists the squares of set from the top rank down, each rank
// from file a, grouped by rank.
func options(set squares) []game.Option {
	var out []game.Option
	for r := Ranks - 1; r >= 0; r-- {
		group := "rank " + strconv.Itoa(r+1)
		for f := range Files {
			if sq := Sq(f, r); set.has(sq) {
				name := sq.String()
				out = append(out, game.Option{Value: name, Label: name, Group: group})
			}
		}
	}
	return out
}

// Pick is Definition.Pick on m.
func (m Match) Pick(chosen []string) (game.Step, error) {
	p := m.Position()
	if p.Over() {
		return game.Step{}, game.ErrNothingToPick
	}
	var buf [256]Move
	moves := p.AppendMoves(buf[:0])
	var from squares
	for _, mv := range moves {
		from.add(mv.From)
	}
	if len(chosen) == 0 {
		return game.Step{Key: KeyAmazon, Options: options(from)}, nil
	}
	a, err := chosenSquare(chosen[0], from, KeyAmazon)
	if err != nil {
		return game.Step{}, err
	}
	var to squares
	for _, mv := range moves {
		if mv.From == a {
			to.add(mv.To)
		}
	}
	marks := []string{a.String()}
	if len(chosen) == 1 {
		return game.Step{Key: KeyTo, Options: options(to), Marks: marks}, nil
	}
	dest, err := chosenSquare(chosen[1], to, KeyTo)
	if err != nil {
		return game.Step{}, err
	}
	marks = append(marks, dest.String())
	var shots squares
	var sbuf [64]Square
	for _, s := range p.AppendShots(sbuf[:0], Move{a, dest}) {
		shots.add(s)
	}
	if len(chosen) == 2 {
		return game.Step{Key: KeyArrow, Options: options(shots), Marks: marks}, nil
	}
	arrow, err := chosenSquare(chosen[2], shots, KeyArrow)
	if err != nil {
		return game.Step{}, err
	}
	if len(chosen) > 3 {
		return game.Step{}, badChoice("", chosen[3])
	}
	return game.Step{Action: Turn{a, dest, arrow}.String(), Marks: append(marks, arrow.String())}, nil
}
