package fakediscord

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gorilla/websocket"

	"github.com/veletasbot/veletas/internal/openapi"
)

// AppID is the fake application's (and bot user's) id.
const AppID = "100000000000000001"

// Message is one thing the bot sent, or (from Server.Message) a message
// as it stands in a channel after every update the bot made to it.
type Message struct {
	Kind          string // "callback", "edit", "followup", "delete", "post"
	InteractionID string // for callback, edit (of a response), followup, delete
	Channel       string // for post, edit (of a message in a channel)
	// ID is the message this created or changed: the new message of a
	// type 4 callback, a follow-up or a post, the pressed message that a
	// type 7 callback or an edit after a deferred update changed; "" for
	// the others.
	ID      string
	Type    int // callback's response type (4 message, 5 deferred, 6 deferred update, 7 update, 8 autocomplete)
	Content string
	Flags   int
	// Buttons are the message's components (buttons, from every action
	// row, in order).
	Buttons      []Button
	AllowedUsers []string
	AllowedParse []string
	Choices      []Choice
	Files        []File
	// Embeds are the message's embeds (embeds.go).
	Embeds []Embed
	// Refused, on a message of Kind "refused", is why the fake answered
	// 400 as Discord would (embeds.go); the message is not stored.
	Refused *FormError
	At      time.Time // when the fake received it

	// which parts a payload set (an update changes only those)
	hasContent, hasComponents, hasAttachments, hasEmbeds bool
	badEmbeds                                            bool // embeds that are not a list of embeds
}

// Ephemeral reports whether the message is visible to its user only.
func (m Message) Ephemeral() bool { return m.Flags&64 != 0 }

// Button is a component of a message: a button (Type 2), or a string
// select menu (Type 3) with its Options.
type Button struct {
	Type     int    `json:"type"`
	Label    string `json:"label"`
	CustomID string `json:"custom_id"`
	Style    int    `json:"style"`
	Disabled bool   `json:"disabled"`
	URL      string `json:"url"` // a link button's (style 5)
	// Placeholder and Options are a select menu's.
	Placeholder string         `json:"placeholder"`
	Options     []SelectOption `json:"options"`
}

// SelectOption is an option of a select menu.
type SelectOption struct {
	Label string `json:"label"`
	Value string `json:"value"`
}

// Choice is an autocomplete choice.
type Choice struct {
	Name  string `json:"name"`
	Value any    `json:"value"`
}

// File is an attachment.
type File struct {
	Name        string
	ContentType string
	Data        []byte
}

// Server is the fake Discord.
type Server struct {
	HTTP *httptest.Server
	// Ready is closed when a bot has identified on the gateway.
	Ready chan struct{}
	// Commands receives the body of each command registration (PUT).
	Commands chan []byte

	mu      sync.Mutex
	conn    *websocket.Conn
	seq     int64
	waiters map[string]chan Message
	ready   sync.Once
	ids     atomic.Int64
	token   atomic.Value // last Authorization header seen
	accept  atomic.Value // the only Authorization accepted, when set
	limited sync.Map     // interaction id -> struct{}: its callback gets a 429
	// limitedAll: interaction id -> struct{}: its callback and every
	// request on its webhook (edits, follow-ups, deletions) get a 429
	limitedAll sync.Map

	msgMu     sync.Mutex
	messages  map[string]*Message // the messages in channels, by id
	pressed   map[string]string   // interaction id -> the message its component was on
	original  map[string]string   // interaction id -> its response's message
	channelOf map[string]string   // interaction id -> its channel
	pending   sync.Map            // interaction id -> chan struct{}: posted over HTTP, its response not yet recorded
	shard     atomic.Value        // []int: the shard [ID, COUNT] of the last identify

	// spec is Discord's OpenAPI description (nil when not found): every
	// REST request is checked against it (conform.go).
	spec      *openapi.Spec
	specErr   error
	invalidMu sync.Mutex
	invalid   []error
	checked   atomic.Int64 // requests checked against spec

	dmMu     sync.Mutex
	dmOpened map[string]int  // user -> DM channel creations (dm.go)
	dmClosed map[string]bool // users who take no DMs from the bot

	installs userInstalls // user installs (userinstall.go)
	// oauth is the sign-in with Discord (oauth.go).
	oauth oauthState
	// activity is the application's Activity (activity.go).
	activity activityState
}

