package veletas

import (
	"fmt"
	"image"
	"image/draw"
	"io"
	"sync"

	"github.com/fogleman/gg"
	"github.com/veletasbot/veletas/game/veletas"
	"github.com/veletasbot/veletas/render"
)

// Hint marks squares for the bot's move helpers: Selected squares get a
// ring (the chosen shooter) and Marks get a dot (its legal destinations or
// shots). The zero Hint marks nothing.
type Hint struct {
	Selected veletas.Bits
	Marks    veletas.Bits
}

// DestinationsHint marks where the unclaimed shooter on sq may move.
func DestinationsHint(p veletas.Position, sq veletas.Square) Hint {
	return Hint{Selected: veletas.Bits{}.With(sq), Marks: p.Destinations(sq)}
}

// Scene is everything one image shows.
type Scene struct {
	Position veletas.Position
	// Last is the action that led to Position, highlighted; the zero
	// Action highlights nothing.
	Last veletas.Action
	// Claimed are the shooters that Last claimed, ringed.
	Claimed veletas.Bits
	Hint    Hint
	// Winner, when set, won off the board (by resignation or on time):
	// the strip says so instead of whose turn it is.
	Winner veletas.Color
	// End, on a finished game's image, tells how it ended: the strip says
	// "by resignation" or "on time" (words.go). render.EndNone says
	// nothing more.
	End render.Ending
	// Lang is the language of the strip's fixed words: "en" (also for ""
	// and any other), "fr" or "ja" (words.go).
	Lang string
}

// GameScene is the scene of a game's current position with its last
// action highlighted.
func GameScene(g veletas.Game) Scene {
	s := Scene{Position: g.Position()}
	last, ok := g.LastAction()
	if !ok {
		return s
	}
	s.Last = last
	s.Claimed = claimedBetween(g.PositionAt(g.Len()-1), s.Position)
	return s
}

// claimedBetween returns the shooters claimed in after but not in before.
func claimedBetween(before, after veletas.Position) veletas.Bits {
	now := after.ClaimedBy(veletas.Black).Or(after.ClaimedBy(veletas.White))
	was := before.ClaimedBy(veletas.Black).Or(before.ClaimedBy(veletas.White))
	return now.AndNot(was)
}

// Renderer draws scenes of one theme and width. It caches what never
// changes (per board size: the background and one sprite per piece kind)
// and is safe for concurrent use by any number of goroutines.
type Renderer struct {
	opts render.Options
	pal  *style

	// The fonts, read-only after New (gg's faces are not safe for
	// concurrent use, so none is kept): the coordinates, the headline,
	// the score line and captions, and the notation's tokens.
	label, head, small, note *render.Text
	icons                    [3]*image.RGBA // status stone icons by veletas.Color

	sizes [3]sizeCache

	themesMu sync.Mutex
	themes   map[render.Theme]*Renderer // InTheme's renderers of the other themes
}

// InTheme returns a Renderer like r (of the same width) drawing in theme
// t: r itself for r's theme, else one made on the first call and kept, so
// that a bot draws each user's boards in the theme they chose.
func (r *Renderer) InTheme(t render.Theme) (*Renderer, error) {
	if t == r.opts.Theme {
		return r, nil
	}
	r.themesMu.Lock()
	defer r.themesMu.Unlock()
	if o, ok := r.themes[t]; ok {
		return o, nil
	}
	opts := r.opts
	opts.Theme = t
	o, err := New(opts)
	if err != nil {
		return nil, err
	}
	if r.themes == nil {
		r.themes = map[render.Theme]*Renderer{}
	}
	r.themes[t] = o
	return o, nil
}

// sizeCache holds what is drawn once per board size.
type sizeCache struct {
	once   sync.Once
	lay    Layout
	bg     *image.RGBA
	bgEdge *image.RGBA // bg with the edge closed to shooters (revised setups)
	// bgPal and bgEdgePal are bg and bgEdge quantized, for
	// render.Quantizer.QuantizeOver.
	bgPal, bgEdgePal *image.Paletted
	sprites          [veletas.WhiteShooter + 1]*render.Sprite
	arrows           [8]*render.Sprite // the last move's arrowhead, by arrowDir
	q                *render.Quantizer
	canvases         sync.Pool // *render.Canvas with q's palette
}

