package crosstable

import (
	_ "embed"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"
	"sync"

	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomedium"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/math/fixed"
)

// The fallback fonts, tried per character after the Go font of the
// text's weight (which covers Latin, Greek and Cyrillic). Both are
// subsets holding only characters the Go fonts lack, listed in the
// .unicodes files beside them (fonts/README says how to remake them):
//
//   - dejavusans-extra.ttf, 381 kB: DejaVu Sans (Bitstream Vera licence
//     and public domain) for Arabic, Hebrew, Armenian, Georgian, Latin
//     and Cyrillic extensions, combining marks and many symbols;
//   - droidsansfallback-cjk.ttf, 3.9 MB: Droid Sans Fallback (Apache 2.0)
//     for Chinese and Japanese (kana and kanji); it lacks the Hangul
//     syllables, which get the replacement disc.
//
//go:generate sh -c "pyftsubset /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf --unicodes=$(cat fonts/dejavusans-extra.unicodes) --output-file=fonts/dejavusans-extra.ttf --no-hinting --layout-features="
//go:generate sh -c "pyftsubset /usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf --unicodes=$(cat fonts/droidsansfallback-cjk.unicodes) --output-file=fonts/droidsansfallback-cjk.ttf --no-hinting --layout-features="
var (
	//go:embed fonts/dejavusans-extra.ttf
	dejavuTTF []byte
	//go:embed fonts/droidsansfallback-cjk.ttf
	droidTTF []byte
)

// Weight is one of the Go fonts.
type weight uint8

const (
	regular weight = iota
	medium
	bold
)

var (
	fontsOnce sync.Once
	goFonts   [3]*truetype.Font
	fallbacks []*truetype.Font // after the Go font, in order
	fontsErr  error
)

// loadFonts parses the embedded fonts once; a parsed font is read-only and
// safe to share, its faces are not.
func loadFonts() error {
	fontsOnce.Do(func() {
		parse := func(b []byte) *truetype.Font {
			f, err := truetype.Parse(b)
			if err != nil && fontsErr == nil {
				fontsErr = fmt.Errorf("crosstable: parsing an embedded font: %w", err)
			}
			return f
		}
		goFonts = [3]*truetype.Font{parse(goregular.TTF), parse(gomedium.TTF), parse(gobold.TTF)}
		fallbacks = []*truetype.Font{parse(dejavuTTF), parse(droidTTF)}
	})
	return fontsErr
}

// covered reports whether an embedded font has a glyph for r.
func covered(r rune) bool {
	if goFonts[regular].Index(r) != 0 {
		return true
	}
	for _, f := range fallbacks {
		if f.Index(r) != 0 {
			return true
		}
	}
	return false
}

// typeface is a weight at a size, with its fallbacks: the faces of one
// image, never shared between goroutines (a font.Face is not safe for
// concurrent use), and the glyphs rasterized so far.
type typeface struct {
	fonts  []*truetype.Font
	faces  []font.Face
	px     float64
	glyphs map[rune]glyph
	capH   int
}

type glyph struct {
	mask *image.Alpha // origin at the dot; nil for the replacement disc
	adv  fixed.Int26_6
}

func newTypeface(w weight, px float64) *typeface {
	t := &typeface{fonts: append([]*truetype.Font{goFonts[w]}, fallbacks...), px: px, glyphs: map[rune]glyph{}}
	t.faces = make([]font.Face, len(t.fonts))
	t.capH = -t.glyph('H').mask.Rect.Min.Y
	return t
}

func (t *typeface) face(i int) font.Face {
	if t.faces[i] == nil {
		t.faces[i] = truetype.NewFace(t.fonts[i], &truetype.Options{Size: t.px, DPI: 72, Hinting: font.HintingFull})
	}
	return t.faces[i]
}

// glyph rasterizes r in the first font that has it; a rune none has gets
// the replacement: a disc in the faint colour, drawn by draw.
func (t *typeface) glyph(r rune) glyph {
	if g, ok := t.glyphs[r]; ok {
		return g
	}
	g := glyph{adv: fixed.Int26_6(t.px * 0.8 * 64)}
	for i, f := range t.fonts {
		if f.Index(r) == 0 {
			continue
		}
		dr, mask, mp, adv, ok := t.face(i).Glyph(fixed.Point26_6{}, r)
		if !ok {
			continue
		}
		am := image.NewAlpha(dr)
		draw.Draw(am, dr, mask, mp, draw.Src)
		g = glyph{mask: am, adv: adv}
		break
	}
	t.glyphs[r] = g
	return g
}

// measure is the advance of runes already shaped (see shape), in pixels.
func (t *typeface) measure(rs []rune) int {
	var w fixed.Int26_6
	for _, r := range rs {
		w += t.glyph(r).adv
	}
	return w.Ceil()
}

// draw writes the shaped runes with the baseline at y from x; a rune no
// font has is drawn as a disc of the cap height's size in faint.
func (t *typeface) draw(dst *image.RGBA, rs []rune, x, y int, c, faint color.Color) {
	src, fsrc := image.NewUniform(c), image.NewUniform(faint)
	dot := fixed.I(x)
	for _, r := range rs {
		g := t.glyph(r)
		px := dot.Round()
		if g.mask == nil {
			d := t.capH * 3 / 4
			cx, cy := px+g.adv.Round()/2, y-t.capH/2
			disc(dst, cx, cy, d/2, fsrc)
		} else {
			dr := g.mask.Rect.Add(image.Pt(px, y))
			draw.DrawMask(dst, dr, src, image.Point{}, g.mask, g.mask.Rect.Min, draw.Over)
		}
		dot += g.adv
	}
}

// disc paints a filled, anti-aliased disc of radius r at cx, cy.
func disc(dst *image.RGBA, cx, cy, r int, src image.Image) {
	if r < 1 {
		r = 1
	}
	m := image.NewAlpha(image.Rect(-r-1, -r-1, r+2, r+2))
	for y := m.Rect.Min.Y; y < m.Rect.Max.Y; y++ {
		for x := m.Rect.Min.X; x < m.Rect.Max.X; x++ {
			d := float64(r) + 0.5 - math.Hypot(float64(x), float64(y))
			if d > 0 {
				m.SetAlpha(x, y, color.Alpha{uint8(min(1, d) * 255)})
			}
		}
	}
	draw.DrawMask(dst, m.Rect.Add(image.Pt(cx, cy)), src, image.Point{}, m, m.Rect.Min, draw.Over)
}

func (t *typeface) close() {
	for _, f := range t.faces {
		if f != nil {
			f.Close()
		}
	}
}
