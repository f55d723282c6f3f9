package amazons

// Unreachable is the distance QueenDistances and KingDistances give a
// square that no amazon of the side can reach.
const Unreachable = 255

// QueenDistances returns, for every square, the fewest queen moves in
// which one of side s's amazons could reach it over empty squares, as if
// the other side did not move (arrows and all amazons block): 0 on the
// side's amazons, Unreachable where none can go, and on arrows and the
// other side's amazons. It is the measure of the usual territory
// evaluations (and of Territory); it does not allocate.
func (p Position) QueenDistances(s Side) (d [Squares]uint8) {
	return p.distances(s&1, true)
}

// KingDistances is QueenDistances for moves of one square at a time.
func (p Position) KingDistances(s Side) (d [Squares]uint8) {
	return p.distances(s&1, false)
}

func (p *Position) distances(s Side, queen bool) (d [Squares]uint8) {
	for i := range d {
		d[i] = Unreachable
	}
	var frontier, next [Squares]uint8 // mailbox cells
	nf := 0
	for i := range p.n[s] {
		c := p.amz[s][i]
		d[fromBox[c]] = 0
		frontier[nf] = c
		nf++
	}
	for dist := uint8(1); nf > 0; dist++ {
		nn := 0
		for _, c := range frontier[:nf] {
			for _, o := range offset {
				for x := int(c) + o; p.board[x] == Empty; x += o {
					sq := fromBox[x]
					if d[sq] < dist {
						// Reached already; a queen line goes on through it
						// (the squares beyond may still be new).
						if !queen {
							break
						}
						continue
					}
					if d[sq] == Unreachable {
						d[sq] = dist
						next[nn] = uint8(x)
						nn++
					}
					if !queen {
						break
					}
				}
			}
		}
		frontier, nf = next, nn
	}
	return d
}

// Owner says which side controls an empty square.
type Owner uint8

// The owners of a square: Neutral when both sides reach it in as many
// moves (or neither does, or it is not empty).
const (
	Neutral Owner = iota
	WhiteOwns
	BlackOwns
)

// String returns "neutral", "white" or "black".
func (o Owner) String() string {
	switch o {
	case WhiteOwns:
		return "white"
	case BlackOwns:
		return "black"
	}
	return "neutral"
}

// Territory is the division of the empty squares between the sides by
// queen distance: each empty square belongs to the side whose amazons
// reach it in fewer queen moves. Once the board has split into regions
// (as at the end of a game) it is the regions each side controls.
type Territory struct {
	Owner [Squares]Owner // the owner of each square
	Count [2]int         // the squares White and Black own
	// Sole counts, for each side, the squares it owns that the other side
	// cannot reach at all: its settled territory.
	Sole [2]int
}

// Territory returns the queen-distance territory of the position.
func (p Position) Territory() Territory {
	var t Territory
	w, b := p.distances(White, true), p.distances(Black, true)
	for s := Square(0); s < Squares; s++ {
		if p.board[toBox[s]] != Empty {
			continue
		}
		switch {
		case w[s] < b[s]:
			t.Owner[s] = WhiteOwns
			t.Count[White]++
			if b[s] == Unreachable {
				t.Sole[White]++
			}
		case b[s] < w[s]:
			t.Owner[s] = BlackOwns
			t.Count[Black]++
			if w[s] == Unreachable {
				t.Sole[Black]++
			}
		}
	}
	return t
}
