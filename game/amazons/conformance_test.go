package amazons

import (
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
// ../shared/amazons-conformance, which .ci/run checks).

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

// TestConformanceReplay replays every finished and partial game and checks
// the final position and result, and that the record written back replays
// to the same game.
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
				if got := "result: " + g.Result().String(); got != lines[1] {
					t.Errorf("got %q, want %q", got, lines[1])
				}
				if dir == "games" && g.Result() == Ongoing {
					t.Errorf("a finished game is ongoing")
				}
				again, err := ParseRecordString(g.String())
				if err != nil || again.Position() != g.Position() || again.Len() != g.Len() {
					t.Errorf("record round trip: %v\n%s", err, g.String())
				}
				// The position written out reads back.
				p, err := ParsePosition(lines[0])
				if err != nil || p != g.Position() {
					t.Errorf("ParsePosition(%q): %v", lines[0], err)
				}
			})
		}
	}
}

// manifestReasons maps each illegal case to its category in MANIFEST.tsv.
func manifestReasons(t *testing.T) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, line := range strings.Split(readFile(t, filepath.Join("testdata", "conformance", "MANIFEST.tsv")), "\n") {
		f := strings.Split(line, "\t")
		if len(f) >= 3 && f[0] == "illegal" {
			cat, _, _ := strings.Cut(f[2], ":")
			out[f[1]] = cat
		}
	}
	return out
}

// categoryRule is the rule this package names for each category of the
// illegal cases.
var categoryRule = map[string]error{
	"from-empty":           ErrNoAmazon,
	"from-arrow":           ErrNoAmazon,
	"from-opponent":        ErrNotYourAmazon,
	"after-game-over":      ErrGameOver,
	"move-onto-amazon":     ErrMoveOccupied,
	"move-onto-arrow":      ErrMoveOccupied,
	"move-blocked-amazon":  ErrMoveBlocked,
	"move-blocked-arrow":   ErrMoveBlocked,
	"arrow-onto-amazon":    ErrArrowOccupied,
	"arrow-onto-arrow":     ErrArrowOccupied,
	"arrow-on-landing":     ErrArrowOccupied,
	"arrow-blocked-arrow":  ErrArrowBlocked,
	"arrow-blocked-amazon": ErrArrowBlocked,
	"arrow-not-queen-line": ErrArrowNotQueenLine,
	"not-queen-line":       ErrNotQueenLine,
	"zero-length":          ErrZeroMove,
	"off-board":            ErrOffBoard,
	"malformed":            ErrMalformed,
}

// TestConformanceIllegal checks that every illegal record fails at the
// token the case names, for the rule of its category.
func TestConformanceIllegal(t *testing.T) {
	reasons := manifestReasons(t)
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
				t.Fatalf("got %v, want a token error", err)
			}
			if te.N != want {
				t.Errorf("token %d (%v), want token %d", te.N, err, want)
			}
			cat, ok := reasons[name]
			if !ok {
				t.Fatalf("%s is not in MANIFEST.tsv", name)
			}
			if rule := categoryRule[cat]; !errors.Is(err, rule) {
				t.Errorf("%s: %v does not wrap %v", cat, err, rule)
			}
			t.Log(err)
		})
	}
}

// TestConformancePositions checks the turns and perft counts of every
// position (perft beyond depth 2 only without -short).
func TestConformancePositions(t *testing.T) {
	for _, file := range conformanceFiles(t, "positions", ".pos") {
		base := strings.TrimSuffix(file, ".pos")
		t.Run(filepath.Base(base), func(t *testing.T) {
			text := strings.TrimSpace(readFile(t, file))
			p, err := ParsePosition(text)
			if err != nil {
				t.Fatal(err)
			}
			if p.String() != text {
				t.Errorf("String\n got %s\nwant %s", p, text)
			}
			var got []string
			for _, tu := range p.AppendTurns(nil) {
				got = append(got, tu.String())
			}
			want := strings.Fields(readFile(t, base+".moves"))
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("turns: got %d, want %d", len(got), len(want))
			}
			if n := p.CountTurns(); n != len(want) {
				t.Errorf("CountTurns %d, want %d", n, len(want))
			}
			if p.Over() != (len(want) == 0) {
				t.Errorf("Over %v with %d turns", p.Over(), len(want))
			}
			for _, line := range strings.Split(strings.TrimSpace(readFile(t, base+".perft")), "\n") {
				f := strings.Fields(line)
				d, _ := strconv.Atoi(f[0])
				n, _ := strconv.ParseInt(f[1], 10, 64)
				if d > 2 && testing.Short() {
					continue
				}
				if got := p.Perft(d); got != n {
					t.Errorf("perft %d = %d, want %d", d, got, n)
				}
			}
		})
	}
}
