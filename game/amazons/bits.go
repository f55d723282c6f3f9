package amazons

import "math/bits"

// The occupied squares are also kept as 100 bits in two words (bit s for
// Square s), so that the length of a clear queen line is found from the
// first occupied square on it without walking the line: the lowest set bit
// of the line's mask for the directions that go up the square numbers, the
// highest for the others. Random playouts use it.

// bdirs are the square-number steps of the directions: the first four go
// up (North, NorthEast, East, NorthWest), the last four down.
var bdirs = [8]int{Files, Files + 1, 1, Files - 1, -Files, -Files - 1, -1, -Files + 1}

// rayLo, rayHi and rayN describe the queen line from a square to the edge
// in each direction of bdirs: its squares as a mask, and how many there
// are.
var rayLo, rayHi, rayN = rayTables()

// recip holds 65536/step rounded up for each direction of bdirs, so that
// the distance along a line is a multiplication and a shift (exact for
// the multiples of the step under 128).
var recip = [8]int{6554, 5958, 65536, 7282, 6554, 5958, 65536, 7282}

func rayTables() (lo, hi [8][Squares]uint64, n [8][Squares]uint8) {
	for d := range bdirs {
		// The file and rank steps of bdirs[d].
		fs, rs := [8]int{0, 1, 1, -1, 0, -1, -1, 1}[d], [8]int{1, 1, 0, 1, -1, -1, 0, -1}[d]
		for s := Square(0); s < Squares; s++ {
			for q := Sq(s.File()+fs, s.Rank()+rs); q != NoSquare; q = Sq(q.File()+fs, q.Rank()+rs) {
				if q < 64 {
					lo[d][s] |= 1 << q
				} else {
					hi[d][s] |= 1 << (q - 64)
				}
				n[d][s]++
			}
		}
	}
	return lo, hi, n
}

// rayUp returns how many empty squares follow s in direction d (an index
// of bdirs that goes up the square numbers) before an occupied square or
// the edge: the first occupied square is the lowest set bit.
func rayUp(occ *[2]uint64, s, d int) int {
	lo, hi := occ[0]&rayLo[d][s], occ[1]&rayHi[d][s]
	b := 64 + bits.TrailingZeros64(hi)
	if lo != 0 {
		b = bits.TrailingZeros64(lo)
	} else if hi == 0 {
		return int(rayN[d][s])
	}
	return ((b-s)*recip[d])>>16 - 1
}

// rayDown is rayUp for the directions that go down the square numbers:
// the first occupied square is the highest set bit.
func rayDown(occ *[2]uint64, s, d int) int {
	lo, hi := occ[0]&rayLo[d][s], occ[1]&rayHi[d][s]
	b := bits.Len64(lo) - 1
	if hi != 0 {
		b = 63 + bits.Len64(hi)
	} else if lo == 0 {
		return int(rayN[d][s])
	}
	return ((s-b)*recip[d])>>16 - 1
}
