package veletas

import (
	"image"
	"image/color"
)

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
