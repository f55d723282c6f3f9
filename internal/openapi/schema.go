package openapi

import (
	"encoding/json"
	"math/big"
	"regexp"
	"sort"
	"strings"
	"unicode/utf8"
)

// resolve follows a schema's $ref (to #/components/schemas/NAME), as
// many times as it takes.
func (s *Spec) resolve(schema map[string]any) map[string]any {
	for range 32 {
		ref, ok := schema["$ref"].(string)
		if !ok {
			return schema
		}
		next, ok := s.schemas[strings.TrimPrefix(ref, "#/components/schemas/")].(map[string]any)
		if !ok || !strings.HasPrefix(ref, "#/components/schemas/") {
			return map[string]any{"x-unresolved": ref}
		}
		schema = next
	}
	return schema
}

func (s *Spec) regexp(pattern string) *regexp.Regexp {
	s.reMu.Lock()
	defer s.reMu.Unlock()
	re, ok := s.res[pattern]
	if !ok {
		re, _ = regexp.Compile(pattern) // nil: a pattern RE2 cannot read is not checked
		s.res[pattern] = re
	}
	return re
}

// types is a schema's type keyword as a list (empty when absent).
func types(schema map[string]any) []string {
	switch t := schema["type"].(type) {
	case string:
		return []string{t}
	case []any:
		var out []string
		for _, x := range t {
			if s, ok := x.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}

// typeOf is the JSON type of a decoded value ("integer" for a number
// without a fractional part).
func typeOf(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case json.Number:
		if r, ok := new(big.Rat).SetString(string(x)); ok && r.IsInt() {
			return "integer"
		}
		return "number"
	case string:
		return "string"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return "unknown"
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// value checks v against schema, adding a Problem for each way it
// breaks it.
func (c *checker) value(schema map[string]any, v any, path string) {
	if schema == nil {
		return
	}
	if !c.fits(schema, v) {
		c.word(schema, v, path)
	}
}

// fits reports whether the compiled node of schema takes v, so that
// there is no problem to word (verdict.go); false where none was
// compiled.
func (c *checker) fits(schema map[string]any, v any) bool {
	if c.plain {
		return false
	}
	n := c.spec.node(schema)
	return n != nil && n.ok(v)
}

// word adds a Problem for each way v breaks schema (for value, once the
// compiled node has refused v, or where none was compiled).
func (c *checker) word(schema map[string]any, v any, path string) {
	schema = c.spec.resolve(schema)
	if ref, ok := schema["x-unresolved"].(string); ok {
		c.add(path, "SCHEMA_UNRESOLVED", "the description's %s is not found", ref)
		return
	}
	if ts := types(schema); len(ts) > 0 {
		got := typeOf(v)
		ok := false
		for _, t := range ts {
			if t == got || (t == "number" && got == "integer") {
				ok = true
			}
		}
		if !ok {
			c.add(path, typeCode(ts), "must be %s, not %s", strings.Join(ts, " or "), describe(v))
			return // the other keywords are about the right type
		}
	}
	if cv, ok := schema["const"]; ok && !equal(cv, v) {
		c.add(path, "BASE_TYPE_CHOICES", "must be %s, not %s", describe(cv), describe(v))
	}
	if enum, ok := schema["enum"].([]any); ok {
		found := false
		for _, e := range enum {
			if equal(e, v) {
				found = true
			}
		}
		if !found {
			c.add(path, "BASE_TYPE_CHOICES", "%s is not one of %s", describe(v), describeAll(enum))
		}
	}
	for _, sub := range list(schema["allOf"]) {
		c.value(sub, v, path)
	}
	if alts := list(schema["anyOf"]); len(alts) > 0 {
		c.alternatives(alts, v, path, false)
	}
	if alts := list(schema["oneOf"]); len(alts) > 0 {
		c.alternatives(alts, v, path, true)
	}
	switch x := v.(type) {
	case string:
		n := utf8.RuneCountInString(x)
		if max, ok := intOf(schema["maxLength"]); ok && int64(n) > max {
			c.add(path, "BASE_TYPE_MAX_LENGTH", "must be %d or fewer in length, not %d", max, n)
		}
		if min, ok := intOf(schema["minLength"]); ok && int64(n) < min {
			c.add(path, "BASE_TYPE_MIN_LENGTH", "must be %d or more in length, not %d", min, n)
		}
		if p, ok := schema["pattern"].(string); ok {
			if re := c.spec.regexp(p); re != nil && !re.MatchString(x) {
				c.add(path, "STRING_TYPE_REGEX", "%s does not match %s", describe(x), p)
			}
		}
	case json.Number:
		if c.integer(schema, x, path) {
			break
		}
		r, _ := new(big.Rat).SetString(string(x))
		if r == nil {
			break
		}
		if max, ok := ratOf(schema["maximum"]); ok && r.Cmp(max) > 0 {
			c.add(path, "NUMBER_TYPE_MAX", "must be at most %s, not %s", max.RatString(), string(x))
		}
		if min, ok := ratOf(schema["minimum"]); ok && r.Cmp(min) < 0 {
			c.add(path, "NUMBER_TYPE_MIN", "must be at least %s, not %s", min.RatString(), string(x))
		}
		switch schema["format"] {
		case "int32":
			if !r.IsInt() || r.Num().BitLen() > 31 && !(r.Sign() < 0 && r.Num().Cmp(new(big.Int).Lsh(big.NewInt(-1), 31)) == 0) {
				c.add(path, "NUMBER_TYPE_COERCE", "%s is not a 32-bit integer", string(x))
			}
		case "int64":
			if !r.IsInt() || r.Num().BitLen() > 63 && !(r.Sign() < 0 && r.Num().Cmp(new(big.Int).Lsh(big.NewInt(-1), 63)) == 0) {
				c.add(path, "NUMBER_TYPE_COERCE", "%s is not a 64-bit integer", string(x))
			}
		}
	case []any:
		if max, ok := intOf(schema["maxItems"]); ok && int64(len(x)) > max {
			c.add(path, "BASE_TYPE_MAX_LENGTH", "must have %d or fewer items, not %d", max, len(x))
		}
		if min, ok := intOf(schema["minItems"]); ok && int64(len(x)) < min {
			c.add(path, "BASE_TYPE_MIN_LENGTH", "must have %d or more items, not %d", min, len(x))
		}
		if u, _ := schema["uniqueItems"].(bool); u {
			seen := map[string]bool{}
			for _, it := range x {
				k, _ := json.Marshal(it)
				if seen[string(k)] {
					c.add(path, "BASE_TYPE_UNIQUE", "holds %s twice", describe(it))
				}
				seen[string(k)] = true
			}
		}
		if items, ok := schema["items"].(map[string]any); ok {
			for i, it := range x {
				if !c.fits(items, it) { // the path is made only for a problem
					c.word(items, it, join(path, itoa(i)))
				}
			}
		}
	case map[string]any:
		props, _ := schema["properties"].(map[string]any)
		for _, r := range list2(schema["required"]) {
			if _, ok := x[r]; !ok {
				c.add(join(path, r), "BASE_TYPE_REQUIRED", "this field is required")
			}
		}
		if max, ok := intOf(schema["maxProperties"]); ok && int64(len(x)) > max {
			c.add(path, "BASE_TYPE_MAX_LENGTH", "must have %d or fewer keys, not %d", max, len(x))
		}
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if ps, ok := props[k].(map[string]any); ok {
				if !c.fits(ps, x[k]) {
					c.word(ps, x[k], join(path, k))
				}
				continue
			}
			switch ap := schema["additionalProperties"].(type) {
			case bool:
				if !ap {
					c.add(join(path, k), "UNKNOWN_FIELD", "is not a field of this object")
				}
			case map[string]any:
				if !c.fits(ap, x[k]) {
					c.word(ap, x[k], join(path, k))
				}
			}
		}
	}
}

// integer checks an integer that fits in 64 bits against integer bounds,
// as the general case (big.Rat) would, without its allocations: most
// numbers of a request are such (types, flags, styles, in enums and
// anyOf alternatives). It reports false, having checked nothing, for any
// other number or bound.
func (c *checker) integer(schema map[string]any, x json.Number, path string) bool {
	v, err := x.Int64()
	if err != nil {
		return false
	}
	bound := func(key string) (int64, bool, bool) { // value, present, usable
		b, ok := schema[key]
		if !ok {
			return 0, false, true
		}
		n, ok := b.(json.Number)
		if !ok {
			return 0, false, true // not a number: ratOf ignores it too
		}
		i, err := n.Int64()
		return i, true, err == nil
	}
	max, hasMax, ok1 := bound("maximum")
	min, hasMin, ok2 := bound("minimum")
	if !ok1 || !ok2 {
		return false
	}
	if hasMax && v > max {
		c.add(path, "NUMBER_TYPE_MAX", "must be at most %d, not %s", max, string(x))
	}
	if hasMin && v < min {
		c.add(path, "NUMBER_TYPE_MIN", "must be at least %d, not %s", min, string(x))
	}
	if schema["format"] == "int32" && (v > 1<<31-1 || v < -1<<31) {
		c.add(path, "NUMBER_TYPE_COERCE", "%s is not a 32-bit integer", string(x))
	}
	return true
}

// alternatives checks v against anyOf (one at least) or oneOf (exactly
// one); when none fits, the problems of the alternative that came
// closest are reported.
func (c *checker) alternatives(alts []map[string]any, v any, path string, exactlyOne bool) {
	fits, best := 0, 0
	var closest []Problem
	for _, alt := range alts {
		if c.fits(alt, v) {
			fits++ // the sub-checker would find no problem
			continue
		}
		sub := &checker{spec: c.spec, plain: c.plain}
		sub.word(alt, v, path)
		if len(sub.problems) == 0 {
			fits++
			continue
		}
		sc := score(sub.problems, path)
		if ts := types(c.spec.resolve(alt)); len(ts) == 1 && ts[0] == "null" {
			sc += 50 // a value that is not null was not meant to be null
		}
		if closest == nil || sc < best {
			closest, best = sub.problems, sc
		}
	}
	switch {
	case fits == 0:
		c.problems = append(c.problems, closest...)
	case fits > 1 && exactlyOne:
		c.add(path, "ONE_OF", "fits %d of the alternatives, where exactly one must fit", fits)
	}
}

// score ranks how far an alternative is from fitting: a wrong type or
// value at the alternative's own path (another alternative entirely) is
// farther than any problem inside it.
func score(ps []Problem, path string) int {
	n := 0
	for _, p := range ps {
		n++
		if p.Path == path && (p.Code == "BASE_TYPE_CHOICES" || strings.HasPrefix(p.Code, "BASE_TYPE_BAD_TYPE")) {
			n += 100
		}
	}
	return n
}

func typeCode(ts []string) string {
	for _, t := range ts {
		switch t {
		case "string":
			return "BASE_TYPE_BAD_TYPE_STRING"
		case "integer", "number":
			return "BASE_TYPE_BAD_TYPE_NUMBER"
		case "boolean":
			return "BASE_TYPE_BAD_TYPE_BOOLEAN"
		case "array":
			return "BASE_TYPE_BAD_TYPE_ARRAY"
		case "object":
			return "BASE_TYPE_BAD_TYPE_OBJECT"
		}
	}
	return "BASE_TYPE_BAD_TYPE"
}

func list(v any) []map[string]any {
	xs, _ := v.([]any)
	var out []map[string]any
	for _, x := range xs {
		if m, ok := x.(map[string]any); ok {
			out = append(out, m)
		}
	}
	return out
}

func list2(v any) []string {
	xs, _ := v.([]any)
	var out []string
	for _, x := range xs {
		if s, ok := x.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

func intOf(v any) (int64, bool) {
	n, ok := v.(json.Number)
	if !ok {
		return 0, false
	}
	i, err := n.Int64()
	return i, err == nil
}

func ratOf(v any) (*big.Rat, bool) {
	n, ok := v.(json.Number)
	if !ok {
		return nil, false
	}
	return new(big.Rat).SetString(string(n))
}

func equal(a, b any) bool {
	if an, ok := a.(json.Number); ok {
		bn, ok := b.(json.Number)
		if !ok {
			return false
		}
		// The common cases first (an enum of integers checked on every
		// request the fake Discord receives): the same digits, or two
		// integers.
		if an == bn {
			return true
		}
		if ai, err := an.Int64(); err == nil {
			if bi, err := bn.Int64(); err == nil {
				return ai == bi
			}
		}
		ar, ok1 := new(big.Rat).SetString(string(an))
		br, ok2 := new(big.Rat).SetString(string(bn))
		return ok1 && ok2 && ar.Cmp(br) == 0
	}
	if as, ok := a.(string); ok {
		bs, ok := b.(string)
		return ok && as == bs
	}
	ab, _ := json.Marshal(a)
	bb, _ := json.Marshal(b)
	return string(ab) == string(bb)
}

func describe(v any) string {
	switch x := v.(type) {
	case string:
		if utf8.RuneCountInString(x) > 40 {
			x = string([]rune(x)[:40]) + "…"
		}
		b, _ := json.Marshal(x)
		return "the string " + string(b)
	case json.Number:
		return "the number " + string(x)
	case nil:
		return "null"
	case bool:
		if x {
			return "true"
		}
		return "false"
	case []any:
		return "an array"
	case map[string]any:
		return "an object"
	}
	return "an unknown value"
}

func describeAll(vs []any) string {
	var parts []string
	for _, v := range vs {
		if n, ok := v.(json.Number); ok {
			parts = append(parts, string(n))
			continue
		}
		b, _ := json.Marshal(v)
		parts = append(parts, string(b))
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

func itoa(i int) string {
	b, _ := json.Marshal(i)
	return string(b)
}
