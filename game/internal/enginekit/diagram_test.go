package enginekit

import (
	"strings"
	"testing"
)

func TestDiagramRanks(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"\n. . s\n. b .\nw . .\n", "2s/1b1/w2"},
		{". . . . . . . . . .", "10"},
		{"b w\n\tB  W ", "bw/BW"},
		{"", ""},
	} {
		if got := DiagramRanks(c.in); got != c.want {
			t.Errorf("DiagramRanks(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func FuzzDiagramRanks(f *testing.F) {
	for _, s := range []string{". . s\n. b .\nw . .", "", "b b b b b b b b b\nw . w", "\n\n. x\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, rows string) {
		got := DiagramRanks(rows)
		if strings.ContainsAny(got, " \t\n\r") {
			t.Fatalf("DiagramRanks(%q) = %q holds white space", rows, got)
		}
		if strings.Contains(rows, "/") {
			return // a piece written with a slash makes ranks ambiguous
		}
		lines := strings.Split(strings.TrimSpace(rows), "\n")
		if n := strings.Count(got, "/") + 1; n != len(lines) {
			t.Fatalf("DiagramRanks(%q) = %q: %d ranks for %d lines", rows, got, n, len(lines))
		}
	})
}
