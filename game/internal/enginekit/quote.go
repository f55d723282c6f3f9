package enginekit

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// ClipRunes is the number of runes of user text Clip keeps.
const ClipRunes = 40

// Clip shortens user text for an error message to ClipRunes runes,
// followed by "..." when it was longer, and repairs invalid UTF-8: every
// byte that does not start a valid encoding becomes U+FFFD, so the
// result is always valid UTF-8.
func Clip(s string) string {
	if len(s) <= ClipRunes && utf8.ValidString(s) {
		return s
	}
	out := make([]rune, 0, ClipRunes)
	for _, r := range s {
		if len(out) == ClipRunes {
			return string(out) + "..."
		}
		out = append(out, r)
	}
	return string(out)
}

// Quote writes user text into a message on one line, between single
// quotes: clipped (Clip), with control characters escaped as Go does
// (\n, \t, \x00) and double quotes left as they are.
func Quote(s string) string {
	q := strconv.Quote(Clip(s))
	return "'" + strings.ReplaceAll(q[1:len(q)-1], `\"`, `"`) + "'"
}
