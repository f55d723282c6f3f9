package fanorona

import (
	"errors"
	"io"
	"strconv"
	"strings"

	"github.com/veletasbot/veletas/game/internal/enginekit"
)

// MaxRecordBytes bounds the text of a record read by ParseRecord; a real
// game is far smaller.
const MaxRecordBytes = 1 << 20

// errRecordTooLong is the error of a record, or one of its lines, over
// MaxRecordBytes, worded alike by every game's tools.
func errRecordTooLong() error {
	return newErr(ErrMalformed, "the record is too long: over "+strconv.Itoa(MaxRecordBytes)+" bytes (a game record is a few kilobytes)")
}

// Game is a game in progress or finished: the variant, the turns played,
// which are the source of truth, and the position they lead to.
type Game struct {
	turns []Turn
	pos   Position
}

// NewGame returns a game of the variant at the start.
func NewGame(v Variant) Game { return Game{pos: NewPosition(v)} }

// Variant is the game's ruleset.
func (g Game) Variant() Variant { return g.pos.variant }

// Position is the current position.
func (g Game) Position() Position { return g.pos }

// Turns returns a copy of the turns played.
func (g Game) Turns() []Turn { return append([]Turn(nil), g.turns...) }

// Len is the number of turns played.
func (g Game) Len() int { return len(g.turns) }

// Play returns the game after the turn, or the error from Position.Apply.
// The receiver is not changed.
func (g Game) Play(t Turn) (Game, error) {
	p, err := g.pos.Apply(t)
	if err != nil {
		return g, err
	}
	n := len(g.turns)
	return Game{turns: append(g.turns[:n:n], t), pos: p}, nil
}

// PlayToken parses and plays one turn token.
func (g Game) PlayToken(tok string) (Game, error) {
	t, err := ParseTurn(tok)
	if err != nil {
		return g, err
	}
	return g.Play(t)
}

// Positions returns the start position followed by the position after
// each turn: Len()+1 positions.
func (g Game) Positions() []Position {
	p := NewPosition(g.pos.variant)
	out := make([]Position, 0, len(g.turns)+1)
	out = append(out, p)
	for _, t := range g.turns {
		p, _ = p.Apply(t)
		out = append(out, p)
	}
	return out
}

// String writes the game record: the variant header and one turn per
// line.
func (g Game) String() string {
	var b strings.Builder
	b.WriteString("variant=")
	b.WriteString(g.pos.variant.String())
	b.WriteByte('\n')
	for _, t := range g.turns {
		b.WriteString(t.String())
		b.WriteByte('\n')
	}
	return b.String()
}

// ParseRecord reads a game record: turn tokens separated by white space,
// lines whose first character is '#' skipped, the first token being
// optionally the header variant=fanorona or variant=vela (Fanorona when
// absent). It checks each turn against the rules in order and stops at the
// first bad one with a *TokenError naming its number (1-based, the header
// not counted). Any other header, or a header in any other place, is a
// malformed turn token.
func ParseRecord(r io.Reader) (Game, error) {
	g := NewGame(Fanorona)
	started, n := false, 0
	err := enginekit.ReadRecord(r, MaxRecordBytes, strings.Fields, func(tok string) error {
		if !started {
			started = true
			switch tok {
			case "variant=fanorona":
				return nil
			case "variant=vela":
				g = NewGame(Vela)
				return nil
			}
		}
		n++
		if strings.Contains(tok, "=") {
			return &TokenError{N: n, Token: tok, Err: textErr(ErrMalformed, quote(tok)+" is not a turn (a header is only allowed as the first token, as variant=fanorona or variant=vela)", tok)}
		}
		next, err := g.PlayToken(tok)
		if err != nil {
			return &TokenError{N: n, Token: tok, Err: err}
		}
		g = next
		return nil
	})
	if err != nil {
		return Game{}, recordError(err)
	}
	return g, nil
}

// recordError words an error of enginekit.ReadRecord: a *TokenError as
// it is, a record over MaxRecordBytes and a reader's error as this
// package's errors.
func recordError(err error) error {
	var te *TokenError
	switch {
	case errors.As(err, &te):
		return err
	case errors.Is(err, enginekit.ErrRecordTooLong):
		return errRecordTooLong()
	}
	return newErr(ErrMalformed, "record could not be read: "+err.Error())
}

// ParseRecordString is ParseRecord over a string.
func ParseRecordString(s string) (Game, error) { return ParseRecord(strings.NewReader(s)) }
