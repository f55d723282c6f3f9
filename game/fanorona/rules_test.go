package fanorona

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// diagram reads a board diagram (see ParseDiagram).
func diagram(t *testing.T, board string, toMove Color, quiet int, v Variant) Position {
	t.Helper()
	p, err := ParseDiagram(board, toMove, quiet, v)
	if err != nil {
		t.Fatalf("bad diagram: %v", err)
	}
	return p
}

// play applies a turn token and checks the result against a diagram.
func play(t *testing.T, p Position, tok string, want Position) Position {
	t.Helper()
	q, err := p.ApplyToken(tok)
	if err != nil {
		t.Fatalf("%s refused: %v", tok, err)
	}
	if q != want {
		t.Fatalf("after %s\n got %s %v\nwant %s %v", tok, q, q.State(), want, want.State())
	}
	return q
}

// refuse checks that a turn token is refused with the given kind of error,
// leaving nothing changed.
func refuse(t *testing.T, p Position, tok string, kind error) {
	t.Helper()
	q, err := p.ApplyToken(tok)
	if !errors.Is(err, kind) {
		t.Fatalf("%s: got error %v, want %v", tok, err, kind)
	}
	if q != p {
		t.Fatalf("%s: refused turn changed the position", tok)
	}
	if msg := err.Error(); strings.ContainsRune(msg, '\n') || msg == kind.Error() {
		t.Fatalf("%s: message %q is not a one-line sentence for players", tok, msg)
	}
}

func turnStrings(p Position) []string {
	var out []string
	for _, t := range p.LegalTurns(nil) {
		out = append(out, t.String())
	}
	slices.Sort(out)
	return out
}

func TestStartPosition(t *testing.T) {
	for _, v := range Variants {
		p := NewPosition(v)
		if p.String() != StartText || p.ToMove() != White || p.Count(White) != 22 || p.Count(Black) != 22 || p.State() != StateTurn {
			t.Fatalf("%v start: %s %v", v, p, p.State())
		}
	}
	// e3 is empty; White's four neighbours of e3 can step in, and d3
	// captures both ways.
	want := []string{"d2-e3A", "d3-e3A", "d3-e3W", "e2-e3A", "f2-e3A"}
	if got := turnStrings(NewPosition(Vela)); !slices.Equal(got, want) {
		t.Fatalf("Véla start turns %q, want %q", got, want)
	}
}

func TestApproachCapturesLineUpToEmptyPoint(t *testing.T) {
	p := diagram(t, `
		. . . . . . . . b
		. . . . . . . . .
		. w . b b . b . .
		. . . . . . . . .
		. . . . . . . . .`, White, 7, Fanorona)
	want := diagram(t, `
		. . . . . . . . b
		. . . . . . . . .
		. . w . . . b . .
		. . . . . . . . .
		. . . . . . . . .`, Black, 0, Fanorona)
	// b3-c3 approaches d3: d3 and e3 go, f3 is empty so g3 stays. The
	// piece on c3 cannot capture again, so the turn ends.
	play(t, p, "b3-c3A", want)
	if got := turnStrings(p); !slices.Equal(got, []string{"b3-c3A"}) {
		t.Fatalf("turns %q: the capture is compulsory and the only one", got)
	}
}

func TestApproachLineStopsAtOwnPieceAndEdge(t *testing.T) {
	p := diagram(t, `
		b . . . . . . . .
		. w . b b w b . .
		. . . . . . . . .
		. w . b b b b b b
		. . . . . . . . .`, White, 0, Fanorona)
	// Along rank 4 the line stops at White's f4: g4 stays.
	play(t, p, "b4-c4A", diagram(t, `
		b . . . . . . . .
		. . w . . w b . .
		. . . . . . . . .
		. w . b b b b b b
		. . . . . . . . .`, Black, 0, Fanorona))
	// Along rank 2 the line runs to the edge: d2 to i2 all go.
	play(t, p, "b2-c2A", diagram(t, `
		b . . . . . . . .
		. w . b b w b . .
		. . . . . . . . .
		. . w . . . . . .
		. . . . . . . . .`, Black, 0, Fanorona))
}

func TestWithdrawalCapturesLineBehind(t *testing.T) {
	p := diagram(t, `
		b . . . . . . . .
		. . . . . . . . .
		. b b b w . . . .
		. . . . . . . . .
		. . . . . . . . b`, White, 3, Fanorona)
	// e3 steps away east from d3: d3, c3 and b3 go, up to the edge.
	play(t, p, "e3-f3W", diagram(t, `
		b . . . . . . . .
		. . . . . . . . .
		. . . . . w . . .
		. . . . . . . . .
		. . . . . . . . b`, Black, 0, Fanorona))
	refuse(t, p, "e3-f3A", ErrWrongLetter)
	refuse(t, p, "e3-f3", ErrMissingLetter)
}

