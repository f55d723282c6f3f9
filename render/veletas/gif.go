package veletas

import (
	"image"
	"io"

	"github.com/veletasbot/veletas/game/veletas"
	"github.com/veletasbot/veletas/render"
)

// GIF writes an animated replay of the game: one frame per action, each
// with that action highlighted, the last frame held for render.GIFHoldDelay. A
// game with no action gives one frame of the empty board. Frames after the
// first hold only the pixels that changed (the rest transparent), which
// keeps a whole 10x10 game well under 2 MB.
func (r *Renderer) GIF(w io.Writer, g veletas.Game) error {
	return r.GIFIn(w, g, Scene{})
}

// GIFIn is GIF with the strip in the language of end.Lang, and, when
// end.Winner or end.End is set, the last frame saying who won off the
// board and how (as Scene's fields do); end's other fields are ignored.
func (r *Renderer) GIFIn(w io.Writer, g veletas.Game, end Scene) error {
	if !g.Size().Valid() { // the zero Game
		g, _ = veletas.NewGame(veletas.Size10)
	}
	sc := r.cache(g.Size())
	positions := g.Positions()
	actions := g.Actions()
	scenes := make([]Scene, 0, len(actions)+1)
	if len(actions) == 0 {
		scenes = append(scenes, Scene{Position: positions[0], Lang: end.Lang})
	}
	for i, a := range actions {
		scenes = append(scenes, Scene{Position: positions[i+1], Last: a, Claimed: claimedBetween(positions[i], positions[i+1]), Lang: end.Lang})
	}
	scenes[len(scenes)-1].Winner, scenes[len(scenes)-1].End = end.Winner, end.End

	cv := sc.canvases.Get().(*render.Canvas)
	defer sc.canvases.Put(cv)
	return render.EncodeReplayOn(w, sc.q, cv, len(scenes), func(cv *render.Canvas, i int) *image.Paletted {
		bg, bgPal := sc.background(scenes[i].Position)
		r.drawOver(cv.Begin(bg, bgPal), cv, sc, scenes[i])
		return cv.Paletted(sc.q)
	})
}