// Limit makes the callback of an interaction fail with 429 Too Many
// Requests (retry after 5 s); the attempt is recorded as a Message of
// Kind "limited".
func (s *Server) Limit(interactionID string) { s.limited.Store(interactionID, struct{}{}) }

// LimitAll makes every request about an interaction fail with 429 Too
// Many Requests: its callback and, on its webhook, the edits of
// @original, the follow-ups and the deletions. Each attempt is recorded
// as a Message of Kind "limited".
func (s *Server) LimitAll(interactionID string) { s.limitedAll.Store(interactionID, struct{}{}) }

// rateLimited answers 429 as Discord does, with the URL-free body
// discordgo decodes, and records the attempt.
func (s *Server) rateLimited(w http.ResponseWriter, m Message) {
	m.Kind = "limited"
	s.record("i:"+m.InteractionID, m)
	w.Header().Set("Retry-After", "5")
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusTooManyRequests)
	io.WriteString(w, `{"message": "You are being rate limited.", "retry_after": 5.0, "global": false}`)
}

func (s *Server) isLimitedAll(interactionID string) bool {
	_, ok := s.limitedAll.Load(interactionID)
	return ok
}

// AcceptOnly makes the server answer 401 Unauthorized to every REST
// request whose Authorization header is not auth ("Bot <token>"), as
// Discord does for a reset or mistyped token, and close the gateway with
// 4004 (authentication failed) on an identify with another token.
func (s *Server) AcceptOnly(auth string) { s.accept.Store(auth) }

func (s *Server) authorized(auth string) bool {
	want, _ := s.accept.Load().(string)
	return want == "" || auth == want
}

// New starts the fake Discord on a loopback port.
func New() *Server {
	s := &Server{
		Ready:     make(chan struct{}),
		Commands:  make(chan []byte, 16),
		waiters:   map[string]chan Message{},
		messages:  map[string]*Message{},
		pressed:   map[string]string{},
		original:  map[string]string{},
		channelOf: map[string]string{},
	}
	s.ids.Store(900000000000000000)
	s.spec, s.specErr = openapi.Default()
	s.HTTP = httptest.NewServer(http.HandlerFunc(s.serve))
	return s
}

// URL is the base URL to give the bot (DISCORD_API_URL); requests come
// to URL/api/vN/...
func (s *Server) URL() string { return s.HTTP.URL }

// Authorization is the last Authorization header the bot sent.
func (s *Server) Authorization() string {
	v, _ := s.token.Load().(string)
	return v
}

// Shard is the [ID, COUNT] the bot's last identify named (nil when it
// named none).
func (s *Server) Shard() []int {
	v, _ := s.shard.Load().([]int)
	return v
}

// Close stops the server.
func (s *Server) Close() {
	s.mu.Lock()
	if s.conn != nil {
		s.conn.Close()
	}
	s.mu.Unlock()
	s.HTTP.Close()
}

// NewID returns a fresh snowflake-like id.
func (s *Server) NewID() string { return strconv.FormatInt(s.ids.Add(1), 10) }

func (s *Server) waiter(key string) chan Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	ch, ok := s.waiters[key]
	if !ok {
		ch = make(chan Message, 64)
		s.waiters[key] = ch
	}
	return ch
}

func (s *Server) record(key string, m Message) {
	m.At = time.Now()
	s.waiter(key) <- m
}

// Next waits for the next message the bot sent about an interaction
// (callbacks, edits, follow-ups), up to timeout.
func (s *Server) Next(interactionID string, timeout time.Duration) (Message, error) {
	return s.next("i:"+interactionID, timeout)
}

