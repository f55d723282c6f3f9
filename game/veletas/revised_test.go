package veletas

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// Rule tests for the revised rules (../shared/veletas-notation.md,
// "Revised rules"), each beside what the classic rules make of the same
// board.

func revised(p Position) Position { return p.WithRules(Revised) }

func TestRevisedSetupKeepsShootersOffTheEdge(t *testing.T) {
	g, _ := NewGame(Size9, WithRules(Revised))
	steps := []struct {
		tok  string
		kind error
	}{
		{"[a5,e5]d2", ErrPerimeterShooter}, // file a
		{"[c5,e9]d2", ErrPerimeterShooter}, // rank 9
		{"[i1,e5]d2", ErrPerimeterShooter}, // a corner
		{"[c5,i5]d2", ErrPerimeterShooter}, // the last file
		{"[c5,c2]d1", nil},                 // rank 2 is inside; the stone may go on the edge
		{"keep", nil},
		{"[b2,h8,c3]a1", nil},           // c3 touches c2: allowed under the revised rules
		{"[b2,h8,b1]a9", ErrWrongPhase}, // already done
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
		if s.kind == ErrPerimeterShooter && !strings.Contains(err.Error(), "shooters may not be placed on the edge of the board under the revised rules") {
			t.Errorf("step %d: the error does not name the rule: %v", i, err)
		}
		if next.Len() != g.Len() || next.Position() != g.Position() {
			t.Fatalf("step %d: a refused action changed the game", i)
		}
	}
	if got, want := g.Position().String(), "9/7s1/9/9/2s6/9/2s6/1ss6/w2b5 b"; got != want {
		t.Errorf("after the setups %s, want %s", got, want)
	}
	if g.Position().Rules() != Revised {
		t.Error("the game lost its rules")
	}

	// The same setups under the classic rules: edges are fine, touching
	// is not.
	c, _ := NewGame(Size9)
	var err error
	for _, tok := range []string{"[a5,e9]d2", "keep"} {
		if c, err = c.PlayToken(tok); err != nil {
			t.Fatalf("classic %s refused: %v", tok, err)
		}
	}
	if _, err := c.PlayToken("[e8,b2,h2]a1"); !errors.Is(err, ErrAdjacentShooter) {
		t.Errorf("classic touching setup: got %v, want ErrAdjacentShooter", err)
	}
	// Every square of the perimeter is refused on every size, and every
	// inner square is accepted.
	for _, size := range Sizes {
		p, _ := NewPosition(size, WithRules(Revised))
		n := int(size)
		for f := 0; f < n; f++ {
			for r := 0; r < n; r++ {
				sq := Sq(f, r)
				shooters := []Square{sq}
				for k := 1; k < size.FirstShooters(); k++ {
					shooters = append(shooters, Sq(n/2, n/2-1+k)) // inner squares
				}
				if slices.Contains(shooters[1:], sq) {
					continue
				}
				stone := Sq(0, 0)
				if sq == stone {
					stone = Sq(0, 1)
				}
				_, err := p.Apply(SetupAction(shooters, stone))
				edge := f == 0 || r == 0 || f == n-1 || r == n-1
				if edge != errors.Is(err, ErrPerimeterShooter) || !edge && err != nil {
					t.Errorf("%v setup %v: edge %v, error %v", size, shooters, edge, err)
				}
			}
		}
	}
}

