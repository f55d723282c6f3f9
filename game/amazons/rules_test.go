package amazons

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// diagram builds a position from ten rows of ten characters, rank 10
// first and file a on the left: '.' empty, 'w' and 'b' amazons, 'x'
// arrows. Spaces inside a row are ignored.
func diagram(t *testing.T, toMove Side, rows ...string) Position {
	t.Helper()
	if len(rows) != Ranks {
		t.Fatalf("diagram has %d rows, want 10", len(rows))
	}
	p := NewPosition(toMove)
	for i, row := range rows {
		row = strings.ReplaceAll(row, " ", "")
		if len(row) != Files {
			t.Fatalf("diagram row %d %q is not 10 squares", i, row)
		}
		for f, c := range []byte(row) {
			pc := map[byte]Piece{'.': Empty, 'w': WhiteAmazon, 'b': BlackAmazon, 'x': Arrow}[c]
			if pc == Empty {
				if c != '.' {
					t.Fatalf("diagram row %d holds %q", i, c)
				}
				continue
			}
			var ok bool
			if p, ok = p.Put(Sq(f, Ranks-1-i), pc); !ok {
				t.Fatalf("diagram: cannot put %v on %v", pc, Sq(f, Ranks-1-i))
			}
		}
	}
	// The diagram and the notation agree.
	if q, err := ParsePosition(p.String()); err != nil || q != p {
		t.Fatalf("diagram %s does not read back: %v", p, err)
	}
	return p
}

func sq(t *testing.T, s string) Square {
	t.Helper()
	q, err := ParseSquare(s)
	if err != nil {
		t.Fatal(err)
	}
	return q
}

func turn(t *testing.T, s string) Turn {
	t.Helper()
	tu, err := ParseTurn(s)
	if err != nil {
		t.Fatal(err)
	}
	return tu
}

func legalStrings(p Position) []string {
	var out []string
	for _, t := range p.AppendTurns(nil) {
		out = append(out, t.String())
	}
	slices.Sort(out)
	return out
}

// TestStart checks the start position and its turns.
func TestStart(t *testing.T) {
	p := Start()
	if p.String() != StartText {
		t.Fatalf("start %s", p)
	}
	w, n := p.Amazons(White)
	if n != 4 || !slices.Equal(w[:], []Square{sq(t, "d1"), sq(t, "g1"), sq(t, "a4"), sq(t, "j4")}) {
		t.Errorf("white amazons %v", w[:n])
	}
	b, n := p.Amazons(Black)
	if n != 4 || !slices.Equal(b[:], []Square{sq(t, "a7"), sq(t, "j7"), sq(t, "d10"), sq(t, "g10")}) {
		t.Errorf("black amazons %v", b[:n])
	}
	if p.ToMove() != White || p.Over() || p.Result() != Ongoing || p.Arrows() != 0 || p.Empties() != 92 {
		t.Errorf("start: %v to move, over %v, %v, %d arrows, %d empty", p.ToMove(), p.Over(), p.Result(), p.Arrows(), p.Empties())
	}
	if n := len(p.AppendTurns(nil)); n != 2176 || p.CountTurns() != 2176 {
		t.Errorf("start has %d turns (count %d), want 2176", n, p.CountTurns())
	}
	if got := p.Perft(2); got != 4307152 {
		t.Errorf("perft 2 = %d, want 4307152", got)
	}
	// The notation's example: d1-d7/g7, then j7-h7/h1.
	g, err := ParseRecordString("# a short game\nd1-d7/g7\nj7-h7/h1\n")
	if err != nil {
		t.Fatal(err)
	}
	if got := g.Position().String(); got != "3b2b3/10/10/b2w2xb2/10/10/w8w/10/10/6wx2 w" {
		t.Errorf("after the example: %s", got)
	}
}

