package render

import (
	"fmt"
	"image"
	"image/color"
	"io"
)

// tileSide is the side of the squares in which a Canvas records what was
// drawn.
const tileSide = 16

// The states of a Canvas's tile.
const (
	tileClean     uint8 = iota // the background's, in both images
	tileQuantized              // drawn on, its paletted copy already right (Sprite.Draw)
	tileTouched                // drawn on, to be quantized
)

// Canvas is an image a drawer reuses from image to image over a cached
// background, with its paletted copy. It records the tiles drawn on
// (Touch), so that laying the background again (Begin) and mapping the
// picture onto the palette (Paletted) cost only for those: the rest is
// the background's, whose quantized copy the drawer keeps. A Canvas is
// for one goroutine at a time (a drawer keeps them in a sync.Pool); a nil
// *Canvas records nothing, for drawing into an image of its own.
type Canvas struct {
	img *image.RGBA
	// pm's rows lie in raw each after a zero byte, PNG's filter byte,
	// so that the encoder compresses raw as it is.
	pm         *image.Paletted
	raw        []byte
	bg         *image.RGBA     // the background img holds on clean tiles
	bgPal      *image.Paletted // the background pm holds on clean tiles
	tiles      []uint8         // by row of tiles, tileClean...tileTouched
	cols, rows int
	// open is set from Begin to Paletted: a Begin finding it set (the
	// drawing before was abandoned, by a panic) lays everything again.
	open bool
}

// NewCanvas makes a canvas of the given bounds (from (0, 0)) whose
// paletted copy has palette pal.
func NewCanvas(bounds image.Rectangle, pal color.Palette) *Canvas {
	cols := (bounds.Dx() + tileSide - 1) / tileSide
	rows := (bounds.Dy() + tileSide - 1) / tileSide
	w, h := bounds.Dx(), bounds.Dy()
	raw := make([]byte, (w+1)*h)
	return &Canvas{
		img:   image.NewRGBA(bounds),
		pm:    &image.Paletted{Pix: raw[1:], Stride: w + 1, Rect: bounds, Palette: pal},
		raw:   raw,
		tiles: make([]uint8, cols*rows),
		cols:  cols,
		rows:  rows,
	}
}

// Begin lays the background bg, of the canvas's bounds, and its copy
// bgPal quantized by the quantizer Paletted will be given, and returns
// the image to draw the picture on: only the tiles drawn since the last
// Begin with the same background are laid again. Neither may change.
func (c *Canvas) Begin(bg *image.RGBA, bgPal *image.Paletted) *image.RGBA {
	lay := func(r image.Rectangle) {
		for y := r.Min.Y; y < r.Max.Y; y++ {
			i := c.img.PixOffset(r.Min.X, y)
			copy(c.img.Pix[i:i+4*r.Dx()], bg.Pix[i:i+4*r.Dx()])
			copy(c.pm.Pix[y*c.pm.Stride+r.Min.X:y*c.pm.Stride+r.Max.X], bgPal.Pix[y*bgPal.Stride+r.Min.X:])
		}
	}
	if bg != c.bg || bgPal != c.bgPal || c.open {
		lay(c.img.Rect)
		c.bg, c.bgPal = bg, bgPal
	} else {
		c.eachRun(func(s uint8) bool { return s != tileClean }, lay)
	}
	clear(c.tiles)
	c.open = true
	return c.img
}

// Touch records that r was drawn on. Everything drawn on the image
// Begin returned must be touched, or Paletted shows the background
// there (Sprite.Draw touches what it draws).
func (c *Canvas) Touch(r image.Rectangle) {
	if c == nil {
		return
	}
	c.mark(r, tileTouched)
}

// mark raises the state of the tiles under r to s.
func (c *Canvas) mark(r image.Rectangle, s uint8) {
	r = r.Intersect(c.img.Rect)
	if r.Empty() {
		return
	}
	x0, x1 := r.Min.X/tileSide, (r.Max.X-1)/tileSide
	for ty := r.Min.Y / tileSide; ty <= (r.Max.Y-1)/tileSide; ty++ {
		row := c.tiles[ty*c.cols : (ty+1)*c.cols]
		for tx := x0; tx <= x1; tx++ {
			row[tx] = max(row[tx], s)
		}
	}
}

// Paletted maps the picture onto q's palette, the same as Quantize of
// the whole: the background's indices where nothing was drawn, q's
// mapping of the touched tiles. The image stays the canvas's until its
// next Begin.
func (c *Canvas) Paletted(q *Quantizer) *image.Paletted {
	c.eachRun(func(s uint8) bool { return s == tileTouched }, func(r image.Rectangle) {
		q.q.quantizeOverRect(c.pm, c.img, c.bg, c.bgPal, r, true)
	})
	c.open = false
	return c.pm
}

// EncodePNG writes the picture as Paletted maps it, as EncodePNG does,
// without copying its rows.
func (c *Canvas) EncodePNG(w io.Writer, q *Quantizer) error {
	pm := c.Paletted(q)
	e := pngEncoders.Get().(*pngEncoder)
	defer pngEncoders.Put(e)
	if err := e.encode(w, pm, c.raw); err != nil {
		return fmt.Errorf("render: writing the png: %w", err)
	}
	return nil
}

// eachRun calls f with the rectangles of the runs of tiles whose state
// passes in, in each row of tiles, top first, clipped to the image.
func (c *Canvas) eachRun(in func(uint8) bool, f func(image.Rectangle)) {
	b := c.img.Rect
	for ty := 0; ty < c.rows; ty++ {
		row := c.tiles[ty*c.cols : (ty+1)*c.cols]
		for tx := 0; tx < c.cols; {
			if !in(row[tx]) {
				tx++
				continue
			}
			e := tx
			for e < c.cols && in(row[e]) {
				e++
			}
			f(image.Rect(tx*tileSide, ty*tileSide, e*tileSide, (ty+1)*tileSide).Intersect(b))
			tx = e
		}
	}
}
