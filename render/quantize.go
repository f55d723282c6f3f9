package render

import (
	"encoding/binary"
	"image"
	"image/color"
	"slices"
)

// Images are drawn in RGBA and then mapped onto a palette of at most 255
// colours, chosen once per size and theme from a sample of everything an
// image can show. A paletted PNG holds one byte per pixel instead of three
// and needs no row filters, which makes encoding several times faster and
// the file several times smaller; the GIF uses the same palette (with index
// transparent for "unchanged").

const (
	paletteSize = 255
	transparent = 255 // GIF only: pixel unchanged from the previous frame
	tableBits   = 6   // per channel, in the lookup table
)

// quantizer maps colours to palette indices by a table indexed by the top
// tableBits of each channel; the palette's own colours map to themselves.
type quantizer struct {
	pal   color.Palette
	table []uint8
}

func bucket(r, g, b uint8) int {
	const s = 8 - tableBits
	return int(r>>s)<<(2*tableBits) | int(g>>s)<<tableBits | int(b>>s)
}

// newQuantizer chooses the palette from sample images: first the colours
// in must (the theme's named colours), then the most frequent colours of
// the sample that are not too close to one already chosen.
func newQuantizer(samples []*image.RGBA, must []color.RGBA) *quantizer {
	type count struct {
		c color.RGBA
		n int
	}
	hist := map[color.RGBA]int{}
	for _, sample := range samples {
		// Count runs of one colour, not pixels: most pixels are in runs.
		px := sample.Pix
		run, last := 0, color.RGBA{}
		for i := 0; i+3 < len(px); i += 4 {
			c := color.RGBA{px[i], px[i+1], px[i+2], 255}
			if c != last {
				if run > 0 {
					hist[last] += run
				}
				run, last = 0, c
			}
			run++
		}
		if run > 0 {
			hist[last] += run
		}
	}
	counts := make([]count, 0, len(hist))
	for c, n := range hist {
		counts = append(counts, count{c, n})
	}
	slices.SortFunc(counts, func(a, b count) int {
		if a.n != b.n {
			return b.n - a.n
		}
		return int(pack(a.c)) - int(pack(b.c))
	})
	var chosen []color.RGBA
	has := map[color.RGBA]bool{}
	add := func(c color.RGBA) {
		c.A = 255
		if !has[c] && len(chosen) < paletteSize {
			has[c] = true
			chosen = append(chosen, c)
		}
	}
	for _, c := range must {
		add(c)
	}
	// Two passes: first spread out, then fill with whatever is left.
	for _, minDist := range []int{24, 6, 0} {
		for _, ct := range counts {
			if len(chosen) == paletteSize {
				break
			}
			if has[ct.c] {
				continue
			}
			near := false
			for _, c := range chosen {
				if dist(c, ct.c) < minDist {
					near = true
					break
				}
			}
			if !near {
				add(ct.c)
			}
		}
	}
	q := &quantizer{table: make([]uint8, 1<<(3*tableBits))}
	q.pal = make(color.Palette, len(chosen))
	for i, c := range chosen {
		q.pal[i] = c
	}
	q.fillTable(chosen)
	// Exact colours win their bucket: the sample's colours map to their
	// nearest palette colour, most frequent last so that they win.
	for i := len(counts) - 1; i >= 0; i-- {
		c := counts[i].c
		q.table[bucket(c.R, c.G, c.B)] = nearest(chosen, c)
	}
	for i := len(chosen) - 1; i >= 0; i-- {
		c := chosen[i]
		q.table[bucket(c.R, c.G, c.B)] = uint8(i)
	}
	return q
}

// fillTable sets every bucket to the palette colour nearest its centre.
// It works by coarse cells of 8x8x8 buckets: for each cell only the
// colours that can be nearest to some point of it are searched.
func (q *quantizer) fillTable(pal []color.RGBA) {
	const (
		s      = 8 - tableBits
		coarse = 3 // bits per channel of the coarse cells
		per    = 1 << (tableBits - coarse)
	)
	centre := func(i int) int { return i<<s | 1<<(s-1) }
	axis := func(v, lo, hi int) (near, far int) {
		switch {
		case v < lo:
			near = lo - v
		case v > hi:
			near = v - hi
		}
		far = max(abs(v-lo), abs(v-hi))
		return near, far
	}
	var cand []uint8
	for cr := 0; cr < 1<<coarse; cr++ {
		for cg := 0; cg < 1<<coarse; cg++ {
			for cb := 0; cb < 1<<coarse; cb++ {
				var lo, hi [3]int
				for k, c := range [3]int{cr, cg, cb} {
					lo[k], hi[k] = centre(c*per), centre(c*per+per-1)
				}
				best := 1 << 62
				dmin := make([]int, len(pal))
				for i, p := range pal {
					n0, f0 := axis(int(p.R), lo[0], hi[0])
					n1, f1 := axis(int(p.G), lo[1], hi[1])
					n2, f2 := axis(int(p.B), lo[2], hi[2])
					dmin[i] = 2*n0*n0 + 4*n1*n1 + 3*n2*n2
					best = min(best, 2*f0*f0+4*f1*f1+3*f2*f2)
				}
				cand = cand[:0]
				for i, d := range dmin {
					if d <= best {
						cand = append(cand, uint8(i))
					}
				}
				for fr := cr * per; fr < cr*per+per; fr++ {
					for fg := cg * per; fg < cg*per+per; fg++ {
						for fb := cb * per; fb < cb*per+per; fb++ {
							r, g, b := centre(fr), centre(fg), centre(fb)
							bd, bi := 1<<62, uint8(0)
							for _, i := range cand {
								p := pal[i]
								dr, dg, db := int(p.R)-r, int(p.G)-g, int(p.B)-b
								if d := 2*dr*dr + 4*dg*dg + 3*db*db; d < bd {
									bd, bi = d, i
								}
							}
							q.table[fr<<(2*tableBits)|fg<<tableBits|fb] = bi
						}
					}
				}
			}
		}
	}
}