func TestRevisedMovesAndShotsPassOverShooters(t *testing.T) {
	board := `
		. . . . . . .
		. . . . . . .
		. . . b . . .
		s . B . s w .
		. . . . . . .
		. . . . . . .
		. . . . . . .`
	p := revised(diagram(t, board, Black))
	classic := diagram(t, board, Black)
	cases := []struct {
		tok              string
		revised, classic error
	}{
		{"a4-d4/d3", nil, ErrBlocked},                   // the move passes over the claimed c4
		{"a4/d4", nil, ErrBlocked},                      // so does the shot
		{"e4-b4/a3", nil, ErrBlocked},                   // the move passes over c4 from the other side
		{"e4/b4", nil, ErrBlocked},                      // and the shot
		{"e4-c2/c6", nil, ErrBlocked},                   // the shot passes over c4 on its way up
		{"a4-a7/g1", nil, nil},                          // over nothing
		{"a4-b4/a4", nil, nil},                          // back into the vacated square
		{"e4-c6/c7", ErrBlocked, ErrBlocked},            // the move passes over the stone on d5
		{"a4/g4", ErrBlocked, ErrBlocked},               // past c4 and e4, the stone on f4 stops the shot
		{"a4-g4/g5", ErrBlocked, ErrBlocked},            // and the move
		{"a4-e4/e3", ErrOccupied, ErrOccupied},          // a move still ends on an empty square
		{"a4-f4/a4", ErrOccupied, ErrOccupied},          // not on a stone either
		{"a4/c4", ErrOccupied, ErrOccupied},             // a shot too
		{"c4/c3", ErrClaimedShooter, ErrClaimedShooter}, // claimed shooters never act
	}
	for _, c := range cases {
		for _, run := range []struct {
			p    Position
			want error
		}{{p, c.revised}, {classic, c.classic}} {
			_, err := run.p.Apply(turn(t, c.tok))
			if (run.want == nil) != (err == nil) || !errors.Is(err, run.want) {
				t.Errorf("%v %s: got %v, want %v", run.p.Rules(), c.tok, err, run.want)
			}
			if run.p.Rules() == Revised && errors.Is(err, ErrBlocked) && !strings.Contains(err.Error(), "over a stone") {
				t.Errorf("%s: the error does not say a stone blocks: %v", c.tok, err)
			}
			listed := false
			for _, m := range run.p.LegalTurns(nil) {
				listed = listed || m == turn(t, c.tok).Turn
			}
			if listed != (err == nil) {
				t.Errorf("%v %s: generated %v, Apply says %v", run.p.Rules(), c.tok, listed, err)
			}
		}
	}
}

func TestRevisedMoveOverTwoShootersAndShotBack(t *testing.T) {
	p := revised(diagram(t, `
		. . . . . . .
		. . . . . . .
		. . . . . . .
		s . B . s . .
		. . . . . . .
		. . . . . . .
		w . . . . . b`, Black))
	want := revised(diagram(t, `
		. . . . . . .
		. . . . . . .
		. . . . . . .
		b . B . s . s
		. . . . . . .
		. . . . . . .
		w . . . . . b`, White))
	// a4 runs over the claimed c4 and the free e4 to g4, then shoots back
	// over both into the square it left.
	q := playOK(t, p, "a4-g4/a4", want)
	if q.Rules() != Revised || q.Claims(Black)+q.Claims(White) != 1 {
		t.Fatalf("rules %v, claims %d", q.Rules(), q.Claims(Black)+q.Claims(White))
	}
	if got := q.Destinations(Sq(6, 3)); !got.Has(Sq(3, 3)) || !got.Has(Sq(1, 3)) || got.Has(Sq(0, 3)) || got.Has(Sq(4, 3)) {
		t.Errorf("g4 reaches %v: over e4 and c4 to d4 and b4, not onto a shooter or the stone on a4", got.Squares())
	}
	if _, err := p.WithRules(Classic).Apply(turn(t, "a4-g4/a4")); !errors.Is(err, ErrBlocked) {
		t.Errorf("classic: got %v, want ErrBlocked", err)
	}
}

