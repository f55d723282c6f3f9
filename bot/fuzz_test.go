package bot

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/veletasbot/veletas/game/veletas"
)

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

func FuzzParseCustomID(f *testing.F) {
	for _, s := range []string{"veletas:accept:12:0", "veletas:swap:3:7", "veletas:keep:3:", "veletas::::", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b, err := parseCustomID(s)
		if err != nil {
			return
		}
		if b.String() != s {
			t.Fatalf("%q parsed as %+v, which writes %q", s, b, b.String())
		}
	})
}
