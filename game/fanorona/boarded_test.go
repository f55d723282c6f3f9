package fanorona

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/veletasbot/veletas/game"
)

// randomFanorona plays up to max random whole turns of variant v.
func randomFanorona(t *testing.T, v Variant, seed uint64, max int) Game {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 2))
	g := NewGame(v)
	for g.Len() < max && !g.Position().Over() {
		turns := g.Position().LegalTurns(nil)
		var err error
		if g, err = g.Play(turns[r.IntN(len(turns))]); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

func TestBoardMatchesPosition(t *testing.T) {
	for _, v := range Variants {
		g := randomFanorona(t, v, 3, 60)
		m := NewMatch(g, true)
		d := Definition{}
		positions := g.Positions()
		turns := g.Turns()
		for _, ply := range []int{0, 1, 2, 5, 20, g.Len()} {
			b, err := d.BoardAt(m, ply)
			if err != nil {
				t.Fatalf("%s ply %d: %v", v, ply, err)
			}
			p := positions[ply]
			if !b.Points || len(b.Lines) == 0 || b.Cols != Files || b.Rows != Ranks {
				t.Fatalf("%s: points %v, %d lines, %dx%d", v, b.Points, len(b.Lines), b.Cols, b.Rows)
			}
			if b.Count(game.PieceWhite) != p.Count(White) || b.Count(game.PieceBlack) != p.Count(Black) {
				t.Errorf("%s ply %d: %d/%d pieces, engine %d/%d", v, ply, b.Count(game.PieceWhite), b.Count(game.PieceBlack), p.Count(White), p.Count(Black))
			}
			for _, c := range b.Cells {
				pt, _ := ParsePoint(c.Square)
				if col, ok := p.At(pt); !ok || col.String() != c.Piece || pt.File() != c.Col || pt.Rank() != c.Row {
					t.Errorf("%s ply %d: cell %+v, engine %v %v", v, ply, c, col, ok)
				}
			}
			if b.Colors != [2]string{"black", "white"} || b.ToAct != m.SeatOf(p.ToMove()) {
				t.Errorf("%s ply %d: colours %v, to act %d", v, ply, b.Colors, b.ToAct)
			}
			if ply == 0 {
				continue
			}
			tn := turns[ply-1]
			if got := b.MarksOf(game.MarkFrom); !slices.Equal(got, []string{tn.From().String()}) {
				t.Errorf("%s ply %d: from %v, turn %s", v, ply, got, tn)
			}
			if got := b.MarksOf(game.MarkTo); !slices.Equal(got, []string{tn.To().String()}) {
				t.Errorf("%s ply %d: to %v, turn %s", v, ply, got, tn)
			}
			if got := len(b.MarksOf(game.MarkPath)); got != tn.Len()-1 {
				t.Errorf("%s ply %d: %d path marks, turn %s", v, ply, got, tn)
			}
			prev := positions[ply-1]
			taken := prev.Count(White) + prev.Count(Black) - p.Count(White) - p.Count(Black)
			if got := len(b.MarksOf(game.MarkCaptured)); got != taken {
				t.Errorf("%s ply %d: %d captured marks, %d taken by %s", v, ply, got, taken, tn)
			}
			for _, sq := range b.MarksOf(game.MarkCaptured) {
				if b.At(sq) != "" {
					t.Errorf("%s ply %d: captured %s still holds %s", v, ply, sq, b.At(sq))
				}
			}
		}
	}
}

func TestBoardOpenTurn(t *testing.T) {
	// Find a turn of several steps and leave it after its first step.
	for seed := range uint64(50) {
		g := randomFanorona(t, Fanorona, seed, 40)
		for i, tn := range g.Turns() {
			if tn.Len() < 2 {
				continue
			}
			before := g.Turns()[:i]
			base := NewGame(Fanorona)
			for _, x := range before {
				base, _ = base.Play(x)
			}
			first := tn.Step(0)
			m, err := ResumeMatch(base, first.String(), false)
			if err != nil {
				t.Fatal(err)
			}
			b, err := Definition{}.Board(m)
			if err != nil {
				t.Fatal(err)
			}
			if b.Open != first.String() || b.Ply != i || len(b.Plies) != i {
				t.Fatalf("open %q ply %d of %d; want %q at %d", b.Open, b.Ply, len(b.Plies), first, i)
			}
			if got := b.MarksOf(game.MarkTo); !slices.Equal(got, []string{first.To.String()}) {
				t.Errorf("to %v, step %s", got, first)
			}
			if b.At(first.To.String()) == "" || b.At(first.From.String()) != "" || len(b.MarksOf(game.MarkCaptured)) == 0 {
				t.Errorf("board after step %s: %+v", first, b.Marks)
			}
			return
		}
	}
	t.Fatal("no turn of two steps in 50 games")
}

func TestBoardRefuses(t *testing.T) {
	m := NewMatch(randomFanorona(t, Fanorona, 1, 3), false)
	for _, ply := range []int{-1, 4} {
		if _, err := (Definition{}).BoardAt(m, ply); !errors.Is(err, game.ErrBadPly) {
			t.Errorf("ply %d: %v", ply, err)
		}
	}
	if _, err := (Definition{}).Board(nil); !errors.Is(err, game.ErrForeignState) {
		t.Errorf("foreign: %v", err)
	}
}
