package veletas

import (
	"math/bits"
	"strconv"
	"strings"
)

// Size is the side of the board: 7, 9 or 10.
type Size uint8

// The three board sizes of the game.
const (
	Size7  Size = 7
	Size9  Size = 9
	Size10 Size = 10
)

// Sizes lists the supported sizes, smallest first.
var Sizes = []Size{Size7, Size9, Size10}

// Valid reports whether s is one of the supported sizes.
func (s Size) Valid() bool { return s == 7 || s == 9 || s == 10 }

// Shooters is the number of shooters on the board: 3, 5 or 7.
func (s Size) Shooters() int { return int(s) - 4 + int(s)/10 }

// FirstShooters is the number of shooters the first player places: 1, 2 or 3.
func (s Size) FirstShooters() int { return s.Shooters() / 2 }

// Majority is the number of claimed shooters that wins: 2, 3 or 4.
func (s Size) Majority() int { return s.Shooters()/2 + 1 }

func (s Size) String() string { return strconv.Itoa(int(s)) + "x" + strconv.Itoa(int(s)) }

// ParseSize reads "7", "9", "10" (or "7x7" and so on).
func ParseSize(text string) (Size, error) {
	t := text
	if i := strings.IndexByte(t, 'x'); i > 0 && t[:i] == t[i+1:] {
		t = t[:i]
	}
	n, err := strconv.Atoi(t)
	if err != nil || n < 0 || n > 10 || !Size(n).Valid() {
		return 0, textErr(ErrBadSize, "board size "+quote(text)+" is not supported: use 7, 9 or 10", text)
	}
	return Size(n), nil
}

// Square is a square of the board: file*1 + rank*10, both from 0, so that
// a1 is 0 and j10 is 99 whatever the board size. NoSquare marks absence.
type Square uint8

// NoSquare is the zero-value stand-in for "no square".
const NoSquare Square = 255

// Sq returns the square at file f and rank r, both counted from 0.
func Sq(f, r int) Square { return Square(r*10 + f) }

// File is the square's file from 0 (a).
func (s Square) File() int { return int(s) % 10 }

// Rank is the square's rank from 0 (rank 1).
func (s Square) Rank() int { return int(s) / 10 }

// On reports whether the square lies on a board of the given size.
func (s Square) On(size Size) bool {
	return s != NoSquare && s.File() < int(size) && s.Rank() < int(size)
}

func (s Square) String() string {
	if s >= 100 {
		return "-"
	}
	return string(rune('a'+s.File())) + strconv.Itoa(s.Rank()+1)
}

// parseSquareText reads a file letter and a rank number. It reports
// ok=false for text that is not a square at all, and off=true (with ok)
// for a square name beyond the 10x10 board such as "k11".
func parseSquareText(t string) (sq Square, off, ok bool) {
	if len(t) < 2 || len(t) > 3 {
		return NoSquare, false, false
	}
	c := t[0] | 0x20
	if c < 'a' || c > 'z' {
		return NoSquare, false, false
	}
	if t[1] < '1' || t[1] > '9' {
		return NoSquare, false, false
	}
	r := int(t[1] - '0')
	if len(t) == 3 {
		if t[2] < '0' || t[2] > '9' {
			return NoSquare, false, false
		}
		r = r*10 + int(t[2]-'0')
	}
	f := int(c - 'a')
	if f >= 10 || r > 10 {
		return NoSquare, true, true
	}
	return Sq(f, r-1), false, true
}

// ParseSquare reads a square name such as "a1" or "J10" (any case).
func ParseSquare(text string) (Square, error) {
	sq, off, ok := parseSquareText(text)
	if !ok {
		return NoSquare, textErr(ErrMalformed, "malformed square "+quote(text)+": write a file letter and a rank number, like c4", text)
	}
	if off {
		return NoSquare, textErr(ErrOffBoard, "square "+strings.ToLower(text)+" is off the board: the largest board is 10x10, a1 to j10", text)
	}
	return sq, nil
}

// Bits is a set of squares, one bit per square index.
type Bits struct{ Lo, Hi uint64 }

// Has reports whether sq is in the set.
func (b Bits) Has(sq Square) bool {
	if sq < 64 {
		return b.Lo>>sq&1 != 0
	}
	return b.Hi>>(sq-64)&1 != 0
}

// With returns the set with sq added.
func (b Bits) With(sq Square) Bits {
	if sq < 64 {
		b.Lo |= 1 << sq
	} else {
		b.Hi |= 1 << (sq - 64)
	}
	return b
}

// Without returns the set with sq removed.
func (b Bits) Without(sq Square) Bits {
	if sq < 64 {
		b.Lo &^= 1 << sq
	} else {
		b.Hi &^= 1 << (sq - 64)
	}
	return b
}

// Or, And and AndNot are the set operations.
func (b Bits) Or(c Bits) Bits     { return Bits{b.Lo | c.Lo, b.Hi | c.Hi} }
func (b Bits) And(c Bits) Bits    { return Bits{b.Lo & c.Lo, b.Hi & c.Hi} }
func (b Bits) AndNot(c Bits) Bits { return Bits{b.Lo &^ c.Lo, b.Hi &^ c.Hi} }

