package openapi

import (
	"errors"
	"net/url"
	"sync"
	"testing"
)

// checkerTakes is the verdict of the checker that words the problems
// (checker.query and checker.body), which the compiled one must equal.
func checkerTakes(s *Spec, r *route, q url.Values, ct string, body []byte) bool {
	c := &checker{spec: s}
	c.query(r, q)
	c.body(r, ct, body)
	return len(c.problems) == 0
}

// TestVerdictEqualsChecker: on every request of the corpus (the bot's
// and their mutations), the compiled verdict (verdict.takes) is the
// checker's, both ways: it never takes what the checker refuses, nor
// refuses (and so words problems for) what the checker takes.
func TestVerdictEqualsChecker(t *testing.T) {
	s := discord(t)
	valid := botRequests(t)
	rs := append(valid, mutations(t, valid)...)
	taken := 0
	for _, r := range rs {
		rt, ok := s.match(r.method, r.path)
		if !ok {
			continue
		}
		fast := rt.verdict.takes(r.query, r.contentType, r.body)
		if want := checkerTakes(s, rt, r.query, r.contentType, r.body); fast != want {
			t.Errorf("%s: the compiled verdict takes it: %v, the checker: %v", r.name, fast, want)
		}
		if fast {
			taken++
		}
	}
	if taken < len(valid) || taken == len(rs) {
		t.Fatalf("%d of %d requests taken: the corpus must hold both", taken, len(rs))
	}
}

// TestCheckRequestConcurrent: the Spec (its compiled verdicts and the
// checker's patterns) is shared by concurrent checks, as the fake
// Discord serves requests concurrently; under -race, a write to
// anything shared would show. Each goroutine gets the verdicts and
// errors a lone check gets.
func TestCheckRequestConcurrent(t *testing.T) {
	s := discord(t)
	valid := botRequests(t)
	rs := append(valid, mutations(t, valid)[:200]...)
	want := make([]string, len(rs))
	for i, r := range rs {
		if err := s.CheckRequest(r.method, r.path, r.query, r.contentType, r.body); err != nil {
			want[i] = err.Error()
		}
	}
	var wg sync.WaitGroup
	errs := make(chan error, 4)
	for g := range 4 {
		wg.Go(func() {
			for i := range rs {
				r := rs[(i+g*len(rs)/4)%len(rs)]
				got := ""
				if err := s.CheckRequest(r.method, r.path, r.query, r.contentType, r.body); err != nil {
					got = err.Error()
				}
				if got != want[(i+g*len(rs)/4)%len(rs)] {
					errs <- errors.New(r.name + ": " + got)
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// FuzzVerdict: on any request to the routes of the bot's requests, the
// compiled verdict is the checker's, and CheckRequest gives the same
// answer twice.
func FuzzVerdict(f *testing.F) {
	s := discord(f)
	valid := botRequests(f)
	for _, r := range valid {
		f.Add(r.method, r.path, r.query.Encode(), r.contentType, r.body)
	}
	for i, r := range mutations(f, valid) {
		if i%25 == 0 {
			f.Add(r.method, r.path, r.query.Encode(), r.contentType, r.body)
		}
	}
	f.Fuzz(func(t *testing.T, method, path, query, ct string, body []byte) {
		q, _ := url.ParseQuery(query)
		rt, ok := s.match(method, path)
		if !ok {
			return
		}
		fast := rt.verdict.takes(q, ct, body)
		if want := checkerTakes(s, rt, q, ct, body); fast != want {
			t.Fatalf("the compiled verdict takes it: %v, the checker: %v", fast, want)
		}
		e1, e2 := s.CheckRequest(method, path, q, ct, body), s.CheckRequest(method, path, q, ct, body)
		if (e1 == nil) != fast || e1 != nil && e1.Error() != e2.Error() || (e1 == nil) != (e2 == nil) {
			t.Fatalf("CheckRequest twice: %v, then %v (verdict %v)", e1, e2, fast)
		}
	})
}
