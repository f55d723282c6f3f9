// Package fanorona draws Fanorona and Véla boards in the house style of
// package render: a PNG of one position for every reply of the bot, and
// an animated GIF replay of a whole game.
//
// The 9x5 board shows its points joined by lines (diagonals only through
// the points whose file plus rank is even) and both sides' pieces, the
// Veletas stones' look. The last turn is drawn as its path with the
// captured points crossed out; a capture on a point the piece then
// landed on gets a smaller cross above the piece, at its upper right,
// and the piece capturing during a sequence a blue ring. The strip above
// the board says whose turn it is, the last turn's token and the piece
// counts (a small stone of each side and its number, as tall as the
// Veletas score line); a line under the board gives Véla's phase, or,
// from QuietShown turns without a capture, their count towards the draw
// ("Turns without a capture: 87/100"), in English, French or Japanese
// (Scene.Lang, words.go).
//
// Use:
//
//	r, err := fanorona.New(render.Options{Theme: render.Dark, Width: 800})
//	err = r.PNG(w, fanorona.GameScene(g))  // g is a fanorona.Game of package game/fanorona
//	s := fanorona.Scene{Position: p, Last: steps, Captured: fanorona.Captured(before, p)}
//	err = r.GIF(w, g)                      // animated replay
//	c := r.Layout().PointCenter(pt)        // pixel of a point
//	d, err := r.InTheme(render.Light)      // the same width in another theme
//
// A Renderer is safe for concurrent use: it draws the background and its
// sprites once, on first use, rasterizes its text into glyph atlases in
// New (gg's font faces are not safe for concurrent use, so none is
// shared), and maps each image onto a palette of 255 colours chosen once
// per theme and width before writing an 8-bit paletted PNG with render's
// encoder. A mid-game image at 800 px (800x640) takes about 3 ms of CPU
// and 27 KB.
package fanorona