// NextPost waits for the next message the bot posted in a channel.
func (s *Server) NextPost(channel string, timeout time.Duration) (Message, error) {
	return s.next("c:"+channel, timeout)
}

func (s *Server) next(key string, timeout time.Duration) (Message, error) {
	t := time.NewTimer(timeout)
	defer t.Stop()
	select {
	case m := <-s.waiter(key):
		return m, nil
	case <-t.C:
		return Message{}, fmt.Errorf("fakediscord: nothing for %s within %v", key, timeout)
	}
}

// Poll returns the next message the bot sent about an interaction if
// there is one already, without waiting: a test checks with it that
// something happened before a given point (before Close returned, say).
func (s *Server) Poll(interactionID string) (Message, bool) {
	select {
	case m := <-s.waiter("i:" + interactionID):
		return m, true
	default:
		return Message{}, false
	}
}

// Reply waits for the message that answers an interaction for good: a
// callback of type 4 or 8, or, after a deferral, the edit or ephemeral
// follow-up that replaces it.
func (s *Server) Reply(interactionID string, timeout time.Duration) (Message, error) {
	m, _, err := s.ReplyAndAck(interactionID, timeout)
	return m, err
}

// ReplyAndAck is Reply that also returns when the first response (the
// one Discord requires within 3 seconds) arrived.
func (s *Server) ReplyAndAck(interactionID string, timeout time.Duration) (Message, time.Time, error) {
	deadline := time.Now().Add(timeout)
	var first time.Time
	for {
		m, err := s.Next(interactionID, time.Until(deadline))
		if err != nil {
			return m, first, err
		}
		if first.IsZero() {
			first = m.At
		}
		switch {
		case m.Kind == "callback" && (m.Type == 5 || m.Type == 6):
			continue
		case m.Kind == "delete":
			continue
		}
		return m, first, nil
	}
}

// Message returns a message as it stands now, after the updates and edits
// the bot made to it (ok is false for an unknown or deleted one).
func (s *Server) Message(id string) (Message, bool) {
	s.msgMu.Lock()
	defer s.msgMu.Unlock()
	m, ok := s.messages[id]
	if !ok {
		return Message{}, false
	}
	c := *m
	c.Buttons = append([]Button(nil), m.Buttons...)
	c.Files = append([]File(nil), m.Files...)
	c.Embeds = append([]Embed(nil), m.Embeds...)
	return c, true
}

// store keeps a new message in a channel under a fresh id, which it
// returns.
func (s *Server) store(m *Message, channel string) string {
	id := s.NewID()
	c := *m
	c.ID, c.Channel = id, channel
	s.msgMu.Lock()
	s.messages[id] = &c
	s.msgMu.Unlock()
	m.ID = id
	return id
}

// remember records the message that answers an interaction (@original).
func (s *Server) remember(interactionID, messageID string) {
	s.msgMu.Lock()
	s.original[interactionID] = messageID
	s.msgMu.Unlock()
}

// originalOf is the message an interaction's @original names: its
// response, or, for a component interaction answered with a deferred
// update, the pressed message.
func (s *Server) originalOf(interactionID string) string {
	s.msgMu.Lock()
	defer s.msgMu.Unlock()
	if id, ok := s.original[interactionID]; ok {
		return id
	}
	return s.pressed[interactionID]
}

// update applies an update or edit to the stored message id: the parts
// the payload set replace the message's.
func (s *Server) update(id string, upd *Message) {
	s.msgMu.Lock()
	defer s.msgMu.Unlock()
	upd.ID = id
	m, ok := s.messages[id]
	if !ok {
		return
	}
	if upd.hasContent {
		m.Content = upd.Content
	}
	if upd.hasComponents {
		m.Buttons = append([]Button(nil), upd.Buttons...)
	}
	if upd.hasEmbeds {
		m.Embeds = append([]Embed(nil), upd.Embeds...)
	}
	if upd.hasAttachments || len(upd.Files) > 0 {
		m.Files = append([]File(nil), upd.Files...)
	}
	if upd.AllowedMentions() {
		m.AllowedUsers, m.AllowedParse = upd.AllowedUsers, upd.AllowedParse
	}
}

