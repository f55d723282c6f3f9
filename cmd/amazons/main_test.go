package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// run executes the tool in-process.
func run(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	return runCtx(t, context.Background(), stdin, args...)
}

func runCtx(t *testing.T, ctx context.Context, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	m := &Main{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errb}
	code = m.Run(ctx, args)
	return out.String(), errb.String(), code
}

// conformance is the copy of ../shared/amazons-conformance in the rules
// package's testdata.
const conformance = "../../game/amazons/testdata/conformance"

func cases(t *testing.T, dir, ext string) []string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(conformance, dir, "*"+ext))
	if len(files) == 0 {
		t.Fatalf("no conformance cases in %s", dir)
	}
	return files
}

func read(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// runner runs the tool one way: in-process, or the built binary.
type runner func(stdin string, args ...string) (stdout, stderr string, code int)

// checkContract runs every shared conformance case through the tool.
func checkContract(t *testing.T, exe runner) {
	for _, dir := range []string{"games", "partial"} {
		for _, rec := range cases(t, dir, ".rec") {
			want := read(t, strings.TrimSuffix(rec, ".rec")+".expect")
			want = strings.TrimRight(want, "\n") + "\n"
			// From the file, then from standard input without FILE and
			// with '-'.
			for _, c := range []struct {
				stdin string
				args  []string
			}{{"", []string{"replay", rec}}, {read(t, rec), []string{"replay"}}, {read(t, rec), []string{"replay", "-"}}} {
				out, errs, code := exe(c.stdin, c.args...)
				if code != 0 || out != want || errs != "" {
					t.Errorf("%v: exit %d, stdout %q, stderr %q, want %q", c.args, code, out, errs, want)
				}
			}
		}
	}
	for _, rec := range cases(t, "illegal", ".rec") {
		bad := strings.TrimSpace(read(t, strings.TrimSuffix(rec, ".rec")+".bad"))
		want := "amazons replay: token " + bad + " "
		for _, c := range []struct {
			stdin string
			args  []string
		}{{"", []string{"replay", rec}}, {read(t, rec), []string{"replay"}}} {
			out, errs, code := exe(c.stdin, c.args...)
			if code != 1 || out != "" || !strings.HasPrefix(errs, want) || strings.Count(errs, "\n") != 1 || !strings.HasSuffix(errs, "\n") {
				t.Errorf("%s: exit %d, stdout %q, stderr %q, want one line starting %q", rec, code, out, errs, want)
			}
		}
	}
	for _, pos := range cases(t, "positions", ".pos") {
		base := strings.TrimSuffix(pos, ".pos")
		text := strings.TrimSpace(read(t, pos))
		out, errs, code := exe("", "moves", text)
		got := strings.SplitAfter(out, "\n")
		if got[len(got)-1] != "" {
			t.Errorf("%s: output does not end with a line end: %q", pos, out)
		}
		got = got[:len(got)-1]
		for i := range got {
			got[i] = strings.TrimSuffix(got[i], "\n")
		}
		want := strings.Fields(read(t, base+".moves"))
		slices.Sort(got)
		slices.Sort(want)
		if code != 0 || errs != "" || !slices.Equal(got, want) {
			t.Errorf("%s: exit %d, stderr %q, %d moves, want %d", pos, code, errs, len(got), len(want))
		}
		for _, line := range strings.Split(strings.TrimSpace(read(t, base+".perft")), "\n") {
			f := strings.Fields(line)
			out, errs, code := exe("", "perft", text, f[0])
			if code != 0 || errs != "" || out != f[1]+"\n" {
				t.Errorf("%s: perft %s = %q (exit %d, %q), want %s", pos, f[0], out, code, errs, f[1])
			}
		}
	}
}

// TestContract runs the shared conformance cases through the tool
// in-process: replay from a file and from standard input, the illegal
// records' token numbers, moves and perft of every position.
func TestContract(t *testing.T) {
	checkContract(t, func(stdin string, args ...string) (string, string, int) { return run(t, stdin, args...) })
	// The empty record.
	if out, _, code := run(t, "", "replay"); code != 0 || out != startText+"\nresult: ongoing\n" {
		t.Errorf("empty record: %d %q", code, out)
	}
}

// TestBinary builds the tool and runs every shared conformance case
// through the real process: exit codes and both streams.
func TestBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := filepath.Join(t.TempDir(), "amazons")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	exe := func(stdin string, args ...string) (string, string, int) {
		cmd := exec.Command(bin, args...)
		cmd.Stdin = strings.NewReader(stdin)
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		err := cmd.Run()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		return out.String(), errb.String(), code
	}
	checkContract(t, exe)
	if out, errs, code := exe("", "perft", "x", "1"); code != 1 || out != "" || strings.Count(errs, "\n") != 1 {
		t.Errorf("bad perft: %d %q %q", code, out, errs)
	}
	if out, _, code := exe("", "-h"); code != 0 || !strings.Contains(out, "usage: amazons") {
		t.Errorf("-h: %d %q", code, out)
	}
}

