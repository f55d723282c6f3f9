package fanorona

import "strings"

// Capture says how a step captures: not at all (a paika, or a step of
// Black in Véla's first phase), by approach or by withdrawal.
type Capture uint8

// The ways a step captures.
const (
	NoCapture  Capture = iota
	Approach           // written A
	Withdrawal         // written W
)

// Letter is the capture's letter in a turn token: "", "A" or "W".
func (c Capture) Letter() string {
	switch c {
	case Approach:
		return "A"
	case Withdrawal:
		return "W"
	}
	return ""
}

func (c Capture) String() string {
	switch c {
	case Approach:
		return "approach"
	case Withdrawal:
		return "withdrawal"
	}
	return "none"
}

// ParsePoint reads a point such as "e3" (case-insensitive).
func ParsePoint(s string) (Point, error) {
	p, ok, off := scanPoint(s)
	if !ok {
		return NoPoint, textErr(ErrMalformed, "malformed point "+quote(s)+": write a file a to i and a rank 1 to 5, such as e3", s)
	}
	if off {
		return NoPoint, textErr(ErrOffBoard, "point "+quote(s)+" is off the board (a1 to i5)", s)
	}
	return p, nil
}

// scanPoint reads a letter and a number of at most three digits without a
// leading zero. ok is false when s is not of that form; off is true when
// it is, but names no point of the board.
func scanPoint(s string) (p Point, ok, off bool) {
	if len(s) < 2 || len(s) > 4 {
		return NoPoint, false, false
	}
	c := s[0] | 0x20
	if c < 'a' || c > 'z' {
		return NoPoint, false, false
	}
	rank := 0
	for i := 1; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' || (i == 1 && s[i] == '0' && len(s) > 2) {
			return NoPoint, false, false
		}
		rank = rank*10 + int(s[i]-'0')
	}
	if c > 'i' || rank < 1 || rank > Ranks {
		return NoPoint, true, true
	}
	return NewPoint(int(c-'a'), rank-1), true, false
}

// Step is one move of one piece to a neighbouring point, with the capture
// it makes. A turn is one step (a paika or a capture) or a sequence of
// capturing steps by the same piece.
type Step struct {
	From, To Point
	Capture  Capture
}

// Dir is the direction of the step, or NoDir if To is not a neighbour of
// From along a line.
func (s Step) Dir() Dir { return DirBetween(s.From, s.To) }

// String writes the step as a one-step turn token: "e2-e3" or "d2-e3A".
func (s Step) String() string { return s.From.String() + "-" + s.To.String() + s.Capture.Letter() }

// ParseStep reads one step written as a one-step turn token ("e2-e3",
// "d2-e3A"). It checks the form only; Position.Step checks the rules.
func ParseStep(s string) (Step, error) {
	t, err := ParseTurn(s)
	if err != nil {
		return Step{}, err
	}
	if t.Len() != 1 {
		return Step{}, textErr(ErrMalformed, "malformed step "+quote(s)+": write one step, such as e2-e3 or d2-e3A", s)
	}
	return t.Step(0), nil
}

// MaxSteps bounds the steps of a turn token: a piece that may not revisit
// a point makes at most 44 steps on a board of 45 points (a legal turn has
// at most 22, since each step captures).
const MaxSteps = Points - 1

// Turn is a whole turn: the point the piece starts from and each point it
// moves to, with the capture of each step. It is a value of 64 bytes that
// needs no allocation. The zero Turn has no steps.
type Turn struct {
	from Point
	n    uint8
	to   [MaxSteps]Point
	capt uint64 // bit i: step i captures
	wd   uint64 // bit i: step i captures by withdrawal
}

// NewTurn builds a turn from its steps, each starting where the one before
// it ended. It reports false if there are no steps, too many, or they do
// not chain.
func NewTurn(steps ...Step) (Turn, bool) {
	var t Turn
	if len(steps) == 0 || len(steps) > MaxSteps {
		return t, false
	}
	t.from = steps[0].From
	for i, s := range steps {
		if i > 0 && s.From != steps[i-1].To {
			return Turn{}, false
		}
		t.push(s.To, s.Capture)
	}
	return t, true
}