// AllowedMentions reports whether the message set allowed_mentions.
func (m Message) AllowedMentions() bool { return m.AllowedUsers != nil || m.AllowedParse != nil }

// Send sends an interaction (a Discord INTERACTION_CREATE payload) to the
// bot over the gateway. A component interaction's "message" names the
// message whose button was pressed: a type 7 callback, or an edit after a
// type 6 one, changes that message.
func (s *Server) Send(interaction any) error {
	if in, ok := interaction.(map[string]any); ok {
		s.note(in)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.conn == nil {
		return fmt.Errorf("fakediscord: no bot connected")
	}
	s.seq++
	return s.conn.WriteJSON(map[string]any{"op": 0, "t": "INTERACTION_CREATE", "s": s.seq, "d": interaction})
}

var (
	upgrader  = websocket.Upgrader{}
	apiPrefix = regexp.MustCompile(`^/api/v[0-9]+`)
)

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	if a := r.Header.Get("Authorization"); a != "" {
		s.token.Store(a)
	}
	p := apiPrefix.ReplaceAllString(r.URL.Path, "")
	parts := strings.Split(strings.Trim(p, "/"), "/")
	if s.serveOAuth(w, r) {
		return
	}
	if r.Method == http.MethodGet && p == "/users/@me" && strings.HasPrefix(r.Header.Get("Authorization"), "Bearer ") {
		if !s.conform(w, r, p, parts) {
			s.oauthMe(w, r)
		}
		return
	}
	if !strings.HasPrefix(r.URL.Path, "/ws") && !s.authorized(r.Header.Get("Authorization")) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusUnauthorized)
		io.WriteString(w, `{"message": "401: Unauthorized", "code": 0}`)
		return
	}
	if !strings.HasPrefix(r.URL.Path, "/ws") && s.conform(w, r, p, parts) {
		return
	}
	switch {
	case strings.HasPrefix(r.URL.Path, "/ws"):
		s.gateway(w, r)
	case p == "/gateway" || p == "/gateway/bot":
		writeJSON(w, map[string]any{"url": "ws://" + r.Host + "/ws", "shards": 1,
			"session_start_limit": map[string]int{"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}})
	case r.Method == http.MethodGet && p == "/users/@me": // the bot's user, in HTTP mode
		writeJSON(w, map[string]any{"id": AppID, "username": "veletasbot", "bot": true})
	case r.Method == http.MethodGet && p == "/oauth2/applications/@me":
		writeJSON(w, map[string]any{"id": AppID, "name": "veletasbot", "flags": 0,
			"bot": map[string]any{"id": AppID, "username": "veletasbot", "bot": true}})
	case r.Method == http.MethodGet && len(parts) == 4 && parts[0] == "applications" && parts[2] == "activity-instances":
		s.serveActivityInstance(w, parts[1], parts[3])
	case r.Method == http.MethodPut && len(parts) >= 3 && parts[0] == "applications" && parts[len(parts)-1] == "commands":
		body, _ := io.ReadAll(r.Body)
		select {
		case s.Commands <- body:
		default:
		}
		var cmds []map[string]any
		json.Unmarshal(body, &cmds)
		for _, c := range cmds {
			c["id"] = s.NewID()
			c["application_id"] = AppID
			c["version"] = "1"
		}
		writeJSON(w, cmds)
	case r.Method == http.MethodPost && len(parts) == 4 && parts[0] == "interactions" && parts[3] == "callback":
		m, err := readMessage(r)
		if s.refuse(w, err, "i:"+parts[1], Message{Kind: "refused", InteractionID: parts[1]}) {
			return
		}
		m.Kind, m.InteractionID = "callback", parts[1]
		if _, ok := s.limited.Load(parts[1]); ok || s.isLimitedAll(parts[1]) {
			s.rateLimited(w, m)
			return
		}
		if m.Type == launchActivity {
			s.msgMu.Lock()
			channel := s.channelOf[parts[1]]
			s.msgMu.Unlock()
			if s.refuse(w, s.launch(parts[1], channel), "i:"+parts[1], Message{Kind: "refused", InteractionID: parts[1]}) {
				return
			}
		}
		s.callback(parts[1], m)
		w.WriteHeader(http.StatusNoContent)
	case len(parts) >= 3 && parts[0] == "webhooks":
		// interaction tokens are "tok-<interaction id>"
		iid := strings.TrimPrefix(parts[2], "tok-")
		s.awaitAck(iid)
		if s.isLimitedAll(iid) {
			s.rateLimited(w, Message{InteractionID: iid})
			return
		}
		switch {
		case r.Method == http.MethodPost && len(parts) == 3:
			m, err := readMessage(r)
			if s.refuse(w, err, "i:"+iid, Message{Kind: "refused", InteractionID: iid}) {
				return
			}
			if !s.followUpAllowed(iid) {
				s.tooManyFollowUps(w, iid)
				return
			}
			m.Kind, m.InteractionID = "followup", iid
			s.msgMu.Lock()
			channel := s.channelOf[iid]
			s.msgMu.Unlock()
			id := s.store(&m, channel)
			s.record("i:"+iid, m)
			writeJSON(w, map[string]any{"id": id, "channel_id": channel, "content": m.Content})
		case r.Method == http.MethodPatch && len(parts) == 5:
			m, err := readMessage(r)
			if s.refuse(w, err, "i:"+iid, Message{Kind: "refused", InteractionID: iid}) {
				return
			}
			m.Kind, m.InteractionID = "edit", iid
			target := s.originalOf(iid)
			s.update(target, &m)
			s.record("i:"+iid, m)
			writeJSON(w, map[string]any{"id": target, "channel_id": "0", "content": m.Content})
		case r.Method == http.MethodGet && len(parts) == 5: // @original, as it stands
			m, ok := s.Message(s.originalOf(iid))
			if !ok {
				unknownMessage(w)
				return
			}
			writeJSON(w, map[string]any{"id": m.ID, "channel_id": m.Channel, "content": m.Content})
		case r.Method == http.MethodDelete && len(parts) == 5:
			s.msgMu.Lock()
			delete(s.messages, s.original[iid])
			s.msgMu.Unlock()
			s.record("i:"+iid, Message{Kind: "delete", InteractionID: iid})
			w.WriteHeader(http.StatusNoContent)
		default:
			http.NotFound(w, r)
		}
	case len(parts) >= 3 && parts[0] == "channels" && r.Method != http.MethodGet && s.privateChannel(parts[1]):
		s.missingAccess(w, parts[1]) // userinstall.go
	case r.Method == http.MethodPost && len(parts) == 3 && parts[0] == "channels" && parts[2] == "threads":
		var body struct {
			Name string `json:"name"`
		}
		json.NewDecoder(r.Body).Decode(&body)
		writeJSON(w, map[string]any{"id": "thread-" + s.NewID(), "type": 11, "parent_id": parts[1], "name": body.Name})
	case r.Method == http.MethodPost && p == "/users/@me/channels": // a DM channel (dm.go)
		s.openDM(w, r)
	case r.Method == http.MethodPost && len(parts) == 3 && parts[0] == "channels" && parts[2] == "messages" && s.dmClosedTo(parts[1]):
		s.record("c:"+parts[1], Message{Kind: "refused", Channel: parts[1]})
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusForbidden)
		io.WriteString(w, `{"message": "Cannot send messages to this user", "code": 50007}`)
	case r.Method == http.MethodPatch && len(parts) == 4 && parts[0] == "channels" && parts[2] == "messages":
		// An edit of a message in a channel, recorded as Kind "edit" under
		// the channel (NextPost).
		m, err := readMessage(r)
		if s.refuse(w, err, "c:"+parts[1], Message{Kind: "refused", Channel: parts[1]}) {
			return
		}
		if old, ok := s.Message(parts[3]); !ok || old.Channel != parts[1] {
			unknownMessage(w)
			return
		}
		m.Kind, m.Channel = "edit", parts[1]
		s.update(parts[3], &m)
		s.record("c:"+parts[1], m)
		writeJSON(w, map[string]any{"id": parts[3], "channel_id": parts[1], "content": m.Content})
	case r.Method == http.MethodPost && len(parts) == 3 && parts[0] == "channels" && parts[2] == "messages":
		m, err := readMessage(r)
		if s.refuse(w, err, "c:"+parts[1], Message{Kind: "refused", Channel: parts[1]}) {
			return
		}
		m.Kind, m.Channel = "post", parts[1]
		id := s.store(&m, parts[1])
		s.record("c:"+parts[1], m)
		writeJSON(w, map[string]any{"id": id, "channel_id": parts[1], "content": m.Content})
	default:
		http.NotFound(w, r)
	}
}

// unknownMessage answers as Discord does for a message that does not
// exist (or not in that channel).
func unknownMessage(w http.ResponseWriter) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusNotFound)
	io.WriteString(w, `{"message": "Unknown Message", "code": 10008}`)
}

