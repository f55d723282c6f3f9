package fanorona

import (
	"fmt"
	"image"
	"io"
	"slices"
	"strconv"
	"sync"

	"github.com/fogleman/gg"
	"github.com/veletasbot/veletas/game/fanorona"
	"github.com/veletasbot/veletas/render"
)

// This file draws Fanorona and Véla: the 9x5 board of points joined by
// lines (diagonals only through the points whose file plus rank is even),
// both sides' pieces, the last turn as its path with the captured points
// crossed out, a status strip (whose turn it is, the last turn's token,
// the piece counts) and, during Véla's first phase, a line saying that
// Black may not capture until five are left. It uses the house style of
// package render: themes, fonts, stones, quantizer and PNG encoder.

// Scene is everything one image of a Fanorona or Véla game shows.
type Scene struct {
	Position fanorona.Position
	// Last is the turn (or, during a sequence played step by step, the
	// steps so far) that led to Position, drawn as a path; the zero Turn
	// draws nothing.
	Last fanorona.Turn
	// Captured are the points whose pieces Last captured, crossed out.
	Captured fanorona.Bits
	// Winner, when HasWinner is set, won off the board (by resignation or
	// on time): the strip says so instead of whose turn it is.
	Winner    fanorona.Color
	HasWinner bool
	// Selected are points ringed as the capturing piece is (a front
	// end's choice so far: the piece picked).
	Selected fanorona.Bits
	// Lang is the language of the strip and the line under the board:
	// "en" (also for "" and any other), "fr" or "ja" (words.go).
	Lang string
}

// QuietShown is the count of turns in a row without a capture from which
// the line under the board shows it, "Turns without a capture: 87/100",
// as the draw at fanorona.DrawCount nears.
const QuietShown = 80

// GameScene is the scene of a game's current position with its
// last turn and the pieces that turn captured.
func GameScene(g fanorona.Game) Scene {
	s := Scene{Position: g.Position()}
	turns := g.Turns()
	if len(turns) == 0 {
		return s
	}
	positions := g.Positions()
	s.Last = turns[len(turns)-1]
	s.Captured = Captured(positions[len(positions)-2], s.Position)
	return s
}

// Captured returns the points whose pieces were captured between
// before, a position between turns, and after, the position after the
// turn or, during a sequence played step by step, after its steps so far:
// the pieces of the side not moving that are gone. With the steps so far
// as Last (fanorona.NewTurn), it makes the scene of a sequence under way.
func Captured(before, after fanorona.Position) fanorona.Bits {
	them := before.ToMove().Other()
	return before.Pieces(them) &^ after.Pieces(them)
}

// Layout tells where everything is in a Fanorona image of one
// width. Points sit on the crossings of the lines; a1 is bottom left.
type Layout struct {
	Width, Height int
	Spacing       int             // distance between neighbouring points
	Board         image.Rectangle // the wooden board, lines and pieces
	Origin        image.Point     // the centre of a1
	Status        image.Rectangle // the strip above the board
	Note          image.Rectangle // the line under the board (Véla's first phase)
}

// fanoronaHeight is the height of a Fanorona image as a fraction of its
// width: the board is wide, so the image is not square and leaves room
// for the status strip above and the note below.
const fanoronaHeight = 0.80

// NewLayout computes the layout for an image width (clamped to
// render.MinWidth..MaxWidth; 0 means render.DefaultWidth).
func NewLayout(width int) Layout {
	width = clampWidth(width)
	margin := max(6, width/50)
	gutter := width * 5 / 100 // rank numbers on the left, file letters below
	// 8 spacings between the points and 0.6 of a spacing beyond the outer
	// points on each side.
	s := (width - gutter - 2*margin) * 10 / 92
	boardW := s*8 + s*12/10
	boardH := s*4 + s*12/10
	height := int(float64(width)*fanoronaHeight + 0.5)
	left := gutter + margin + (width-gutter-2*margin-boardW)/2
	status := height * 19 / 100
	top := status + margin/2
	b := image.Rect(left, top, left+boardW, top+boardH)
	pad := s * 6 / 10
	return Layout{
		Width:   width,
		Height:  height,
		Spacing: s,
		Board:   b,
		Origin:  image.Pt(b.Min.X+pad, b.Max.Y-pad),
		Status:  image.Rect(0, 0, width, status),
		Note:    image.Rect(0, b.Max.Y+gutter+margin/2, width, height),
	}
}

// Bounds is the whole image.
func (l Layout) Bounds() image.Rectangle { return image.Rect(0, 0, l.Width, l.Height) }

