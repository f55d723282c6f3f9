package fanorona

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// Seed corpora live in testdata/fuzz/<FuzzName>; the seeds added here with
// f.Add come from the notation's examples and the conformance cases.

// classified fails unless err is a one-line *Error with a kind.
func classified(t *testing.T, err error) {
	t.Helper()
	var ge *Error
	if !errors.As(err, &ge) || ge.Kind == nil || strings.ContainsRune(err.Error(), '\n') || err.Error() == "" {
		t.Fatalf("unclassified or multi-line error %q", err)
	}
}

func FuzzParsePoint(f *testing.F) {
	for _, s := range []string{"e3", "A1", "i5", "j5", "h10", "a0", "a01", "e", "", "é3", "z999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParsePoint(s)
		if err != nil {
			classified(t, err)
			return
		}
		if !p.Valid() || !strings.EqualFold(p.String(), s) {
			t.Fatalf("ParsePoint(%q) = %v", s, p)
		}
		if q, err := ParsePoint(p.String()); err != nil || q != p {
			t.Fatalf("round trip of %v: %v", p, err)
		}
	})
}

func FuzzParseTurn(f *testing.F) {
	for _, s := range []string{"e2-e3", "d2-e3A", "d2-e3A-e4W-d4A", "D2-E3a", "i3-h4(A)", "-b4", "b4-b3A-h10W", "e2-e3-", "a1--a2", "e2-e3AW"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tk, err := ParseTurn(s)
		if err != nil {
			classified(t, err)
			return
		}
		out := tk.String()
		if !strings.EqualFold(out, s) {
			t.Fatalf("ParseTurn(%q).String() = %q", s, out)
		}
		back, err := ParseTurn(out)
		if err != nil || back != tk || back.String() != out {
			t.Fatalf("round trip of %q: %v", out, err)
		}
		if again, ok := NewTurn(tk.Steps()...); !ok || again != tk {
			t.Fatalf("NewTurn(Steps()) of %q", out)
		}
		if tk.Len() == 1 {
			if st, err := ParseStep(s); err != nil || st != tk.Step(0) {
				t.Fatalf("ParseStep(%q): %v", s, err)
			}
		}
	})
}

func FuzzParsePosition(f *testing.F) {
	f.Add(StartText, false)
	f.Add("bb6b/b1w2b3/bww1w1w2/www1wwwww/wwwwwwwww b 0", true)
	f.Add("1w7/9/8w/1ww1ww1ww/1w1w1wwbw b 1", false)
	f.Add("9/9/9/9/9 w 0", false)
	f.Add("9/9/4b4/9/w8 w 100", true)
	f.Add("9/9/4b4/9/w8 w 101", true)
	f.Fuzz(func(t *testing.T, s string, vela bool) {
		v := Fanorona
		if vela {
			v = Vela
		}
		p, err := ParsePosition(s, v)
		if err != nil {
			classified(t, err)
			return
		}
		out := p.String()
		q, err := ParsePosition(out, v)
		if err != nil || q != p || q.String() != out {
			t.Fatalf("round trip of %q: %v", out, err)
		}
		// Whatever the position, generation and counting agree, and the
		// step interface lists what the turns start with.
		turns := p.LegalTurns(nil)
		if n := p.CountTurns(); n != len(turns) {
			t.Fatalf("CountTurns %d != LegalTurns %d", n, len(turns))
		}
		if p.Perft(1) != int64(len(turns)) {
			t.Fatal("Perft(1) != LegalTurns")
		}
		steps := p.Steps(nil)
		if p.Over() != (len(steps) == 0) || p.Over() != (len(turns) == 0) {
			t.Fatalf("over %v with %d steps and %d turns", p.Over(), len(steps), len(turns))
		}
		for _, tk := range turns {
			if !slices.Contains(steps, tk.Step(0)) {
				t.Fatalf("turn %s starts with an unlisted step", tk)
			}
		}
	})
}

func conformanceRecords() []string {
	var out []string
	for _, dir := range []string{"games", "partial", "illegal"} {
		files, _ := filepath.Glob(filepath.Join("testdata", "conformance", dir, "*.rec"))
		for i, file := range files {
			if i%3 != 0 {
				continue
			}
			if b, err := os.ReadFile(file); err == nil {
				out = append(out, string(b))
			}
		}
	}
	return out
}

func FuzzParseRecord(f *testing.F) {
	for _, s := range conformanceRecords() {
		f.Add(s)
	}
	f.Add("variant=vela\nd2-e3A\ng5-f4\n")
	f.Add("# comment\r\nvariant=fanorona\r\ne2-e3A\r\n")
	f.Add("variant=chess")
	f.Add("e2-e3A variant=vela")
	f.Fuzz(func(t *testing.T, s string) {
		g, err := ParseRecordString(s)
		if err != nil {
			var te *TokenError
			if errors.As(err, &te) && (te.N < 1 || te.Err == nil) {
				t.Fatalf("token error without a number or reason: %v", err)
			}
			classified(t, err)
			return
		}
		out := g.String()
		back, err := ParseRecordString(out)
		if err != nil || back.Position() != g.Position() || back.String() != out {
			t.Fatalf("round trip: %v\n%s", err, out)
		}
	})
}

