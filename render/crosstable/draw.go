package crosstable

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"io"
	"math"
	"slices"
	"strconv"

	"github.com/fogleman/gg"
	"github.com/veletasbot/veletas/render"
	"golang.org/x/image/math/fixed"
)

// Limits of a Table and of its image.
const (
	MaxPlayers = 64
	MaxColumns = 2 * (MaxPlayers - 1) // a double round robin of MaxPlayers, by round
	// MaxSide is the most pixels of either side of an image: a larger
	// table is drawn smaller.
	MaxSide = 4096
)

// Errors of New and PNG, wrapped with details.
var (
	ErrTooLarge = errors.New("crosstable: table too large")
	ErrBadTable = errors.New("crosstable: inconsistent table")
)

// Drawer draws crosstables in the house style. It holds no font face, so
// any number of goroutines may use one at once (every PNG makes its own).
type Drawer struct {
	theme render.Theme
	width int
	q     *render.Quantizer // read-only once made
}

// New returns a drawer for the options: Width (0 for
// render.DefaultWidth, else render.MinWidth..render.MaxWidth, or an error
// wrapping render.ErrBadWidth) is the image's least width and sets the
// size of the type; a table with many columns makes a wider image.
func New(o render.Options) (*Drawer, error) {
	w := o.Width
	if w == 0 {
		w = render.DefaultWidth
	}
	if w < render.MinWidth || w > render.MaxWidth {
		return nil, fmt.Errorf("crosstable: width %d: %w (%d..%d)", o.Width, render.ErrBadWidth, render.MinWidth, render.MaxWidth)
	}
	if err := loadFonts(); err != nil {
		return nil, err
	}
	d := &Drawer{theme: o.Theme, width: w}
	img, err := d.Image(sample())
	if err != nil {
		return nil, err
	}
	c := render.ThemeColors(d.theme)
	d.q = render.NewQuantizer([]*image.RGBA{img}, []color.RGBA{c.Page, c.Text, c.Text2, c.TextFaint, c.Label, c.Grid, c.Cell})
	return d, nil
}

// sample is a table showing everything a crosstable shows, from which New
// chooses the palette once (choosing it per image would cost 50 ms).
func sample() Table {
	t := Table{Title: "Sample", Subtitle: "Swiss · round 1 of 3", Columns: 3, TieBreaks: []string{"BH"}}
	marks := []Mark{Win, Draw, Loss, ForfeitWin, ForfeitLoss, ByeMark, Pending}
	names := []string{"Zoë Łukasz", "Дмитрий", "山田 太郎", "Ελένη", "سلام", "🐉", "WMkgy"}
	for i, n := range names {
		r := Row{Rank: i + 1, Name: n, Withdrawn: i == 3, Points: "2½", TieBreaks: []string{"9¾"}}
		for j := range 3 {
			r.Cells = append(r.Cells, Cell{Opponent: i + 1, Colour: Colour(j), Marks: []Mark{marks[(i+j)%len(marks)]}})
		}
		t.Rows = append(t.Rows, r)
	}
	return t
}

// check validates the table's shape.
func check(t Table) error {
	if len(t.Rows) > MaxPlayers || t.Columns > MaxColumns {
		return fmt.Errorf("%w: %d players (at most %d), %d columns (at most %d)", ErrTooLarge, len(t.Rows), MaxPlayers, t.Columns, MaxColumns)
	}
	if t.Columns < 0 {
		return fmt.Errorf("%w: %d columns", ErrBadTable, t.Columns)
	}
	for i, r := range t.Rows {
		if len(r.Cells) != t.Columns || len(r.TieBreaks) != len(t.TieBreaks) {
			return fmt.Errorf("%w: row %d has %d cells and %d tie-breaks, want %d and %d", ErrBadTable, i+1, len(r.Cells), len(r.TieBreaks), t.Columns, len(t.TieBreaks))
		}
	}
	return nil
}

// geometry is where everything stands, at one scale.
type geometry struct {
	u                          float64
	w, h                       int
	pad, rowH, top, headerY    int
	rankW, nameW, cellW, ptsW  int
	tbW                        []int
	title, sub, head, body, bd *typeface
	small                      *typeface
	stone                      int // stone diameter
}

