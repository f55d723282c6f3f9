package amazons

import (
	"math/rand/v2"
	"testing"
)

// TestQueenDistances checks the distances on a diagram, square by square.
func TestQueenDistances(t *testing.T) {
	p := diagram(t, White,
		"..........",
		"..........",
		"..........",
		"..........",
		"..........",
		"..........",
		"xxxxxxxxx.",
		"..........",
		".x........",
		"w.x......b")
	w := p.QueenDistances(White)
	for s, want := range map[string]uint8{
		"a1": 0, "a2": 1, "a3": 1, "b1": 1, "c2": 2, "c3": 2, "b3": 2, "j3": 2, "j4": 3, "j10": 3, "a10": 4, "d1": 3, "j2": 3, "h1": 3,
	} {
		if got := w[sq(t, s)]; got != want {
			t.Errorf("white's queen distance to %s = %d, want %d", s, got, want)
		}
	}
	for _, s := range []string{"c1", "b2", "j1", "e4"} {
		if got := w[sq(t, s)]; got != Unreachable {
			t.Errorf("white's queen distance to %s (occupied) = %d", s, got)
		}
	}
	k := p.KingDistances(White)
	for s, want := range map[string]uint8{"a1": 0, "a2": 1, "b3": 2, "c2": 2, "j3": 9, "j4": 9, "i1": 8} {
		if got := k[sq(t, s)]; got != want {
			t.Errorf("white's king distance to %s = %d, want %d", s, got, want)
		}
	}
}

// TestTerritory checks a board split into regions: each side owns its
// region, and squares nobody reaches are neutral.
func TestTerritory(t *testing.T) {
	p := diagram(t, White,
		"b....x....",
		".....x....",
		".....x....",
		".....x....",
		".....x....",
		"xxxxxx....",
		"....x.....",
		"....x.....",
		"...xxx.w..",
		"...x.x....")
	tr := p.Territory()
	// Black's region: a6-e10 (25 squares, one the amazon); White's: the
	// right of the f file and the bottom right; a1-d4 (14 empty squares)
	// and e1 are shut off from both.
	if tr.Count[Black] != 24 || tr.Sole[Black] != 24 {
		t.Errorf("black owns %d (sole %d), want 24", tr.Count[Black], tr.Sole[Black])
	}
	empties := p.Empties()
	if tr.Count[White] != empties-24-15 || tr.Sole[White] != tr.Count[White] {
		t.Errorf("white owns %d (sole %d) of %d empty squares", tr.Count[White], tr.Sole[White], empties)
	}
	if tr.Owner[sq(t, "e1")] != Neutral || tr.Owner[sq(t, "a10")] != Neutral || tr.Owner[sq(t, "b9")] != BlackOwns || tr.Owner[sq(t, "j1")] != WhiteOwns {
		t.Errorf("owners: e1 %v, a10 %v, b9 %v, j1 %v", tr.Owner[sq(t, "e1")], tr.Owner[sq(t, "a10")], tr.Owner[sq(t, "b9")], tr.Owner[sq(t, "j1")])
	}
}

// TestDistancesAgainstMoves checks on random positions that the squares
// at queen distance 1 are exactly the destinations of the side's moves.
func TestDistancesAgainstMoves(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 4))
	for g := 0; g < gameCount(50, 10); g++ {
		p := Start()
		for {
			for _, s := range []Side{White, Black} {
				d := p.QueenDistances(s)
				one := map[Square]bool{}
				for _, m := range p.AppendMovesOf(nil, s) {
					one[m.To] = true
				}
				for q := Square(0); q < Squares; q++ {
					if (d[q] == 1) != one[q] {
						t.Fatalf("%s: %v's distance to %v is %d, a move there: %v", p, s, q, d[q], one[q])
					}
				}
			}
			tu, ok := p.RandomTurn(r)
			if !ok {
				break
			}
			p.Do(tu)
		}
	}
}
