package console

import (
	"strings"
	"testing"
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
			if !validOption(k) || strings.ContainsAny(k, " \t\"") {
				t.Fatalf("%q: option %q", line, k)
			}
		}
	})
}

func FuzzConsoleText(f *testing.F) {
	for _, s := range []string{"<@alice> and <#t1> at <t:1700000000:f>", "<@>", "<<@a>>", "<t:99999999999999:f>"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := Text(s)
		if strings.Contains(out, "<@") && !strings.Contains(s, "<@") {
			t.Fatalf("%q -> %q", s, out)
		}
	})
}
