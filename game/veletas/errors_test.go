package veletas

import (
	"errors"
	"strings"
	"testing"
)

// TestRuleErrorDetails: every refusal by the rules carries what it is
// about as fields (the rule, the squares, the counts, the kinds of
// action), so that a front end words it without reading the English.
func TestRuleErrorDetails(t *testing.T) {
	sq := func(s string) Square {
		q, err := ParseSquare(s)
		if err != nil {
			t.Fatal(err)
		}
		return q
	}
	n := NoSquare
	turns := diagram(t, `
		. . . . . . s
		. . . . . . .
		. . . . . . .
		. . . . s . .
		. . . . . . .
		w w . . . . .
		s . b b . . .`, Black)
	claimed := diagram(t, `
		. . . . . . s
		. . . . . . .
		. . . . . . .
		. . . . s . .
		. . . . . . .
		w w . . . . .
		B b b b . . .`, White)
	g, _ := NewGame(Size7)
	setup2, err := g.PlayToken("[c5]d2")
	if err == nil {
		setup2, err = setup2.PlayToken("keep")
	}
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		p    Position
		tok  string
		want Error
	}{
		{turns, "c4/c5", Error{Kind: ErrNotShooter, From: n, To: n, Square: sq("c4"), Near: n}},
		{claimed, "a1/a3", Error{Kind: ErrClaimedShooter, From: n, To: n, Square: sq("a1"), Near: n}},
		{turns, "e4-d6/d7", Error{Kind: ErrNotQueenLine, From: sq("e4"), To: sq("d6"), Square: n, Near: n}},
		{turns, "e4/d1", Error{Kind: ErrNotQueenLine, From: sq("e4"), To: sq("d1"), Square: n, Near: n}},
		{turns, "a1-a3/a4", Error{Kind: ErrBlocked, From: sq("a1"), To: sq("a3"), Square: sq("a2"), Near: n}},
		{turns.WithRules(Revised), "a1-a3/a4", Error{Kind: ErrBlocked, From: sq("a1"), To: sq("a3"), Square: sq("a2"), Near: n, Stone: true}},
		{turns, "a1/a4", Error{Kind: ErrBlocked, From: sq("a1"), To: sq("a4"), Square: sq("a2"), Near: n}},
		{turns, "e4-g4/g7", Error{Kind: ErrOccupied, From: n, To: n, Square: sq("g7"), Near: n}},
		{turns, "g7-b2/b3", Error{Kind: ErrOccupied, From: n, To: n, Square: sq("b2"), Near: n}},
		{turns, "e4/h1", Error{Kind: ErrOffBoard, From: n, To: n, Square: sq("h1"), Near: n}},
		{g.Position(), "[c5,e5]d2", Error{Kind: ErrSetupCount, From: n, To: n, Square: n, Near: n, Placed: 2, Wanted: 1}},
		{g.Position(), "[c5]c5", Error{Kind: ErrOccupied, From: n, To: n, Square: sq("c5"), Near: n}},
		{g.Position(), "e4/e1", Error{Kind: ErrWrongPhase, From: n, To: n, Square: n, Near: n, Expected: KindSetup, Got: KindTurn}},
		{setup2.Position(), "[a7,c4]g7", Error{Kind: ErrAdjacentShooter, From: n, To: n, Square: sq("c4"), Near: sq("c5")}},
		{setup2.Position(), "[a7,a7]g7", Error{Kind: ErrOccupied, From: n, To: n, Square: sq("a7"), Near: n, Twice: true}},
		{setup2.Position(), "[a7,e5]d2", Error{Kind: ErrOccupied, From: n, To: n, Square: sq("d2"), Near: n}},
		{setup2.Position().WithRules(Revised), "[a7,c4]g7", Error{Kind: ErrPerimeterShooter, From: n, To: n, Square: sq("a7"), Near: n}},
	} {
		_, err := c.p.Apply(turn(t, c.tok))
		var e *Error
		if !errors.As(err, &e) || !errors.Is(err, c.want.Kind) {
			t.Errorf("%s: %v, want a %v *Error", c.tok, err, c.want.Kind)
			continue
		}
		got := *e
		got.Msg = ""
		if got != c.want {
			t.Errorf("%s (%q):\n got %+v\nwant %+v", c.tok, e.Msg, got, c.want)
		}
	}
}

// TestNotationErrorText: an error of the notation carries the text that
// is wrong, as given, besides its kind; a finished game's refusal
// carries the winner.
func TestNotationErrorText(t *testing.T) {
	for _, c := range []struct {
		parse func() error
		kind  error
		text  string
	}{
		{func() error { _, err := ParseSquare("5c"); return err }, ErrMalformed, "5c"},
		{func() error { _, err := ParseSquare("Z9"); return err }, ErrOffBoard, "Z9"},
		{func() error { _, err := ParseAction("d4-d7/"); return err }, ErrMalformed, "d4-d7/"},
		{func() error { _, err := ParseAction("[d4,g7e5"); return err }, ErrMalformed, "[d4,g7e5"},
		{func() error { _, err := ParseSize("8"); return err }, ErrBadSize, "8"},
		{func() error { _, err := ParseRules("house"); return err }, ErrBadRules, "house"},
		{func() error { _, err := ParsePosition("7/7/7 b"); return err }, ErrBadSize, "7/7/7 b"},
		{func() error { _, err := NewPosition(8); return err }, ErrBadSize, "8"},
	} {
		err := c.parse()
		var e *Error
		if !errors.As(err, &e) || !errors.Is(err, c.kind) || e.Text != c.text {
			t.Errorf("%v: want a %v *Error with Text %q", err, c.kind, c.text)
		}
	}
	// Black has claimed two of the three shooters: the game is over.
	over := diagram(t, `
		B B . . . . .
		b b . . . . .
		. . . . . . s
		. . . . . . .
		. . . . . . .
		. . . . . . .
		. . . . . . .`, White)
	_, err := over.Apply(turn(t, "g5/g4"))
	var e *Error
	if !over.Over() || !errors.As(err, &e) || e.Kind != ErrGameOver || e.Winner != Black || e.Winner != over.Winner() {
		t.Errorf("over %v, winner %v: %v, want ErrGameOver with Winner Black", over.Over(), over.Winner(), err)
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
