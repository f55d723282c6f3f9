package fanorona

import "github.com/veletasbot/veletas/game"

var _ game.Boarded = Definition{}

// Board describes the board of a Fanorona or Véla Match as it stands:
// after its last whole turn and the steps of a turn under way, which it
// marks (Board.Open is those steps).
func (Definition) Board(s game.State) (game.Board, error) {
	m, ok := s.(Match)
	if !ok {
		return game.Board{}, game.ErrForeignState
	}
	turns := m.g.Turns()
	if m.open == "" {
		return boardAt(m, turns, len(turns))
	}
	t, err := ParseTurn(m.open)
	if err != nil {
		return game.Board{}, err // an open turn ResumeMatch replayed: never
	}
	b := board(m, m.pos, m.g.Position(), t, turns, len(turns))
	b.Open = m.open
	return b, nil
}

// BoardAt describes the board after the first ply whole turns: pieces
// are PieceWhite and PieceBlack on the points of the lines (Board.Points,
// Board.Lines); the last turn is marked MarkFrom, MarkPath for each
// point it passed through, MarkTo, and MarkCaptured for each piece it
// took.
func (Definition) BoardAt(s game.State, ply int) (game.Board, error) {
	m, ok := s.(Match)
	if !ok {
		return game.Board{}, game.ErrForeignState
	}
	turns := m.g.Turns()
	if ply < 0 || ply > len(turns) {
		return game.Board{}, game.ErrBadPly
	}
	return boardAt(m, turns, ply)
}

func boardAt(m Match, turns []Turn, ply int) (game.Board, error) {
	positions := m.g.Positions()
	if ply == 0 {
		return board(m, positions[0], positions[0], Turn{}, turns, 0), nil
	}
	return board(m, positions[ply], positions[ply-1], turns[ply-1], turns, ply), nil
}

// board describes position p, reached from before by the steps of t (the
// zero Turn marks nothing).
func board(m Match, p, before Position, t Turn, turns []Turn, ply int) game.Board {
	b := game.Board{Kind: GameKind, Cols: Files, Rows: Ranks, Points: true, Ply: ply, Winner: game.NoSeat}
	b.Files, b.Ranks = game.Labels(Files, Ranks)
	b.Lines = lines()
	for pt := range Point(Points) {
		if c, ok := p.At(pt); ok {
			b.Cells = append(b.Cells, game.Cell{Square: pt.String(), Col: pt.File(), Row: pt.Rank(), Piece: c.String()})
		}
	}
	for _, t := range turns {
		b.Plies = append(b.Plies, t.String())
	}
	if t.Len() > 0 {
		b.Marks = append(b.Marks, mark(game.MarkFrom, t.From()))
		steps := t.Steps()
		for _, s := range steps[:len(steps)-1] {
			b.Marks = append(b.Marks, mark(game.MarkPath, s.To))
		}
		b.Marks = append(b.Marks, mark(game.MarkTo, t.To()))
		if mover, ok := before.At(t.From()); ok {
			taken := before.Pieces(mover.Other()) &^ p.Pieces(mover.Other())
			for _, pt := range taken.Points() {
				b.Marks = append(b.Marks, mark(game.MarkCaptured, pt))
			}
		}
	}
	b.Colors = [2]string{m.ColorOf(0).String(), m.ColorOf(1).String()}
	b.ToAct = m.SeatOf(p.ToMove())
	if p.Over() {
		r := p.Result()
		b.Over = true
		if c, ok := r.Winner(); ok {
			b.Winner = m.SeatOf(c)
		}
	}
	return b
}

// lines are the board's lines between neighbouring points: every
// orthogonal one, and the diagonals through the points that have them.
func lines() []game.Line {
	var out []game.Line
	for p := range Point(Points) {
		for _, d := range []Dir{East, NorthEast, North, NorthWest} {
			if q := Neighbour(p, d); q != NoPoint {
				out = append(out, game.Line{From: [2]int{p.File(), p.Rank()}, To: [2]int{q.File(), q.Rank()}})
			}
		}
	}
	return out
}

func mark(kind string, pt Point) game.Mark {
	return game.Mark{Kind: kind, Square: pt.String(), Col: pt.File(), Row: pt.Rank()}
}
