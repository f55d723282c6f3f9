package veletas

import "github.com/veletasbot/veletas/game"

var _ game.Boarded = Definition{}

// Board describes the board of a Veletas Match as it stands: BoardAt
// after its last action.
func (d Definition) Board(s game.State) (game.Board, error) {
	m, ok := s.(Match)
	if !ok {
		return game.Board{}, game.ErrForeignState
	}
	return d.BoardAt(m, m.Game.Len())
}

// BoardAt describes the board after the first ply actions (setups, the
// side choice and turns): stones are PieceBlack and PieceWhite, shooters
// PieceShooter or, claimed, PieceShooterBlack and PieceShooterWhite. The
// marks are the last action's: a setup's squares (MarkPlaced), a turn's
// MarkFrom, MarkTo (when the shooter moved) and MarkShot; the side
// choice marks nothing.
func (Definition) BoardAt(s game.State, ply int) (game.Board, error) {
	m, ok := s.(Match)
	if !ok {
		return game.Board{}, game.ErrForeignState
	}
	actions := m.Game.Actions()
	if ply < 0 || ply > len(actions) {
		return game.Board{}, game.ErrBadPly
	}
	p := m.Game.PositionAt(ply)
	n := int(p.Size())
	b := game.Board{Kind: GameKind, Cols: n, Rows: n, Ply: ply, Winner: game.NoSeat}
	b.Files, b.Ranks = game.Labels(n, n)
	for r := range n {
		for f := range n {
			sq := Sq(f, r)
			if pc := pieceName(p.At(sq)); pc != "" {
				b.Cells = append(b.Cells, game.Cell{Square: sq.String(), Col: f, Row: r, Piece: pc})
			}
		}
	}
	for _, a := range actions {
		b.Plies = append(b.Plies, a.String())
	}
	if ply > 0 {
		a := actions[ply-1]
		switch a.Kind {
		case KindSetup:
			for _, sq := range a.Shooters {
				b.Marks = append(b.Marks, mark(game.MarkPlaced, sq))
			}
			b.Marks = append(b.Marks, mark(game.MarkPlaced, a.Stone))
		case KindTurn:
			t := a.Turn
			b.Marks = append(b.Marks, mark(game.MarkFrom, t.From))
			if t.Moved() {
				b.Marks = append(b.Marks, mark(game.MarkTo, t.To))
			}
			b.Marks = append(b.Marks, mark(game.MarkShot, t.Shot))
		}
	}
	first := p.FirstPlayerColor()
	b.Colors = [2]string{first.String(), first.Other().String()}
	seat := func(c Color) game.Seat {
		if c == first {
			return 0
		}
		return 1
	}
	b.ToAct = seat(p.ToMove())
	if p.Over() {
		b.Over, b.Winner = true, seat(p.Winner())
	}
	return b, nil
}

func pieceName(pc Piece) string {
	switch pc {
	case BlackStone:
		return game.PieceBlack
	case WhiteStone:
		return game.PieceWhite
	case Shooter:
		return game.PieceShooter
	case BlackShooter:
		return game.PieceShooterBlack
	case WhiteShooter:
		return game.PieceShooterWhite
	}
	return ""
}

func mark(kind string, sq Square) game.Mark {
	return game.Mark{Kind: kind, Square: sq.String(), Col: sq.File(), Row: sq.Rank()}
}
