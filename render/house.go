package render

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"io"

	"github.com/fogleman/gg"
	"github.com/golang/freetype/truetype"
)

// This file exports the house style for the drawers of the games, each
// in its own package (render/veletas, render/fanorona, render/amazons):
// the themes' colours, the stones and their shadows, text from glyph
// atlases, the words' patterns, the board's place in the image, its
// frame, grid and coordinates, sprites, the palette quantizer and the
// PNG and GIF encoders.

// Colors are the colours of one theme. Last, LastLine, Hint, Shadow and
// Out are non-premultiplied with their alpha; the others are opaque.
type Colors struct {
	Page, Frame, Cell, Grid, Label      color.RGBA
	Text, Text2, TextFaint, Win         color.RGBA
	Shadow                              color.RGBA
	Last, LastLine, Hint, HintSel       color.RGBA
	Red, RedDark, Bull                  color.RGBA
	BlackTop, BlackBot, BlackRim        color.RGBA
	WhiteTop, WhiteBot, WhiteRim, Claim color.RGBA
	// Strip is the status strip's background, CellB the squares of the
	// other colour of a checkerboard (the same as Cell in both themes).
	Strip, CellB color.RGBA
	// Out stripes squares closed to shooters; Bound is the line around
	// the squares open to them.
	Out, Bound color.RGBA
	// IconRing is the ring around the strip's stone (StoneIcon), apart
	// from the page; MoveMark and MoveEdge are the last move's
	// arrowhead, above the pieces, and its outline.
	IconRing, MoveMark, MoveEdge color.RGBA
}

// ThemeColors returns the colours of theme t (Light for an unknown one).
func ThemeColors(t Theme) Colors {
	if t != Dark {
		t = Light
	}
	p := &palettes[t]
	return Colors{
		Page: p.page, Frame: p.frame, Cell: p.cellA, Grid: p.grid, Label: p.label,
		Text: p.text, Text2: p.text2, TextFaint: p.textFaint, Win: p.win,
		Shadow: p.shadow, Last: p.last, LastLine: p.lastLine, Hint: p.hint, HintSel: p.hintSel,
		Red: p.red, RedDark: p.redDark, Bull: p.bull,
		BlackTop: p.blackTop, BlackBot: p.blackBot, BlackRim: p.blackRim,
		WhiteTop: p.whiteTop, WhiteBot: p.whiteBot, WhiteRim: p.whiteRim, Claim: p.claim,
		Strip: p.strip, CellB: p.cellB, Out: p.out, Bound: p.bound,
		IconRing: p.iconRing, MoveMark: p.moveMark, MoveEdge: p.moveEdge,
	}
}

// DrawStone paints a white or black stone of radius r centred at x, y,
// with its shadow for a square of side cell (0 for no shadow), as the
// Veletas and Fanorona pieces are drawn.
func DrawStone(dc *gg.Context, t Theme, white bool, x, y, r, cell float64) {
	if t != Dark {
		t = Light
	}
	p := &palettes[t]
	if cell > 0 {
		drawShadow(dc, p, x, y, r, cell)
	}
	drawStone(dc, p, white, x, y, r)
}

// DrawShadow paints the shadow of a disc of radius r centred at x, y, for
// a square of side cell: an offset disc with a soft edge, as under every
// stone.
func DrawShadow(dc *gg.Context, t Theme, x, y, r, cell float64) {
	if t != Dark {
		t = Light
	}
	drawShadow(dc, &palettes[t], x, y, r, cell)
}

// DrawDisc paints a disc in two flat tones, lit from the top left: the
// base colour shows as a crescent at the bottom right, under a lighter
// disc, with a thin rim.
func DrawDisc(dc *gg.Context, x, y, r float64, base, lit, rim color.RGBA) {
	drawDisc(dc, x, y, r, base, lit, rim)
}

// StoneIcon draws a white or black stone of radius rad for a status
// strip, with its shadow, in a ring of width ring of a tone far from the
// page's (Colors.IconRing), so that a black stone reads on the dark page
// and a white one on the light page.
func StoneIcon(t Theme, white bool, rad, ring float64) *image.RGBA {
	if t != Dark {
		t = Light
	}
	p := &palettes[t]
	side := int((rad+ring)*2.6) + 2
	dc := gg.NewContext(side, side)
	x := float64(side) / 2
	drawShadow(dc, p, x, x, rad+ring, rad*2.5)
	dc.SetColor(p.iconRing)
	dc.DrawCircle(x, x, rad+ring)
	dc.Fill()
	drawStone(dc, p, white, x, x, rad)
	return dc.Image().(*image.RGBA)
}

// IconSize is the radius of the strip's stone and the width of the ring
// around it (StoneIcon), for the headline's font.
func IconSize(head *Text) (r, ring float64) {
	r = float64(head.CapHeight()) * 0.62
	return r, max(2, r*0.25)
}

// Over is the opaque colour c under the non-premultiplied colour top.
func Over(c, top color.RGBA) color.RGBA { return over(c, top) }

