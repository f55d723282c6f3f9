package main

import (
	"bytes"
	"context"
	"image/gif"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The offline tools' shared convention: help, bad options, options after
// the arguments, replay -, the output's extension, over-long records and
// perft's budget and interruption.

func TestHelpEverywhere(t *testing.T) {
	for _, args := range [][]string{
		{"-h"}, {"--help"}, {"-help"}, {"help"},
		{"moves", "-h"}, {"perft", "-h"}, {"replay", "-h"}, {"replay", "--help"},
		{"render", "-h"}, {"render", "7/2s4/7/4b2/7/3w3/s5s b", "-h"}, {"selfplay", "-h"},
	} {
		out, errs, code := run(t, "", args...)
		if code != 0 || out != usage || errs != "" {
			t.Errorf("%q: exit %d, stdout %d bytes (usage: %v), stderr %q; want the usage on stdout, exit 0", args, code, len(out), out == usage, errs)
		}
	}
}

func TestBadOptionsPointToUsage(t *testing.T) {
	const pos = "7/2s4/7/4b2/7/3w3/s5s b"
	for _, args := range [][]string{
		{"frobnicate"},
		{"-x"},
		{"moves", "-x", pos},
		{"moves", pos, "--colour=red"},
		{"perft", pos, "2", "-max-nodes", "lots"},
		{"replay", "-variant", "vela"},
		{"replay", "a.rec", "b.rec"},
		{"render", pos, "-o", "x.png", "--theme", "sepia"},
		{"selfplay", "-games"},
	} {
		out, errs, code := run(t, "", args...)
		if code != 1 || out != "" || strings.Count(errs, "\n") != 1 || !strings.HasSuffix(errs, "; run 'veletas -h' for usage\n") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want one line ending with the usage hint, exit 1", args, code, out, errs)
		}
	}
	// The flag package's reason, without a doubled prefix.
	_, errs, _ := run(t, "", "render", pos, "-o", "x.png", "-theme", "sepia")
	if !strings.Contains(errs, `invalid value "sepia" for flag -theme: use light or dark`) || strings.Count(errs, "theme") != 1 {
		t.Errorf("bad theme: %q", errs)
	}
}

func TestOptionsAfterArguments(t *testing.T) {
	const pos = "7/7/7/s1B1sw1/7/7/7 b"
	before, _, code1 := run(t, "", "perft", "-rules", "revised", pos, "2")
	after, errs, code2 := run(t, "", "perft", pos, "2", "-rules", "revised")
	if code1 != 0 || code2 != 0 || before != after {
		t.Errorf("perft with -rules before %q (%d), after %q (%d, %s)", before, code1, after, code2, errs)
	}
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.png"), filepath.Join(dir, "b.png")
	if _, errs, code := run(t, "", "render", "-o", a, "-width", "300", pos); code != 0 {
		t.Fatalf("render -o FILE POSITION: %d %s", code, errs)
	}
	if _, errs, code := run(t, "", "render", pos, "-o", b, "-width", "300"); code != 0 {
		t.Fatalf("render POSITION -o FILE: %d %s", code, errs)
	}
	ab, _ := os.ReadFile(a)
	bb, _ := os.ReadFile(b)
	if len(ab) == 0 || !bytes.Equal(ab, bb) {
		t.Errorf("the two orders drew different images (%d and %d bytes)", len(ab), len(bb))
	}
}

func TestReplayDashReadsStandardInput(t *testing.T) {
	const rec = "size=7\n[c5]d2\nkeep\n[a1,g7]e4\nc5-c3/f6\ng7/g5\n"
	want, _, _ := run(t, rec, "replay")
	out, errs, code := run(t, rec, "replay", "-")
	if code != 0 || out != want || !strings.HasSuffix(out, "result: ongoing\n") {
		t.Errorf("replay -: exit %d, stdout %q, stderr %q, want %q", code, out, errs, want)
	}
}