// refuse answers a payload the fake could not take: 400 with Discord's
// form error for what breaks Discord's limits (recorded as m, of Kind
// "refused", under key), 400 with the reason for anything else. It
// reports whether it answered.
func (s *Server) refuse(w http.ResponseWriter, err error, key string, m Message) bool {
	if err == nil {
		return false
	}
	var fe *FormError
	if errors.As(err, &fe) {
		m.Refused = fe
		s.record(key, m)
		writeFormError(w, fe)
		return true
	}
	http.Error(w, err.Error(), http.StatusBadRequest)
	return true
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(v)
}

// payload is the union of the JSON bodies the bot sends.
type payload struct {
	Type int `json:"type"`
	Data *struct {
		messageBody
		Choices []Choice `json:"choices"`
	} `json:"data"`
	messageBody
}

type messageBody struct {
	Content    *string `json:"content"`
	Flags      int     `json:"flags"`
	Components *[]struct {
		Components []Button `json:"components"`
	} `json:"components"`
	Attachments *[]json.RawMessage `json:"attachments"`
	// Embeds is raw to tell null (which, like [], removes a message's
	// embeds) from absent (which keeps them).
	Embeds          json.RawMessage `json:"embeds"`
	AllowedMentions *struct {
		Parse []string `json:"parse"`
		Users []string `json:"users"`
	} `json:"allowed_mentions"`
}

