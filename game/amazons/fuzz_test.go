package amazons

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Seed corpora live in testdata/fuzz/<FuzzName>; the seeds added here with
// f.Add come from the notation's examples and the conformance cases.

// classified fails unless err is a one-line error of this package that
// wraps one of its Err* values.
func classified(t *testing.T, err error) {
	t.Helper()
	var ne *NotationError
	var re *RuleError
	var te *TokenError
	var le *TooLongError
	if !errors.As(err, &ne) && !errors.As(err, &re) && !errors.As(err, &te) && !errors.As(err, &le) {
		t.Fatalf("unclassified error %T %q", err, err)
	}
	kinds := []error{ErrMalformed, ErrOffBoard, ErrBadPosition, ErrRecordTooLong, ErrGameOver, ErrNoAmazon, ErrNotYourAmazon,
		ErrZeroMove, ErrNotQueenLine, ErrMoveBlocked, ErrMoveOccupied, ErrArrowNotQueenLine, ErrArrowBlocked, ErrArrowOccupied}
	n := 0
	for _, k := range kinds {
		if errors.Is(err, k) {
			n++
		}
	}
	if n != 1 {
		t.Fatalf("error %q wraps %d of the Err* values, want 1", err, n)
	}
	if msg := err.Error(); msg == "" || strings.ContainsAny(msg, "\n\r") {
		t.Fatalf("message %q is empty or not one line", msg)
	}
}

func FuzzParseSquare(f *testing.F) {
	for _, s := range []string{"d1", "J10", "a0", "a01", "k5", "a11", "z999", "", "é3", "d"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		q, err := ParseSquare(s)
		if err != nil {
			classified(t, err)
			return
		}
		if !q.Valid() || !strings.EqualFold(q.String(), s) {
			t.Fatalf("ParseSquare(%q) = %v", s, q)
		}
		if Sq(q.File(), q.Rank()) != q {
			t.Fatalf("Sq of %v", q)
		}
	})
}

func FuzzParseTurn(f *testing.F) {
	for _, s := range []string{"d1-d7/g7", "D1-D7/G7", "j4-j5-e10", "f9/e8-c6", "a7-a0/c5", "pass", "d1-d7", "d1\u2013d7/g7", "b5-b5/b7", "d1-d7/g7#"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tu, err := ParseTurn(s)
		if err != nil {
			classified(t, err)
			return
		}
		out := tu.String()
		if !strings.EqualFold(out, s) {
			t.Fatalf("ParseTurn(%q).String() = %q", s, out)
		}
		if back, err := ParseTurn(out); err != nil || back != tu {
			t.Fatalf("round trip of %q: %v", out, err)
		}
		m, err := ParseMove(out[:strings.IndexByte(out, '/')])
		if err != nil || m != tu.Move() {
			t.Fatalf("ParseMove of %q: %v", out, err)
		}
		// Any well-formed turn is judged by the rules: accepted exactly
		// when generated.
		p := Start()
		err = p.Check(tu)
		generated := false
		for _, x := range p.AppendTurns(nil) {
			generated = generated || x == tu
		}
		if (err == nil) != generated {
			t.Fatalf("%v: Check %v, generated %v", tu, err, generated)
		}
		if err != nil {
			classified(t, err)
		}
	})
}

func FuzzParsePosition(f *testing.F) {
	f.Add(StartText)
	for _, s := range []string{"10/10/10/10/10/10/10/10/10/10 w", "3b2b3/10/10/b8b/10/10/w8w/10/10/3w2w3 x", "bbbbb5/10/10/10/10/10/10/10/10/10 b", "55/10/10/10/10/10/10/10/10/10 w"} {
		f.Add(s)
	}
	if files, _ := filepath.Glob(filepath.Join("testdata", "conformance", "positions", "*.pos")); len(files) > 0 {
		for _, file := range files[:min(len(files), 5)] {
			b, _ := os.ReadFile(file)
			f.Add(strings.TrimSpace(string(b)))
		}
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParsePosition(s)
		if err != nil {
			classified(t, err)
			return
		}
		out := p.String()
		if out != s {
			t.Fatalf("ParsePosition(%q).String() = %q", s, out)
		}
		if back, err := ParsePosition(out); err != nil || back != p || back.Hash() != p.Hash() {
			t.Fatalf("round trip of %q: %v", out, err)
		}
		// The position's turns are legal, and as many as counted.
		turns := p.AppendTurns(nil)
		if len(turns) != p.CountTurns() || (len(turns) == 0) != p.Over() {
			t.Fatalf("%s: %d turns, count %d, over %v", s, len(turns), p.CountTurns(), p.Over())
		}
		for i, tu := range turns {
			if i%17 == 0 {
				if _, err := p.Apply(tu); err != nil {
					t.Fatalf("%s: generated %v: %v", s, tu, err)
				}
			}
		}
	})
}

func FuzzParseRecord(f *testing.F) {
	f.Add("# a short game\nd1-d7/g7\nj7-h7/h1\n")
	f.Add("d1-d7/g7\r\nJ7-H7/H1\r\n")
	f.Add("d1-d7/g7 #j7-h7/h1")
	f.Add("")
	for _, dir := range []string{"games", "illegal", "partial"} {
		files, _ := filepath.Glob(filepath.Join("testdata", "conformance", dir, "*.rec"))
		for _, file := range files[:min(len(files), 3)] {
			b, _ := os.ReadFile(file)
			f.Add(string(b))
		}
	}
	f.Fuzz(func(t *testing.T, s string) {
		g, err := ParseRecordString(s)
		if err != nil {
			classified(t, err)
			var te *TokenError
			if errors.As(err, &te) {
				// The number names a token of the record.
				n := 0
				for _, line := range strings.Split(s, "\n") {
					if !strings.HasPrefix(line, "#") {
						// The notation's white space is ASCII only.
						n += len(strings.FieldsFunc(line, func(r rune) bool { return strings.ContainsRune(" \t\r\n\v\f", r) }))
					}
				}
				if te.N < 1 || te.N > n {
					t.Fatalf("token %d of %d", te.N, n)
				}
			}
			return
		}
		again, err := ParseRecordString(g.String())
		if err != nil || again.Position() != g.Position() || again.Len() != g.Len() {
			t.Fatalf("record round trip: %v", err)
		}
	})
}

// FuzzApply plays a turn given by three bytes after a prefix of a record
// and checks Apply against the generated turns.
func FuzzApply(f *testing.F) {
	f.Add("d1-d7/g7", byte(96), byte(66), byte(36))
	f.Add("", byte(3), byte(63), byte(3))
	f.Add("d1-d7/g7 j7-h7/h1", byte(63), byte(65), byte(62))
	f.Fuzz(func(t *testing.T, rec string, a, b, c byte) {
		g, err := ParseRecordString(rec)
		if err != nil {
			return
		}
		p := g.Position()
		tu := Turn{Square(a), Square(b), Square(c)}
		q, err := p.Apply(tu)
		generated := false
		for _, x := range p.AppendTurns(nil) {
			generated = generated || x == tu
		}
		if (err == nil) != generated {
			t.Fatalf("%s: %v: Apply %v, generated %v", p, tu, err, generated)
		}
		if err != nil {
			classified(t, err)
			if q != p {
				t.Fatalf("a refused turn changed the position")
			}
			return
		}
		back := q
		back.Undo(tu)
		if back != p {
			t.Fatalf("Undo after Apply")
		}
	})
}
