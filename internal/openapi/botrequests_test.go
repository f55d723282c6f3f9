package openapi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"mime/multipart"
	"net/textproto"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// request is one HTTP request the bot sends Discord, as CheckRequest
// takes it.
type request struct {
	name, method, path string
	query              url.Values
	contentType        string
	body               []byte
	payload            any // the JSON payload, decoded, for the mutations (nil: none)
}

// boundary is the multipart boundary of the corpus (fixed, where
// discordgo draws one, so that the golden verdicts do not change).
const boundary = "veletas-corpus-boundary"

// jsonRequest is a request whose body is payload as JSON, as discordgo
// sends a payload without files.
func jsonRequest(t testing.TB, name, method, path string, q url.Values, payload any) request {
	t.Helper()
	b, err := json.Marshal(payload)
	if err != nil {
		t.Fatal(err)
	}
	return request{name: name, method: method, path: path, query: q, contentType: "application/json", body: b, payload: decodeJSON(t, b)}
}

// multipartRequest is a request whose body is payload as payload_json
// with files, laid out as discordgo's MultipartBodyWithJSON lays it out.
func multipartRequest(t testing.TB, name, method, path string, q url.Values, payload any, files ...*discordgo.File) request {
	t.Helper()
	b, err := json.Marshal(payload)
	if err != nil {
		t.Fatal(err)
	}
	ct, body := multipartBody(t, b, files)
	return request{name: name, method: method, path: path, query: q, contentType: ct, body: body, payload: decodeJSON(t, b)}
}

func multipartBody(t testing.TB, payload []byte, files []*discordgo.File) (string, []byte) {
	t.Helper()
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	if err := w.SetBoundary(boundary); err != nil {
		t.Fatal(err)
	}
	h := textproto.MIMEHeader{}
	h.Set("Content-Disposition", `form-data; name="payload_json"`)
	h.Set("Content-Type", "application/json")
	p, _ := w.CreatePart(h)
	p.Write(payload)
	for i, f := range files {
		h := textproto.MIMEHeader{}
		h.Set("Content-Disposition", fmt.Sprintf(`form-data; name="files[%d]"; filename="%s"`, i, f.Name))
		h.Set("Content-Type", f.ContentType)
		p, _ := w.CreatePart(h)
		p.Write([]byte("\x89PNG\r\n\x1a\n" + strings.Repeat("\x00IDAT", 400)))
	}
	w.Close()
	return w.FormDataContentType(), b.Bytes()
}

