package amazons

import (
	"math/rand/v2"
	"testing"
)

// TestNoAllocations checks that move generation, counting, playing and
// playouts allocate nothing (with a caller's buffer for the lists).
func TestNoAllocations(t *testing.T) {
	if testing.CoverMode() != "" {
		t.Skip("coverage counters change allocations")
	}
	p := midgame(20, 3)
	r := rand.New(rand.NewPCG(1, 2))
	turns := make([]Turn, 0, 4096)
	moves := make([]Move, 0, 256)
	shots := make([]Square, 0, 64)
	tu, _ := p.RandomTurn(r)
	for name, f := range map[string]func(){
		"AppendTurns": func() { turns = p.AppendTurns(turns[:0]) },
		"CountTurns":  func() { _ = p.CountTurns() },
		"AppendMoves": func() { moves = p.AppendMoves(moves[:0]) },
		"AppendShots": func() { shots = p.AppendShots(shots[:0], tu.Move()) },
		"Mobility":    func() { _ = p.Mobility(White) + p.Mobility(Black) },
		"Perft2":      func() { _ = p.Perft(2) },
		"Apply":       func() { _, _ = p.Apply(tu) },
		"DoUndo":      func() { q := p; q.Do(tu); q.Undo(tu) },
		"RandomTurn":  func() { _, _ = p.RandomTurn(r) },
		"Playout":     func() { _ = Start().Playout(r) },
		"PlayoutEnd":  func() { _, _ = Start().PlayoutEnd(r) },
		"Over":        func() { _ = p.Over() },
		"Territory":   func() { _ = p.Territory() },
		"Distances":   func() { _ = p.QueenDistances(White); _ = p.KingDistances(Black) },
	} {
		if n := testing.AllocsPerRun(20, f); n != 0 {
			t.Errorf("%s: %v allocations a call", name, n)
		}
	}
}
