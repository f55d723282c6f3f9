package main

import (
	"strings"
	"testing"
)

// TestSelfplayLevels plays the computer opponent's levels through
// selfplay: each plays legal turns to the end, medium beats random in
// every game, and the help lists the levels among the players.
func TestSelfplayLevels(t *testing.T) {
	out, errs, code := run(t, "", "selfplay", "-games", "2", "-pairs", "medium-random,easy-hard", "-v")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var rows []string
	for _, line := range strings.Split(out, "\n") {
		if f := strings.Fields(line); len(f) > 5 && f[1] == "v" {
			rows = append(rows, strings.Join(f[:6], " "))
		}
	}
	want := []string{"medium v random 2 2 0"}
	if len(rows) != 2 || rows[0] != want[0] || !strings.HasPrefix(rows[1], "easy v hard 2 ") {
		t.Errorf("rows %q, want %q and a row of easy v hard:\n%s", rows, want, out)
	}
	if n := strings.Count(errs, " game "); n != 4 {
		t.Errorf("%d progress lines, want 4:\n%s", n, errs)
	}
	help, _, _ := run(t, "", "-h")
	if !strings.Contains(help, "players: easy, hard, medium, random") {
		t.Errorf("the help does not list the levels among the players:\n%s", help)
	}
}
