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
	var out, errb bytes.Buffer
	m := &Main{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errb}
	code = m.Run(context.Background(), args)
	return out.String(), errb.String(), code
}

// conformance is the copy of ../shared/fanorona-conformance in the rules
// package's testdata.
const conformance = "../../game/fanorona/testdata/conformance"

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

func TestReplayContract(t *testing.T) {
	for _, dir := range []string{"games", "partial"} {
		for _, rec := range cases(t, dir, ".rec") {
			want := read(t, strings.TrimSuffix(rec, ".rec")+".expect")
			want = strings.TrimRight(want, "\n") + "\n"
			// From the file, then from standard input.
			out, errs, code := run(t, "", "replay", rec)
			if code != 0 || out != want || errs != "" {
				t.Errorf("%s: exit %d, stdout %q, stderr %q, want %q", rec, code, out, errs, want)
			}
			out, errs, code = run(t, read(t, rec), "replay")
			if code != 0 || out != want || errs != "" {
				t.Errorf("%s on stdin: exit %d, stdout %q, stderr %q, want %q", rec, code, out, errs, want)
			}
			if out, _, _ = run(t, read(t, rec), "replay", "-"); out != want {
				t.Errorf("%s on stdin as '-': %q", rec, out)
			}
		}
	}
	// The empty record.
	if out, _, code := run(t, "", "replay"); code != 0 || out != "bbbbbbbbb/bbbbbbbbb/bwbw1bwbw/wwwwwwwww/wwwwwwwww w 0\nresult: ongoing\n" {
		t.Errorf("empty record: %d %q", code, out)
	}
}

func TestReplayErrorsNameTheToken(t *testing.T) {
	for _, rec := range cases(t, "illegal", ".rec") {
		bad := strings.TrimSpace(read(t, strings.TrimSuffix(rec, ".rec")+".bad"))
		out, errs, code := run(t, "", "replay", rec)
		want := "fanorona replay: token " + bad + " "
		if code != 1 || out != "" || !strings.HasPrefix(errs, want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%s: exit %d, stdout %q, stderr %q, want one line starting %q", rec, code, out, errs, want)
		}
	}
}

func TestMovesAndPerftContract(t *testing.T) {
	for _, pos := range cases(t, "positions", ".pos") {
		base := strings.TrimSuffix(pos, ".pos")
		text := strings.TrimSpace(read(t, pos))
		variant := strings.TrimSpace(read(t, base+".variant"))
		out, errs, code := run(t, "", "moves", "-variant", variant, text)
		got, want := strings.Split(out, "\n"), strings.Fields(read(t, base+".moves"))
		if got[len(got)-1] != "" {
			t.Errorf("%s: output does not end with a line end: %q", pos, out)
		}
		got = got[:len(got)-1]
		slices.Sort(got)
		slices.Sort(want)
		if code != 0 || errs != "" || !slices.Equal(got, want) {
			t.Errorf("%s: exit %d, stderr %q, moves\n got %q\nwant %q", pos, code, errs, got, want)
		}
		for _, line := range strings.Split(strings.TrimSpace(read(t, base+".perft")), "\n") {
			f := strings.Fields(line)
			out, errs, code := run(t, "", "perft", "-variant", variant, text, f[0])
			if code != 0 || errs != "" || out != f[1]+"\n" {
				t.Errorf("%s: perft %s = %q (exit %d, %q), want %s", pos, f[0], out, code, errs, f[1])
			}
		}
	}
	// -variant=vela and the default variant.
	const start = "bbbbbbbbb/bbbbbbbbb/bwbw1bwbw/wwwwwwwww/wwwwwwwww w 0"
	if out, _, _ := run(t, "", "perft", "-variant=vela", start, "4"); out != "817\n" {
		t.Errorf("vela perft 4 %q", out)
	}
	if out, _, _ := run(t, "", "perft", start, "4"); out != "18026\n" {
		t.Errorf("fanorona perft 4 %q", out)
	}
}

