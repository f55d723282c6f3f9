package main

import (
	"bytes"
	"context"
	"image/gif"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The offline tools' shared convention: help, bad options, options after
// the arguments, replay -, the output's extension, over-long records and
// perft's budget and interruption.

const startPos = "bbbbbbbbb/bbbbbbbbb/bwbw1bwbw/wwwwwwwww/wwwwwwwww w 0"

func TestHelpEverywhere(t *testing.T) {
	for _, args := range [][]string{
		{"-h"}, {"--help"}, {"-help"}, {"help"},
		{"moves", "-h"}, {"perft", "-h"}, {"replay", "-h"}, {"replay", "--help"},
		{"render", "-h"}, {"render", startPos, "-h"}, {"selfplay", "-h"},
	} {
		out, errs, code := run(t, "", args...)
		if code != 0 || out != usage || errs != "" {
			t.Errorf("%q: exit %d, stdout %d bytes (usage: %v), stderr %q; want the usage on stdout, exit 0", args, code, len(out), out == usage, errs)
		}
	}
}

func TestBadOptionsPointToUsage(t *testing.T) {
	for _, args := range [][]string{
		{"frobnicate"},
		{"-x"},
		{"moves", "-x", startPos},
		{"moves", startPos, "--colour=red"},
		{"perft", startPos, "2", "-max-nodes", "lots"},
		{"replay", "-variant", "vela"},
		{"replay", "a.rec", "b.rec"},
		{"render", startPos, "-o", "x.png", "-theme", "sepia"},
		{"selfplay", "-games"},
	} {
		out, errs, code := run(t, "", args...)
		if code != 1 || out != "" || strings.Count(errs, "\n") != 1 || !strings.HasSuffix(errs, "; run 'fanorona -h' for usage\n") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want one line ending with the usage hint, exit 1", args, code, out, errs)
		}
	}
	// The flag package's reason, without a doubled prefix.
	_, errs, _ := run(t, "", "render", startPos, "-o", "x.png", "-theme", "sepia")
	if !strings.Contains(errs, `invalid value "sepia" for flag -theme: use light or dark`) || strings.Count(errs, "theme") != 1 {
		t.Errorf("bad theme: %q", errs)
	}
}

func TestOptionsAfterArguments(t *testing.T) {
	const vela = "bb6b/b1w2b3/bww1w1w2/www1wwwww/wwwwwwwww b 0" // pos_vela_09, whose turns differ under Fanorona's rules
	before, _, code1 := run(t, "", "moves", "-variant", "vela", vela)
	after, errs, code2 := run(t, "", "moves", vela, "-variant", "vela")
	fanorona, _, _ := run(t, "", "moves", vela)
	if code1 != 0 || code2 != 0 || before != after || before == fanorona {
		t.Errorf("moves with -variant vela before %q (%d), after %q (%d, %s); Fanorona's %q", before, code1, after, code2, errs, fanorona)
	}
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.png"), filepath.Join(dir, "b.png")
	if _, errs, code := run(t, "", "render", "-o", a, "-width", "300", startPos); code != 0 {
		t.Fatalf("render -o FILE POSITION: %d %s", code, errs)
	}
	if _, errs, code := run(t, "", "render", startPos, "-o", b, "-width", "300"); code != 0 {
		t.Fatalf("render POSITION -o FILE: %d %s", code, errs)
	}
	ab, _ := os.ReadFile(a)
	bb, _ := os.ReadFile(b)
	if len(ab) == 0 || !bytes.Equal(ab, bb) {
		t.Errorf("the two orders drew different images (%d and %d bytes)", len(ab), len(bb))
	}
}

func TestRenderFormatFromExtension(t *testing.T) {
	dir := t.TempDir()
	rec := filepath.Join(dir, "game.rec")
	if err := os.WriteFile(rec, []byte("variant=vela\nd2-e3A\ng5-f4\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// A record to FILE.gif is its replay, without -gif.
	anim := filepath.Join(dir, "game.gif")
	if _, errs, code := run(t, "", "render", "-record", rec, "-o", anim, "-width", "300"); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	f, err := os.Open(anim)
	if err != nil {
		t.Fatal(err)
	}
	g, err := gif.DecodeAll(f)
	f.Close()
	if err != nil || len(g.Image) < 2 {
		t.Errorf("FILE.gif is not an animation: %v", err)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{startPos, "-o", filepath.Join(dir, "x.jpg")}, "name it FILE.png"},
		{[]string{startPos, "-o", filepath.Join(dir, "x.gif")}, "name it FILE.png"},
		{[]string{"-record", rec, "-o", filepath.Join(dir, "x.jpeg")}, "name it FILE.png or FILE.gif"},
		{[]string{"-record", rec, "-gif", "-o", filepath.Join(dir, "x.png")}, "name it FILE.gif"},
	} {
		out, errs, code := run(t, "", append([]string{"render"}, tc.args...)...)
		if code != 1 || out != "" || !strings.Contains(errs, tc.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%q: exit %d, stderr %q, want one line with %q", tc.args, code, errs, tc.want)
		}
	}
	for _, name := range []string{"x.jpg", "x.gif", "x.jpeg", "x.png"} {
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
		out, errs, code := run(t, rec, "replay", "-")
		want := "fanorona replay: the record is too long: over 1048576 bytes"
		if code != 1 || out != "" || !strings.HasPrefix(errs, want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%s: exit %d, stderr %q, want one line starting %q", name, code, errs, want)
		}
	}
}

func TestPerftBudget(t *testing.T) {
	// The opening's branching grows (5, 39, 724, ...): depth 9 is about
	// 6e10 leaves, which the default budget refuses.
	out, errs, code := run(t, "", "perft", startPos, "9")
	if code != 1 || out != "" || !strings.Contains(errs, "over the node budget") || !strings.Contains(errs, "-max-nodes N") || strings.Count(errs, "\n") != 1 {
		t.Errorf("depth 9: exit %d, stdout %q, stderr %q; want a refusal naming -max-nodes", code, out, errs)
	}
	if _, errs, code := run(t, "", "perft", "-max-nodes", "100", startPos, "4"); code != 1 || !strings.Contains(errs, "over the node budget") {
		t.Errorf("depth 4 with -max-nodes 100: exit %d, %q", code, errs)
	}
	// It counts: the conformance case pos_fan_01 at depth 3, and depth 6
	// (as the rules package's Perft counts it), above depth 2 by the
	// interruptible count.
	for depth, want := range map[string]string{"3": "724\n", "6": "9205774\n"} {
		out, errs, code := run(t, "", "perft", startPos, depth)
		if code != 0 || out != want {
			t.Errorf("depth %s: exit %d, %q (%s), want %q", depth, code, out, errs, want)
		}
	}
}

func TestPerftInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // as Ctrl-C does through cli.SignalContext
	var out, errb bytes.Buffer
	m := &Main{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb}
	code := m.Run(ctx, []string{"perft", "-max-nodes", "1e15", startPos, "9"})
	if code != 130 || out.Len() != 0 || errb.String() != "fanorona perft: perft interrupted\n" {
		t.Errorf("exit %d, stdout %q, stderr %q; want exit 130 and perft interrupted", code, out.String(), errb.String())
	}
}
