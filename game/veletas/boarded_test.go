package veletas

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/veletasbot/veletas/game"
)

// randomVeletas plays a game of size 10: both setups, a swap, and turns
// until the end or max actions.
func randomVeletas(t *testing.T, seed uint64, max int) Game {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 1))
	g, err := NewGame(Size10)
	if err != nil {
		t.Fatal(err)
	}
	for g.Len() < max && !g.Position().Over() {
		p := g.Position()
		var a Action
		switch p.Phase() {
		case PhaseSetup1, PhaseSetup2:
			a = p.RandomSetup(r)
		case PhaseChoice:
			a = ChoiceAction(true)
		default:
			tn, _ := p.RandomTurn(r)
			a = TurnAction(tn)
		}
		if g, err = g.Play(a); err != nil {
			t.Fatalf("action %d %s: %v", g.Len(), a, err)
		}
	}
	return g
}

func TestBoardMatchesPosition(t *testing.T) {
	g := randomVeletas(t, 7, 400)
	m := NewMatch(g)
	d := Definition{}
	actions := g.Actions()
	for _, ply := range []int{0, 1, 2, 3, 4, 10, g.Len()} {
		b, err := d.BoardAt(m, ply)
		if err != nil {
			t.Fatalf("ply %d: %v", ply, err)
		}
		p := g.PositionAt(ply)
		if b.Ply != ply || len(b.Plies) != g.Len() || b.Cols != 10 || b.Rows != 10 {
			t.Fatalf("ply %d: board ply %d of %d, %dx%d", ply, b.Ply, len(b.Plies), b.Cols, b.Rows)
		}
		wantCells := 0
		for sq := range Square(100) {
			if pc := pieceName(p.At(sq)); pc != "" {
				wantCells++
				if got := b.At(sq.String()); got != pc {
					t.Errorf("ply %d: %s is %q, engine %q", ply, sq, got, pc)
				}
			}
		}
		if len(b.Cells) != wantCells {
			t.Errorf("ply %d: %d cells, engine %d", ply, len(b.Cells), wantCells)
		}
		if b.Count(game.PieceBlack) != p.Stones(Black).Count() || b.Count(game.PieceWhite) != p.Stones(White).Count() {
			t.Errorf("ply %d: stones %d/%d, engine %d/%d", ply, b.Count(game.PieceBlack), b.Count(game.PieceWhite), p.Stones(Black).Count(), p.Stones(White).Count())
		}
		if got, want := b.Count(game.PieceShooterBlack), p.Claims(Black); got != want {
			t.Errorf("ply %d: black claims %d, engine %d", ply, got, want)
		}
		if ply == 0 {
			if len(b.Marks) != 0 {
				t.Errorf("ply 0 marks %v", b.Marks)
			}
			continue
		}
		a := actions[ply-1]
		switch a.Kind {
		case KindTurn:
			want := []string{a.Turn.From.String()}
			if a.Turn.Moved() {
				if got := b.MarksOf(game.MarkTo); !slices.Equal(got, []string{a.Turn.To.String()}) {
					t.Errorf("ply %d: to %v, turn %s", ply, got, a)
				}
			}
			if got := b.MarksOf(game.MarkFrom); !slices.Equal(got, want) {
				t.Errorf("ply %d: from %v, turn %s", ply, got, a)
			}
			if got := b.MarksOf(game.MarkShot); !slices.Equal(got, []string{a.Turn.Shot.String()}) || b.At(got[0]) == "" {
				t.Errorf("ply %d: shot %v, turn %s", ply, got, a)
			}
		case KindSetup:
			if got := b.MarksOf(game.MarkPlaced); len(got) != len(a.Shooters)+1 {
				t.Errorf("ply %d: placed %v, setup %s", ply, got, a)
			}
		}
	}
	// The swap (ply 2) gives seat 0 White from then on.
	before, _ := d.BoardAt(m, 1)
	after, _ := d.BoardAt(m, 2)
	if before.Colors != [2]string{"black", "white"} || after.Colors != [2]string{"white", "black"} {
		t.Errorf("colours around the swap: %v then %v", before.Colors, after.Colors)
	}
	last, err := d.Board(m)
	if err != nil {
		t.Fatal(err)
	}
	if last.Ply != g.Len() || last.ToAct != m.ToAct() || last.Over != m.Outcome().Over {
		t.Errorf("Board: ply %d toAct %d over %v; match %d %d %v", last.Ply, last.ToAct, last.Over, g.Len(), m.ToAct(), m.Outcome().Over)
	}
	if last.Over && last.Winner != m.Outcome().Winner {
		t.Errorf("winner %d, match %d", last.Winner, m.Outcome().Winner)
	}
}

func TestBoardRefuses(t *testing.T) {
	m := NewMatch(randomVeletas(t, 1, 5))
	d := Definition{}
	for _, ply := range []int{-1, 6} {
		if _, err := d.BoardAt(m, ply); !errors.Is(err, game.ErrBadPly) {
			t.Errorf("ply %d: %v, want ErrBadPly", ply, err)
		}
	}
	if _, err := d.Board(nil); !errors.Is(err, game.ErrForeignState) {
		t.Errorf("foreign state: %v", err)
	}
}