// PointCenter is the pixel of a point.
func (l Layout) PointCenter(p fanorona.Point) image.Point {
	return image.Pt(l.Origin.X+p.File()*l.Spacing, l.Origin.Y-p.Rank()*l.Spacing)
}

func (l Layout) center(p fanorona.Point) (float64, float64) {
	c := l.PointCenter(p)
	return float64(c.X), float64(c.Y)
}

// PointAt returns the point nearest a pixel within half a spacing, and
// false elsewhere.
func (l Layout) PointAt(px image.Point) (fanorona.Point, bool) {
	s := l.Spacing
	f := (px.X - l.Origin.X + s/2)
	r := (l.Origin.Y - px.Y + s/2)
	if f < 0 || r < 0 || f/s >= fanorona.Files || r/s >= fanorona.Ranks {
		return fanorona.NoPoint, false
	}
	return fanorona.NewPoint(f/s, r/s), true
}

// Renderer draws scenes of one theme and width. It draws what never
// changes once, on first use, and is safe for concurrent use by any
// number of goroutines.
type Renderer struct {
	opts render.Options
	pal  *style

	// The fonts, read-only after New (gg's faces are not safe for
	// concurrent use, so none is kept): the coordinates, the headline,
	// the piece counts and the notes.
	label, head, small, note *render.Text
	icons                    [2]*image.RGBA // status stone icons by fanorona.Color
	minis                    [2]*image.RGBA // smaller ones, beside the piece counts

	fc cache

	themesMu sync.Mutex
	themes   map[render.Theme]*Renderer // InTheme's renderers of the other themes
}

// scoreText is the size of the piece counts' font, as a fraction of the
// image's width: the Veletas score line's.
const scoreText = 0.05

