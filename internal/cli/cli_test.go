package cli

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"math"
	"os"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
)

func newFlags() (*flag.FlagSet, *string, *bool) {
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	return fs, fs.String("o", "", "output"), fs.Bool("gif", false, "gif")
}

func TestParseOptionsAnywhere(t *testing.T) {
	for _, tc := range []struct {
		args []string
		pos  []string
		o    string
		gif  bool
	}{
		{[]string{"-o", "x.png", "POS"}, []string{"POS"}, "x.png", false},
		{[]string{"POS", "-o", "x.png"}, []string{"POS"}, "x.png", false},
		{[]string{"A", "-gif", "B", "--o=y"}, []string{"A", "B"}, "y", true},
		{[]string{"-"}, []string{"-"}, "", false},
		{[]string{"A", "--", "-o", "x"}, []string{"A", "-o", "x"}, "", false},
		{nil, nil, "", false},
	} {
		fs, o, gif := newFlags()
		pos, err := Parse(fs, tc.args)
		if err != nil || !slices.Equal(pos, tc.pos) || *o != tc.o || *gif != tc.gif {
			t.Errorf("%q: %q o=%q gif=%v %v; want %q o=%q gif=%v", tc.args, pos, *o, *gif, err, tc.pos, tc.o, tc.gif)
		}
	}
	fs, _, _ := newFlags()
	if _, err := Parse(fs, []string{"POS", "-h"}); !errors.Is(err, ErrHelp) {
		t.Errorf("-h after an argument: %v, want ErrHelp", err)
	}
	fs, _, _ = newFlags()
	var usage *UsageError
	if _, err := Parse(fs, []string{"POS", "-x"}); !errors.As(err, &usage) || !strings.Contains(err.Error(), "-x") {
		t.Errorf("-x: %v, want a UsageError naming -x", err)
	}
}

func FuzzParse(f *testing.F) {
	f.Add("POS\x00-o\x00x.png\x00-gif")
	f.Add("--\x00-o")
	f.Add("-o=\x00-\x00--gif=false")
	f.Fuzz(func(t *testing.T, joined string) {
		args := strings.Split(joined, "\x00")
		fs, _, _ := newFlags()
		pos, err := Parse(fs, args)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("error has several lines: %q", err)
			}
			return
		}
		// Every positional argument is one of the arguments, in order.
		i := 0
		for _, p := range pos {
			for i < len(args) && args[i] != p {
				i++
			}
			if i == len(args) {
				t.Fatalf("%q: positional %q is not among the arguments in order (%q)", args, p, pos)
			}
			i++
		}
	})
}

func TestImageFormat(t *testing.T) {
	for _, tc := range []struct {
		out      string
		accepted []string
		want     Format
		err      string
	}{
		{"a.png", []string{".png"}, PNG, ""},
		{"A.PNG", []string{".png", ".gif"}, PNG, ""},
		{"a.gif", []string{".png", ".gif"}, GIF, ""},
		{"-", []string{".png", ".gif"}, PNG, ""},
		{"-", []string{".gif"}, GIF, ""},
		{"a.gif", []string{".png"}, 0, "the extension '.gif' is not an image format this tool writes: name it FILE.png (or - for standard output)"},
		{"a.jpg", []string{".png", ".gif"}, 0, "name it FILE.png or FILE.gif"},
		{"a", []string{".png"}, 0, "output 'a': no extension is not"},
	} {
		got, err := ImageFormat(tc.out, tc.accepted...)
		if tc.err == "" && (err != nil || got != tc.want) {
			t.Errorf("%q %q: %v %v, want %v", tc.out, tc.accepted, got, err, tc.want)
		}
		if tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err) || !errors.Is(err, ErrImageExtension)) {
			t.Errorf("%q %q: %v, want an error with %q", tc.out, tc.accepted, err, tc.err)
		}
	}
}

func TestPerftBudget(t *testing.T) {
	if got := EstimatePerft([]int64{20, 400}, 4); got != 160000 {
		t.Errorf("EstimatePerft(20, 400; 4) = %v, want 160000", got)
	}
	if got := EstimatePerft([]int64{20, 400}, 2); got != 400 {
		t.Errorf("EstimatePerft at depth 2 = %v, want the count", got)
	}
	if got := EstimatePerft([]int64{5, 39, 724}, 4); math.Abs(got-724*724/39.0) > 1e-6 {
		t.Errorf("EstimatePerft(5, 39, 724; 4) = %v, want the branching at depth 3", got)
	}
	if got := EstimatePerft([]int64{7}, 3); got != 343 {
		t.Errorf("EstimatePerft(7; 3) = %v, want 343", got)
	}
	if err := CheckPerftBudget([]int64{20, 400}, time.Millisecond, 4, 160000); err != nil {
		t.Errorf("within the budget: %v", err)
	}
	err := CheckPerftBudget([]int64{1000, 1e6}, time.Second, 6, DefaultMaxNodes)
	if !errors.Is(err, ErrOverBudget) || !strings.Contains(err.Error(), "depth 6 means about 1e18 leaf visits") ||
		!strings.Contains(err.Error(), "about 3.2e4 years at this machine's speed of 1e6 a second") || !strings.Contains(err.Error(), "-max-nodes N") {
		t.Errorf("over the budget: %v", err)
	}
}

