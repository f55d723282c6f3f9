package fakediscord

import (
	"bytes"
	"encoding/json"
	"io"
	"mime/multipart"
	"net/http"
	"os"
	"strings"
	"testing"
)

// requireSpec skips t without Discord's description (fails it under
// CI=true).
func requireSpec(t *testing.T, s *Server) {
	t.Helper()
	if _, err := s.Spec(); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%v (CI=true: the tests against Discord's description may not be skipped)", err)
		}
		t.Skip(err)
	}
}

// TestFakeRefusesWhatTheSpecRefuses sends the fake, as raw requests, the
// payloads Discord's description refuses that the fake took before (an
// embed title that is a number, a colour above 0xFFFFFF, a user id in
// allowed_mentions as a number, flags as a string, an attachment without
// id, a localized command name of 33 characters, wait=yes, a callback
// sent as text/plain): each gets 400 Invalid Form Body naming the part,
// is recorded in Invalid and stored nowhere. The same payload made right
// is taken, and Invalid stays as it was.
func TestFakeRefusesWhatTheSpecRefuses(t *testing.T) {
	s := New()
	defer s.Close()
	requireSpec(t, s)
	api := s.URL() + "/api/v10"
	s.note(map[string]any{"id": "77", "channel_id": "c9"})
	const long = "abcdefghijklmnopqrstuvwxyzabcdefg" // 33 characters
	for _, c := range []struct {
		name, method, url, ct, bad, good, goodURL, goodCT, where string
	}{
		{"embed title a number", "POST", "/channels/c1/messages", "", `{"embeds":[{"title":5}]}`, `{"embeds":[{"title":"5"}]}`, "", "", "embeds.0.title"},
		{"colour above 0xFFFFFF", "POST", "/channels/c1/messages", "", `{"embeds":[{"title":"t","color":16777216}]}`, `{"embeds":[{"title":"t","color":16777215}]}`, "", "", "embeds.0.color"},
		{"user id a number", "POST", "/channels/c1/messages", "", `{"content":"x","allowed_mentions":{"users":[200000000000000011]}}`,
			`{"content":"x","allowed_mentions":{"users":["200000000000000011"]}}`, "", "", "allowed_mentions.users.0"},
		{"flags a string", "POST", "/webhooks/" + AppID + "/tok-77", "", `{"content":"x","flags":"64"}`, `{"content":"x","flags":64}`, "", "", "flags"},
		{"attachment without id", "POST", "/channels/c1/messages", "multipart", `{"content":"x","attachments":[{"filename":"board.png"}]}`,
			`{"content":"x","attachments":[{"id":"0","filename":"board.png"}]}`, "", "", "attachments.0.id"},
		{"localized name of 33", "PUT", "/applications/" + AppID + "/commands", "",
			`[{"name":"veletas","description":"d","name_localizations":{"fr":"` + long + `"}}]`,
			`[{"name":"veletas","description":"d","name_localizations":{"fr":"` + long[:32] + `"}}]`, "", "", "0.name_localizations.fr"},
		{"wait=yes", "POST", "/webhooks/" + AppID + "/tok-77?wait=yes", "", `{"content":"x"}`, `{"content":"x"}`,
			"/webhooks/" + AppID + "/tok-77?wait=true", "", "?wait"},
		{"select of 26 options", "POST", "/interactions/77/tok-77/callback", "", `{"type": 4, "data": {"content": "x", "components": [{"type": 1, "components": [{"type": 3, "custom_id": "veletas:pk:1:0:s:", "min_values": 1, "max_values": 1, "options": [{"label": "x", "value": "v0"}, {"label": "x", "value": "v1"}, {"label": "x", "value": "v2"}, {"label": "x", "value": "v3"}, {"label": "x", "value": "v4"}, {"label": "x", "value": "v5"}, {"label": "x", "value": "v6"}, {"label": "x", "value": "v7"}, {"label": "x", "value": "v8"}, {"label": "x", "value": "v9"}, {"label": "x", "value": "v10"}, {"label": "x", "value": "v11"}, {"label": "x", "value": "v12"}, {"label": "x", "value": "v13"}, {"label": "x", "value": "v14"}, {"label": "x", "value": "v15"}, {"label": "x", "value": "v16"}, {"label": "x", "value": "v17"}, {"label": "x", "value": "v18"}, {"label": "x", "value": "v19"}, {"label": "x", "value": "v20"}, {"label": "x", "value": "v21"}, {"label": "x", "value": "v22"}, {"label": "x", "value": "v23"}, {"label": "x", "value": "v24"}, {"label": "x", "value": "v25"}]}]}]}}`, `{"type": 4, "data": {"content": "x", "components": [{"type": 1, "components": [{"type": 3, "custom_id": "veletas:pk:1:0:s:", "min_values": 1, "max_values": 1, "options": [{"label": "x", "value": "v0"}, {"label": "x", "value": "v1"}, {"label": "x", "value": "v2"}, {"label": "x", "value": "v3"}, {"label": "x", "value": "v4"}, {"label": "x", "value": "v5"}, {"label": "x", "value": "v6"}, {"label": "x", "value": "v7"}, {"label": "x", "value": "v8"}, {"label": "x", "value": "v9"}, {"label": "x", "value": "v10"}, {"label": "x", "value": "v11"}, {"label": "x", "value": "v12"}, {"label": "x", "value": "v13"}, {"label": "x", "value": "v14"}, {"label": "x", "value": "v15"}, {"label": "x", "value": "v16"}, {"label": "x", "value": "v17"}, {"label": "x", "value": "v18"}, {"label": "x", "value": "v19"}, {"label": "x", "value": "v20"}, {"label": "x", "value": "v21"}, {"label": "x", "value": "v22"}, {"label": "x", "value": "v23"}, {"label": "x", "value": "v24"}]}]}]}}`, "", "", "type"}, // the oneOf of the response types fails as a whole
		{"select label of 101", "POST", "/interactions/77/tok-77/callback", "", `{"type": 4, "data": {"content": "x", "components": [{"type": 1, "components": [{"type": 3, "custom_id": "veletas:pk:1:0:s:", "min_values": 1, "max_values": 1, "options": [{"label": "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "value": "v0"}, {"label": "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "value": "v1"}]}]}]}}`, `{"type": 4, "data": {"content": "x", "components": [{"type": 1, "components": [{"type": 3, "custom_id": "veletas:pk:1:0:s:", "min_values": 1, "max_values": 1, "options": [{"label": "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "value": "v0"}, {"label": "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "value": "v1"}]}]}]}}`, "", "", "type"},
		{"select custom id of 101", "POST", "/interactions/77/tok-77/callback", "", `{"type": 4, "data": {"content": "x", "components": [{"type": 1, "components": [{"type": 3, "custom_id": "ccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccc", "min_values": 1, "max_values": 1, "options": [{"label": "x", "value": "v0"}, {"label": "x", "value": "v1"}]}]}]}}`, `{"type": 4, "data": {"content": "x", "components": [{"type": 1, "components": [{"type": 3, "custom_id": "cccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccc", "min_values": 1, "max_values": 1, "options": [{"label": "x", "value": "v0"}, {"label": "x", "value": "v1"}]}]}]}}`, "", "", "type"},
		{"callback as text/plain", "POST", "/interactions/77/tok-77/callback", "text/plain", `{"type":4,"data":{"content":"x"}}`,
			`{"type":4,"data":{"content":"x"}}`, "", "application/json", "_body"},
	} {
		t.Run(c.name, func(t *testing.T) {
			before := len(s.Invalid())
			status, body := send(t, c.method, api+c.url, c.ct, c.bad)
			if status != http.StatusBadRequest {
				t.Fatalf("taken: %d %s", status, body)
			}
			var fe struct {
				Code   int            `json:"code"`
				Errors map[string]any `json:"errors"`
			}
			if err := json.Unmarshal(body, &fe); err != nil || fe.Code != 50035 {
				t.Fatalf("answer %s: %v", body, err)
			}
			node := any(fe.Errors)
			for _, k := range strings.Split(c.where, ".") {
				m, _ := node.(map[string]any)
				node = m[k]
			}
			if m, _ := node.(map[string]any); m == nil || m["_errors"] == nil {
				t.Fatalf("no error at %s: %s", c.where, body)
			}
			if n := len(s.Invalid()); n != before+1 {
				t.Fatalf("%d requests recorded as invalid, want %d", n, before+1)
			}
			url, ct := c.url, c.ct
			if c.goodURL != "" {
				url = c.goodURL
			}
			if c.goodCT != "" {
				ct = c.goodCT
			}
			if status, body := send(t, c.method, api+url, ct, c.good); status >= 300 {
				t.Fatalf("the right payload: %d %s", status, body)
			}
			if n := len(s.Invalid()); n != before+1 {
				t.Fatalf("the right payload was recorded as invalid: %v", s.Invalid()[before+1:])
			}
		})
	}
}

// send makes a request with body as JSON, as multipart payload_json with
// a file (ct "multipart"), or with the Content-Type ct.
func send(t *testing.T, method, url, ct, body string) (int, []byte) {
	t.Helper()
	var b bytes.Buffer
	switch ct {
	case "", "application/json":
		b.WriteString(body)
		ct = "application/json"
	case "multipart":
		w := multipart.NewWriter(&b)
		w.WriteField("payload_json", body)
		f, _ := w.CreateFormFile("files[0]", "board.png")
		f.Write([]byte("\x89PNG"))
		w.Close()
		ct = w.FormDataContentType()
	default:
		b.WriteString(body)
	}
	req, err := http.NewRequest(method, url, &b)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", ct)
	req.Header.Set("Authorization", "Bot x")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	out, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, out
}
