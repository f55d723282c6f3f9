package veletas

import (
	"github.com/veletasbot/veletas/render"

	"image"
	"testing"

	"github.com/veletasbot/veletas/game/veletas"
)

// TestSceneWinnerOffTheBoard: a game won by resignation or on time says
// who won in the strip; the board itself is drawn the same.
func TestSceneWinnerOffTheBoard(t *testing.T) {
	r, err := New(render.Options{Width: 400})
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

// TestInTheme: a renderer gives one of the other theme, of its width,
// made once; its own theme is itself.
func TestInTheme(t *testing.T) {
	r, err := New(render.Options{Width: 400})
	if err != nil {
		t.Fatal(err)
	}
	if same, err := r.InTheme(render.Light); err != nil || same != r {
		t.Fatalf("light of light: %v %v", same, err)
	}
	d, err := r.InTheme(render.Dark)
	if err != nil || d.Options().Theme != render.Dark || d.Options().Width != 400 {
		t.Fatalf("dark: %+v %v", d.Options(), err)
	}
	if again, _ := r.InTheme(render.Dark); again != d {
		t.Fatal("a second dark renderer was made")
	}
	if _, err := r.InTheme(9); err == nil {
		t.Fatal("theme 9 accepted")
	}
	// The dark renderer's empty board is the dark theme's.
	img := d.Image(Scene{})
	l := d.Layout(veletas.Size10)
	if c := img.RGBAAt(l.Board.Min.X+l.Cell/2, l.Board.Min.Y+l.Cell/2); c != render.ThemeColors(render.Dark).Cell {
		t.Fatalf("dark square %v, want %v", c, render.ThemeColors(render.Dark).Cell)
	}
}
