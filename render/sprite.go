package render

import (
	"bytes"
	"encoding/binary"
	"image"
)

// sprite is a pre-rendered piece with, for each row, the span of pixels
// that are not transparent and within it the span that is opaque, so
// that drawing copies the opaque middle and blends only the edges.
type sprite struct {
	img  *image.RGBA
	rows []span
	// ref is the background the sprite usually falls on and over the
	// sprite composed over it, both of the sprite's size, or nil: a row
	// whose pixels under the sprite are ref's takes over's at once.
	ref, over *image.RGBA
	// overPal is over quantized (quantizeOver), or nil.
	overPal []uint8
}

type span struct{ x0, o0, o1, x1 int }

func newSprite(img *image.RGBA) *sprite {
	b := img.Rect
	s := &sprite{img: img, rows: make([]span, b.Dy())}
	for y := 0; y < b.Dy(); y++ {
		row := img.Pix[y*img.Stride : y*img.Stride+4*b.Dx()]
		sp := span{x0: b.Dx(), x1: b.Dx(), o0: b.Dx(), o1: b.Dx()}
		for x := 0; x < b.Dx(); x++ {
			if row[4*x+3] != 0 {
				sp.x0 = x
				break
			}
		}
		for x := b.Dx() - 1; x >= sp.x0; x-- {
			if row[4*x+3] != 0 {
				sp.x1 = x + 1
				break
			}
		}
		// The longest opaque run inside [x0, x1).
		best0, best1 := sp.x1, sp.x1
		for x := sp.x0; x < sp.x1; {
			if row[4*x+3] != 255 {
				x++
				continue
			}
			e := x
			for e < sp.x1 && row[4*e+3] == 255 {
				e++
			}
			if e-x > best1-best0 {
				best0, best1 = x, e
			}
			x = e
		}
		sp.o0, sp.o1 = best0, best1
		s.rows[y] = sp
	}
	return s
}

// overBackground sets ref to the pixels of bg under the sprite drawn
// with its top-left corner at p, and over to the sprite drawn there.
func (s *sprite) overBackground(bg *image.RGBA, p image.Point) {
	r := s.img.Rect.Add(p)
	if !r.In(bg.Rect) {
		return
	}
	ref := image.NewRGBA(s.img.Rect)
	for y := 0; y < r.Dy(); y++ {
		copy(ref.Pix[y*ref.Stride:(y+1)*ref.Stride], bg.Pix[bg.PixOffset(r.Min.X, r.Min.Y+y):])
	}
	over := image.NewRGBA(s.img.Rect)
	copy(over.Pix, ref.Pix)
	s.drawAt(over, image.Point{})
	s.ref, s.over = ref, over
}

// fits reports whether bg holds ref with its top-left corner at p.
func (s *sprite) fits(bg *image.RGBA, p image.Point) bool {
	r := s.img.Rect.Add(p)
	if s.ref == nil || !r.In(bg.Rect) {
		return false
	}
	for y := 0; y < r.Dy(); y++ {
		i := bg.PixOffset(r.Min.X, r.Min.Y+y)
		if !bytes.Equal(bg.Pix[i:i+4*r.Dx()], s.ref.Pix[y*s.ref.Stride:(y+1)*s.ref.Stride]) {
			return false
		}
	}
	return true
}

// quantizeOver sets overPal, over quantized by q.
func (s *sprite) quantizeOver(q *quantizer) {
	if s.over == nil {
		return
	}
	pm := image.NewPaletted(s.over.Rect, q.pal)
	q.quantize(pm, s.over)
	s.overPal = pm.Pix
}