// FuzzApply applies an arbitrary turn token to an arbitrary position,
// whole and step by step: never a panic; a turn is accepted exactly when
// it is among LegalTurns; both ways give the same position.
func FuzzApply(f *testing.F) {
	f.Add(StartText, false, "d2-e3A")
	f.Add(StartText, true, "d2-e3A-e4W")
	f.Add("4b4/2b6/4b4/1w1b5/b8 w 5", false, "b2-c2A-c3A-d3A")
	f.Add("4b4/2b6/4b4/1w1b5/b8 w 5", false, "b2-c2A-c3A-b2A")
	f.Add("bbbbbbbbb/bbbbb1bbb/bwbwwbwbw/www1wwwww/wwwwwwwww b 0", true, "e5-e4")
	f.Add("9/9/w8/w1w6/bww6 w 99", false, "c2-b2")
	f.Add("9/9/9/9/1w7 b 0", false, "b1-c1")
	f.Fuzz(func(t *testing.T, pos string, vela bool, tok string) {
		v := Fanorona
		if vela {
			v = Vela
		}
		p, err := ParsePosition(pos, v)
		if err != nil {
			return
		}
		tk, err := ParseTurn(tok)
		if err != nil {
			classified(t, err)
			return
		}
		q, err := p.Apply(tk)
		legal := slices.Contains(p.LegalTurns(nil), tk)
		if (err == nil) != legal {
			t.Fatalf("%s at %s: error %v, listed %v", tk, p, err, legal)
		}
		// Step by step.
		s := p
		var serr error
		for i := 0; i < tk.Len() && serr == nil; i++ {
			if i > 0 && !s.InSequence() {
				serr = errors.New("turn ended")
				break
			}
			s, serr = s.Step(tk.Step(i))
		}
		if serr == nil && s.InSequence() {
			s, serr = s.Stop()
		}
		if err != nil {
			classified(t, err)
			if q != p {
				t.Fatal("refused turn changed the position")
			}
			if serr == nil {
				t.Fatalf("%s refused whole (%v) but accepted step by step", tk, err)
			}
			return
		}
		if serr != nil || s != q {
			t.Fatalf("%s: whole %s, by steps %s (%v)", tk, q, s, serr)
		}
		if q.InSequence() || q.ToMove() == p.ToMove() || q.Count(p.ToMove().Other()) > p.Count(p.ToMove().Other()) {
			t.Fatalf("%s: bad position after the turn %s", tk, q)
		}
	})
}

func FuzzParseVariant(f *testing.F) {
	for _, s := range []string{"fanorona", "vela", "VELA", "véla", "chess", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := ParseVariant(s)
		if err != nil {
			classified(t, err)
			return
		}
		if back, err := ParseVariant(v.String()); err != nil || back != v || !v.Valid() {
			t.Fatalf("round trip of %q: %v", s, err)
		}
	})
}

// FuzzParseDiagram reads arbitrary diagrams: a diagram that parses writes
// a position that parses back to it.
func FuzzParseDiagram(f *testing.F) {
	f.Add(seq, 5)
	f.Add(blocked, 99)
	f.Add("b b b\nw w w", 0)
	f.Add(". . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n12 . . . . . . . .", -1)
	f.Fuzz(func(t *testing.T, rows string, quiet int) {
		p, err := ParseDiagram(rows, White, quiet, Fanorona)
		if err != nil {
			classified(t, err)
			return
		}
		if back, err := ParsePosition(p.String(), Fanorona); err != nil || back != p {
			t.Fatalf("round trip of %s: %v", p, err)
		}
	})
}

// FuzzSteps plays a game from the start step by step, each byte of plan
// choosing the next decision: below 128 a listed step (or Stop), from 128
// an arbitrary step built from the byte and its neighbour, which must be
// accepted exactly when Steps lists it. At every turn boundary the
// position must agree with the whole-turn generator.
func FuzzSteps(f *testing.F) {
	f.Add(false, []byte{0, 1, 2, 3, 4, 5, 6, 7})
	f.Add(true, []byte{3, 200, 17, 130, 9, 255, 1, 1, 1, 1})
	f.Add(false, []byte{4, 0, 0, 0, 129, 44, 77, 250, 3, 3, 3})
	f.Fuzz(func(t *testing.T, vela bool, plan []byte) {
		v := Fanorona
		if vela {
			v = Vela
		}
		p := NewPosition(v)
		start := p
		var steps []Step
		for i := 0; i < len(plan) && p.State() != StateOver; i++ {
			if !p.InSequence() {
				start, steps = p, steps[:0]
			}
			legal := p.Steps(nil)
			b := int(plan[i])
			var s Step
			if b < 128 {
				k := b % (len(legal) + boolInt(p.InSequence()))
				if k == len(legal) {
					q, err := p.Stop()
					if err != nil {
						t.Fatalf("stop refused: %v", err)
					}
					p = q
					turnEnded(t, start, steps, p)
					continue
				}
				s = legal[k]
			} else {
				n := byte(0)
				if i+1 < len(plan) {
					n = plan[i+1]
				}
				s = Step{From: Point(b % 45), To: Point(n % 46), Capture: Capture(n / 46 % 4)}
			}
			q, err := p.Step(s)
			if (err == nil) != slices.Contains(legal, s) {
				t.Fatalf("step %v at %s (%v): error %v, listed %v", s, p, p.State(), err, slices.Contains(legal, s))
			}
			if err != nil {
				classified(t, err)
				if q != p {
					t.Fatal("refused step changed the position")
				}
				continue
			}
			steps = append(steps, s)
			p = q
			if !p.InSequence() {
				turnEnded(t, start, steps, p)
			}
		}
	})
}

// turnEnded checks a turn played step by step from start to p: the
// whole-turn generator lists it and Apply gives the same position.
func turnEnded(t *testing.T, start Position, steps []Step, p Position) {
	t.Helper()
	tk, ok := NewTurn(steps...)
	if !ok || !slices.Contains(start.LegalTurns(nil), tk) {
		t.Fatalf("turn %s not listed at %s", tk, start)
	}
	if whole, err := start.Apply(tk); err != nil || whole != p {
		t.Fatalf("turn %s: whole %s (%v), by steps %s", tk, whole, err, p)
	}
}