// TestArrowOverAndOntoVacatedSquare: the square the amazon left is empty,
// so the arrow may pass over it or land on it, even when it is the only
// shot.
func TestArrowOverAndOntoVacatedSquare(t *testing.T) {
	p := diagram(t, White,
		"b.........",
		"..........",
		"..........",
		"..........",
		"..........",
		"xxx.......",
		"x.x.......",
		"xwx.......",
		"x.x.......",
		"xxx......b")
	// Onto: b3-b4 leaves b3; the arrow may land there, or on b2 over it.
	for _, s := range []string{"b3-b4/b3", "b3-b4/b2", "b3-b2/b3", "b3-b2/b4"} {
		q, err := p.Apply(turn(t, s))
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		tu := turn(t, s)
		if q.At(tu.From) != Empty && tu.Arrow != tu.From || q.At(tu.To) != WhiteAmazon || q.At(tu.Arrow) != Arrow {
			t.Errorf("%s gives %s", s, q)
		}
	}
	want := []string{"b3-b2/b3", "b3-b2/b4", "b3-b4/b2", "b3-b4/b3"}
	if got := legalStrings(p); !slices.Equal(got, want) {
		t.Errorf("turns %v, want %v", got, want)
	}
	// The arrow flies over the vacated square to the far end of the line.
	p = diagram(t, Black,
		"..........",
		"..........",
		"..........",
		"..........",
		"...b......",
		"..........",
		"..........",
		"..........",
		"..........",
		"w.........")
	q, err := p.Apply(turn(t, "d6-d8/d1"))
	if err != nil {
		t.Fatal(err)
	}
	if q.At(sq(t, "d6")) != Empty || q.At(sq(t, "d1")) != Arrow || q.At(sq(t, "d8")) != BlackAmazon || q.ToMove() != White {
		t.Errorf("d6-d8/d1 gives %s", q)
	}
}

// ruleCase is a turn refused in a position, with the rule and details.
type ruleCase struct {
	name   string
	turn   string
	rule   error
	square string // "" for NoSquare
	piece  Piece
}

// rulesBoard is the diagram of TestRules, White to move.
var rulesBoard = []string{
	"...b......", // 10: d10 black
	"..........", // 9
	"..........", // 8
	"b.....x..b", // 7: a7 black, g7 arrow, j7 black
	"..........", // 6
	"....x.....", // 5: e5 arrow
	"w....b...w", // 4: a4 white, f4 black, j4 white
	"..........", // 3
	"..........", // 2
	"...w..w...", // 1: d1 white, g1 white
}

