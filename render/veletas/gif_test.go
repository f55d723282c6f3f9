package veletas

import (
	"github.com/veletasbot/veletas/render"

	"bytes"
	"image"
	"image/draw"
	"image/gif"
	"testing"

	"github.com/veletasbot/veletas/game/veletas"
)

// TestGIF decodes the replay of a whole game, composes its frames as a
// viewer does, and checks that the first and the last picture are exactly
// the PNGs of those positions, one frame per action, the last one held.
func TestGIF(t *testing.T) {
	g := loadRecord(t, "game_s10_10.rec")
	r := newRenderer(t, render.Light, 600)
	var b bytes.Buffer
	if err := r.GIF(&b, g); err != nil {
		t.Fatal(err)
	}
	anim, err := gif.DecodeAll(bytes.NewReader(b.Bytes()))
	if err != nil {
		t.Fatalf("decoding our own gif: %v", err)
	}
	if len(anim.Image) != g.Len() {
		t.Fatalf("%d frames for %d actions", len(anim.Image), g.Len())
	}
	if d := anim.Delay[len(anim.Delay)-1]; d != render.GIFHoldDelay {
		t.Errorf("last frame delay %d, want %d", d, render.GIFHoldDelay)
	}
	if d := anim.Delay[0]; d != render.GIFDelay {
		t.Errorf("first frame delay %d, want %d", d, render.GIFDelay)
	}
	l := r.Layout(g.Size())
	if anim.Config.Width != l.Width || anim.Config.Height != l.Height {
		t.Errorf("gif is %dx%d, want %dx%d", anim.Config.Width, anim.Config.Height, l.Width, l.Height)
	}
	canvas := image.NewRGBA(l.Bounds())
	for i, frame := range anim.Image {
		draw.Draw(canvas, frame.Bounds(), frame, frame.Bounds().Min, draw.Over)
		prefix := g.Undo(g.Len() - (i + 1))
		want := pngImage(t, r, GameScene(prefix))
		diff := 0
		wp := toRGBA(want).Pix
		for i := 0; i < len(wp); i += 4 {
			if !bytes.Equal(wp[i:i+4], canvas.Pix[i:i+4]) {
				diff++
			}
		}
		if diff != 0 {
			t.Errorf("frame %d differs from the png of the position after action %d in %d pixels", i, i+1, diff)
		}
	}
}

// TestGIFSize checks the budget: a 10x10 game of at least 90 actions at
// the default width in at most 2 MB.
func TestGIFSize(t *testing.T) {
	if testing.Short() {
		t.Skip("renders about 100 frames")
	}
	// Random 10x10 games rarely last 90 actions; this seed's does.
	g := randomGame(t, veletas.Size10, 106087, 200)
	if g.Len() < 90 {
		t.Fatalf("the long random game has %d actions, want 90", g.Len())
	}
	r := newRenderer(t, render.Dark, 0)
	var b bytes.Buffer
	if err := r.GIF(&b, g); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d actions: %d bytes", g.Len(), b.Len())
	if b.Len() > 2<<20 {
		t.Errorf("gif of %d actions is %d bytes, want at most 2 MB", g.Len(), b.Len())
	}
}

func TestGIFEmptyGame(t *testing.T) {
	g, _ := veletas.NewGame(veletas.Size7)
	r := newRenderer(t, render.Dark, 400)
	var b bytes.Buffer
	if err := r.GIF(&b, g); err != nil {
		t.Fatal(err)
	}
	anim, err := gif.DecodeAll(&b)
	if err != nil {
		t.Fatal(err)
	}
	if len(anim.Image) != 1 || anim.Delay[0] != render.GIFHoldDelay {
		t.Errorf("empty game: %d frames, delays %v; want one held frame", len(anim.Image), anim.Delay)
	}
}