func TestBadInput(t *testing.T) {
	const start = "bbbbbbbbb/bbbbbbbbb/bwbw1bwbw/wwwwwwwww/wwwwwwwww w 0"
	cases := [][]string{
		{"moves"},
		{"moves", "not a position"},
		{"moves", "9/9/9/9/9 w 0"},
		{"moves", "bbbbbbbbbb/9/9/9/9 w 0"},
		{"moves", start + "x"},
		{"moves", "-variant", "chess", start},
		{"moves", "-variant"},
		{"moves", "-rules", "vela", start},
		{"moves", start, "extra"},
		{"perft", start},
		{"perft", start, "x"},
		{"perft", start, "0"},
		{"perft", start, "-1"},
		{"perft", start, "99"},
		{"perft", "9/9/9/9/w8 w 101", "1"},
		{"replay", "/nonexistent/record.txt"},
		{"replay", "a", "b"},
		{"replay", "-variant", "vela"},
		{"frobnicate"},
		{"\x1b[31mred"},
	}
	for _, args := range cases {
		out, errs, code := run(t, "", args...)
		if code != 1 || out != "" || strings.Count(errs, "\n") != 1 || !strings.HasPrefix(errs, "fanorona") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", args, code, out, errs)
		}
	}
	// Bad records on standard input.
	for rec, token := range map[string]string{
		"variant=chess\n":                       "token 1 ",
		"e2-e3\n":                               "token 1 ",
		"# c\nvariant=vela\nd2-e3A e5-e4A\n":    "token 2 ",
		"d2-e3A\nvariant=fanorona\n":            "token 2 ",
		"d2-e3A\x00":                            "token 1 ",
		strings.Repeat("d2-e3A ", 1<<18) + "\n": "the record is too long: over 1048576 bytes",
	} {
		out, errs, code := run(t, rec, "replay")
		if code != 1 || out != "" || !strings.Contains(errs, token) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%q: exit %d, stdout %q, stderr %q, want %q", clipTest(rec), code, out, errs, token)
		}
	}
	// A finished game lists no turns and counts no sequences.
	const over = "1w7/9/8w/1ww1ww1ww/1w1w1wwbw b 1"
	if out, errs, code := run(t, "", "moves", over); code != 0 || out != "" || errs != "" {
		t.Errorf("moves of a finished game: %d %q %q", code, out, errs)
	}
	if out, _, code := run(t, "", "perft", over, "2"); code != 0 || out != "0\n" {
		t.Errorf("perft of a finished game: %d %q", code, out)
	}
	// No arguments: usage on stderr, exit 2; help: exit 0.
	if out, errs, code := run(t, ""); code != 2 || out != "" || !strings.Contains(errs, "usage") {
		t.Errorf("no arguments: %d %q %q", code, out, errs)
	}
	if out, _, code := run(t, "", "help"); code != 0 || !strings.Contains(out, "perft") {
		t.Errorf("help: %d %q", code, out)
	}
}

func clipTest(s string) string {
	if len(s) > 60 {
		return s[:60] + "..."
	}
	return s
}

// TestBinary builds the tool and runs it as a user would, for a sample of
// the conformance cases: exit codes and streams of the real process.
func TestBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := filepath.Join(t.TempDir(), "fanorona")
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
	rec := filepath.Join(conformance, "games", "game_vela_03.rec")
	want := read(t, strings.TrimSuffix(rec, ".rec")+".expect")
	if out, _, code := exe("", "replay", rec); code != 0 || out != want {
		t.Errorf("replay %s: %d %q, want %q", rec, code, out, want)
	}
	if out, _, code := exe(read(t, rec), "replay"); code != 0 || out != want {
		t.Errorf("replay stdin: %d %q", code, out)
	}
	bad := filepath.Join(conformance, "illegal", "illegal_vela_13_vela-black-capture.rec")
	if out, errs, code := exe("", "replay", bad); code != 1 || out != "" || !strings.HasPrefix(errs, "fanorona replay: token 2 ") {
		t.Errorf("illegal: %d %q %q", code, out, errs)
	}
	pos := filepath.Join(conformance, "positions", "pos_vela_11")
	out, _, code := exe("", "moves", "-variant", "vela", strings.TrimSpace(read(t, pos+".pos")))
	got, wantMoves := strings.Fields(out), strings.Fields(read(t, pos+".moves"))
	slices.Sort(got)
	slices.Sort(wantMoves)
	if code != 0 || !slices.Equal(got, wantMoves) {
		t.Errorf("moves %s: %d %q", pos, code, got)
	}
	if _, errs, code := exe("", "perft", "x", "1"); code != 1 || strings.Count(errs, "\n") != 1 {
		t.Errorf("bad perft: %d %q", code, errs)
	}
}
