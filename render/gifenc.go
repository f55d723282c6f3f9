package render

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
	"io"
	"math/bits"
)

// gifWriter writes an animated GIF frame by frame, byte for byte as
// image/gif's EncodeAll writes the same frames when they all use the
// global palette pal (256 colours, the last one transparent) and are
// kept (gif.DisposalNone), looping forever: the header, then per frame
// the graphic control, the image descriptor and the LZW data in blocks
// of 255 bytes, and the trailer. Only the frame in hand is held, and the
// pixels of a delta frame go from the two pictures to the coder without
// an image of their own.
type gifWriter struct {
	w   io.Writer
	buf []byte // what is not yet written to w
	err error
	lzw lzwCoder
	row []byte // a delta frame's row
	raw []byte // a frame's LZW data, before it is cut in blocks
}

// gifFlushAt is how much the writer gathers before writing it to w.
const gifFlushAt = 64 << 10

// start writes the header of an animation of n frames of the given
// size.
func (g *gifWriter) start(w io.Writer, pal color.Palette, width, height, n int) {
	g.w, g.err, g.buf = w, nil, g.buf[:0]
	b := append(g.buf, "GIF89a"...)
	b = binary.LittleEndian.AppendUint16(b, uint16(width))
	b = binary.LittleEndian.AppendUint16(b, uint16(height))
	size := max(bits.Len(uint(len(pal)-1))-1, 0) // the table holds 2^(size+1) colours
	b = append(b, 0x80|byte(size), 0, 0)         // global table, background 0, no aspect
	for _, c := range pal {
		if rgba, ok := c.(color.RGBA); ok {
			b = append(b, rgba.R, rgba.G, rgba.B)
			continue
		}
		r, gr, bl, _ := c.RGBA()
		b = append(b, byte(r>>8), byte(gr>>8), byte(bl>>8))
	}
	for range 1<<(size+1) - len(pal) {
		b = append(b, 0, 0, 0)
	}
	if n > 1 {
		b = append(b, 0x21, 0xff, 0x0b)
		b = append(b, "NETSCAPE2.0"...)
		b = append(b, 0x03, 0x01, 0, 0, 0) // loop forever
	}
	g.buf = b
}

// frame writes a frame of the rectangle r of cur shown for delay
// hundredths of a second: with prev nil, cur's pixels; else cur's where
// they differ from prev's and transparent where they are the same. Both
// images have the same bounds, from (0, 0).
func (g *gifWriter) frame(cur, prev *image.Paletted, r image.Rectangle, delay int) {
	b := append(g.buf, 0x21, 0xf9, 0x04, 0x01|gifDisposalNone<<2)
	b = binary.LittleEndian.AppendUint16(b, uint16(delay))
	b = append(b, transparent, 0)
	b = append(b, 0x2c)
	b = binary.LittleEndian.AppendUint16(b, uint16(r.Min.X))
	b = binary.LittleEndian.AppendUint16(b, uint16(r.Min.Y))
	b = binary.LittleEndian.AppendUint16(b, uint16(r.Dx()))
	b = binary.LittleEndian.AppendUint16(b, uint16(r.Dy()))
	b = append(b, 0, lzwLit) // the global table; the LZW's literal width

	g.lzw.reset(g.raw[:0])
	w := r.Dx()
	if cap(g.row) < w {
		g.row = make([]byte, w)
	}
	row := g.row[:w]
	for y := r.Min.Y; y < r.Max.Y; y++ {
		cr := cur.Pix[y*cur.Stride+r.Min.X : y*cur.Stride+r.Max.X]
		if prev == nil {
			g.lzw.write(cr)
			continue
		}
		pr := prev.Pix[y*prev.Stride+r.Min.X : y*prev.Stride+r.Max.X]
		g.deltaRow(row, cr, pr)
	}
	g.raw = g.lzw.finish()

	// The data in blocks of at most 255 bytes, each after its length,
	// and an empty block.
	raw := g.raw
	for len(raw) >= 255 {
		b = append(b, 255)
		b = append(b, raw[:255]...)
		raw = raw[255:]
	}
	if len(raw) > 0 {
		b = append(b, byte(len(raw)))
		b = append(b, raw...)
	}
	g.buf = append(b, 0)
	if len(g.buf) >= gifFlushAt {
		g.flush()
	}
}