// TestRules checks each rule a turn may break, on one diagram: Apply
// refuses with a *RuleError that wraps the rule's value and names the
// square concerned and what stands on it, and changes nothing; the turn
// is not among the generated ones.
func TestRules(t *testing.T) {
	p := diagram(t, White, rulesBoard...)
	cases := []ruleCase{
		{"from an empty square", "e6-e7/e8", ErrNoAmazon, "e6", Empty},
		{"from an arrow", "g7-g6/g5", ErrNoAmazon, "g7", Arrow},
		{"from the opponent's amazon", "a7-a6/a5", ErrNotYourAmazon, "a7", BlackAmazon},
		{"to its own square", "d1-d1/d2", ErrZeroMove, "d1", WhiteAmazon},
		{"a knight's move", "d1-e3/e4", ErrNotQueenLine, "", Empty},
		{"over an opponent's amazon", "a4-h4/h3", ErrMoveBlocked, "f4", BlackAmazon},
		{"over an arrow", "g1-g9/g8", ErrMoveBlocked, "g7", Arrow},
		{"over its own amazon", "d1-h1/h2", ErrMoveBlocked, "g1", WhiteAmazon},
		{"onto an arrow", "j4-g7/g6", ErrMoveOccupied, "g7", Arrow},
		{"onto an opponent's amazon", "a4-a7/a6", ErrMoveOccupied, "a7", BlackAmazon},
		{"onto its own amazon", "d1-g1/g2", ErrMoveOccupied, "g1", WhiteAmazon},
		{"a shot off any line", "d1-d3/e5", ErrArrowNotQueenLine, "", Empty},
		{"a shot on a line from the from square only", "d1-d2/f3", ErrArrowNotQueenLine, "", Empty},
		{"a shot over an arrow", "d1-d5/h5", ErrArrowBlocked, "e5", Arrow},
		{"a shot over an opponent's amazon", "a4-b4/h4", ErrArrowBlocked, "f4", BlackAmazon},
		{"a shot over its own amazon", "a4-a1/f1", ErrArrowBlocked, "d1", WhiteAmazon},
		{"a shot onto an arrow", "d1-e1/e5", ErrArrowOccupied, "e5", Arrow},
		{"a shot onto an opponent's amazon", "a4-a5/a7", ErrArrowOccupied, "a7", BlackAmazon},
		{"a shot onto its own amazon", "g1-g4/j4", ErrArrowOccupied, "j4", WhiteAmazon},
		{"a shot onto the landing square", "d1-d3/d3", ErrArrowOccupied, "d3", WhiteAmazon},
	}
	legal := legalStrings(p)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tu := turn(t, c.turn)
			q, err := p.Apply(tu)
			if !errors.Is(err, c.rule) {
				t.Fatalf("%s: got %v, want %v", c.turn, err, c.rule)
			}
			if q != p {
				t.Errorf("a refused turn changed the position: %s", q)
			}
			var re *RuleError
			if !errors.As(err, &re) {
				t.Fatalf("%T is not a *RuleError", err)
			}
			want := NoSquare
			if c.square != "" {
				want = sq(t, c.square)
			}
			if re.Turn != tu || re.Mover != White || re.Square != want || re.Piece != c.piece {
				t.Errorf("details: turn %v, mover %v, square %v, piece %v; want %v, white, %v, %v", re.Turn, re.Mover, re.Square, re.Piece, tu, want, c.piece)
			}
			if msg := err.Error(); msg == "" || strings.ContainsAny(msg, "\n\r") {
				t.Errorf("message %q", msg)
			}
			if _, found := slices.BinarySearch(legal, tu.String()); found {
				t.Errorf("%s is generated", c.turn)
			}
			if p.Legal(tu) {
				t.Errorf("Legal(%s)", c.turn)
			}
			// The move alone is refused for the move's rules, accepted
			// for the shot's.
			merr := p.CheckMove(tu.Move())
			shot := errors.Is(err, ErrArrowNotQueenLine) || errors.Is(err, ErrArrowBlocked) || errors.Is(err, ErrArrowOccupied)
			if shot != (merr == nil) || merr != nil && !errors.Is(merr, c.rule) {
				t.Errorf("CheckMove(%v) = %v", tu.Move(), merr)
			}
		})
	}
	t.Log(p)
	// A turn whose squares are not on the board.
	for _, tu := range []Turn{{NoSquare, 0, 1}, {sq(t, "d1"), 100, 1}, {sq(t, "d1"), sq(t, "d2"), 200}} {
		if _, err := p.Apply(tu); !errors.Is(err, ErrOffBoard) {
			t.Errorf("Apply(%v) = %v, want ErrOffBoard", tu, err)
		}
	}
	// The legal turns of these amazons, checked against the rules one by
	// one: every generated turn applies, and the position changes as it
	// says.
	for _, s := range legal {
		tu := turn(t, s)
		q, err := p.Apply(tu)
		if err != nil {
			t.Fatalf("generated %s: %v", s, err)
		}
		if q.At(tu.From) != Empty && tu.Arrow != tu.From || q.At(tu.To) != WhiteAmazon || q.At(tu.Arrow) != Arrow || q.ToMove() != Black || q.Arrows() != p.Arrows()+1 {
			t.Fatalf("%s gives %s", s, q)
		}
	}
}

