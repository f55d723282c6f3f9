package bot

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/veletasbot/veletas/game"
)

func FuzzParseConsoleLine(f *testing.F) {
	for _, s := range []string{
		"alice: /veletas challenge opponent:@bob size:7",
		`bob: /veletas setup shooters:"b3, d4" stone:d3`,
		"bob: [Accept]", "# comment", "", "x:", `a: /veletas move shooter:"c4`, "a: [ ]", "a: /veletas move a:1 a:2",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		cl, ok, err := parseConsoleLine(line)
		if err != nil {
			if ok || !strings.HasPrefix(err.Error(), "console: ") {
				t.Fatalf("%q: ok=%v err=%v", line, ok, err)
			}
			return
		}
		if !ok {
			if s := strings.TrimSpace(line); s != "" && !strings.HasPrefix(s, "#") {
				t.Fatalf("%q skipped", line)
			}
			return
		}
		if !validName(cl.User) || (cl.Button == "") == (cl.Command == "") {
			t.Fatalf("%q -> %+v", line, cl)
		}
		for k := range cl.Options {
			if k == "" || strings.ContainsAny(k, " \t") {
				t.Fatalf("%q: option %q", line, k)
			}
		}
	})
}

func FuzzParseSquareList(f *testing.F) {
	for _, s := range []string{"d4 g7", "[d4,g7,b9]", "j10", "a1,,b2", "", "k11", "é"} {
		f.Add(s, uint8(10))
	}
	f.Fuzz(func(t *testing.T, text string, sz uint8) {
		size := game.Sizes[int(sz)%len(game.Sizes)]
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

func FuzzConsoleText(f *testing.F) {
	for _, s := range []string{"<@alice> and <#t1> at <t:1700000000:f>", "<@>", "<<@a>>", "<t:99999999999999:f>"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := ConsoleText(s)
		if strings.Contains(out, "<@") && !strings.Contains(s, "<@") {
			t.Fatalf("%q -> %q", s, out)
		}
	})
}
