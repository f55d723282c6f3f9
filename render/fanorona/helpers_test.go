package fanorona

import (
	"bytes"
	"flag"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/veletasbot/veletas/render"
)

var update = flag.Bool("update", false, "rewrite the golden images in testdata/golden")

func newRenderer(t testing.TB, th render.Theme, width int) *Renderer {
	t.Helper()
	r, err := New(render.Options{Theme: th, Width: width})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// toRGBA converts an image to RGBA at the origin.
func toRGBA(m image.Image) *image.RGBA {
	out := image.NewRGBA(image.Rect(0, 0, m.Bounds().Dx(), m.Bounds().Dy()))
	draw.Draw(out, out.Rect, m, m.Bounds().Min, draw.Src)
	return out
}

func rgbAt(m image.Image, p image.Point) color.RGBA {
	return color.RGBAModel.Convert(m.At(p.X, p.Y)).(color.RGBA)
}

// lum is the relative luminance of a colour, 0 to 1.
func lum(c color.RGBA) float64 {
	lin := func(v uint8) float64 {
		x := float64(v) / 255
		if x <= 0.04045 {
			return x / 12.92
		}
		return math.Pow((x+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(c.R) + 0.7152*lin(c.G) + 0.0722*lin(c.B)
}

func near(a, b color.RGBA, tol int) bool {
	return abs(int(a.R)-int(b.R)) <= tol && abs(int(a.G)-int(b.G)) <= tol && abs(int(a.B)-int(b.B)) <= tol
}

// checkGolden compares a PNG with testdata/golden/name.png, or writes it
// there with -update.
func checkGolden(t *testing.T, name string, data []byte) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name+".png")
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	wantData, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./render/fanorona -run 'Golden' -update to create it)", err)
	}
	want, err := png.Decode(bytes.NewReader(wantData))
	if err != nil {
		t.Fatal(err)
	}
	got, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if got.Bounds() != want.Bounds() {
		t.Fatalf("bounds %v, golden %v", got.Bounds(), want.Bounds())
	}
	bad, worst := 0, 0
	bd := got.Bounds()
	gp, wp := toRGBA(got).Pix, toRGBA(want).Pix
	for i := 0; i < len(gp); i += 4 {
		d := max(abs(int(gp[i])-int(wp[i])), abs(int(gp[i+1])-int(wp[i+1])), abs(int(gp[i+2])-int(wp[i+2])))
		worst = max(worst, d)
		if d > 16 {
			bad++
		}
	}
	if total := bd.Dx() * bd.Dy(); bad > total/1000 {
		t.Errorf("%d of %d pixels differ by more than 16 (worst %d) from %s; look at both, and run with -update if the change is meant", bad, total, worst, path)
	}
}

// inkBands returns the bands of rows of rect that hold ink (pixels not
// within 8 of bg), top first, as [top, bottom) pairs: the lines of text
// of the strip, separated by blank rows.
func inkBands(m image.Image, rect image.Rectangle, bg color.RGBA) [][2]int {
	var bands [][2]int
	in := false
	for y := rect.Min.Y; y < rect.Max.Y; y++ {
		ink := false
		for x := rect.Min.X; x < rect.Max.X && !ink; x++ {
			ink = !near(rgbAt(m, image.Pt(x, y)), bg, 8)
		}
		switch {
		case ink && !in:
			bands = append(bands, [2]int{y, y + 1})
			in = true
		case ink:
			bands[len(bands)-1][1] = y + 1
		default:
			in = false
		}
	}
	return bands
}

// markBlobs counts the separate marks of colour c (within tol) in rect:
// groups of at least minPx pixels touching each other.
func markBlobs(m image.Image, rect image.Rectangle, c color.RGBA, tol, minPx int) int {
	seen := map[image.Point]bool{}
	n := 0
	for y := rect.Min.Y; y < rect.Max.Y; y++ {
		for x := rect.Min.X; x < rect.Max.X; x++ {
			p := image.Pt(x, y)
			if seen[p] || !near(rgbAt(m, p), c, tol) {
				continue
			}
			size, stack := 0, []image.Point{p}
			seen[p] = true
			for len(stack) > 0 {
				q := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				size++
				for _, d := range []image.Point{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, -1}, {1, -1}, {-1, 1}} {
					nb := q.Add(d)
					if nb.In(rect) && !seen[nb] && near(rgbAt(m, nb), c, tol) {
						seen[nb] = true
						stack = append(stack, nb)
					}
				}
			}
			if size >= minPx {
				n++
			}
		}
	}
	return n
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
