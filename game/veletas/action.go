package veletas

import "strings"

// Kind tells the three kinds of action apart.
type Kind uint8

// The kinds of action, in the order a game meets them.
const (
	KindSetup  Kind = iota + 1 // place shooters and one stone
	KindChoice                 // the second player's swap or keep
	KindTurn                   // optional queen move, then a shot
)

func (k Kind) String() string {
	switch k {
	case KindSetup:
		return "a setup"
	case KindChoice:
		return "the side choice (swap or keep)"
	case KindTurn:
		return "a turn"
	}
	return "no action"
}

// Turn is one turn: the shooter on From moves to To (NoSquare when it does
// not move), then shoots a stone onto Shot.
type Turn struct {
	From, To, Shot Square
}

// Moved reports whether the turn moves its shooter.
func (t Turn) Moved() bool { return t.To != NoSquare }

// Shooter is the square the shot is fired from.
func (t Turn) Shooter() Square {
	if t.To != NoSquare {
		return t.To
	}
	return t.From
}

func (t Turn) String() string {
	if t.Moved() {
		return t.From.String() + "-" + t.To.String() + "/" + t.Shot.String()
	}
	return t.From.String() + "/" + t.Shot.String()
}

// Action is one action of a game: a setup, the side choice or a turn.
type Action struct {
	Kind Kind
	// Setup: the shooters placed and the stone.
	Shooters []Square
	Stone    Square
	// Choice: true for swap, false for keep.
	Swap bool
	// Turn.
	Turn Turn
}

// SetupAction builds a setup action.
func SetupAction(shooters []Square, stone Square) Action {
	return Action{Kind: KindSetup, Shooters: append([]Square(nil), shooters...), Stone: stone}
}

// ChoiceAction builds the side choice: swap or keep.
func ChoiceAction(swap bool) Action { return Action{Kind: KindChoice, Swap: swap} }

// TurnAction wraps a turn.
func TurnAction(t Turn) Action { return Action{Kind: KindTurn, Turn: t} }

// String writes the action as a token of the notation.
func (a Action) String() string {
	switch a.Kind {
	case KindSetup:
		var b strings.Builder
		b.WriteByte('[')
		for i, s := range a.Shooters {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(s.String())
		}
		b.WriteByte(']')
		b.WriteString(a.Stone.String())
		return b.String()
	case KindChoice:
		if a.Swap {
			return "swap"
		}
		return "keep"
	case KindTurn:
		return a.Turn.String()
	}
	return "?"
}

func malformedToken(tok string) error {
	return textErr(ErrMalformed, "malformed token "+quote(tok)+": write a setup like [d4,g7,b9]e5, swap or keep, or a turn like d4-d7/f9 or g7/g2", tok)
}

// ParseAction reads one action token (any case). Squares beyond j10 are
// reported with ErrOffBoard; whether a square is on a smaller board is
// checked when the action is applied.
func ParseAction(tok string) (Action, error) {
	if len(tok) == 0 {
		return Action{}, newErr(ErrMalformed, "empty token: write a setup, swap or keep, or a turn")
	}
	if len(tok) > 64 {
		return Action{}, malformedToken(tok)
	}
	switch strings.ToLower(tok) {
	case "swap":
		return ChoiceAction(true), nil
	case "keep":
		return ChoiceAction(false), nil
	}
	if tok[0] == '[' {
		return parseSetup(tok)
	}
	return parseTurn(tok)
}

func squareIn(tok, text string) (Square, error) {
	sq, off, ok := parseSquareText(text)
	if !ok {
		return NoSquare, textErr(ErrMalformed, "malformed square "+quote(text)+" in "+quote(tok)+": write a file letter and a rank number, like c4", text)
	}
	if off {
		return NoSquare, textErr(ErrOffBoard, "square "+strings.ToLower(text)+" is off the board: the largest board is 10x10, a1 to j10", text)
	}
	return sq, nil
}

func parseSetup(tok string) (Action, error) {
	end := strings.IndexByte(tok, ']')
	if end < 0 || strings.Count(tok, "[") != 1 || strings.Count(tok, "]") != 1 {
		return Action{}, textErr(ErrMalformed, "malformed setup token "+quote(tok)+": write the shooters in brackets, then the stone, like [d4,g7,b9]e5", tok)
	}
	inner, rest := tok[1:end], tok[end+1:]
	if inner == "" || rest == "" || strings.ContainsAny(rest, ",") {
		return Action{}, textErr(ErrMalformed, "malformed setup token "+quote(tok)+": write the shooters in brackets, then the stone, like [d4,g7,b9]e5", tok)
	}
	parts := strings.Split(inner, ",")
	if len(parts) > 7 {
		return Action{}, countErr(len(parts), 0)
	}
	a := Action{Kind: KindSetup, Shooters: make([]Square, 0, len(parts))}
	for _, p := range parts {
		sq, err := squareIn(tok, p)
		if err != nil {
			return Action{}, err
		}
		a.Shooters = append(a.Shooters, sq)
	}
	st, err := squareIn(tok, rest)
	if err != nil {
		return Action{}, err
	}
	a.Stone = st
	return a, nil
}

func parseTurn(tok string) (Action, error) {
	slash := strings.IndexByte(tok, '/')
	if slash < 0 || strings.Count(tok, "/") != 1 {
		return Action{}, malformedToken(tok)
	}
	head, shot := tok[:slash], tok[slash+1:]
	var t Turn
	t.To = NoSquare
	from := head
	to := ""
	if i := strings.IndexByte(head, '-'); i >= 0 {
		from, to = head[:i], head[i+1:]
		if to == "" || strings.IndexByte(to, '-') >= 0 {
			return Action{}, malformedToken(tok)
		}
	}
	for _, p := range []string{from, to, shot} {
		if p == "" {
			continue
		}
		if _, _, ok := parseSquareText(p); !ok {
			return Action{}, malformedToken(tok)
		}
	}
	if from == "" || shot == "" {
		return Action{}, malformedToken(tok)
	}
	var err error
	if t.From, err = squareIn(tok, from); err != nil {
		return Action{}, err
	}
	if to != "" {
		if t.To, err = squareIn(tok, to); err != nil {
			return Action{}, err
		}
	}
	if t.Shot, err = squareIn(tok, shot); err != nil {
		return Action{}, err
	}
	return TurnAction(t), nil
}