func decodeJSON(t testing.TB, b []byte) any {
	t.Helper()
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

// botRequests are the requests the bot sends most, built from
// discordgo's types as bot/discord builds them (ResponseFor, editFor,
// followUpNew, EditMessage, Send): interaction callbacks of types 4
// (embeds, a select menu, buttons and an image), 7 (an update that
// settles), 5 (a deferral), 12 (an activity); a follow-up with an image
// (multipart payload_json); an edit of @original; a channel message and
// its edit.
func botRequests(t testing.TB) []request {
	const (
		app   = "100000000000000001"
		token = "tok-300000000000000001"
		cb    = "/interactions/300000000000000001/" + token + "/callback"
		hook  = "/webhooks/" + app + "/" + token
	)
	one := 1
	menu := discordgo.SelectMenu{MenuType: discordgo.StringSelectMenu, CustomID: "veletas:pk:4821:17:from:", Placeholder: "Piece to move", MinValues: &one, MaxValues: 1}
	for i := range 12 {
		menu.Options = append(menu.Options, discordgo.SelectMenuOption{Label: "Shooter on " + string(rune('a'+i%7)) + strconv.Itoa(i%7+1), Value: "s" + strconv.Itoa(i)})
	}
	buttons := discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: "Take back", CustomID: "veletas:tb:4821:17", Style: discordgo.SecondaryButton},
		discordgo.Button{Label: "Resign", CustomID: "veletas:rs:4821:17", Style: discordgo.DangerButton},
		discordgo.Button{Label: "Board", URL: "https://veletas.example/g/AbCdEf0123456789", Style: discordgo.LinkButton},
	}}
	rows := []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{menu}}, buttons}
	embed := func() []*discordgo.MessageEmbed {
		return []*discordgo.MessageEmbed{{
			Title: "Veletas: alice vs bob", Description: "Move 17. **bob** to play: place a stone or move a shooter.", Color: 0x2f6f4f,
			Author: &discordgo.MessageEmbedAuthor{Name: "alice (1520) vs bob (1480)"},
			Footer: &discordgo.MessageEmbedFooter{Text: "Game 4821 · 3 days a move"},
			Image:  &discordgo.MessageEmbedImage{URL: "attachment://board.png"},
			Fields: []*discordgo.MessageEmbedField{
				{Name: "Shooters", Value: "alice 3, bob 2", Inline: true},
				{Name: "Stones", Value: "alice 12, bob 11", Inline: true},
				{Name: "Last move", Value: "c3-c6 stone d7"},
			},
		}}
	}
	allowed := &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}, Users: []string{"200000000000000011"}}
	board := &discordgo.File{Name: "board.png", ContentType: "image/png"}
	noComps := []discordgo.MessageComponent{}
	noEmbeds := []*discordgo.MessageEmbed{}
	noAttachments := []*discordgo.MessageAttachment{}
	text := "<@200000000000000011>, your move."
	wait := url.Values{"wait": {"true"}}
	return []request{
		multipartRequest(t, "callback 4 board", "POST", cb, nil, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: text, Components: rows, AllowedMentions: allowed, Embeds: embed(),
				Attachments: &[]*discordgo.MessageAttachment{{ID: "0", Filename: "board.png"}}},
		}, board),
		jsonRequest(t, "callback 4 ephemeral", "POST", cb, nil, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: "You are not in this game.", AllowedMentions: allowed, Flags: discordgo.MessageFlagsEphemeral},
		}),
		jsonRequest(t, "callback 7 settles", "POST", cb, nil, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseUpdateMessage,
			Data: &discordgo.InteractionResponseData{Content: "bob played c3-c6 stone d7.", Components: noComps, Embeds: noEmbeds, AllowedMentions: allowed},
		}),
		jsonRequest(t, "callback 5 defer", "POST", cb, nil, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral},
		}),
		jsonRequest(t, "callback 12 activity", "POST", cb, nil, &discordgo.InteractionResponse{Type: 12}),
		multipartRequest(t, "follow-up board", "POST", hook, wait, &discordgo.WebhookParams{
			Content: text, Components: rows, AllowedMentions: allowed, Embeds: embed(),
		}, board),
		jsonRequest(t, "edit @original", "PATCH", hook+"/messages/@original", nil, &discordgo.WebhookEdit{
			Content: &text, Components: &rows, Embeds: &noEmbeds, AllowedMentions: allowed, Attachments: &noAttachments,
		}),
		jsonRequest(t, "channel message", "POST", "/channels/400000000000000001/messages", nil, &discordgo.MessageSend{
			Content: text, Components: []discordgo.MessageComponent{buttons}, AllowedMentions: allowed, Embeds: embed(),
		}),
		jsonRequest(t, "channel message edit", "PATCH", "/channels/400000000000000001/messages/500000000000000001", nil, &discordgo.MessageEdit{
			ID: "500000000000000001", Channel: "400000000000000001", Content: &text, Components: &noComps, Embeds: &noEmbeds, AllowedMentions: allowed,
		}),
	}
}

