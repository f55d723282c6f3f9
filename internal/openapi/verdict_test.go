package openapi

import (
	"errors"
	"net/url"
	"regexp"
	"slices"
	"sync"
	"testing"
)

// checkerTakes is the verdict of the checker that words the problems
// (checker.query and checker.body), plain (without the compiled nodes),
// which the compiled one must equal.
func checkerTakes(s *Spec, r *route, q url.Values, ct string, body []byte) bool {
	c := &checker{spec: s, plain: true}
	c.query(r, q)
	c.body(r, ct, body)
	return len(c.problems) == 0
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
// compiled verdict is the plain checker's, CheckRequest gives the same
// answer twice, and words its problems as the plain checker does.
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
		text := func(err error) string {
			if err == nil {
				return "taken"
			}
			return err.Error()
		}
		e1, e2 := s.CheckRequest(method, path, q, ct, body), s.CheckRequest(method, path, q, ct, body)
		if (e1 == nil) != fast || text(e1) != text(e2) {
			t.Fatalf("CheckRequest twice: %v, then %v (verdict %v)", e1, e2, fast)
		}
		if plain := s.check(method, path, q, ct, body, true); text(plain) != text(e1) {
			t.Fatalf("CheckRequest: %v\nthe plain checker: %v", e1, plain)
		}
	})
}

// keywordSpec is a Spec with one component schema, T, for the $ref of
// the schemas of TestNodeKeywords and FuzzNodeOK.
func keywordSpec(t testing.TB) *Spec {
	var schemas map[string]any
	if err := decode([]byte(`{"T":{"type":"string","maxLength":3},"R":{"$ref":"#/components/schemas/T"},"N":5}`), &schemas); err != nil {
		t.Fatal(err)
	}
	return &Spec{schemas: schemas, res: map[string]*regexp.Regexp{}}
}

// nodeAgrees reports whether the compiled node of schema takes v
// (fast) and whether the plain checker finds no problem in it (want),
// which must be the same; and fails t when the checker with the nodes
// words other problems than the plain one. usable is false for a schema
// or value that does not decode.
func nodeAgrees(t testing.TB, schema, value string) (fast, want bool, usable bool) {
	s := keywordSpec(t)
	var sm map[string]any
	var v any
	if decode([]byte(schema), &sm) != nil || decode([]byte(value), &v) != nil {
		return false, false, false
	}
	c := &compiler{spec: s, nodes: map[uintptr]*node{}}
	n := c.compile(sm)
	s.nodes = c.nodes
	plain := &checker{spec: s, plain: true}
	plain.value(sm, v, "x")
	mixed := &checker{spec: s}
	mixed.value(sm, v, "x")
	if !slices.Equal(plain.problems, mixed.problems) {
		t.Fatalf("%s against %s: with the nodes %v, plain %v", value, schema, mixed.problems, plain.problems)
	}
	return n.ok(v), len(plain.problems) == 0, true
}

