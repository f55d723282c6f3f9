package veletas

import (
	"bufio"
	"io"
	"strings"
)

// MaxRecordBytes bounds the text of a record read by ParseRecord; a real
// game is far smaller.
const MaxRecordBytes = 1 << 20

// Game is a game in progress or finished: the actions taken, which are the
// source of truth, and the position they lead to.
type Game struct {
	actions []Action
	pos     Position
}

// NewGame returns a game of the given size before its first action.
func NewGame(size Size) (Game, error) {
	p, err := NewPosition(size)
	if err != nil {
		return Game{}, err
	}
	return Game{pos: p}, nil
}

// Size is the board size.
func (g Game) Size() Size { return g.pos.size }

// Position is the current position.
func (g Game) Position() Position { return g.pos }

// Actions returns a copy of the actions taken.
func (g Game) Actions() []Action { return append([]Action(nil), g.actions...) }

// Len is the number of actions taken.
func (g Game) Len() int { return len(g.actions) }

// LastAction returns the latest action and true, or false before the first.
func (g Game) LastAction() (Action, bool) {
	if len(g.actions) == 0 {
		return Action{}, false
	}
	return g.actions[len(g.actions)-1], true
}

// Play returns the game after the action, or the error from
// Position.Apply. The receiver is not changed.
func (g Game) Play(a Action) (Game, error) {
	p, err := g.pos.Apply(a)
	if err != nil {
		return g, err
	}
	if a.Kind == KindSetup {
		a.Shooters = append([]Square(nil), a.Shooters...)
	}
	n := len(g.actions)
	return Game{actions: append(g.actions[:n:n], a), pos: p}, nil
}

// PlayToken parses and plays one token.
func (g Game) PlayToken(tok string) (Game, error) {
	a, err := ParseAction(tok)
	if err != nil {
		return g, err
	}
	return g.Play(a)
}

// PositionAt returns the position after the first n actions (0 is the
// empty board).
func (g Game) PositionAt(n int) Position {
	p, _ := NewPosition(g.pos.size)
	for _, a := range g.actions[:n] {
		p, _ = p.Apply(a)
	}
	return p
}

// Positions returns the position before any action followed by the
// position after each action: Len()+1 positions.
func (g Game) Positions() []Position {
	p, _ := NewPosition(g.pos.size)
	out := make([]Position, 0, len(g.actions)+1)
	out = append(out, p)
	for _, a := range g.actions {
		p, _ = p.Apply(a)
		out = append(out, p)
	}
	return out
}

// Undo returns the game without its last n actions.
func (g Game) Undo(n int) Game {
	if n > len(g.actions) {
		n = len(g.actions)
	}
	k := len(g.actions) - n
	return Game{actions: g.actions[:k:k], pos: g.PositionAt(k)}
}

// String writes the game record: a size header and one action per line.
func (g Game) String() string {
	var b strings.Builder
	b.WriteString("size=")
	b.WriteString(itoa(int(g.pos.size)))
	b.WriteByte('\n')
	for _, a := range g.actions {
		b.WriteString(a.String())
		b.WriteByte('\n')
	}
	return b.String()
}

// ParseRecord reads a game record: an optional size=N header (10 when
// absent), then action tokens separated by white space, with lines starting
// with '#' skipped. It checks each action against the rules in order and
// stops at the first bad one with a *TokenError naming its number.
func ParseRecord(r io.Reader) (Game, error) {
	sc := bufio.NewScanner(io.LimitReader(r, MaxRecordBytes+1))
	sc.Buffer(make([]byte, 0, 4096), MaxRecordBytes+1)
	var g Game
	started, total := false, 0
	n := 0
	for sc.Scan() {
		line := sc.Text()
		total += len(line) + 1
		if total > MaxRecordBytes {
			return Game{}, newErr(ErrMalformed, "record is longer than 1 MiB; a game record is a few kilobytes")
		}
		if strings.HasPrefix(line, "#") {
			continue
		}
		for _, tok := range strings.Fields(line) {
			if !started {
				started = true
				size := Size10
				if rest, ok := strings.CutPrefix(strings.ToLower(tok), "size="); ok {
					s, err := ParseSize(rest)
					if err != nil {
						return Game{}, &TokenError{N: 0, Token: tok, Err: err}
					}
					size = s
					g, _ = NewGame(size)
					continue
				}
				g, _ = NewGame(size)
			}
			n++
			next, err := g.PlayToken(tok)
			if err != nil {
				return Game{}, &TokenError{N: n, Token: tok, Err: err}
			}
			g = next
		}
	}
	if err := sc.Err(); err != nil {
		return Game{}, newErr(ErrMalformed, "record could not be read: "+err.Error())
	}
	if !started {
		g, _ = NewGame(Size10)
	}
	return g, nil
}

// ParseRecordString is ParseRecord over a string.
func ParseRecordString(s string) (Game, error) { return ParseRecord(strings.NewReader(s)) }
