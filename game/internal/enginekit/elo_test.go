package enginekit

import (
	"math"
	"testing"
)

// TestElo checks the Elo estimate: 0 for an even score, symmetric,
// growing with the score, 400·log10(3) ≈ 191 for 75%, half a win
// counting as a draw, a margin that narrows with more games, and an
// infinite margin without games.
func TestElo(t *testing.T) {
	if d, _ := Elo(50, 100); math.Abs(d) > 1e-9 {
		t.Errorf("Elo of an even score = %v, want 0", d)
	}
	prev := math.Inf(-1)
	for w := 0; w <= 100; w++ {
		d, m := Elo(float64(w), 100)
		back, _ := Elo(float64(100-w), 100)
		if math.Abs(d+back) > 1e-9 {
			t.Errorf("Elo(%d, 100) = %v but Elo(%d, 100) = %v: not symmetric", w, d, 100-w, back)
		}
		if d <= prev {
			t.Errorf("Elo(%d, 100) = %v, not above Elo(%d, 100) = %v", w, d, w-1, prev)
		}
		if m <= 0 || math.IsInf(m, 0) {
			t.Errorf("Elo(%d, 100) margin %v", w, m)
		}
		prev = d
	}
	if d, _ := Elo(750, 1000); math.Abs(d-400*math.Log10(3)) > 2 {
		t.Errorf("Elo of 75%% = %v, want about %v", d, 400*math.Log10(3))
	}
	if d, _ := Elo(60.5, 100); d <= 0 {
		t.Errorf("Elo of 60 wins and a draw in 100 = %v, want above 0", d)
	}
	_, m100 := Elo(60, 100)
	_, m1000 := Elo(600, 1000)
	if m1000 >= m100/2 {
		t.Errorf("margin %v over 1000 games, %v over 100: want it about a third", m1000, m100)
	}
	for _, games := range []int{0, -1} {
		if d, m := Elo(0, games); d != 0 || !math.IsInf(m, 1) {
			t.Errorf("Elo(0, %d) = %v ± %v, want 0 ± +Inf", games, d, m)
		}
	}
}
