package render

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/veletasbot/veletas/game"
)

// TestLook writes sample images to $RENDER_LOOK for a person to look at.
func TestLook(t *testing.T) {
	dir := os.Getenv("RENDER_LOOK")
	if dir == "" {
		t.Skip("set RENDER_LOOK to a directory to write sample images")
	}
	g := loadRecord(t, "game_s10_10.rec")
	mid := midGame(t, g)
	g7 := loadRecord(t, "game_s7_03.rec")
	for _, th := range []Theme{Light, Dark} {
		r, err := New(Options{Theme: th})
		if err != nil {
			t.Fatal(err)
		}
		write := func(name string, s Scene) {
			f, err := os.Create(filepath.Join(dir, th.String()+"_"+name+".png"))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			if err := r.PNG(f, s); err != nil {
				t.Fatal(err)
			}
		}
		write("10_mid", GameScene(mid))
		write("10_end", GameScene(g))
		write("7_setup1", GameScene(g7.Undo(g7.Len()-1)))
		write("7_setup2", GameScene(g7.Undo(g7.Len()-3)))
		write("7_start", Scene{Position: game.Game{}.Position()})
		s := GameScene(mid)
		var sh game.Square
		for _, sq := range s.Position.Unclaimed().Squares() {
			if s.Position.Destinations(sq).Count() > 0 {
				sh = sq
				break
			}
		}
		s.Hint = DestinationsHint(s.Position, sh)
		write("10_hint", s)
	}
}
