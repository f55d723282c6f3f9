package amazons

import (
	_ "embed"
	"fmt"
	"image"
	"image/color"
	"io"
	"sync"

	"github.com/fogleman/gg"
	"github.com/veletasbot/veletas/game/amazons"
	"github.com/veletasbot/veletas/render"
)

// jaTTF is Droid Sans Fallback (Apache License 2.0) cut down to the
// characters of the Japanese words (words.go), listed in
// fonts/ja-text.txt. After changing those words, list their characters
// there and run go generate ./render/amazons (it needs pyftsubset,
// Debian's fonttools, and the fonts-droid-fallback package);
// TestJapaneseGlyphs fails until then.
//
//go:generate pyftsubset /usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf --text-file=fonts/ja-text.txt --output-file=fonts/droidsansfallback-ja.ttf --no-hinting --layout-features=
//go:embed fonts/droidsansfallback-ja.ttf
var jaTTF []byte

// Scene is everything one image shows.
type Scene struct {
	Position amazons.Position
	// Last, when HasLast is set, is the turn that led to Position: its
	// squares tinted, the move and the arrow's flight drawn.
	Last    amazons.Turn
	HasLast bool
	// Territory tints the empty squares by the side that controls them
	// and puts the counts in the caption.
	Territory bool
	// Winner, when HasWinner is set, won off the board (by resignation
	// or on time): the strip says so instead of whose turn it is, and End
	// says how.
	Winner    amazons.Side
	HasWinner bool
	End       render.Ending
	// Selected are squares tinted as the last turn's are (a front end's
	// choices so far: the amazon, its destination, the arrow picked).
	Selected []amazons.Square
	// Picked, when it holds at least an amazon's square and its
	// destination (a front end's choices so far, in order: the amazon,
	// where it goes, where it shoots), draws the turn being picked: the
	// amazon on its destination, and once the third is picked, the arrow
	// and the turn's lines, as the last turn's.
	Picked []amazons.Square
	// Lang is the language of the strip: "en" (also for "" and any
	// other), "fr" or "ja".
	Lang string
}

// GameScene is the scene of a game's current position with its last
// turn, and the territory hint once the game is over.
func GameScene(g amazons.Game) Scene {
	s := Scene{Position: g.Position(), Territory: g.Position().Over()}
	if turns := g.Turns(); len(turns) > 0 {
		s.Last, s.HasLast = turns[len(turns)-1], true
	}
	return s
}

// Renderer draws scenes of one theme and width. It draws what never
// changes once, in New, and is safe for concurrent use by any number of
// goroutines.
type Renderer struct {
	opts  render.Options
	style style
	lay   Layout

	label, head, small *render.Text // read-only after New
	icons              [2]*render.Sprite
	bg                 *image.RGBA
	sprites            [amazons.Arrow + 1]*render.Sprite
	q                  *render.Quantizer
	bgPal              *image.Paletted // bg quantized, for q.QuantizeOver

	canvases sync.Pool // *render.Canvas with q's palette
}

// New returns a Renderer. It fails only for a bad theme or width
// (render.ErrUnknownTheme, render.ErrBadWidth).
func New(o render.Options) (*Renderer, error) {
	if o.Theme != render.Light && o.Theme != render.Dark {
		return nil, fmt.Errorf("render/amazons: theme %d: %w", o.Theme, render.ErrUnknownTheme)
	}
	if o.Width == 0 {
		o.Width = render.DefaultWidth
	}
	if o.Width < render.MinWidth || o.Width > render.MaxWidth {
		return nil, fmt.Errorf("render/amazons: width %d: %w: use %d to %d", o.Width, render.ErrBadWidth, render.MinWidth, render.MaxWidth)
	}
	r := &Renderer{opts: o, style: newStyle(o.Theme), lay: NewLayout(o.Width)}
	w := float64(o.Width)
	runes := textRunes()
	var err error
	if r.label, err = render.NewText(render.Medium, w*0.032, runes, jaTTF); err != nil {
		return nil, err
	}
	if r.head, err = render.NewText(render.Bold, w*0.05, runes, jaTTF); err != nil {
		return nil, err
	}
	if r.small, err = render.NewText(render.Regular, w*0.037, runes, jaTTF); err != nil {
		return nil, err
	}
	iconR := float64(r.head.CapHeight()) * 0.62
	for _, s := range []amazons.Side{amazons.White, amazons.Black} {
		side := int(iconR*2.6) + 2
		dc := gg.NewContext(side, side)
		x := float64(side) / 2
		render.DrawStone(dc, o.Theme, s == amazons.White, x, x, iconR, iconR*2.5)
		r.icons[s] = render.NewSprite(dc.Image().(*image.RGBA))
	}
	l := r.lay
	r.bg = image.NewRGBA(l.Bounds())
	drawBackground(r.bg, l, r.style, r.label)
	for _, pc := range []amazons.Piece{amazons.WhiteAmazon, amazons.BlackAmazon, amazons.Arrow} {
		r.sprites[pc] = render.NewSprite(drawSprite(o.Theme, r.style, pc, l.Cell))
		// Most of a piece falls on bare squares, as in the middle of the
		// board.
		pad := spritePad(l.Cell)
		r.sprites[pc].OverBackground(r.bg, l.SquareRect(amazons.Sq(amazons.Files/2, amazons.Ranks/2)).Min.Sub(image.Pt(pad, pad)))
	}
	r.q = render.NewQuantizer(r.samples(), r.named())
	for _, sp := range r.sprites {
		if sp != nil {
			sp.QuantizeOver(r.q)
		}
	}
	r.bgPal = image.NewPaletted(l.Bounds(), r.q.Palette())
	r.q.Quantize(r.bgPal, r.bg)
	r.canvases.New = func() any { return render.NewCanvas(l.Bounds(), r.q.Palette()) }
	return r, nil
}

