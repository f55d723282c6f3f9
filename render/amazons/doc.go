// Package amazons draws Game of the Amazons boards in the house style of
// package render (the Veletas and Fanorona images): a PNG of one position
// for every reply of the bot, and an animated GIF replay of a whole game.
//
// An image shows the 10x10 board with file letters and rank numbers (a1
// bottom left), the amazons as stones of their side's colour carrying a
// crown in the other colour (so that they read on the light and the dark
// theme alike), the arrows as red squares (a shape no amazon has), the
// last turn (the three squares tinted, a solid line from the square the
// amazon left, which keeps a hollow ring, to where it landed, and the
// arrow's flight as a dashed line from there to the arrow) and a strip
// above the board: whose turn it is with a stone of that side ("White to
// move", "Black wins"), the last turn's token, and a caption (the turn
// number, or the territory counts; how the game ended).
//
// The territory hint (Scene.Territory, set by GameScene once the game is
// over) tints every empty square by the side that controls it by queen
// distance (amazons.Position.Territory): light for White, dark for Black,
// fainter where the other side can still reach the square, none where
// both reach it as soon; the caption gives the counts ("Territory: White
// 23 - Black 17"), so players see why a side won.
//
// Images are 1.2 times as tall as wide, as the Veletas ones (Discord on
// Android crops square images), in the Light and Dark themes of package
// render, with the strip in English, French or Japanese (Scene.Lang). The
// Japanese characters come from fonts/droidsansfallback-ja.ttf, a subset
// of Droid Sans Fallback holding only those of words.go (fonts/README).
//
// A Renderer is safe for concurrent use: it draws the background and one
// sprite per piece once, rasterizes its text into glyph atlases (gg's
// font faces are not safe for concurrent use, so none is shared), and
// maps each image onto a palette of 255 colours chosen once per theme and
// width before writing an 8-bit paletted PNG with render's encoder.
//
// Use:
//
//	r, err := amazons.New(render.Options{Theme: render.Dark, Width: 800})
//	err = r.PNG(w, amazons.GameScene(g))   // g is an amazons.Game
//	err = r.GIF(w, g)                      // animated replay
//	c := r.Layout().SquareCenter(sq)       // pixel of a square's centre
package amazons
