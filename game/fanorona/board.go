package fanorona

import "math/bits"

// The board has 5 ranks of 9 files. A Point is numbered rank*9+file, so a1
// is 0, i1 is 8, a2 is 9 and i5 is 44.
const (
	Files  = 9
	Ranks  = 5
	Points = Files * Ranks
)

// Point is one of the 45 points of the board, numbered rank*9+file from a1
// (0) to i5 (44). NoPoint stands for "no point".
type Point uint8

// NoPoint is the zero-value stand-in for "no point".
const NoPoint Point = 255

// NewPoint returns the point on file f (0 for a) and rank r (0 for 1).
func NewPoint(f, r int) Point { return Point(r*Files + f) }

// File is the point's file, 0 (a) to 8 (i).
func (p Point) File() int { return int(p) % Files }

// Rank is the point's rank, 0 (rank 1) to 4 (rank 5).
func (p Point) Rank() int { return int(p) / Files }

// Valid reports whether p is on the board.
func (p Point) Valid() bool { return p < Points }

// Diagonal reports whether diagonal lines pass through p: its file index
// plus rank index is even.
func (p Point) Diagonal() bool { return (p.File()+p.Rank())%2 == 0 }

// String writes the point as in the notation: "a1" to "i5".
func (p Point) String() string {
	if !p.Valid() {
		return "-"
	}
	return string([]byte{byte('a' + p.File()), byte('1' + p.Rank())})
}

// Dir is one of the eight compass directions along the board's lines.
type Dir uint8

// The directions. A direction and its opposite differ by 4.
const (
	East Dir = iota
	NorthEast
	North
	NorthWest
	West
	SouthWest
	South
	SouthEast
	NoDir Dir = 255
)

// Opposite returns the direction pointing the other way.
func (d Dir) Opposite() Dir { return d ^ 4 }

// Diagonal reports whether d is one of the four diagonal directions.
func (d Dir) Diagonal() bool { return d&1 == 1 }

func (d Dir) String() string {
	if d > SouthEast {
		return "none"
	}
	return [...]string{"east", "north-east", "north", "north-west", "west", "south-west", "south", "south-east"}[d]
}

// dirOffset is the change of point number for a step in each direction;
// the first four are positive, the last four negative.
var dirOffset = [8]int{1, 10, 9, 8, -1, -10, -9, -8}

// Bits is a set of points: bit n stands for Point n.
type Bits uint64

// Has reports whether the set holds p.
func (b Bits) Has(p Point) bool { return p < Points && b&(1<<p) != 0 }

// Count is the number of points in the set.
func (b Bits) Count() int { return bits.OnesCount64(uint64(b)) }

// First returns the lowest-numbered point of a non-empty set.
func (b Bits) First() Point { return Point(bits.TrailingZeros64(uint64(b))) }

// Points returns the points of the set in increasing order.
func (b Bits) Points() []Point {
	out := make([]Point, 0, b.Count())
	for ; b != 0; b &= b - 1 {
		out = append(out, b.First())
	}
	return out
}

func bit(p Point) Bits { return 1 << p }

const boardMask Bits = 1<<Points - 1

// Precomputed geometry.
var (
	// neighbour[p][d] is the point next to p along a line in direction d,
	// or NoPoint when there is no such line.
	neighbour [Points][8]Point
	// fromMask[d] holds the points that have a neighbour in direction d.
	fromMask [8]Bits
	// ray[p][d] holds the points beyond p in direction d along its line,
	// p excluded.
	ray [Points][8]Bits
	// dirOf[p][q] is the direction from p to its neighbour q, or NoDir.
	dirOf [Points][Points]Dir
)

func init() {
	for p := Point(0); p < Points; p++ {
		for q := range dirOf[p] {
			dirOf[p][q] = NoDir
		}
	}
	for p := Point(0); p < Points; p++ {
		for d := Dir(0); d < 8; d++ {
			neighbour[p][d] = step(p, d)
		}
	}
	for p := Point(0); p < Points; p++ {
		for d := Dir(0); d < 8; d++ {
			q := neighbour[p][d]
			if q == NoPoint {
				continue
			}
			fromMask[d] |= bit(p)
			dirOf[p][q] = d
			for ; q != NoPoint; q = neighbour[q][d] {
				ray[p][d] |= bit(q)
			}
		}
	}
}

// step computes the neighbour of p in direction d from coordinates.
func step(p Point, d Dir) Point {
	if d.Diagonal() && !p.Diagonal() {
		return NoPoint
	}
	df := [8]int{1, 1, 0, -1, -1, -1, 0, 1}[d]
	dr := [8]int{0, 1, 1, 1, 0, -1, -1, -1}[d]
	f, r := p.File()+df, p.Rank()+dr
	if f < 0 || f >= Files || r < 0 || r >= Ranks {
		return NoPoint
	}
	return NewPoint(f, r)
}

// Neighbour returns the point next to p along a line in direction d, or
// NoPoint.
func Neighbour(p Point, d Dir) Point {
	if !p.Valid() || d > SouthEast {
		return NoPoint
	}
	return neighbour[p][d]
}

// DirBetween returns the direction of the line from p to its neighbour q,
// or NoDir when q is not next to p along a line.
func DirBetween(p, q Point) Dir {
	if !p.Valid() || !q.Valid() {
		return NoDir
	}
	return dirOf[p][q]
}

// shift moves every point of b one step in direction d, dropping points
// with no line that way.
func shift(b Bits, d Dir) Bits {
	b &= fromMask[d]
	if d < West {
		return b << uint(dirOffset[d])
	}
	return b >> uint(-dirOffset[d])
}

// line returns the run of points from start along d that are all in set,
// start included (start itself must be in set).
func line(start Point, d Dir, set Bits) Bits {
	l := bit(start) | ray[start][d]
	stop := l &^ set
	if stop == 0 {
		return l
	}
	if d < West {
		nearest := Bits(1) << bits.TrailingZeros64(uint64(stop))
		return l & (nearest - 1)
	}
	nearest := Bits(1) << (63 - bits.LeadingZeros64(uint64(stop)))
	return l &^ (nearest<<1 - 1)
}
