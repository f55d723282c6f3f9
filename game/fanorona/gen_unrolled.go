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
	var caps Bits
	n := 0
	var mv Bits
	// East
	mv = own & ((dest & m1West) >> 1)
	if skip == East {
		mv = 0
	}
	s.sets[3*East+2] = mv
	s.sets[3*East] = mv & ((opp & m2West) >> 2)
	s.sets[3*East+1] = mv & ((opp & m1East) << 1)
	caps |= s.sets[3*East] | s.sets[3*East+1]
	n += s.sets[3*East].Count() + s.sets[3*East+1].Count()
	// NorthEast
	mv = own & ((dest & m1SouthWest) >> 10)
	if skip == NorthEast {
		mv = 0
	}
	s.sets[3*NorthEast+2] = mv
	s.sets[3*NorthEast] = mv & ((opp & m2SouthWest) >> 20)
	s.sets[3*NorthEast+1] = mv & ((opp & m1NorthEast) << 10)
	caps |= s.sets[3*NorthEast] | s.sets[3*NorthEast+1]
	n += s.sets[3*NorthEast].Count() + s.sets[3*NorthEast+1].Count()
	// North
	mv = own & ((dest & m1South) >> 9)
	if skip == North {
		mv = 0
	}
	s.sets[3*North+2] = mv
	s.sets[3*North] = mv & ((opp & m2South) >> 18)
	s.sets[3*North+1] = mv & ((opp & m1North) << 9)
	caps |= s.sets[3*North] | s.sets[3*North+1]
	n += s.sets[3*North].Count() + s.sets[3*North+1].Count()
	// NorthWest
	mv = own & ((dest & m1SouthEast) >> 8)
	if skip == NorthWest {
		mv = 0
	}
	s.sets[3*NorthWest+2] = mv
	s.sets[3*NorthWest] = mv & ((opp & m2SouthEast) >> 16)
	s.sets[3*NorthWest+1] = mv & ((opp & m1NorthWest) << 8)
	caps |= s.sets[3*NorthWest] | s.sets[3*NorthWest+1]
	n += s.sets[3*NorthWest].Count() + s.sets[3*NorthWest+1].Count()
	// West
	mv = own & ((dest & m1East) << 1)
	if skip == West {
		mv = 0
	}
	s.sets[3*West+2] = mv
	s.sets[3*West] = mv & ((opp & m2East) << 2)
	s.sets[3*West+1] = mv & ((opp & m1West) >> 1)
	caps |= s.sets[3*West] | s.sets[3*West+1]
	n += s.sets[3*West].Count() + s.sets[3*West+1].Count()
	// SouthWest
	mv = own & ((dest & m1NorthEast) << 10)
	if skip == SouthWest {
		mv = 0
	}
	s.sets[3*SouthWest+2] = mv
	s.sets[3*SouthWest] = mv & ((opp & m2NorthEast) << 20)
	s.sets[3*SouthWest+1] = mv & ((opp & m1SouthWest) >> 10)
	caps |= s.sets[3*SouthWest] | s.sets[3*SouthWest+1]
	n += s.sets[3*SouthWest].Count() + s.sets[3*SouthWest+1].Count()
	// South
	mv = own & ((dest & m1North) << 9)
	if skip == South {
		mv = 0
	}
	s.sets[3*South+2] = mv
	s.sets[3*South] = mv & ((opp & m2North) << 18)
	s.sets[3*South+1] = mv & ((opp & m1South) >> 9)
	caps |= s.sets[3*South] | s.sets[3*South+1]
	n += s.sets[3*South].Count() + s.sets[3*South+1].Count()
	// SouthEast
	mv = own & ((dest & m1NorthWest) << 8)
	if skip == SouthEast {
		mv = 0
	}
	s.sets[3*SouthEast+2] = mv
	s.sets[3*SouthEast] = mv & ((opp & m2NorthWest) << 16)
	s.sets[3*SouthEast+1] = mv & ((opp & m1SouthEast) >> 8)
	caps |= s.sets[3*SouthEast] | s.sets[3*SouthEast+1]
	n += s.sets[3*SouthEast].Count() + s.sets[3*SouthEast+1].Count()
	return caps, n
}