// Options returns the options the Renderer was made with (Width filled
// in).
func (r *Renderer) Options() render.Options { return r.opts }

// Layout returns where everything is in an image.
func (r *Renderer) Layout() Layout { return r.lay }

// normalize replaces the zero Position (no amazons, White to move, which
// has lost) by the start.
func normalize(s Scene) Scene {
	if s.Position == (amazons.Position{}) {
		s.Position = amazons.Start()
	}
	return s
}

// Image draws the scene into a new image that the caller owns: the
// full-colour picture, before PNG maps it onto the palette.
func (r *Renderer) Image(s Scene) *image.RGBA {
	img := image.NewRGBA(r.lay.Bounds())
	r.draw(img, normalize(s))
	return img
}

// PNG draws the scene and writes it as an 8-bit paletted PNG.
func (r *Renderer) PNG(w io.Writer, s Scene) error {
	cv := r.canvases.Get().(*render.Canvas)
	defer r.canvases.Put(cv)
	r.drawOver(cv.Begin(r.bg, r.bgPal), cv, normalize(s))
	return cv.EncodePNG(w, r.q)
}

// GIF writes an animated replay of the game: the start, then one frame
// per turn with that turn drawn (Len()+1 frames), the last held for
// render.GIFHoldDelay and showing the territory once the game is over.
func (r *Renderer) GIF(w io.Writer, g amazons.Game) error {
	return r.GIFIn(w, g, Scene{})
}

// GIFIn is GIF with the strip in the language of end.Lang, and, when
// end.HasWinner or end.End is set, the last frame saying who won off the
// board and how; end.Territory shows the territory on the last frame of
// an unfinished game too. end's other fields are ignored.
func (r *Renderer) GIFIn(w io.Writer, g amazons.Game, end Scene) error {
	positions := g.Positions()
	turns := g.Turns()
	scenes := make([]Scene, 0, len(turns)+1)
	scenes = append(scenes, Scene{Position: positions[0], Lang: end.Lang})
	for i, t := range turns {
		scenes = append(scenes, Scene{Position: positions[i+1], Last: t, HasLast: true, Lang: end.Lang})
	}
	last := &scenes[len(scenes)-1]
	last.Winner, last.HasWinner, last.End = end.Winner, end.HasWinner, end.End
	last.Territory = end.Territory || last.Position.Over()
	cv := r.canvases.Get().(*render.Canvas)
	defer r.canvases.Put(cv)
	return render.EncodeReplayOn(w, r.q, cv, len(scenes), func(cv *render.Canvas, i int) *image.Paletted {
		r.drawOver(cv.Begin(r.bg, r.bgPal), cv, scenes[i])
		return cv.Paletted(r.q)
	})
}

// draw paints the whole scene over dst, which has the layout's bounds.
func (r *Renderer) draw(dst *image.RGBA, s Scene) {
	copy(dst.Pix, r.bg.Pix)
	r.drawOver(dst, nil, s)
}

