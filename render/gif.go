package render

import (
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"io"
)

// Frame timing of the animated replay, in hundredths of a second.
const (
	GIFDelay     = 90  // each action
	GIFHoldDelay = 500 // the last frame
)

// encodeReplay writes an animated GIF of n frames, each painted over dst
// by draw and reduced to q's palette: every frame but the last shown for
// GIFDelay, the last held for GIFHoldDelay; frames after the first hold
// only the pixels that changed (the rest transparent).
func encodeReplay(w io.Writer, q *quantizer, bounds image.Rectangle, n int, draw func(dst *image.RGBA, i int)) error {
	rgba := image.NewRGBA(bounds)
	return encodeFrames(w, q, bounds, n, func(cur *image.Paletted, i int) {
		draw(rgba, i)
		q.quantize(cur, rgba)
	})
}

// encodeReplayOn is encodeReplay with each frame painted on cv by paint,
// which returns cv's Paletted: only what paint touched is laid again and
// quantized, the rest is the background's (Canvas).
func encodeReplayOn(w io.Writer, q *quantizer, cv *Canvas, n int, paint func(cv *Canvas, i int) *image.Paletted) error {
	bounds := cv.img.Rect
	return encodeFrames(w, q, bounds, n, func(cur *image.Paletted, i int) {
		pm := paint(cv, i)
		for y := 0; y < bounds.Dy(); y++ {
			copy(cur.Pix[y*cur.Stride:y*cur.Stride+bounds.Dx()], pm.Pix[y*pm.Stride:])
		}
	})
}

// encodeFrames writes the animated GIF of n frames, each put in cur by
// frame as indices of q's palette.
func encodeFrames(w io.Writer, q *quantizer, bounds image.Rectangle, n int, frame func(cur *image.Paletted, i int)) error {
	pal := make(color.Palette, 0, len(q.pal)+1)
	pal = append(pal, q.pal...)
	for len(pal) < transparent {
		pal = append(pal, color.RGBA{0, 0, 0, 255})
	}
	pal = append(pal, color.RGBA{})

	out := &gif.GIF{Config: image.Config{ColorModel: pal, Width: bounds.Dx(), Height: bounds.Dy()}}
	prev := image.NewPaletted(bounds, pal)
	cur := image.NewPaletted(bounds, pal)
	for i := 0; i < n; i++ {
		frame(cur, i)
		var frame *image.Paletted
		if i == 0 {
			frame = image.NewPaletted(bounds, pal)
			copy(frame.Pix, cur.Pix)
		} else {
			frame = delta(prev, cur, pal)
		}
		out.Image = append(out.Image, frame)
		out.Delay = append(out.Delay, GIFDelay)
		out.Disposal = append(out.Disposal, gif.DisposalNone)
		prev, cur = cur, prev
	}
	out.Delay[len(out.Delay)-1] = GIFHoldDelay
	if err := gif.EncodeAll(w, out); err != nil {
		return fmt.Errorf("render: writing the gif: %w", err)
	}
	return nil
}

// delta returns the part of cur that differs from prev: the bounding box
// of the changed pixels, with unchanged pixels transparent.
func delta(prev, cur *image.Paletted, pal color.Palette) *image.Paletted {
	b := cur.Rect
	minX, minY, maxX, maxY := b.Max.X, b.Max.Y, b.Min.X-1, b.Min.Y-1
	w := b.Dx()
	for y := 0; y < b.Dy(); y++ {
		pr := prev.Pix[y*prev.Stride : y*prev.Stride+w]
		cr := cur.Pix[y*cur.Stride : y*cur.Stride+w]
		first := -1
		for x := range cr {
			if cr[x] != pr[x] {
				first = x
				break
			}
		}
		if first < 0 {
			continue
		}
		last := first
		for x := w - 1; x > first; x-- {
			if cr[x] != pr[x] {
				last = x
				break
			}
		}
		minX, maxX = min(minX, first), max(maxX, last)
		minY, maxY = min(minY, y), max(maxY, y)
	}
	if maxX < minX {
		// Nothing changed: one transparent pixel.
		f := image.NewPaletted(image.Rect(0, 0, 1, 1), pal)
		f.Pix[0] = transparent
		return f
	}
	r := image.Rect(minX, minY, maxX+1, maxY+1)
	f := image.NewPaletted(r, pal)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		pr := prev.Pix[y*prev.Stride+r.Min.X : y*prev.Stride+r.Max.X]
		cr := cur.Pix[y*cur.Stride+r.Min.X : y*cur.Stride+r.Max.X]
		fr := f.Pix[(y-r.Min.Y)*f.Stride : (y-r.Min.Y)*f.Stride+r.Dx()]
		for x := range cr {
			if cr[x] == pr[x] {
				fr[x] = transparent
			} else {
				fr[x] = cr[x]
			}
		}
	}
	return f
}
