package render

import (
	"bytes"
	"compress/lzw"
	"io"
	"math/rand/v2"
	"testing"
)

// stdLZW is compress/lzw's GIF stream of the chunks, written one by one.
func stdLZW(t testing.TB, chunks ...[]byte) []byte {
	var b bytes.Buffer
	w := lzw.NewWriter(&b, lzw.LSB, 8)
	for _, c := range chunks {
		if _, err := w.Write(c); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// ourLZW is lzwCoder's stream of the chunks.
func ourLZW(e *lzwCoder, chunks ...[]byte) []byte {
	e.reset([]byte{})
	for _, c := range chunks {
		e.write(c)
	}
	return e.finish()
}

// ourLZWRuns is ourLZW with the runs of one byte of at least three
// given to writeRun, the rest to write.
func ourLZWRuns(e *lzwCoder, chunks ...[]byte) []byte {
	e.reset([]byte{})
	for _, c := range chunks {
		for i := 0; i < len(c); {
			n := runOf(c[i:], c[i])
			if n >= 3 {
				e.writeRun(c[i], n)
			} else {
				e.write(c[i : i+n])
			}
			i += n
		}
	}
	return e.finish()
}

// lzwInputs are inputs of the shapes the replays give and others: empty,
// one byte, runs, noise (which fills the table and clears it many
// times), few colours, all of them long enough for several clears.
func lzwInputs() map[string][][]byte {
	rng := rand.New(rand.NewPCG(1, 2))
	noise := func(n, colours int) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(rng.IntN(colours))
		}
		return b
	}
	runs := func(n int) []byte {
		b := make([]byte, 0, n)
		for len(b) < n {
			c, k := byte(rng.IntN(256)), 1+rng.IntN(400)
			for j := 0; j < k && len(b) < n; j++ {
				b = append(b, c)
			}
		}
		return b
	}
	big := runs(300000)
	return map[string][][]byte{
		"empty":       {},
		"empty chunk": {{}},
		"one":         {{7}},
		"zeros":       {make([]byte, 100000)},
		"255s":        {bytes.Repeat([]byte{255}, 70000)},
		"noise":       {noise(200000, 256)},
		"few":         {noise(200000, 3)},
		"runs":        {big},
		"rows":        {big[:480], big[480:960], {}, big[960:100000], big[100000:]},
	}
}

// TestLZWMatchesStd checks the coder writes compress/lzw's bytes, given
// the input by write or by runs to writeRun.
func TestLZWMatchesStd(t *testing.T) {
	var e lzwCoder
	for name, chunks := range lzwInputs() {
		want := stdLZW(t, chunks...)
		got := ourLZW(&e, chunks...)
		if !bytes.Equal(got, want) {
			t.Errorf("%s: %d bytes differ from compress/lzw's %d (first at %d)", name, len(got), len(want), firstDiff(got, want))
		}
		got = ourLZWRuns(&e, chunks...)
		if !bytes.Equal(got, want) {
			t.Errorf("%s by runs: %d bytes differ from compress/lzw's %d (first at %d)", name, len(got), len(want), firstDiff(got, want))
		}
	}
}

func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// FuzzLZW checks that any input, given to write or by runs to writeRun,
// gives compress/lzw's bytes, which its Reader reads back as the input.
func FuzzLZW(f *testing.F) {
	f.Add([]byte{}, 0)
	f.Add([]byte{1, 1, 1, 1, 2, 2, 2, 255, 255}, 3)
	f.Add(bytes.Repeat([]byte{255}, 9000), 480)
	f.Add(bytes.Repeat([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, 1000), 7)
	var e lzwCoder
	f.Fuzz(func(t *testing.T, in []byte, cut int) {
		chunks := [][]byte{in}
		if cut > 0 && cut < len(in) {
			chunks = [][]byte{in[:cut], in[cut:]}
		}
		want := stdLZW(t, chunks...)
		got := ourLZW(&e, chunks...)
		if !bytes.Equal(got, want) {
			t.Fatalf("%d bytes differ from compress/lzw's %d (first at %d)", len(got), len(want), firstDiff(got, want))
		}
		if runs := ourLZWRuns(&e, chunks...); !bytes.Equal(runs, want) {
			t.Fatalf("by runs: %d bytes differ from compress/lzw's %d (first at %d)", len(runs), len(want), firstDiff(runs, want))
		}
		back, err := io.ReadAll(lzw.NewReader(bytes.NewReader(got), lzw.LSB, 8))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(back, in) {
			t.Fatalf("read back %d bytes, want the %d written", len(back), len(in))
		}
	})
}

// BenchmarkLZW compares the coder with compress/lzw on a replay's
// shape of data: long runs.
func BenchmarkLZW(b *testing.B) {
	in := lzwInputs()["runs"][0]
	b.Run("ours", func(b *testing.B) {
		var e lzwCoder
		b.SetBytes(int64(len(in)))
		for b.Loop() {
			ourLZW(&e, in)
		}
	})
	b.Run("std", func(b *testing.B) {
		b.SetBytes(int64(len(in)))
		for b.Loop() {
			w := lzw.NewWriter(io.Discard, lzw.LSB, 8)
			w.Write(in)
			w.Close()
		}
	})
}