func TestMeasurePerft(t *testing.T) {
	// Branching 10 at every depth: it stops at a million.
	count := func(_ int, d int) int64 {
		n := int64(1)
		for range d {
			n *= 10
		}
		return n
	}
	counts, _ := MeasurePerft(0, 12, count)
	if len(counts) != 6 || counts[5] != 1e6 {
		t.Errorf("counts %v, want up to 1e6", counts)
	}
	if counts, _ := MeasurePerft(0, 3, count); len(counts) != 3 {
		t.Errorf("counts %v, want up to the depth asked", counts)
	}
}

func TestPerftStopsWhenCanceled(t *testing.T) {
	// A tree of branching 3: count at the chunk depth, children above.
	count := func(_ int, d int) int64 {
		n := int64(1)
		for range d {
			n *= 3
		}
		return n
	}
	calls := 0
	ctx, cancel := context.WithCancel(context.Background())
	children := func(int) []int {
		calls++
		if calls == 5 {
			cancel()
		}
		return []int{0, 0, 0}
	}
	if n, err := Perft(context.Background(), 0, 6, 2, count, children); err != nil || n != 729 {
		t.Errorf("Perft = %d, %v; want 729", n, err)
	}
	calls = 0
	if _, err := Perft(ctx, 0, 6, 2, count, children); !errors.Is(err, ErrInterrupted) || err.Error() != "perft interrupted" {
		t.Errorf("canceled: %v, want perft interrupted", err)
	}
	if calls > 5 {
		t.Errorf("%d expansions after the cancel at the 5th", calls-5)
	}
}

func TestRun(t *testing.T) {
	var out, errb bytes.Buffer
	tool := Tool{Name: "tool", Usage: "usage: tool\n", Stdout: &out, Stderr: &errb, Commands: map[string]Command{
		"ok":    func(context.Context, []string) error { return nil },
		"usage": func(context.Context, []string) error { return Usagef("bad %s", "thing") },
		"fail":  func(context.Context, []string) error { return errors.New("broken\nrecord") },
		"help":  func(context.Context, []string) error { return ErrHelp },
		"stop":  func(context.Context, []string) error { return ErrPerftInterrupted },
	}}
	for _, tc := range []struct {
		args   []string
		code   int
		stdout string
		stderr string
	}{
		{[]string{"ok"}, 0, "", ""},
		{[]string{"-h"}, 0, "usage: tool\n", ""},
		{[]string{"help"}, 0, "usage: tool\n", ""},
		{nil, 2, "", "usage: tool\n"},
		{[]string{"nope"}, 1, "", "tool: unknown command 'nope'; run 'tool -h' for usage\n"},
		{[]string{"-v"}, 1, "", "tool: unknown option '-v' before the command; run 'tool -h' for usage\n"},
		{[]string{"usage"}, 1, "", "tool usage: bad thing; run 'tool -h' for usage\n"},
		{[]string{"fail"}, 1, "", "tool fail: broken record\n"},
		{[]string{"stop"}, 130, "", "tool stop: perft interrupted\n"},
	} {
		out.Reset()
		errb.Reset()
		code := tool.Run(context.Background(), tc.args)
		if code != tc.code || out.String() != tc.stdout || errb.String() != tc.stderr {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want %d %q %q", tc.args, code, out.String(), errb.String(), tc.code, tc.stdout, tc.stderr)
		}
	}
}

// TestSignalContext: SIGINT (Ctrl-C) cancels the context the tools' main
// passes to Run, instead of killing the process.
func TestSignalContext(t *testing.T) {
	ctx, stop := SignalContext()
	defer stop()
	if err := syscall.Kill(os.Getpid(), syscall.SIGINT); err != nil {
		t.Skipf("cannot signal this process: %v", err)
	}
	select {
	case <-ctx.Done():
	case <-time.After(10 * time.Second): // a failure guard only: the signal comes at once
		t.Fatal("SIGINT did not cancel the context")
	}
}
