package render

import (
	"fmt"
	"image"
	"io"
	"strconv"
	"sync"

	"github.com/fogleman/gg"
	"github.com/veletasbot/veletas/game/fanorona"
	"github.com/veletasbot/veletas/game/veletas"
)

// This file draws Fanorona and Véla: the 9x5 board of points joined by
// lines (diagonals only through the points whose file plus rank is even),
// both sides' pieces, the last turn as its path with the captured points
// crossed out, a status strip (whose turn it is, the last turn's token,
// the piece counts) and, during Véla's first phase, a line saying that
// Black may not capture until five are left. It shares the themes, fonts,
// palette quantizer and PNG encoder of the Veletas images.

// FanoronaScene is everything one image of a Fanorona or Véla game shows.
type FanoronaScene struct {
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
	// Lang is the language of the strip and the line under the board:
	// "en" (also for "" and any other), "fr" or "ja" (words.go).
	Lang string
}

// QuietShown is the count of turns in a row without a capture from which
// the line under the board shows it, "Turns without a capture: 87/100",
// as the draw at fanorona.DrawCount nears.
const QuietShown = 80

// FanoronaGameScene is the scene of a game's current position with its
// last turn and the pieces that turn captured.
func FanoronaGameScene(g fanorona.Game) FanoronaScene {
	s := FanoronaScene{Position: g.Position()}
	turns := g.Turns()
	if len(turns) == 0 {
		return s
	}
	positions := g.Positions()
	s.Last = turns[len(turns)-1]
	s.Captured = FanoronaCaptured(positions[len(positions)-2], s.Position)
	return s
}

// FanoronaCaptured returns the points whose pieces were captured between
// before, a position between turns, and after, the position after the
// turn or, during a sequence played step by step, after its steps so far:
// the pieces of the side not moving that are gone. With the steps so far
// as Last (fanorona.NewTurn), it makes the scene of a sequence under way.
func FanoronaCaptured(before, after fanorona.Position) fanorona.Bits {
	them := before.ToMove().Other()
	return before.Pieces(them) &^ after.Pieces(them)
}

