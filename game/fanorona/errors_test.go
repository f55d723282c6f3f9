package fanorona

import (
	"errors"
	"strings"
	"testing"
)

// TestRuleErrorDetails: a refusal by the rules carries what it is about
// as fields (the rule, the step, the side, the ways it captures), so that
// a front end words it without reading the English.
func TestRuleErrorDetails(t *testing.T) {
	step := func(s string) Step {
		st, err := ParseStep(s)
		if err != nil {
			t.Fatal(err)
		}
		return st
	}
	pt := func(s string) Point {
		q, err := ParsePoint(s)
		if err != nil {
			t.Fatal(err)
		}
		return q
	}
	start := NewPosition(Fanorona)
	// White's c2-c3A takes c4 and may go on (c3-d3A takes e3).
	seq, err := diagram(t, `
		. . . . . . . . .
		. . b . . . . . .
		. . . . b . . . .
		. . w . . . . . .
		w . . . . . . . .`, White, 0, Fanorona).Step(step("c2-c3A"))
	if err != nil || seq.State() != StateSequence {
		t.Fatalf("c2-c3A: %v, %v", err, seq.State())
	}
	none := Step{From: NoPoint, To: NoPoint}
	for _, c := range []struct {
		p    Position
		step string // "" for Stop
		want Error
	}{
		{start, "e3-e4", Error{Kind: ErrNoPiece, Step: step("e3-e4"), Point: NoPoint}},
		{start, "e4-e3A", Error{Kind: ErrNotYourPiece, Step: step("e4-e3A"), Point: NoPoint, Mover: White}},
		{start, "e1-e2", Error{Kind: ErrOccupied, Step: step("e1-e2"), Point: NoPoint}},
		{start, "d2-d4", Error{Kind: ErrNotAlongLine, Step: step("d2-d4"), Point: NoPoint}},
		{start, "d3-e3", Error{Kind: ErrMissingLetter, Step: step("d3-e3"), Point: NoPoint, ByApproach: true, ByWithdrawal: true}},
		{start, "e2-e3W", Error{Kind: ErrWrongLetter, Step: step("e2-e3W"), Point: NoPoint}},
		{seq, "a1-a2", Error{Kind: ErrOtherPiece, Step: step("a1-a2"), Point: pt("c3")}},
		{seq, "c3-c2", Error{Kind: ErrRevisit, Step: step("c3-c2"), Point: NoPoint}},
		{seq, "c3-c4", Error{Kind: ErrSameDirection, Step: step("c3-c4"), Point: NoPoint}},
		{start, "", Error{Kind: ErrNoSequence, Step: none, Point: NoPoint}},
	} {
		var err error
		if c.step == "" {
			_, err = c.p.Stop()
		} else {
			_, err = c.p.Step(step(c.step))
		}
		var e *Error
		if !errors.As(err, &e) || !errors.Is(err, c.want.Kind) {
			t.Errorf("%s: %v, want a %v *Error", c.step, err, c.want.Kind)
			continue
		}
		got := *e
		got.Msg = ""
		if got != c.want {
			t.Errorf("%s (%q):\n got %+v\nwant %+v", c.step, e.Msg, got, c.want)
		}
	}
}

// TestNotationErrorText: an error of the notation carries the text that
// is wrong, as given, besides its kind, and no step.
func TestNotationErrorText(t *testing.T) {
	for _, c := range []struct {
		parse func() error
		kind  error
		text  string
	}{
		{func() error { _, err := ParsePoint("e"); return err }, ErrMalformed, "e"},
		{func() error { _, err := ParsePoint("j3"); return err }, ErrOffBoard, "j3"},
		{func() error { _, err := ParseStep("e2-e3-e4"); return err }, ErrMalformed, "e2-e3-e4"},
		{func() error { _, err := ParseTurn("e2e3"); return err }, ErrMalformed, "e2e3"},
		{func() error { _, err := ParseTurn("e2-j3"); return err }, ErrOffBoard, "j3"},
		{func() error { _, err := ParseVariant("chess"); return err }, ErrMalformed, "chess"},
		{func() error { _, err := ParsePosition("9/9/9/9/9 w 0", Fanorona); return err }, ErrBadPosition, "9/9/9/9/9 w 0"},
	} {
		err := c.parse()
		var e *Error
		if !errors.As(err, &e) || !errors.Is(err, c.kind) || e.Text != c.text || e.Step.From != NoPoint || e.Point != NoPoint {
			t.Errorf("%v: want a %v *Error with Text %q and no points, got %+v", err, c.kind, c.text, e)
		}
	}
}

// TestRecordTooLong checks that a record over MaxRecordBytes is refused
// with ErrMalformed saying so, CRLF line ends counted as two bytes: such
// a record is never read cut short.
func TestRecordTooLong(t *testing.T) {
	for _, text := range []string{
		strings.Repeat("#\n", MaxRecordBytes/2+1),
		strings.Repeat("#\r\n", MaxRecordBytes/3+1),
		"#" + strings.Repeat("x", MaxRecordBytes),
	} {
		_, err := ParseRecordString(text)
		if !errors.Is(err, ErrMalformed) || !strings.Contains(err.Error(), "the record is too long") {
			t.Errorf("record of %d bytes: %v, want the record is too long", len(text), err)
		}
	}
	if _, err := ParseRecordString(strings.Repeat("#\r\n", MaxRecordBytes/3)); err != nil {
		t.Errorf("record under the limit: %v", err)
	}
}