// TestBadInput checks that bad input of every command gets one line on
// stderr naming the tool and the command, nothing on stdout, and exit 1.
func TestBadInput(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"moves"}, "expected one argument"},
		{[]string{"moves", "not a position"}, "malformed position"},
		{[]string{"moves", "10/10/10/10/10/10/10/10/10 w"}, "9 ranks"},
		{[]string{"moves", "11/10/10/10/10/10/10/10/10/10 w"}, "rank 10"},
		{[]string{"moves", startText + "x"}, "side to move"},
		{[]string{"moves", "wwwww5/10/10/10/10/10/10/10/10/10 w"}, "more than four amazons"},
		{[]string{"moves", startText, "extra"}, "expected one argument"},
		{[]string{"moves", "-x", startText}, "unknown option '-x'"},
		{[]string{"perft", startText}, "expected the position"},
		{[]string{"perft", startText, "x"}, "depth 'x'"},
		{[]string{"perft", startText, "0"}, "depth '0'"},
		{[]string{"perft", startText, "1.5"}, "depth '1.5'"},
		{[]string{"perft", startText, "--", "-1"}, "depth '-1'"},
		{[]string{"perft", startText, "3"}, "over the node budget of 2e9"},
		{[]string{"perft", startText, "3"}, "raise the budget with -max-nodes N"},
		{[]string{"perft", startText, "4", "-max-nodes", "1e12"}, "over the node budget of 1e12"},
		{[]string{"perft", "-max-nodes", "0", startText, "1"}, "-max-nodes must be"},
		{[]string{"perft", "-max-nodes", startText, "1"}, "invalid value"},
		{[]string{"perft", "-max-nodes"}, "needs a value"},
		{[]string{"replay", "/nonexistent/record.txt"}, "cannot open the record '/nonexistent/record.txt': no such file or directory"},
		{[]string{"replay", "a", "b"}, "at most one record file"},
		{[]string{"replay", "-variant", "x"}, "unknown option '-variant'"},
		{[]string{"selfplay", "-games", "3"}, "even number"},
		{[]string{"selfplay", "-parallel", "0"}, "-parallel"},
		{[]string{"selfplay", "-pairs", "random"}, "joined by '-'"},
		{[]string{"selfplay", "-pairs", "expert-random"}, "'expert' is not a player"},
		{[]string{"selfplay", "extra"}, "unexpected argument"},
		{[]string{"frobnicate"}, "unknown command 'frobnicate'"},
		{[]string{"-x"}, "unknown option '-x'"},
		{[]string{"\x1b[31mred"}, `unknown command '\x1b[31mred'`},
	}
	for _, c := range cases {
		out, errs, code := run(t, "", c.args...)
		if code != 1 || out != "" || strings.Count(errs, "\n") != 1 || !strings.HasPrefix(errs, "amazons") || !strings.Contains(errs, c.want) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q, want one line with %q", c.args, code, out, errs, c.want)
		}
	}
	// Bad usage adds the hint.
	for _, args := range [][]string{{"frobnicate"}, {"moves"}, {"perft", "-bogus"}, {"selfplay", "extra"}} {
		if _, errs, _ := run(t, "", args...); !strings.HasSuffix(errs, "; run 'amazons -h' for usage\n") {
			t.Errorf("%q: %q lacks the hint", args, errs)
		}
	}
	// Bad records on standard input.
	for rec, want := range map[string]string{
		"e2-e3/e4\n":                              "token 1 'e2-e3/e4': no amazon on e2",
		"e2-e3\n":                                 "token 1 'e2-e3': malformed turn 'e2-e3' (expected FROM-TO/ARROW, as d1-d7/g7)",
		"# c\nd1-d7/g7 d10-d6/d9\n":               "token 2 'd10-d6/d9': d10-d6 passes over White's amazon on d7",
		"d1-d7/g7 #j7-h7/h1\n":                    "token 2 '#j7-h7/h1': malformed turn",
		"d1-d7/g7\x00":                            "token 1 ",
		"d1-d7/g7\r\nj7-h7/h1\r\nd7-d7/d8\r\n":    "token 3 'd7-d7/d8': d7-d7: an amazon must move at least one square",
		strings.Repeat("d1-d7/g7 ", 1<<17) + "\n": "the record is too long: over 1048576 bytes",
	} {
		out, errs, code := run(t, rec, "replay")
		if code != 1 || out != "" || !strings.Contains(errs, want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%q: exit %d, stdout %q, stderr %q, want %q", clipTest(rec), code, out, errs, want)
		}
	}
	// A finished game lists no turns and counts no sequences.
	over := strings.TrimSpace(read(t, filepath.Join(conformance, "positions", "pos_03.pos")))
	if out, errs, code := run(t, "", "moves", over); code != 0 || out != "" || errs != "" {
		t.Errorf("moves of a finished game: %d %q %q", code, out, errs)
	}
	for _, d := range []string{"1", "2", "5", "200"} {
		if out, _, code := run(t, "", "perft", over, d); code != 0 || out != "0\n" {
			t.Errorf("perft %s of a finished game: %d %q", d, code, out)
		}
	}
}