func TestStepCapturingBothWaysIsThePlayersChoice(t *testing.T) {
	p := diagram(t, `
		. . . . . . . . b
		. . . . . . . . .
		b b b w . b . . .
		. . . . . . . . .
		. . . . . . . . .`, White, 0, Fanorona)
	if got := turnStrings(p); !slices.Equal(got, []string{"d3-e3A", "d3-e3W"}) {
		t.Fatalf("turns %q", got)
	}
	// Approach takes f3 only; withdrawal takes the three behind: either
	// may be chosen, the smaller capture included.
	play(t, p, "d3-e3A", diagram(t, `
		. . . . . . . . b
		. . . . . . . . .
		b b b . w . . . .
		. . . . . . . . .
		. . . . . . . . .`, Black, 0, Fanorona))
	play(t, p, "d3-e3W", diagram(t, `
		. . . . . . . . b
		. . . . . . . . .
		. . . . w b . . .
		. . . . . . . . .
		. . . . . . . . .`, Black, 0, Fanorona))
	// Without a letter the step is not a paika: the letter is required.
	refuse(t, p, "d3-e3", ErrMissingLetter)
	// Capture is compulsory: no paika while a capture exists.
	refuse(t, p, "d3-d4", ErrCaptureCompulsory)
	refuse(t, p, "i5-h5", ErrNotYourPiece)
}

func TestPaikaAndLines(t *testing.T) {
	p := diagram(t, `
		. . . . . . . . b
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		w w . . . . . . .`, White, 41, Fanorona)
	if got := turnStrings(p); !slices.Equal(got, []string{"a1-a2", "a1-b2", "b1-b2", "b1-c1"}) {
		t.Fatalf("turns %q", got)
	}
	// A paika counts one more turn without a capture.
	q := play(t, p, "b1-c1", diagram(t, `
		. . . . . . . . b
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		w . w . . . . . .`, Black, 42, Fanorona))
	if q.Quiet() != 42 {
		t.Fatal(q.Quiet())
	}
	refuse(t, p, "b1-c1A", ErrWrongLetter)  // a letter on a paika
	refuse(t, p, "b1-c2", ErrNotAlongLine)  // b1 has no diagonal
	refuse(t, p, "a1-a3", ErrNotAlongLine)  // not adjacent
	refuse(t, p, "a1-b1", ErrOccupied)      // occupied
	refuse(t, p, "c1-c2", ErrNoPiece)       // nothing on c1
	refuse(t, p, "i5-i4", ErrNotYourPiece)  // Black's piece
	refuse(t, p, "a1-j1", ErrOffBoard)      // off the board
	refuse(t, p, "a1-a2-a3", ErrAfterPaika) // nothing follows a paika
	refuse(t, p, "a1a2", ErrMalformed)
	refuse(t, p, "a1-a2X", ErrMalformed)
}

// seq is the board of the capture sequence tests: White's b2 can capture
// d2 by approach, then c4, then e3.
const seq = `
	. . . . . . . . .
	. . b . . . . . .
	. . . . b . . . .
	. w . b . . . . .
	b . . . . . . . .`

func TestCaptureSequence(t *testing.T) {
	p := diagram(t, seq, White, 5, Fanorona)
	play(t, p, "b2-c2A-c3A-d3A", diagram(t, `
		. . . . . . . . .
		. . . . . . . . .
		. . . w . . . . .
		. . . . . . . . .
		b . . . . . . . .`, Black, 0, Fanorona))
	// Continuing is optional: every stopping point is a turn.
	play(t, p, "b2-c2A", diagram(t, `
		. . . . . . . . .
		. . b . . . . . .
		. . . . b . . . .
		. . w . . . . . .
		b . . . . . . . .`, Black, 0, Fanorona))
	play(t, p, "b2-c2A-c3A", diagram(t, `
		. . . . . . . . .
		. . . . . . . . .
		. . w . b . . . .
		. . . . . . . . .
		b . . . . . . . .`, Black, 0, Fanorona))
	turns := turnStrings(p)
	for _, tok := range []string{"b2-c2A", "b2-c2A-c3A", "b2-c2A-c3A-d3A", "b2-c3W", "b2-c3W-d3A", "b2-c3W-c2W", "b2-c3W-b4W"} {
		if !slices.Contains(turns, tok) {
			t.Errorf("%s missing from %q", tok, turns)
		}
	}
	// A continuation must capture, and with its letter.
	refuse(t, p, "b2-c2A-c1", ErrNotCapturing)
	refuse(t, p, "b2-c2A-c3", ErrMissingLetter)
	refuse(t, p, "b2-c2A-c3W", ErrWrongLetter)
	// After c3 the piece may not return to b2, although b2-a1 would be
	// an approach on a1.
	refuse(t, p, "b2-c2A-c3A-b2A", ErrRevisit)
	refuse(t, p, "b2-c2A-b2", ErrRevisit)
}