// FanoronaLayout tells where everything is in a Fanorona image of one
// width. Points sit on the crossings of the lines; a1 is bottom left.
type FanoronaLayout struct {
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

// NewFanoronaLayout computes the layout for an image width (clamped to
// MinWidth..MaxWidth; 0 means DefaultWidth).
func NewFanoronaLayout(width int) FanoronaLayout {
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
	return FanoronaLayout{
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
func (l FanoronaLayout) Bounds() image.Rectangle { return image.Rect(0, 0, l.Width, l.Height) }

// PointCenter is the pixel of a point.
func (l FanoronaLayout) PointCenter(p fanorona.Point) image.Point {
	return image.Pt(l.Origin.X+p.File()*l.Spacing, l.Origin.Y-p.Rank()*l.Spacing)
}

func (l FanoronaLayout) center(p fanorona.Point) (float64, float64) {
	c := l.PointCenter(p)
	return float64(c.X), float64(c.Y)
}

// PointAt returns the point nearest a pixel within half a spacing, and
// false elsewhere.
func (l FanoronaLayout) PointAt(px image.Point) (fanorona.Point, bool) {
	s := l.Spacing
	f := (px.X - l.Origin.X + s/2)
	r := (l.Origin.Y - px.Y + s/2)
	if f < 0 || r < 0 || f/s >= fanorona.Files || r/s >= fanorona.Ranks {
		return fanorona.NoPoint, false
	}
	return fanorona.NewPoint(f/s, r/s), true
}

// fanoronaCache holds what is drawn once per renderer for Fanorona.
type fanoronaCache struct {
	once    sync.Once
	lay     FanoronaLayout
	bg      *image.RGBA
	sprites [2]*sprite // by fanorona.Color
	landed  *sprite    // the cross of a capture the piece then landed on
	mover   *sprite    // the ring around the piece capturing
	pad     int        // how far a sprite reaches beyond its point's box
	q       *quantizer
	images  sync.Pool // *image.RGBA
	frames  sync.Pool // *image.Paletted with q's palette
}

// fanorona returns the renderer's Fanorona cache, building it on first
// use.
func (r *Renderer) fanorona() *fanoronaCache {
	fc := &r.fano
	fc.once.Do(func() {
		fc.lay = NewFanoronaLayout(r.opts.Width)
		dc := gg.NewContext(fc.lay.Width, fc.lay.Height)
		drawFanoronaBackground(dc, fc.lay, r.pal, r.label)
		fc.bg = dc.Image().(*image.RGBA)
		cell := fc.lay.Spacing * 88 / 100
		fc.pad = spritePad(cell)
		for _, c := range []fanorona.Color{fanorona.White, fanorona.Black} {
			fc.sprites[c] = newSprite(drawSprite(r.pal, stoneOf(c), cell))
		}
		fc.landed = newSprite(landedSprite(fc.lay, r.pal))
		fc.mover = newSprite(moverSprite(fc.lay, r.pal))
		fc.q = newQuantizer(r.fanoronaSamples(fc), r.pal.fanoronaNamed())
		fc.images.New = func() any { return image.NewRGBA(fc.lay.Bounds()) }
		fc.frames.New = func() any { return image.NewPaletted(fc.lay.Bounds(), fc.q.pal) }
	})
	return fc
}

// stoneOf is the Veletas stone drawn for a Fanorona side: the same two
// looks.
func stoneOf(c fanorona.Color) veletas.Piece {
	if c == fanorona.White {
		return veletas.WhiteStone
	}
	return veletas.BlackStone
}

func iconOf(c fanorona.Color) veletas.Color {
	if c == fanorona.White {
		return veletas.White
	}
	return veletas.Black
}

// FanoronaLayout returns where everything is in a Fanorona image.
func (r *Renderer) FanoronaLayout() FanoronaLayout { return NewFanoronaLayout(r.opts.Width) }

// FanoronaImage draws the scene into a new image that the caller owns.
func (r *Renderer) FanoronaImage(s FanoronaScene) *image.RGBA {
	fc := r.fanorona()
	img := image.NewRGBA(fc.lay.Bounds())
	r.drawFanorona(img, fc, s)
	return img
}

// FanoronaPNG draws the scene and writes it as an 8-bit paletted PNG.
func (r *Renderer) FanoronaPNG(w io.Writer, s FanoronaScene) error {
	fc := r.fanorona()
	img := fc.images.Get().(*image.RGBA)
	defer fc.images.Put(img)
	r.drawFanorona(img, fc, s)
	pm := fc.frames.Get().(*image.Paletted)
	defer fc.frames.Put(pm)
	fc.q.quantize(pm, img)
	if err := encodePNG(w, pm); err != nil {
		return fmt.Errorf("render: writing the png: %w", err)
	}
	return nil
}

// FanoronaGIF writes an animated replay of the game: the start, then one
// frame per turn with that turn's path and captures, the last frame held
// for GIFHoldDelay. Frames after the first hold only the pixels that
// changed.
func (r *Renderer) FanoronaGIF(w io.Writer, g fanorona.Game) error {
	fc := r.fanorona()
	l := fc.lay
	positions := g.Positions()
	turns := g.Turns()
	scenes := make([]FanoronaScene, 0, len(turns)+1)
	scenes = append(scenes, FanoronaScene{Position: positions[0]})
	for i, t := range turns {
		scenes = append(scenes, FanoronaScene{Position: positions[i+1], Last: t, Captured: FanoronaCaptured(positions[i], positions[i+1])})
	}
	return encodeReplay(w, fc.q, l.Bounds(), len(scenes), func(dst *image.RGBA, i int) {
		r.drawFanorona(dst, fc, scenes[i])
	})
}

// drawFanorona paints the whole scene over dst, which has the layout's
// bounds.
func (r *Renderer) drawFanorona(dst *image.RGBA, fc *fanoronaCache, s FanoronaScene) {
	copy(dst.Pix, fc.bg.Pix)
	l, p := fc.lay, r.pal
	occupied := s.Position.Pieces(fanorona.White) | s.Position.Pieces(fanorona.Black)
	if s.Last.Len() > 0 || s.Captured != 0 {
		dc := gg.NewContextForRGBA(dst)
		drawFanoronaPath(dc, l, p, s.Last)
		drawCaptures(dc, l, p, s.Captured&^occupied)
	}
	// Pieces, top rank first, so that shadows fall under lower pieces.
	half := fc.sprites[0].img.Rect.Dx() / 2
	for rk := fanorona.Ranks - 1; rk >= 0; rk-- {
		for f := 0; f < fanorona.Files; f++ {
			pt := fanorona.NewPoint(f, rk)
			c, ok := s.Position.At(pt)
			if !ok {
				continue
			}
			fc.sprites[c].drawAt(dst, l.PointCenter(pt).Sub(image.Pt(half, half)))
		}
	}
	// Above the pieces: the captures on points the mover then landed on,
	// and the ring around the piece capturing during a sequence.
	for b := s.Captured & occupied; b != 0; b &= b - 1 {
		x, y := landedMarkAt(l, b.First())
		fc.landed.drawAt(dst, centred(fc.landed, x, y))
	}
	if mover, moving := s.Position.MovingPiece(); moving {
		x, y := l.center(mover)
		fc.mover.drawAt(dst, centred(fc.mover, x, y))
	}
	r.drawFanoronaStatus(dst, l, fanoronaStatusOf(s))
}

// fanoronaStatus is what the strip and the note say.
type fanoronaStatus struct {
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

func fanoronaColorWord(w words, c fanorona.Color) string { return colorWord(w, iconOf(c)) }

func fanoronaStatusOf(s FanoronaScene) fanoronaStatus {
	p := s.Position
	w := wordsFor(s.Lang)
	st := fanoronaStatus{icon: p.ToMove(), counts: [2]int{p.Count(fanorona.White), p.Count(fanorona.Black)}, game: w.fanorona, lead: w.lastTurn}
	if p.Variant() == fanorona.Vela {
		st.game = w.vela
	}
	if s.Last.Len() > 0 {
		st.token = s.Last.String()
	}
	colour := func(pat string, c fanorona.Color) string {
		return fill(pat, map[byte]string{'c': fanoronaColorWord(w, c)})
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
		st.note = fill(w.quiet, map[byte]string{'q': num(p.Quiet()), 'n': num(fanorona.DrawCount)})
		st.alert = true
	case p.Variant() == fanorona.Vela:
		st.note = w.velaBoth
	}
	return st
}

// drawFanoronaCounts paints the piece counts right-aligned at right on
// the baseline y, White's then Black's, each a small stone and its
// number in the score line's font.
func (r *Renderer) drawFanoronaCounts(dst *image.RGBA, right, y int, counts [2]int) {
	gap := r.small.capHeight()
	x := right
	for _, c := range []fanorona.Color{fanorona.Black, fanorona.White} {
		n := strconv.Itoa(counts[c])
		x -= r.small.measure(n)
		r.small.draw(dst, n, x, y, r.pal.text2)
		ic := r.minis[iconOf(c)]
		x -= ic.Rect.Dx() + gap/4
		drawOver(dst, ic.Rect.Add(image.Pt(x, y-r.small.capHeight()/2-ic.Rect.Dy()/2)), ic)
		x -= gap
	}
}

// drawFanoronaStatus paints the strip above the board and the note below.
func (r *Renderer) drawFanoronaStatus(dst *image.RGBA, l FanoronaLayout, st fanoronaStatus) {
	p := r.pal
	left := l.Board.Min.X
	right := l.Board.Max.X
	h := l.Status.Dy()
	y1 := l.Status.Min.Y + h*45/100
	y2 := l.Status.Min.Y + h*85/100
	x := left
	if !st.noIcon {
		icon := r.icons[iconOf(st.icon)]
		cy := y1 - r.head.capHeight()/2
		ir := icon.Rect.Add(image.Pt(x, cy-icon.Rect.Dy()/2))
		drawOver(dst, ir, icon)
		x += icon.Rect.Dx() + r.head.capHeight()/4
	}
	col := p.text
	if st.won {
		col = p.win
	}
	r.head.draw(dst, st.head, x, y1, col)
	r.drawFanoronaCounts(dst, right, y1, st.counts)
	if st.token != "" {
		// A long capture sequence is cut at the front: its end matters.
		lead := st.lead
		tok := st.token
		for len(tok) > 8 && left+r.note.measure(lead+tok) > right {
			tok = "..." + tok[min(len(tok), 7):]
		}
		r.note.draw(dst, lead+tok, left, y2, p.textFaint)
	} else {
		r.note.draw(dst, st.game, left, y2, p.textFaint)
	}
	if st.note != "" {
		yn := l.Note.Min.Y + (l.Note.Dy()+r.note.capHeight())/2
		col := p.text
		if st.alert {
			col = p.win
		}
		r.note.draw(dst, st.note, l.Width/2-r.note.measure(st.note)/2, yn, col)
	}
}
