package enginekit

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
)

// readAll returns the tokens ReadRecord passes on, or its error.
func readAll(text string, limit int) ([]string, error) {
	var toks []string
	err := ReadRecord(strings.NewReader(text), limit, strings.Fields, func(t string) error {
		toks = append(toks, t)
		return nil
	})
	return toks, err
}

// TestReadRecord checks the tokens of a record, comment lines skipped
// (a '#' elsewhere is part of a token), CRLF and no final line end, the
// size limit counted exactly, the callback's error returned as it is and
// the reader's error.
func TestReadRecord(t *testing.T) {
	toks, err := readAll("# header comment\r\na1 b2\r\n\n  c3\t#d4\n#e5 f6\ng7", 100)
	if want := []string{"a1", "b2", "c3", "#d4", "g7"}; err != nil || !slices.Equal(toks, want) {
		t.Errorf("tokens %q, %v; want %q", toks, err, want)
	}
	// Exactly at the limit, with or without a final line end, and one byte over.
	for _, text := range []string{"a1 b2\n", "a1 b2 c"} {
		if toks, err := readAll(text, len(text)); err != nil || len(toks) == 0 {
			t.Errorf("%q at its own length: %q, %v", text, toks, err)
		}
		if _, err := readAll(text, len(text)-1); !errors.Is(err, ErrRecordTooLong) {
			t.Errorf("%q one byte over: %v, want ErrRecordTooLong", text, err)
		}
	}
	// CRLF line ends count as two bytes: a record over the limit is never read cut short.
	crlf := strings.Repeat("a1\r\n", 10)
	if toks, err := readAll(crlf, len(crlf)-5); !errors.Is(err, ErrRecordTooLong) {
		t.Errorf("CRLF record over the limit: %d tokens, %v; want ErrRecordTooLong", len(toks), err)
	}
	stop := errors.New("stop")
	n := 0
	err = ReadRecord(strings.NewReader("a b c"), 100, strings.Fields, func(string) error {
		n++
		if n == 2 {
			return stop
		}
		return nil
	})
	if err != stop || n != 2 {
		t.Errorf("callback error: %v after %d tokens; want stop after 2", err, n)
	}
	broken := errors.New("disk error")
	if err := ReadRecord(iotest.ErrReader(broken), 100, strings.Fields, func(string) error { return nil }); err != broken {
		t.Errorf("reader error: %v, want %v", err, broken)
	}
}

// FuzzReadRecord checks that ReadRecord passes on exactly the tokens of
// the lines that are not comments, or refuses a text over the limit.
func FuzzReadRecord(f *testing.F) {
	f.Add("a1 b2\n# c\nd4", 8)
	f.Add("a\r\nb\r\n", 3)
	f.Fuzz(func(t *testing.T, text string, limit int) {
		if limit < 0 || limit > 1<<16 {
			return
		}
		toks, err := readAll(text, limit)
		if len(text) > limit {
			if !errors.Is(err, ErrRecordTooLong) {
				t.Fatalf("%d bytes over a limit of %d: %v", len(text), limit, err)
			}
			return
		}
		var want []string
		for _, line := range strings.SplitAfter(text, "\n") {
			if !strings.HasPrefix(line, "#") {
				want = append(want, strings.Fields(line)...)
			}
		}
		if err != nil || !slices.Equal(toks, want) {
			t.Fatalf("%q: %q, %v; want %q", text, toks, err, want)
		}
	})
}
