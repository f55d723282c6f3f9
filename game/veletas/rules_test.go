package veletas

import (
	"errors"
	"strings"
	"testing"
)

// diagram reads a board diagram (see ParseDiagram).
func diagram(t *testing.T, board string, toMove Color) Position {
	t.Helper()
	p, err := ParseDiagram(board, toMove)
	if err != nil {
		t.Fatalf("bad diagram: %v", err)
	}
	return p
}

func turn(t *testing.T, tok string) Action {
	t.Helper()
	a, err := ParseAction(tok)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// playOK applies tok and checks the result against a diagram.
func playOK(t *testing.T, p Position, tok string, want Position) Position {
	t.Helper()
	q, err := p.Apply(turn(t, tok))
	if err != nil {
		t.Fatalf("%s refused: %v", tok, err)
	}
	if q.String() != want.String() {
		t.Fatalf("after %s\n got %s\nwant %s", tok, q, want)
	}
	return q
}

func TestClaimGoesToLargerGroup(t *testing.T) {
	p := diagram(t, `
		. . . . . . s
		. . . . . . .
		. . . . . . .
		. . . . s . .
		. . . . . . .
		w w . . . . .
		s . b b . . .`, Black)
	want := diagram(t, `
		. . . . . . s
		. . . . . . .
		. . . . . . .
		. . . . s . .
		. . . . . . .
		w w . . . . .
		B b b b . . .`, White)
	// b1 joins c1 and d1: Black's group of 3 beats White's a2-b2 group of 2.
	q := playOK(t, p, "e4/b1", want)
	if q.Claims(Black) != 1 || q.Over() {
		t.Fatalf("claims %d, over %v", q.Claims(Black), q.Over())
	}
}

func TestClaimTieGoesToOpponentOfMover(t *testing.T) {
	p := diagram(t, `
		. . . . . . s
		. . . . . . .
		. . . . . . .
		. . . . s . .
		. . . . . . .
		w w . . . . .
		s . b . . . b`, Black)
	want := diagram(t, `
		. . . . . . s
		. . . . . . .
		. . . . . . .
		. . . . s . .
		. . . . . . .
		w w . . . . .
		W b b . . . b`, White)
	// Black's b1-c1 (2) ties White's a2-b2 (2): the shooter goes to White,
	// the opponent of the player who just moved.
	playOK(t, p, "e4/b1", want)
}

func TestClaimWithNoGroupGoesToOpponentOfMover(t *testing.T) {
	p := diagram(t, `
		. . . . . . . . .
		. . . . . . . s .
		. . . . . . . . .
		. . . . . . . . .
		. s . . . . . . .
		. . . . . . . . b
		. . . . . . . . .
		B . . . . . . . .
		s W . . . . . . w`, Black)
	want := diagram(t, `
		. . . . . . . . .
		. . . . . . . s .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . b
		. b . . . . . . .
		B s . . . . . . .
		W W . . . . . . w`, White)
	// The shooter from b5 fills a1's last empty neighbour; a1 touches no
	// stone at all (a2 and b1 are claimed shooters), so White gets it.
	q := playOK(t, p, "b5-b2/b3", want)
	if q.Claims(White) != 2 || q.Claims(Black) != 1 {
		t.Fatalf("claims B%d W%d", q.Claims(Black), q.Claims(White))
	}
}

func TestWinByNonMoverAndNothingAfterTheEnd(t *testing.T) {
	// White already holds f1 on 7x7, where 2 shooters win. Black's shot on
	// c2 traps c1 between Black's c2-d2-d1 (3) and White's a2-b2-b1 (3):
	// a tie, so c1 goes to White, who wins on Black's turn.
	p := diagram(t, `
		. . . . . . .
		. . . . . . .
		. . . . . . .
		. . . . . . .
		. . s . . . .
		w w . b . . .
		. w s b . W .`, Black)
	want := diagram(t, `
		. . . . . . .
		. . . . . . .
		. . . . . . .
		. . . . . . .
		. . s . . . .
		w w b b . . .
		. w W b . W .`, White)
	q := playOK(t, p, "c3/c2", want)
	if !q.Over() || q.Winner() != White || q.Phase() != PhaseOver {
		t.Fatalf("want White to win, got over=%v winner=%v", q.Over(), q.Winner())
	}
	if _, err := q.Apply(turn(t, "c3/c4")); !errors.Is(err, ErrGameOver) {
		t.Fatalf("action after the end: %v, want ErrGameOver", err)
	}
	if q.CountTurns() != 0 || len(q.LegalTurns(nil)) != 0 || q.Perft(1) != 0 {
		t.Fatal("a finished game has no legal turns")
	}
}

func TestSeveralClaimsInOneTurn(t *testing.T) {
	// The shot on b2 traps both a1 and c1. a1 touches only White's a2 and
	// b1 (1 each, no black): White. c1 touches White's b1 (1) and Black's
	// d1-d2-c2 (3): Black.
	p := diagram(t, `
		. . . . . . .
		. . . . . . .
		. . . . s . .
		. . . . . . .
		. . . . . . .
		w . b b . . .
		s w s b . . .`, Black)
	want := diagram(t, `
		. . . . . . .
		. . . . . . .
		. . . . s . .
		. . . . . . .
		. . . . . . .
		w b b b . . .
		W w B b . . .`, White)
	q := playOK(t, p, "e5/b2", want)
	if q.Over() {
		t.Fatal("1-1 on 7x7 is not the end")
	}
}

func TestShotIntoTheVacatedSquare(t *testing.T) {
	p := diagram(t, `
		s . . . . . .
		. . . . . . .
		. . . . . . .
		. . . s . . .
		. . . . . . .
		. . . . . . .
		s . . . . . .`, Black)
	want := diagram(t, `
		s . . . . . .
		. . . s . . .
		. . . . . . .
		. . . b . . .
		. . . . . . .
		. . . . . . .
		s . . . . . .`, White)
	playOK(t, p, "d4-d6/d4", want)
}

func TestRefusals(t *testing.T) {
	p := diagram(t, `
		s . . . . . .
		. . . . . . .
		. . . b . . .
		. . . s . . w
		. . . . . . .
		. . . . . B .
		. . . . . . .`, Black)
	cases := []struct {
		tok  string
		kind error
	}{
		{"d4-d6/d7", ErrBlocked},      // the move passes over d5
		{"d4-d5/d6", ErrOccupied},     // d5 holds a stone
		{"d4-e6/e7", ErrNotQueenLine}, // a knight's jump
		{"d4-d4/d3", ErrNotQueenLine}, // a move of length zero
		{"d4/h4", ErrOffBoard},        // h is off a 7x7 board
		{"d4/g4", ErrOccupied},        // shot onto a stone
		{"d4/g1", ErrBlocked},         // shot passes over the claimed shooter on f2
		{"d4/e6", ErrNotQueenLine},    // not along a line
		{"f2/f1", ErrClaimedShooter},  // claimed shooters never act
		{"c3/c2", ErrNotShooter},      // no shooter there
		{"d4-c3/d4", nil},             // legal: shot back into the vacated square
		{"[a1]b2", ErrWrongPhase},     // no setup during play
		{"swap", ErrWrongPhase},       // no side choice during play
	}
	for _, c := range cases {
		_, err := p.Apply(turn(t, c.tok))
		if c.kind == nil {
			if err != nil {
				t.Errorf("%s refused: %v", c.tok, err)
			}
			continue
		}
		if !errors.Is(err, c.kind) {
			t.Errorf("%s: got %v, want %v", c.tok, err, c.kind)
		}
		// The refusal must agree with move generation.
		if a := turn(t, c.tok); a.Kind == KindTurn {
			for _, m := range p.LegalTurns(nil) {
				if m == a.Turn {
					t.Errorf("%s refused but generated as legal", c.tok)
				}
			}
		}
	}
}

func TestSetup(t *testing.T) {
	g, _ := NewGame(Size9)
	steps := []struct {
		tok  string
		kind error
	}{
		{"c5-c6/c7", ErrWrongPhase},
		{"keep", ErrWrongPhase},
		{"[c5]d2", ErrSetupCount},
		{"[c5,d6]d2", ErrAdjacentShooter}, // diagonal neighbours
		{"[c5,c5]d2", ErrOccupied},
		{"[c5,e5]e5", ErrOccupied},
		{"[c5,j5]d2", ErrOffBoard},
		{"[c5,e5]d2", nil},
		{"[a1,a3,a5]b1", ErrWrongPhase},
		{"swap", nil},
		{"swap", ErrWrongPhase},
		{"[d4,g7,b9]e5", ErrAdjacentShooter}, // d4 touches c5 diagonally
		{"[g3,g7,b9]d2", ErrOccupied},        // the black stone
		{"[g3,g7,b9]h1", nil},
	}
	for i, s := range steps {
		next, err := g.PlayToken(s.tok)
		if s.kind == nil {
			if err != nil {
				t.Fatalf("step %d %s refused: %v", i, s.tok, err)
			}
			g = next
			continue
		}
		if !errors.Is(err, s.kind) {
			t.Fatalf("step %d %s: got %v, want %v", i, s.tok, err, s.kind)
		}
		if next.Len() != g.Len() {
			t.Fatalf("step %d: a refused action changed the game", i)
		}
	}
	p := g.Position()
	if p.Phase() != PhasePlay || p.ToMove() != Black || !p.Swapped() || p.FirstPlayerColor() != White {
		t.Fatalf("after setup: phase %v, to move %v, swapped %v", p.Phase(), p.ToMove(), p.Swapped())
	}
	if got := p.String(); got != "1s7/9/6s2/9/2s1s4/9/6s2/3b5/7w1 b" {
		t.Fatalf("position %s", got)
	}
}

func TestParseErrors(t *testing.T) {
	for _, s := range []string{"", "d4", "d4-", "d4/", "/d4", "d4-d5-d6/d7", "d4//d5", "[d4", "[]d4", "[d4]", "[d4,]e5",
		"[d4]e5,f6", "d0/d1", "a01/a2", "d4/e5x", "é4/e5", "swapkeep", "k", "[d4][e4]e5"} {
		if _, err := ParseAction(s); !errors.Is(err, ErrMalformed) {
			t.Errorf("ParseAction(%q) = %v, want ErrMalformed", s, err)
		}
	}
	for _, s := range []string{"k1/a1", "a11/a1", "[z9]a1"} {
		if _, err := ParseAction(s); !errors.Is(err, ErrOffBoard) {
			t.Errorf("ParseAction(%q) = %v, want ErrOffBoard", s, err)
		}
	}
	for _, s := range []string{"", "7/7/7/7/7/7/7", "7/7/7/7/7/7/7 x", "8/8/8/8/8/8/8/8 b", "7/7/7/7/7/7/6 b",
		"7/7/7/7/7/7/8 b", "7/7/7/7/7/7/7q b", "07/7/7/7/7/7/7 b", "s6/7/7/7/7/7/7 b"} {
		if _, err := ParsePosition(s); err == nil {
			t.Errorf("ParsePosition(%q) accepted", s)
		}
	}
	if _, err := ParseRecordString("size=8\n[a1]b2"); !errors.Is(err, ErrBadSize) {
		t.Errorf("size=8: %v", err)
	}
}

func TestSquareNames(t *testing.T) {
	for f := 0; f < 10; f++ {
		for r := 0; r < 10; r++ {
			sq := Sq(f, r)
			back, err := ParseSquare(strings.ToUpper(sq.String()))
			if err != nil || back != sq || sq.File() != f || sq.Rank() != r {
				t.Fatalf("%d,%d: %v %v %v", f, r, sq, back, err)
			}
		}
	}
	if Sq(0, 0).String() != "a1" || Sq(9, 9).String() != "j10" || Sq(6, 6).On(Size7) != true || Sq(7, 0).On(Size7) {
		t.Fatal("square names or board edges are wrong")
	}
	for _, s := range Sizes {
		if s.Shooters() != map[Size]int{7: 3, 9: 5, 10: 7}[s] || s.Majority() != map[Size]int{7: 2, 9: 3, 10: 4}[s] ||
			s.FirstShooters() != map[Size]int{7: 1, 9: 2, 10: 3}[s] {
			t.Fatalf("size %v: shooters %d, majority %d", s, s.Shooters(), s.Majority())
		}
	}
}

// TestSetupCountError: a setup with the wrong number of shooters says how
// many it placed and how many it must place, in its sentence and in the
// error's fields.
func TestSetupCountError(t *testing.T) {
	cases := []struct {
		size           Size
		tok            string
		placed, wanted int
		msg            string
	}{
		{Size7, "[c5,e5]d2", 2, 1, "this setup places 2 shooters, not 1"},
		{Size9, "[c5]d2", 1, 2, "this setup places 1 shooter, not 2"},
		{Size10, "[a1,a3,a5,a7,a9,c1,c3,c5]e5", 8, 0, "this setup places 8 shooters; no setup places more than 4"},
	}
	for _, c := range cases {
		g, _ := NewGame(c.size)
		_, err := g.PlayToken(c.tok)
		var ge *Error
		if !errors.As(err, &ge) || !errors.Is(err, ErrSetupCount) {
			t.Fatalf("%s on %v: got %v, want an ErrSetupCount *Error", c.tok, c.size, err)
		}
		if ge.Placed != c.placed || ge.Wanted != c.wanted || ge.Msg != c.msg {
			t.Errorf("%s on %v: got placed %d, wanted %d, %q; want %d, %d, %q",
				c.tok, c.size, ge.Placed, ge.Wanted, ge.Msg, c.placed, c.wanted, c.msg)
		}
	}
}