// drawOn composes the sprite over the canvas's image with its top-left
// corner at p, and records what it drew: the rows falling on the
// background it was prepared over take over's pixels and overPal's
// indices (their tiles need no quantizing), the others are blended and
// touched.
func (s *sprite) drawOn(cv *Canvas, p image.Point) {
	dst := cv.img
	if s.overPal == nil || !s.img.Rect.Add(p).In(dst.Rect) {
		s.drawAt(dst, p)
		cv.Touch(s.img.Rect.Add(p))
		return
	}
	pm := cv.pm
	for y, sp := range s.rows {
		if sp.x0 >= sp.x1 {
			continue
		}
		d := dst.Pix[(p.Y+y)*dst.Stride+p.X*4:]
		o := y * s.ref.Stride
		row := image.Rect(p.X+sp.x0, p.Y+y, p.X+sp.x1, p.Y+y+1)
		if bytes.Equal(d[4*sp.x0:4*sp.x1], s.ref.Pix[o+4*sp.x0:o+4*sp.x1]) {
			copy(d[4*sp.x0:4*sp.x1], s.over.Pix[o+4*sp.x0:o+4*sp.x1])
			po, w := (p.Y+y)*pm.Stride+p.X, s.img.Rect.Dx()
			copy(pm.Pix[po+sp.x0:po+sp.x1], s.overPal[y*w+sp.x0:y*w+sp.x1])
			cv.mark(row, tileQuantized)
			continue
		}
		src := s.img.Pix[y*s.img.Stride:]
		blendRow(d[4*sp.x0:4*sp.o0], src[4*sp.x0:4*sp.o0])
		copy(d[4*sp.o0:4*sp.o1], src[4*sp.o0:4*sp.o1])
		blendRow(d[4*sp.o1:4*sp.x1], src[4*sp.o1:4*sp.x1])
		cv.mark(row, tileTouched)
	}
}

// drawAt composes the sprite over dst with its top-left corner at p. The
// sprite must lie inside dst.
func (s *sprite) drawAt(dst *image.RGBA, p image.Point) {
	if !s.img.Rect.Add(p).In(dst.Rect) {
		return
	}
	for y, sp := range s.rows {
		if sp.x0 >= sp.x1 {
			continue
		}
		src := s.img.Pix[y*s.img.Stride:]
		d := dst.Pix[(p.Y+y-dst.Rect.Min.Y)*dst.Stride+(p.X-dst.Rect.Min.X)*4:]
		if s.ref != nil {
			o := y * s.ref.Stride
			if bytes.Equal(d[4*sp.x0:4*sp.x1], s.ref.Pix[o+4*sp.x0:o+4*sp.x1]) {
				copy(d[4*sp.x0:4*sp.x1], s.over.Pix[o+4*sp.x0:o+4*sp.x1])
				continue
			}
		}
		blendRow(d[4*sp.x0:4*sp.o0], src[4*sp.x0:4*sp.o0])
		copy(d[4*sp.o0:4*sp.o1], src[4*sp.o0:4*sp.o1])
		blendRow(d[4*sp.o1:4*sp.x1], src[4*sp.o1:4*sp.x1])
	}
}

// blendRow composes premultiplied src over dst, pixel by pixel. A pixel
// like the previous one over the same colour takes the previous result:
// a shadow is a run of one colour over the square's.
func blendRow(dst, src []byte) {
	le := binary.LittleEndian
	lastS, lastD, lastO := uint32(0), uint32(0), uint32(0)
	have := false
	for i := 0; i+3 < len(src) && i+3 < len(dst); i += 4 {
		a := uint32(src[i+3])
		switch a {
		case 0:
			continue
		case 255:
			copy(dst[i:i+4], src[i:i+4])
			continue
		}
		sv, dv := le.Uint32(src[i:]), le.Uint32(dst[i:])
		if have && sv == lastS && dv == lastD {
			le.PutUint32(dst[i:], lastO)
			continue
		}
		na := 255 - a
		dst[i] = uint8(uint32(src[i]) + (uint32(dst[i])*na+127)/255)
		dst[i+1] = uint8(uint32(src[i+1]) + (uint32(dst[i+1])*na+127)/255)
		dst[i+2] = uint8(uint32(src[i+2]) + (uint32(dst[i+2])*na+127)/255)
		dst[i+3] = uint8(a + (uint32(dst[i+3])*na+127)/255)
		lastS, lastD, lastO, have = sv, dv, le.Uint32(dst[i:]), true
	}
}
