package amazons

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/veletasbot/veletas/game"
)

func TestBoardMatchesPosition(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 3))
	g := NewGame()
	for g.Len() < 30 {
		turns := g.Position().LegalTurns()
		var err error
		if g, err = g.Play(turns[r.IntN(len(turns))]); err != nil {
			t.Fatal(err)
		}
	}
	m := NewMatch(g)
	positions := g.Positions()
	for _, ply := range []int{0, 1, 2, 15, 30} {
		b, err := Definition{}.BoardAt(m, ply)
		if err != nil {
			t.Fatal(err)
		}
		p := positions[ply]
		_, nw := p.Amazons(White)
		_, nb := p.Amazons(Black)
		if b.Count(game.PieceWhite) != nw || b.Count(game.PieceBlack) != nb || b.Count(game.PieceArrow) != p.Arrows() || p.Arrows() != ply {
			t.Errorf("ply %d: %d/%d/%d, engine %d/%d/%d", ply, b.Count(game.PieceWhite), b.Count(game.PieceBlack), b.Count(game.PieceArrow), nw, nb, p.Arrows())
		}
		ws, _ := p.Amazons(White)
		for _, sq := range ws[:nw] {
			if b.At(sq.String()) != game.PieceWhite {
				t.Errorf("ply %d: white amazon on %s not on the board", ply, sq)
			}
		}
		if b.ToAct != SeatOf(p.ToMove()) || b.Colors != [2]string{"white", "black"} {
			t.Errorf("ply %d: to act %d colours %v", ply, b.ToAct, b.Colors)
		}
		if ply == 0 {
			continue
		}
		tn := g.Turns()[ply-1]
		want := []string{tn.From.String(), tn.To.String(), tn.Arrow.String()}
		got := []string{b.MarksOf(game.MarkFrom)[0], b.MarksOf(game.MarkTo)[0], b.MarksOf(game.MarkShot)[0]}
		if !slices.Equal(got, want) || b.At(tn.Arrow.String()) != game.PieceArrow || b.At(tn.From.String()) != "" {
			t.Errorf("ply %d: marks %v, turn %s", ply, got, tn)
		}
	}
	if _, err := (Definition{}).BoardAt(m, 31); !errors.Is(err, game.ErrBadPly) {
		t.Errorf("ply 31: %v", err)
	}
}
