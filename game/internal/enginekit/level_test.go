package enginekit

import (
	"errors"
	"strings"
	"testing"
)

func TestParseLevel(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Level
	}{{"easy", Easy}, {"Medium", Medium}, {"HARD", Hard}} {
		if got, err := ParseLevel(c.in); err != nil || got != c.want {
			t.Errorf("ParseLevel(%q) = %v, %v; want %v", c.in, got, err, c.want)
		}
	}
	for _, in := range []string{"", "expert", "hard ", "0"} {
		l, err := ParseLevel(in)
		if !errors.Is(err, ErrUnknownLevel) || l != 0 {
			t.Errorf("ParseLevel(%q) = %v, %v; want ErrUnknownLevel", in, l, err)
		}
		if !strings.Contains(err.Error(), "use easy, medium or hard") {
			t.Errorf("ParseLevel(%q): %q does not say what to write", in, err)
		}
	}
	for _, l := range Levels {
		if got, err := ParseLevel(l.String()); err != nil || got != l {
			t.Errorf("%v does not read back: %v, %v", l, got, err)
		}
	}
	if Level(9).String() != "unknown" {
		t.Errorf("Level(9) = %q", Level(9).String())
	}
}

func FuzzParseLevel(f *testing.F) {
	for _, s := range []string{"easy", "MEDIUM", "hard", "", "x\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l, err := ParseLevel(s)
		if err != nil {
			if !errors.Is(err, ErrUnknownLevel) || l != 0 {
				t.Fatalf("ParseLevel(%q) = %v, %v", s, l, err)
			}
			return
		}
		if !strings.EqualFold(l.String(), s) {
			t.Fatalf("ParseLevel(%q) = %v", s, l)
		}
	})
}
