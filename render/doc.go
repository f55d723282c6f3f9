// Package render draws Veletas boards: a PNG of one position for every
// reply of the bot, and an animated GIF replay of a whole game.
//
// An image shows the board with file letters and rank numbers (a1 bottom
// left), black and white stones, unclaimed shooters as red discs with a
// light cross (a sight), claimed shooters as red discs carrying a stone of the
// claimer's colour, the last action (tinted squares, the shooter's path as
// a solid line from its old square with a ring there, the shot as a dashed
// line, and an arrowhead over the move's way into its square, drawn above
// the pieces and frames so that a move of one square shows; shooters
// claimed by it get an orange frame and a caption in the strip, "Black
// claims c7"), an optional Hint
// (a blue frame on chosen shooters, dots on their legal destinations or
// shots) and a status strip: whose turn it is ("Black to move", "White to
// choose sides", "Black wins"), the score ("Black 2 - White 1 of 7") and
// what wins ("4 to win"), with the last action's token. The stone before
// the headline has a ring that stands apart from either theme's page. The
// score line's font is 0.05 of the width (its letters about 15 px tall
// at 400 px, a phone's width). Text is limited to
// coordinates, digits and fixed words, drawn from fonts compiled into the
// binary (gofont); nothing is read from disk. There is no standings
// image: the bot shows the standings as an embed, where Discord writes the
// players' names in any script.
//
// Images are 1.2 times as tall as wide (Discord on Android crops square
// images) and come in a Light (wood) and a Dark (slate) theme. Black and
// white pieces differ in luminance, not only hue, and shooters differ from
// stones by shape (the bullseye or the ring around a stone).
//
// Use:
//
//	r, err := render.New(render.Options{Theme: render.Dark, Width: 800})
//	err = r.PNG(w, render.GameScene(g))          // g is a veletas.Game
//	s := render.GameScene(g)
//	s.Hint = render.DestinationsHint(s.Position, sq)
//	err = r.PNG(w, s)
//	err = r.GIF(w, g)                            // animated replay
//	s.Winner = veletas.White                        // won by resignation or on time
//	c := r.SquareCenter(g.Size(), sq)           // pixel of a square's centre
//
// A Renderer is safe for concurrent use. It draws what never changes
// (background, grid, coordinates, one sprite per piece kind) once per board
// size, composes each image from those with image/draw, maps it onto a
// palette of 255 colours chosen per size and theme, and writes an 8-bit
// paletted PNG with its own small encoder (zlib level 5, no row filters).
// A mid-game 10x10 board at 800 px takes about 8 ms and 50 KB.
//
// Fanorona and Véla have their own scene type and methods, parallel to
// the Veletas ones (fanorona.go, fanorona_draw.go): FanoronaScene (the
// position, the last turn drawn as its path, the captured points crossed
// out, a winner off the board; a capture on a point the piece then
// landed on gets a smaller cross above the piece, at its upper right, and
// the piece capturing during a sequence a blue ring), FanoronaGameScene,
// FanoronaCaptured for a
// sequence played step by step, Renderer.FanoronaPNG, FanoronaImage,
// FanoronaGIF and FanoronaLayout. The 9x5 board shows its lines
// (diagonals only through the points whose file plus rank is even), the
// strip whose turn it is, the last turn's token and the piece counts (a
// small stone of each side and its number, as tall as the Veletas score
// line), and a line under the board gives Véla's phase, or, from QuietShown turns
// without a capture, their count towards the draw ("Turns without a
// capture: 87/100", in FanoronaScene.Lang). A mid-game image at 800 px
// (800x640) takes about 4 ms of CPU and 27 KB.
//
// Other games draw in their own packages with the house style that
// house.go exports: ThemeColors, DrawStone, Text (glyph atlases), Sprite,
// Quantizer, EncodePNG and EncodeReplay. render/amazons is the first.
//
// gg's font faces are not safe for concurrent use (gg issue 23), so the
// package never shares one: text is drawn from glyph atlases rasterized
// once in New and read-only afterwards.
package render
