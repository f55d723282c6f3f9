package fakediscord

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"testing"

	"github.com/veletasbot/veletas/internal/openapi"
)

// Conformance: every REST request the bot sends to the fake (and every
// first response it writes to an interaction posted over HTTP) is checked
// against Discord's OpenAPI description (package openapi). A request the
// description refuses is answered 400 "Invalid Form Body" with the
// problems' paths and codes, as Discord answers it, recorded as a
// Message of Kind "refused" for its interaction or channel, and kept in
// Invalid for the tests to assert that the bot sends nothing Discord
// would refuse. Discord's limits the description does not say (the 6000
// characters of all embeds together, 2000 of a channel message's
// content) are the fake's own (embeds.go), and their wording comes first.

// Invalid is every request the fake got that Discord's description
// refuses (or that names a route Discord does not have), in order.
func (s *Server) Invalid() []error {
	s.invalidMu.Lock()
	defer s.invalidMu.Unlock()
	return append([]error(nil), s.invalid...)
}

func (s *Server) noteInvalid(err error) {
	s.invalidMu.Lock()
	s.invalid = append(s.invalid, err)
	s.invalidMu.Unlock()
}

// CheckConformance makes t fail, at its end, for each request the fake
// got that Discord's description refuses. Without the description (no
// ../shared next to the repository) it only logs that nothing is
// checked, but fails t under CI=true, where the description must be
// there.
func (s *Server) CheckConformance(t testing.TB) {
	t.Helper()
	if s.spec == nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("fakediscord: %v (CI=true: the requests must be checked against Discord's description)", s.specErr)
		}
		t.Logf("fakediscord: the requests are not checked against Discord's description: %v", s.specErr)
		return
	}
	t.Cleanup(func() {
		n := s.checked.Load()
		if n == 0 {
			t.Error("fakediscord: no request was checked against Discord's description")
		}
		t.Logf("fakediscord: %d requests checked against Discord's description, %d refused", n, len(s.Invalid()))
		for _, err := range s.Invalid() {
			t.Errorf("the bot sent what Discord refuses: %v", err)
		}
	})
}

// Spec is Discord's description the fake checks requests against, or
// the error that it could not be loaded.
func (s *Server) Spec() (*openapi.Spec, error) { return s.spec, s.specErr }

// conform checks a REST request against the description. When it is
// refused, and the fake's own checks would not refuse it first, it
// answers 400 and reports true. The body is kept for the handler.
func (s *Server) conform(w http.ResponseWriter, r *http.Request, path string, parts []string) bool {
	if s.spec == nil {
		return false
	}
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, "reading the body: "+err.Error(), http.StatusBadRequest)
		return true
	}
	r.Body = io.NopCloser(bytes.NewReader(body))
	s.checked.Add(1)
	err = s.spec.CheckRequest(r.Method, path, r.URL.Query(), r.Header.Get("Content-Type"), body)
	if err == nil {
		return false
	}
	s.noteInvalid(err)
	var inv *openapi.Invalid
	if !errors.As(err, &inv) {
		return false // a route Discord does not have: the fake answers 404
	}
	var fe *FormError
	if _, err := readMessage(&http.Request{Header: r.Header, Body: io.NopCloser(bytes.NewReader(body))}); errors.As(err, &fe) && !fe.has("MODEL_TYPE_CONVERT") {
		return false // the fake's own refusal of a limit, in its own words
	}
	fe = formErrorOf(inv)
	key, m := "", Message{Kind: "refused", Refused: fe}
	switch {
	case len(parts) == 4 && parts[0] == "interactions":
		key, m.InteractionID = "i:"+parts[1], parts[1]
	case len(parts) >= 3 && parts[0] == "webhooks":
		iid := interactionOfToken(parts[2])
		key, m.InteractionID = "i:"+iid, iid
	case len(parts) == 3 && parts[0] == "channels":
		key, m.Channel = "c:"+parts[1], parts[1]
	}
	if key != "" {
		s.record(key, m)
	}
	writeFormError(w, fe)
	return true
}

// interactionOfToken is the interaction id of a fake interaction token
// ("tok-<interaction id>").
func interactionOfToken(token string) string {
	if len(token) > 4 && token[:4] == "tok-" {
		return token[4:]
	}
	return token
}

// has reports whether the form error has a problem of that code.
func (e *FormError) has(code string) bool {
	for _, p := range e.Errors {
		if p.code == code {
			return true
		}
	}
	return false
}

// formErrorOf is Discord's form error for the problems.
func formErrorOf(inv *openapi.Invalid) *FormError {
	fe := &FormError{}
	for _, p := range inv.Problems {
		path := p.Path
		if path == "" {
			path = "_body"
		}
		fe.add(path, p.Code, p.Message)
	}
	return fe
}

// checkResponse checks the first response the bot wrote to an
// interaction posted over HTTP as the callback Discord would take.
func (s *Server) checkResponse(interactionID, contentType string, body []byte) error {
	if s.spec == nil {
		return nil
	}
	s.checked.Add(1)
	err := s.spec.CheckRequest(http.MethodPost, "/interactions/"+interactionID+"/tok-"+interactionID+"/callback", nil, contentType, body)
	if err != nil {
		err = fmt.Errorf("the HTTP response to interaction %s: %w", interactionID, err)
		s.noteInvalid(err)
	}
	return err
}
