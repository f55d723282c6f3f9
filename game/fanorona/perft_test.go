package fanorona

import "testing"

// TestPerftStart checks perft of both start positions one ply deeper than
// the conformance cases, counted two independent ways: the step-level
// counter of Perft and LegalTurns with Apply.
func TestPerftStart(t *testing.T) {
	depth := 5
	if testing.Short() {
		depth = 3
	}
	for _, v := range Variants {
		p := NewPosition(v)
		for d := 1; d <= depth; d++ {
			got, want := p.Perft(d), perftByTurns(p, d)
			if got != want {
				t.Errorf("%v perft %d: %d, by whole turns %d", v, d, got, want)
			}
			t.Logf("%v perft %d = %d", v, d, got)
		}
	}
	// The conformance cases give these (positions/pos_fan_01, pos_vela_01).
	for _, c := range []struct {
		v     Variant
		depth int
		n     int64
	}{{Fanorona, 1, 5}, {Fanorona, 2, 39}, {Fanorona, 3, 724}, {Vela, 1, 5}, {Vela, 2, 24}, {Vela, 3, 94}} {
		if got := NewPosition(c.v).Perft(c.depth); got != c.n {
			t.Errorf("%v perft %d = %d, want %d", c.v, c.depth, got, c.n)
		}
	}
	if NewPosition(Fanorona).Perft(0) != 1 {
		t.Error("perft 0 is 1")
	}
}
