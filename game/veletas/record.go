package veletas

import (
	"errors"
	"io"
	"strings"

	"github.com/veletasbot/veletas/game/internal/enginekit"
)

// MaxRecordBytes bounds the text of a record read by ParseRecord; a real
// game is far smaller.
const MaxRecordBytes = 1 << 20

// errRecordTooLong is the error of a record, or one of its lines, over
// MaxRecordBytes, worded alike by every game's tools.
func errRecordTooLong() error {
	return newErr(ErrMalformed, "the record is too long: over "+itoa(MaxRecordBytes)+" bytes (a game record is a few kilobytes)")
}

// Game is a game in progress or finished: the actions taken, which are the
// source of truth, and the position they lead to.
type Game struct {
	actions []Action
	pos     Position
}

// NewGame returns a game of the given size before its first action, under
// the classic rules unless WithRules says otherwise.
func NewGame(size Size, opts ...Option) (Game, error) {
	p, err := newPosition(size, configOf(opts).rules)
	if err != nil {
		return Game{}, err
	}
	return Game{pos: p}, nil
}

// Size is the board size.
func (g Game) Size() Size { return g.pos.size }

// Rules is the rule set the game is played under.
func (g Game) Rules() Rules { return g.pos.rules }

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
	p, _ := newPosition(g.pos.size, g.pos.rules)
	for _, a := range g.actions[:n] {
		p, _ = p.Apply(a)
	}
	return p
}

// Positions returns the position before any action followed by the
// position after each action: Len()+1 positions.
func (g Game) Positions() []Position {
	p, _ := newPosition(g.pos.size, g.pos.rules)
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

// String writes the game record: a header (size=N, and rules=revised for a
// game under the revised rules) and one action per line.
func (g Game) String() string {
	var b strings.Builder
	b.WriteString("size=")
	b.WriteString(itoa(int(g.pos.size)))
	if g.pos.rules != Classic {
		b.WriteString(" rules=")
		b.WriteString(g.pos.rules.String())
	}
	b.WriteByte('\n')
	for _, a := range g.actions {
		b.WriteString(a.String())
		b.WriteByte('\n')
	}
	return b.String()
}

// ParseRecord reads a game record: an optional header of size=N (10 when
// absent) and rules=classic|revised (classic when absent) tokens, in any
// order and each at most once, then action tokens separated by white
// space, with lines starting with '#' skipped. It checks each action
// against the rules in order and stops at the first bad one with a
// *TokenError naming its number (0 for a header token).
func ParseRecord(r io.Reader) (Game, error) {
	var g Game
	var h header
	started, n := false, 0
	err := enginekit.ReadRecord(r, MaxRecordBytes, strings.Fields, func(tok string) error {
		if !started {
			ok, err := h.read(tok)
			if err != nil {
				return &TokenError{N: 0, Token: tok, Err: err}
			}
			if ok {
				return nil
			}
			started = true
			g, _ = NewGame(h.size(), WithRules(h.rules))
		}
		n++
		if _, ok := headerKey(tok); ok {
			return &TokenError{N: n, Token: tok, Err: textErr(ErrMalformed, "header token "+quote(tok)+" after the first action: the header comes before it", tok)}
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
	if !started {
		g, _ = NewGame(h.size(), WithRules(h.rules))
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

// header collects a record's header tokens.
type header struct {
	sizeTok, rulesTok string // as written, "" when not given
	sz                Size
	rules             Rules
}

func (h *header) size() Size {
	if h.sizeTok == "" {
		return Size10
	}
	return h.sz
}

// headerKey returns "size" or "rules" for a token of that form.
func headerKey(tok string) (string, bool) {
	key, _, ok := strings.Cut(tok, "=")
	if !ok {
		return "", false
	}
	key = strings.ToLower(key)
	return key, key == "size" || key == "rules"
}

// read takes one token: ok is false when it is not a header token (the
// header has ended); err is set for a bad value or a token given twice.
func (h *header) read(tok string) (ok bool, err error) {
	key, ok := headerKey(tok)
	if !ok {
		return false, nil
	}
	_, val, _ := strings.Cut(tok, "=")
	switch key {
	case "size":
		if h.sizeTok != "" {
			return true, textErr(ErrBadHeader, "header token "+quote(tok)+" repeats "+quote(h.sizeTok)+": size may be given once", tok)
		}
		s, err := ParseSize(val)
		if err != nil {
			return true, err
		}
		h.sizeTok, h.sz = tok, s
	default:
		if h.rulesTok != "" {
			return true, textErr(ErrBadHeader, "header token "+quote(tok)+" repeats "+quote(h.rulesTok)+": rules may be given once", tok)
		}
		r, err := ParseRules(val)
		if err != nil {
			return true, err
		}
		h.rulesTok, h.rules = tok, r
	}
	return true, nil
}

// ParseRecordString is ParseRecord over a string.
func ParseRecordString(s string) (Game, error) { return ParseRecord(strings.NewReader(s)) }