func (b messageBody) into(m *Message) {
	if b.Content != nil {
		m.Content = *b.Content
		m.hasContent = true
	}
	m.Flags = b.Flags
	if b.Components != nil {
		m.hasComponents = true
		for _, row := range *b.Components {
			m.Buttons = append(m.Buttons, row.Components...)
		}
	}
	if b.Attachments != nil {
		m.hasAttachments = true
	}
	if len(b.Embeds) > 0 {
		m.hasEmbeds = true
		if err := json.Unmarshal(b.Embeds, &m.Embeds); err != nil {
			m.Embeds = nil
			m.badEmbeds = true
		}
	}
	if b.AllowedMentions != nil {
		m.AllowedUsers = b.AllowedMentions.Users
		m.AllowedParse = b.AllowedMentions.Parse
	}
}

func readMessage(r *http.Request) (Message, error) {
	var m Message
	var raw []byte
	ct, params, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if ct == "multipart/form-data" {
		mr := multipart.NewReader(r.Body, params["boundary"])
		for {
			part, err := mr.NextPart()
			if err == io.EOF {
				break
			}
			if err != nil {
				return m, err
			}
			data, err := io.ReadAll(part)
			if err != nil {
				return m, err
			}
			if part.FormName() == "payload_json" {
				raw = data
				continue
			}
			m.Files = append(m.Files, File{Name: part.FileName(), ContentType: part.Header.Get("Content-Type"), Data: data})
		}
	} else {
		var err error
		if raw, err = io.ReadAll(r.Body); err != nil {
			return m, err
		}
	}
	if len(raw) == 0 {
		return m, nil
	}
	var p payload
	if err := json.Unmarshal(raw, &p); err != nil {
		return m, fmt.Errorf("fakediscord: bad JSON: %v", err)
	}
	m.Type = p.Type
	p.messageBody.into(&m)
	prefix := ""
	if p.Data != nil {
		p.Data.messageBody.into(&m)
		m.Choices = p.Data.Choices
		prefix = "data."
	}
	if m.badEmbeds {
		fe := &FormError{}
		fe.add(prefix+"embeds", "MODEL_TYPE_CONVERT", "Only iterables may be used in a ListType")
		return m, fe
	}
	if fe := check(m.Content, m.Embeds, prefix); fe != nil {
		return m, fe
	}
	return m, nil
}

