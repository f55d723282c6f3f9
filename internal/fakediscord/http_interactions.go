package fakediscord

import (
	"bytes"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"

	"github.com/veletasbot/veletas/internal/openapi"
)

// Poster sends interactions to a bot's HTTP interactions endpoint as
// Discord does: each body signed with the application's Ed25519 key
// (X-Signature-Ed25519 over X-Signature-Timestamp followed by the body).
// The HTTP response of each interaction is recorded as a Message of Kind
// "callback", in the same queue as the REST calls about it, so that
// Server.Next and Server.Reply see the whole exchange.
type Poster struct {
	Server *Server
	// URL is the endpoint, such as http://127.0.0.1:8080/interactions.
	URL string
	Key ed25519.PrivateKey
	// Now is the clock of the timestamps; time.Now when nil.
	Now    func() time.Time
	Client *http.Client
}

// NewPoster returns a Poster with a fresh key for the endpoint at url.
func (s *Server) NewPoster(url string) *Poster {
	_, key, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		panic(err)
	}
	return &Poster{Server: s, URL: url, Key: key, Client: &http.Client{Timeout: 30 * time.Second, Transport: keepConns()}}
}

// keepConns is net/http's default transport keeping up to 256 idle
// connections to the endpoint (the default keeps 2: a benchmark posting
// hundreds of interactions at once would open a connection for almost
// every one, as Discord does not).
func keepConns() *http.Transport {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.MaxIdleConns, t.MaxIdleConnsPerHost = 256, 256
	return t
}

// PublicKey is the key to give the bot (DISCORD_PUBLIC_KEY), in
// hexadecimal as the developer portal shows it.
func (p *Poster) PublicKey() string { return hex.EncodeToString(p.Key.Public().(ed25519.PublicKey)) }

// Timestamp is the current X-Signature-Timestamp.
func (p *Poster) Timestamp() string {
	now := time.Now
	if p.Now != nil {
		now = p.Now
	}
	return strconv.FormatInt(now().Unix(), 10)
}

// Sign is the X-Signature-Ed25519 of body at timestamp ts.
func (p *Poster) Sign(ts string, body []byte) string {
	return hex.EncodeToString(ed25519.Sign(p.Key, append([]byte(ts), body...)))
}

// Do posts body with the given signature headers (none when empty) and
// returns the status and the response body, for tests of bad requests.
func (p *Poster) Do(body []byte, sig, ts string) (int, []byte, error) {
	req, err := http.NewRequest(http.MethodPost, p.URL, bytes.NewReader(body))
	if err != nil {
		return 0, nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	if sig != "" {
		req.Header.Set("X-Signature-Ed25519", sig)
	}
	if ts != "" {
		req.Header.Set("X-Signature-Timestamp", ts)
	}
	resp, err := p.Client.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return resp.StatusCode, b, err
}

// Post signs and posts an interaction (a payload built by Command or
// Press, or a PING) and records the bot's answer as a "callback" Message
// for the interaction. It returns the HTTP status; an error for anything
// but 200 with a JSON interaction response.
func (p *Poster) Post(interaction map[string]any) (int, error) {
	body, err := json.Marshal(interaction)
	if err != nil {
		return 0, err
	}
	id, _ := interaction["id"].(string)
	p.Server.note(interaction)
	p.Server.expect(interaction)
	defer p.Server.acked(id)
	ts := p.Timestamp()
	req, err := http.NewRequest(http.MethodPost, p.URL, bytes.NewReader(body))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Signature-Ed25519", p.Sign(ts, body))
	req.Header.Set("X-Signature-Timestamp", ts)
	resp, err := p.Client.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, fmt.Errorf("fakediscord: the endpoint answered %s: %s", resp.Status, b)
	}
	rb, err := io.ReadAll(resp.Body)
	if err != nil {
		return resp.StatusCode, err
	}
	m, err := readMessage(&http.Request{Header: resp.Header, Body: io.NopCloser(bytes.NewReader(rb))})
	var fe *FormError
	if errors.As(err, &fe) { // Discord would show "This interaction failed"
		p.Server.record("i:"+id, Message{Kind: "refused", InteractionID: id, Refused: fe})
		return http.StatusBadRequest, err
	}
	var inv *openapi.Invalid
	if cerr := p.Server.checkResponse(id, resp.Header.Get("Content-Type"), rb); errors.As(cerr, &inv) {
		p.Server.record("i:"+id, Message{Kind: "refused", InteractionID: id, Refused: formErrorOf(inv)})
		return http.StatusBadRequest, cerr
	}
	if err != nil {
		return resp.StatusCode, err
	}
	m.Kind, m.InteractionID = "callback", id
	p.Server.callback(id, m)
	return resp.StatusCode, nil
}

// Ping posts a PING (type 1) of a fresh id, as Discord does, and returns
// the response's type.
func (p *Poster) Ping() (int, error) {
	id := p.Server.NewID()
	body := []byte(`{"id":"` + id + `","application_id":"` + AppID + `","type":1,"token":"tok-` + id + `","version":1}`)
	ts := p.Timestamp()
	status, b, err := p.Do(body, p.Sign(ts, body), ts)
	if err != nil {
		return 0, err
	}
	if status != http.StatusOK {
		return 0, fmt.Errorf("fakediscord: PING answered %d: %s", status, b)
	}
	var r struct {
		Type int `json:"type"`
	}
	if err := json.Unmarshal(b, &r); err != nil {
		return 0, fmt.Errorf("fakediscord: PING answered %q: %v", b, err)
	}
	return r.Type, nil
}

// expect notes an interaction about to be posted over HTTP: until its
// HTTP response is recorded (acked), the REST calls about it wait, as
// Discord takes no edit or follow-up before the first response.
func (s *Server) expect(in map[string]any) {
	s.note(in)
	id, _ := in["id"].(string)
	s.pending.Store(id, make(chan struct{}))
}

// acked marks the HTTP response of an interaction as recorded.
func (s *Server) acked(id string) {
	if ch, ok := s.pending.LoadAndDelete(id); ok {
		close(ch.(chan struct{}))
	}
}

// awaitAck waits until the HTTP response of the interaction, if it was
// posted over HTTP, is recorded (up to 10 s).
func (s *Server) awaitAck(id string) {
	ch, ok := s.pending.Load(id)
	if !ok {
		return
	}
	select {
	case <-ch.(chan struct{}):
	case <-time.After(10 * time.Second):
	}
}