// TestNotationErrors checks the notation's refusals: malformed tokens and
// squares off the board, with the kind and the part at fault.
func TestNotationErrors(t *testing.T) {
	for _, c := range []struct {
		text string
		kind error
		part string
	}{
		{"d1-d7", ErrMalformed, ""},
		{"d1d7/g7", ErrMalformed, ""},
		{"d1-d7-g7", ErrMalformed, ""},
		{"d1/d7-g7", ErrMalformed, ""},
		{"d1\u2013d7/g7", ErrMalformed, ""},
		{"d1-d7/g7 ", ErrMalformed, ""},
		{"d1-d7/g7x", ErrMalformed, ""},
		{"pass", ErrMalformed, ""},
		{"#d1-d7/g7", ErrMalformed, ""},
		{"d1-d7/g07", ErrMalformed, ""},
		{"k5-d7/g7", ErrOffBoard, "k5"},
		{"d1-A0/g7", ErrOffBoard, "A0"},
		{"d1-d7/a11", ErrOffBoard, "a11"},
		{"d1-d7/a100", ErrOffBoard, "a100"},
	} {
		_, err := ParseTurn(c.text)
		var ne *NotationError
		if !errors.Is(err, c.kind) || !errors.As(err, &ne) || ne.What != "turn" || ne.Text != c.text || c.part != "" && ne.Part != c.part {
			t.Errorf("ParseTurn(%q) = %#v, want %v on %q", c.text, err, c.kind, c.part)
		}
	}
	for s, want := range map[string]string{"D1": "d1", "j10": "j10", "J10": "j10", "a1": "a1"} {
		q, err := ParseSquare(s)
		if err != nil || q.String() != want {
			t.Errorf("ParseSquare(%q) = %v, %v", s, q, err)
		}
	}
	if tu, err := ParseTurn("D1-d7/G7"); err != nil || tu.String() != "d1-d7/g7" {
		t.Errorf("upper case: %v %v", tu, err)
	}
	for _, c := range []struct {
		text string
		kind error
	}{
		{"", ErrMalformed},
		{StartText[:len(StartText)-2], ErrMalformed},
		{StartText + " ", ErrMalformed},
		{StartText[:len(StartText)-1] + "x", ErrMalformed},
		{StartText[:len(StartText)-1] + "W", ErrMalformed},
		{"3b2b3/10/10/b8b/10/10/w8w/10/3w2w3 w", ErrMalformed},       // nine ranks
		{"3b2b3/10/10/b8b/10/10/w8w/10/10/10/3w2w3 w", ErrMalformed}, // eleven
		{"3b2b3/10/10/b8b/10/10/w8w/10/9/3w2w3 w", ErrMalformed},     // a short rank
		{"3b2b3/10/10/b8b/10/10/w8w/10/11/3w2w3 w", ErrMalformed},    // a long one
		{"3b2b4/10/10/b8b/10/10/w8w/10/10/3w2w3 w", ErrMalformed},    // eleven squares
		{"3b2b3/10/10/b8b/10/10/w8w/10/55/3w2w3 w", ErrMalformed},    // 55 is one number
		{"3b2b3/10/10/b8b/10/10/w8w/10/010/3w2w3 w", ErrMalformed},   // a leading zero
		{"3b2b3/10/10/b8b/10/10/w8w/10/0/3w2w3 w", ErrMalformed},     // zero
		{"3B2b3/10/10/b8b/10/10/w8w/10/10/3w2w3 w", ErrMalformed},    // upper case
		{"3b2b3/10/10/b8b/10/10/w8w/10/10/3w2w3  w", ErrMalformed},   // two spaces
		{"3b2b3/10/10/b8b/10/10/w8w/10/w9/3w2w3 w", ErrBadPosition},  // five white amazons
		{"bbbbb5/10/10/10/10/10/10/10/10/10 b", ErrBadPosition},      // five black amazons
	} {
		_, err := ParsePosition(c.text)
		var ne *NotationError
		if !errors.Is(err, c.kind) || !errors.As(err, &ne) || ne.What != "position" || strings.ContainsAny(err.Error(), "\n\r") {
			t.Errorf("ParsePosition(%q) = %v, want %v", c.text, err, c.kind)
		}
	}
	// Fewer amazons than four, and none at all, are positions.
	for _, s := range []string{"10/10/10/10/10/10/10/10/10/10 w", "b9/10/10/10/10/10/10/10/10/9w b", "xxxxxxxxxx/10/10/10/10/10/10/10/10/w9 w"} {
		p, err := ParsePosition(s)
		if err != nil || p.String() != s {
			t.Errorf("ParsePosition(%q) = %v, %v", s, p, err)
		}
	}
}

