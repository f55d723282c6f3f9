package amazons

// The board is kept as a mailbox of 12x12 cells: the 10x10 squares with a
// border one cell wide all round, so that a queen line is walked by adding
// a direction's offset until a cell is not empty, with no bounds test.

// Board size.
const (
	Files   = 10  // files a to j
	Ranks   = 10  // ranks 1 to 10
	Squares = 100 // squares on the board

	// MaxAmazons is the number of amazons of a side in a game (and the most
	// a position may hold).
	MaxAmazons = 4
)

const (
	width   = 12            // mailbox row length
	boxSize = width * width // mailbox cells
)

// Square is a square of the board: file + 10*rank, both counted from 0, so
// a1 is 0, j1 is 9, a2 is 10 and j10 is 99.
type Square uint8

// NoSquare is the value of Square for "no square" (off the board, absent).
const NoSquare Square = 255

// Sq returns the square of a file and a rank counted from 0 (a1 is
// Sq(0, 0), j10 is Sq(9, 9)), or NoSquare when either is off the board.
func Sq(file, rank int) Square {
	if file < 0 || file >= Files || rank < 0 || rank >= Ranks {
		return NoSquare
	}
	return Square(rank*Files + file)
}

// File returns the file counted from 0 (a is 0, j is 9).
func (s Square) File() int { return int(s) % Files }

// Rank returns the rank counted from 0 (rank 1 is 0, rank 10 is 9).
func (s Square) Rank() int { return int(s) / Files }

// Valid reports whether s is on the board.
func (s Square) Valid() bool { return s < Squares }

// String writes the square in lower case, as "d1" or "j10"; an invalid
// square is "-".
func (s Square) String() string {
	if !s.Valid() {
		return "-"
	}
	if s.Rank() == 9 {
		return string([]byte{byte('a' + s.File()), '1', '0'})
	}
	return string([]byte{byte('a' + s.File()), byte('1' + s.Rank())})
}

// appendSquare writes s as String does.
func appendSquare(b []byte, s Square) []byte {
	b = append(b, byte('a'+s.File()))
	if s.Rank() == 9 {
		return append(b, '1', '0')
	}
	return append(b, byte('1'+s.Rank()))
}

// Dir is one of the eight directions of a queen's line.
type Dir uint8

// The eight directions: North is towards rank 10, East towards file j.
const (
	North Dir = iota
	NorthEast
	East
	SouthEast
	South
	SouthWest
	West
	NorthWest
)

// Dirs lists the eight directions.
var Dirs = [8]Dir{North, NorthEast, East, SouthEast, South, SouthWest, West, NorthWest}

// offset is the mailbox step of each direction.
var offset = [8]int{width, width + 1, 1, 1 - width, -width, -width - 1, -1, width - 1}

// df and dr are the file and rank steps of each direction.
var (
	df = [8]int{0, 1, 1, 1, 0, -1, -1, -1}
	dr = [8]int{1, 1, 0, -1, -1, -1, 0, 1}
)

// Step returns the square next to s in direction d, or NoSquare at the edge
// of the board (or when s is not on it).
func (s Square) Step(d Dir) Square {
	if !s.Valid() || d > NorthWest {
		return NoSquare
	}
	return Sq(s.File()+df[d], s.Rank()+dr[d])
}

// toBox maps a square to its mailbox cell, fromBox a cell to its square
// (NoSquare on the border).
var toBox, fromBox = boxTables()

func boxTables() (to [Squares]uint8, from [boxSize]Square) {
	for i := range from {
		from[i] = NoSquare
	}
	for s := Square(0); s < Squares; s++ {
		c := (s.Rank()+1)*width + s.File() + 1
		to[s] = uint8(c)
		from[c] = s
	}
	return to, from
}

// zobrist holds a key per piece and mailbox cell; zobristBlack is xored in
// when Black is to move.
var zobrist, zobristBlack = zobristKeys()

// zobristKeys draws the keys from a fixed splitmix64 sequence, so that
// hashes are the same in every process.
func zobristKeys() (keys [Arrow + 1][boxSize]uint64, black uint64) {
	x := uint64(0x616d617a6f6e73) // "amazons"
	next := func() uint64 {
		x += 0x9e3779b97f4a7c15
		z := x
		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
		z = (z ^ (z >> 27)) * 0x94d049bb133111eb
		return z ^ (z >> 31)
	}
	for pc := WhiteAmazon; pc <= Arrow; pc++ {
		for c := 0; c < boxSize; c++ {
			if fromBox[c] != NoSquare {
				keys[pc][c] = next()
			}
		}
	}
	return keys, next()
}

// Line returns the direction from a to b when they share a rank, a file or
// a diagonal, and the number of steps between them; ok is false otherwise
// (and when a == b, or either is off the board).
func Line(a, b Square) (d Dir, steps int, ok bool) {
	if !a.Valid() || !b.Valid() || a == b {
		return 0, 0, false
	}
	fa, ra, fb, rb := a.File(), a.Rank(), b.File(), b.Rank()
	x, y := fb-fa, rb-ra
	if x != 0 && y != 0 && x != y && x != -y {
		return 0, 0, false
	}
	sx, sy := sign(x), sign(y)
	for d := range Dirs {
		if df[d] == sx && dr[d] == sy {
			return Dir(d), max(abs(x), abs(y)), true
		}
	}
	return 0, 0, false
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Side is one of the two players.
type Side uint8

// The two sides; White moves first.
const (
	White Side = iota
	Black
)

// Other returns the opponent.
func (s Side) Other() Side { return s ^ 1 }

// String returns "white" or "black".
func (s Side) String() string {
	if s == Black {
		return "black"
	}
	return "white"
}

// Piece is what stands on a square.
type Piece uint8

// The contents of a square. offBoard marks the mailbox border.
const (
	Empty Piece = iota
	WhiteAmazon
	BlackAmazon
	Arrow
	offBoard
)

// AmazonOf returns the amazon piece of a side.
func AmazonOf(s Side) Piece { return WhiteAmazon + Piece(s) }

// IsAmazon reports whether the piece is an amazon, and whose.
func (pc Piece) IsAmazon() (Side, bool) {
	switch pc {
	case WhiteAmazon:
		return White, true
	case BlackAmazon:
		return Black, true
	}
	return White, false
}

// String names the piece: "empty", "white amazon", "black amazon",
// "arrow".
func (pc Piece) String() string {
	switch pc {
	case Empty:
		return "empty"
	case WhiteAmazon:
		return "white amazon"
	case BlackAmazon:
		return "black amazon"
	case Arrow:
		return "arrow"
	}
	return "off the board"
}