func TestNoSameDirectionTwice(t *testing.T) {
	p := diagram(t, `
		. . . . . . . . .
		. . . . . . . . .
		b w . . b . . . .
		. . . . . . . . .
		. . . . . . . . b`, White, 0, Fanorona)
	// b3-c3 withdraws from a3; c3-d3 would approach e3 but moves east
	// again.
	refuse(t, p, "b3-c3W-d3A", ErrSameDirection)
	play(t, p, "b3-c3W", diagram(t, `
		. . . . . . . . .
		. . . . . . . . .
		. . w . b . . . .
		. . . . . . . . .
		. . . . . . . . b`, Black, 0, Fanorona))
}

func TestStepByStep(t *testing.T) {
	p := diagram(t, seq, White, 5, Fanorona)
	if p.State() != StateTurn {
		t.Fatal(p.State())
	}
	q, err := p.Step(Step{From: NewPoint(1, 1), To: NewPoint(2, 1), Capture: Approach}) // b2-c2A
	if err != nil {
		t.Fatal(err)
	}
	if q.State() != StateSequence || q.ToMove() != White || q.Count(Black) != 3 {
		t.Fatalf("after b2-c2A: %v %v %d", q.State(), q.ToMove(), q.Count(Black))
	}
	if pc, ok := q.MovingPiece(); !ok || pc.String() != "c2" || q.LastDir() != East {
		t.Fatalf("moving piece %v %v, last %v", pc, ok, q.LastDir())
	}
	// Only the moving piece, only capturing steps.
	if got := q.Steps(nil); len(got) != 1 || got[0].String() != "c2-c3A" {
		t.Fatalf("continuations %v", got)
	}
	if _, err := q.Step(Step{From: NewPoint(0, 0), To: NewPoint(1, 0)}); !errors.Is(err, ErrOtherPiece) {
		t.Fatalf("black piece during White's sequence: %v", err)
	}
	if _, err := q.Apply(Turn{}); !errors.Is(err, ErrInSequence) {
		t.Fatalf("a whole turn during a sequence: %v", err)
	}
	// Stop ends the turn.
	s, err := q.Stop()
	if err != nil || s.State() != StateTurn || s.ToMove() != Black || s.Quiet() != 0 {
		t.Fatalf("stop: %v %v %v", err, s.State(), s.ToMove())
	}
	if _, err := s.Stop(); !errors.Is(err, ErrNoSequence) {
		t.Fatalf("stop between turns: %v", err)
	}
	// Continue to the end: after d3 nothing more captures, so the step
	// ends the turn by itself.
	for _, tok := range []string{"c2-c3A", "c3-d3A"} {
		st, err := ParseStep(tok)
		if err != nil {
			t.Fatal(err)
		}
		if q, err = q.Step(st); err != nil {
			t.Fatalf("%s: %v", tok, err)
		}
	}
	whole, _ := p.ApplyToken("b2-c2A-c3A-d3A")
	if q != whole || q.State() != StateTurn || q.ToMove() != Black {
		t.Fatalf("step by step %s %v, whole turn %s", q, q.State(), whole)
	}
	// Another piece may not join a sequence.
	r, _ := p.Step(Step{From: NewPoint(1, 1), To: NewPoint(2, 2), Capture: Withdrawal}) // b2-c3W
	r.side[White] |= bit(NewPoint(8, 0))
	if _, err := r.Step(Step{From: NewPoint(8, 0), To: NewPoint(8, 1)}); !errors.Is(err, ErrOtherPiece) {
		t.Fatalf("another piece: %v", err)
	}
}

