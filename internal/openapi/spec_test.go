package openapi

import (
	"bytes"
	"errors"
	"mime/multipart"
	"net/url"
	"os"
	"strings"
	"testing"
)

// discord is Discord's description for a test: without it the test is
// skipped, or fails under CI=true, where it must be there.
func discord(t testing.TB) *Spec {
	t.Helper()
	s, err := Default()
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%v (CI=true: the tests against Discord's description may not be skipped)", err)
		}
		t.Skip(err)
	}
	return s
}

const appID = "100000000000000001"

// TestCheckRequest: each payload Discord's description refuses is
// refused with the path and code of the problem, and the same payload
// made right is taken.
func TestCheckRequest(t *testing.T) {
	s := discord(t)
	const (
		post    = "/channels/1/messages"
		hook    = "/webhooks/" + appID + "/tok-1"
		cb      = "/interactions/1/tok-1/callback"
		cmds    = "/applications/" + appID + "/commands"
		jsonCT  = "application/json"
		textCT  = "text/plain; charset=utf-8"
		longFr  = "abcdefghijklmnopqrstuvwxyzabcdefg" // 33 characters
		rightFr = "abcdefghijklmnopqrstuvwxyzabcdef"  // 32
	)
	for _, c := range []struct {
		name, method, path, query, ct, bad, good, where, code string
	}{
		{"embed title a number", "POST", post, "", jsonCT,
			`{"embeds":[{"title":5}]}`, `{"embeds":[{"title":"5"}]}`, "embeds.0.title", "BASE_TYPE_BAD_TYPE_STRING"},
		{"colour above 0xFFFFFF", "POST", post, "", jsonCT,
			`{"embeds":[{"title":"t","color":16777216}]}`, `{"embeds":[{"title":"t","color":16777215}]}`, "embeds.0.color", "NUMBER_TYPE_MAX"},
		{"user id a number in allowed_mentions", "POST", post, "", jsonCT,
			`{"content":"x","allowed_mentions":{"users":[200000000000000011]}}`, `{"content":"x","allowed_mentions":{"users":["200000000000000011"]}}`,
			"allowed_mentions.users.0", "BASE_TYPE_BAD_TYPE_STRING"},
		{"flags a string", "POST", hook, "", jsonCT,
			`{"content":"x","flags":"64"}`, `{"content":"x","flags":64}`, "flags", "BASE_TYPE_BAD_TYPE_NUMBER"},
		{"attachment without id", "PATCH", hook + "/messages/@original", "", jsonCT,
			`{"content":"x","attachments":[{"filename":"a.png"}]}`, `{"content":"x","attachments":[{"id":"0","filename":"a.png"}]}`,
			"attachments.0.id", "BASE_TYPE_REQUIRED"},
		{"localized command name of 33", "PUT", cmds, "", jsonCT,
			`[{"name":"veletas","description":"d","name_localizations":{"fr":"` + longFr + `"}}]`,
			`[{"name":"veletas","description":"d","name_localizations":{"fr":"` + rightFr + `"}}]`, "0.name_localizations.fr", "BASE_TYPE_MAX_LENGTH"},
		{"wait=yes", "POST", hook, "wait=yes", jsonCT, `{"content":"x"}`, `{"content":"x"}`, "?wait", "BASE_TYPE_BAD_TYPE_BOOLEAN"},
		{"callback as text/plain", "POST", cb, "", textCT,
			`{"type":4,"data":{"content":"x"}}`, `{"type":4,"data":{"content":"x"}}`, "", "CONTENT_TYPE_INVALID"},
		{"callback of an unknown type", "POST", cb, "", jsonCT, `{"type":3}`, `{"type":5}`, "type", "BASE_TYPE_CHOICES"},
		{"button without a style", "POST", post, "", jsonCT,
			`{"components":[{"type":1,"components":[{"type":2,"label":"Accept","custom_id":"a"}]}]}`,
			`{"components":[{"type":1,"components":[{"type":2,"style":1,"label":"Accept","custom_id":"a"}]}]}`,
			"components.0.components.0.style", "BASE_TYPE_REQUIRED"},
		{"content over 2000 in a follow-up", "POST", hook, "", jsonCT,
			`{"content":"` + strings.Repeat("é", 2001) + `"}`, `{"content":"` + strings.Repeat("é", 2000) + `"}`, "content", "BASE_TYPE_MAX_LENGTH"},
	} {
		t.Run(c.name, func(t *testing.T) {
			q, _ := url.ParseQuery(c.query)
			goodQ := q
			if c.name == "wait=yes" {
				goodQ = url.Values{"wait": {"true"}}
			}
			goodCT := c.ct
			if c.code == "CONTENT_TYPE_INVALID" {
				goodCT = jsonCT
			}
			if err := s.CheckRequest(c.method, c.path, goodQ, goodCT, []byte(c.good)); err != nil {
				t.Fatalf("the right payload is refused: %v", err)
			}
			err := s.CheckRequest(c.method, c.path, q, c.ct, []byte(c.bad))
			var inv *Invalid
			if !errors.As(err, &inv) || !errors.Is(err, ErrInvalid) {
				t.Fatalf("taken: %v", err)
			}
			found := false
			for _, p := range inv.Problems {
				if p.Path == c.where && p.Code == c.code {
					found = true
				}
			}
			if !found {
				t.Fatalf("want %s at %q, got %v", c.code, c.where, err)
			}
		})
	}
}