// boxedWhite is a board where White's four amazons are shut in by arrows
// and a black amazon on c1, which can move away and free them.
var boxedWhite = []string{
	"b..b..b...", // 10
	"..........",
	"..........",
	"..........",
	"..........",
	"..........",
	"..........",
	"..........",
	"xxx....xxx", // 2
	"wwb....xww", // 1
}

// TestSideWithoutTurnLoses: the side to move that cannot move has lost;
// nothing is generated or counted, Apply refuses every turn with
// ErrGameOver, and a playout ends at once.
func TestSideWithoutTurnLoses(t *testing.T) {
	p := diagram(t, White, boxedWhite...)
	if !p.Over() || p.Result() != BlackWins || p.CanMove(White) || !p.CanMove(Black) {
		t.Fatalf("over %v, result %v", p.Over(), p.Result())
	}
	if w, over := p.Winner(); !over || w != Black {
		t.Errorf("winner %v %v", w, over)
	}
	if n := len(p.AppendTurns(nil)); n != 0 || p.CountTurns() != 0 || p.Perft(1) != 0 || p.Perft(2) != 0 || p.Mobility(White) != 0 {
		t.Errorf("%d turns, count %d, perft %d %d", n, p.CountTurns(), p.Perft(1), p.Perft(2))
	}
	for _, s := range []string{"b1-c1/b1", "c1-d1/c1", "a1-a2/a3"} {
		_, err := p.Apply(turn(t, s))
		var re *RuleError
		if !errors.Is(err, ErrGameOver) || !errors.As(err, &re) || re.Mover != White {
			t.Errorf("%s: %v, want ErrGameOver", s, err)
		}
	}
	if _, ok := p.RandomTurn(nil); ok {
		t.Error("RandomTurn in a finished game")
	}
	if end, n := p.PlayoutEnd(nil); n != 0 || end != p || p.Playout(nil) != Black {
		t.Errorf("playout of a finished game: %d turns", n)
	}
	// No amazons at all: the side to move has lost.
	if q := NewPosition(Black); q.Result() != WhiteWins {
		t.Errorf("empty board, black to move: %v", q.Result())
	}
}

// TestShutInWhileNotToMove: a side shut in while the other is to move
// has not lost; the other side's turn may free it, or keep it shut in and
// win.
func TestShutInWhileNotToMove(t *testing.T) {
	p := diagram(t, Black, boxedWhite...)
	if p.Over() || p.Result() != Ongoing || p.CanMove(White) {
		t.Fatalf("black to move: over %v, result %v", p.Over(), p.Result())
	}
	// c1-d1/c1 shoots onto the square just left: White stays shut in.
	q, err := p.Apply(turn(t, "c1-d1/c1"))
	if err != nil || !q.Over() || q.Result() != BlackWins {
		t.Errorf("c1-d1/c1: %v, result %v", err, q.Result())
	}
	// c1-e1/h... frees b1.
	q, err = p.Apply(turn(t, "c1-e1/e2"))
	if err != nil || q.Over() || q.Result() != Ongoing {
		t.Fatalf("c1-e1/e2: %v, result %v", err, q.Result())
	}
	for _, s := range legalStrings(q) {
		if !strings.HasPrefix(s, "b1-c1/") && !strings.HasPrefix(s, "b1-d1/") {
			t.Errorf("freed White can play %s", s)
		}
	}
	if q.CountTurns() == 0 {
		t.Error("freed White has no turn")
	}
	// A side whose own turn shuts itself in wins when the other side
	// cannot move at its turn: only the side to move matters.
	p = diagram(t, White,
		"bx........",
		"xx........",
		"..........",
		"..........",
		"..........",
		"..........",
		"..........",
		"........xx",
		"........x.",
		"........xw")
	if got := legalStrings(p); !slices.Equal(got, []string{"j1-j2/j1"}) {
		t.Fatalf("turns %v, want only j1-j2/j1", got)
	}
	q, err = p.Apply(turn(t, "j1-j2/j1"))
	if err != nil || q.CanMove(White) || q.Result() != WhiteWins {
		t.Errorf("j1-j2/j1: %v, white can move %v, %v", err, q.CanMove(White), q.Result())
	}
}