func pack(c color.RGBA) uint32 { return uint32(c.R)<<16 | uint32(c.G)<<8 | uint32(c.B) }

func dist(a, b color.RGBA) int {
	dr, dg, db := int(a.R)-int(b.R), int(a.G)-int(b.G), int(a.B)-int(b.B)
	// Weighted like the eye: green counts most.
	return (2*abs(dr) + 4*abs(dg) + 3*abs(db)) / 3
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func nearest(pal []color.RGBA, c color.RGBA) uint8 {
	best, bi := 1<<30, 0
	for i, p := range pal {
		dr, dg, db := int(p.R)-int(c.R), int(p.G)-int(c.G), int(p.B)-int(c.B)
		d := 2*dr*dr + 4*dg*dg + 3*db*db
		if d < best {
			best, bi = d, i
		}
	}
	return uint8(bi)
}

// index is the palette index q maps the colour of the little-endian
// pixel v (R in the low byte; alpha ignored) to, as quantize does.
func (q *quantizer) index(v uint32) uint8 {
	const s = 8 - tableBits
	return q.table[(v&0xff)>>s<<(2*tableBits)|(v>>8&0xff)>>s<<tableBits|(v>>16&0xff)>>s]
}

// quantize maps src (opaque) onto dst, which has the same bounds and the
// quantizer's palette. Most pixels repeat the one on their left, whose
// index is then reused.
func (q *quantizer) quantize(dst *image.Paletted, src *image.RGBA) {
	const s = 8 - tableBits
	table := q.table[:1<<(3*tableBits)]
	sp, dp := src.Pix, dst.Pix
	w, h := src.Rect.Dx(), src.Rect.Dy()
	for y := 0; y < h; y++ {
		srow := sp[y*src.Stride : y*src.Stride+4*w]
		drow := dp[y*dst.Stride : y*dst.Stride+w]
		last, idx := uint32(1<<31), uint8(0) // no colour is 1<<31
		for x := range drow {
			v := binary.LittleEndian.Uint32(srow[4*x:]) & 0xffffff
			if v != last {
				last = v
				idx = table[(v&0xff)>>s<<(2*tableBits)|(v>>8&0xff)>>s<<tableBits|(v>>16)>>s]
			}
			drow[x] = idx
		}
	}
}

// quantizeOver is quantize for a src drawn over bg, whose quantized copy
// is bgPal (all of the same bounds, from (0, 0)).
func (q *quantizer) quantizeOver(dst *image.Paletted, src, bg *image.RGBA, bgPal *image.Paletted) {
	q.quantizeOverRect(dst, src, bg, bgPal, src.Rect, false)
}

// quantizeOverRect is quantizeOver of the rectangle r only. Blocks of
// pixels left as in bg take bg's indices without a look-up (none at all
// when dst holds bgPal's already, preset), and blocks that repeat the
// row above take its indices, so that only the edges of what was drawn
// over the background cost.
func (q *quantizer) quantizeOverRect(dst *image.Paletted, src, bg *image.RGBA, bgPal *image.Paletted, r image.Rectangle, preset bool) {
	const (
		s     = 8 - tableBits
		block = 8 // pixels
	)
	table := q.table[:1<<(3*tableBits)]
	w := r.Dx()
	le := binary.LittleEndian
	for y := r.Min.Y; y < r.Max.Y; y++ {
		so, po, bo := y*src.Stride+4*r.Min.X, y*dst.Stride+r.Min.X, y*bgPal.Stride+r.Min.X
		srow := src.Pix[so : so+4*w]
		brow := bg.Pix[so : so+4*w]
		prow := bgPal.Pix[bo : bo+w]
		drow := dst.Pix[po : po+w]
		last, idx := uint32(1<<31), uint8(0) // no colour is 1<<31
		x := 0
		for ; x+block <= w; x += block {
			sb, bb := srow[4*x:4*x+4*block], brow[4*x:4*x+4*block]
			if le.Uint64(sb) == le.Uint64(bb) && le.Uint64(sb[8:]) == le.Uint64(bb[8:]) &&
				le.Uint64(sb[16:]) == le.Uint64(bb[16:]) && le.Uint64(sb[24:]) == le.Uint64(bb[24:]) {
				if !preset {
					copy(drow[x:x+block], prow[x:x+block])
				}
				continue
			}
			d := drow[x : x+block]
			if y > 0 {
				// Pieces' insides repeat the row above.
				ub := src.Pix[so-src.Stride+4*x : so-src.Stride+4*x+4*block]
				if le.Uint64(sb) == le.Uint64(ub) && le.Uint64(sb[8:]) == le.Uint64(ub[8:]) &&
					le.Uint64(sb[16:]) == le.Uint64(ub[16:]) && le.Uint64(sb[24:]) == le.Uint64(ub[24:]) {
					copy(d, dst.Pix[po-dst.Stride+x:po-dst.Stride+x+block])
					continue
				}
			}
			for i := range d {
				v := le.Uint32(sb[4*i:]) & 0xffffff
				if v != last {
					last = v
					idx = table[(v&0xff)>>s<<(2*tableBits)|(v>>8&0xff)>>s<<tableBits|(v>>16)>>s]
				}
				d[i] = idx
			}
		}
		for ; x < w; x++ {
			v := le.Uint32(srow[4*x:]) & 0xffffff
			if v != last {
				last = v
				idx = table[(v&0xff)>>s<<(2*tableBits)|(v>>8&0xff)>>s<<tableBits|(v>>16)>>s]
			}
			drow[x] = idx
		}
	}
}