// drawOver paints the scene over dst, which holds the background,
// touching on cv (nil for none) what it draws.
func (r *Renderer) drawOver(dst *image.RGBA, cv *render.Canvas, s Scene) {
	l, p := r.lay, r.style
	pos := s.Position
	var terr amazons.Territory
	if s.Territory {
		terr = pos.Territory()
		var reach [2][amazons.Squares]uint8
		reach[amazons.White] = pos.QueenDistances(amazons.White)
		reach[amazons.Black] = pos.QueenDistances(amazons.Black)
		for sq := amazons.Square(0); sq < amazons.Squares; sq++ {
			var side amazons.Side
			switch terr.Owner[sq] {
			case amazons.WhiteOwns:
				side = amazons.White
			case amazons.BlackOwns:
				side = amazons.Black
			default:
				continue
			}
			k := 0
			if reach[side.Other()][sq] != amazons.Unreachable {
				k = 1 // contested: the other side reaches it too, later
			}
			r.fill(dst, cv, l.SquareRect(sq), p.terr[side][k])
		}
	}
	if s.HasLast && s.Last.From.Valid() && s.Last.To.Valid() && s.Last.Arrow.Valid() {
		for _, sq := range []amazons.Square{s.Last.From, s.Last.To, s.Last.Arrow} {
			r.fill(dst, cv, l.SquareRect(sq), p.Last)
		}
		drawLast(dst, l, p, s.Last)
		// The lines and the ring lie between the three squares' centres.
		cv.Touch(l.SquareRect(s.Last.From).Union(l.SquareRect(s.Last.To)).Union(l.SquareRect(s.Last.Arrow)).Inset(-2))
	}
	for _, sq := range s.Selected {
		if sq.Valid() {
			r.fill(dst, cv, l.SquareRect(sq), p.Last)
		}
	}
	at := pos.At
	if pk := s.Picked; len(pk) >= 2 && pk[0].Valid() && pk[1].Valid() && pos.At(pk[0]) != amazons.Arrow && pos.At(pk[0]) != amazons.Empty {
		amazon := pos.At(pk[0])
		at = func(sq amazons.Square) amazons.Piece {
			switch {
			case sq == pk[1]:
				return amazon
			case len(pk) >= 3 && sq == pk[2] && pk[2].Valid():
				return amazons.Arrow
			case sq == pk[0]:
				return amazons.Empty
			}
			return pos.At(sq)
		}
		if len(pk) >= 3 && pk[2].Valid() {
			t := amazons.Turn{From: pk[0], To: pk[1], Arrow: pk[2]}
			drawLast(dst, l, p, t)
			cv.Touch(l.SquareRect(t.From).Union(l.SquareRect(t.To)).Union(l.SquareRect(t.Arrow)).Inset(-2))
		}
	}
	// Pieces, top rank first, so that shadows fall under lower pieces.
	pad := spritePad(l.Cell)
	for rk := amazons.Ranks - 1; rk >= 0; rk-- {
		for f := 0; f < amazons.Files; f++ {
			sq := amazons.Sq(f, rk)
			if pc := at(sq); pc != amazons.Empty && int(pc) < len(r.sprites) {
				at := l.SquareRect(sq).Min.Sub(image.Pt(pad, pad))
				r.sprites[pc].Draw(dst, cv, at)
			}
		}
	}
	r.drawStatus(dst, cv, statusOf(s, terr))
}

// fill blends c (non-premultiplied, with alpha) over the square sq of
// dst, the image of cv (nil for none) whose paletted copy gets its
// indices at once.
func (r *Renderer) fill(dst *image.RGBA, cv *render.Canvas, sq image.Rectangle, c color.RGBA) {
	if cv == nil {
		fillRect(dst, sq, c)
		return
	}
	cv.FillOver(sq, nrgba(c), r.q)
}

// status is what the strip says.
type status struct {
	icon    amazons.Side
	head    string // "White to move", "Black wins"
	token   string // the last turn, right of the headline
	caption string // the turn number or the territory counts
	end     string // how the game ended, right of the caption
	won     bool
}

func sideWord(w words, s amazons.Side) string {
	if s == amazons.White {
		return w.white
	}
	return w.black
}

