package bot

import (
	"testing"
)

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