// A shooter whose 8 neighbours are all taken is trapped under the classic
// rules, but not under the revised ones while it can pass over a
// neighbouring shooter to an empty square.
func TestRevisedEnclosedShooterIsNotTrapped(t *testing.T) {
	board := `
		. . . . . . .
		. . . . . . .
		. . b b b . .
		. . s s . . s
		. . b w b . .
		. . . . . . .
		. . . . . . .`
	after := `
		. . . . . . .
		. . . . . . .
		. . b b b . .
		. . s %s b . s
		. . b w b . .
		. . . . . . .
		. . . . . . .`
	// g4 shoots e4, d4's last empty neighbour. Black's c5-d5-e5-e4-e3 (5)
	// beats White's d3 (1).
	playOK(t, diagram(t, board, Black), "g4/e4", diagram(t, strings.Replace(after, "%s", "B", 1), White))
	q := playOK(t, revised(diagram(t, board, Black)), "g4/e4", revised(diagram(t, strings.Replace(after, "%s", "s", 1), White)))
	d4 := Sq(3, 3)
	if q.FreeNeighbours(d4) != 0 || q.Liberties(d4) != 1 || q.Destinations(d4) != (Bits{}).With(Sq(0, 3)).With(Sq(1, 3)) {
		t.Errorf("d4: free neighbours %d, liberties %d, destinations %v; want 0, 1 (west over c4), [a4 b4]", q.FreeNeighbours(d4), q.Liberties(d4), q.Destinations(d4).Squares())
	}
	if q.WithRules(Classic).Liberties(d4) != 0 {
		t.Error("classic liberties of d4 should be its 0 free neighbours")
	}
}

// Under the revised rules a shooter is trapped when each of its lines ends,
// past any shooters, at a stone or at the edge of the board.
func TestRevisedTrapBehindShooters(t *testing.T) {
	p := revised(diagram(t, `
		. . . . . . .
		. . . . s . .
		b b b . . . .
		s s . w . . .
		b b b . . . .
		. . . . . . .
		. . . . . . .`, Black))
	// e6 shoots c4: b4's line west runs over a4 to the edge; east it ends
	// at the new stone; a4's line east runs over b4 to that stone. Both are
	// trapped and go to Black's group of 7 (no white stone touches them):
	// 2 of 3 shooters, Black wins.
	q := playOK(t, p, "e6/c4", revised(diagram(t, `
		. . . . . . .
		. . . . s . .
		b b b . . . .
		B B b w . . .
		b b b . . . .
		. . . . . . .
		. . . . . . .`, White)))
	if !q.Over() || q.Winner() != Black {
		t.Fatalf("over %v, winner %v", q.Over(), q.Winner())
	}
	if _, err := q.Apply(turn(t, "e6/e5")); !errors.Is(err, ErrGameOver) {
		t.Errorf("a turn after the end: got %v, want ErrGameOver", err)
	}

	// A shot elsewhere leaves c4 empty: b4 and a4 can still step east
	// (a4 over b4), so nothing is trapped although every neighbour of a4
	// is taken.
	r, err := p.Apply(turn(t, "e6/e5"))
	if err != nil || r.Claims(Black)+r.Claims(White) != 0 {
		t.Fatalf("e6/e5: %v, claims %d", err, r.Claims(Black)+r.Claims(White))
	}
	if a4 := Sq(0, 3); r.FreeNeighbours(a4) != 0 || r.Liberties(a4) != 1 {
		t.Errorf("a4: free neighbours %d, liberties %d; want 0 and 1", r.FreeNeighbours(a4), r.Liberties(a4))
	}
}