// New returns a Renderer. It fails only for a bad theme or width.
func New(o render.Options) (*Renderer, error) {
	if o.Theme != render.Light && o.Theme != render.Dark {
		return nil, fmt.Errorf("render/veletas: theme %d: %w", o.Theme, render.ErrUnknownTheme)
	}
	if o.Width == 0 {
		o.Width = render.DefaultWidth
	}
	if o.Width < render.MinWidth || o.Width > render.MaxWidth {
		return nil, fmt.Errorf("render/veletas: width %d: %w: use %d to %d", o.Width, render.ErrBadWidth, render.MinWidth, render.MaxWidth)
	}
	r := &Renderer{opts: o, pal: newStyle(o.Theme)}
	w := float64(o.Width)
	var err error
	if r.label, err = render.NewWordText(render.Medium, w*0.032, wordRunes()); err != nil {
		return nil, err
	}
	if r.head, err = render.NewWordText(render.Bold, w*0.05, wordRunes()); err != nil {
		return nil, err
	}
	// The score line is 0.05 of the width: 20 px at 400, a phone's
	// width, where its letters stand about 15 px tall.
	if r.small, err = render.NewWordText(render.Regular, w*scoreText, wordRunes()); err != nil {
		return nil, err
	}
	if r.note, err = render.NewWordText(render.Regular, w*0.037, wordRunes()); err != nil {
		return nil, err
	}
	iconR, ring := render.IconSize(r.head)
	for _, c := range []veletas.Color{veletas.Black, veletas.White} {
		r.icons[c] = render.StoneIcon(o.Theme, c == veletas.White, iconR, ring)
	}
	return r, nil
}

// scoreText is the size of the score line's font, as a fraction of the
// image's width.
const scoreText = 0.05

// Options returns the options the Renderer was made with (Width filled in).
func (r *Renderer) Options() render.Options { return r.opts }

// Layout returns where everything is in an image of the given board size.
func (r *Renderer) Layout(size veletas.Size) Layout { return NewLayout(size, r.opts.Width) }

// SquareCenter is the centre pixel of square sq on a board of the given
// size.
func (r *Renderer) SquareCenter(size veletas.Size, sq veletas.Square) image.Point {
	return r.Layout(size).SquareCenter(sq)
}

func sizeIndex(s veletas.Size) int {
	switch s {
	case veletas.Size7:
		return 0
	case veletas.Size9:
		return 1
	}
	return 2
}

// cache returns the size's cache, building it on first use.
func (r *Renderer) cache(size veletas.Size) *sizeCache {
	sc := &r.sizes[sizeIndex(size)]
	sc.once.Do(func() {
		sc.lay = NewLayout(size, r.opts.Width)
		dc := gg.NewContext(sc.lay.Width, sc.lay.Height)
		drawBackground(dc, sc.lay, r.pal, r.label)
		sc.bg = dc.Image().(*image.RGBA)
		sc.bgEdge = image.NewRGBA(sc.bg.Rect)
		copy(sc.bgEdge.Pix, sc.bg.Pix)
		drawClosedEdge(sc.bgEdge, sc.lay, r.pal)
		for _, p := range []veletas.Piece{veletas.BlackStone, veletas.WhiteStone, veletas.Shooter, veletas.BlackShooter, veletas.WhiteShooter} {
			sc.sprites[p] = render.NewSprite(drawSprite(r.pal, p, sc.lay.Cell))
			// Most of a piece falls on bare squares, as in the middle of
			// the board.
			mid := veletas.Sq(int(size)/2, int(size)/2)
			pad := spritePad(sc.lay.Cell)
			sc.sprites[p].OverBackground(sc.bg, sc.lay.SquareRect(mid).Min.Sub(image.Pt(pad, pad)))
		}
		for i := range sc.arrows {
			dx, dy := arrowVector(i)
			sc.arrows[i] = render.NewSprite(arrowSprite(r.pal, float64(sc.lay.Cell), dx, dy))
		}
		sc.q = render.NewQuantizer(r.samples(sc), r.pal.named())
		for _, sp := range sc.sprites {
			if sp != nil {
				sp.QuantizeOver(sc.q)
			}
		}
		sc.canvases.New = func() any { return render.NewCanvas(sc.lay.Bounds(), sc.q.Palette()) }
		sc.bgPal = image.NewPaletted(sc.lay.Bounds(), sc.q.Palette())
		sc.q.Quantize(sc.bgPal, sc.bg)
		sc.bgEdgePal = image.NewPaletted(sc.lay.Bounds(), sc.q.Palette())
		sc.q.Quantize(sc.bgEdgePal, sc.bgEdge)
	})
	return sc
}

// Image draws the scene into a new image that the caller owns. It is the
// full-colour picture; PNG maps it onto the size's palette first.
func (r *Renderer) Image(s Scene) *image.RGBA {
	s = normalize(s)
	sc := r.cache(s.Position.Size())
	img := image.NewRGBA(sc.lay.Bounds())
	r.draw(img, sc, s)
	return img
}