// over blends the non-premultiplied colour top over the opaque colour c.
func over(c, top color.RGBA) color.RGBA {
	a := float64(top.A) / 255
	m := func(x, y uint8) uint8 { return uint8(float64(x)*(1-a) + float64(y)*a + 0.5) }
	return color.RGBA{m(c.R, top.R), m(c.G, top.G), m(c.B, top.B), 255}
}

// Weight selects one of the Go fonts.
type Weight uint8

// The weights of the Go fonts: the coordinates are Medium, the status
// strip's headline Bold and its other lines Regular.
const (
	Regular Weight = iota
	Medium
	Bold
)

// Text is a font of one weight and size rasterized once for a set of
// characters. It is read-only once made, so any number of goroutines may
// draw with it at once (a gg font face may not be shared).
type Text struct{ a *atlas }

// NewText rasterizes the characters of runes in the Go font of weight w
// at px pixels. Characters the Go fonts lack come from fallback, the
// bytes of a TrueType font (nil for none), then from the Japanese
// subset of the Veletas words; a character none has is an error.
func NewText(w Weight, px float64, runes string, fallback []byte) (*Text, error) {
	if err := loadFonts(); err != nil {
		return nil, err
	}
	f := fontRegular
	switch w {
	case Medium:
		f = fontMedium
	case Bold:
		f = fontBold
	}
	var extra *truetype.Font
	if fallback != nil {
		var err error
		if extra, err = truetype.Parse(fallback); err != nil {
			return nil, fmt.Errorf("render: parsing a fallback font: %w", err)
		}
	}
	seen := map[rune]bool{}
	var set, kerned []rune
	for _, r := range runes + "H" {
		if seen[r] {
			continue
		}
		seen[r] = true
		set = append(set, r)
		if r < 0x250 {
			kerned = append(kerned, r)
		}
	}
	a, err := newAtlasOf(f, extra, px, set, kerned)
	if err != nil {
		return nil, err
	}
	return &Text{a}, nil
}

// NewWordText rasterizes Symbols and the characters of words in the Go
// font of weight w at px pixels, kerning the pairs of Symbols only, the
// characters the Go fonts lack from the Japanese subset of fonts/ (which
// holds those of the Veletas and Fanorona words): the text of those
// games' strips. A character no embedded font has is an error.
func NewWordText(w Weight, px float64, words string) (*Text, error) {
	if err := loadFonts(); err != nil {
		return nil, err
	}
	f := fontRegular
	switch w {
	case Medium:
		f = fontMedium
	case Bold:
		f = fontBold
	}
	seen := map[rune]bool{}
	var set []rune
	for _, r := range Symbols + words {
		if !seen[r] {
			seen[r] = true
			set = append(set, r)
		}
	}
	a, err := newAtlasOf(f, nil, px, set, []rune(Symbols))
	if err != nil {
		return nil, err
	}
	return &Text{a}, nil
}

// Draw writes s with its baseline at y, starting at x; characters not in
// the Text are skipped.
func (t *Text) Draw(dst draw.Image, s string, x, y int, c color.Color) { t.a.draw(dst, s, x, y, c) }

// DrawOn is Draw on the image of a Canvas (its Begin's), recording on
// cv the glyphs' boxes only; with a nil cv it is Draw.
func (t *Text) DrawOn(dst *image.RGBA, cv *Canvas, s string, x, y int, c color.Color) {
	t.a.draw(dst, s, x, y, c)
	cv.Touch(t.a.bounds(s, x, y))
}

// Measure is the advance width of s in pixels.
func (t *Text) Measure(s string) int { return t.a.measure(s) }

// CapHeight is the height of a capital letter above the baseline.
func (t *Text) CapHeight() int { return t.a.capHeight() }

// Sprite is a pre-drawn piece that composes fast over an image: the
// opaque middle of each row copied, only the edges blended.
type Sprite struct{ s *sprite }

// NewSprite makes a sprite of a premultiplied image; the image must not
// change afterwards.
func NewSprite(img *image.RGBA) *Sprite { return &Sprite{newSprite(img)} }

// DrawAt composes the sprite over dst with its top-left corner at p; a
// sprite not wholly inside dst is not drawn.
func (s *Sprite) DrawAt(dst *image.RGBA, p image.Point) { s.s.drawAt(dst, p) }

// OverBackground prepares the sprite for where it usually falls: bg,
// drawn with its top-left corner at p (a square inside the board). Every
// row of a later DrawAt whose pixels under the sprite are those of bg
// there takes the sprite composed over them at once instead of blending
// again: the same pixels, faster. It must be called before the sprite is
// shared (by a drawer's cache, once), and bg must not change afterwards.
func (s *Sprite) OverBackground(bg *image.RGBA, p image.Point) { s.s.overBackground(bg, p) }

// QuantizeOver keeps the sprite prepared by OverBackground mapped onto
// q's palette, for Draw on a Canvas: the rows falling on that background
// then need no quantizing. Like OverBackground it must be called before
// the sprite is shared; without OverBackground it does nothing.
func (s *Sprite) QuantizeOver(q *Quantizer) { s.s.quantizeOver(q.q) }