// mutations are requests made wrong from the valid ones: each value
// replaced by one of another type, each field dropped, an unknown field
// added to each object, and the breaks of Discord's limits the bot must
// not make (too long custom ids, 26 options, 6 rows, a bad enum, a
// component that fits no alternative).
func mutations(t testing.TB, valid []request) []request {
	var out []request
	for _, r := range valid {
		if r.payload == nil {
			continue
		}
		walk(&r.payload, func(where string, v any, set func(any), del func()) {
			for _, w := range wrongValues(v) {
				set(w)
				out = append(out, rebuild(t, r, "set "+where+" to "+short(w)))
			}
			set(v)
			if del != nil {
				del()
				out = append(out, rebuild(t, r, "drop "+where))
				set(v)
			}
			if m, ok := v.(map[string]any); ok {
				m["zz_unknown"] = json.Number("1")
				out = append(out, rebuild(t, r, "unknown field in "+where))
				delete(m, "zz_unknown")
			}
		})
	}
	// Discord's limits, on the first request (a callback of type 4 with a
	// select menu and buttons).
	first := valid[0]
	data := first.payload.(map[string]any)["data"].(map[string]any)
	rows := data["components"].([]any)
	menuRow := rows[0].(map[string]any)
	menu := menuRow["components"].([]any)[0].(map[string]any)
	button := rows[1].(map[string]any)["components"].([]any)[0].(map[string]any)
	with := func(name string, m map[string]any, key string, v any) {
		old, had := m[key]
		m[key] = v
		out = append(out, rebuild(t, first, name))
		if had {
			m[key] = old
		} else {
			delete(m, key)
		}
	}
	with("custom_id of 101", menu, "custom_id", strings.Repeat("c", 101))
	with("custom_id of 100", menu, "custom_id", strings.Repeat("c", 100))
	with("button custom_id of 101", button, "custom_id", strings.Repeat("b", 101))
	var opts []any
	for i := range 26 {
		opts = append(opts, map[string]any{"label": "x", "value": "v" + strconv.Itoa(i)})
	}
	with("26 options", menu, "options", opts)
	with("25 options", menu, "options", opts[:25])
	with("no options", menu, "options", []any{})
	with("label of 101", menu, "options", []any{map[string]any{"label": strings.Repeat("é", 101), "value": "v"}})
	var six []any
	for range 6 {
		six = append(six, rows[1])
	}
	with("6 action rows", data, "components", six)
	with("5 action rows", data, "components", six[:5])
	var sixButtons []any
	for range 6 {
		sixButtons = append(sixButtons, button)
	}
	with("6 buttons in a row", rows[1].(map[string]any), "components", sixButtons)
	with("button style 9", button, "style", json.Number("9"))
	with("button style 1.5", button, "style", json.Number("1.5"))
	with("button style 2e0", button, "style", json.Number("2e0"))
	with("button style huge", button, "style", json.Number("123456789012345678901234567890"))
	with("component type 99", menu, "type", json.Number("99"))
	with("component type 2 in select", menu, "type", json.Number("2"))
	with("callback type 3", first.payload.(map[string]any), "type", json.Number("3"))
	with("callback type 4.0", first.payload.(map[string]any), "type", json.Number("4.0"))
	with("callback type null", first.payload.(map[string]any), "type", nil)
	with("content of 2001", data, "content", strings.Repeat("é", 2001))
	with("content of 2000", data, "content", strings.Repeat("é", 2000))
	with("colour above 0xFFFFFF", data["embeds"].([]any)[0].(map[string]any), "color", json.Number("16777216"))
	with("colour negative", data["embeds"].([]any)[0].(map[string]any), "color", json.Number("-1"))
	with("flags a string", data, "flags", "64")
	with("user id a number", data["allowed_mentions"].(map[string]any), "users", []any{json.Number("200000000000000011")})
	with("parse everyone", data["allowed_mentions"].(map[string]any), "parse", []any{"everyone", "everyone"})
	with("parse bad", data["allowed_mentions"].(map[string]any), "parse", []any{"nobody"})
	with("11 embeds", data, "embeds", append(make([]any, 0, 11), repeat(data["embeds"].([]any)[0], 11)...))

	// Bodies and requests wrong as a whole.
	raw := func(name, method, path, ct, body string, q url.Values) {
		out = append(out, request{name: name, method: method, path: path, query: q, contentType: ct, body: []byte(body)})
	}
	cb := valid[0].path
	raw("not JSON", "POST", cb, "application/json", `{"type":`, nil)
	raw("two values", "POST", cb, "application/json", `{"type":5} {"type":5}`, nil)
	raw("empty body", "POST", cb, "application/json", ``, nil)
	raw("text/plain", "POST", cb, "text/plain; charset=utf-8", `{"type":5}`, nil)
	raw("no content type", "POST", cb, "", `{"type":5}`, nil)
	raw("bad multipart", "POST", cb, "multipart/form-data; boundary=zz", "--zz\r\nContent-Disposition: form-data; name=\"payload_json\"\r\n\r\n{\"type\":5}", nil)
	raw("multipart without payload_json", "POST", cb, "multipart/form-data; boundary=zz", "--zz\r\nContent-Disposition: form-data; name=\"files[0]\"\r\n\r\nxx\r\n--zz--\r\n", nil)
	raw("an array", "POST", cb, "application/json", `[{"type":5}]`, nil)
	raw("null", "POST", cb, "application/json", `null`, nil)
	raw("unknown route", "POST", "/no/such/route", "application/json", `{}`, nil)
	raw("wait=yes", "POST", valid[5].path, "application/json", `{"content":"x"}`, url.Values{"wait": {"yes"}})
	raw("wait=1", "POST", valid[5].path, "application/json", `{"content":"x"}`, url.Values{"wait": {"1"}})
	raw("thread_id a word", "POST", valid[5].path, "application/json", `{"content":"x"}`, url.Values{"thread_id": {"abc"}})
	raw("thread_id a number", "POST", valid[5].path, "application/json", `{"content":"x"}`, url.Values{"thread_id": {"123"}})
	raw("big exponent", "POST", cb, "application/json", `{"type":4e999999999}`, nil)
	raw("delete @original", "DELETE", valid[6].path, "", ``, nil)
	raw("commands", "PUT", "/applications/100000000000000001/commands", "application/json",
		`[{"name":"veletas","description":"d","name_localizations":{"fr":"abcdefghijklmnopqrstuvwxyzabcdefg"},"options":[{"type":1,"name":"move","description":"m","options":[{"type":3,"name":"m","description":"x","required":true,"choices":[{"name":"a","value":1}]}]}]}]`, nil)
	return out
}

