package fanorona

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

// The cases in testdata/conformance were generated from the rules by an
// implementation independent of this one (an exact copy of
// ../shared/fanorona-conformance, which .ci/run checks).

func conformanceFiles(t *testing.T, dir, ext string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", "conformance", dir, "*"+ext))
	if err != nil || len(files) == 0 {
		t.Fatalf("no conformance cases in %s (err %v)", dir, err)
	}
	return files
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestConformanceReplay(t *testing.T) {
	for _, dir := range []string{"games", "partial"} {
		for _, rec := range conformanceFiles(t, dir, ".rec") {
			name := strings.TrimSuffix(filepath.Base(rec), ".rec")
			t.Run(name, func(t *testing.T) {
				g, err := ParseRecordString(readFile(t, rec))
				if err != nil {
					t.Fatalf("replay failed: %v", err)
				}
				lines := strings.Split(strings.TrimSpace(readFile(t, strings.TrimSuffix(rec, ".rec")+".expect")), "\n")
				if len(lines) != 2 {
					t.Fatalf("bad expect file %q", lines)
				}
				if got := g.Position().String(); got != lines[0] {
					t.Errorf("position\n got %s\nwant %s", got, lines[0])
				}
				if got := "result: " + g.Position().Result().String(); got != lines[1] {
					t.Errorf("got %q, want %q", got, lines[1])
				}
				// The record written back replays to the same position.
				again, err := ParseRecordString(g.String())
				if err != nil || again.Position() != g.Position() || again.Len() != g.Len() {
					t.Errorf("record round trip: %v\n%s", err, g.String())
				}
			})
		}
	}
}

func TestConformanceIllegal(t *testing.T) {
	for _, rec := range conformanceFiles(t, "illegal", ".rec") {
		name := strings.TrimSuffix(filepath.Base(rec), ".rec")
		t.Run(name, func(t *testing.T) {
			want, err := strconv.Atoi(strings.TrimSpace(readFile(t, strings.TrimSuffix(rec, ".rec")+".bad")))
			if err != nil {
				t.Fatal(err)
			}
			_, err = ParseRecordString(readFile(t, rec))
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
			t.Log(err)
		})
	}
}

func TestConformancePositions(t *testing.T) {
	for _, pos := range conformanceFiles(t, "positions", ".pos") {
		base := strings.TrimSuffix(pos, ".pos")
		t.Run(filepath.Base(base), func(t *testing.T) {
			text := strings.TrimSpace(readFile(t, pos))
			v, err := ParseVariant(strings.TrimSpace(readFile(t, base+".variant")))
			if err != nil {
				t.Fatal(err)
			}
			p, err := ParsePosition(text, v)
			if err != nil {
				t.Fatal(err)
			}
			if got := p.String(); got != text {
				t.Errorf("position round trip:\n got %s\nwant %s", got, text)
			}
			var got []string
			for _, m := range p.LegalTurns(nil) {
				got = append(got, m.String())
			}
			want := strings.Fields(readFile(t, base+".moves"))
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("legal turns differ:\n got %q\nwant %q", got, want)
			}
			if n := p.CountTurns(); n != len(want) {
				t.Errorf("CountTurns = %d, want %d", n, len(want))
			}
			sc := bufio.NewScanner(strings.NewReader(readFile(t, base+".perft")))
			lines := 0
			for sc.Scan() {
				fields := strings.Fields(sc.Text())
				if len(fields) != 2 {
					continue
				}
				lines++
				depth, _ := strconv.Atoi(fields[0])
				count, _ := strconv.ParseInt(fields[1], 10, 64)
				if got := p.Perft(depth); got != count {
					t.Errorf("perft %d = %d, want %d", depth, got, count)
				}
				if got := perftByTurns(p, depth); got != count {
					t.Errorf("perft %d by whole turns = %d, want %d", depth, got, count)
				}
			}
			if lines == 0 {
				t.Error("no perft lines")
			}
		})
	}
}

// perftByTurns counts perft with LegalTurns and Apply, independently of
// the step-level counter that Perft uses.
func perftByTurns(p Position, depth int) int64 {
	if depth == 0 {
		return 1
	}
	var n int64
	for _, t := range p.LegalTurns(nil) {
		q, err := p.Apply(t)
		if err != nil {
			panic(t.String() + ": " + err.Error())
		}
		n += perftByTurns(q, depth-1)
	}
	return n
}
