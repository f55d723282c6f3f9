// Package render is the house style of the bot's images, which each
// game's drawer uses from its own package (render/veletas,
// render/fanorona, render/amazons): it names no game.
//
// It holds what the drawers share: the Options (Theme and Width) their
// New takes and its errors (ErrUnknownTheme, ErrBadWidth), the themes'
// colours (ThemeColors: Light is warm wood on paper, Dark slate for
// Discord's dark mode), the stones with their shadows (DrawStone,
// DrawShadow, DrawDisc, StoneIcon for a status strip), the board's
// place in an image 1.2 times as tall as wide (SquareBoard: Discord on
// Android crops square images) with its frame, grid and coordinates,
// text from glyph atlases (NewText, NewWordText), pre-drawn sprites
// (NewSprite, prepared over the squares they usually fall on), the
// palette quantizer (NewQuantizer), the Canvas a drawer reuses from image
// to image over its cached background (only the tiles drawn on are laid
// again and quantized; Text.DrawOn touches only its glyphs, and
// Canvas.FillOver blends and quantizes a tinted square in one pass, as
// FillOver blends once per run of one colour), the 8-bit paletted PNG encoder (EncodePNG: no
// row filters, its own deflater, deflate.go, for these images), the animated
// replay's encoder (EncodeReplay, EncodeReplayOn, GIFDelay, GIFHoldDelay:
// frames after the first hold the box of what changed, written by its
// own GIF writer and LZW coder, gifenc.go and lzw.go, byte for byte
// image/gif's and compress/lzw's output, several times faster), how a game
// ended (Ending) and the filling of the words' patterns (Fill).
//
// Text is limited to coordinates, digits and fixed words, drawn from
// fonts compiled into the binary (gofont, and a subset of Droid Sans
// Fallback for the Japanese words in fonts/); nothing is read from disk.
//
// gg's font faces are not safe for concurrent use (gg issue 23), so the
// package never shares one: text is drawn from glyph atlases (Text)
// rasterized once, by a drawer's New, and read-only afterwards; a
// drawer is then safe for concurrent use.
package render
