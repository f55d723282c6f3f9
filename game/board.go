package game

import (
	"errors"
	"strconv"
)

// Boarded is a game that can describe its board for a front end to draw
// (the web page draws it in the browser from this description): where
// every piece stands, the last turn's marks, the lines to draw and the
// move list. A game implements it on its Rules value, beside Rules, as it
// does Pickable.
type Boarded interface {
	Rules
	// Board describes the board of s as it stands, a turn under way
	// (State.Open) included: BoardAt(s, len(Plies)) plus that turn's
	// steps. A State of another game is ErrForeignState.
	Board(s State) (Board, error)
	// BoardAt describes the board after the first ply actions of s's
	// record (0 is the start), for a replay; a ply outside 0..len(Plies)
	// is ErrBadPly.
	BoardAt(s State, ply int) (Board, error)
}

// ErrBadPly is returned by Boarded.BoardAt for a ply the game has not
// reached.
var ErrBadPly = errors.New("game: no such ply")

// The pieces of a Cell: a small vocabulary a front end draws without
// knowing the game.
const (
	// PieceWhite and PieceBlack are a player's pieces of that colour
	// (an amazon, a Fanorona piece, a Veletas stone).
	PieceWhite = "white"
	PieceBlack = "black"
	// PieceShooter is a piece that belongs to nobody yet (a Veletas
	// shooter not claimed); PieceShooterWhite and PieceShooterBlack are
	// such a piece claimed by a colour.
	PieceShooter      = "shooter"
	PieceShooterWhite = "shooter-white"
	PieceShooterBlack = "shooter-black"
	// PieceArrow is a square burnt for good (an Amazons arrow).
	PieceArrow = "arrow"
)

// The kinds of a Mark, the last turn as the images show it.
const (
	// MarkFrom is where the piece moved from; MarkTo where it arrived.
	MarkFrom = "from"
	MarkTo   = "to"
	// MarkShot is where a shot landed (an arrow, a stone shot), fired
	// from the MarkTo square (or MarkFrom when the piece did not move).
	MarkShot = "shot"
	// MarkPath is a point a piece passed through in a turn of several
	// steps, in order, between MarkFrom and MarkTo.
	MarkPath = "path"
	// MarkCaptured is where a piece was captured.
	MarkCaptured = "captured"
	// MarkPlaced is where a piece was placed (a setup).
	MarkPlaced = "placed"
)

// Board is a game's board described for drawing: a grid of Cols columns
// and Rows rows, column 0 on the left and row 0 at the bottom (from
// the first seat's side), the pieces on it, the last action's marks, and
// where the game stands. It is plain data with JSON names for a page's
// script.
type Board struct {
	Kind Kind `json:"kind"`
	Cols int  `json:"cols"`
	Rows int  `json:"rows"`
	// Files labels the columns (left to right) and Ranks the rows
	// (bottom to top) as the notation names them.
	Files []string `json:"files"`
	Ranks []string `json:"ranks"`
	// Points is true when pieces stand on the points where lines cross
	// (Fanorona) rather than in squares.
	Points bool `json:"points,omitempty"`
	// Lines are the board's lines between points, when Points is true.
	Lines []Line `json:"lines,omitempty"`
	// Cells are the occupied squares, in the order of the squares (row
	// by row from the bottom, left to right).
	Cells []Cell `json:"cells"`
	// Marks are the last action's marks, in the order the action made
	// them.
	Marks []Mark `json:"marks,omitempty"`
	// Colors are the colours the seats play (PieceWhite, PieceBlack) at
	// this ply.
	Colors [2]string `json:"colors"`
	// ToAct is the seat to act; meaningless when Over.
	ToAct Seat `json:"toAct"`
	// Over and Winner are the game's outcome at this ply.
	Over   bool `json:"over,omitempty"`
	Winner Seat `json:"winner"`
	// Ply is the number of actions of Plies played on this board; Plies
	// is the whole record's actions in the notation.
	Ply   int      `json:"ply"`
	Plies []string `json:"plies"`
	// Open is the steps of a turn under way, in the notation ("" when
	// none is, and always at a ply before the last).
	Open string `json:"open,omitempty"`
}

// Cell is one occupied square: its name in the notation, its column and
// row, and the piece on it.
type Cell struct {
	Square string `json:"sq"`
	Col    int    `json:"c"`
	Row    int    `json:"r"`
	Piece  string `json:"p"`
}

// Mark is one square the last action marks, of a kind (MarkFrom, ...).
type Mark struct {
	Kind   string `json:"k"`
	Square string `json:"sq"`
	Col    int    `json:"c"`
	Row    int    `json:"r"`
}

// Line is a line of the board between two points, each a column and a
// row.
type Line struct {
	From [2]int `json:"a"`
	To   [2]int `json:"b"`
}

// Count returns the number of cells holding piece p.
func (b Board) Count(p string) int {
	n := 0
	for _, c := range b.Cells {
		if c.Piece == p {
			n++
		}
	}
	return n
}

// At returns the piece on the square named sq ("" when it is empty).
func (b Board) At(sq string) string {
	for _, c := range b.Cells {
		if c.Square == sq {
			return c.Piece
		}
	}
	return ""
}

// MarksOf returns the squares of the marks of kind k, in order.
func (b Board) MarksOf(k string) []string {
	var out []string
	for _, m := range b.Marks {
		if m.Kind == k {
			out = append(out, m.Square)
		}
	}
	return out
}

// Labels returns the labels "a", "b", ... of cols files and "1", "2",
// ... of rows ranks: the labels most boards use.
func Labels(cols, rows int) (files, ranks []string) {
	for i := range cols {
		files = append(files, string(rune('a'+i)))
	}
	for i := range rows {
		ranks = append(ranks, strconv.Itoa(i+1))
	}
	return files, ranks
}