// A shooter that was the way out of another can trap it by moving away
// and shooting into the square it left.
func TestRevisedShotIntoVacatedSquareTraps(t *testing.T) {
	p := revised(diagram(t, `
		. . . . . . .
		. . . . . . .
		. . b b b . .
		. . s s b . .
		. . b w b . .
		. . . . . . .
		. . . . . . s`, Black))
	if got := p.TrapLines(Sq(3, 3)); !got.Has(Sq(2, 3)) || !got.Has(Sq(1, 3)) || got.Has(Sq(0, 3)) {
		t.Errorf("d4's trap lines %v: want c4 (passed over) and b4 (its way out), not a4", got.Squares())
	}
	// c4 steps to b4 and shoots back into c4: d4's line west now ends at
	// a stone. Black's group c5-d5-e5-e4-e3 joined by c4 and c3 (7) beats
	// White's d3.
	q := playOK(t, p, "c4-b4/c4", revised(diagram(t, `
		. . . . . . .
		. . . . . . .
		. . b b b . .
		. s b B b . .
		. . b w b . .
		. . . . . . .
		. . . . . . s`, White)))
	if q.Claims(Black) != 1 || q.Over() {
		t.Fatalf("claims %d, over %v", q.Claims(Black), q.Over())
	}
}

func TestRevisedRecords(t *testing.T) {
	// Touching shooters (c4, d4, e5) and a move over d4: revised only.
	const actions = "[c4]d2 keep [d4,e5]a1 c4-e4/f4 e5-e3/e2\n"
	want := ""
	for i, rec := range []string{
		"size=7 rules=revised\n" + actions,
		"rules=revised size=7\n" + actions,
		"# a comment\nRULES=Revised\n# another\nsize=7 " + actions,
		"size=7\nrules=revised " + actions,
	} {
		g, err := ParseRecordString(rec)
		if err != nil {
			t.Fatalf("record %d: %v", i, err)
		}
		if g.Rules() != Revised || g.Size() != Size7 || g.Len() != 5 {
			t.Fatalf("record %d: rules %v, size %v, %d actions", i, g.Rules(), g.Size(), g.Len())
		}
		if i == 0 {
			want = g.Position().String()
		} else if g.Position().String() != want {
			t.Errorf("record %d replays to %s, want %s", i, g.Position(), want)
		}
		if !strings.HasPrefix(g.String(), "size=7 rules=revised\n") {
			t.Errorf("record written as %q", g.String())
		}
		again, err := ParseRecordString(g.String())
		if err != nil || again.Position() != g.Position() {
			t.Errorf("round trip: %v", err)
		}
		// Earlier positions keep the rules.
		if g.PositionAt(2).Rules() != Revised || g.Undo(1).Rules() != Revised || g.Positions()[0].Rules() != Revised {
			t.Error("PositionAt, Undo or Positions lost the rules")
		}
	}
	if _, err := ParseRecordString("size=7 rules=classic " + actions); !errors.Is(err, ErrAdjacentShooter) {
		t.Errorf("the same record under the classic rules: %v, want ErrAdjacentShooter", err)
	}
	if _, err := ParseRecordString("size=7 rules=classic [c4]d2 keep [d5,e5]a1"); !errors.Is(err, ErrAdjacentShooter) {
		t.Errorf("classic header, touching shooters: %v", err)
	}
	g, err := ParseRecordString("size=7 [c4]d2")
	if err != nil || g.Rules() != Classic || strings.Contains(g.String(), "rules") {
		t.Errorf("a record without rules= is classic and written without it: %v %v %q", err, g.Rules(), g.String())
	}
	g, err = ParseRecordString("rules=revised")
	if err != nil || g.Rules() != Revised || g.Size() != Size10 || g.Len() != 0 {
		t.Errorf("header only: %v, %v %v %d", err, g.Rules(), g.Size(), g.Len())
	}

	bad := []struct {
		rec  string
		n    int
		kind error
		says string
	}{
		{"rules=revised rules=classic [c4]d2", 0, ErrBadHeader, "rules may be given once"},
		{"size=7 rules=revised size=7", 0, ErrBadHeader, "size may be given once"},
		{"rules=classical", 0, ErrBadRules, "use classic or revised"},
		{"rules=", 0, ErrBadRules, "use classic or revised"},
		{"size=8 rules=revised", 0, ErrBadSize, "use 7, 9 or 10"},
		{"size=7 [c4]d2 rules=revised", 2, ErrMalformed, "after the first action"},
		{"size=7 rules=revised [a4]d2", 1, ErrPerimeterShooter, "under the revised rules"},
	}
	for _, b := range bad {
		_, err := ParseRecordString(b.rec)
		var te *TokenError
		if !errors.As(err, &te) || te.N != b.n || !errors.Is(err, b.kind) || !strings.Contains(err.Error(), b.says) {
			t.Errorf("%q: got %v, want token %d, %v, saying %q", b.rec, err, b.n, b.kind, b.says)
		}
	}
}

