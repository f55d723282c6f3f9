package render

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"image/gif"
	"io"
	"math/rand/v2"
	"testing"
)

// encodeFramesStd is encodeFrames as it was before gifWriter: every
// frame kept as an image (the deltas made by deltaStd) and the whole
// written by image/gif. The tests compare the bytes of both.
func encodeFramesStd(w io.Writer, q *quantizer, bounds image.Rectangle, n int, frame func(i int) *image.Paletted) error {
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
		pm := frame(i)
		for y := 0; y < bounds.Dy(); y++ {
			copy(cur.Pix[y*cur.Stride:(y+1)*cur.Stride], pm.Pix[y*pm.Stride:])
		}
		var frame *image.Paletted
		if i == 0 {
			frame = image.NewPaletted(bounds, pal)
			copy(frame.Pix, cur.Pix)
		} else {
			frame = deltaStd(prev, cur, pal)
		}
		out.Image = append(out.Image, frame)
		out.Delay = append(out.Delay, GIFDelay)
		out.Disposal = append(out.Disposal, gif.DisposalNone)
		prev, cur = cur, prev
	}
	out.Delay[len(out.Delay)-1] = GIFHoldDelay
	return gif.EncodeAll(w, out)
}

// deltaStd returns the part of cur that differs from prev: the bounding
// box of the changed pixels, with unchanged pixels transparent.
func deltaStd(prev, cur *image.Paletted, pal color.Palette) *image.Paletted {
	b := cur.Rect
	minX, minY, maxX, maxY := b.Max.X, b.Max.Y, b.Min.X-1, b.Min.Y-1
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if prev.Pix[y*prev.Stride+x] != cur.Pix[y*cur.Stride+x] {
				minX, maxX = min(minX, x), max(maxX, x)
				minY, maxY = min(minY, y), max(maxY, y)
			}
		}
	}
	if maxX < minX {
		f := image.NewPaletted(image.Rect(0, 0, 1, 1), pal)
		f.Pix[0] = transparent
		return f
	}
	r := image.Rect(minX, minY, maxX+1, maxY+1)
	f := image.NewPaletted(r, pal)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			c := cur.Pix[y*cur.Stride+x]
			if c == prev.Pix[y*prev.Stride+x] {
				c = transparent
			}
			f.Pix[(y-r.Min.Y)*f.Stride+x-r.Min.X] = c
		}
	}
	return f
}

// testQuantizer is a quantizer of n grey colours.
func testQuantizer(n int) *quantizer {
	q := &quantizer{}
	for i := range n {
		q.pal = append(q.pal, color.RGBA{uint8(i), uint8(i), uint8(i), 255})
	}
	return q
}

// randomFrames draws frames of a replay's kind: a picture of runs, then
// each frame changing a few rectangles of it (or none), some at the
// edges, where the delta's box must reach. The frames' rows are a pixel
// apart, as a Canvas's are.
func randomFrames(seed uint64, colours int, bounds image.Rectangle) func(i int) *image.Paletted {
	rng := rand.New(rand.NewPCG(seed, 7))
	w, h := bounds.Dx(), bounds.Dy()
	cur := &image.Paletted{Pix: make([]byte, (w+1)*h), Stride: w + 1, Rect: bounds}
	return func(i int) *image.Paletted {
		if i == 0 {
			for j := range cur.Pix {
				if j == 0 || rng.IntN(30) == 0 {
					cur.Pix[j] = byte(rng.IntN(colours))
				} else {
					cur.Pix[j] = cur.Pix[j-1]
				}
			}
			return cur
		}
		for range rng.IntN(4) {
			x0, y0 := rng.IntN(w), rng.IntN(h)
			x1, y1 := x0+1+rng.IntN(w-x0), y0+1+rng.IntN(h-y0)
			if rng.IntN(4) == 0 {
				x1 = w
			}
			c := byte(rng.IntN(colours))
			for y := y0; y < y1; y++ {
				for x := x0; x < x1; x++ {
					if rng.IntN(3) > 0 {
						cur.Pix[y*cur.Stride+x] = c
					}
				}
			}
		}
		// Off the picture, between rows: no frame shows it.
		cur.Pix[w] = byte(rng.IntN(256))
		return cur
	}
}

