package veletasmod

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/veletasbot/veletas/game/veletas"
)

func TestParseSquareList(t *testing.T) {
	for in, want := range map[string]string{
		"d4 g7":       "d4 g7",
		"[D4, g7,b9]": "d4 g7 b9",
		" a1 ,, j10 ": "a1 j10",
		"c5":          "c5",
		"c5,\tc7":     "c5 c7",
	} {
		sqs, err := ParseSquareList("shooters", in, 10)
		if err != nil {
			t.Fatalf("%q: %v", in, err)
		}
		var s []string
		for _, q := range sqs {
			s = append(s, q.String())
		}
		if strings.Join(s, " ") != want {
			t.Errorf("%q -> %v, want %s", in, s, want)
		}
	}
	for _, in := range []string{"", " , ", "k1", "a0", "a11", "d4;g7", strings.Repeat("a1 ", 11), "`a1`"} {
		if _, err := ParseSquareList("shooters", in, 10); err == nil {
			t.Errorf("%q parsed", in)
		}
	}
	if _, err := ParseSquareList("shooters", "h1", 7); err == nil {
		t.Error("h1 on 7x7 parsed")
	}
}

func FuzzParseSquareList(f *testing.F) {
	for _, s := range []string{"d4 g7", "[d4,g7,b9]", "j10", "a1,,b2", "", "k11", "é"} {
		f.Add(s, uint8(10))
	}
	f.Fuzz(func(t *testing.T, text string, sz uint8) {
		size := veletas.Sizes[int(sz)%len(veletas.Sizes)]
		sqs, err := ParseSquareList("shooters", text, size)
		if err != nil {
			if !utf8.ValidString(err.Error()) && utf8.ValidString(text) {
				t.Fatalf("%q: invalid UTF-8 in %q", text, err)
			}
			if strings.Count(err.Error(), "`")%2 != 0 {
				t.Fatalf("%q: unbalanced quotes in %q", text, err)
			}
			return
		}
		if len(sqs) == 0 || len(sqs) > maxSquares {
			t.Fatalf("%q -> %v", text, sqs)
		}
		for _, sq := range sqs {
			if !sq.On(size) {
				t.Fatalf("%q -> %v off %v", text, sq, size)
			}
		}
	})
}
