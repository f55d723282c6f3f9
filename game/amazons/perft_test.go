package amazons

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/perft.txt from the engine (counted two ways)")

// perftFile holds perft counts: the start's from the rules' reference
// (2,176 and 4,307,152), and positions of random games counted two ways
// (Perft, and AppendTurns with Apply) when the file was written with
// -update.
var perftFile = filepath.Join("testdata", "perft.txt")

// perftByTurns counts turn sequences with AppendTurns and Apply, a second
// way beside Perft.
func perftByTurns(t *testing.T, p Position, d int) int64 {
	if d == 0 {
		return 1
	}
	var n int64
	for _, tu := range p.AppendTurns(nil) {
		q, err := p.Apply(tu)
		if err != nil {
			t.Fatal(err)
		}
		n += perftByTurns(t, q, d-1)
	}
	return n
}

// TestPerftFile checks every line of testdata/perft.txt: POSITION;DEPTH
// COUNT;DEPTH COUNT...
func TestPerftFile(t *testing.T) {
	if *update {
		writePerftFile(t)
	}
	f, err := os.Open(perftFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	checked := 0
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Split(line, ";")
		p, err := ParsePosition(fields[0])
		if err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		for _, dc := range fields[1:] {
			var d int
			var n int64
			if _, err := fmt.Sscanf(dc, "%d %d", &d, &n); err != nil {
				t.Fatalf("%q: %v", dc, err)
			}
			if testing.Short() && d > 2 {
				continue
			}
			if got := p.Perft(d); got != n {
				t.Errorf("%s: perft %d = %d, want %d", fields[0], d, got, n)
			}
			checked++
		}
	}
	if checked < 10 {
		t.Fatalf("only %d counts checked", checked)
	}
}

// writePerftFile writes the start's counts and those of positions after
// 10, 30, 50 and 70 random turns, each counted two ways.
func writePerftFile(t *testing.T) {
	var b strings.Builder
	b.WriteString("# perft counts: POSITION;DEPTH COUNT;...\n")
	b.WriteString("# the start (the rules' reference: 2,176 turns, 4,307,152 two-turn sequences)\n")
	b.WriteString(StartText + ";1 2176;2 4307152\n")
	b.WriteString("# positions of random games (seeded), counted by Perft and by AppendTurns with Apply; go test -run TestPerftFile -update\n")
	r := rand.New(rand.NewPCG(2026, 11))
	for _, n := range []int{10, 30, 50, 70, 10, 30, 50, 70} {
		p := Start()
		for i := 0; i < n; i++ {
			tu, ok := p.RandomTurn(r)
			if !ok {
				break
			}
			p.Do(tu)
		}
		b.WriteString(p.String())
		depth := 2
		if p.CountTurns() < 150 {
			depth = 3
		}
		for d := 1; d <= depth; d++ {
			got, want := p.Perft(d), perftByTurns(t, p, d)
			if got != want {
				t.Fatalf("%s: perft %d = %d, by turns %d", p, d, got, want)
			}
			b.WriteString(";" + strconv.Itoa(d) + " " + strconv.FormatInt(got, 10))
		}
		b.WriteString("\n")
	}
	if err := os.WriteFile(perftFile, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}
