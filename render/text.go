package render

import (
	_ "embed"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"sync"

	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomedium"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/math/fixed"
)

// The fonts are parsed once from the bytes compiled into the binary. A
// parsed *truetype.Font is read-only and safe to share; a font.Face is not
// (gg issue 23), so faces are made per use and never shared.
var (
	fontsOnce                         sync.Once
	fontRegular, fontMedium, fontBold *truetype.Font
	fontJA                            *truetype.Font // the Japanese words' glyphs only
	fontsErr                          error
)

// jaTTF is Droid Sans Fallback (Apache License 2.0) cut down to the
// characters of the Japanese words of the Veletas and Fanorona strips
// (render/veletas/words.go, render/fanorona/words.go), listed in
// fonts/ja-text.txt: 6 kB instead of 4 MB. After changing those words,
// list their characters there and run go generate ./render (it needs
// pyftsubset, Debian's fonttools, and the fonts-droid-fallback package);
// TestJapaneseGlyphs fails until then. fonts/README says more.
//
//go:generate pyftsubset /usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf --text-file=fonts/ja-text.txt --output-file=fonts/droidsansfallback-ja.ttf --no-hinting --layout-features=
//go:embed fonts/droidsansfallback-ja.ttf
var jaTTF []byte

func loadFonts() error {
	fontsOnce.Do(func() {
		for _, f := range []struct {
			dst  **truetype.Font
			data []byte
		}{{&fontRegular, goregular.TTF}, {&fontMedium, gomedium.TTF}, {&fontBold, gobold.TTF}, {&fontJA, jaTTF}} {
			if *f.dst, fontsErr = truetype.Parse(f.data); fontsErr != nil {
				fontsErr = fmt.Errorf("render: parsing an embedded font: %w", fontsErr)
				return
			}
		}
	})
	return fontsErr
}

// newFace makes a face of px pixels. The caller owns it and must not share
// it between goroutines.
func newFace(f *truetype.Font, px float64) font.Face {
	return truetype.NewFace(f, &truetype.Options{Size: px, DPI: 72, Hinting: font.HintingFull})
}

// Symbols are the characters the Veletas and Fanorona strips show
// besides their words (NewWordText): coordinates, digits and the
// notation's signs.
const Symbols = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -/[],·:.#±+é"

type glyph struct {
	mask *image.Alpha // origin at the dot
	adv  fixed.Int26_6
}

// atlas is a pre-rasterized font at one size. It is read-only once built,
// so any number of goroutines may draw with it at once.
type atlas struct {
	glyphs map[rune]glyph
	kern   map[[2]rune]fixed.Int26_6
}

// newAtlasOf rasterizes runes in font f at px pixels, the ones f lacks
// in extra (when not nil), then in fontJA; it kerns the pairs of kerned.
func newAtlasOf(f, extra *truetype.Font, px float64, runes, kerned []rune) (*atlas, error) {
	face := newFace(f, px)
	defer face.Close()
	ja := newFace(fontJA, px)
	defer ja.Close()
	var ex font.Face
	if extra != nil {
		ex = newFace(extra, px)
		defer ex.Close()
	}
	a := &atlas{
		glyphs: make(map[rune]glyph, len(runes)),
		kern:   map[[2]rune]fixed.Int26_6{},
	}
	for _, r := range runes {
		fc := face
		if f.Index(r) == 0 && extra != nil && extra.Index(r) != 0 {
			fc = ex
		} else if f.Index(r) == 0 {
			if fontJA.Index(r) == 0 {
				return nil, fmt.Errorf("render: no embedded font has a glyph for %q", r)
			}
			fc = ja
		}
		dr, mask, mp, adv, ok := fc.Glyph(fixed.Point26_6{}, r)
		if !ok {
			return nil, fmt.Errorf("render: the embedded font has no glyph %q", r)
		}
		am := image.NewAlpha(dr)
		draw.Draw(am, dr, mask, mp, draw.Src)
		a.glyphs[r] = glyph{mask: am, adv: adv}
	}
	for _, r0 := range kerned {
		for _, r1 := range kerned { // kerning of the Latin letters only
			if k := face.Kern(r0, r1); k != 0 {
				a.kern[[2]rune{r0, r1}] = k
			}
		}
	}
	return a, nil
}

// measure returns the advance width of s in pixels.
func (a *atlas) measure(s string) int {
	var w fixed.Int26_6
	prev := rune(-1)
	for _, r := range s {
		g, ok := a.glyphs[r]
		if !ok {
			continue
		}
		if prev >= 0 {
			w += a.kern[[2]rune{prev, r}]
		}
		w += g.adv
		prev = r
	}
	return w.Round()
}

// draw writes s with its baseline at y, starting at x. Characters outside
// the atlas are skipped (they never occur: the text is fixed words).
func (a *atlas) draw(dst draw.Image, s string, x, y int, c color.Color) {
	src := image.NewUniform(c)
	dot := fixed.I(x)
	prev := rune(-1)
	for _, r := range s {
		g, ok := a.glyphs[r]
		if !ok {
			continue
		}
		if prev >= 0 {
			dot += a.kern[[2]rune{prev, r}]
		}
		off := image.Pt(dot.Round(), y)
		dr := g.mask.Rect.Add(off)
		draw.DrawMask(dst, dr, src, image.Point{}, g.mask, g.mask.Rect.Min, draw.Over)
		dot += g.adv
		prev = r
	}
}

// bounds is the rectangle draw(dst, s, x, y, c) covers: the union of
// its glyphs' masks.
func (a *atlas) bounds(s string, x, y int) image.Rectangle {
	var b image.Rectangle
	dot := fixed.I(x)
	prev := rune(-1)
	for _, r := range s {
		g, ok := a.glyphs[r]
		if !ok {
			continue
		}
		if prev >= 0 {
			dot += a.kern[[2]rune{prev, r}]
		}
		b = b.Union(g.mask.Rect.Add(image.Pt(dot.Round(), y)))
		dot += g.adv
		prev = r
	}
	return b
}

// capHeight is the height of a capital letter above the baseline.
func (a *atlas) capHeight() int { return -a.glyphs['H'].mask.Rect.Min.Y }
