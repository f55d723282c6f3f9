package main

import (
	"strconv"
	"strings"
	"testing"
)

// TestSelfplay plays a short match of easy against random in both
// variants and reads the table: every game counted once, as a win, draw
// or loss, with the score and Elo columns.
func TestSelfplay(t *testing.T) {
	out, errs, code := run(t, "", "selfplay", "-games", "4", "-pairs", "easy-random", "-variants", "fanorona,vela", "-parallel", "2", "-v")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if n := strings.Count(errs, " game "); n != 8 {
		t.Errorf("%d progress lines, want 8:\n%s", n, errs)
	}
	rows := 0
	for _, line := range strings.Split(out, "\n") {
		f := strings.Fields(line)
		if len(f) < 8 || f[0] != "easy" {
			continue
		}
		rows++
		// easy v random VARIANT games wins draws losses score ...
		games, _ := strconv.Atoi(f[4])
		w, _ := strconv.Atoi(f[5])
		d, _ := strconv.Atoi(f[6])
		l, _ := strconv.Atoi(f[7])
		if games != 4 || w+d+l != 4 {
			t.Errorf("row %q: %d games, %d+%d+%d results", line, games, w, d, l)
		}
		if !strings.Contains(line, "%") || !strings.Contains(line, "±") {
			t.Errorf("row %q lacks the score or the Elo margin", line)
		}
	}
	if rows != 2 {
		t.Errorf("%d rows, want one per variant:\n%s", rows, out)
	}
}

func TestSelfplayErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-games", "3"}, "even number"},
		{[]string{"-parallel", "0"}, "-parallel"},
		{[]string{"-pairs", "easy"}, "joined by '-'"},
		{[]string{"-pairs", "expert-easy"}, "not random, easy, medium or hard"},
		{[]string{"-variants", "chess"}, "-variants"},
		{[]string{"extra"}, "unexpected argument"},
		{[]string{"-bogus"}, "-bogus; run 'fanorona -h' for usage"},
	} {
		out, errs, code := run(t, "", append([]string{"selfplay"}, c.args...)...)
		if code != 1 || out != "" || !strings.Contains(errs, c.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("selfplay %v: exit %d, stdout %q, stderr %q, want one line with %q", c.args, code, out, errs, c.want)
		}
	}
}
