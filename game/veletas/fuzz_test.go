package veletas

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// Seed corpora live in testdata/fuzz/<FuzzName>; the seeds added here with
// f.Add come from the notation's examples and the conformance cases.

func FuzzParseAction(f *testing.F) {
	for _, s := range []string{"[d4,g7,b9]e5", "[c5]d2", "swap", "KEEP", "d4-d7/f9", "g7/g2", "H10-D6/B4", "k11/a1", "g6-/g5", "[b5;d9]f1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, err := ParseAction(s)
		if err != nil {
			var ge *Error
			if !errors.As(err, &ge) || ge.Kind == nil || strings.ContainsRune(err.Error(), '\n') {
				t.Fatalf("unclassified or multi-line error %q", err)
			}
			return
		}
		out := a.String()
		if !strings.EqualFold(out, s) {
			t.Fatalf("ParseAction(%q).String() = %q", s, out)
		}
		b, err := ParseAction(out)
		if err != nil || b.String() != out {
			t.Fatalf("round trip of %q: %v %q", out, err, b.String())
		}
	})
}

func FuzzParsePosition(f *testing.F) {
	f.Add("7/2s4/7/4b2/7/3w3/s5s b")
	f.Add("10/10/10/10/10/10/10/10/10/10 b")
	f.Add("Bb1w1w4/b1sbwbw3/1bbBwb2b1/2wbs1wbb1/bbbbwb4/Bw3w1w2/wwswb4w/1bw1b2w2/3w3sw1/bw4bw2 b")
	f.Add("3b3/7/7/7/7/3s3/7 w")
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParsePosition(s)
		if err != nil {
			if !errors.As(err, new(*Error)) {
				t.Fatalf("unclassified error %q", err)
			}
			return
		}
		out := p.String()
		q, err := ParsePosition(out)
		if err != nil || q != p || q.String() != out {
			t.Fatalf("round trip of %q: %v", out, err)
		}
		// Whatever the position, generation and counting agree.
		if n := p.CountTurns(); n != len(p.LegalTurns(nil)) {
			t.Fatalf("CountTurns %d != LegalTurns %d", n, len(p.LegalTurns(nil)))
		}
	})
}

func addConformanceRecords(f *testing.F) []string {
	var out []string
	for _, dir := range []string{"conformance/games", "conformance/partial", "conformance/illegal",
		"conformance-revised/games", "conformance-revised/partial", "conformance-revised/illegal"} {
		files, _ := filepath.Glob(filepath.Join("testdata", dir, "*.rec"))
		for i, file := range files {
			if i%4 != 0 {
				continue
			}
			b, err := os.ReadFile(file)
			if err == nil {
				out = append(out, string(b))
			}
		}
	}
	return out
}

func FuzzParseRecord(f *testing.F) {
	for _, s := range addConformanceRecords(f) {
		f.Add(s)
	}
	f.Add("size=7\n[c5]d2\nkeep\n[a1,g7]e4\nc5-c3/f6\ng7/g5\n")
	f.Add("")
	f.Fuzz(func(t *testing.T, s string) {
		g, err := ParseRecordString(s)
		if err != nil {
			var te *TokenError
			var ge *Error
			if !errors.As(err, &te) && !errors.As(err, &ge) {
				t.Fatalf("unclassified error %q", err)
			}
			if strings.ContainsRune(err.Error(), '\n') {
				t.Fatalf("multi-line error %q", err)
			}
			return
		}
		h, err := ParseRecordString(g.String())
		if err != nil || h.Position() != g.Position() || h.String() != g.String() {
			t.Fatalf("record round trip: %v\n%s", err, g)
		}
	})
}

