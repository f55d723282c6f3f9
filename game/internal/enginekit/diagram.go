package enginekit

import (
	"strconv"
	"strings"
)

// DiagramRanks reads a board drawn one rank per line, top rank first,
// with the squares separated by spaces, '.' for an empty square and any
// other field for a piece, and writes it as the ranks of a position's
// notation: each rank's pieces with runs of empty squares as numbers,
// the ranks joined by '/'. Leading and trailing blank lines are ignored.
// The diagram
//
//	. . s
//	. b .
//	w . .
//
// gives "2s/1b1/w2". The engine's own position parser checks the result.
func DiagramRanks(rows string) string {
	var ranks []string
	for _, line := range strings.Split(strings.TrimSpace(rows), "\n") {
		var b strings.Builder
		run := 0
		for _, f := range strings.Fields(line) {
			if f == "." {
				run++
				continue
			}
			if run > 0 {
				b.WriteString(strconv.Itoa(run))
				run = 0
			}
			b.WriteString(f)
		}
		if run > 0 {
			b.WriteString(strconv.Itoa(run))
		}
		ranks = append(ranks, b.String())
	}
	return strings.Join(ranks, "/")
}
