package amazons

import (
	"strconv"
	"strings"
)

// ParseSquare reads a square: a file letter a to j and a rank 1 to 10, in
// any case ("d1", "J10"). A letter and a number that name no square of the
// board ("k5", "a0", "a11") give ErrOffBoard; anything else ErrMalformed.
func ParseSquare(s string) (Square, error) {
	return parseSquare(s, "square", s)
}

func parseSquare(s, what, text string) (Square, error) {
	bad := func(kind error, reason string) (Square, error) {
		return NoSquare, &NotationError{Kind: kind, What: what, Text: text, Part: s, Reason: reason}
	}
	if len(s) < 2 || len(s) > 4 {
		return bad(ErrMalformed, "malformed square "+quote(s)+" (expected a file letter a to j and a rank 1 to 10, as d1 or j10)")
	}
	f := s[0] | 0x20 // lower case
	if f < 'a' || f > 'z' {
		return bad(ErrMalformed, "malformed square "+quote(s)+" (expected a file letter a to j and a rank 1 to 10, as d1 or j10)")
	}
	digits := s[1:]
	for i := 0; i < len(digits); i++ {
		if digits[i] < '0' || digits[i] > '9' {
			return bad(ErrMalformed, "malformed square "+quote(s)+" (expected a file letter a to j and a rank 1 to 10, as d1 or j10)")
		}
	}
	if len(digits) > 1 && digits[0] == '0' {
		return bad(ErrMalformed, "malformed square "+quote(s)+" (a rank has no leading zero: expected a file letter a to j and a rank 1 to 10, as d1 or j10)")
	}
	r, _ := strconv.Atoi(digits)
	if f > 'j' || r < 1 || r > Ranks {
		return bad(ErrOffBoard, "square "+strings.ToUpper(s[:1])+s[1:]+" is off the board (a1 to j10)")
	}
	return Sq(int(f-'a'), r-1), nil
}

// String writes the turn as FROM-TO/ARROW in lower case: "d1-d7/g7".
func (t Turn) String() string { return string(t.AppendText(nil)) }

// AppendText appends the turn as String writes it.
func (t Turn) AppendText(b []byte) []byte {
	if !t.From.Valid() || !t.To.Valid() || !t.Arrow.Valid() {
		return append(b, "-"...)
	}
	b = appendSquare(b, t.From)
	b = append(b, '-')
	b = appendSquare(b, t.To)
	b = append(b, '/')
	return appendSquare(b, t.Arrow)
}

// Move returns the turn's move (its first half).
func (t Turn) Move() Move { return Move{t.From, t.To} }

// String writes the move as FROM-TO: "d1-d7".
func (m Move) String() string { return m.From.String() + "-" + m.To.String() }

// ParseTurn reads a turn token: exactly FROM-TO/ARROW, as d1-d7/g7, the
// squares in any case. It checks the notation only; Position.Apply checks
// the rules.
func ParseTurn(s string) (Turn, error) {
	malformed := func() (Turn, error) {
		return Turn{NoSquare, NoSquare, NoSquare}, &NotationError{Kind: ErrMalformed, What: "turn", Text: s,
			Reason: "malformed turn " + quote(s) + " (expected FROM-TO/ARROW, as d1-d7/g7)"}
	}
	dash := strings.IndexByte(s, '-')
	slash := strings.IndexByte(s, '/')
	if dash < 0 || slash < dash || strings.Count(s, "-") != 1 || strings.Count(s, "/") != 1 {
		return malformed()
	}
	parts := [3]string{s[:dash], s[dash+1 : slash], s[slash+1:]}
	var sq [3]Square
	// A part that is not a square at all makes the token malformed; a
	// well-formed square off the board is reported as such.
	var off error
	for i, part := range parts {
		q, err := parseSquare(part, "turn", s)
		if err != nil {
			if ne, ok := err.(*NotationError); ok && ne.Kind == ErrOffBoard {
				if off == nil {
					off = err
				}
				continue
			}
			return malformed()
		}
		sq[i] = q
	}
	if off != nil {
		return Turn{NoSquare, NoSquare, NoSquare}, off
	}
	return Turn{sq[0], sq[1], sq[2]}, nil
}

