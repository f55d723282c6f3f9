package veletas

import (
	"bufio"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The cases in testdata/conformance (classic rules) and
// testdata/conformance-revised (revised rules) were generated from the rules
// by an implementation independent of this one (copied from
// ../shared/conformance and ../shared/conformance-revised).

// suites are the two conformance folders under testdata.
var suites = []string{"conformance", "conformance-revised"}

func readLines(t *testing.T, path string) []string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Fields(strings.TrimSpace(strings.ReplaceAll(string(b), "\n", " \n")))
}

func conformanceFiles(t *testing.T, suite, dir, ext string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", suite, dir, "*"+ext))
	if err != nil || len(files) == 0 {
		t.Fatalf("no conformance cases in %s (err %v)", dir, err)
	}
	return files
}

func TestConformanceReplay(t *testing.T) {
	for _, suite := range suites {
		t.Run(suite, func(t *testing.T) { conformanceReplay(t, suite) })
	}
}

func conformanceReplay(t *testing.T, suite string) {
	for _, dir := range []string{"games", "partial"} {
		for _, rec := range conformanceFiles(t, suite, dir, ".rec") {
			name := strings.TrimSuffix(filepath.Base(rec), ".rec")
			t.Run(name, func(t *testing.T) {
				f, err := os.Open(rec)
				if err != nil {
					t.Fatal(err)
				}
				defer f.Close()
				g, err := ParseRecord(f)
				if err != nil {
					t.Fatalf("replay failed: %v", err)
				}
				want, err := os.ReadFile(strings.TrimSuffix(rec, ".rec") + ".expect")
				if err != nil {
					t.Fatal(err)
				}
				lines := strings.Split(strings.TrimSpace(string(want)), "\n")
				if got := g.Position().String(); got != lines[0] {
					t.Errorf("position\n got %s\nwant %s", got, lines[0])
				}
				res := "result: ongoing"
				if w := g.Position().Winner(); w != NoColor {
					res = "result: " + w.String()
				}
				if res != lines[1] {
					t.Errorf("got %q, want %q", res, lines[1])
				}
				// The revised suite says rules=revised except in its
				// *_classic* games; the classic suite never says it.
				wantRules := Classic
				if suite == "conformance-revised" && !strings.Contains(name, "classic") {
					wantRules = Revised
				}
				if g.Rules() != wantRules || g.Position().Rules() != wantRules {
					t.Errorf("replayed under %v rules, want %v", g.Rules(), wantRules)
				}
				// The record written back replays to the same position.
				again, err := ParseRecordString(g.String())
				if err != nil || again.Position() != g.Position() {
					t.Errorf("record round trip: %v\n%s", err, g.String())
				}
			})
		}
	}
}

func TestConformanceIllegal(t *testing.T) {
	for _, suite := range suites {
		t.Run(suite, func(t *testing.T) { conformanceIllegal(t, suite) })
	}
}

func conformanceIllegal(t *testing.T, suite string) {
	for _, rec := range conformanceFiles(t, suite, "illegal", ".rec") {
		name := strings.TrimSuffix(filepath.Base(rec), ".rec")
		t.Run(name, func(t *testing.T) {
			b, err := os.ReadFile(rec)
			if err != nil {
				t.Fatal(err)
			}
			bad, err := os.ReadFile(strings.TrimSuffix(rec, ".rec") + ".bad")
			if err != nil {
				t.Fatal(err)
			}
			want, _ := strconv.Atoi(strings.TrimSpace(string(bad)))
			_, err = ParseRecordString(string(b))
			var te *TokenError
			if !errors.As(err, &te) {
				t.Fatalf("want a *TokenError for token %d, got %v", want, err)
			}
			if te.N != want {
				t.Errorf("error names token %d, want %d: %v", te.N, want, err)
			}
			var ge *Error
			if !errors.As(err, &ge) || ge.Kind == nil {
				t.Errorf("error %v does not wrap a classified *Error", err)
			}
		})
	}
}

func TestConformancePositions(t *testing.T) {
	for _, suite := range suites {
		t.Run(suite, func(t *testing.T) { conformancePositions(t, suite) })
	}
}

// caseRules reads NAME.rules beside a position case (classic without one).
func caseRules(t *testing.T, base string) Rules {
	t.Helper()
	b, err := os.ReadFile(base + ".rules")
	if errors.Is(err, os.ErrNotExist) {
		return Classic
	}
	if err != nil {
		t.Fatal(err)
	}
	r, err := ParseRules(strings.TrimSpace(string(b)))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func conformancePositions(t *testing.T, suite string) {
	for _, pos := range conformanceFiles(t, suite, "positions", ".pos") {
		base := strings.TrimSuffix(pos, ".pos")
		t.Run(filepath.Base(base), func(t *testing.T) {
			text, err := os.ReadFile(pos)
			if err != nil {
				t.Fatal(err)
			}
			rules := caseRules(t, base)
			if suite == "conformance-revised" && rules != Revised {
				t.Fatalf("%s.rules says %v, the revised suite's positions are revised", base, rules)
			}
			p, err := ParsePosition(string(text), WithRules(rules))
			if err != nil {
				t.Fatal(err)
			}
			if got := p.String(); got != strings.TrimSpace(string(text)) {
				t.Errorf("position round trip:\n got %s\nwant %s", got, text)
			}
			var got []string
			for _, m := range p.LegalTurns(nil) {
				got = append(got, m.String())
			}
			want := readLines(t, base+".moves")
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("legal turns differ: got %d, want %d", len(got), len(want))
			}
			if n := p.CountTurns(); n != len(want) {
				t.Errorf("CountTurns = %d, want %d", n, len(want))
			}
			f, err := os.Open(base + ".perft")
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			sc := bufio.NewScanner(f)
			for sc.Scan() {
				var depth int
				var count int64
				fields := strings.Fields(sc.Text())
				if len(fields) != 2 {
					continue
				}
				depth, _ = strconv.Atoi(fields[0])
				count, _ = strconv.ParseInt(fields[1], 10, 64)
				if testing.Short() && depth > 2 {
					continue
				}
				if got := p.Perft(depth); got != count {
					t.Errorf("perft %d = %d, want %d", depth, got, count)
				}
			}
		})
	}
}
