package render

import (
	"image"
	"image/color"
)

// tileSide is the side of the squares in which a Canvas records what was
// drawn.
const tileSide = 16

// Canvas is an image a drawer reuses from image to image over a cached
// background, with its paletted copy. It records the tiles drawn on
// (Touch), so that laying the background again (Begin) and mapping the
// picture onto the palette (Paletted) cost only for those: the rest is
// the background's, whose quantized copy the drawer keeps. A Canvas is
// for one goroutine at a time (a drawer keeps them in a sync.Pool); a nil
// *Canvas records nothing, for drawing into an image of its own.
type Canvas struct {
	img        *image.RGBA
	pm         *image.Paletted
	bg         *image.RGBA // the background img holds outside tiles
	tiles      []bool
	cols, rows int
}

// NewCanvas makes a canvas of the given bounds (from (0, 0)) whose
// paletted copy has palette pal.
func NewCanvas(bounds image.Rectangle, pal color.Palette) *Canvas {
	cols := (bounds.Dx() + tileSide - 1) / tileSide
	rows := (bounds.Dy() + tileSide - 1) / tileSide
	return &Canvas{
		img:   image.NewRGBA(bounds),
		pm:    image.NewPaletted(bounds, pal),
		tiles: make([]bool, cols*rows),
		cols:  cols,
		rows:  rows,
	}
}

// Begin lays the background bg, of the canvas's bounds, and returns the
// image to draw the picture on: only the tiles drawn since the last
// Begin with the same bg are copied again. bg must not change.
func (c *Canvas) Begin(bg *image.RGBA) *image.RGBA {
	if bg != c.bg {
		copy(c.img.Pix, bg.Pix)
		c.bg = bg
		clear(c.tiles)
		return c.img
	}
	c.eachRun(func(r image.Rectangle) {
		for y := r.Min.Y; y < r.Max.Y; y++ {
			i := c.img.PixOffset(r.Min.X, y)
			copy(c.img.Pix[i:i+4*r.Dx()], bg.Pix[i:i+4*r.Dx()])
		}
	})
	clear(c.tiles)
	return c.img
}

// Touch records that r was drawn on. Everything drawn on the image
// Begin returned must be touched, or Paletted shows the background
// there.
func (c *Canvas) Touch(r image.Rectangle) {
	if c == nil {
		return
	}
	r = r.Intersect(c.img.Rect)
	if r.Empty() {
		return
	}
	x0, x1 := r.Min.X/tileSide, (r.Max.X-1)/tileSide
	for ty := r.Min.Y / tileSide; ty <= (r.Max.Y-1)/tileSide; ty++ {
		row := c.tiles[ty*c.cols : (ty+1)*c.cols]
		for tx := x0; tx <= x1; tx++ {
			row[tx] = true
		}
	}
}

// Paletted maps the picture onto q's palette: bgPal, the background
// quantized by q, where nothing was touched, and q's mapping of the
// touched tiles, the same as Quantize of the whole. bgPal must be the
// quantized copy of the bg of the last Begin. The image stays the
// canvas's, until its next Begin.
func (c *Canvas) Paletted(q *Quantizer, bgPal *image.Paletted) *image.Paletted {
	copy(c.pm.Pix, bgPal.Pix)
	c.eachRun(func(r image.Rectangle) { q.q.quantizeOverRect(c.pm, c.img, c.bg, bgPal, r, true) })
	return c.pm
}

// eachRun calls f with the rectangles of the runs of touched tiles of
// each row of tiles, clipped to the image.
func (c *Canvas) eachRun(f func(image.Rectangle)) {
	b := c.img.Rect
	for ty := 0; ty < c.rows; ty++ {
		row := c.tiles[ty*c.cols : (ty+1)*c.cols]
		for tx := 0; tx < c.cols; {
			if !row[tx] {
				tx++
				continue
			}
			e := tx
			for e < c.cols && row[e] {
				e++
			}
			f(image.Rect(tx*tileSide, ty*tileSide, e*tileSide, (ty+1)*tileSide).Intersect(b))
			tx = e
		}
	}
}