// TestOptionsAnywhere checks that options may come before or after the
// arguments, and -max-nodes lets a larger count run.
func TestOptionsAnywhere(t *testing.T) {
	pos := strings.TrimSpace(read(t, filepath.Join(conformance, "positions", "pos_14.pos")))
	for _, args := range [][]string{
		{"perft", "-max-nodes", "1e3", pos, "4"},
		{"perft", pos, "-max-nodes", "1e3", "4"},
		{"perft", pos, "4", "-max-nodes=1e3"},
	} {
		if out, errs, code := run(t, "", args...); code != 0 || out != "223\n" {
			t.Errorf("%q: %d %q %q", args, code, out, errs)
		}
	}
	// The same count under a budget too small for it.
	if _, errs, code := run(t, "", "perft", pos, "4", "-max-nodes", "10"); code != 1 || !strings.Contains(errs, "-max-nodes N") {
		t.Errorf("small budget: %d %q", code, errs)
	}
}

// TestPerftInterrupted checks that an interrupted perft stops with
// "perft interrupted", nothing on stdout and exit 130.
func TestPerftInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	out, errs, code := runCtx(t, ctx, "", "perft", startText, "3", "-max-nodes", "1e10")
	if code != 130 || out != "" || errs != "amazons perft: perft interrupted\n" {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
}

// TestHelp checks the usage on stdout with exit 0 for -h, help and
// COMMAND -h, and exit 2 without a command.
func TestHelp(t *testing.T) {
	for _, args := range [][]string{{"-h"}, {"help"}, {"--help"}, {"moves", "-h"}, {"perft", "-h"}, {"replay", "-h"}, {"selfplay", "-h"}, {"perft", startText, "-h"}, {"render", "-h"}} {
		out, errs, code := run(t, "", args...)
		if code != 0 || errs != "" || !strings.HasPrefix(out, "usage: amazons") || !strings.Contains(out, "replay [FILE|-]") {
			t.Errorf("%q: exit %d, stderr %q, stdout %q", args, code, errs, out)
		}
	}
	if out, _, code := run(t, ""); code != 2 || !strings.Contains(out, "usage") {
		t.Errorf("no arguments: %d %q", code, out)
	}
}

func clipTest(s string) string {
	if len(s) > 60 {
		return s[:60] + "..."
	}
	return s
}
