package amazons

import (
	"testing"

	"github.com/veletasbot/veletas/game/amazons"
	"github.com/veletasbot/veletas/render"
)

// TestPickedDrawsTheTurnBeingPicked: a scene of the start whose Picked
// names the amazon on d1 and e1 is drawn, pixel for pixel, as the
// position with that amazon on e1 (the picker's preview of a move being
// picked); with a third square, the arrow stands there and the turn's
// lines are drawn, so the image differs from the move alone.
func TestPickedDrawsTheTurnBeingPicked(t *testing.T) {
	r, err := New(render.Options{Width: 360})
	if err != nil {
		t.Fatal(err)
	}
	sq := func(s string) amazons.Square {
		q, err := amazons.ParseSquare(s)
		if err != nil {
			t.Fatal(err)
		}
		return q
	}
	start := amazons.Start()
	var moved amazons.Position
	for f := 0; f < amazons.Files; f++ {
		for rk := 0; rk < amazons.Ranks; rk++ {
			s := amazons.Sq(f, rk)
			pc := start.At(s)
			switch {
			case s == sq("d1"):
				continue
			case s == sq("e1"):
				pc = start.At(sq("d1"))
			}
			if pc != amazons.Empty {
				var ok bool
				if moved, ok = moved.Put(s, pc); !ok {
					t.Fatalf("put %v on %v", pc, s)
				}
			}
		}
	}
	picked := r.Image(Scene{Position: start, Picked: []amazons.Square{sq("d1"), sq("e1")}})
	want := r.Image(Scene{Position: moved})
	if string(picked.Pix) != string(want.Pix) {
		t.Fatal("the amazon picked to go to e1 is not drawn as standing there")
	}
	if string(r.Image(Scene{Position: start}).Pix) == string(want.Pix) {
		t.Fatal("the start and the move look alike: the test cannot fail")
	}
	shot := r.Image(Scene{Position: start, Picked: []amazons.Square{sq("d1"), sq("e1"), sq("e4")}})
	if string(shot.Pix) == string(picked.Pix) {
		t.Fatal("the arrow picked on e4 is not drawn")
	}
}