// deltaRow encodes a delta frame's row: cur where it differs from prev,
// transparent where it does not. The stretches where eight pixels or
// more in a row did not change go to the coder as runs, counted eight
// at a time; the others are laid in row (of the same length) first.
func (g *gifWriter) deltaRow(row, cur, prev []byte) {
	le := binary.LittleEndian
	w := len(cur)
	for x := 0; x < w; {
		// The unchanged pixels from x.
		s := x
		for s+8 <= w && le.Uint64(cur[s:]) == le.Uint64(prev[s:]) {
			s += 8
		}
		for s < w && cur[s] == prev[s] {
			s++
		}
		if s-x >= 8 || s == w {
			g.lzw.writeRun(transparent, s-x)
			x = s
			continue
		}
		// From x, up to eight pixels in a row unchanged or the end.
		e := s
		for e < w {
			if e+8 <= w && le.Uint64(cur[e:]) == le.Uint64(prev[e:]) {
				break
			}
			e++
		}
		for i := x; i < e; i++ {
			c := cur[i]
			if c == prev[i] {
				c = transparent
			}
			row[i] = c
		}
		g.lzw.write(row[x:e])
		x = e
	}
}

// gifDisposalNone is gif.DisposalNone: the frame stays under the next.
const gifDisposalNone = 1

// finish writes the trailer and returns the first error of writing.
func (g *gifWriter) finish() error {
	g.buf = append(g.buf, 0x3b)
	g.flush()
	g.w = nil
	return g.err
}

func (g *gifWriter) flush() {
	if g.err == nil && len(g.buf) > 0 {
		_, g.err = g.w.Write(g.buf)
	}
	g.buf = g.buf[:0]
}

// changed returns the bounding box of the pixels where cur differs from
// prev (the same bounds, from (0, 0), any strides), empty when none
// does. A row that differs is searched eight pixels at a time.
func changed(prev, cur *image.Paletted) image.Rectangle {
	b := cur.Rect
	w := b.Dx()
	minX, minY, maxX, maxY := w, b.Dy(), -1, -1
	le := binary.LittleEndian
	for y := 0; y < b.Dy(); y++ {
		pr := prev.Pix[y*prev.Stride : y*prev.Stride+w]
		cr := cur.Pix[y*cur.Stride : y*cur.Stride+w]
		if bytes.Equal(pr, cr) {
			continue
		}
		first := -1
		x := 0
		for ; x+8 <= w; x += 8 {
			if d := le.Uint64(cr[x:]) ^ le.Uint64(pr[x:]); d != 0 {
				first = x + bits.TrailingZeros64(d)/8
				break
			}
		}
		if first < 0 {
			for ; x < w; x++ {
				if cr[x] != pr[x] {
					first = x
					break
				}
			}
		}
		if first < 0 {
			continue
		}
		last := first
		x = w
		for ; x-8 > first; x -= 8 {
			if d := le.Uint64(cr[x-8:]) ^ le.Uint64(pr[x-8:]); d != 0 {
				last = x - 1 - bits.LeadingZeros64(d)/8
				break
			}
		}
		if last == first {
			for x--; x > first; x-- {
				if cr[x] != pr[x] {
					last = x
					break
				}
			}
		}
		minX, maxX = min(minX, first), max(maxX, last)
		minY, maxY = min(minY, y), max(maxY, y)
	}
	if maxX < 0 {
		return image.Rectangle{}
	}
	return image.Rect(minX, minY, maxX+1, maxY+1)
}
