package render

import (
	"fmt"
	"image"
	"image/color"
	"io"
	"sync"
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
	cur := image.NewPaletted(bounds, q.pal)
	return encodeFrames(w, q, bounds, n, func(i int) *image.Paletted {
		draw(rgba, i)
		q.quantize(cur, rgba)
		return cur
	})
}

// encodeReplayOn is encodeReplay with each frame painted on cv by paint,
// which returns cv's Paletted: only what paint touched is laid again and
// quantized, the rest is the background's (Canvas).
func encodeReplayOn(w io.Writer, q *quantizer, cv *Canvas, n int, paint func(cv *Canvas, i int) *image.Paletted) error {
	return encodeFrames(w, q, cv.img.Rect, n, func(i int) *image.Paletted { return paint(cv, i) })
}

// gifWriters keeps the replays' writers, each with its LZW coder's
// table and its buffers.
var gifWriters = sync.Pool{New: func() any { return new(gifWriter) }}

// encodeFrames writes the animated GIF of n frames, each returned by
// frame as indices of q's palette, of bounds (from (0, 0)) and kept
// until the next call: the first whole, the others as the bounding box
// of the pixels that changed, with those that did not transparent (one
// transparent pixel when none did).
func encodeFrames(w io.Writer, q *quantizer, bounds image.Rectangle, n int, frame func(i int) *image.Paletted) error {
	if n < 1 {
		return fmt.Errorf("render: writing the gif: %w: draw one frame at least", ErrNoFrames)
	}
	pal := make(color.Palette, 0, len(q.pal)+1)
	pal = append(pal, q.pal...)
	for len(pal) < transparent {
		pal = append(pal, color.RGBA{0, 0, 0, 255})
	}
	pal = append(pal, color.RGBA{})

	g := gifWriters.Get().(*gifWriter)
	defer gifWriters.Put(g)
	g.start(w, pal, bounds.Dx(), bounds.Dy(), n)
	// prev is the picture shown so far: only what changed is copied to
	// it from each frame.
	prev := image.NewPaletted(bounds, pal)
	for i := 0; i < n; i++ {
		cur := frame(i)
		delay := GIFDelay
		if i == n-1 {
			delay = GIFHoldDelay
		}
		r := bounds
		if i == 0 {
			g.frame(cur, nil, r, delay)
		} else {
			if r = changed(prev, cur); r.Empty() {
				r = image.Rect(0, 0, 1, 1) // the same there: transparent
			}
			g.frame(cur, prev, r, delay)
		}
		for y := r.Min.Y; y < r.Max.Y; y++ {
			copy(prev.Pix[y*prev.Stride+r.Min.X:y*prev.Stride+r.Max.X], cur.Pix[y*cur.Stride+r.Min.X:])
		}
	}
	if err := g.finish(); err != nil {
		return fmt.Errorf("render: writing the gif: %w", err)
	}
	return nil
}