func (g *geometry) close() {
	for _, t := range []*typeface{g.title, g.sub, g.head, g.body, g.bd, g.small} {
		t.close()
	}
}

// layout measures the table at scale u (1 for an 800 px image).
func (d *Drawer) layout(t Table, names [][]rune, u float64) *geometry {
	g := &geometry{u: u}
	px := func(v float64) int { return int(math.Round(v * u)) }
	g.title = newTypeface(bold, 30*u)
	g.sub = newTypeface(regular, 19*u)
	g.head = newTypeface(medium, 17*u)
	g.body = newTypeface(regular, 22*u)
	g.bd = newTypeface(bold, 22*u)
	g.small = newTypeface(regular, 16*u)
	g.pad = px(22)
	g.rowH = px(38)
	gap := px(14)
	g.rankW = g.bd.measure([]rune(strconv.Itoa(max(len(t.Rows), 9)))) + gap
	g.nameW = px(120)
	for _, n := range names {
		g.nameW = max(g.nameW, min(g.body.measure(n), px(300)))
	}
	g.nameW += gap
	g.stone = px(13)
	num := g.body.measure([]rune(strconv.Itoa(max(len(t.Rows), 9))))
	switch t.Mode {
	case ByRound:
		g.cellW = max(num+g.stone+g.bd.measure([]rune("½"))+px(8)+gap, g.body.measure([]rune("bye"))+gap)
	default:
		most := 1
		for _, r := range t.Rows {
			for _, c := range r.Cells {
				most = max(most, len(c.Marks))
			}
		}
		g.cellW = max(g.rowH, g.bd.measure([]rune("½"))*most+px(6)*(most-1)+gap, num+gap)
	}
	g.ptsW = max(g.bd.measure([]rune("10½")), g.head.measure([]rune("Pts"))) + gap
	for _, h := range t.TieBreaks {
		g.tbW = append(g.tbW, max(g.body.measure([]rune("100¾")), g.head.measure([]rune(h)))+gap)
	}
	g.w = 2*g.pad + g.rankW + g.nameW + t.Columns*g.cellW + g.ptsW
	for _, w := range g.tbW {
		g.w += w
	}
	if g.w < d.width { // the names get the room left
		g.nameW += d.width - g.w
		g.w = d.width
	}
	g.top = g.pad + g.title.capH + px(12) + g.sub.capH + px(18)
	g.headerY = g.top + g.head.capH + px(6)
	g.h = g.headerY + px(10) + len(t.Rows)*g.rowH + px(14) + g.small.capH + g.pad
	if float64(g.h) > float64(g.w)/1.2 && float64(g.h) < float64(g.w)*1.2 {
		g.h = int(float64(g.w)*1.2 + 0.5) // never nearly square: Android crops square images
	}
	return g
}

// PNG draws the table as an 8-bit paletted PNG: a headline (Title,
// Subtitle), a row per player (rank, name, cells, points, tie-breaks)
// and a legend. A name too long for its column is cut with an ellipsis;
// characters no embedded font has (emoji among them) are drawn as a
// small disc in the faint text colour.
func (d *Drawer) PNG(w io.Writer, t Table) error {
	img, err := d.Image(t)
	if err != nil {
		return err
	}
	pal := image.NewPaletted(img.Rect, d.q.Palette())
	d.q.Quantize(pal, img)
	return render.EncodePNG(w, pal)
}

// Image draws the table (see PNG).
func (d *Drawer) Image(t Table) (*image.RGBA, error) {
	if err := check(t); err != nil {
		return nil, err
	}
	names := make([][]rune, len(t.Rows))
	for i, r := range t.Rows {
		names[i] = shape(r.Name)
	}
	u := float64(d.width) / render.DefaultWidth
	g := d.layout(t, names, u)
	for g.w > MaxSide || g.h > MaxSide {
		g.close()
		u *= min(float64(MaxSide)/float64(g.w), float64(MaxSide)/float64(g.h)) * 0.99
		g = d.layout(t, names, u)
	}
	defer g.close()
	return d.paint(t, names, g), nil
}