// normalize replaces the zero Position (of no size) by the empty 10x10
// board.
func normalize(s Scene) Scene {
	if !s.Position.Size().Valid() {
		s.Position, _ = veletas.NewPosition(veletas.Size10)
	}
	return s
}

// PNG draws the scene and writes it as an 8-bit paletted PNG (see
// quantize.go and pngenc.go).
func (r *Renderer) PNG(w io.Writer, s Scene) error {
	s = normalize(s)
	sc := r.cache(s.Position.Size())
	cv := sc.canvases.Get().(*render.Canvas)
	defer sc.canvases.Put(cv)
	bg, bgPal := sc.background(s.Position)
	r.drawOver(cv.Begin(bg, bgPal), cv, sc, s)
	return cv.EncodePNG(w, sc.q)
}

// ClosedEdge reports whether an image of the position shows the edge of
// the board closed to shooters: during the setup (the two placements and
// the side choice between them) of a game under the revised rules, where
// no shooter may be placed on the edge.
func ClosedEdge(p veletas.Position) bool {
	if p.Rules() != veletas.Revised {
		return false
	}
	switch p.Phase() {
	case veletas.PhaseSetup1, veletas.PhaseChoice, veletas.PhaseSetup2:
		return true
	}
	return false
}

// background is the cached background of an image of p, and its
// quantized copy.
func (sc *sizeCache) background(p veletas.Position) (*image.RGBA, *image.Paletted) {
	if ClosedEdge(p) {
		return sc.bgEdge, sc.bgEdgePal
	}
	return sc.bg, sc.bgPal
}

// draw paints the whole scene over dst, which has the layout's bounds.
func (r *Renderer) draw(dst *image.RGBA, sc *sizeCache, s Scene) {
	bg, _ := sc.background(s.Position)
	copy(dst.Pix, bg.Pix)
	r.drawOver(dst, nil, sc, s)
}

// drawOver paints the scene over dst, which holds the scene's
// background, touching on cv (nil for none) what it draws.
func (r *Renderer) drawOver(dst *image.RGBA, cv *render.Canvas, sc *sizeCache, s Scene) {
	r.drawBoard(dst, cv, sc, s.Position.At, s.Last, s.Claimed, s.Hint)
	st := statusOf(s.Position, s.Last, s.Lang)
	st.caption = r.caption(sc.lay, s.Position, s.Claimed, s.Lang)
	winner := s.Winner
	if s.Position.Over() {
		winner = veletas.NoColor // the board says who won
	}
	if winner != veletas.NoColor || s.End != render.EndNone {
		st = ended(st, winner, s.End, s.Lang)
	}
	r.drawStatus(dst, cv, sc.lay, st)
}

// drawBoard paints the last action, the pieces (at tells which stands
// where), the claim rings and the hint.
func (r *Renderer) drawBoard(dst *image.RGBA, cv *render.Canvas, sc *sizeCache, at func(veletas.Square) veletas.Piece, last veletas.Action, claimed veletas.Bits, hint Hint) {
	l, p := sc.lay, r.pal
	// Last action: tinted squares, then the path lines, under the pieces.
	for _, sq := range lastSquares(last) {
		if !sq.On(l.Size) {
			continue
		}
		if cv == nil {
			fillRect(dst, l.SquareRect(sq), nrgba(p.Last))
		} else {
			cv.FillOver(l.SquareRect(sq), nrgba(p.Last), sc.q)
		}
	}
	if last.Kind == veletas.KindTurn && last.Turn.Shot.On(l.Size) && last.Turn.From.On(l.Size) && (!last.Turn.Moved() || last.Turn.To.On(l.Size)) {
		drawPath(gg.NewContextForRGBA(dst), l, p, last.Turn)
		cv.Touch(pathBounds(l, last.Turn))
	}
	// Pieces, top rank first, so that shadows fall under lower pieces.
	pad := spritePad(l.Cell)
	n := int(l.Size)
	for rk := n - 1; rk >= 0; rk-- {
		for f := 0; f < n; f++ {
			sq := veletas.Sq(f, rk)
			pc := at(sq)
			if pc == veletas.Empty || int(pc) >= len(sc.sprites) {
				continue
			}
			at := l.SquareRect(sq).Min.Sub(image.Pt(pad, pad))
			sc.sprites[pc].Draw(dst, cv, at)
		}
	}
	r.drawMarks(dst, cv, l, claimed, hint)
	if last.Kind == veletas.KindTurn && last.Turn.Moved() && last.Turn.From.On(l.Size) && last.Turn.To.On(l.Size) {
		a := sc.arrows[arrowDir(last.Turn)]
		x, y := moveMarkAt(l, last.Turn)
		at := image.Pt(int(x)-a.Bounds().Dx()/2, int(y)-a.Bounds().Dy()/2)
		a.DrawAt(dst, at)
		cv.Touch(a.Bounds().Add(at))
	}
}

