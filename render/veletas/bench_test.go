package veletas

import (
	"sync"

	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"

	"github.com/veletasbot/veletas/render"

	"bytes"
	"image"
	"image/png"
	"io"
	"testing"

	"github.com/fogleman/gg"
	"github.com/veletasbot/veletas/game/veletas"
)

// BenchmarkBoardPNG renders a mid-game position with its last action and
// encodes the PNG, at the default width (800 px), as the bot does after
// every action. It reports the PNG's size.
func BenchmarkBoardPNG(b *testing.B) {
	r, err := New(render.Options{})
	if err != nil {
		b.Fatal(err)
	}
	for _, size := range veletas.Sizes {
		b.Run(size.String(), func(b *testing.B) {
			s := GameScene(randomMidGame(b, size))
			var buf bytes.Buffer
			if err := r.PNG(&buf, s); err != nil { // warm the caches
				b.Fatal(err)
			}
			b.ResetTimer()
			for b.Loop() {
				buf.Reset()
				if err := r.PNG(&buf, s); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(buf.Len()), "bytes/png")
		})
	}
}

// BenchmarkBoardPNGNaive is the baseline: every image drawn in full with
// gg (background, coordinates, pieces, text through a new font face) and
// encoded with image/png's defaults.
func BenchmarkBoardPNGNaive(b *testing.B) {
	r, err := New(render.Options{})
	if err != nil {
		b.Fatal(err)
	}
	for _, size := range veletas.Sizes {
		b.Run(size.String(), func(b *testing.B) {
			s := GameScene(randomMidGame(b, size))
			var buf bytes.Buffer
			for b.Loop() {
				buf.Reset()
				if err := png.Encode(&buf, naiveImage(r, s)); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(buf.Len()), "bytes/png")
		})
	}
}

// naiveImage draws a scene with gg alone, nothing cached.
func naiveImage(r *Renderer, s Scene) image.Image {
	l := r.Layout(s.Position.Size())
	p := r.pal
	dc := gg.NewContext(l.Width, l.Height)
	label, err := render.NewWordText(render.Medium, float64(l.Width)*0.032, wordRunes())
	if err != nil {
		panic(err)
	}
	drawBackground(dc, l, p, label)
	dst := dc.Image().(*image.RGBA)
	for _, sq := range lastSquares(s.Last) {
		fillRect(dst, l.SquareRect(sq), nrgba(p.Last))
	}
	if s.Last.Kind == veletas.KindTurn {
		drawPath(dc, l, p, s.Last.Turn)
	}
	n := int(l.Size)
	for rk := n - 1; rk >= 0; rk-- {
		for f := 0; f < n; f++ {
			sq := veletas.Sq(f, rk)
			if pc := s.Position.At(sq); pc != veletas.Empty {
				x, y := l.center(sq)
				drawPiece(dc, p, pc, x, y, float64(l.Cell))
			}
		}
	}
	r.drawMarks(dst, nil, l, s.Claimed, s.Hint)
	st := statusOf(s.Position, s.Last, s.Lang)
	head := naiveFace(gobold.TTF, float64(l.Width)*0.05)
	small := naiveFace(goregular.TTF, float64(l.Width)*0.037)
	h := float64(l.Status.Dy())
	left := float64(l.Board.Min.X - l.Frame)
	dc.SetColor(p.Text)
	dc.SetFontFace(head)
	dc.DrawString(st.head, left+h*0.3, h*0.47)
	dc.SetFontFace(small)
	dc.DrawString(st.score, left, h*0.83)
	dc.DrawStringAnchored(st.need, float64(l.Board.Max.X+l.Frame), h*0.83, 1, 0)
	dc.DrawStringAnchored(st.token, float64(l.Board.Max.X+l.Frame), h*0.47, 1, 0)
	return dc.Image()
}

// BenchmarkGameGIF encodes the animated replay of a whole 10x10 game.
func BenchmarkGameGIF(b *testing.B) {
	r, err := New(render.Options{})
	if err != nil {
		b.Fatal(err)
	}
	g := loadRecord(b, "game_s10_10.rec")
	if err := r.GIF(io.Discard, g); err != nil {
		b.Fatal(err)
	}
	var buf bytes.Buffer
	for b.Loop() {
		buf.Reset()
		if err := r.GIF(&buf, g); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len()), "bytes/gif")
	b.ReportMetric(float64(g.Len()), "frames")
}

// naiveFonts are the parsed Go fonts of the naive baseline, by their bytes.
var naiveFonts sync.Map // *byte -> *truetype.Font

// naiveFace makes a new face of the Go font ttf at px pixels, as render
// makes its atlases' faces.
func naiveFace(ttf []byte, px float64) font.Face {
	f, ok := naiveFonts.Load(&ttf[0])
	if !ok {
		p, err := truetype.Parse(ttf)
		if err != nil {
			panic(err)
		}
		f, _ = naiveFonts.LoadOrStore(&ttf[0], p)
	}
	return truetype.NewFace(f.(*truetype.Font), &truetype.Options{Size: px, DPI: 72, Hinting: font.HintingFull})
}