func (d *Drawer) paint(t Table, names [][]rune, g *geometry) *image.RGBA {
	c := render.ThemeColors(d.theme)
	px := func(v float64) int { return int(math.Round(v * g.u)) }
	img := image.NewRGBA(image.Rect(0, 0, g.w, g.h))
	draw.Draw(img, img.Rect, image.NewUniform(c.Page), image.Point{}, draw.Src)
	faint := c.TextFaint
	text := func(tf *typeface, rs []rune, x, y int, col color.RGBA) { tf.draw(img, rs, x, y, col, faint) }
	right := func(tf *typeface, s string, x1, y int, col color.RGBA) {
		rs := []rune(s)
		text(tf, rs, x1-tf.measure(rs), y, col)
	}
	centre := func(tf *typeface, s string, x0, w, y int, col color.RGBA) {
		rs := []rune(s)
		text(tf, rs, x0+(w-tf.measure(rs))/2, y, col)
	}
	fill := func(r image.Rectangle, col color.Color) {
		draw.Draw(img, r, image.NewUniform(col), image.Point{}, draw.Over)
	}

	// Headline.
	y := g.pad + g.title.capH
	text(g.title, fit(g.title, shape(t.Title), g.w-2*g.pad), g.pad, y, c.Text)
	y += px(12) + g.sub.capH
	text(g.sub, fit(g.sub, shape(t.Subtitle), g.w-2*g.pad), g.pad, y, c.Text2)

	// Column positions.
	x := g.pad
	xRank := x
	x += g.rankW
	xName := x
	x += g.nameW
	xCells := x
	x += t.Columns * g.cellW
	xPts := x
	x += g.ptsW
	var xTB []int
	for _, w := range g.tbW {
		xTB = append(xTB, x)
		x += w
	}
	gap := px(14)

	// Header.
	hy := g.top + g.head.capH
	right(g.head, "#", xRank+g.rankW-gap, hy, c.Label)
	for i := 0; i < t.Columns; i++ {
		centre(g.head, strconv.Itoa(i+1), xCells+i*g.cellW, g.cellW, hy, c.Label)
	}
	right(g.head, "Pts", xPts+g.ptsW-gap/2, hy, c.Label)
	for i, h := range t.TieBreaks {
		right(g.head, h, xTB[i]+g.tbW[i]-gap/2, hy, c.Label)
	}
	rule := max(1, px(2))
	y0 := g.headerY + px(10)
	fill(image.Rect(g.pad, y0-rule, g.w-g.pad, y0), c.Grid)

	white, black := d.stones(g.stone)
	stripe := render.Over(c.Page, color.RGBA{c.Text.R, c.Text.G, c.Text.B, 14})
	for i, r := range t.Rows {
		top := y0 + i*g.rowH
		if i%2 == 1 {
			fill(image.Rect(g.pad, top, g.w-g.pad, top+g.rowH), stripe)
		}
		base := top + (g.rowH+g.body.capH)/2
		nameCol, rankCol := c.Text, c.Text2
		if r.Withdrawn {
			nameCol, rankCol = c.TextFaint, c.TextFaint
		}
		right(g.bd, strconv.Itoa(r.Rank), xRank+g.rankW-gap, base, rankCol)
		n := fit(g.body, names[i], g.nameW-gap)
		text(g.body, n, xName, base, nameCol)
		if r.Withdrawn {
			sy := base - g.body.capH*2/5
			fill(image.Rect(xName, sy, xName+g.body.measure(n), sy+max(1, px(2))), c.TextFaint)
		}
		for j, cell := range r.Cells {
			cx := xCells + j*g.cellW
			if t.Mode == ByOpponent && j == i {
				fill(image.Rect(cx+1, top+1, cx+g.cellW-1, top+g.rowH-1), c.Cell)
				continue
			}
			d.cell(img, g, t.Mode, cell, cx, top, base, c, white, black)
		}
		right(g.bd, r.Points, xPts+g.ptsW-gap/2, base, c.Text)
		for k, v := range r.TieBreaks {
			right(g.body, v, xTB[k]+g.tbW[k]-gap/2, base, c.Text2)
		}
	}
	// Grid lines between the cells' columns.
	bottom := y0 + len(t.Rows)*g.rowH
	for j := 0; j <= t.Columns; j++ {
		lx := xCells + j*g.cellW
		fill(image.Rect(lx, y0, lx+1, bottom), c.Grid)
	}
	fill(image.Rect(g.pad, bottom, g.w-g.pad, bottom+1), c.Grid)

	legend := "Cell: opponent's rank, colour, result · + − forfeit · * in play · struck out: withdrew"
	if t.Mode == ByOpponent {
		legend = "Row's result against the column's player · + − forfeit · * in play · struck out: withdrew"
	}
	ly := bottom + px(14) + g.small.capH
	text(g.small, fit(g.small, []rune(legend), g.w-2*g.pad), g.pad, ly, c.TextFaint)
	return img
}

