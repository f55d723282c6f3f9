package glicko2

import (
	"math"
	"testing"
)

// TestGlicko2PaperExample checks the worked example of Glickman's
// "Example of the Glicko-2 system": a 1500/200/0.06 player beats a 1400/30
// player and loses to 1550/100 and 1700/300, tau 0.5.
func TestGlicko2PaperExample(t *testing.T) {
	r, rd, vol := Rate(1500, 200, 0.06, []Result{
		{1400, 30, 1}, {1550, 100, 0}, {1700, 300, 0},
	}, 0.5)
	if math.Abs(r-1464.06) > 0.01 || math.Abs(rd-151.52) > 0.01 || math.Abs(vol-0.05999) > 0.00001 {
		t.Fatalf("got rating %.4f RD %.4f volatility %.6f, want 1464.06, 151.52, 0.05999", r, rd, vol)
	}
}

func TestGlicko2NoGamesGrowsDeviation(t *testing.T) {
	r, rd, vol := Rate(1500, 200, 0.06, nil, 0.5)
	// phi* = sqrt(1.1513^2 + 0.06^2) = 1.1528 → 200.27 on the Glicko scale
	if r != 1500 || math.Abs(rd-200.27) > 0.01 || vol != 0.06 {
		t.Fatalf("got %.2f %.2f %.4f", r, rd, vol)
	}
	if _, rd, _ := Rate(1500, 349.9, 0.06, nil, 0.5); rd != InitialRD {
		t.Fatalf("deviation %.2f grew past %d", rd, InitialRD)
	}
}
