package crosstable

import (
	"slices"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// shape turns a display name into the runes to draw, left to right:
// NFC-composed (so a decomposed "é" meets the Go font's precomposed
// glyph); controls, variation selectors, emoji modifiers and tags left
// out; an emoji ZWJ sequence or a flag (two regional indicators) kept as
// its first rune, so it draws one replacement disc; Arabic letters in
// their joining forms (Arabic Presentation Forms-B, with the lam-alef
// ligatures); and right-to-left runs reversed (a simplified bidi: the
// paragraph is right to left when its first strong letter is, runs of
// left-to-right letters and digits keep their order inside it).
func shape(name string) []rune {
	var rs []rune
	if len(name) > maxName {
		name = name[:maxName] // a name is cut to its column anyway
	}
	in := []rune(norm.NFC.String(strings.ToValidUTF8(name, "\uFFFD")))
	for i := 0; i < len(in); i++ {
		r := in[i]
		switch {
		case r == 0x200D: // ZWJ: the next rune belongs to this emoji
			i++
			continue
		case ignorable(r):
			continue
		case isRegional(r) && i+1 < len(in) && isRegional(in[i+1]):
			i++ // a flag: one disc
		}
		rs = append(rs, r)
	}
	rs = joinArabic(rs)
	return bidi(rs)
}

// maxName is the most bytes of a name shaped: more never fits a column.
const maxName = 400

func ignorable(r rune) bool {
	switch {
	case r < 0x20, r >= 0x7F && r < 0xA0:
		return true
	case r >= 0xFE00 && r <= 0xFE0F, r >= 0xE0000 && r <= 0xE0FFF: // variation selectors, tags
		return true
	case r >= 0x1F3FB && r <= 0x1F3FF: // skin tones
		return true
	case r >= 0x200B && r <= 0x200F, r >= 0x202A && r <= 0x202E, r >= 0x2060 && r <= 0x2069, r == 0xFEFF:
		return true
	}
	return false
}

func isRegional(r rune) bool { return r >= 0x1F1E6 && r <= 0x1F1FF }

func rtl(r rune) bool {
	return unicode.In(r, unicode.Hebrew, unicode.Arabic, unicode.Syriac, unicode.Thaana, unicode.Nko)
}

func strong(r rune) bool { return unicode.IsLetter(r) }

// bidi reorders rs for display (see shape): a neutral between two
// letters of one direction takes it, other neutrals the paragraph's.
func bidi(rs []rune) []rune {
	if !slices.ContainsFunc(rs, rtl) {
		return rs
	}
	base := false // right to left
	if i := slices.IndexFunc(rs, strong); i >= 0 {
		base = rtl(rs[i])
	}
	const n, l, r = 0, 1, 2
	dir := make([]int, len(rs))
	for i, c := range rs {
		switch {
		case rtl(c):
			dir[i] = r
		case strong(c) || unicode.IsDigit(c):
			dir[i] = l
		}
	}
	for i := 0; i < len(dir); {
		if dir[i] != n {
			i++
			continue
		}
		j := i
		for j < len(dir) && dir[j] == n {
			j++
		}
		d := l
		if base {
			d = r
		}
		if i > 0 && j < len(dir) && dir[i-1] == dir[j] {
			d = dir[j]
		}
		for k := i; k < j; k++ {
			dir[k] = d
		}
		i = j
	}
	var runs [][]rune
	for i := 0; i < len(rs); {
		j := i
		for j < len(rs) && dir[j] == dir[i] {
			j++
		}
		run := slices.Clone(rs[i:j])
		if dir[i] == r {
			slices.Reverse(run)
		}
		runs = append(runs, run)
		i = j
	}
	if base {
		slices.Reverse(runs)
	}
	return slices.Concat(runs...)
}

// arabicForms maps an Arabic letter to its isolated form in Arabic
// Presentation Forms-B and whether it joins on both sides (then its
// forms are isolated, final, initial, medial; else isolated, final).
var arabicForms = map[rune]struct {
	iso  rune
	dual bool
}{
	0x0621: {0xFE80, false}, 0x0622: {0xFE81, false}, 0x0623: {0xFE83, false},
	0x0624: {0xFE85, false}, 0x0625: {0xFE87, false}, 0x0626: {0xFE89, true},
	0x0627: {0xFE8D, false}, 0x0628: {0xFE8F, true}, 0x0629: {0xFE93, false},
	0x062A: {0xFE95, true}, 0x062B: {0xFE99, true}, 0x062C: {0xFE9D, true},
	0x062D: {0xFEA1, true}, 0x062E: {0xFEA5, true}, 0x062F: {0xFEA9, false},
	0x0630: {0xFEAB, false}, 0x0631: {0xFEAD, false}, 0x0632: {0xFEAF, false},
	0x0633: {0xFEB1, true}, 0x0634: {0xFEB5, true}, 0x0635: {0xFEB9, true},
	0x0636: {0xFEBD, true}, 0x0637: {0xFEC1, true}, 0x0638: {0xFEC5, true},
	0x0639: {0xFEC9, true}, 0x063A: {0xFECD, true}, 0x0641: {0xFED1, true},
	0x0642: {0xFED5, true}, 0x0643: {0xFED9, true}, 0x0644: {0xFEDD, true},
	0x0645: {0xFEE1, true}, 0x0646: {0xFEE5, true}, 0x0647: {0xFEE9, true},
	0x0648: {0xFEED, false}, 0x0649: {0xFEEF, false}, 0x064A: {0xFEF1, true},
}

// lamAlef is the isolated lam-alef ligature for an alef (its final form
// follows it).
var lamAlef = map[rune]rune{0x0622: 0xFEF5, 0x0623: 0xFEF7, 0x0625: 0xFEF9, 0x0627: 0xFEFB}

// joinArabic replaces Arabic letters by their contextual forms; marks
// (harakat) are transparent to joining. Letters outside the table (the
// Persian and Urdu ones) stay as they are and do not join.
func joinArabic(rs []rune) []rune {
	joinsNext := func(i int) bool { // rs[i] can join the letter after it
		f, ok := arabicForms[rs[i]]
		return (ok && f.dual) || rs[i] == 0x0640
	}
	joinsPrev := func(i int) bool { // rs[i] can join the letter before it
		_, ok := arabicForms[rs[i]]
		return ok && rs[i] != 0x0621 || rs[i] == 0x0640
	}
	mark := func(r rune) bool { return unicode.Is(unicode.Mn, r) }
	prev := func(i int) int {
		for i--; i >= 0 && mark(rs[i]); i-- {
		}
		return i
	}
	next := func(i int) int {
		for i++; i < len(rs) && mark(rs[i]); i++ {
		}
		return i
	}
	out := make([]rune, 0, len(rs))
	for i := 0; i < len(rs); i++ {
		f, ok := arabicForms[rs[i]]
		if !ok {
			out = append(out, rs[i])
			continue
		}
		p, n := prev(i), next(i)
		before := p >= 0 && joinsNext(p)
		if rs[i] == 0x0644 && n < len(rs) && n == i+1 {
			if lig, ok := lamAlef[rs[n]]; ok {
				if before {
					lig++
				}
				out = append(out, lig)
				i = n
				continue
			}
		}
		after := f.dual && n < len(rs) && joinsPrev(n)
		r := f.iso
		switch {
		case before && after:
			r += 3
		case after:
			r += 2
		case before && rs[i] != 0x0621:
			r++
		}
		out = append(out, r)
	}
	return out
}
