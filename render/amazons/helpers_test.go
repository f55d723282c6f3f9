package amazons

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/veletasbot/veletas/game/amazons"
	"github.com/veletasbot/veletas/render"
)

// loadGame reads a record of testdata.
func loadGame(t testing.TB, name string) amazons.Game {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	g, err := amazons.ParseRecordString(string(data))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// prefix is the game of the first n turns of g.
func prefix(t testing.TB, g amazons.Game, n int) amazons.Game {
	t.Helper()
	p, err := amazons.ReplayTurns(g.Turns()[:n])
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// renderers keeps the tests' renderers by options: a Renderer is safe
// for concurrent use, and making one (its palette above all) is the slow
// part of a test, especially under -race.
var renderers sync.Map // render.Options -> *Renderer

func newRenderer(t testing.TB, th render.Theme, width int) *Renderer {
	t.Helper()
	o := render.Options{Theme: th, Width: width}
	if r, ok := renderers.Load(o); ok {
		return r.(*Renderer)
	}
	r, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	renderers.Store(o, r)
	return r
}

// pngImage renders a scene to PNG and decodes it, as a viewer sees it.
func pngImage(t testing.TB, r *Renderer, s Scene) image.Image {
	t.Helper()
	var b bytes.Buffer
	if err := r.PNG(&b, s); err != nil {
		t.Fatal(err)
	}
	m, err := png.Decode(&b)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func toRGBA(m image.Image) *image.RGBA {
	if r, ok := m.(*image.RGBA); ok {
		return r
	}
	b := m.Bounds()
	out := image.NewRGBA(b)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			out.Set(x, y, m.At(x, y))
		}
	}
	return out
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