// drawMarks paints the rings of claimed shooters and the hint.
func (r *Renderer) drawMarks(dst *image.RGBA, cv *render.Canvas, l Layout, claimed veletas.Bits, hint Hint) {
	p := r.pal
	ring := max(2, l.Cell/14)
	for _, sq := range claimed.Squares() {
		if sq.On(l.Size) {
			drawRing(dst, l.SquareRect(sq), ring, p.Claim)
			cv.Touch(l.SquareRect(sq))
		}
	}
	for _, sq := range hint.Selected.Squares() {
		if sq.On(l.Size) {
			drawRing(dst, l.SquareRect(sq).Inset(ring), ring, p.HintSel)
			cv.Touch(l.SquareRect(sq))
		}
	}
	if hint.Marks.Empty() {
		return
	}
	dc := gg.NewContextForRGBA(dst)
	dc.SetColor(nrgba(p.Hint))
	for _, sq := range hint.Marks.Squares() {
		if sq.On(l.Size) {
			x, y := l.center(sq)
			dc.DrawCircle(x, y, float64(l.Cell)*0.14)
			dc.Fill()
			cv.Touch(l.SquareRect(sq))
		}
	}
}

// statusRows are the baselines of the strip's lines: the headline and
// the score line, and with three the caption's line under them.
func statusRows(l Layout, three bool) (y1, y2, y3 int) {
	h := l.Status.Dy()
	if three {
		return l.Status.Min.Y + h*28/100, l.Status.Min.Y + h*60/100, l.Status.Min.Y + h*90/100
	}
	return l.Status.Min.Y + h*47/100, l.Status.Min.Y + h*83/100, 0
}

// drawStatus paints the strip above the board: the stone to move and the
// headline, the last action's token on their right; the score, and what
// wins on its right; a third line for the caption of a claim, where what
// wins goes when the score leaves it no room (a Japanese setup at phone
// width). When the caption leaves no room either, what wins is left out:
// the board's size tells it. It touches on cv (nil for none) what it
// draws.
func (r *Renderer) drawStatus(dst *image.RGBA, cv *render.Canvas, l Layout, st status) {
	p := r.pal
	left := l.Board.Min.X - l.Frame
	right := l.Board.Max.X + l.Frame
	y1, y2, y3, needRow := r.stripRows(l, st)
	x := left
	if icon := r.icons[st.icon]; icon != nil {
		cy := y1 - r.head.CapHeight()/2
		ir := icon.Rect.Add(image.Pt(x, cy-icon.Rect.Dy()/2))
		draw.Draw(dst, ir, icon, image.Point{}, draw.Over)
		cv.Touch(ir)
		x += icon.Rect.Dx() + r.head.CapHeight()/4
	}
	col := p.Text
	if st.won {
		col = p.Win
	}
	r.head.DrawOn(dst, cv, st.head, x, y1, col)
	if st.token != "" {
		r.note.DrawOn(dst, cv, st.token, right-r.note.Measure(st.token), y1, p.TextFaint)
	}
	r.small.DrawOn(dst, cv, st.score, left, y2, p.Text2)
	if st.caption != "" {
		r.small.DrawOn(dst, cv, st.caption, left, y3, p.Claim)
	}
	switch needRow {
	case 2:
		r.small.DrawOn(dst, cv, st.need, right-r.small.Measure(st.need), y2, p.Text2)
	case 3:
		r.small.DrawOn(dst, cv, st.need, right-r.small.Measure(st.need), y3, p.Text2)
	}
}

// caption is the strip's caption of the shooters claimed, in the words
// that fit the strip's width.
func (r *Renderer) caption(l Layout, p veletas.Position, claimed veletas.Bits, lang string) string {
	width := l.Board.Dx() + 2*l.Frame
	return claimCaption(p, claimed, lang, func(s string) bool { return r.small.Measure(s) <= width })
}

// stripRows returns the baselines of the strip's lines for a status and
// the line of what wins: 2 beside the score, 3 beside the caption, 0 for
// none.
func (r *Renderer) stripRows(l Layout, st status) (y1, y2, y3, needRow int) {
	width := l.Board.Dx() + 2*l.Frame
	gap := r.small.CapHeight()
	fits := func(a, b string) bool { return r.small.Measure(a)+gap+r.small.Measure(b) <= width }
	switch {
	case st.need == "":
	case fits(st.score, st.need):
		needRow = 2
	case st.caption == "" || fits(st.caption, st.need):
		needRow = 3
	}
	y1, y2, y3 = statusRows(l, st.caption != "" || needRow == 3)
	return y1, y2, y3, needRow
}
