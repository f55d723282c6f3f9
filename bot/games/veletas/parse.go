package veletasmod

import (
	"strings"

	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/game/veletas"
)

// parseSquare reads one square option, such as "c4" (any case, spaces
// around it ignored), and checks that it is on a board of the given size
// (any size when size is 0).
func parseSquare(opt, text string, size veletas.Size) (veletas.Square, error) {
	t := strings.TrimSpace(text)
	if t == "" {
		return veletas.NoSquare, bot.Refuse("square.missing", opt)
	}
	if len(t) > 8 {
		return veletas.NoSquare, bot.Refuse("square.bad", bot.Quote(t))
	}
	sq, err := veletas.ParseSquare(t)
	if err != nil {
		if size != 0 && squareLike(t) { // z9, a0, c11: written as a square, not on the board
			last := veletas.Sq(int(size)-1, int(size)-1)
			return veletas.NoSquare, bot.Refuse("square.off", bot.Quote(t), int(size), int(size), last.String())
		}
		return veletas.NoSquare, bot.Refuse("square.bad", bot.Quote(t))
	}
	if size != 0 && !sq.On(size) {
		last := veletas.Sq(int(size)-1, int(size)-1)
		return veletas.NoSquare, bot.Refuse("square.off", bot.Quote(t), int(size), int(size), last.String())
	}
	return sq, nil
}

// squareLike reports whether t is written as a square, a letter then a
// number of one to three digits, whether or not the square exists on any
// board: "z9", "a0" and "h1" are all refused as off the board.
func squareLike(t string) bool {
	if len(t) < 2 || len(t) > 4 {
		return false
	}
	c := t[0] | 0x20
	if c < 'a' || c > 'z' {
		return false
	}
	for i := 1; i < len(t); i++ {
		if t[i] < '0' || t[i] > '9' {
			return false
		}
	}
	return true
}

// ParseSquareList reads a list option such as "d4 g7,b9" or "[d4, g7]":
// squares separated by spaces or commas, optionally in brackets. Every
// square must be on a board of the given size (any size when 0).
func ParseSquareList(opt, text string, size veletas.Size) ([]veletas.Square, error) {
	if len(text) > bot.MaxOptionLen {
		return nil, bot.Refuse("list.toolong", opt, maxSquares)
	}
	t := strings.TrimSpace(text)
	t = strings.TrimPrefix(t, "[")
	t = strings.TrimSuffix(t, "]")
	fields := strings.FieldsFunc(t, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' })
	if len(fields) == 0 {
		return nil, bot.Refuse("list.empty", opt)
	}
	if len(fields) > maxSquares {
		return nil, bot.Refuse("list.toomany", opt, maxSquares)
	}
	out := make([]veletas.Square, 0, len(fields))
	for _, f := range fields {
		sq, err := parseSquare(opt, f, size)
		if err != nil {
			return nil, err
		}
		out = append(out, sq)
	}
	return out, nil
}

// maxSquares bounds the squares of one list option.
const maxSquares = 10
