package render

import (
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
		for i := 0; i+3 < len(sample.Pix); i += 4 {
			hist[color.RGBA{sample.Pix[i], sample.Pix[i+1], sample.Pix[i+2], 255}]++
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
	const s = 8 - tableBits
	half := uint8(1) << (s - 1)
	for i := range q.table {
		r := uint8(i>>(2*tableBits))<<s | half
		g := uint8(i>>tableBits&(1<<tableBits-1))<<s | half
		b := uint8(i&(1<<tableBits-1))<<s | half
		q.table[i] = nearest(chosen, color.RGBA{r, g, b, 255})
	}
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

// quantize maps src (opaque) onto dst, which has the same bounds and the
// quantizer's palette.
func (q *quantizer) quantize(dst *image.Paletted, src *image.RGBA) {
	const s = 8 - tableBits
	table := q.table[:1<<(3*tableBits)]
	sp, dp := src.Pix, dst.Pix
	w, h := src.Rect.Dx(), src.Rect.Dy()
	for y := 0; y < h; y++ {
		srow := sp[y*src.Stride : y*src.Stride+4*w]
		drow := dp[y*dst.Stride : y*dst.Stride+w]
		for x := range drow {
			p := srow[4*x : 4*x+3 : 4*x+3]
			drow[x] = table[int(p[0]>>s)<<(2*tableBits)|int(p[1]>>s)<<tableBits|int(p[2]>>s)]
		}
	}
}