func TestVelaWhiteCapturesOnePieceAndStops(t *testing.T) {
	// From the start, d2-e3 approaches f4: in Fanorona g5 goes too and the
	// piece may go on; in Véla's first phase only f4 goes and the turn ends.
	fan, err := NewPosition(Fanorona).ApplyToken("d2-e3A")
	if err != nil || fan.Count(Black) != 20 {
		t.Fatalf("fanorona: %v, %d black", err, fan.Count(Black))
	}
	vela, err := NewPosition(Vela).ApplyToken("d2-e3A")
	if err != nil {
		t.Fatal(err)
	}
	want := "bbbbbbbbb/bbbbb1bbb/bwbwwbwbw/www1wwwww/wwwwwwwww b 0"
	if vela.String() != want || vela.Count(Black) != 21 {
		t.Fatalf("véla: %s, want %s", vela, want)
	}
	p := diagram(t, `
		b b b . . . . . .
		b b b . . . . . .
		. . . . . . . . .
		. . . w . b b . .
		. . . . . . . . .`, White, 0, Vela)
	play(t, p, "d2-e2A", diagram(t, `
		b b b . . . . . .
		b b b . . . . . .
		. . . . . . . . .
		. . . . w . b . .
		. . . . . . . . .`, Black, 0, Vela))
	// Capture stays compulsory for White.
	refuse(t, p, "d2-d3", ErrCaptureCompulsory)
}

func TestVelaSecondStepRefused(t *testing.T) {
	// The Fanorona continuation of this capture is refused in Véla.
	p := diagram(t, seq, White, 0, Vela)
	p.side[Black] |= bit(NewPoint(8, 4)) | bit(NewPoint(7, 4)) | bit(NewPoint(6, 4))
	if !p.FirstPhase() {
		t.Fatal("6 black pieces: first phase")
	}
	refuse(t, p, "b2-c2A-c3A", ErrPhase)
	if got := turnStrings(p); !slices.Equal(got, []string{"b2-c2A", "b2-c3W"}) {
		t.Fatalf("first-phase turns %q", got)
	}
	q, err := p.ApplyToken("b2-c2A")
	if err != nil || q.ToMove() != Black || q.State() != StateTurn {
		t.Fatalf("%v %v", err, q.State())
	}
}

func TestVelaBlackNeverCapturesInFirstPhase(t *testing.T) {
	p, err := NewPosition(Vela).ApplyToken("e2-e3A") // takes e4 only
	if err != nil {
		t.Fatal(err)
	}
	// e5-e4 would approach e3 under Fanorona rules.
	refuse(t, p, "e5-e4A", ErrPhase)
	q := play(t, p, "e5-e4", diagram(t, `
		b b b b . b b b b
		b b b b b b b b b
		b w b w w b w b w
		w w w w . w w w w
		w w w w w w w w w`, White, 1, Vela))
	if q.Count(White) != 22 {
		t.Fatal("Black captured in the first phase")
	}
	// Every Black step is a paika, even those that would capture: the
	// three steps into e4.
	if got := turnStrings(p); !slices.Equal(got, []string{"d4-e4", "e5-e4", "f4-e4"}) {
		t.Fatalf("black turns %q", got)
	}
}

func TestVelaSecondPhaseAtFiveBlackPieces(t *testing.T) {
	p := diagram(t, `
		. . . . . . b b b
		. . . . . . . . .
		. . . . . . . . .
		. . . w . b b . .
		. . . b . . . . .`, White, 0, Vela)
	// Six black pieces: White's approach takes only e2's neighbour f2,
	// not g2, and Black is down to five.
	q := play(t, p, "d2-e2A", diagram(t, `
		. . . . . . b b b
		. . . . . . . . .
		. . . . . . . . .
		. . . . w . b . .
		. . . b . . . . .`, Black, 0, Vela))
	if q.FirstPhase() {
		t.Fatal("five black pieces: the first phase is over")
	}
	// From now on Fanorona's rules: Black captures, and must.
	refuse(t, q, "g5-g4", ErrCaptureCompulsory)
	r := play(t, q, "g2-f2A", diagram(t, `
		. . . . . . b b b
		. . . . . . . . .
		. . . . . . . . .
		. . . . . b . . .
		. . . b . . . . .`, White, 0, Vela))
	if r.Result() != BlackWins {
		t.Fatalf("result %v", r.Result())
	}
}

func TestEndNoPiecesLeft(t *testing.T) {
	p := diagram(t, `
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		w . b . . . . . .`, White, 60, Fanorona)
	q := play(t, p, "a1-b1A", diagram(t, `
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. w . . . . . . .`, Black, 0, Fanorona))
	if q.Result() != WhiteWins || !q.Over() || q.State() != StateOver {
		t.Fatalf("result %v", q.Result())
	}
	refuse(t, q, "b1-c1", ErrGameOver)
	if len(q.LegalTurns(nil)) != 0 || len(q.Steps(nil)) != 0 || q.Perft(1) != 0 || q.CountTurns() != 0 {
		t.Fatal("turns after the end")
	}
	if _, err := q.Step(Step{From: NewPoint(1, 0), To: NewPoint(2, 0)}); !errors.Is(err, ErrGameOver) {
		t.Fatalf("step after the end: %v", err)
	}
}

