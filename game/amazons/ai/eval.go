package ai

import (
	"math"

	"github.com/veletasbot/veletas/game/amazons"
)

// The evaluation's board: a 12x12 mailbox with a border, so that a queen
// line is walked by adding an offset until a square is not empty.
const (
	width   = amazons.Files + 2
	boxSize = width * (amazons.Ranks + 2)
	inf     = 255 // distance of a square no amazon of a side reaches
)

// Contents of a mailbox cell.
const (
	cellEmpty uint8 = iota
	cellWhite
	cellBlack
	cellArrow
	cellBorder
)

// offsets are the eight queen directions in the mailbox.
var offsets = [8]int{width, width + 1, 1, -width + 1, -width, -width - 1, -1, width - 1}

// boxOf maps a Square to its mailbox cell.
var boxOf = func() (b [amazons.Squares]int) {
	for q := amazons.Square(0); q < amazons.Squares; q++ {
		b[q] = (q.Rank()+1)*width + q.File() + 1
	}
	return b
}()

// pow2 holds 2^-d for the queen distances (0 beyond the board).
var pow2 = func() (t [256]float64) {
	for d := 0; d < inf; d++ {
		t[d] = math.Ldexp(1, -d)
	}
	return t
}()

// mobilityValue is the worth of an amazon with m queen moves: concave, so
// that shutting an amazon in weighs more than trimming a free one.
var mobilityValue = func() (t [128]float64) {
	for m := range t {
		t[m] = math.Sqrt(float64(m))
	}
	return t
}()

// board is the position as the evaluation reads it, played on in place
// by do and undo.
type board struct {
	cell   [boxSize]uint8
	amz    [2][amazons.MaxAmazons]int // mailbox cells of each side's amazons
	n      [2]int
	arrows int
	// scratch for the distances of each side
	queen, king [2][boxSize]uint8
	queue       [boxSize]int
}

func (b *board) load(p amazons.Position) {
	for c := range b.cell {
		b.cell[c] = cellBorder
	}
	for q := amazons.Square(0); q < amazons.Squares; q++ {
		c := boxOf[q]
		switch p.At(q) {
		case amazons.Empty:
			b.cell[c] = cellEmpty
		case amazons.WhiteAmazon:
			b.cell[c] = cellWhite
		case amazons.BlackAmazon:
			b.cell[c] = cellBlack
		case amazons.Arrow:
			b.cell[c] = cellArrow
		}
	}
	for s := amazons.White; s <= amazons.Black; s++ {
		sq, n := p.Amazons(s)
		b.n[s] = n
		for i := 0; i < n; i++ {
			b.amz[s][i] = boxOf[sq[i]]
		}
	}
	b.arrows = p.Arrows()
}

// do plays side s's turn t; undo takes it back.
func (b *board) do(t amazons.Turn, s amazons.Side) {
	f, to, a := boxOf[t.From], boxOf[t.To], boxOf[t.Arrow]
	b.cell[f] = cellEmpty
	b.cell[to] = cellWhite + uint8(s)
	b.cell[a] = cellArrow
	for i := 0; i < b.n[s]; i++ {
		if b.amz[s][i] == f {
			b.amz[s][i] = to
			break
		}
	}
	b.arrows++
}

func (b *board) undo(t amazons.Turn, s amazons.Side) {
	f, to, a := boxOf[t.From], boxOf[t.To], boxOf[t.Arrow]
	b.cell[a] = cellEmpty
	b.cell[to] = cellEmpty
	b.cell[f] = cellWhite + uint8(s)
	for i := 0; i < b.n[s]; i++ {
		if b.amz[s][i] == to {
			b.amz[s][i] = f
			break
		}
	}
	b.arrows--
}

// canMove reports whether side s has a turn: an amazon with an empty
// square next to it (it may always shoot back where it came from).
func (b *board) canMove(s amazons.Side) bool {
	for i := 0; i < b.n[s]; i++ {
		c := b.amz[s][i]
		for _, o := range offsets {
			if b.cell[c+o] == cellEmpty {
				return true
			}
		}
	}
	return false
}

// startSearch starts a breadth-first search of distances from side s's
// amazons: every square of d at inf but the amazons' at 0, and the
// amazons in b.queue. It returns how many it queued.
func (b *board) startSearch(s amazons.Side, d *[boxSize]uint8) int {
	for c := range d {
		d[c] = inf
	}
	for i := 0; i < b.n[s]; i++ {
		c := b.amz[s][i]
		d[c] = 0
		b.queue[i] = c
	}
	return b.n[s]
}