func TestParseHeader(t *testing.T) {
	size, rules, n, err := ParseHeader(strings.Fields("rules=revised size=9 [c4]d2 size=7"))
	if err != nil || size != Size9 || rules != Revised || n != 2 {
		t.Errorf("got %v %v %d %v", size, rules, n, err)
	}
	size, rules, n, err = ParseHeader(nil)
	if err != nil || size != Size10 || rules != Classic || n != 0 {
		t.Errorf("empty: got %v %v %d %v", size, rules, n, err)
	}
	if _, _, _, err := ParseHeader([]string{"size=9", "size=9"}); !errors.Is(err, ErrBadHeader) {
		t.Errorf("twice: %v", err)
	}
}

func TestRulesNames(t *testing.T) {
	for _, r := range AllRules {
		got, err := ParseRules(strings.ToUpper(r.String()))
		if err != nil || got != r {
			t.Errorf("ParseRules(%q) = %v, %v", r, got, err)
		}
	}
	if _, err := ParseRules("house"); !errors.Is(err, ErrBadRules) {
		t.Errorf("ParseRules(house) = %v", err)
	}
	if _, err := NewPosition(Size7, WithRules(Rules(9))); !errors.Is(err, ErrBadRules) {
		t.Errorf("NewPosition with unknown rules: %v", err)
	}
	if p, _ := NewPosition(Size7); p.Rules() != Classic {
		t.Error("NewPosition is not classic")
	}
}

// TestWithRules checks the option of NewGame, NewPosition, ParsePosition
// and RandomGame: classic without it, the rules given with it, an unknown
// rule set refused.
func TestWithRules(t *testing.T) {
	const empty = "7/7/7/7/7/7/7 b"
	if p, err := ParsePosition(empty); err != nil || p.Rules() != Classic {
		t.Errorf("ParsePosition without options: %v, %v", p.Rules(), err)
	}
	if p, err := ParsePosition(empty, WithRules(Revised)); err != nil || p.Rules() != Revised {
		t.Errorf("ParsePosition WithRules(Revised): %v, %v", p.Rules(), err)
	}
	if _, err := ParsePosition(empty, WithRules(Rules(7))); !errors.Is(err, ErrBadRules) {
		t.Errorf("ParsePosition with unknown rules: %v", err)
	}
	if g, err := NewGame(Size9); err != nil || g.Rules() != Classic {
		t.Errorf("NewGame without options: %v, %v", g.Rules(), err)
	}
	if g, err := NewGame(Size9, WithRules(Revised)); err != nil || g.Rules() != Revised || g.Position().Rules() != Revised {
		t.Errorf("NewGame WithRules(Revised): %v, %v", g.Rules(), err)
	}
	if _, err := NewGame(Size9, WithRules(Rules(7))); !errors.Is(err, ErrBadRules) {
		t.Errorf("NewGame with unknown rules: %v", err)
	}
	if p, err := NewPosition(Size7, WithRules(Classic), WithRules(Revised)); err != nil || p.Rules() != Revised {
		t.Errorf("the last option given counts: %v, %v", p.Rules(), err)
	}
	for _, rules := range AllRules {
		p, _ := RandomGame(Size7, rand.New(rand.NewPCG(1, 2)), WithRules(rules))
		if p.Rules() != rules || !p.Over() {
			t.Errorf("RandomGame WithRules(%v): rules %v, over %v", rules, p.Rules(), p.Over())
		}
	}
}
