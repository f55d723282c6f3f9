package veletas

import (
	"fmt"
	"strconv"

	"github.com/veletasbot/veletas/game"
)

// The keys of the steps of Definition.Pick.
const (
	// KeySetupShooter is a shooter to place in a setup (Index of Count).
	KeySetupShooter = "setup.shooter"
	// KeyStone is the stone a setup places.
	KeyStone = "stone"
	// KeyChoice is the side choice: "swap" or "keep".
	KeyChoice = "choice"
	// KeyShooter is the shooter of a turn.
	KeyShooter = "shooter"
	// KeyTo is where it moves, or its own square for "no move".
	KeyTo = "to"
	// KeyShot is the square it shoots.
	KeyShot = "shot"
)

var _ game.Pickable = Definition{}

// Pick returns the step after the choices made (squares, or "swap" and
// "keep"). A setup: its shooters one at a time (KeySetupShooter, Index
// of Count: any empty square that keeps to the placement rules, classic
// or revised, and leaves room for the rest), then the stone (KeyStone).
// The side choice: KeyChoice. A turn: the shooter (KeyShooter), where it
// moves or its own square for no move (KeyTo, labelled "no move"), the
// shot (KeyShot). Squares are listed from the top rank down, each rank
// from file a, grouped by rank.
func (Definition) Pick(s game.State, chosen []string) (game.Step, error) {
	m, ok := s.(Match)
	if !ok {
		return game.Step{}, game.ErrForeignState
	}
	return m.Pick(chosen)
}

// Act plays the action (State.Play).
func (Definition) Act(s game.State, action string) (game.State, error) {
	m, ok := s.(Match)
	if !ok {
		return nil, game.ErrForeignState
	}
	return m.Play(action)
}

// Pick is Definition.Pick on m.
func (m Match) Pick(chosen []string) (game.Step, error) {
	p := m.Position()
	switch p.Phase() {
	case PhaseSetup1, PhaseSetup2:
		return pickSetup(p, chosen)
	case PhaseChoice:
		return pickChoice(chosen)
	case PhasePlay:
		return pickTurn(p, chosen)
	}
	return game.Step{}, game.ErrNothingToPick
}

func badChoice(key, v string) error {
	return fmt.Errorf("%w: %q for %s", game.ErrBadChoice, v, key)
}

// chosenSquare reads chosen[i] as a square of set, the options of key.
func chosenSquare(chosen []string, i int, set Bits, key string) (Square, error) {
	sq, err := ParseSquare(chosen[i])
	if err != nil || sq.String() != chosen[i] || !set.Has(sq) {
		return NoSquare, badChoice(key, chosen[i])
	}
	return sq, nil
}

// squareOptions lists the squares of set from the top rank down, each
// rank from file a, grouped by rank; first, when set, leads.
func squareOptions(size Size, set Bits, first *game.Option) []game.Option {
	out := make([]game.Option, 0, set.Count()+1)
	if first != nil {
		out = append(out, *first)
	}
	for r := int(size) - 1; r >= 0; r-- {
		group := ""
		for f := range int(size) {
			sq := Sq(f, r)
			if !set.Has(sq) {
				continue
			}
			if group == "" {
				group = "rank " + strconv.Itoa(r+1)
			}
			name := sq.String()
			out = append(out, game.Option{Value: name, Label: name, Group: group})
		}
	}
	return out
}

// pickSetup picks the shooters of a setup one by one, then its stone.
func pickSetup(p Position, chosen []string) (game.Step, error) {
	want := p.setupCount()
	g := geo(p.size)
	occ := p.occupied()
	placed := p.shooters
	var picked []Square
	marks := make([]string, 0, want+1)
	for i := range min(len(chosen), want) {
		sq, err := chosenSquare(chosen, i, setupSquares(p, g, occ, placed, want-i), KeySetupShooter)
		if err != nil {
			return game.Step{}, err
		}
		placed = placed.With(sq)
		picked = append(picked, sq)
		marks = append(marks, sq.String())
	}
	if len(chosen) < want {
		n := len(chosen)
		return game.Step{
			Key: KeySetupShooter, Index: n + 1, Count: want,
			Options: squareOptions(p.size, setupSquares(p, g, occ, placed, want-n), nil),
			Marks:   marks,
		}, nil
	}
	stones := g.mask.AndNot(occ.Or(placed))
	if len(chosen) == want {
		return game.Step{Key: KeyStone, Options: squareOptions(p.size, stones, nil), Marks: marks}, nil
	}
	if len(chosen) > want+1 {
		return game.Step{}, badChoice("", chosen[want+1])
	}
	stone, err := chosenSquare(chosen, want, stones, KeyStone)
	if err != nil {
		return game.Step{}, err
	}
	return game.Step{Action: SetupAction(picked, stone).String(), Marks: append(marks, stone.String())}, nil
}

