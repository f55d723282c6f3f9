package veletas

import (
	"strconv"
	"strings"
)

// ParseDiagram reads a board drawn one rank per line, top rank first, with
// squares separated by spaces: '.' for an empty square and b, w, s, B, W
// as in the position notation. It is the form rule tests are written in:
//
//	. . s
//	. b .
//	w . .
//
// is not a legal board (boards are 7x7, 9x9 or 10x10), but shows the
// layout. The result is parsed like ParsePosition with the side to move.
func ParseDiagram(rows string, toMove Color) (Position, error) {
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
	side := " b"
	if toMove == White {
		side = " w"
	}
	return ParsePosition(strings.Join(ranks, "/") + side)
}
