package bot

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"
)

// Limits on what users type. Discord caps option values itself, but the
// console and a hostile client do not.
const (
	MaxOptionLen = 100 // bytes in one option value
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
	return tr(locale, e.key, localArgs(locale, e.args)...)
}

// trKey is a refusal's argument that is itself a catalogue key, written
// in the language of the user the refusal is shown to (a button's label).
type trKey string

// localArgs writes the trKey arguments in locale's language.
func localArgs(locale string, args []any) []any {
	var out []any // a copy, made at the first trKey
	for i, a := range args {
		if k, ok := a.(trKey); ok {
			if out == nil {
				out = append([]any(nil), args...)
			}
			out[i] = tr(locale, string(k))
		}
	}
	if out == nil {
		return args
	}
	return out
}

// badInput refuses with a sentence already written (in English, or
// already translated with tr).
func badInput(format string, args ...any) error {
	return &inputError{msg: fmt.Sprintf(format, args...)}
}

// refuse refuses with the catalogue's message key (messages.go), written
// in the user's language when the refusal is shown.
func refuse(key string, args ...any) error {
	return &inputError{msg: tr("", key, localArgs("", args)...), key: key, args: args}
}

// Quote shows a value typed by a user in a reply: clipped, printable, in
// backquotes that it cannot break out of.
func Quote(s string) string {
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

// validKey reports whether s is a short id of letters, digits, '-' and '_'.
func ValidID(s string) bool {
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

// validName reports whether s could be a command's name: 1 to 32 letters,
// digits, '_', '-' or '.'.
func validName(s string) bool {
	if s == "" || len(s) > 32 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.') {
			return false
		}
	}
	return true
}

// clipRunes keeps at most n runes of s, the last one an ellipsis when cut.
func clipRunes(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}
