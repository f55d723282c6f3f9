package fanorona

// This file holds the move generator's inner loop, unrolled by direction
// with constant masks (fromMask and from2Mask as literals; see
// TestShiftMasks).

// Points with a neighbour along a line in each direction.
const (
	m1East      Bits = 0xff7fbfdfeff
	m1NorthEast Bits = 0x551555455
	m1North     Bits = 0xfffffffff
	m1NorthWest Bits = 0x555515554
	m1West      Bits = 0x1feff7fbfdfe
	m1SouthWest Bits = 0x154555515400
	m1South     Bits = 0x1ffffffffe00
	m1SouthEast Bits = 0x55551555400
)

// Points with two points beyond them along a line in each direction.
const (
	m2East      Bits = 0x7f3f9fcfe7f
	m2NorthEast Bits = 0x1545455
	m2North     Bits = 0x7ffffff
	m2NorthWest Bits = 0x5515154
	m2West      Bits = 0x1fcfe7f3f9fc
	m2SouthWest Bits = 0x154545500000
	m2South     Bits = 0x1ffffffc0000
	m2SouthEast Bits = 0x55151540000
)

// genCaptures fills the capture sets of s for pieces own stepping to
// points of dest, capturing pieces of opp, skipping direction skip, and
// returns the union of all capturing pieces and the number of capturing
// steps. paika[d] receives the pieces that can step in direction d.
func genCaptures(s *stepSets, own, dest, opp Bits, skip Dir) (Bits, int) {
	var any Bits
	n := 0
	var mv Bits
	// East
	mv = own & ((dest & m1West) >> 1)
	if skip == East {
		mv = 0
	}
	s.paika[East] = mv
	s.app[East] = mv & ((opp & m2West) >> 2)
	s.wd[East] = mv & ((opp & m1East) << 1)
	any |= s.app[East] | s.wd[East]
	n += s.app[East].Count() + s.wd[East].Count()
	// NorthEast
	mv = own & ((dest & m1SouthWest) >> 10)
	if skip == NorthEast {
		mv = 0
	}
	s.paika[NorthEast] = mv
	s.app[NorthEast] = mv & ((opp & m2SouthWest) >> 20)
	s.wd[NorthEast] = mv & ((opp & m1NorthEast) << 10)
	any |= s.app[NorthEast] | s.wd[NorthEast]
	n += s.app[NorthEast].Count() + s.wd[NorthEast].Count()
	// North
	mv = own & ((dest & m1South) >> 9)
	if skip == North {
		mv = 0
	}
	s.paika[North] = mv
	s.app[North] = mv & ((opp & m2South) >> 18)
	s.wd[North] = mv & ((opp & m1North) << 9)
	any |= s.app[North] | s.wd[North]
	n += s.app[North].Count() + s.wd[North].Count()
	// NorthWest
	mv = own & ((dest & m1SouthEast) >> 8)
	if skip == NorthWest {
		mv = 0
	}
	s.paika[NorthWest] = mv
	s.app[NorthWest] = mv & ((opp & m2SouthEast) >> 16)
	s.wd[NorthWest] = mv & ((opp & m1NorthWest) << 8)
	any |= s.app[NorthWest] | s.wd[NorthWest]
	n += s.app[NorthWest].Count() + s.wd[NorthWest].Count()
	// West
	mv = own & ((dest & m1East) << 1)
	if skip == West {
		mv = 0
	}
	s.paika[West] = mv
	s.app[West] = mv & ((opp & m2East) << 2)
	s.wd[West] = mv & ((opp & m1West) >> 1)
	any |= s.app[West] | s.wd[West]
	n += s.app[West].Count() + s.wd[West].Count()
	// SouthWest
	mv = own & ((dest & m1NorthEast) << 10)
	if skip == SouthWest {
		mv = 0
	}
	s.paika[SouthWest] = mv
	s.app[SouthWest] = mv & ((opp & m2NorthEast) << 20)
	s.wd[SouthWest] = mv & ((opp & m1SouthWest) >> 10)
	any |= s.app[SouthWest] | s.wd[SouthWest]
	n += s.app[SouthWest].Count() + s.wd[SouthWest].Count()
	// South
	mv = own & ((dest & m1North) << 9)
	if skip == South {
		mv = 0
	}
	s.paika[South] = mv
	s.app[South] = mv & ((opp & m2North) << 18)
	s.wd[South] = mv & ((opp & m1South) >> 9)
	any |= s.app[South] | s.wd[South]
	n += s.app[South].Count() + s.wd[South].Count()
	// SouthEast
	mv = own & ((dest & m1NorthWest) << 8)
	if skip == SouthEast {
		mv = 0
	}
	s.paika[SouthEast] = mv
	s.app[SouthEast] = mv & ((opp & m2NorthWest) << 16)
	s.wd[SouthEast] = mv & ((opp & m1SouthEast) >> 8)
	any |= s.app[SouthEast] | s.wd[SouthEast]
	n += s.app[SouthEast].Count() + s.wd[SouthEast].Count()
	return any, n
}
