// Package veletas draws Veletas boards in the house style of package
// render: a PNG of one position for every reply of the bot, and an
// animated GIF replay of a whole game.
//
// An image shows the board with file letters and rank numbers (a1 bottom
// left), black and white stones, unclaimed shooters as red discs with a
// light cross (a sight), claimed shooters as red discs carrying a stone
// of the claimer's colour, the last action (tinted squares, the
// shooter's path as a solid line from its old square with a ring there,
// the shot as a dashed line, and an arrowhead over the move's way into
// its square, drawn above the pieces and frames so that a move of one
// square shows; shooters claimed by it get an orange frame and a caption
// in the strip, "Black claims c7"), an optional Hint (a blue frame on
// chosen shooters, dots on their legal destinations or shots) and a
// status strip: whose turn it is ("Black to move", "White to choose
// sides", "Black wins"), the score ("Black 2 - White 1 of 7") and what
// wins ("4 to win"), with the last action's token. The stone before the
// headline has a ring that stands apart from either theme's page. The
// score line's font is 0.05 of the width (its letters about 15 px tall
// at 400 px, a phone's width). The strip is in English, French or
// Japanese (Scene.Lang, words.go). There is no standings image: the bot
// shows the standings as an embed, where Discord writes the players'
// names in any script.
//
// Images are 1.2 times as tall as wide, in render's Light (wood) and
// Dark (slate) themes. Black and white pieces differ in luminance, not
// only hue, and shooters differ from stones by shape (the bullseye or
// the ring around a stone). During the setup of a game under the
// revised rules the edge, closed to shooters, is striped (ClosedEdge).
//
// Use:
//
//	r, err := veletas.New(render.Options{Theme: render.Dark, Width: 800})
//	err = r.PNG(w, veletas.GameScene(g))   // g is a veletas.Game of package game/veletas
//	s := veletas.GameScene(g)
//	s.Hint = veletas.DestinationsHint(s.Position, sq)
//	err = r.PNG(w, s)
//	err = r.GIF(w, g)                      // animated replay
//	s.Winner = veletas.White               // game/veletas's; won by resignation or on time
//	c := r.SquareCenter(g.Size(), sq)      // pixel of a square's centre
//	d, err := r.InTheme(render.Light)      // the same width in another theme
//
// A Renderer is safe for concurrent use. It draws what never changes
// (background, grid, coordinates, one sprite per piece kind) once per
// board size, composes each image from those with image/draw, maps it
// onto a palette of 255 colours chosen per size and theme, and writes an
// 8-bit paletted PNG with render's encoder. Its text comes from glyph
// atlases made in New (gg's font faces are not safe for concurrent use,
// so none is shared). A mid-game 10x10 board at 800 px takes about 5 ms
// and 47 KB.
package veletas
