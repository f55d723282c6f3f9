package openapi

import (
	"bytes"
	"encoding/json"
	"io"
	"math/big"
	"mime"
	"mime/multipart"
	"net/url"
	"reflect"
	"regexp"
	"strings"
	"unicode/utf8"
)

// The verdict alone. Nearly every request the fake Discord checks is
// taken, and the checker that words the problems (checker.value) spends
// most of its time on the alternatives of anyOf and oneOf that do not
// fit, wording problems that are then dropped. So CheckRequest first
// asks the compiled form of the description whether the request is
// taken, which it answers without a word or a path; only a request it
// refuses goes through the checker, which words its problems as before.
//
// A node is a schema compiled once (at Parse) for that verdict: node.ok
// reports exactly whether the plain checker (checker.plain) would add no
// problem, keyword by keyword (TestCheckRequestVerdicts, TestNodeKeywords,
// FuzzVerdict and FuzzNodeOK hold them to it). The checker asks the nodes
// too (checker.fits): it words only the values they refuse. Nodes are
// built before the Spec is used and only read after, so that concurrent
// checks share them safely.

// typeSet is a set of JSON types, a bit each.
type typeSet uint8

const (
	tNull typeSet = 1 << iota
	tBoolean
	tInteger
	tNumber // a number with a fractional part; "number" in a schema takes integers too
	tString
	tArray
	tObject
)

var typeBits = map[string]typeSet{"null": tNull, "boolean": tBoolean, "integer": tInteger,
	"number": tNumber | tInteger, "string": tString, "array": tArray, "object": tObject}

// addl is what an object node does with a key it has no property for.
type addl uint8

const (
	addlAny    addl = iota // additionalProperties absent, true, or not a schema
	addlNone               // additionalProperties: false
	addlSchema             // additionalProperties: a schema (node.addl)
)

type node struct {
	unresolved bool // a $ref to nothing: refused whatever the value

	hasTypes bool
	types    typeSet

	hasConst bool
	constV   any
	hasEnum  bool
	enum     []any

	allOf, anyOf, oneOf []*node

	// Strings.
	maxLength, minLength       int64
	hasMaxLength, hasMinLength bool
	pattern                    *regexp.Regexp

	// Numbers: the integer bounds when both are usable as 64-bit
	// integers (checker.integer), else the exact ones (big.Rat).
	intBounds                bool
	intMax, intMin           int64
	hasIntMax, hasIntMin     bool
	ratMax, ratMin           *big.Rat
	format                   string
	maxItems, minItems       int64
	hasMaxItems, hasMinItems bool
	unique                   bool
	items                    *node

	// Objects.
	props         map[string]prop
	first         []string // the properties with a const or enum: checked first, as they tell alternatives apart
	required      []string
	maxProps      int64
	hasMaxProps   bool
	addlKind      addl
	addl          *node
	checksObjects bool // required, maxProperties, properties or additionalProperties to check
}

type prop struct {
	n     *node
	first bool // checked with node.first
}

// unresolved is the node of every schema that names nothing ($ref).
var unresolved = &node{unresolved: true}

// compiler builds the nodes of a Spec, one per schema (by identity,
// after $ref), so that recursive schemas end.
type compiler struct {
	spec  *Spec
	nodes map[uintptr]*node
}

func (c *compiler) compile(schema map[string]any) *node {
	if schema == nil {
		return nil
	}
	schema = c.spec.resolve(schema)
	if _, ok := schema["x-unresolved"].(string); ok {
		return unresolved
	}
	key := reflect.ValueOf(schema).Pointer() // the description holds the schema: the key stays its own
	if n, ok := c.nodes[key]; ok {
		return n
	}
	n := &node{}
	c.nodes[key] = n
	if ts := types(schema); len(ts) > 0 {
		n.hasTypes = true
		for _, t := range ts {
			n.types |= typeBits[t]
		}
	}
	n.constV, n.hasConst = schema["const"]
	n.enum, n.hasEnum = schema["enum"].([]any)
	for _, sub := range list(schema["allOf"]) {
		n.allOf = append(n.allOf, c.compile(sub))
	}
	for _, sub := range list(schema["anyOf"]) {
		n.anyOf = append(n.anyOf, c.compile(sub))
	}
	for _, sub := range list(schema["oneOf"]) {
		n.oneOf = append(n.oneOf, c.compile(sub))
	}
	n.maxLength, n.hasMaxLength = intOf(schema["maxLength"])
	n.minLength, n.hasMinLength = intOf(schema["minLength"])
	if p, ok := schema["pattern"].(string); ok {
		n.pattern = c.spec.regexp(p)
	}
	max, min := bound(schema, "maximum"), bound(schema, "minimum")
	n.intMax, n.hasIntMax = max.i, max.present
	n.intMin, n.hasIntMin = min.i, min.present
	n.intBounds = max.usable && min.usable
	n.ratMax, _ = ratOf(schema["maximum"])
	n.ratMin, _ = ratOf(schema["minimum"])
	n.format, _ = schema["format"].(string)
	n.maxItems, n.hasMaxItems = intOf(schema["maxItems"])
	n.minItems, n.hasMinItems = intOf(schema["minItems"])
	n.unique, _ = schema["uniqueItems"].(bool)
	if items, ok := schema["items"].(map[string]any); ok {
		n.items = c.compile(items)
	}
	props, _ := schema["properties"].(map[string]any)
	for k, p := range props {
		pm, ok := p.(map[string]any)
		if !ok {
			continue // not a schema: the key is an additional one (checker.value)
		}
		if n.props == nil {
			n.props = map[string]prop{}
		}
		pn := c.compile(pm)
		_, hasConst := pm["const"]
		_, hasEnum := pm["enum"].([]any)
		first := hasConst || hasEnum
		if first {
			n.first = append(n.first, k)
		}
		n.props[k] = prop{n: pn, first: first}
	}
	n.required = list2(schema["required"])
	n.maxProps, n.hasMaxProps = intOf(schema["maxProperties"])
	switch ap := schema["additionalProperties"].(type) {
	case bool:
		if !ap {
			n.addlKind = addlNone
		}
	case map[string]any:
		n.addlKind, n.addl = addlSchema, c.compile(ap)
	}
	n.checksObjects = len(n.props) > 0 || len(n.required) > 0 || n.hasMaxProps || n.addlKind != addlAny
	return n
}

