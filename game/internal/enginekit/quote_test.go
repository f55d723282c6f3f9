package enginekit

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestClip(t *testing.T) {
	long := strings.Repeat("é", 45)
	for _, c := range []struct{ in, want string }{
		{"", ""},
		{"c4", "c4"},
		{strings.Repeat("a", 40), strings.Repeat("a", 40)},
		{strings.Repeat("a", 41), strings.Repeat("a", 40) + "..."},
		// 40 runes of two bytes each are kept whole.
		{long, strings.Repeat("é", 40) + "..."},
		{strings.Repeat("é", 40), strings.Repeat("é", 40)},
		// Invalid UTF-8 is repaired, short or long.
		{"c\xff4", "c\uFFFD4"},
		{"\xe9t\xe9", "\uFFFDt\uFFFD"},
		{strings.Repeat("\xff", 50), strings.Repeat("\uFFFD", 40) + "..."},
		// A rune cut by the end of the text is one invalid byte per byte.
		{"ab\xe2\x82", "ab\uFFFD\uFFFD"},
	} {
		got := Clip(c.in)
		if got != c.want {
			t.Errorf("Clip(%q) = %q, want %q", c.in, got, c.want)
		}
		if !utf8.ValidString(got) {
			t.Errorf("Clip(%q) = %q is not valid UTF-8", c.in, got)
		}
	}
}

func TestQuote(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"c4", "'c4'"},
		{`say "hi"`, `'say "hi"'`},
		{"a\nb\tc\x00", `'a\nb\tc\x00'`},
		{"c\xff4", "'c\uFFFD4'"},
		{strings.Repeat("x", 50), "'" + strings.Repeat("x", 40) + "...'"},
	} {
		if got := Quote(c.in); got != c.want {
			t.Errorf("Quote(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func FuzzQuote(f *testing.F) {
	for _, s := range []string{"", "c4", "a\nb", "c\xff4", strings.Repeat("é", 45), "\xe2\x82"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		q := Quote(s)
		if !utf8.ValidString(q) || strings.ContainsAny(q, "\n\r\x00") {
			t.Fatalf("Quote(%q) = %q: not one valid line", s, q)
		}
		if utf8.RuneCountInString(Clip(s)) > ClipRunes+3 {
			t.Fatalf("Clip(%q) = %q: longer than %d runes and the dots", s, Clip(s), ClipRunes)
		}
		if utf8.ValidString(s) && utf8.RuneCountInString(s) <= ClipRunes && Clip(s) != s {
			t.Fatalf("Clip(%q) = %q changed short valid text", s, Clip(s))
		}
	})
}
