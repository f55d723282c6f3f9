package render

import (
	"bytes"
	"compress/zlib"
	"hash/adler32"
	"io"
	"maps"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestAdler32Sum compares the sixteen-byte Adler-32 with hash/adler32's
// on lengths around its steps and its modulo's block, on bytes of 0xff
// (the most for overflow) and random ones.
func TestAdler32Sum(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	buf := bytes.Repeat([]byte{0xff}, 3*5552+17)
	lengths := []int{0, 1, 7, 8, 9, 15, 16, 17, 23, 24, 31, 32, 33, 5551, 5552, 5553, 2*5552 + 3, len(buf)}
	for _, n := range lengths {
		if got, want := adler32Sum(buf[:n]), adler32.Checksum(buf[:n]); got != want {
			t.Errorf("0xff × %d: %08x, want %08x", n, got, want)
		}
	}
	for i := range buf {
		buf[i] = byte(rng.IntN(256))
	}
	for _, n := range lengths {
		if got, want := adler32Sum(buf[:n]), adler32.Checksum(buf[:n]); got != want {
			t.Errorf("random × %d: %08x, want %08x", n, got, want)
		}
	}
}

// TestDeflaterRoundTrip compresses data of every kind the matcher
// meets (runs, repeated rows, repeated pieces along a row, noise, and
// more than one block's tokens) and checks that compress/zlib reads
// back the same bytes.
func TestDeflaterRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	const stride = 301
	rows := func(h int, f func(x, y int) byte) []byte {
		b := make([]byte, stride*h)
		for y := 0; y < h; y++ {
			for x := 0; x < stride; x++ {
				b[y*stride+x] = f(x, y)
			}
		}
		return b
	}
	cases := map[string][]byte{
		"empty":  nil,
		"one":    {42},
		"short":  []byte("abcabcabc"),
		"run":    bytes.Repeat([]byte{7}, 100000),
		"rows":   rows(200, func(x, y int) byte { return byte(x * 7) }),
		"pieces": rows(200, func(x, y int) byte { return byte((x%37)*(y%11) + x/37) }),
		"noise":  rows(300, func(x, y int) byte { return byte(rng.IntN(256)) }),
		"few":    rows(300, func(x, y int) byte { return byte(rng.IntN(3)) }),
		// Far more literals than a block holds.
		"blocks": rows(400, func(x, y int) byte { return byte(rng.IntN(256)) }),
	}
	var d deflater
	for k, name := range slices.Sorted(maps.Keys(cases)) {
		data := cases[name]
		if k == 4 {
			d.base = math.MaxInt32 - 1000 // the hash table's positions wrap
		}
		out := d.zlib(nil, data, stride)
		zr, err := zlib.NewReader(bytes.NewReader(out))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		got, err := io.ReadAll(zr)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if !bytes.Equal(got, data) {
			t.Errorf("%s: read back %d bytes differing from the %d written", name, len(got), len(data))
		}
		if name == "run" && len(out) > 1000 {
			t.Errorf("a run of 100000 bytes took %d bytes", len(out))
		}
	}
}

// TestHuffmanLengths limits the lengths of a code of very skewed
// frequencies and keeps it complete (Kraft's sum exactly 1).
func TestHuffmanLengths(t *testing.T) {
	freq := make([]int32, 30)
	f := int32(1)
	for i := range freq {
		freq[i] = f
		if f < 1<<29 {
			f += f/2 + 1 // Fibonacci-like: depths beyond 15 unlimited
		}
	}
	var h huffScratch
	lens := make([]uint8, len(freq))
	for _, maxBits := range []int{15, 7} {
		h.lengths(freq, maxBits, lens)
		sum := 0.0
		for s, l := range lens {
			if l == 0 || int(l) > maxBits {
				t.Fatalf("max %d: symbol %d has length %d", maxBits, s, l)
			}
			sum += 1 / float64(uint(1)<<l)
		}
		if sum != 1 {
			t.Errorf("max %d: Kraft sum %v", maxBits, sum)
		}
	}
}