// TestDoUndo plays and takes back every turn of a few positions in place.
func TestDoUndo(t *testing.T) {
	for _, p := range []Position{Start(), diagram(t, White, rulesBoard...), diagram(t, Black, boxedWhite...)} {
		for _, tu := range p.AppendTurns(nil) {
			q := p
			q.Do(tu)
			want, _ := p.Apply(tu)
			if q != want || q.Hash() != want.Hash() {
				t.Fatalf("Do(%v) = %s, Apply gives %s", tu, q, want)
			}
			fresh, err := ParsePosition(q.String())
			if err != nil || fresh != q || fresh.Hash() != q.Hash() {
				t.Fatalf("after %v: the position read from its text differs (%v)", tu, err)
			}
			q.Undo(tu)
			if q != p {
				t.Fatalf("Undo(%v) gives %s, want %s", tu, q, p)
			}
		}
	}
}

// TestMovesAndShots lists the turns in two stages and checks they are the
// turns, and that mobility counts the moves.
func TestMovesAndShots(t *testing.T) {
	for _, p := range []Position{Start(), diagram(t, White, rulesBoard...), diagram(t, Black, boxedWhite...)} {
		var two []string
		moves := p.AppendMoves(nil)
		for _, m := range moves {
			if err := p.CheckMove(m); err != nil {
				t.Errorf("move %v: %v", m, err)
			}
			shots := p.AppendShots(nil, m)
			if len(shots) == 0 {
				t.Errorf("move %v has no shot", m)
			}
			for _, a := range shots {
				two = append(two, Turn{m.From, m.To, a}.String())
			}
		}
		slices.Sort(two)
		if want := legalStrings(p); !slices.Equal(two, want) {
			t.Errorf("%s: %d turns in two stages, %d in one", p, len(two), len(want))
		}
		if p.Mobility(p.ToMove()) != len(moves) {
			t.Errorf("mobility %d, %d moves", p.Mobility(p.ToMove()), len(moves))
		}
		other := p.AppendMovesOf(nil, p.ToMove().Other())
		if p.Mobility(p.ToMove().Other()) != len(other) {
			t.Errorf("mobility of the other side %d, %d moves", p.Mobility(p.ToMove().Other()), len(other))
		}
	}
	if m := Start().Mobility(White); m != 80 {
		t.Errorf("start mobility %d", m)
	}
}

// TestZeroPosition checks that the zero Position is a finished empty
// board, and that Put on it starts an empty board.
func TestZeroPosition(t *testing.T) {
	var z Position
	if !z.Over() || len(z.AppendTurns(nil)) != 0 || z.CountTurns() != 0 || z.Perft(2) != 0 {
		t.Errorf("zero position: over %v", z.Over())
	}
	p, ok := z.Put(sq(t, "e5"), WhiteAmazon)
	if !ok || p.String() != "10/10/10/10/10/4w5/10/10/10/10 w" || p.Mobility(White) != 35 || p.CountTurns() != len(p.AppendTurns(nil)) || p.Over() {
		t.Errorf("Put on the zero position: %v %s, %d turns", ok, p, p.CountTurns())
	}
	if got := p.AppendShots(nil, Move{NoSquare, sq(t, "e6")}); len(got) != 0 {
		t.Errorf("shots of an invalid move: %v", got)
	}
}

// TestMessageRepairsInvalidUTF8: user text quoted in an error is valid
// UTF-8, invalid bytes shown as U+FFFD, as in every engine.
func TestMessageRepairsInvalidUTF8(t *testing.T) {
	_, err := ParseTurn("d1\xff-d7/g7")
	if !errors.Is(err, ErrMalformed) {
		t.Fatalf("ParseTurn: %v, want ErrMalformed", err)
	}
	if msg := err.Error(); !strings.Contains(msg, "'d1\uFFFD-d7/g7'") {
		t.Fatalf("message %q does not quote the turn with U+FFFD", msg)
	}
}