// TestEncodeFramesMatchesStd checks the replays' writer writes the bytes
// image/gif wrote for the same frames, for several sizes (a row not a
// multiple of eight pixels wide), palettes and counts of frames.
func TestEncodeFramesMatchesStd(t *testing.T) {
	for _, c := range []struct {
		w, h, colours, n int
	}{{480, 300, 200, 12}, {97, 61, 3, 20}, {1, 1, 2, 3}, {13, 400, 255, 5}, {64, 64, 16, 1}, {255, 2, 100, 9}} {
		for seed := range uint64(3) {
			q := testQuantizer(c.colours)
			bounds := image.Rect(0, 0, c.w, c.h)
			var got, want bytes.Buffer
			if err := encodeFrames(&got, q, bounds, c.n, randomFrames(seed, c.colours, bounds)); err != nil {
				t.Fatal(err)
			}
			if err := encodeFramesStd(&want, q, bounds, c.n, randomFrames(seed, c.colours, bounds)); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got.Bytes(), want.Bytes()) {
				t.Errorf("%dx%d, %d colours, %d frames, seed %d: %d bytes differ from image/gif's %d (first at %d)",
					c.w, c.h, c.colours, c.n, seed, got.Len(), want.Len(), firstDiff(got.Bytes(), want.Bytes()))
			}
		}
	}
}

// TestChanged checks the box of changed pixels against a pixel by
// pixel search, with single changes at every column of a row (each
// place in the eight-pixel words).
func TestChanged(t *testing.T) {
	pal := make(color.Palette, 256)
	for w := 1; w <= 27; w++ {
		prev := image.NewPaletted(image.Rect(0, 0, w, 3), pal)
		cur := image.NewPaletted(image.Rect(0, 0, w, 3), pal)
		for x0 := 0; x0 < w; x0++ {
			for x1 := x0; x1 < w; x1++ {
				clear(cur.Pix)
				cur.Pix[w+x0], cur.Pix[w+x1] = 1, 2
				want := image.Rect(x0, 1, x1+1, 2)
				if got := changed(prev, cur); got != want {
					t.Fatalf("width %d, changes at %d and %d: box %v, want %v", w, x0, x1, got, want)
				}
			}
		}
		clear(cur.Pix)
		if got := changed(prev, cur); !got.Empty() {
			t.Fatalf("width %d, no change: box %v", w, got)
		}
	}
}

// TestEncodeFramesErrors checks a failing writer's error is returned,
// wrapped, and that no frame is refused.
func TestEncodeFramesErrors(t *testing.T) {
	q := testQuantizer(8)
	errDisk := errors.New("disk full")
	err := encodeFrames(failWriter{errDisk}, q, image.Rect(0, 0, 40, 30), 3, randomFrames(1, 8, image.Rect(0, 0, 40, 30)))
	if !errors.Is(err, errDisk) {
		t.Errorf("error %v, want the writer's", err)
	}
	err = encodeFrames(io.Discard, q, image.Rect(0, 0, 40, 30), 0, randomFrames(1, 8, image.Rect(0, 0, 40, 30)))
	if !errors.Is(err, ErrNoFrames) {
		t.Errorf("no frame: error %v, want ErrNoFrames", err)
	}
}

type failWriter struct{ err error }

func (f failWriter) Write([]byte) (int, error) { return 0, f.err }

// BenchmarkEncodeFrames compares the replays' writer with image/gif's
// on frames of a replay's kind, 480x560 like a 10x10 Veletas replay at
// the bot's width.
func BenchmarkEncodeFrames(b *testing.B) {
	q := testQuantizer(200)
	bounds := image.Rect(0, 0, 480, 560)
	for _, c := range []struct {
		name string
		enc  func(io.Writer, *quantizer, image.Rectangle, int, func(int) *image.Paletted) error
	}{{"ours", encodeFrames}, {"std", encodeFramesStd}} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if err := c.enc(io.Discard, q, bounds, 30, randomFrames(1, 200, bounds)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
