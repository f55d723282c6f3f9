package openapi

import (
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/verdicts.golden from the checker's verdicts")

// verdicts is the verdict of CheckRequest (plain: of the checker alone,
// without the compiled nodes) on each request of the corpus: "ok", or
// its error and each problem's code. Plain, it fails t where the
// compiled verdict (verdict.takes) is not the checker's, either way.
func verdicts(t *testing.T, s *Spec, rs []request, plain bool) string {
	var b strings.Builder
	for _, r := range rs {
		b.WriteString("== " + r.name + "\n")
		err := s.check(r.method, r.path, r.query, r.contentType, r.body, plain)
		if rt, ok := s.match(r.method, r.path); ok && plain {
			if fast := rt.verdict.takes(r.query, r.contentType, r.body); fast != (err == nil) {
				t.Errorf("%s: the compiled verdict takes it: %v, the checker: %v", r.name, fast, err)
			}
		}
		if err == nil {
			b.WriteString("ok\n")
			continue
		}
		b.WriteString(err.Error() + "\n")
		var inv *Invalid
		if errors.As(err, &inv) {
			for _, p := range inv.Problems {
				b.WriteString("  " + p.Code + " at " + p.Path + "\n")
			}
		}
	}
	return b.String()
}

// TestCheckRequestVerdicts: the checker gives the bot's requests, and
// several hundred mutations of them (wrong types, missing fields,
// unknown fields, Discord's limits broken, bodies wrong as a whole), the
// verdicts and error messages recorded in testdata/verdicts.golden
// (written with -update by the checker before it was made faster, which
// must not change a word), and so does the checker alone, without the
// compiled nodes, whose verdict the compiled one must be (it never takes
// what the checker refuses, nor refuses, and so words problems for, what
// the checker takes). The valid requests must be taken.
func TestCheckRequestVerdicts(t *testing.T) {
	s := discord(t)
	valid := botRequests(t)
	for _, r := range valid {
		if err := s.CheckRequest(r.method, r.path, r.query, r.contentType, r.body); err != nil {
			t.Errorf("%s: the bot's request is refused: %v", r.name, err)
		}
	}
	rs := append(valid, mutations(t, valid)...)
	got := verdicts(t, s, rs, false)
	golden := filepath.Join("testdata", "verdicts.golden")
	if *update {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test -run Verdicts -update)", err)
	}
	same(t, "CheckRequest", got, string(want))
	same(t, "the plain checker", verdicts(t, s, rs, true), string(want))
}

// same fails t with the first lines where got and want differ.
func same(t *testing.T, who, got, want string) {
	t.Helper()
	if got == want {
		return
	}
	gl, wl := strings.Split(got, "\n"), strings.Split(want, "\n")
	n := 0
	for i := 0; i < len(gl) || i < len(wl); i++ {
		var g, w string
		if i < len(gl) {
			g = gl[i]
		}
		if i < len(wl) {
			w = wl[i]
		}
		if g != w {
			t.Errorf("%s, line %d:\n got  %s\n want %s", who, i+1, g, w)
			if n++; n == 10 {
				t.Fatal("more differences")
			}
		}
	}
}

// BenchmarkCheckRequest checks the bot's requests (botRequests: the
// callbacks of types 4, 7, 5 and 12, a multipart follow-up, an edit of
// @original, a channel message and its edit), one after the other.
func BenchmarkCheckRequest(b *testing.B) {
	s := discord(b)
	rs := botRequests(b)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		r := rs[i%len(rs)]
		if err := s.CheckRequest(r.method, r.path, r.query, r.contentType, r.body); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCheckRequestRefused checks the refused requests of the
// corpus (mutations of the bot's requests), whose problems are worded.
func BenchmarkCheckRequestRefused(b *testing.B) {
	s := discord(b)
	valid := botRequests(b)
	var rs []request
	for _, r := range mutations(b, valid) {
		var inv *Invalid
		if err := s.CheckRequest(r.method, r.path, r.query, r.contentType, r.body); errors.As(err, &inv) {
			rs = append(rs, r)
		}
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		r := rs[i%len(rs)]
		if err := s.CheckRequest(r.method, r.path, r.query, r.contentType, r.body); err == nil {
			b.Fatalf("%s: taken", r.name)
		}
	}
}