var keywordCases = []struct{ schema, value string }{
	{`{"type":"integer","minimum":0,"maximum":10}`, "11"},
	{`{"type":"integer","minimum":0,"maximum":10}`, "10"},
	{`{"type":"number","maximum":10.5}`, "10.6"},
	{`{"type":"number","maximum":10.5}`, "1e1"},
	{`{"type":"number","minimum":-1e400}`, "-1e401"},
	{`{"type":"integer","maximum":99999999999999999999}`, "99999999999999999998"},
	{`{"type":"integer","maximum":99999999999999999999}`, "199999999999999999998"},
	{`{"type":"integer"}`, "2.0"},
	{`{"type":"integer"}`, "2.5"},
	{`{"type":"integer"}`, "25e-1"},
	{`{"type":"integer"}`, "4e999999999"},
	{`{"type":"number"}`, "4e999999999"},
	{`{"format":"int32"}`, "2147483648"},
	{`{"format":"int32"}`, "-2147483648"},
	{`{"format":"int32"}`, "2147483648.0"},
	{`{"format":"int32","maximum":"x"}`, "2147483648"},
	{`{"format":"int64"}`, "9223372036854775808"},
	{`{"format":"int64"}`, "-9223372036854775808"},
	{`{"format":"int64"}`, "-9223372036854775809"},
	{`{"format":"int64"}`, "1.5"},
	{`{"maximum":1e2}`, "100"},
	{`{"maximum":1e2}`, "101"},
	{`{"type":["string","null"],"maxLength":2}`, `"abc"`},
	{`{"type":["string","null"],"maxLength":2}`, `null`},
	{`{"type":["string","null"],"maxLength":2}`, `"éé"`},
	{`{"minLength":2}`, `"é"`},
	{`{"minLength":2}`, `5`},
	{`{"pattern":"^[a-z]+$"}`, `"abc"`},
	{`{"pattern":"^[a-z]+$"}`, `"ab1"`},
	{`{"pattern":"(?<=a)b"}`, `"ab1"`},
	{`{"type":"foo"}`, `"ab1"`},
	{`{"type":[]}`, `"ab1"`},
	{`{"type":[5,"string"]}`, `"ab1"`},
	{`{"const":null}`, `null`},
	{`{"const":null}`, `0`},
	{`{"const":{"a":[1]}}`, `{"a":[1]}`},
	{`{"const":{"a":[1]}}`, `{"a":[1.0]}`},
	{`{"const":1}`, `1.0`},
	{`{"enum":[]}`, `1`},
	{`{"enum":[1,"1",true,null]}`, `true`},
	{`{"enum":[1,"1",true,null]}`, `"2"`},
	{`{"enum":"x"}`, `"2"`},
	{`{"allOf":[{"type":"string"},{"maxLength":2}]}`, `"abc"`},
	{`{"allOf":[{"type":"string"},5]}`, `"abc"`},
	{`{"anyOf":[{"type":"string"},{"type":"integer"}]}`, `1.5`},
	{`{"anyOf":[]}`, `1.5`},
	{`{"oneOf":[{"type":"number"},{"type":"integer"}]}`, `1`},
	{`{"oneOf":[{"type":"number"},{"type":"integer"}]}`, `1.5`},
	{`{"oneOf":[{"type":"null"},{"$ref":"#/components/schemas/T"}]}`, `"abcd"`},
	{`{"$ref":"#/components/schemas/R"}`, `"abc"`},
	{`{"$ref":"#/components/schemas/N"}`, `"abc"`},
	{`{"$ref":"#/elsewhere/T"}`, `"abc"`},
	{`{"x-unresolved":"here"}`, `"abc"`},
	{`{"items":{"type":"integer"},"minItems":1,"maxItems":2}`, `[1,2,3]`},
	{`{"items":{"type":"integer"},"minItems":1,"maxItems":2}`, `[]`},
	{`{"items":{"type":"integer"},"minItems":1,"maxItems":2}`, `[1,"2"]`},
	{`{"items":true}`, `[1,"2"]`},
	{`{"uniqueItems":true}`, `[1,2,1]`},
	{`{"uniqueItems":true}`, `[1,1.0,{"a":1},{"a":1}]`},
	{`{"uniqueItems":true}`, `[1,1.0]`},
	{`{"properties":{"a":{"type":"string"},"b":true},"required":["a","c"]}`, `{"a":"x","c":1}`},
	{`{"properties":{"a":{"type":"string"},"b":true},"required":["a","c"]}`, `{"a":"x"}`},
	{`{"properties":{"a":{"type":"string"},"b":true},"additionalProperties":false}`, `{"a":"x","b":1}`},
	{`{"properties":{"a":{"enum":[1]}},"additionalProperties":{"type":"string"}}`, `{"a":1,"z":"q"}`},
	{`{"properties":{"a":{"enum":[1]}},"additionalProperties":{"type":"string"}}`, `{"a":2,"z":"q"}`},
	{`{"properties":{"a":{"const":1}},"additionalProperties":{"type":"string"}}`, `{"z":3}`},
	{`{"maxProperties":1}`, `{"a":1,"b":2}`},
	{`{"required":[1,"a"]}`, `{"b":1}`},
	{`{"required":["a"]}`, `[1]`},
}

// TestNodeKeywords: for each keyword of checker.value, and its odd
// spellings (bounds beyond 64 bits, numbers with exponents, a type list
// with no known type, patterns RE2 cannot read, $ref to nothing), the
// compiled node takes a value exactly when the checker finds no problem.
func TestNodeKeywords(t *testing.T) {
	for _, c := range keywordCases {
		fast, want, usable := nodeAgrees(t, c.schema, c.value)
		if !usable {
			t.Fatalf("%s / %s does not decode", c.schema, c.value)
		}
		if fast != want {
			t.Errorf("%s against %s: the node takes it: %v, the checker: %v", c.value, c.schema, fast, want)
		}
	}
}

// FuzzNodeOK: for any schema and value, the compiled node takes the
// value exactly when the plain checker finds no problem in it, and the
// checker with the nodes words the same problems.
func FuzzNodeOK(f *testing.F) {
	for _, c := range keywordCases {
		f.Add(c.schema, c.value)
	}
	f.Fuzz(func(t *testing.T, schema, value string) {
		if fast, want, usable := nodeAgrees(t, schema, value); usable && fast != want {
			t.Fatalf("the node takes it: %v, the checker: %v", fast, want)
		}
	})
}
