package openapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
)

// ErrNotFound is returned by Find when no Discord OpenAPI description is
// next to the module (../shared/discord-api-spec/openapi.json from the
// repository's root).
var ErrNotFound = errors.New("openapi: Discord's OpenAPI description was not found " +
	"(../shared/discord-api-spec/openapi.json from the repository's root; set DISCORD_OPENAPI to its path)")

// ErrNoOperation is returned by CheckRequest for a method and path that
// the description does not have.
var ErrNoOperation = errors.New("openapi: no such operation")

// ErrInvalid is wrapped by the *Invalid that CheckRequest returns for a
// request the description refuses.
var ErrInvalid = errors.New("openapi: the request breaks the description")

// Spec is a loaded OpenAPI description.
type Spec struct {
	schemas map[string]any
	routes  []route

	reMu sync.Mutex
	res  map[string]*regexp.Regexp

	// nodes are the compiled schemas (verdict.go) by identity, written
	// by Parse and only read after.
	nodes map[uintptr]*node
}

type route struct {
	method string
	path   string   // as the description writes it
	segs   []string // its segments; "{name}" for a parameter
	op     map[string]any
	params []any // the path item's and the operation's parameters
	// verdict is the operation compiled (verdict.go): whether a
	// request is taken, without wording its problems.
	verdict *verdict
}

// Problem is one way a request breaks the description.
type Problem struct {
	// Path is where, as Discord's form errors write it: "embeds.0.title",
	// "" for the body as a whole, "?wait" for a query parameter.
	Path string
	// Code is Discord's error code for it where it has one
	// (BASE_TYPE_MAX_LENGTH...), else a code of this package.
	Code    string
	Message string
}

func (p Problem) String() string {
	where := p.Path
	if where == "" {
		where = "(body)"
	}
	return where + ": " + p.Message
}

// Invalid is a request the description refuses, with every problem.
type Invalid struct {
	Method, Path string // the request's
	Operation    string // the description's path of the operation
	Problems     []Problem
}

func (e *Invalid) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "openapi: %s %s (%s) breaks Discord's description: ", e.Method, e.Path, e.Operation)
	for i, p := range e.Problems {
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(p.String())
	}
	return b.String()
}

func (e *Invalid) Unwrap() error { return ErrInvalid }

// Load reads the description at path.
func Load(path string) (*Spec, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("openapi: %w", err)
	}
	return Parse(b)
}

// Parse reads a description.
func Parse(b []byte) (*Spec, error) {
	var doc struct {
		Paths      map[string]map[string]json.RawMessage `json:"paths"`
		Components struct {
			Schemas map[string]any `json:"schemas"`
		} `json:"components"`
	}
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	if err := d.Decode(&doc); err != nil {
		return nil, fmt.Errorf("openapi: the description does not decode: %w", err)
	}
	if len(doc.Paths) == 0 {
		return nil, errors.New("openapi: the description has no paths")
	}
	s := &Spec{schemas: doc.Components.Schemas, res: map[string]*regexp.Regexp{}}
	for path, item := range doc.Paths {
		var common []any
		if raw, ok := item["parameters"]; ok {
			if err := decode(raw, &common); err != nil {
				return nil, fmt.Errorf("openapi: parameters of %s: %w", path, err)
			}
		}
		for method, raw := range item {
			if method == "parameters" {
				continue
			}
			var op map[string]any
			if err := decode(raw, &op); err != nil {
				return nil, fmt.Errorf("openapi: %s %s: %w", method, path, err)
			}
			params := append([]any(nil), common...)
			if ps, ok := op["parameters"].([]any); ok {
				params = append(params, ps...)
			}
			s.routes = append(s.routes, route{method: strings.ToUpper(method), path: path,
				segs: strings.Split(strings.Trim(path, "/"), "/"), op: op, params: params})
		}
	}
	sort.Slice(s.routes, func(i, j int) bool { return s.routes[i].path < s.routes[j].path })
	c := &compiler{spec: s, nodes: map[uintptr]*node{}}
	for i := range s.routes {
		s.routes[i].verdict = c.compileRoute(&s.routes[i])
	}
	s.nodes = c.nodes
	return s, nil
}

func decode(raw json.RawMessage, v any) error {
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	return d.Decode(v)
}

// Find returns the path of Discord's description: $DISCORD_OPENAPI when
// set, else ../shared/discord-api-spec/openapi.json from the first
// directory up from the working directory that holds go.mod.
func Find() (string, error) {
	if p := os.Getenv("DISCORD_OPENAPI"); p != "" {
		if _, err := os.Stat(p); err != nil {
			return "", fmt.Errorf("%w: DISCORD_OPENAPI: %v", ErrNotFound, err)
		}
		return p, nil
	}
	dir, err := os.Getwd()
	if err != nil {
		return "", fmt.Errorf("%w: %v", ErrNotFound, err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			p := filepath.Join(dir, "..", "shared", "discord-api-spec", "openapi.json")
			if _, err := os.Stat(p); err != nil {
				return "", fmt.Errorf("%w: %v", ErrNotFound, err)
			}
			return p, nil
		}
		up := filepath.Dir(dir)
		if up == dir {
			return "", ErrNotFound
		}
		dir = up
	}
}

var (
	defaultOnce sync.Once
	defaultSpec *Spec
	defaultErr  error
)

// Default is Discord's description (Find, Load), loaded once.
func Default() (*Spec, error) {
	defaultOnce.Do(func() {
		p, err := Find()
		if err != nil {
			defaultErr = err
			return
		}
		defaultSpec, defaultErr = Load(p)
	})
	return defaultSpec, defaultErr
}

