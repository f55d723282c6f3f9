package render

import "strings"

// Each game's drawer holds its strip's fixed words by language, in its
// own package (render/veletas, render/fanorona, render/amazons); this
// file holds what they share: how a game ended and the filling of a
// pattern. The Japanese characters of the Veletas and Fanorona words come
// from the subset of Droid Sans Fallback in fonts/ (text.go).

// Ending tells how a finished game ended, for the strip of its last image.
type Ending uint8

// The endings. EndNone (the zero value) shows nothing more than the
// position: a majority of claims shows on the board.
const (
	EndNone   Ending = iota
	EndResign        // the loser resigned
	EndTime          // the loser's time ran out and the winner claimed
)

// fill replaces the verbs of a pattern: %c a colour word, %s squares,
// %b %w %n %p %q numbers.
func fill(pattern string, args map[byte]string) string {
	var sb strings.Builder
	for i := 0; i < len(pattern); i++ {
		if pattern[i] == '%' && i+1 < len(pattern) {
			if v, ok := args[pattern[i+1]]; ok {
				sb.WriteString(v)
				i++
				continue
			}
		}
		sb.WriteByte(pattern[i])
	}
	return sb.String()
}