func repeat(v any, n int) []any {
	out := make([]any, n)
	for i := range out {
		out[i] = v
	}
	return out
}

// walk calls fn for each value of the tree at root (depth first, keys
// sorted), with where it is and how to replace it or drop it (del nil
// for the root and array items).
func walk(root *any, fn func(where string, v any, set func(any), del func())) {
	var rec func(v any, where string, set func(any), del func())
	rec = func(v any, where string, set func(any), del func()) {
		fn(where, v, set, del)
		switch x := v.(type) {
		case map[string]any:
			keys := make([]string, 0, len(x))
			for k := range x {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				rec(x[k], join(where, k), func(n any) { x[k] = n }, func() { delete(x, k) })
			}
		case []any:
			for i := range x {
				rec(x[i], join(where, strconv.Itoa(i)), func(n any) { x[i] = n }, nil)
			}
		}
	}
	rec(*root, "", func(n any) { *root = n }, nil)
}

// wrongValues are values of other JSON types than v's.
func wrongValues(v any) []any {
	switch v.(type) {
	case string:
		return []any{json.Number("5"), nil}
	case json.Number:
		return []any{"5", json.Number("0.5"), nil}
	case bool:
		return []any{"true"}
	case []any:
		return []any{map[string]any{}}
	case map[string]any:
		return []any{[]any{}, "x"}
	case nil:
		return []any{true}
	}
	return nil
}

func short(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// rebuild is r with its (mutated) payload, named for the mutation, in
// r's encoding (JSON or multipart).
func rebuild(t testing.TB, r request, what string) request {
	t.Helper()
	b, err := json.Marshal(r.payload)
	if err != nil {
		t.Fatal(err)
	}
	n := request{name: r.name + ": " + what, method: r.method, path: r.path, query: r.query, contentType: r.contentType}
	if strings.HasPrefix(r.contentType, "multipart/") {
		_, n.body = multipartBody(t, b, []*discordgo.File{{Name: "board.png", ContentType: "image/png"}})
	} else {
		n.body = b
	}
	return n
}
