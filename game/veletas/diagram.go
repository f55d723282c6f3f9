package veletas

import "github.com/veletasbot/veletas/game/internal/enginekit"

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
	side := " b"
	if toMove == White {
		side = " w"
	}
	return ParsePosition(enginekit.DiagramRanks(rows) + side)
}
