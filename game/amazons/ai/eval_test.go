package ai

import (
	"math"
	"strings"
	"testing"

	"github.com/veletasbot/veletas/game/amazons"
)

// TestEvaluate scores diagrams whose territory is known.
func TestEvaluate(t *testing.T) {
	// Files e to h are arrows (40, so the opening terms are gone): White's
	// amazon on a1 owns files a to d (39 empty squares), Black's on j10
	// files i and j (19).
	split := "4xxxx1b/" + strings.Repeat("4xxxx2/", 8) + "w3xxxx2"
	cases := []struct {
		name string
		pos  string
		want float64
	}{
		{"split, White to move", split + " w", 20},
		{"split, Black to move", split + " b", -20},
	}
	for _, c := range cases {
		p, err := amazons.ParsePosition(c.pos)
		if err != nil {
			t.Fatal(err)
		}
		if got := Evaluate(p); got != c.want {
			t.Errorf("%s: Evaluate = %v, want %v", c.name, got, c.want)
		}
	}
	// At the start the sides are mirror images: the side to move is ahead
	// by its ties alone, by the same amount whichever it is.
	w := Evaluate(amazons.Start())
	b := Evaluate(position(t, "3b2b3/10/10/b8b/10/10/w8w/10/10/3w2w3 b"))
	if w <= 0 || math.Abs(w-b) > 1e-9 {
		t.Errorf("Evaluate at the start: %v with White to move, %v with Black: want equal and positive", w, b)
	}
	// A square both reach in the same number of moves counts tieWeight
	// for the side to move: White on a1 and Black on c1 on a first rank
	// walled by 40 arrows; b1 is a tie, d1 to j1 are Black's (7 squares),
	// the squares above the wall nobody's.
	walled := "10/10/10/10/10/" + strings.Repeat("xxxxxxxxxx/", 4) + "w1b7 "
	for _, c := range []struct {
		toMove string
		want   float64
	}{{"w", tieWeight - 7}, {"b", 7 + tieWeight}} {
		if got := Evaluate(position(t, walled+c.toMove)); math.Abs(got-c.want) > 1e-9 {
			t.Errorf("walled first rank, %s to move: Evaluate = %v, want %v", c.toMove, got, c.want)
		}
	}
}