// setupSquares is the set of squares the next of left shooters may take,
// placed the shooters on the board and those chosen: empty, off the
// perimeter (revised) or touching no shooter (classic), and leaving room
// for the others and the stone.
func setupSquares(p Position, g *geometry, occ, placed Bits, left int) Bits {
	free := g.mask.AndNot(occ.Or(placed))
	cand := free
	if p.rules == Revised {
		cand = cand.And(g.inner)
	} else {
		for s := placed; !s.Empty(); {
			sq := s.First()
			s = s.Without(sq)
			cand = cand.AndNot(g.nb[sq])
		}
	}
	var out Bits
	for c := cand; !c.Empty(); {
		sq := c.First()
		c = c.Without(sq)
		if roomFor(p, g, free.Without(sq), cand.Without(sq).AndNot(near(p, g, sq)), left-1) {
			out = out.With(sq)
		}
	}
	return out
}

// near is what a shooter on sq takes from the squares others may take:
// its neighbours under the classic rules, nothing more under the revised.
func near(p Position, g *geometry, sq Square) Bits {
	if p.rules == Revised {
		return Bits{}
	}
	return g.nb[sq]
}

// roomFor reports whether left shooters fit on cand, and a stone on a
// free square after them (a depth-first search, which the first try
// settles on any real board).
func roomFor(p Position, g *geometry, free, cand Bits, left int) bool {
	if left == 0 {
		return !free.Empty()
	}
	for c := cand; !c.Empty(); {
		sq := c.First()
		c = c.Without(sq)
		if roomFor(p, g, free.Without(sq), c.AndNot(near(p, g, sq)), left-1) {
			return true
		}
	}
	return false
}

// pickChoice picks swap or keep.
func pickChoice(chosen []string) (game.Step, error) {
	switch {
	case len(chosen) == 0:
		return game.Step{Key: KeyChoice, Options: []game.Option{
			{Value: "keep", Label: "keep"},
			{Value: "swap", Label: "swap"},
		}}, nil
	case len(chosen) > 1:
		return game.Step{}, badChoice("", chosen[1])
	case chosen[0] == "keep" || chosen[0] == "swap":
		return game.Step{Action: chosen[0]}, nil
	}
	return game.Step{}, badChoice(KeyChoice, chosen[0])
}

// pickTurn picks the shooter, where it goes (its own square for no
// move) and the shot.
func pickTurn(p Position, chosen []string) (game.Step, error) {
	var shooters Bits
	for s := p.shooters; !s.Empty(); {
		sq := s.First()
		s = s.Without(sq)
		if !p.Destinations(sq).Empty() {
			shooters = shooters.With(sq)
		}
	}
	if len(chosen) == 0 {
		return game.Step{Key: KeyShooter, Options: squareOptions(p.size, shooters, nil)}, nil
	}
	from, err := chosenSquare(chosen, 0, shooters, KeyShooter)
	if err != nil {
		return game.Step{}, err
	}
	dests := p.Destinations(from)
	if len(chosen) == 1 {
		stay := game.Option{Value: from.String(), Label: "no move"}
		return game.Step{Key: KeyTo, Options: squareOptions(p.size, dests, &stay), Marks: []string{from.String()}}, nil
	}
	to, err := chosenSquare(chosen, 1, dests.With(from), KeyTo)
	if err != nil {
		return game.Step{}, err
	}
	marks := []string{from.String()}
	if to == from {
		to = NoSquare
	} else {
		marks = append(marks, to.String())
	}
	shots := p.Shots(from, to)
	if len(chosen) == 2 {
		return game.Step{Key: KeyShot, Options: squareOptions(p.size, shots, nil), Marks: marks}, nil
	}
	if len(chosen) > 3 {
		return game.Step{}, badChoice("", chosen[3])
	}
	shot, err := chosenSquare(chosen, 2, shots, KeyShot)
	if err != nil {
		return game.Step{}, err
	}
	return game.Step{Action: Turn{From: from, To: to, Shot: shot}.String(), Marks: append(marks, shot.String())}, nil
}