func (t *Turn) push(to Point, c Capture) {
	i := t.n
	t.to[i] = to
	m := uint64(1) << i
	t.capt &^= m
	t.wd &^= m
	switch c {
	case Approach:
		t.capt |= m
	case Withdrawal:
		t.capt |= m
		t.wd |= m
	}
	t.n++
}

// pop removes the last step, leaving the turn as if it had never been
// pushed (turns compare equal with ==).
func (t *Turn) pop() {
	t.n--
	m := uint64(1) << t.n
	t.to[t.n] = 0
	t.capt &^= m
	t.wd &^= m
}

// Len is the number of steps.
func (t Turn) Len() int { return int(t.n) }

// From is the point the moving piece starts from.
func (t Turn) From() Point { return t.from }

// To is the point the piece ends on.
func (t Turn) To() Point {
	if t.n == 0 {
		return t.from
	}
	return t.to[t.n-1]
}

// Step returns step i (0-based).
func (t Turn) Step(i int) Step {
	from := t.from
	if i > 0 {
		from = t.to[i-1]
	}
	c := NoCapture
	if t.capt&(1<<i) != 0 {
		c = Approach
		if t.wd&(1<<i) != 0 {
			c = Withdrawal
		}
	}
	return Step{From: from, To: t.to[i], Capture: c}
}

// Steps returns the steps in order.
func (t Turn) Steps() []Step {
	out := make([]Step, t.Len())
	for i := range out {
		out[i] = t.Step(i)
	}
	return out
}

// IsCapture reports whether the turn's first step captures.
func (t Turn) IsCapture() bool { return t.capt&1 != 0 }

// String writes the turn token: "e2-e3", "d2-e3A", "d2-e3A-e4W-d4A".
func (t Turn) String() string {
	if t.n == 0 {
		return ""
	}
	b := make([]byte, 0, 2+int(t.n)*4)
	b = appendPoint(b, t.from)
	for i := 0; i < int(t.n); i++ {
		b = append(b, '-')
		b = appendPoint(b, t.to[i])
		if t.capt&(1<<i) != 0 {
			if t.wd&(1<<i) != 0 {
				b = append(b, 'W')
			} else {
				b = append(b, 'A')
			}
		}
	}
	return string(b)
}

func appendPoint(b []byte, p Point) []byte {
	if !p.Valid() {
		return append(b, '-')
	}
	return append(b, byte('a'+p.File()), byte('1'+p.Rank()))
}

// ParseTurn reads a turn token (squares and letters in any case). It
// checks the form only: a first point, then for each step '-', a point and
// an optional letter A or W. Position.Apply checks the rules.
func ParseTurn(s string) (Turn, error) {
	var t Turn
	malformed := func() (Turn, error) {
		return Turn{}, textErr(ErrMalformed, "malformed turn "+quote(s)+": write from-to, such as e2-e3, with A or W after each capturing step, such as d2-e3A-e4W", s)
	}
	if len(s) > 8*MaxSteps {
		return malformed()
	}
	parts := strings.Split(s, "-")
	if len(parts) < 2 || len(parts)-1 > MaxSteps {
		return malformed()
	}
	off := ""
	for i, part := range parts {
		c := NoCapture
		if i > 0 && len(part) > 0 {
			switch part[len(part)-1] {
			case 'A', 'a':
				c = Approach
			case 'W', 'w':
				c = Withdrawal
			}
			if c != NoCapture {
				part = part[:len(part)-1]
			}
		}
		p, ok, isOff := scanPoint(part)
		if !ok {
			return malformed()
		}
		if isOff && off == "" {
			off = part
		}
		if i == 0 {
			t.from = p
			continue
		}
		t.push(p, c)
	}
	if off != "" {
		return Turn{}, textErr(ErrOffBoard, "point "+quote(off)+" is off the board (a1 to i5)", off)
	}
	return t, nil
}
