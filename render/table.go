package render

import (
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"io"
)

// Table is a table of short cells drawn as an image, such as a server's
// standings. Cells may hold only letters a-z and A-Z, digits, spaces and
// ".#±+-/:,[]"; other characters are not drawn, so a table never shows
// user names (Discord shows them in the message text, in any script).
type Table struct {
	Header []string
	Rows   [][]string
	// Right lists the columns aligned to the right (numbers), by index.
	Right []int
}

// MaxTableRows bounds the rows drawn; the rest are cut.
const MaxTableRows = 50

// TablePNG draws the table in the renderer's theme and width and writes it
// as a PNG. Column widths follow the widest cell.
func (r *Renderer) TablePNG(w io.Writer, t Table) error {
	rows := t.Rows
	if len(rows) > MaxTableRows {
		rows = rows[:MaxTableRows]
	}
	cols := len(t.Header)
	for _, row := range rows {
		cols = max(cols, len(row))
	}
	if cols == 0 {
		cols = 1
	}
	p := r.pal
	width := r.opts.Width
	pad := max(6, width/40)
	lineH := r.small.capHeight() * 2
	headH := r.head.capHeight() * 2
	colW := make([]int, cols)
	for i, h := range t.Header {
		colW[i] = max(colW[i], r.label.measure(h))
	}
	for _, row := range rows {
		for i, c := range row {
			colW[i] = max(colW[i], r.small.measure(c))
		}
	}
	total := 0
	for _, cw := range colW {
		total += cw
	}
	gap := pad
	if cols > 1 {
		gap = max(pad, (width-2*pad-total)/(cols-1))
	}
	height := pad + headH + len(rows)*lineH + pad
	img := image.NewRGBA(image.Rect(0, 0, width, height))
	draw.Draw(img, img.Bounds(), image.NewUniform(p.page), image.Point{}, draw.Src)
	right := map[int]bool{}
	for _, i := range t.Right {
		right[i] = true
	}
	xs := make([]int, cols)
	x := pad
	for i := range cols {
		xs[i] = x
		x += colW[i] + gap
	}
	cell := func(a *atlas, s string, i, y int) {
		cx := xs[i]
		if right[i] {
			cx += colW[i] - a.measure(s)
		}
		a.draw(img, s, cx, y, p.text)
	}
	y := pad + r.head.capHeight() + headH/4
	for i, h := range t.Header {
		cx := xs[i]
		if right[i] {
			cx += colW[i] - r.label.measure(h)
		}
		r.label.draw(img, h, cx, y, p.text2)
	}
	line := image.Rect(pad, pad+headH-headH/6, width-pad, pad+headH-headH/6+max(1, width/400))
	draw.Draw(img, line, image.NewUniform(p.grid), image.Point{}, draw.Src)
	for n, row := range rows {
		y := pad + headH + n*lineH + lineH*3/4
		if n%2 == 1 {
			band := image.Rect(pad/2, pad+headH+n*lineH, width-pad/2, pad+headH+(n+1)*lineH)
			draw.Draw(img, band, image.NewUniform(p.cellA), image.Point{}, draw.Over)
		}
		for i, c := range row {
			cell(r.small, c, i, y)
		}
	}
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(w, img); err != nil {
		return fmt.Errorf("render: writing the table png: %w", err)
	}
	return nil
}