// blocked: White's c2-b2 is a paika that leaves Black's a1 no step.
const blocked = `
	. . . . . . . . .
	. . . . . . . . .
	w . . . . . . . .
	w . w . . . . . .
	b w w . . . . . .`

func TestEndNoLegalTurn(t *testing.T) {
	p := diagram(t, blocked, White, 0, Fanorona)
	if p.captureExists() {
		t.Fatal("the board must offer White no capture")
	}
	q := play(t, p, "c2-b2", diagram(t, `
		. . . . . . . . .
		. . . . . . . . .
		w . . . . . . . .
		w w . . . . . . .
		b w w . . . . . .`, Black, 1, Fanorona))
	if q.Result() != WhiteWins {
		t.Fatalf("result %v", q.Result())
	}
	refuse(t, q, "a1-b2", ErrGameOver)
}

func TestDrawAfter100TurnsWithoutCapture(t *testing.T) {
	// The 100th turn without a capture draws, even though it also leaves
	// Black without a legal turn: the draw is checked first.
	p := diagram(t, blocked, White, 99, Fanorona)
	q, err := p.ApplyToken("c2-b2")
	if err != nil {
		t.Fatal(err)
	}
	if q.Result() != Draw || q.Quiet() != 100 || q.ToMove() != Black {
		t.Fatalf("result %v, quiet %d", q.Result(), q.Quiet())
	}
	refuse(t, q, "a1-a2", ErrGameOver)
	// A paika at 98 does not draw; a capture at 99 resets the count.
	p = diagram(t, blocked, White, 98, Fanorona)
	if q, _ := p.ApplyToken("c2-d2"); q.Result() != Ongoing || q.Quiet() != 99 {
		t.Fatalf("at 98: %v %d", q.Result(), q.Quiet())
	}
	p = diagram(t, `
		b . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		w . b . . . . b .`, White, 99, Fanorona)
	if q, _ := p.ApplyToken("a1-b1A"); q.Result() != Ongoing || q.Quiet() != 0 {
		t.Fatalf("capture at 99: %v %d", q.Result(), q.Quiet())
	}
}

func TestErrorsOnStart(t *testing.T) {
	p := NewPosition(Fanorona)
	for tok, kind := range map[string]error{
		"e2-e3":    ErrMissingLetter,
		"e2-e3W":   ErrWrongLetter,
		"d2-e3W":   ErrWrongLetter,
		"e1-e3A":   ErrNotAlongLine,
		"c1-d2A":   ErrOccupied,
		"e4-e3A":   ErrNotYourPiece,
		"e3-e4":    ErrNoPiece,
		"j1-e3":    ErrOffBoard,
		"e2-e6A":   ErrOffBoard,
		"e2e3":     ErrMalformed,
		"e2-e3AA":  ErrMalformed,
		"":         ErrMalformed,
		"e2-":      ErrMalformed,
		"e2--e3A":  ErrMalformed,
		"e2-e3A-":  ErrMalformed,
		"e2-e03A":  ErrMalformed,
		"e2-é3A":   ErrMalformed,
		"E2-E3A-x": ErrMalformed,
	} {
		refuse(t, p, tok, kind)
	}
	// Input is case-insensitive; output is canonical.
	q, err := p.ApplyToken("E2-e3a")
	r, _ := p.ApplyToken("e2-e3A")
	if err != nil || q != r {
		t.Fatalf("case: %v", err)
	}
	tk, _ := ParseTurn("D2-E3a-E4W")
	if tk.String() != "d2-e3A-e4W" {
		t.Fatal(tk.String())
	}
}

// TestMessageRepairsInvalidUTF8: user text quoted in an error is valid
// UTF-8, invalid bytes shown as U+FFFD, as in every engine.
func TestMessageRepairsInvalidUTF8(t *testing.T) {
	_, err := ParseTurn("e2\xff-e3")
	if !errors.Is(err, ErrMalformed) {
		t.Fatalf("ParseTurn: %v, want ErrMalformed", err)
	}
	if msg := err.Error(); !strings.Contains(msg, "'e2\uFFFD-e3'") {
		t.Fatalf("message %q does not quote the turn with U+FFFD", msg)
	}
}