// TestCheckRequestRoutes: literal segments win over parameters, an
// unknown route is ErrNoOperation, a multipart body's payload_json is
// checked, and a body where the operation takes none is ignored.
func TestCheckRequestRoutes(t *testing.T) {
	s := discord(t)
	if r, ok := s.match("PATCH", "/webhooks/1/t/messages/@original"); !ok || r.path != "/webhooks/{webhook_id}/{webhook_token}/messages/@original" {
		t.Fatalf("@original matched %+v", r)
	}
	if r, ok := s.match("GET", "/users/@me"); !ok || r.path != "/users/@me" {
		t.Fatalf("/users/@me matched %+v", r)
	}
	if err := s.CheckRequest("POST", "/no/such/route", nil, "application/json", []byte(`{}`)); !errors.Is(err, ErrNoOperation) {
		t.Fatalf("unknown route: %v", err)
	}
	multi := func(payload string) (string, []byte) {
		var b bytes.Buffer
		w := multipart.NewWriter(&b)
		w.WriteField("payload_json", payload)
		f, _ := w.CreateFormFile("files[0]", "board.png")
		f.Write([]byte("png"))
		w.Close()
		return w.FormDataContentType(), b.Bytes()
	}
	ct, body := multi(`{"content":"x","attachments":[{"id":"0","filename":"board.png"}]}`)
	if err := s.CheckRequest("POST", "/channels/1/messages", nil, ct, body); err != nil {
		t.Fatal(err)
	}
	ct, body = multi(`{"content":"x","attachments":[{"filename":"board.png"}]}`)
	if err := s.CheckRequest("POST", "/channels/1/messages", nil, ct, body); err == nil || !strings.Contains(err.Error(), "attachments.0.id") {
		t.Fatalf("multipart without an attachment id: %v", err)
	}
	if err := s.CheckRequest("DELETE", "/webhooks/1/t/messages/@original", nil, "", nil); err != nil {
		t.Fatal(err)
	}
}

// FuzzCheckRequest: any body, content type and query are checked
// without a panic, and a refusal names at least one problem.
func FuzzCheckRequest(f *testing.F) {
	s := discord(f)
	f.Add("POST", "/channels/1/messages", "wait=true", "application/json", []byte(`{"content":"x","embeds":[{"title":1}]}`))
	f.Add("POST", "/interactions/1/t/callback", "", "multipart/form-data; boundary=x", []byte("--x\r\nContent-Disposition: form-data; name=\"payload_json\"\r\n\r\n{\"type\":4}\r\n--x--\r\n"))
	f.Add("PUT", "/applications/1/commands", "", "application/json", []byte(`[{"name":"a","options":[{"type":1,"name":"b"}]}]`))
	f.Fuzz(func(t *testing.T, method, path, query, ct string, body []byte) {
		q, _ := url.ParseQuery(query)
		err := s.CheckRequest(method, path, q, ct, body)
		var inv *Invalid
		if errors.As(err, &inv) && len(inv.Problems) == 0 {
			t.Fatalf("refused without a problem: %v", err)
		}
	})
}
