package render

import (
	"image"
	"testing"

	"github.com/veletasbot/veletas/game/veletas"
)

// TestSceneWinnerOffTheBoard: a game won by resignation or on time says
// who won in the strip; the board itself is drawn the same.
func TestSceneWinnerOffTheBoard(t *testing.T) {
	r, err := New(Options{Width: 400})
	if err != nil {
		t.Fatal(err)
	}
	g, err := veletas.NewGame(veletas.Size7)
	if err != nil {
		t.Fatal(err)
	}
	for _, tok := range []string{"[d4]a1", "keep", "[b6,f2]g7", "d4/d6"} {
		a, err := veletas.ParseAction(tok)
		if err != nil {
			t.Fatal(err)
		}
		if g, err = g.Play(a); err != nil {
			t.Fatal(err)
		}
	}
	plain := GameScene(g)
	won := plain
	won.Winner = veletas.White
	a, b := r.Image(plain), r.Image(won)
	l := r.Layout(veletas.Size7)
	same := func(rect image.Rectangle) bool {
		for y := rect.Min.Y; y < rect.Max.Y; y++ {
			for x := rect.Min.X; x < rect.Max.X; x++ {
				if a.RGBAAt(x, y) != b.RGBAAt(x, y) {
					return false
				}
			}
		}
		return true
	}
	if !same(l.Board) {
		t.Fatal("the winner changed the board")
	}
	if same(l.Status) {
		t.Fatal("the strip does not show the winner")
	}
}