// cell draws one cell: by round, the opponent's rank, a stone of the
// player's colour and the mark; by opponent, the marks centred.
func (d *Drawer) cell(img *image.RGBA, g *geometry, m Mode, cell Cell, cx, top, base int, c render.Colors, white, black *render.Sprite) {
	if len(cell.Marks) == 0 {
		return
	}
	markCol := func(k Mark) color.RGBA {
		switch k {
		case Win, ForfeitWin:
			return c.Text
		case Draw, ByeMark:
			return c.Text2
		}
		return c.TextFaint
	}
	if m == ByOpponent || cell.Marks[0] == ByeMark {
		var rs []rune
		for i, k := range cell.Marks {
			if i > 0 {
				rs = append(rs, ' ')
			}
			rs = append(rs, []rune(string(k))...)
		}
		tf := g.bd
		if cell.Marks[0] == ByeMark {
			tf = g.body
		}
		col := markCol(cell.Marks[0])
		tf.draw(img, rs, cx+(g.cellW-tf.measure(rs))/2, base, col, c.TextFaint)
		return
	}
	num := []rune(strconv.Itoa(cell.Opponent))
	mark := []rune(string(cell.Marks[0]))
	sp := int(math.Round(3 * g.u))
	stone := g.stone + sp // no stone, no room for it: a forfeit
	if cell.Colour == NoColour {
		stone = 0
	}
	w := g.body.measure(num) + sp + stone + g.bd.measure(mark)
	x := cx + (g.cellW-w)/2
	if cell.Opponent > 0 {
		g.body.draw(img, num, x, base, c.Text2, c.TextFaint)
	}
	x += g.body.measure(num) + sp
	var s *render.Sprite
	switch cell.Colour {
	case White:
		s = white
	case Black:
		s = black
	}
	if s != nil {
		b := s.Bounds()
		s.DrawAt(img, image.Pt(x+(g.stone-b.Dx())/2, top+(g.rowH-b.Dy())/2))
	}
	x += stone
	g.bd.draw(img, mark, x, base, markCol(cell.Marks[0]), c.TextFaint)
}

// stones draws the white and the black stone of diameter d, as the
// boards' stones without their shadows.
func (d *Drawer) stones(diam int) (white, black *render.Sprite) {
	mk := func(w bool) *render.Sprite {
		side := diam + 2
		dc := gg.NewContext(side, side)
		render.DrawStone(dc, d.theme, w, float64(side)/2, float64(side)/2, float64(diam)/2, 0)
		return render.NewSprite(dc.Image().(*image.RGBA))
	}
	return mk(true), mk(false)
}

// fit cuts rs with an ellipsis to at most w pixels.
func fit(tf *typeface, rs []rune, w int) []rune {
	if tf.measure(rs) <= w {
		return rs
	}
	ell := []rune("…")
	room := fixed.I(w - tf.measure(ell))
	var x fixed.Int26_6
	n := 0
	for n < len(rs) && x+tf.glyph(rs[n]).adv <= room {
		x += tf.glyph(rs[n]).adv
		n++
	}
	return append(slices.Clone(rs[:n]), ell...)
}