func TestRenderFormatFromExtension(t *testing.T) {
	dir := t.TempDir()
	// A record to FILE.gif is its animated replay, without -gif.
	anim := filepath.Join(dir, "game.GIF")
	if _, errs, code := run(t, "", "render", "-record", renderRecord, "-o", anim, "-width", "300"); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	f, err := os.Open(anim)
	if err != nil {
		t.Fatal(err)
	}
	g, err := gif.DecodeAll(f)
	f.Close()
	if err != nil || len(g.Image) < 2 {
		t.Errorf("FILE.GIF is not an animation: %v", err)
	}
	still := filepath.Join(dir, "game.png")
	if _, errs, code := run(t, "", "render", "-record", renderRecord, "-o", still); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	f, err = os.Open(still)
	if err != nil {
		t.Fatal(err)
	}
	_, err = png.Decode(f)
	f.Close()
	if err != nil {
		t.Errorf("FILE.png is not a PNG: %v", err)
	}
	// Any other extension is refused, saying which are accepted, and
	// nothing is written.
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"7/2s4/7/4b2/7/3w3/s5s b", "-o", filepath.Join(dir, "x.jpg")}, "name it FILE.png"},
		{[]string{"7/2s4/7/4b2/7/3w3/s5s b", "-o", filepath.Join(dir, "x")}, "name it FILE.png"},
		{[]string{"-record", renderRecord, "-o", filepath.Join(dir, "x.jpeg")}, "name it FILE.png or FILE.gif"},
		{[]string{"-record", renderRecord, "-gif", "-o", filepath.Join(dir, "x.png")}, "name it FILE.gif"},
	} {
		out, errs, code := run(t, "", append([]string{"render"}, tc.args...)...)
		if code != 1 || out != "" || !strings.Contains(errs, tc.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%q: exit %d, stderr %q, want one line with %q", tc.args, code, errs, tc.want)
		}
	}
	for _, name := range []string{"x.jpg", "x", "x.jpeg", "x.png"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
			t.Errorf("a refused render wrote %s", name)
		}
	}
}

func TestReplayTooLong(t *testing.T) {
	for name, rec := range map[string]string{
		"one 2 MB line": strings.Repeat("x", 2<<20),
		"many lines":    strings.Repeat("# a comment line of some length\n", 70000),
	} {
		out, errs, code := run(t, rec, "replay")
		want := "veletas replay: the record is too long: over 1048576 bytes"
		if code != 1 || out != "" || !strings.HasPrefix(errs, want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%s: exit %d, stderr %q, want one line starting %q", name, code, errs, want)
		}
	}
}

func TestPerftBudget(t *testing.T) {
	const pos = "1b8/5bbwss/w3sw3b/2b3sb1s/b5ws1b/6w3/7w2/9s/7w2/10 w" // 1347 turns, then 1736645
	out, errs, code := run(t, "", "perft", pos, "6")
	if code != 1 || out != "" || !strings.Contains(errs, "over the node budget") || !strings.Contains(errs, "-max-nodes N") || strings.Count(errs, "\n") != 1 {
		t.Errorf("depth 6: exit %d, stdout %q, stderr %q; want a refusal naming -max-nodes", code, out, errs)
	}
	// A small budget refuses what the default allows, and raising it
	// allows it again.
	want, _, _ := run(t, "", "perft", pos, "2")
	if _, errs, code := run(t, "", "perft", "-max-nodes", "100", pos, "2"); code != 1 || !strings.Contains(errs, "over the node budget") {
		t.Errorf("depth 2 with -max-nodes 100: exit %d, %q", code, errs)
	}
	if out, errs, code := run(t, "", "perft", pos, "2", "-max-nodes", "1e12"); code != 0 || out != want {
		t.Errorf("depth 2 with -max-nodes 1e12: exit %d, %q (%s), want %q", code, out, errs, want)
	}
}

// TestPerftCountsAsTheRules: the interruptible count agrees with the rules
// package's own perft above the depth it hands over.
func TestPerftCountsAsTheRules(t *testing.T) {
	const pos = "Bb1w1w4/b1sbwbw3/1bbBwb2b1/2wbs1wbb1/bbbbwb4/Bw3w1w2/wwswb4w/1bw1b2w2/3w3sw1/bw4bw2 b"
	out, errs, code := run(t, "", "perft", pos, "3")
	if code != 0 || out != "1851412\n" { // the conformance case pos_s10_01
		t.Errorf("perft 3: exit %d, %q (%s)", code, out, errs)
	}
}

func TestPerftInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // as Ctrl-C does through cli.SignalContext
	var out, errb bytes.Buffer
	m := &Main{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb}
	code := m.Run(ctx, []string{"perft", "-max-nodes", "1e15", "7/2s4/7/4b2/7/3w3/s5s b", "4"})
	if code != 130 || out.Len() != 0 || errb.String() != "veletas perft: perft interrupted\n" {
		t.Errorf("exit %d, stdout %q, stderr %q; want exit 130 and perft interrupted", code, out.String(), errb.String())
	}
}
