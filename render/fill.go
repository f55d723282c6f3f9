package render

import (
	"encoding/binary"
	"image"
	"image/color"
	"image/draw"
)

// FillOver blends c over the rectangle r of dst: the same pixels as
// draw.Draw(dst, r, image.NewUniform(c), image.Point{}, draw.Over), with
// the blend computed once per run of one colour (a square is one colour,
// or a few) instead of per pixel.
func FillOver(dst *image.RGBA, r image.Rectangle, c color.Color) {
	r = r.Intersect(dst.Rect)
	if r.Empty() {
		return
	}
	fillOver(dst, nil, nil, r, c)
}

// fillOver is FillOver, also writing into pm (when not nil, of dst's
// bounds) the indices q maps the pixels to.
func fillOver(dst *image.RGBA, pm *image.Paletted, q *quantizer, r image.Rectangle, c color.Color) {
	sr, sg, sb, sa := c.RGBA()
	if pm == nil && (sa == 0xffff || sa == 0) {
		draw.Draw(dst, r, image.NewUniform(c), image.Point{}, draw.Over)
		return
	}
	const m = 1<<16 - 1
	a := (m - sa) * 0x101 // as image/draw's drawFillOver
	le := binary.LittleEndian
	blend := func(v uint32) uint32 {
		r := uint32(uint8(((v&0xff)*a/m + sr) >> 8))
		g := uint32(uint8(((v>>8&0xff)*a/m + sg) >> 8))
		b := uint32(uint8(((v>>16&0xff)*a/m + sb) >> 8))
		al := uint32(uint8(((v>>24)*a/m + sa) >> 8))
		return r | g<<8 | b<<16 | al<<24
	}
	last, out := uint32(0), blend(0)
	if pm == nil {
		for y := r.Min.Y; y < r.Max.Y; y++ {
			i := dst.PixOffset(r.Min.X, y)
			row := dst.Pix[i : i+4*r.Dx()]
			for x := 0; x+3 < len(row); x += 4 {
				v := le.Uint32(row[x:])
				if v != last {
					last, out = v, blend(v)
				}
				le.PutUint32(row[x:], out)
			}
		}
		return
	}
	idx := q.index(out)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		i := dst.PixOffset(r.Min.X, y)
		row := dst.Pix[i : i+4*r.Dx()]
		prow := pm.Pix[pm.PixOffset(r.Min.X, y):]
		for x := 0; x+3 < len(row); x += 4 {
			v := le.Uint32(row[x:])
			if v != last {
				last, out = v, blend(v)
				idx = q.index(out)
			}
			le.PutUint32(row[x:], out)
			prow[x/4] = idx
		}
	}
}

// FillOver is render.FillOver on the canvas's image (its Begin's),
// writing the indices q maps the pixels to as it goes: the tiles under r
// need no quantizing. q must be the quantizer Paletted will be given.
func (c *Canvas) FillOver(r image.Rectangle, col color.Color, q *Quantizer) {
	r = r.Intersect(c.img.Rect)
	if r.Empty() {
		return
	}
	fillOver(c.img, c.pm, q.q, r, col)
	c.mark(r, tileQuantized)
}
