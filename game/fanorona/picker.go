package fanorona

import (
	"fmt"

	"github.com/veletasbot/veletas/game"
)

// The keys of the steps of Definition.Pick.
const (
	// KeyPiece is the piece that makes the first step of a turn.
	KeyPiece = "piece"
	// KeyStep is the point it steps to.
	KeyStep = "step"
	// KeyCapture is the capture of a step that captures both ways:
	// "A" (approach) or "W" (withdrawal).
	KeyCapture = "capture"
	// KeyContinue is, during a capture sequence, the point the piece
	// steps to next, or "stop".
	KeyContinue = "continue"
)

// StopValue is the option of KeyContinue that ends the capture sequence.
const StopValue = "stop"

var _ game.Pickable = Definition{}

// Pick returns the step after the choices made, from the legal steps of
// the moment (Position.Steps, so Véla's first phase included). Between
// turns: the piece (KeyPiece), the point it steps to (KeyStep), and the
// capture (KeyCapture) only when the step captures both ways. During a
// capture sequence: the next point (KeyContinue) or StopValue, then the
// capture when both ways capture. Every action Commits: it is one step,
// written as the turn under way would then stand ("d2-e3A" first,
// "d2-e3A-e4W" next); stopping is the turn under way itself.
func (Definition) Pick(s game.State, chosen []string) (game.Step, error) {
	m, ok := s.(Match)
	if !ok {
		return game.Step{}, game.ErrForeignState
	}
	return m.Pick(chosen)
}

// Act plays one step (Match.PlayStep) written as Pick writes it: a
// one-step turn between turns, the turn under way and one more step
// during a capture sequence; the turn under way itself stops it
// (Match.StopTurn). Between turns a turn of several steps is played whole
// (Match.PlayTurn).
func (Definition) Act(s game.State, action string) (game.State, error) {
	m, ok := s.(Match)
	if !ok {
		return nil, game.ErrForeignState
	}
	return m.Act(action)
}

// Act is Definition.Act on m.
func (m Match) Act(action string) (Match, error) {
	t, err := ParseTurn(action)
	if err != nil {
		return m, err
	}
	if m.open == "" {
		if t.Len() == 1 {
			return m.PlayStep(t.Step(0))
		}
		return m.PlayTurn(t)
	}
	o, err := ParseTurn(m.open)
	if err != nil {
		return m, err
	}
	n := o.Len()
	if t.Len() < n || t.Len() > n+1 {
		return m, newErr(ErrInSequence, "the capture sequence "+m.open+" is under way: continue it by one step or stop it")
	}
	for i := range n {
		if t.Step(i) != o.Step(i) {
			return m, newErr(ErrInSequence, "the capture sequence "+m.open+" is under way: continue it by one step or stop it")
		}
	}
	if t.Len() == n {
		return m.StopTurn()
	}
	return m.PlayStep(t.Step(n))
}

func badChoice(key, v string) error {
	return fmt.Errorf("%w: %q for %s", game.ErrBadChoice, v, key)
}

// Pick is Definition.Pick on m.
func (m Match) Pick(chosen []string) (game.Step, error) {
	pos := m.pos
	var buf [64]Step
	steps := pos.Steps(buf[:0])
	switch pos.State() {
	case StateOver:
		return game.Step{}, game.ErrNothingToPick
	case StateSequence:
		piece, _ := pos.MovingPiece()
		marks := []string{piece.String()}
		if len(chosen) == 0 {
			opts := pointOptions(steps, func(s Step) Point { return s.To })
			return game.Step{Key: KeyContinue, Options: append(opts, game.Option{Value: StopValue, Label: "stop"}), Marks: marks}, nil
		}
		if chosen[0] == StopValue {
			if len(chosen) > 1 {
				return game.Step{}, badChoice("", chosen[1])
			}
			return game.Step{Action: m.open, Commit: true, Marks: marks}, nil
		}
		return m.pickTo(steps, piece, chosen, KeyContinue, marks)
	}
	if len(chosen) == 0 {
		return game.Step{Key: KeyPiece, Options: pointOptions(steps, func(s Step) Point { return s.From })}, nil
	}
	piece, err := ParsePoint(chosen[0])
	if err != nil || piece.String() != chosen[0] || !hasStep(steps, func(s Step) bool { return s.From == piece }) {
		return game.Step{}, badChoice(KeyPiece, chosen[0])
	}
	return m.pickTo(steps, piece, chosen[1:], KeyStep, []string{piece.String()})
}

// pickTo picks, among steps, the point the piece on from steps to
// (chosen[0], of key) and then its capture.
func (m Match) pickTo(steps []Step, from Point, chosen []string, key string, marks []string) (game.Step, error) {
	steps = filter(steps, func(s Step) bool { return s.From == from })
	if len(chosen) == 0 {
		return game.Step{Key: key, Options: pointOptions(steps, func(s Step) Point { return s.To }), Marks: marks}, nil
	}
	to, err := ParsePoint(chosen[0])
	steps = filter(steps, func(s Step) bool { return s.To == to })
	if err != nil || to.String() != chosen[0] || len(steps) == 0 {
		return game.Step{}, badChoice(key, chosen[0])
	}
	marks = append(marks, to.String())
	s := steps[0]
	if len(steps) > 1 { // captures both ways
		if len(chosen) == 1 {
			opts := make([]game.Option, len(steps))
			for i, s := range steps {
				opts[i] = game.Option{Value: s.Capture.Letter(), Label: s.Capture.String()}
			}
			return game.Step{Key: KeyCapture, Options: opts, Marks: marks}, nil
		}
		i := index(steps, func(s Step) bool { return s.Capture.Letter() == chosen[1] })
		if i < 0 {
			return game.Step{}, badChoice(KeyCapture, chosen[1])
		}
		s = steps[i]
		chosen = chosen[1:]
	}
	if len(chosen) > 1 {
		return game.Step{}, badChoice("", chosen[1])
	}
	action := s.String()
	if m.open != "" {
		action = m.open + "-" + s.To.String() + s.Capture.Letter()
	}
	return game.Step{Action: action, Commit: true, Marks: marks}, nil
}

// pointOptions lists the points at(s) of steps, each once, from the top
// rank down, each rank from file a.
func pointOptions(steps []Step, at func(Step) Point) []game.Option {
	var set Bits
	for _, s := range steps {
		set |= bit(at(s))
	}
	out := make([]game.Option, 0, set.Count())
	for r := Ranks - 1; r >= 0; r-- {
		for f := range Files {
			if p := NewPoint(f, r); set.Has(p) {
				name := p.String()
				out = append(out, game.Option{Value: name, Label: name})
			}
		}
	}
	return out
}

func filter(steps []Step, keep func(Step) bool) []Step {
	var out []Step
	for _, s := range steps {
		if keep(s) {
			out = append(out, s)
		}
	}
	return out
}

func hasStep(steps []Step, f func(Step) bool) bool { return index(steps, f) >= 0 }

func index(steps []Step, f func(Step) bool) int {
	for i, s := range steps {
		if f(s) {
			return i
		}
	}
	return -1
}
