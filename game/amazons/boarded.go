package amazons

import "github.com/veletasbot/veletas/game"

var _ game.Boarded = Definition{}

// Board describes the board of an Amazons Match as it stands: BoardAt
// after its last turn.
func (d Definition) Board(s game.State) (game.Board, error) {
	m, ok := s.(Match)
	if !ok {
		return game.Board{}, game.ErrForeignState
	}
	return d.BoardAt(m, m.Game.Len())
}

// BoardAt describes the board after the first ply turns: amazons are
// PieceWhite and PieceBlack, arrows PieceArrow; the last turn is marked
// MarkFrom, MarkTo and MarkShot (its arrow). Seat 0 plays White.
func (Definition) BoardAt(s game.State, ply int) (game.Board, error) {
	m, ok := s.(Match)
	if !ok {
		return game.Board{}, game.ErrForeignState
	}
	turns := m.Game.Turns()
	if ply < 0 || ply > len(turns) {
		return game.Board{}, game.ErrBadPly
	}
	p := m.Game.Positions()[ply]
	b := game.Board{Kind: GameKind, Cols: Files, Rows: Ranks, Ply: ply, Winner: game.NoSeat}
	b.Files, b.Ranks = game.Labels(Files, Ranks)
	for sq := range Square(Squares) {
		var pc string
		switch p.At(sq) {
		case WhiteAmazon:
			pc = game.PieceWhite
		case BlackAmazon:
			pc = game.PieceBlack
		case Arrow:
			pc = game.PieceArrow
		default:
			continue
		}
		b.Cells = append(b.Cells, game.Cell{Square: sq.String(), Col: sq.File(), Row: sq.Rank(), Piece: pc})
	}
	for _, t := range turns {
		b.Plies = append(b.Plies, t.String())
	}
	if ply > 0 {
		t := turns[ply-1]
		b.Marks = []game.Mark{mark(game.MarkFrom, t.From), mark(game.MarkTo, t.To), mark(game.MarkShot, t.Arrow)}
	}
	b.Colors = [2]string{White.String(), Black.String()}
	b.ToAct = SeatOf(p.ToMove())
	if w, ok := p.Result().Winner(); ok {
		b.Over, b.Winner = true, SeatOf(w)
	}
	return b, nil
}

func mark(kind string, sq Square) game.Mark {
	return game.Mark{Kind: kind, Square: sq.String(), Col: sq.File(), Row: sq.Rank()}
}
