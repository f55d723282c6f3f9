package amazons

import (
	"errors"
	"io"
	"strings"

	"github.com/veletasbot/veletas/game/internal/enginekit"
)

// MaxRecordBytes bounds the text of a record read by ParseRecord; a whole
// game is under a kilobyte.
const MaxRecordBytes = 1 << 20

// Game is a game in progress or finished: the turns played, which are the
// source of truth, and the position they lead to.
type Game struct {
	turns []Turn
	pos   Position
}

// NewGame returns a game at the start.
func NewGame() Game { return Game{pos: Start()} }

// Position is the current position.
func (g Game) Position() Position { return g.pos }

// Turns returns a copy of the turns played.
func (g Game) Turns() []Turn { return append([]Turn(nil), g.turns...) }

// Len is the number of turns played.
func (g Game) Len() int { return len(g.turns) }

// Result is the current position's result.
func (g Game) Result() Result { return g.pos.Result() }

// Play returns the game after the turn, or the error of Position.Apply.
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
	p := Start()
	out := make([]Position, 0, len(g.turns)+1)
	out = append(out, p)
	for _, t := range g.turns {
		p.Do(t)
		out = append(out, p)
	}
	return out
}

// String writes the game record: one turn per line.
func (g Game) String() string {
	var b []byte
	for _, t := range g.turns {
		b = t.AppendText(b)
		b = append(b, '\n')
	}
	return string(b)
}

// ParseRecord reads a game record: turn tokens separated by white space
// (spaces, tabs, line ends, CRLF too), lines whose first character is '#'
// skipped (a '#' anywhere else is part of a token, which is then
// malformed). It plays each turn in order from the start and stops at the
// first bad one with a *TokenError naming its number (1-based; comment
// lines hold no tokens) and why. A record over MaxRecordBytes gives a
// *TooLongError (ErrRecordTooLong).
func ParseRecord(r io.Reader) (Game, error) {
	g := NewGame()
	n := 0
	err := enginekit.ReadRecord(r, MaxRecordBytes, splitTokens, func(tok string) error {
		n++
		next, err := g.PlayToken(tok)
		if err != nil {
			return &TokenError{N: n, Token: tok, Err: err}
		}
		g = next
		return nil
	})
	if errors.Is(err, enginekit.ErrRecordTooLong) {
		return Game{}, &TooLongError{Limit: MaxRecordBytes}
	}
	if err != nil {
		return Game{}, err
	}
	return g, nil
}

// splitTokens cuts a record's line into tokens at white space (isSpace).
func splitTokens(line string) []string { return strings.FieldsFunc(line, isSpace) }

// isSpace reports the white space that separates a record's tokens:
// space, tab, line ends (CR and LF), vertical tab and form feed. Other
// characters, such as a no-break space, are part of a token.
func isSpace(r rune) bool {
	return r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\v' || r == '\f'
}

// ReplayTurns plays turns in order from the start, as a stored game is
// rebuilt; the first refused turn gives a *TokenError with its 1-based
// number and the rules' error.
func ReplayTurns(turns []Turn) (Game, error) {
	g := NewGame()
	for i, t := range turns {
		next, err := g.Play(t)
		if err != nil {
			return Game{}, &TokenError{N: i + 1, Token: t.String(), Err: err}
		}
		g = next
	}
	return g, nil
}

// ParseRecordString is ParseRecord over a string.
func ParseRecordString(s string) (Game, error) { return ParseRecord(strings.NewReader(s)) }