// statusOf is the strip of a scene; terr is its territory when shown.
func statusOf(s Scene, terr amazons.Territory) status {
	w := wordsFor(s.Lang)
	p := s.Position
	st := status{icon: p.ToMove(), head: render.Fill(w.toMove, map[byte]string{'c': sideWord(w, p.ToMove())})}
	if s.HasLast {
		st.token = s.Last.String()
	}
	n := p.Arrows()
	st.caption = w.start
	if n > 0 {
		st.caption = render.Fill(w.turn, map[byte]string{'n': num(n)})
	}
	if s.Territory {
		st.caption = render.Fill(w.territory, map[byte]string{'w': num(terr.Count[amazons.White]), 'b': num(terr.Count[amazons.Black])})
	}
	if winner, ok := p.Winner(); ok {
		st.icon, st.won = winner, true
		st.head = render.Fill(w.wins, map[byte]string{'c': sideWord(w, winner)})
		st.end = render.Fill(w.stuck, map[byte]string{'c': sideWord(w, winner.Other())})
	} else if s.HasWinner {
		st.icon, st.won = s.Winner, true
		st.head = render.Fill(w.wins, map[byte]string{'c': sideWord(w, s.Winner)})
	}
	switch s.End {
	case render.EndResign:
		st.end = w.resigned
	case render.EndTime:
		st.end = w.onTime
	}
	return st
}

// drawStatus paints the strip above the board, as the Veletas one,
// touching on cv (nil for none) what it draws.
func (r *Renderer) drawStatus(dst *image.RGBA, cv *render.Canvas, st status) {
	l, p := r.lay, r.style
	left := l.Board.Min.X - l.Frame
	right := l.Board.Max.X + l.Frame
	h := l.Status.Dy()
	y1 := l.Status.Min.Y + h*47/100
	y2 := l.Status.Min.Y + h*83/100
	x := left
	icon := r.icons[st.icon&1]
	cy := y1 - r.head.CapHeight()/2
	icon.Draw(dst, cv, image.Pt(x, cy-icon.Bounds().Dy()/2))
	x += icon.Bounds().Dx() + r.head.CapHeight()/4
	col := p.Text
	if st.won {
		col = p.Win
	}
	r.head.DrawOn(dst, cv, st.head, x, y1, col)
	if st.token != "" {
		r.small.DrawOn(dst, cv, st.token, right-r.small.Measure(st.token), y1, p.TextFaint)
	}
	r.small.DrawOn(dst, cv, st.caption, left, y2, p.Text2)
	if st.end != "" {
		r.small.DrawOn(dst, cv, st.end, right-r.small.Measure(st.end), y2, p.Text2)
	}
}

// named lists the colours the palette must hold exactly.
func (r *Renderer) named() []color.RGBA {
	p := r.style
	out := []color.RGBA{p.Page, p.Frame, p.Cell, p.Grid, p.Label, p.Text, p.Text2, p.TextFaint, p.Win,
		p.Red, p.RedDark, p.Bull, p.BlackBot, p.BlackTop, p.WhiteTop, p.WhiteBot,
		render.Over(p.Cell, p.Last), render.Over(p.Cell, p.LastLine), render.Over(render.Over(p.Cell, p.Last), p.LastLine)}
	for _, side := range p.terr {
		for _, t := range side {
			c := render.Over(p.Cell, t)
			out = append(out, c, render.Over(c, p.Last), render.Over(render.Over(c, p.Last), p.LastLine))
		}
	}
	return out
}

// samples draws images holding everything an image can show: both
// amazons and arrows on plain, tinted and territory squares, the last
// turn's lines and the strip's texts. The palette is chosen from them.
func (r *Renderer) samples() []*image.RGBA {
	pos := amazons.NewPosition(amazons.White)
	kinds := []amazons.Piece{amazons.Empty, amazons.Arrow, amazons.Empty, amazons.WhiteAmazon, amazons.Arrow, amazons.Empty, amazons.BlackAmazon}
	for sq := amazons.Square(0); sq < amazons.Squares; sq++ {
		if q, ok := pos.Put(sq, kinds[(sq.File()+sq.Rank()*3)%len(kinds)]); ok {
			pos = q
		}
	}
	a := image.NewRGBA(r.lay.Bounds())
	r.draw(a, Scene{Position: pos, Territory: true, Last: amazons.Turn{From: amazons.Sq(0, 0), To: amazons.Sq(0, 9), Arrow: amazons.Sq(9, 0)}, HasLast: true})
	r.drawStatus(a, nil, status{icon: amazons.White, head: "White to move", token: "d10-d2/j8", caption: "Territory: White 23 - Black 17", end: "by resignation"})
	b := image.NewRGBA(r.lay.Bounds())
	r.draw(b, Scene{Position: amazons.Start(), Last: amazons.Turn{From: amazons.Sq(2, 2), To: amazons.Sq(7, 7), Arrow: amazons.Sq(7, 2)}, HasLast: true})
	r.drawStatus(b, nil, status{icon: amazons.Black, head: "Black wins", token: "a1-j10/a10", caption: "Turn 123456789", end: "White cannot move", won: true})
	return []*image.RGBA{a, b}
}