// FuzzApply applies an arbitrary token to positions along real games: a
// turn is accepted exactly when move generation lists it, and a refusal is
// always a classified error.
func FuzzApply(f *testing.F) {
	recs := addConformanceRecords(f)
	for i, s := range []string{"d4-d7/f9", "g7/g2", "swap", "[a1]b2", "a1-a1/a2", "j10-a1/j10", "c3/c2"} {
		f.Add(uint16(i*7), s)
	}
	var games []Game
	for _, r := range recs {
		if g, err := ParseRecordString(r); err == nil && g.Len() > 0 {
			games = append(games, g)
		}
	}
	if len(games) == 0 {
		f.Fatal("no seed games")
	}
	f.Fuzz(func(t *testing.T, pick uint16, tok string) {
		g := games[int(pick)%len(games)]
		p := g.PositionAt(int(pick/8) % (g.Len() + 1))
		a, err := ParseAction(tok)
		if err != nil {
			return
		}
		q, err := p.Apply(a)
		if err != nil {
			if !errors.As(err, new(*Error)) {
				t.Fatalf("unclassified error %q", err)
			}
			if q != p {
				t.Fatal("a refused action changed the position")
			}
		}
		if a.Kind == KindTurn && p.Phase() == PhasePlay {
			listed := false
			for _, m := range p.LegalTurns(nil) {
				listed = listed || m == a.Turn
			}
			if listed != (err == nil) {
				t.Fatalf("%s in %s: listed %v, Apply error %v", a, p, listed, err)
			}
		}
	})
}

func FuzzParseSquare(f *testing.F) {
	for _, s := range []string{"a1", "J10", "k11", "a0", "z99", "b", "c-1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sq, err := ParseSquare(s)
		if err != nil {
			if !errors.Is(err, ErrMalformed) && !errors.Is(err, ErrOffBoard) {
				t.Fatalf("unclassified error %q", err)
			}
			return
		}
		if !sq.On(Size10) || !strings.EqualFold(sq.String(), s) {
			t.Fatalf("ParseSquare(%q) = %v", s, sq)
		}
	})
}

func FuzzParseSize(f *testing.F) {
	for _, s := range []string{"7", "9", "10", "10x10", "8", "-7", "7x9", "263", "265x265"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		size, err := ParseSize(s)
		if err != nil {
			if !errors.Is(err, ErrBadSize) {
				t.Fatalf("unclassified error %q", err)
			}
			return
		}
		n, _ := strconv.Atoi(strings.TrimSuffix(s, "x"+strings.SplitN(s, "x", 2)[0]))
		if !size.Valid() || int(size) != n {
			t.Fatalf("ParseSize(%q) = %d", s, size)
		}
	})
}

// FuzzParseHeader reads arbitrary text as the start of a record: the
// header (size= and rules= in any order, each at most once) is either
// accepted, and then written back the same way in the other order, or
// refused with a one-line *TokenError naming token 0; ParseRecord agrees.
func FuzzParseHeader(f *testing.F) {
	for _, s := range []string{"size=7 rules=revised", "rules=revised size=9 [c4]d2", "rules=classic", "size=10",
		"size=7 size=7", "rules=revised rules=revised", "rules=classical", "RULES=Revised SIZE=7", "size=", "rules=",
		"size=7\n# comment\nrules=revised\n[c4]d2 keep", "rules=revised=x", "=7", "size=7 rules=revised size=8"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var tokens []string
		for _, line := range strings.Split(s, "\n") {
			if !strings.HasPrefix(line, "#") {
				tokens = append(tokens, strings.Fields(line)...)
			}
		}
		size, rules, n, err := ParseHeader(tokens)
		g, recErr := ParseRecordString(s)
		if err != nil {
			var te *TokenError
			if !errors.As(err, &te) || te.N != 0 || !errors.As(err, new(*Error)) || strings.ContainsRune(err.Error(), '\n') {
				t.Fatalf("header error %q is not a one-line classified error for token 0", err)
			}
			if !errors.As(recErr, &te) || te.N != 0 || recErr.Error() != err.Error() {
				t.Fatalf("ParseHeader says %v, ParseRecord says %v", err, recErr)
			}
			return
		}
		if n > 2 || !size.Valid() || !rules.Valid() {
			t.Fatalf("ParseHeader(%q) = %v %v %d", tokens, size, rules, n)
		}
		if recErr == nil && (g.Size() != size || g.Rules() != rules) {
			t.Fatalf("ParseRecord gives %v %v, ParseHeader %v %v", g.Size(), g.Rules(), size, rules)
		}
		var te *TokenError
		if recErr != nil && (!errors.As(recErr, &te) || te.N == 0) {
			t.Fatalf("header accepted by ParseHeader, refused by ParseRecord: %v", recErr)
		}
		// Written back in the other order, the header reads the same.
		back := []string{"rules=" + rules.String(), "size=" + itoa(int(size))}
		s2, r2, n2, err := ParseHeader(back)
		if err != nil || s2 != size || r2 != rules || n2 != 2 {
			t.Fatalf("header %v reads as %v %v %d %v", back, s2, r2, n2, err)
		}
	})
}