// queenDistances fills d with the number of queen moves side s's amazons
// need to reach each empty square over empty squares (inf when they
// cannot): a breadth-first search that walks each line from a square
// until a square reached no later than that square, beyond which the
// later square's own walk reaches as far.
func (b *board) queenDistances(s amazons.Side, d *[boxSize]uint8) {
	q := &b.queue
	head, tail := 0, b.startSearch(s, d)
	for head < tail {
		c := q[head]
		head++
		dc := d[c]
		nd := dc + 1
		for _, o := range offsets {
			for x := c + o; b.cell[x] == cellEmpty; x += o {
				if d[x] <= dc {
					break
				}
				if d[x] > nd {
					d[x] = nd
					q[tail] = x
					tail++
				}
			}
		}
	}
}

// kingDistances is queenDistances for king moves (one step at a time).
func (b *board) kingDistances(s amazons.Side, d *[boxSize]uint8) {
	q := &b.queue
	head, tail := 0, b.startSearch(s, d)
	for head < tail {
		c := q[head]
		head++
		nd := d[c] + 1
		for _, o := range offsets {
			x := c + o
			if b.cell[x] == cellEmpty && d[x] > nd {
				d[x] = nd
				q[tail] = x
				tail++
			}
		}
	}
}

// mobility is the sum over side s's amazons of mobilityValue of their
// queen moves.
func (b *board) mobility(s amazons.Side) float64 {
	v := 0.0
	for i := 0; i < b.n[s]; i++ {
		c := b.amz[s][i]
		m := 0
		for _, o := range offsets {
			for x := c + o; b.cell[x] == cellEmpty; x += o {
				m++
			}
		}
		v += mobilityValue[m]
	}
	return v
}

// Weights of the full evaluation. A tie (a square both sides reach in
// the same number of moves) counts tieWeight for the side to move, who
// gets there first. The king-distance territory, the queen-distance
// closeness (the sum of 2^-distance) and the mobility count in the
// opening and fade as arrows fill the board; the queen-distance territory
// is the whole score of the endgame.
const (
	tieWeight      = 0.2
	kingWeight     = 0.3
	closeWeight    = 0.5
	mobilityWeight = 1.5
	openingArrows  = 40
)

// territory scores the board for side me with side toMove to move, in
// squares: the queen-distance territory, and in the opening the other
// terms. With full false it is the queen-distance territory alone, ties
// not counted (the cheap evaluation of the easy level).
func (b *board) territory(me, toMove amazons.Side, full bool) float64 {
	b.queenDistances(amazons.White, &b.queen[amazons.White])
	b.queenDistances(amazons.Black, &b.queen[amazons.Black])
	qw, qb := &b.queen[amazons.White], &b.queen[amazons.Black]
	t1 := 0.0
	if !full {
		for c := width + 1; c < boxSize-width-1; c++ {
			if b.cell[c] != cellEmpty {
				continue
			}
			if qw[c] < qb[c] {
				t1++
			} else if qb[c] < qw[c] {
				t1--
			}
		}
		if me == amazons.Black {
			t1 = -t1
		}
		return t1
	}
	tie := tieWeight
	if toMove == amazons.Black {
		tie = -tie
	}
	early := 1 - float64(b.arrows)/openingArrows
	var t2, c1 float64
	if early > 0 {
		b.kingDistances(amazons.White, &b.king[amazons.White])
		b.kingDistances(amazons.Black, &b.king[amazons.Black])
	}
	kw, kb := &b.king[amazons.White], &b.king[amazons.Black]
	for c := width + 1; c < boxSize-width-1; c++ {
		if b.cell[c] != cellEmpty {
			continue
		}
		w, k := qw[c], qb[c]
		switch {
		case w < k:
			t1++
		case k < w:
			t1--
		case w != inf:
			t1 += tie
		}
		if early > 0 {
			c1 += pow2[w] - pow2[k]
			w, k = kw[c], kb[c]
			switch {
			case w < k:
				t2++
			case k < w:
				t2--
			case w != inf:
				t2 += tie
			}
		}
	}
	v := t1
	if early > 0 {
		m := b.mobility(amazons.White) - b.mobility(amazons.Black)
		v += early * (kingWeight*t2 + closeWeight*2*c1 + mobilityWeight*m)
	}
	if me == amazons.Black {
		v = -v
	}
	return v
}

// Evaluate scores a position for the side to move, in squares of
// territory: positive when the side to move is ahead. It is the full
// evaluation of the medium and hard levels (queen-distance territory,
// and in the opening king-distance territory, closeness and mobility);
// it does not look at whether the game is over.
func Evaluate(p amazons.Position) float64 {
	var b board
	b.load(p)
	return b.territory(p.ToMove(), p.ToMove(), true)
}