// New returns a Renderer. It fails only for a bad theme or width
// (render.ErrUnknownTheme, render.ErrBadWidth).
func New(o render.Options) (*Renderer, error) {
	if o.Theme != render.Light && o.Theme != render.Dark {
		return nil, fmt.Errorf("render/fanorona: theme %d: %w", o.Theme, render.ErrUnknownTheme)
	}
	if o.Width == 0 {
		o.Width = render.DefaultWidth
	}
	if o.Width < render.MinWidth || o.Width > render.MaxWidth {
		return nil, fmt.Errorf("render/fanorona: width %d: %w: use %d to %d", o.Width, render.ErrBadWidth, render.MinWidth, render.MaxWidth)
	}
	r := &Renderer{opts: o, pal: newStyle(o.Theme)}
	w := float64(o.Width)
	runes := wordRunes()
	var err error
	if r.label, err = render.NewWordText(render.Medium, w*0.032, runes); err != nil {
		return nil, err
	}
	if r.head, err = render.NewWordText(render.Bold, w*0.05, runes); err != nil {
		return nil, err
	}
	if r.small, err = render.NewWordText(render.Regular, w*scoreText, runes); err != nil {
		return nil, err
	}
	if r.note, err = render.NewWordText(render.Regular, w*0.037, runes); err != nil {
		return nil, err
	}
	iconR, ring := render.IconSize(r.head)
	miniR := float64(r.small.CapHeight()) * 0.5
	for _, c := range []fanorona.Color{fanorona.White, fanorona.Black} {
		r.icons[c] = render.StoneIcon(o.Theme, c == fanorona.White, iconR, ring)
		r.minis[c] = render.StoneIcon(o.Theme, c == fanorona.White, miniR, max(1.5, miniR*0.22))
	}
	return r, nil
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

// Options returns the options the Renderer was made with (Width filled
// in).
func (r *Renderer) Options() render.Options { return r.opts }

// cache holds what is drawn once per renderer, on first use.
type cache struct {
	once    sync.Once
	lay     Layout
	bg      *image.RGBA
	sprites [2]*render.Sprite // by fanorona.Color
	// on are the sprites to draw by colour and point, prepared over the
	// background there (render.Sprite.OverBackground): the points whose
	// lines look alike share one (the inner points of each kind, the
	// edges'), about a dozen per colour.
	on       [2][fanorona.Points]*render.Sprite
	bgPal    *image.Paletted // bg quantized, for q.QuantizeOver
	landed   *render.Sprite  // the cross of a capture the piece then landed on
	mover    *render.Sprite  // the ring around the piece capturing
	pad      int             // how far a sprite reaches beyond its point's box
	q        *render.Quantizer
	canvases sync.Pool // *render.Canvas with q's palette
}

// cache returns the renderer's cache, building it on first use.
func (r *Renderer) cache() *cache {
	fc := &r.fc
	fc.once.Do(func() {
		fc.lay = NewLayout(r.opts.Width)
		dc := gg.NewContext(fc.lay.Width, fc.lay.Height)
		drawBackground(dc, fc.lay, r.pal, r.label)
		fc.bg = dc.Image().(*image.RGBA)
		cell := fc.lay.Spacing * 88 / 100
		fc.pad = spritePad(cell)
		for _, c := range []fanorona.Color{fanorona.White, fanorona.Black} {
			img := stoneSprite(r.pal, c == fanorona.White, cell)
			fc.sprites[c] = render.NewSprite(img)
			half := img.Rect.Dx() / 2
			var kinds []*render.Sprite
		points:
			for pt := fanorona.Point(0); pt < fanorona.Points; pt++ {
				at := fc.lay.PointCenter(pt).Sub(image.Pt(half, half))
				for _, k := range kinds {
					if k.Fits(fc.bg, at) {
						fc.on[c][pt] = k
						continue points
					}
				}
				k := render.NewSprite(img)
				k.OverBackground(fc.bg, at)
				kinds = append(kinds, k)
				fc.on[c][pt] = k
			}
		}
		fc.landed = render.NewSprite(landedSprite(fc.lay, r.pal))
		fc.mover = render.NewSprite(moverSprite(fc.lay, r.pal))
		fc.q = render.NewQuantizer(r.samples(fc), r.pal.named())
		for c := range fc.on {
			for pt, k := range fc.on[c] {
				if pt == 0 || !slices.Contains(fc.on[c][:pt], k) {
					k.QuantizeOver(fc.q)
				}
			}
		}
		fc.canvases.New = func() any { return render.NewCanvas(fc.lay.Bounds(), fc.q.Palette()) }
		fc.bgPal = image.NewPaletted(fc.lay.Bounds(), fc.q.Palette())
		fc.q.Quantize(fc.bgPal, fc.bg)
	})
	return fc
}

// Layout returns where everything is in an image.
func (r *Renderer) Layout() Layout { return NewLayout(r.opts.Width) }

// Image draws the scene into a new image that the caller owns.
func (r *Renderer) Image(s Scene) *image.RGBA {
	fc := r.cache()
	img := image.NewRGBA(fc.lay.Bounds())
	r.draw(img, fc, s)
	return img
}

// PNG draws the scene and writes it as an 8-bit paletted PNG.
func (r *Renderer) PNG(w io.Writer, s Scene) error {
	fc := r.cache()
	cv := fc.canvases.Get().(*render.Canvas)
	defer fc.canvases.Put(cv)
	r.drawOver(cv.Begin(fc.bg, fc.bgPal), cv, fc, s)
	return cv.EncodePNG(w, fc.q)
}

// GIF writes an animated replay of the game: the start, then one
// frame per turn with that turn's path and captures, the last frame held
// for render.GIFHoldDelay. Frames after the first hold only the pixels that
// changed.
func (r *Renderer) GIF(w io.Writer, g fanorona.Game) error {
	return r.GIFIn(w, g, Scene{})
}

// GIFIn is GIF with the strip in the language of end.Lang and, when
// end.HasWinner is set, the last frame saying that end.Winner won off
// the board (by resignation or on time). end's other fields are ignored.
func (r *Renderer) GIFIn(w io.Writer, g fanorona.Game, end Scene) error {
	fc := r.cache()
	positions := g.Positions()
	turns := g.Turns()
	scenes := make([]Scene, 0, len(turns)+1)
	scenes = append(scenes, Scene{Position: positions[0], Lang: end.Lang})
	for i, t := range turns {
		scenes = append(scenes, Scene{Position: positions[i+1], Last: t, Captured: Captured(positions[i], positions[i+1]), Lang: end.Lang})
	}
	last := &scenes[len(scenes)-1]
	last.Winner, last.HasWinner = end.Winner, end.HasWinner
	cv := fc.canvases.Get().(*render.Canvas)
	defer fc.canvases.Put(cv)
	return render.EncodeReplayOn(w, fc.q, cv, len(scenes), func(cv *render.Canvas, i int) *image.Paletted {
		r.drawOver(cv.Begin(fc.bg, fc.bgPal), cv, fc, scenes[i])
		return cv.Paletted(fc.q)
	})
}

// draw paints the whole scene over dst, which has the layout's
// bounds.
func (r *Renderer) draw(dst *image.RGBA, fc *cache, s Scene) {
	copy(dst.Pix, fc.bg.Pix)
	r.drawOver(dst, nil, fc, s)
}

// drawOver paints the scene over dst, which holds the background,
// touching on cv (nil for none) what it draws.
func (r *Renderer) drawOver(dst *image.RGBA, cv *render.Canvas, fc *cache, s Scene) {
	l, p := fc.lay, r.pal
	occupied := s.Position.Pieces(fanorona.White) | s.Position.Pieces(fanorona.Black)
	if s.Last.Len() > 0 || s.Captured != 0 {
		dc := gg.NewContextForRGBA(dst)
		drawPath(dc, l, p, s.Last)
		drawCaptures(dc, l, p, s.Captured&^occupied)
		// Each line of the path lies in the box of its two points'
		// centres, widened by half the line; the ring around the start
		// and the crosses in theirs.
		if s.Last.Len() > 0 {
			prev := l.PointCenter(s.Last.From())
			cv.Touch(markBox(l, prev, ringReach))
			for i := 0; i < s.Last.Len(); i++ {
				next := l.PointCenter(s.Last.Step(i).To)
				cv.Touch(image.Rectangle{prev, next}.Canon().Inset(-markPad(l, pathReach)))
				prev = next
			}
		}
		for b := s.Captured &^ occupied; b != 0; b &= b - 1 {
			cv.Touch(markBox(l, l.PointCenter(b.First()), crossReach))
		}
	}
	// Pieces, top rank first, so that shadows fall under lower pieces.
	half := fc.sprites[0].Bounds().Dx() / 2
	for rk := fanorona.Ranks - 1; rk >= 0; rk-- {
		for f := 0; f < fanorona.Files; f++ {
			pt := fanorona.NewPoint(f, rk)
			c, ok := s.Position.At(pt)
			if !ok {
				continue
			}
			at := l.PointCenter(pt).Sub(image.Pt(half, half))
			fc.on[c][pt].Draw(dst, cv, at)
		}
	}
	// Above the pieces: the captures on points the mover then landed on,
	// and the ring around the piece capturing during a sequence.
	for b := s.Captured & occupied; b != 0; b &= b - 1 {
		x, y := landedMarkAt(l, b.First())
		at := centred(fc.landed, x, y)
		fc.landed.DrawAt(dst, at)
		cv.Touch(fc.landed.Bounds().Add(at))
	}
	if mover, moving := s.Position.MovingPiece(); moving {
		x, y := l.center(mover)
		at := centred(fc.mover, x, y)
		fc.mover.DrawAt(dst, at)
		cv.Touch(fc.mover.Bounds().Add(at))
	}
	for b := s.Selected; b != 0; b &= b - 1 {
		x, y := l.center(b.First())
		at := centred(fc.mover, x, y)
		fc.mover.DrawAt(dst, at)
		cv.Touch(fc.mover.Bounds().Add(at))
	}
	r.drawStatus(dst, cv, l, statusOf(s))
}

// How far the marks of the last turn reach from a point's centre, in
// spacings (drawPath, drawCaptures): half the path's line, the ring with
// half its line, the cross with half its line.
const (
	pathReach  = 0.12 / 2
	ringReach  = 0.2 + 0.07/2
	crossReach = 0.17 + 0.075/2
)

// markPad is reach spacings in pixels, with two more for anti-aliasing
// and rounding.
func markPad(l Layout, reach float64) int { return int(reach*float64(l.Spacing)) + 3 }

// markBox is the square around c holding a mark of the given reach.
func markBox(l Layout, c image.Point, reach float64) image.Rectangle {
	h := markPad(l, reach)
	return image.Rect(c.X-h, c.Y-h, c.X+h+1, c.Y+h+1)
}

// status is what the strip and the note say.
type status struct {
	icon   fanorona.Color
	noIcon bool
	head   string // "White to move", "Black wins", "Draw"
	token  string // the last turn
	lead   string // "Last turn " before the token
	counts [2]int // pieces by colour
	note   string // the line under the board: Véla's phase, a draw's cause, the count of quiet turns
	game   string // "Fanorona" or "Véla", shown before the first turn
	won    bool
	alert  bool // the note is the count of turns without a capture
}

func colorWord(w words, c fanorona.Color) string {
	if c == fanorona.White {
		return w.white
	}
	return w.black
}

func statusOf(s Scene) status {
	p := s.Position
	w := wordsFor(s.Lang)
	st := status{icon: p.ToMove(), counts: [2]int{p.Count(fanorona.White), p.Count(fanorona.Black)}, game: w.fanorona, lead: w.lastTurn}
	if p.Variant() == fanorona.Vela {
		st.game = w.vela
	}
	if s.Last.Len() > 0 {
		st.token = s.Last.String()
	}
	colour := func(pat string, c fanorona.Color) string {
		return render.Fill(pat, map[byte]string{'c': colorWord(w, c)})
	}
	res := p.Result()
	switch {
	case s.HasWinner && res == fanorona.Ongoing:
		st.icon, st.head, st.won = s.Winner, colour(w.wins, s.Winner), true
	case res == fanorona.Draw:
		st.noIcon, st.head, st.note = true, w.draw, w.drawNote
	case res != fanorona.Ongoing:
		c, _ := res.Winner()
		st.icon, st.head, st.won = c, colour(w.wins, c), true
	case p.InSequence():
		st.head = colour(w.capturing, p.ToMove())
	default:
		st.head = colour(w.toMove, p.ToMove())
	}
	switch {
	case st.won || res != fanorona.Ongoing:
	case p.FirstPhase():
		st.note = w.velaFirst
	case p.Quiet() >= QuietShown:
		st.note = render.Fill(w.quiet, map[byte]string{'q': num(p.Quiet()), 'n': num(fanorona.DrawCount)})
		st.alert = true
	case p.Variant() == fanorona.Vela:
		st.note = w.velaBoth
	}
	return st
}

// drawCounts paints the piece counts right-aligned at right on
// the baseline y, White's then Black's, each a small stone and its
// number in the score line's font.
func (r *Renderer) drawCounts(dst *image.RGBA, cv *render.Canvas, right, y int, counts [2]int) {
	gap := r.small.CapHeight()
	x := right
	for _, c := range []fanorona.Color{fanorona.Black, fanorona.White} {
		n := strconv.Itoa(counts[c])
		x -= r.small.Measure(n)
		r.small.DrawOn(dst, cv, n, x, y, r.pal.Text2)
		ic := r.minis[c]
		x -= ic.Rect.Dx() + gap/4
		ir := ic.Rect.Add(image.Pt(x, y-r.small.CapHeight()/2-ic.Rect.Dy()/2))
		drawOver(dst, ir, ic)
		cv.Touch(ir)
		x -= gap
	}
}

// drawStatus paints the strip above the board and the note below,
// touching on cv (nil for none) what it draws.
func (r *Renderer) drawStatus(dst *image.RGBA, cv *render.Canvas, l Layout, st status) {
	p := r.pal
	left := l.Board.Min.X
	right := l.Board.Max.X
	h := l.Status.Dy()
	y1 := l.Status.Min.Y + h*45/100
	y2 := l.Status.Min.Y + h*85/100
	x := left
	if !st.noIcon {
		icon := r.icons[st.icon]
		cy := y1 - r.head.CapHeight()/2
		ir := icon.Rect.Add(image.Pt(x, cy-icon.Rect.Dy()/2))
		drawOver(dst, ir, icon)
		cv.Touch(ir)
		x += icon.Rect.Dx() + r.head.CapHeight()/4
	}
	col := p.Text
	if st.won {
		col = p.Win
	}
	r.head.DrawOn(dst, cv, st.head, x, y1, col)
	r.drawCounts(dst, cv, right, y1, st.counts)
	if st.token != "" {
		// A long capture sequence is cut at the front: its end matters.
		lead := st.lead
		tok := st.token
		for len(tok) > 8 && left+r.note.Measure(lead+tok) > right {
			tok = "..." + tok[min(len(tok), 7):]
		}
		r.note.DrawOn(dst, cv, lead+tok, left, y2, p.TextFaint)
	} else {
		r.note.DrawOn(dst, cv, st.game, left, y2, p.TextFaint)
	}
	if st.note != "" {
		yn := l.Note.Min.Y + (l.Note.Dy()+r.note.CapHeight())/2
		col := p.Text
		if st.alert {
			col = p.Win
		}
		r.note.DrawOn(dst, cv, st.note, l.Width/2-r.note.Measure(st.note)/2, yn, col)
	}
}

// clampWidth clamps an image width to render.MinWidth..render.MaxWidth,
// 0 meaning render.DefaultWidth.
func clampWidth(w int) int {
	switch {
	case w == 0:
		return render.DefaultWidth
	case w < render.MinWidth:
		return render.MinWidth
	case w > render.MaxWidth:
		return render.MaxWidth
	}
	return w
}