// match finds the operation of method and path (without the /api/vN
// prefix): of the routes that fit, the one with the most literal
// segments.
func (s *Spec) match(method, path string) (*route, bool) {
	segs := strings.Split(strings.Trim(path, "/"), "/")
	var best *route
	bestLit := -1
	for i := range s.routes {
		r := &s.routes[i]
		if r.method != method || len(r.segs) != len(segs) {
			continue
		}
		lit, ok := 0, true
		for j, seg := range r.segs {
			if strings.HasPrefix(seg, "{") && strings.HasSuffix(seg, "}") {
				if segs[j] == "" {
					ok = false
					break
				}
				continue
			}
			if seg != segs[j] {
				ok = false
				break
			}
			lit++
		}
		if ok && lit > bestLit {
			best, bestLit = r, lit
		}
	}
	return best, best != nil
}

// CheckRequest checks a request (its path without the /api/vN prefix,
// its query, its Content-Type and its body) against the operation the
// description has for it. It returns an *Invalid (wrapping ErrInvalid)
// listing every problem, or ErrNoOperation.
func (s *Spec) CheckRequest(method, path string, query url.Values, contentType string, body []byte) error {
	return s.check(method, path, query, contentType, body, false)
}

// check is CheckRequest; plain, it leaves the compiled nodes aside (the
// reference the tests hold them to).
func (s *Spec) check(method, path string, query url.Values, contentType string, body []byte, plain bool) error {
	r, ok := s.match(method, path)
	if !ok {
		return fmt.Errorf("%w: %s %s", ErrNoOperation, method, path)
	}
	if !plain && r.verdict != nil && r.verdict.takes(query, contentType, body) {
		return nil // the verdict alone, without wording problems (verdict.go)
	}
	c := &checker{spec: s, plain: plain}
	c.query(r, query)
	c.body(r, contentType, body)
	if len(c.problems) == 0 {
		return nil
	}
	return &Invalid{Method: method, Path: path, Operation: r.path, Problems: c.problems}
}

type checker struct {
	spec     *Spec
	problems []Problem
	// plain: the checker never asks the compiled nodes whether a value
	// fits (fits), and words every value itself.
	plain bool
}

func (c *checker) add(path, code, format string, a ...any) {
	c.problems = append(c.problems, Problem{Path: path, Code: code, Message: fmt.Sprintf(format, a...)})
}

// query checks the query parameters the operation declares; others are
// left to the server (Discord ignores them).
func (c *checker) query(r *route, q url.Values) {
	for _, p := range r.params {
		pm, _ := p.(map[string]any)
		if pm["in"] != "query" {
			continue
		}
		name, _ := pm["name"].(string)
		vals, ok := q[name]
		if !ok {
			if req, _ := pm["required"].(bool); req {
				c.add("?"+name, "BASE_TYPE_REQUIRED", "the query parameter is required")
			}
			continue
		}
		schema, _ := pm["schema"].(map[string]any)
		for _, v := range vals {
			c.value(schema, queryValue(c.spec.resolve(schema), v), "?"+name)
		}
	}
}

// queryValue turns a query parameter into the JSON value its schema
// wants, when it spells one: a boolean (true, false, True, False, 1, 0,
// as Discord takes them) or a number; else the string, which a boolean
// or integer schema then refuses.
func queryValue(schema map[string]any, v string) any {
	for _, t := range types(schema) {
		switch t {
		case "boolean":
			switch v {
			case "true", "True", "1":
				return true
			case "false", "False", "0":
				return false
			}
		case "integer", "number":
			if numberRE.MatchString(v) {
				return json.Number(v)
			}
		}
	}
	return v
}

var numberRE = regexp.MustCompile(`^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?$`)

// body checks the content type and the body.
func (c *checker) body(r *route, contentType string, body []byte) {
	rb, _ := r.op["requestBody"].(map[string]any)
	if rb == nil {
		return // the operation takes no body; what is sent is ignored
	}
	if len(bytes.TrimSpace(body)) == 0 {
		if req, _ := rb["required"].(bool); req {
			c.add("", "BASE_TYPE_REQUIRED", "the operation needs a body")
		}
		return
	}
	content, _ := rb["content"].(map[string]any)
	mt, params, err := mime.ParseMediaType(contentType)
	if err != nil {
		mt = strings.TrimSpace(contentType)
	}
	media, ok := content[mt].(map[string]any)
	if !ok {
		var takes []string
		for k := range content {
			takes = append(takes, k)
		}
		sort.Strings(takes)
		c.add("", "CONTENT_TYPE_INVALID", "Content-Type %q is not taken (takes %s)", contentType, strings.Join(takes, ", "))
		return
	}
	schema, _ := media["schema"].(map[string]any)
	switch mt {
	case "application/json":
		c.json(schema, body, "")
	case "multipart/form-data":
		mr := multipart.NewReader(bytes.NewReader(body), params["boundary"])
		for {
			part, err := mr.NextPart()
			if err == io.EOF {
				break
			}
			if err != nil {
				c.add("", "MULTIPART_INVALID", "the multipart body does not parse: %v", err)
				return
			}
			if part.FormName() == "payload_json" {
				b, err := io.ReadAll(part)
				if err != nil {
					c.add("", "MULTIPART_INVALID", "reading payload_json: %v", err)
					return
				}
				c.json(schema, b, "")
			}
		}
	}
	// application/x-www-form-urlencoded: not sent by the bot, not checked.
}

func (c *checker) json(schema map[string]any, b []byte, path string) {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		c.add(path, "JSON_INVALID", "the body is not JSON: %v", err)
		return
	}
	if d.More() {
		c.add(path, "JSON_INVALID", "the body holds more than one JSON value")
		return
	}
	c.value(schema, v, path)
}
