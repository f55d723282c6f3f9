package bot

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/veletasbot/veletas/game/veletas"
)

// Limits on what users type. Discord caps option values itself, but the
// console and a hostile client do not.
const (
	maxOptionLen = 100 // bytes in one option value
	maxSquares   = 10  // squares in one list option
	maxCustomID  = 100 // Discord's limit on a custom id
)

// errInput marks a malformed option, custom id or console line. Its message
// is shown to the user.
var errInput = errors.New("bad input")

// inputError is an error in what a user typed, with a sentence for them:
// msg, or the catalogue's message key with args in the user's language.
type inputError struct {
	msg  string
	key  string
	args []any
}

func (e *inputError) Error() string { return e.msg }
func (e *inputError) Unwrap() error { return errInput }

// text is the sentence in the language of locale.
func (e *inputError) text(locale string) string {
	if e.key == "" {
		return e.msg
	}
	return tr(locale, e.key, e.args...)
}

// badInput refuses with a sentence already written (in English, or
// already translated with tr).
func badInput(format string, args ...any) error {
	return &inputError{msg: fmt.Sprintf(format, args...)}
}

// refuse refuses with the catalogue's message key (messages.go), written
// in the user's language when the refusal is shown.
func refuse(key string, args ...any) error {
	return &inputError{msg: tr("", key, args...), key: key, args: args}
}

// quote shows a value typed by a user in a reply: clipped, printable, in
// backquotes that it cannot break out of.
func quote(s string) string {
	if len(s) > 24 {
		cut := 24
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = s[:cut] + "…"
	}
	s = strings.Map(func(r rune) rune {
		if r == '`' || r < ' ' || r == utf8.RuneError {
			return '?'
		}
		return r
	}, s)
	return "`" + s + "`"
}

// parseSquare reads one square option, such as "c4" (any case, spaces
// around it ignored), and checks that it is on a board of the given size
// (any size when size is 0).
func parseSquare(opt, text string, size veletas.Size) (veletas.Square, error) {
	t := strings.TrimSpace(text)
	if t == "" {
		return veletas.NoSquare, refuse("square.missing", opt)
	}
	if len(t) > 8 {
		return veletas.NoSquare, refuse("square.bad", quote(t))
	}
	sq, err := veletas.ParseSquare(t)
	if err != nil {
		return veletas.NoSquare, refuse("square.bad", quote(t))
	}
	if size != 0 && !sq.On(size) {
		last := veletas.Sq(int(size)-1, int(size)-1)
		return veletas.NoSquare, refuse("square.off", quote(t), int(size), int(size), last.String())
	}
	return sq, nil
}

// ParseSquareList reads a list option such as "d4 g7,b9" or "[d4, g7]":
// squares separated by spaces or commas, optionally in brackets. Every
// square must be on a board of the given size (any size when 0).
func ParseSquareList(opt, text string, size veletas.Size) ([]veletas.Square, error) {
	if len(text) > maxOptionLen {
		return nil, refuse("list.toolong", opt, maxSquares)
	}
	t := strings.TrimSpace(text)
	t = strings.TrimPrefix(t, "[")
	t = strings.TrimSuffix(t, "]")
	fields := strings.FieldsFunc(t, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' })
	if len(fields) == 0 {
		return nil, refuse("list.empty", opt)
	}
	if len(fields) > maxSquares {
		return nil, refuse("list.toomany", opt, maxSquares)
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

// Button actions carried in custom ids.
const (
	btnAccept  = "accept"
	btnDecline = "decline"
	btnSwap    = "swap"
	btnKeep    = "keep"
)

const customIDPrefix = "veletas"

// buttonID is the parsed form of a custom id: "veletas:ACTION:KEY:REV".
// KEY names a challenge (accept, decline) or a game (swap, keep); REV is
// the game's revision the button was made for, so that a stale button is
// refused.
type buttonID struct {
	Action string
	Key    string
	Rev    uint64
}

func (b buttonID) String() string {
	return customIDPrefix + ":" + b.Action + ":" + b.Key + ":" + strconv.FormatUint(b.Rev, 10)
}

// ParseCustomID reads a button's custom id. Anything not made by this
// package is an error.
func parseCustomID(s string) (buttonID, error) {
	bad := func() (buttonID, error) {
		return buttonID{}, refuse("button.notmine")
	}
	if len(s) > maxCustomID {
		return bad()
	}
	parts := strings.Split(s, ":")
	if len(parts) != 4 || parts[0] != customIDPrefix {
		return bad()
	}
	switch parts[1] {
	case btnAccept, btnDecline, btnSwap, btnKeep, btnTakebackYes, btnTakebackNo, btnRematch, btnRecord:
	default:
		return bad()
	}
	if !validKey(parts[2]) {
		return bad()
	}
	rev, err := strconv.ParseUint(parts[3], 10, 64)
	if err != nil || parts[3] != strconv.FormatUint(rev, 10) {
		return bad()
	}
	return buttonID{Action: parts[1], Key: parts[2], Rev: rev}, nil
}

// validKey reports whether s is a short id of letters, digits, '-' and '_'.
func validKey(s string) bool {
	if s == "" || len(s) > 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}