// ParseMove reads a move without its shot: FROM-TO, as d1-d7.
func ParseMove(s string) (Move, error) {
	t, err := ParseTurn(s + "/a1")
	if err != nil {
		if ne, ok := err.(*NotationError); ok {
			ne2 := *ne
			ne2.Text = s
			if ne2.Kind == ErrMalformed {
				ne2.Reason = "malformed move " + quote(s) + " (expected FROM-TO, as d1-d7)"
			}
			return Move{NoSquare, NoSquare}, &ne2
		}
		return Move{NoSquare, NoSquare}, err
	}
	return t.Move(), nil
}

// ParsePosition reads a position: the ranks from 10 down to 1 separated
// by '/', each from file a, with w and b for amazons, x for arrows and a
// number for a run of empty squares; one space; the side to move, w or b.
// For example StartText.
func ParsePosition(s string) (Position, error) {
	bad := func(kind error, part, reason string) (Position, error) {
		return Position{}, &NotationError{Kind: kind, What: "position", Text: s, Part: part, Reason: reason}
	}
	const expected = " (expected the ranks from 10 down to 1 separated by '/', with w, b, x and numbers of empty squares, then a space and w or b, as " + StartText + ")"
	board, side, ok := strings.Cut(s, " ")
	if !ok {
		return bad(ErrMalformed, "", "malformed position "+quote(s)+": no side to move"+expected)
	}
	var p Position
	switch side {
	case "w":
		p = NewPosition(White)
	case "b":
		p = NewPosition(Black)
	default:
		return bad(ErrMalformed, side, "malformed position "+quote(s)+": the side to move "+quote(side)+" is not w or b"+expected)
	}
	ranks := strings.Split(board, "/")
	if len(ranks) != Ranks {
		return bad(ErrMalformed, board, "malformed position "+quote(s)+": "+strconv.Itoa(len(ranks))+" ranks instead of 10"+expected)
	}
	for i, row := range ranks {
		r := Ranks - 1 - i
		f := 0
		badRank := func(why string) (Position, error) {
			return bad(ErrMalformed, row, "malformed position "+quote(s)+": rank "+strconv.Itoa(r+1)+" "+quote(row)+" "+why+expected)
		}
		for j := 0; j < len(row); {
			c := row[j]
			switch {
			case c >= '0' && c <= '9':
				k := j
				for k < len(row) && row[k] >= '0' && row[k] <= '9' {
					k++
				}
				n, err := strconv.Atoi(row[j:k])
				if err != nil || n < 1 || row[j] == '0' {
					return badRank("holds the number " + quote(row[j:k]) + " (a run of empty squares is 1 to 10)")
				}
				f += n
				j = k
			case c == 'w' || c == 'b' || c == 'x':
				pc := Arrow
				switch c {
				case 'w':
					pc = WhiteAmazon
				case 'b':
					pc = BlackAmazon
				}
				if f < Files && !p.put(Sq(f, r), pc) {
					side := White
					if pc == BlackAmazon {
						side = Black
					}
					return bad(ErrBadPosition, row, "impossible position "+quote(s)+": "+side.String()+" has more than four amazons")
				}
				f++
				j++
			default:
				return badRank("holds " + quote(string(row[j:j+1])) + " (only w, b, x and digits)")
			}
			if f > Files {
				return badRank("is longer than 10 squares")
			}
		}
		if f != Files {
			return badRank("covers " + strconv.Itoa(f) + " squares instead of 10")
		}
	}
	return p, nil
}

// String writes the position in the notation, as ParsePosition reads it.
func (p Position) String() string { return string(p.AppendText(nil)) }

// AppendText appends the position as String writes it.
func (p Position) AppendText(b []byte) []byte {
	for r := Ranks - 1; r >= 0; r-- {
		run := 0
		for f := 0; f < Files; f++ {
			pc := p.board[toBox[Sq(f, r)]]
			if pc == Empty {
				run++
				continue
			}
			if run > 0 {
				b = strconv.AppendInt(b, int64(run), 10)
				run = 0
			}
			b = append(b, ".wbx"[pc])
		}
		if run > 0 {
			b = strconv.AppendInt(b, int64(run), 10)
		}
		if r > 0 {
			b = append(b, '/')
		}
	}
	if p.toMove == Black {
		return append(b, " b"...)
	}
	return append(b, " w"...)
}