// Draw composes the sprite over dst with its top-left corner at p, as
// DrawAt does, and records what it drew on cv, whose image dst must be
// (the one its Begin returned); with a nil cv it is DrawAt.
func (s *Sprite) Draw(dst *image.RGBA, cv *Canvas, p image.Point) {
	if cv == nil || dst != cv.img {
		s.s.drawAt(dst, p)
		cv.Touch(s.s.img.Rect.Add(p))
		return
	}
	s.s.drawOn(cv, p)
}

// Fits reports whether bg at p (the sprite's top-left corner) is the
// background the sprite was prepared over (OverBackground), where Draw
// takes the prepared rows whole: a drawer whose squares differ prepares
// one sprite per kind of square.
func (s *Sprite) Fits(bg *image.RGBA, p image.Point) bool { return s.s.fits(bg, p) }

// Bounds is the sprite's size, from (0, 0).
func (s *Sprite) Bounds() image.Rectangle { return s.s.img.Rect }

// Quantizer maps images onto a palette of at most 255 colours chosen
// once from samples of everything they can show.
type Quantizer struct{ q *quantizer }

// NewQuantizer chooses the palette: the colours of must exactly, then
// the sample's most frequent colours that are not too close to one
// already chosen.
func NewQuantizer(samples []*image.RGBA, must []color.RGBA) *Quantizer {
	return &Quantizer{newQuantizer(samples, must)}
}

// Palette is the palette chosen.
func (q *Quantizer) Palette() color.Palette { return q.q.pal }

// Quantize maps the opaque src onto dst, which has src's bounds and the
// quantizer's palette.
func (q *Quantizer) Quantize(dst *image.Paletted, src *image.RGBA) { q.q.quantize(dst, src) }

// QuantizeOver is Quantize for a src drawn over the background bg, and
// gives the same image faster: bgPal is bg quantized (by Quantize, once),
// and the blocks of src left as in bg take their indices from it. All
// four images have the same bounds.
func (q *Quantizer) QuantizeOver(dst *image.Paletted, src, bg *image.RGBA, bgPal *image.Paletted) {
	q.q.quantizeOver(dst, src, bg, bgPal)
}

// EncodePNG writes an 8-bit paletted PNG with the house's encoder.
func EncodePNG(w io.Writer, m *image.Paletted) error {
	if err := encodePNG(w, m); err != nil {
		return fmt.Errorf("render: writing the png: %w", err)
	}
	return nil
}

// EncodeReplay writes an animated GIF of n frames of the given bounds,
// each painted over dst by paint and reduced to q's palette, timed as the
// Veletas and Fanorona replays (GIFDelay, the last held for
// GIFHoldDelay), frames after the first holding only what changed.
func EncodeReplay(w io.Writer, q *Quantizer, bounds image.Rectangle, n int, paint func(dst *image.RGBA, i int)) error {
	return encodeReplay(w, q.q, bounds, n, paint)
}

// EncodeReplayOn is EncodeReplay with each frame painted on cv (of the
// replay's bounds, over a background quantized by q) by paint, which
// returns cv.Paletted(q): only the tiles paint touched are laid again
// and quantized, as for a PNG, instead of the whole frame. cv is the
// caller's, for one goroutine, as always.
func EncodeReplayOn(w io.Writer, q *Quantizer, cv *Canvas, n int, paint func(cv *Canvas, i int) *image.Paletted) error {
	return encodeReplayOn(w, q.q, cv, n, paint)
}

// Fill replaces the verbs of a words pattern, %x by args['x'] (a verb
// without an argument, or a lone %, is kept as it is), as every drawer
// fills its captions in every language.
func Fill(pattern string, args map[byte]string) string { return fill(pattern, args) }

// BoardGeometry is where a square board stands in an image: the image's
// size, the side of one square, the squares (without the frame), the
// frame's width and the status strip above the board.
type BoardGeometry struct {
	Width, Height int
	Cell          int
	Board         image.Rectangle
	Frame         int
	Status        image.Rectangle
}

// SquareBoard returns where an n×n board stands in an image of width
// (clamped to MinWidth..MaxWidth; 0 means DefaultWidth), in the
// proportions of the Veletas images.
func SquareBoard(n, width int) BoardGeometry { return squareBoard(n, width) }

// DrawBoardFrame draws the frame of a square board, frame pixels wide
// around the squares board, over the soft shadow under it, whose reach
// grows with cell, the side of a square.
func DrawBoardFrame(dc *gg.Context, board image.Rectangle, frame, cell int, c Colors) {
	drawFrame(dc, board, frame, cell, c.Shadow, c.Frame)
}

// DrawGrid draws one-pixel lines between the n×n squares of board.
func DrawGrid(dc *gg.Context, board image.Rectangle, n, cell int, c Colors) {
	drawGrid(dc, board, n, cell, c.Grid)
}

// DrawCoordinates writes the coordinates of an n×n board with label: the
// file letters under it, between the frame and the bottom of an image
// height pixels tall, and the rank numbers in the gutter on its left.
func DrawCoordinates(dst *image.RGBA, board image.Rectangle, n, cell, frame, height int, label *Text, c Colors) {
	drawCoordinates(dst, board, n, cell, frame, height, label.a, c.Label)
}