// gateway speaks the gateway protocol: Hello, Identify, Ready, heartbeats.
func (s *Server) gateway(w http.ResponseWriter, r *http.Request) {
	c, err := upgrader.Upgrade(w, r, nil)
	if err != nil {
		return
	}
	defer c.Close()
	s.mu.Lock()
	err = c.WriteJSON(map[string]any{"op": 10, "d": map[string]any{"heartbeat_interval": 41250}})
	s.mu.Unlock()
	if err != nil {
		return
	}
	for {
		var msg struct {
			Op int             `json:"op"`
			D  json.RawMessage `json:"d"`
		}
		if err := c.ReadJSON(&msg); err != nil {
			return
		}
		switch msg.Op {
		case 1: // heartbeat
			s.mu.Lock()
			err = c.WriteJSON(map[string]any{"op": 11})
			s.mu.Unlock()
		case 2: // identify
			var id struct {
				Token string `json:"token"`
				Shard []int  `json:"shard"`
			}
			json.Unmarshal(msg.D, &id)
			s.shard.Store(id.Shard)
			if !s.authorized(id.Token) && !s.authorized("Bot "+id.Token) {
				s.mu.Lock()
				c.WriteMessage(websocket.CloseMessage, websocket.FormatCloseMessage(4004, "Authentication failed."))
				s.mu.Unlock()
				return
			}
			s.mu.Lock()
			s.conn = c
			s.seq++
			err = c.WriteJSON(map[string]any{"op": 0, "t": "READY", "s": s.seq, "d": map[string]any{
				"v": 10, "session_id": "fake-session", "guilds": []any{},
				"user":        map[string]any{"id": AppID, "username": "veletasbot", "bot": true},
				"application": map[string]any{"id": AppID, "flags": 0},
			}})
			s.mu.Unlock()
			s.ready.Do(func() { close(s.Ready) })
		}
		if err != nil {
			return
		}
	}
}

// note records where an interaction was made (its channel) and, for a
// button press, the message the button is on.
func (s *Server) note(in map[string]any) {
	s.noteInstall(in) // userinstall.go
	id, _ := in["id"].(string)
	channel, _ := in["channel_id"].(string)
	s.msgMu.Lock()
	defer s.msgMu.Unlock()
	s.channelOf[id] = channel
	if msg, ok := in["message"].(map[string]any); ok {
		s.pressed[id], _ = msg["id"].(string)
	}
	s.noteLauncher(in)
}

// callback records the first response to an interaction (a REST callback,
// or the HTTP response to an interaction posted over HTTP) and applies it
// to the messages: a type 4 response is a new message in the channel, a
// type 5 one a placeholder that a later edit replaces, a type 7 one
// updates the pressed message.
func (s *Server) callback(iid string, m Message) {
	s.msgMu.Lock()
	channel, target := s.channelOf[iid], s.pressed[iid]
	s.msgMu.Unlock()
	switch m.Type {
	case 4:
		s.remember(iid, s.store(&m, channel))
	case 5:
		placeholder := Message{Kind: "callback", Type: 5}
		s.remember(iid, s.store(&placeholder, channel))
	case 7:
		s.update(target, &m)
	}
	s.record("i:"+iid, m)
}
