package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// run executes the tool in-process.
func run(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	m := &Main{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errb}
	code = m.Run(context.Background(), args)
	return out.String(), errb.String(), code
}

const conformance = "../../game/veletas/testdata/conformance"

func TestReplayContract(t *testing.T) {
	for _, dir := range []string{"games", "partial"} {
		files, _ := filepath.Glob(filepath.Join(conformance, dir, "*.rec"))
		if len(files) == 0 {
			t.Fatal("no conformance records")
		}
		for _, rec := range files {
			want, _ := os.ReadFile(strings.TrimSuffix(rec, ".rec") + ".expect")
			out, errs, code := run(t, "", "replay", rec)
			if code != 0 || out != strings.TrimRight(string(want), "\n")+"\n" {
				t.Errorf("%s: exit %d, stdout %q, stderr %q, want %q", rec, code, out, errs, want)
			}
		}
	}
	// From standard input.
	out, _, code := run(t, "size=7\n[c5]d2\nkeep\n[a1,g7]e4\nc5-c3/f6\ng7/g5\n", "replay")
	if code != 0 || !strings.HasSuffix(out, "result: ongoing\n") {
		t.Errorf("stdin replay: %d %q", code, out)
	}
	// The empty record.
	if out, _, _ := run(t, "", "replay"); out != "10/10/10/10/10/10/10/10/10/10 b\nresult: ongoing\n" {
		t.Errorf("empty record: %q", out)
	}
}

func TestReplayErrorsNameTheToken(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(conformance, "illegal", "*.rec"))
	for _, rec := range files {
		bad, _ := os.ReadFile(strings.TrimSuffix(rec, ".rec") + ".bad")
		out, errs, code := run(t, "", "replay", rec)
		want := "token " + strings.TrimSpace(string(bad)) + " "
		if code != 1 || out != "" || !strings.Contains(errs, want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%s: exit %d, stdout %q, stderr %q, want one line naming %q", rec, code, out, errs, want)
		}
	}
}

func TestMovesAndPerftContract(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(conformance, "positions", "*.pos"))
	if len(files) == 0 {
		t.Fatal("no positions")
	}
	for i, pos := range files {
		if i%8 != 0 {
			continue
		}
		text, _ := os.ReadFile(pos)
		base := strings.TrimSuffix(pos, ".pos")
		want, _ := os.ReadFile(base + ".moves")
		out, _, code := run(t, "", "moves", strings.TrimSpace(string(text)))
		got, exp := strings.Fields(out), strings.Fields(string(want))
		slices.Sort(got)
		slices.Sort(exp)
		if code != 0 || !slices.Equal(got, exp) {
			t.Errorf("%s: moves differ (exit %d)", pos, code)
		}
		perft, _ := os.ReadFile(base + ".perft")
		line := strings.Fields(strings.SplitN(string(perft), "\n", 2)[0])
		out, _, code = run(t, "", "perft", strings.TrimSpace(string(text)), line[0])
		if code != 0 || out != line[1]+"\n" {
			t.Errorf("%s: perft %s = %q, want %s", pos, line[0], out, line[1])
		}
	}
}

func TestBadInput(t *testing.T) {
	cases := [][]string{
		{"moves"},
		{"moves", "not a position"},
		{"moves", "7/7/7/7/7/7/7 x"},
		{"perft", "7/2s4/7/4b2/7/3w3/s5s b"},
		{"perft", "7/2s4/7/4b2/7/3w3/s5s b", "x"},
		{"perft", "7/2s4/7/4b2/7/3w3/s5s b", "0"},
		{"perft", "7/2s4/7/4b2/7/3w3/s5s b", "99"},
		{"replay", "/nonexistent/record.txt"},
		{"replay", "a", "b"},
		{"frobnicate"},
	}
	for _, args := range cases {
		out, errs, code := run(t, "", args...)
		if code != 1 || out != "" || strings.Count(errs, "\n") != 1 || !strings.HasPrefix(errs, "veletas") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", args, code, out, errs)
		}
	}
	// A finished game lists no moves and counts no turns.
	const over = "bwbb2w/Ww1b3/bbw1www/1wb1wbw/1w2bBb/bbbbwbb/Wwwwwb1 w"
	if out, _, code := run(t, "", "moves", over); code != 0 || out != "" {
		t.Errorf("moves of a finished game: %d %q", code, out)
	}
	if out, _, code := run(t, "", "perft", over, "2"); code != 0 || out != "0\n" {
		t.Errorf("perft of a finished game: %d %q", code, out)
	}
}

// TestReplayHeaderErrorNamesTokenZero: a fault in the header (a bad value,
// a token given twice) names token 0, as the notation says.
func TestReplayHeaderErrorNamesTokenZero(t *testing.T) {
	for _, rec := range []string{"size=8\n", "rules=revised size=7 rules=classic\n", "rules=new\n[c5]d2\n"} {
		out, errs, code := run(t, rec, "replay")
		if code != 1 || out != "" || !strings.HasPrefix(errs, "veletas replay: token 0 '") || strings.Count(errs, "\n") != 1 {
			t.Errorf("%q: exit %d, stdout %q, stderr %q, want one line naming token 0", rec, code, out, errs)
		}
	}
}