// node is the compiled schema (nil when Parse compiled none for it).
func (s *Spec) node(schema map[string]any) *node {
	if s.nodes == nil || schema == nil {
		return nil
	}
	return s.nodes[reflect.ValueOf(s.resolve(schema)).Pointer()]
}

type intBound struct {
	i               int64
	present, usable bool
}

// bound is a number bound as checker.integer reads it.
func bound(schema map[string]any, key string) intBound {
	b, ok := schema[key]
	if !ok {
		return intBound{usable: true}
	}
	n, ok := b.(json.Number)
	if !ok {
		return intBound{usable: true}
	}
	i, err := n.Int64()
	return intBound{i: i, present: true, usable: err == nil}
}

// typeBit is the JSON type of a decoded value, as typeOf names it.
func typeBit(v any) typeSet {
	switch x := v.(type) {
	case nil:
		return tNull
	case bool:
		return tBoolean
	case json.Number:
		if !strings.ContainsAny(string(x), ".eE") {
			return tInteger // the digits of an integer (the decoder's syntax)
		}
		if typeOf(x) == "integer" {
			return tInteger
		}
		return tNumber
	case string:
		return tString
	case []any:
		return tArray
	case map[string]any:
		return tObject
	}
	return 0
}

// ok reports whether v fits the node: whether checker.value would add
// no problem.
func (n *node) ok(v any) bool {
	if n == nil {
		return true
	}
	if n.unresolved {
		return false
	}
	if n.hasTypes {
		if typeBit(v)&n.types == 0 {
			return false
		}
	}
	if n.hasConst && !equal(n.constV, v) {
		return false
	}
	if n.hasEnum {
		found := false
		for _, e := range n.enum {
			if equal(e, v) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	for _, sub := range n.allOf {
		if !sub.ok(v) {
			return false
		}
	}
	if len(n.anyOf) > 0 {
		fits := false
		for _, alt := range n.anyOf {
			if alt.ok(v) {
				fits = true
				break
			}
		}
		if !fits {
			return false
		}
	}
	if len(n.oneOf) > 0 {
		fits := 0
		for _, alt := range n.oneOf {
			if alt.ok(v) {
				if fits++; fits > 1 {
					return false
				}
			}
		}
		if fits != 1 {
			return false
		}
	}
	switch x := v.(type) {
	case string:
		if n.hasMaxLength || n.hasMinLength {
			l := int64(utf8.RuneCountInString(x))
			if n.hasMaxLength && l > n.maxLength || n.hasMinLength && l < n.minLength {
				return false
			}
		}
		if n.pattern != nil && !n.pattern.MatchString(x) {
			return false
		}
	case json.Number:
		return n.numberOK(x)
	case []any:
		l := int64(len(x))
		if n.hasMaxItems && l > n.maxItems || n.hasMinItems && l < n.minItems {
			return false
		}
		if n.unique {
			seen := map[string]bool{}
			for _, it := range x {
				k, _ := json.Marshal(it)
				if seen[string(k)] {
					return false
				}
				seen[string(k)] = true
			}
		}
		if n.items != nil {
			for _, it := range x {
				if !n.items.ok(it) {
					return false
				}
			}
		}
	case map[string]any:
		if !n.checksObjects {
			return true
		}
		for _, r := range n.required {
			if _, ok := x[r]; !ok {
				return false
			}
		}
		if n.hasMaxProps && int64(len(x)) > n.maxProps {
			return false
		}
		for _, k := range n.first {
			if v, ok := x[k]; ok && !n.props[k].n.ok(v) {
				return false
			}
		}
		for k, v := range x {
			if p, ok := n.props[k]; ok {
				if !p.first && !p.n.ok(v) {
					return false
				}
				continue
			}
			switch n.addlKind {
			case addlNone:
				return false
			case addlSchema:
				if !n.addl.ok(v) {
					return false
				}
			}
		}
	}
	return true
}

// numberOK checks a number against the bounds and the format, as
// checker.value and checker.integer do.
func (n *node) numberOK(x json.Number) bool {
	if n.intBounds {
		if v, err := x.Int64(); err == nil {
			if n.hasIntMax && v > n.intMax || n.hasIntMin && v < n.intMin {
				return false
			}
			return n.format != "int32" || v <= 1<<31-1 && v >= -1<<31
		}
	}
	if n.ratMax == nil && n.ratMin == nil && n.format != "int32" && n.format != "int64" {
		return true
	}
	r, _ := new(big.Rat).SetString(string(x))
	if r == nil {
		return true
	}
	if n.ratMax != nil && r.Cmp(n.ratMax) > 0 || n.ratMin != nil && r.Cmp(n.ratMin) < 0 {
		return false
	}
	switch n.format {
	case "int32":
		if !r.IsInt() || r.Num().BitLen() > 31 && !(r.Sign() < 0 && r.Num().Cmp(new(big.Int).Lsh(big.NewInt(-1), 31)) == 0) {
			return false
		}
	case "int64":
		if !r.IsInt() || r.Num().BitLen() > 63 && !(r.Sign() < 0 && r.Num().Cmp(new(big.Int).Lsh(big.NewInt(-1), 63)) == 0) {
			return false
		}
	}
	return true
}

// verdict is a route compiled: its query parameters and its body's
// schemas by media type.
type verdict struct {
	query    []queryParam
	hasBody  bool // the operation takes a body (else what is sent is ignored)
	required bool
	media    map[string]*node // the body's schema by media type; absent: not taken
}

type queryParam struct {
	name     string
	required bool
	schema   map[string]any // resolved, for queryValue
	n        *node
}

// compileRoute is the verdict of r, as checker.query and checker.body
// read the operation.
func (c *compiler) compileRoute(r *route) *verdict {
	v := &verdict{}
	for _, p := range r.params {
		pm, _ := p.(map[string]any)
		if pm["in"] != "query" {
			continue
		}
		name, _ := pm["name"].(string)
		req, _ := pm["required"].(bool)
		schema, _ := pm["schema"].(map[string]any)
		v.query = append(v.query, queryParam{name: name, required: req, schema: c.spec.resolve(schema), n: c.compile(schema)})
	}
	rb, _ := r.op["requestBody"].(map[string]any)
	if rb == nil {
		return v
	}
	v.hasBody = true
	v.required, _ = rb["required"].(bool)
	content, _ := rb["content"].(map[string]any)
	v.media = map[string]*node{}
	for mt, m := range content {
		media, ok := m.(map[string]any)
		if !ok {
			continue
		}
		schema, _ := media["schema"].(map[string]any)
		v.media[mt] = c.compile(schema)
	}
	return v
}

// takes reports whether the request is taken: whether checker.query and
// checker.body would find no problem.
func (v *verdict) takes(q url.Values, contentType string, body []byte) bool {
	for _, p := range v.query {
		vals, ok := q[p.name]
		if !ok {
			if p.required {
				return false
			}
			continue
		}
		for _, s := range vals {
			if !p.n.ok(queryValue(p.schema, s)) {
				return false
			}
		}
	}
	if !v.hasBody {
		return true
	}
	if len(bytes.TrimSpace(body)) == 0 {
		return !v.required
	}
	mt, params, err := mime.ParseMediaType(contentType)
	if err != nil {
		mt = strings.TrimSpace(contentType)
	}
	n, ok := v.media[mt]
	if !ok {
		return false
	}
	switch mt {
	case "application/json":
		return n.takesJSON(body)
	case "multipart/form-data":
		mr := multipart.NewReader(bytes.NewReader(body), params["boundary"])
		for {
			part, err := mr.NextPart()
			if err == io.EOF {
				return true
			}
			if err != nil {
				return false
			}
			if part.FormName() == "payload_json" {
				b, err := io.ReadAll(part)
				if err != nil || !n.takesJSON(b) {
					return false
				}
			}
		}
	}
	return true
}

// takesJSON reports whether b is one JSON value that fits n, as
// checker.json checks it.
func (n *node) takesJSON(b []byte) bool {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil || d.More() {
		return false
	}
	return n.ok(v)
}