// Empty reports whether the set has no square.
func (b Bits) Empty() bool { return b.Lo|b.Hi == 0 }

// Count is the number of squares in the set.
func (b Bits) Count() int { return bits.OnesCount64(b.Lo) + bits.OnesCount64(b.Hi) }

// First returns the lowest square of a non-empty set.
func (b Bits) First() Square {
	if b.Lo != 0 {
		return Square(bits.TrailingZeros64(b.Lo))
	}
	return Square(64 + bits.TrailingZeros64(b.Hi))
}

// Squares returns the squares of the set in increasing order.
func (b Bits) Squares() []Square {
	out := make([]Square, 0, b.Count())
	for !b.Empty() {
		sq := b.First()
		out = append(out, sq)
		b = b.Without(sq)
	}
	return out
}

// Last returns the highest square of a non-empty set.
func (b Bits) Last() Square {
	if b.Hi != 0 {
		return Square(127 - bits.LeadingZeros64(b.Hi))
	}
	return Square(63 - bits.LeadingZeros64(b.Lo))
}

// nth returns the i-th lowest square of the set (i < Count()).
func (b Bits) nth(i int) Square {
	w, base := b.Lo, Square(0)
	if c := bits.OnesCount64(w); i >= c {
		w, base, i = b.Hi, 64, i-c
	}
	for ; i > 0; i-- {
		w &= w - 1
	}
	return base + Square(bits.TrailingZeros64(w))
}

func (b Bits) shl(n uint) Bits { return Bits{b.Lo << n, b.Hi<<n | b.Lo>>(64-n)} }
func (b Bits) shr(n uint) Bits { return Bits{b.Lo>>n | b.Hi<<(64-n), b.Hi >> n} }

// Directions in the order N, NE, E, SE, S, SW, W, NW.
var dirFile = [8]int{0, 1, 1, 1, 0, -1, -1, -1}
var dirRank = [8]int{1, 1, 0, -1, -1, -1, 0, 1}

type ray struct {
	n  uint8
	sq [9]Square
}

type geometry struct {
	size    Size
	mask    Bits           // squares on the board
	rays    [100][8]ray    // queen rays from each square, nearest first
	rayBits [100][8]Bits   // the same rays as sets, the square itself excluded
	rayFrom [100][8]Bits   // the same rays with the square itself included
	nb      [100]Bits      // the up to 8 neighbours
	orth    [100][4]Square // orthogonal neighbours, NoSquare where off the board
	notA    Bits           // board without file a
	notLast Bits           // board without the last file
	inner   Bits           // board without its perimeter
}

var geoms [3]geometry

func geo(s Size) *geometry {
	switch s {
	case 7:
		return &geoms[0]
	case 9:
		return &geoms[1]
	default:
		return &geoms[2]
	}
}

func init() {
	for i, s := range Sizes {
		g := &geoms[i]
		g.size = s
		n := int(s)
		for r := 0; r < n; r++ {
			for f := 0; f < n; f++ {
				sq := Sq(f, r)
				g.mask = g.mask.With(sq)
				if f != 0 {
					g.notA = g.notA.With(sq)
				}
				if f != n-1 {
					g.notLast = g.notLast.With(sq)
				}
				if f != 0 && r != 0 && f != n-1 && r != n-1 {
					g.inner = g.inner.With(sq)
				}
				for d := 0; d < 8; d++ {
					rr := &g.rays[sq][d]
					for k := 1; ; k++ {
						ff, rk := f+k*dirFile[d], r+k*dirRank[d]
						if ff < 0 || ff >= n || rk < 0 || rk >= n {
							break
						}
						rr.sq[rr.n] = Sq(ff, rk)
						rr.n++
						g.rayBits[sq][d] = g.rayBits[sq][d].With(Sq(ff, rk))
						if k == 1 {
							g.nb[sq] = g.nb[sq].With(Sq(ff, rk))
						}
					}
					g.rayFrom[sq][d] = g.rayBits[sq][d].With(sq)
					if d%2 == 0 {
						o := NoSquare
						if rr.n > 0 {
							o = rr.sq[0]
						}
						g.orth[sq][d/2] = o
					}
				}
			}
		}
	}
}

// queenLine reports whether to lies on a rank, file or diagonal from from
// (and is not from itself), and the squares strictly between them.
func queenLine(from, to Square) (between []Square, ok bool) {
	df, dr := to.File()-from.File(), to.Rank()-from.Rank()
	if df == 0 && dr == 0 {
		return nil, false
	}
	if df != 0 && dr != 0 && df != dr && df != -dr {
		return nil, false
	}
	sf, sr := sign(df), sign(dr)
	f, r := from.File()+sf, from.Rank()+sr
	for f != to.File() || r != to.Rank() {
		between = append(between, Sq(f, r))
		f, r = f+sf, r+sr
	}
	return between, true
}

func sign(x int) int {
	switch {
	case x < 0:
		return -1
	case x > 0:
		return 1
	}
	return 0
}

func itoa(n int) string { return strconv.Itoa(n) }
