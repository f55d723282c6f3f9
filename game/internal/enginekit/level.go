package enginekit

import (
	"errors"
	"fmt"
	"strings"
)

// Level is a named strength of a computer player. Each game's AI package
// defines its own level type on it, with the search settings of each
// level, and converts with Level(l).
type Level uint8

// The levels, weakest first.
const (
	Easy Level = iota + 1
	Medium
	Hard
)

// Levels lists the levels, weakest first.
var Levels = []Level{Easy, Medium, Hard}

// String returns "easy", "medium" or "hard" ("unknown" for any other
// value).
func (l Level) String() string {
	switch l {
	case Easy:
		return "easy"
	case Medium:
		return "medium"
	case Hard:
		return "hard"
	}
	return "unknown"
}

// ErrUnknownLevel is returned by ParseLevel for a name that is not a level.
var ErrUnknownLevel = errors.New("ai: unknown level")

// ParseLevel reads "easy", "medium" or "hard" (any case). The error for
// anything else wraps ErrUnknownLevel and says what to write.
func ParseLevel(s string) (Level, error) {
	for _, l := range Levels {
		if strings.EqualFold(s, l.String()) {
			return l, nil
		}
	}
	return 0, fmt.Errorf("%w %q: use easy, medium or hard", ErrUnknownLevel, Clip(s))
}
