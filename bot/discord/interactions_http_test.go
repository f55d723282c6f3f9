package discord

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	mrand "math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/bot/internal/bottest"
	"github.com/veletasbot/veletas/internal/fakediscord"
	"github.com/veletasbot/veletas/store"
)

// countingHandler counts the requests that reach the core.
type countingHandler struct {
	Handler
	n atomic.Int64
}

func (c *countingHandler) Handle(ctx context.Context, req bot.Request) bot.Reply {
	c.n.Add(1)
	return c.Handler.Handle(ctx, req)
}

func (c *countingHandler) Autocomplete(ctx context.Context, req bot.Request) []bot.Choice {
	c.n.Add(1)
	return c.Handler.Autocomplete(ctx, req)
}

// httpEnv is a Bot behind the HTTP interactions endpoint, with the fake
// Discord signing and posting the interactions and taking the REST calls.
type httpEnv struct {
	*bottest.Env
	fake *fakediscord.Server
	d    *Adapter
	ep   *HTTPEndpoint
	post *fakediscord.Poster
	ids  atomic.Int64
}

func newHTTPEnv(t testing.TB, h Handler, e *bottest.Env) *httpEnv {
	t.Helper()
	fake := fakediscord.New()
	t.Cleanup(fake.Close)
	fake.CheckConformance(t)
	if h == nil {
		h = e.Bot
	}
	d, err := New(testToken, fake.URL(), h, e.Bot.Logger)
	if err != nil {
		t.Fatal(err)
	}
	d.Guild = e.Guild
	if err := d.OpenHTTP(); err != nil {
		t.Fatal(err)
	}
	p := fake.NewPoster("")
	ep := NewHTTPEndpoint(d, p.Key.Public().(ed25519.PublicKey), func(context.Context) error { return e.DB.Ping() })
	if err := ep.Listen("127.0.0.1:0"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ep.Close() })
	p.URL = "http://" + ep.Addr().String() + "/interactions"
	he := &httpEnv{Env: e, fake: fake, d: d, ep: ep, post: p}
	he.ids.Store(700)
	return he
}

func (he *httpEnv) id() string { return strconv.FormatInt(he.ids.Add(1), 10) }

// send posts an interaction and waits for its final reply.
func (he *httpEnv) send(t testing.TB, in map[string]any) fakediscord.Message {
	t.Helper()
	if _, err := he.post.Post(in); err != nil {
		t.Fatal(err)
	}
	m, err := he.fake.Reply(in["id"].(string), 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestHTTPBadSignatures posts, for each way a request can be badly
// signed, a challenge that would be recorded if it were accepted: each
// gets 401, reaches neither the core nor Discord's REST API, and leaves
// the store without a challenge. The same payload well signed is then
// accepted, which shows that the refusals were the signature's doing.
func TestHTTPBadSignatures(t *testing.T) {
	e := bottest.NewEnv(t, bot.Config{})
	h := &countingHandler{Handler: e.Bot}
	he := newHTTPEnv(t, h, e)
	p := he.post
	now := time.Now()
	ts := strconv.FormatInt(now.Unix(), 10)
	challenge := func(id string) []byte {
		b, err := json.Marshal(fakediscord.Command(id, e.Guild, "c1", alice, fakediscord.NoThreads, "challenge",
			[]fakediscord.Option{fakediscord.UserOpt("opponent", bob.ID), fakediscord.Str("size", "7")}, bob))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	_, otherKey, _ := ed25519.GenerateKey(rand.Reader)
	signWith := func(k ed25519.PrivateKey, ts string, body []byte) string {
		return hex.EncodeToString(ed25519.Sign(k, append([]byte(ts), body...)))
	}
	big := func(id string) []byte {
		in := fakediscord.Command(id, e.Guild, "c1", alice, fakediscord.NoThreads, "challenge",
			[]fakediscord.Option{fakediscord.UserOpt("opponent", bob.ID)}, bob)
		in["padding"] = strings.Repeat("x", MaxInteractionBody)
		b, _ := json.Marshal(in)
		return b
	}
	cases := []struct {
		name string
		make func(id string) (body []byte, sig, ts string)
	}{
		{"no headers", func(id string) ([]byte, string, string) { return challenge(id), "", "" }},
		{"no signature", func(id string) ([]byte, string, string) { return challenge(id), "", ts }},
		{"no timestamp", func(id string) ([]byte, string, string) {
			b := challenge(id)
			return b, p.Sign(ts, b), ""
		}},
		{"signature not hex", func(id string) ([]byte, string, string) {
			b := challenge(id)
			return b, "zz" + p.Sign(ts, b)[2:], ts
		}},
		{"signature too short", func(id string) ([]byte, string, string) {
			b := challenge(id)
			return b, p.Sign(ts, b)[:64], ts
		}},
		{"timestamp not a number", func(id string) ([]byte, string, string) {
			b := challenge(id)
			return b, p.Sign("soon", b), "soon"
		}},
		{"wrong key", func(id string) ([]byte, string, string) {
			b := challenge(id)
			return b, signWith(otherKey, ts, b), ts
		}},
		{"signature of another body", func(id string) ([]byte, string, string) {
			return challenge(id), p.Sign(ts, challenge(id+"0")), ts
		}},
		{"signature of another timestamp", func(id string) ([]byte, string, string) {
			b := challenge(id)
			return b, p.Sign(strconv.FormatInt(now.Unix()-1, 10), b), ts
		}},
		{"timestamp 6 minutes old", func(id string) ([]byte, string, string) {
			old := strconv.FormatInt(now.Add(-6*time.Minute).Unix(), 10)
			b := challenge(id)
			return b, p.Sign(old, b), old
		}},
		{"timestamp a minute ahead", func(id string) ([]byte, string, string) {
			ahead := strconv.FormatInt(now.Add(time.Minute).Unix(), 10)
			b := challenge(id)
			return b, p.Sign(ahead, b), ahead
		}},
		{"body over the limit, well signed", func(id string) ([]byte, string, string) {
			b := big(id)
			return b, p.Sign(ts, b), ts
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			id := he.id()
			body, sig, ts := c.make(id)
			status, resp, err := p.Do(body, sig, ts)
			if err != nil {
				t.Fatal(err)
			}
			if status != http.StatusUnauthorized {
				t.Fatalf("status %d (%s), want 401", status, resp)
			}
			if n := h.n.Load(); n != 0 {
				t.Fatalf("%d requests reached the core", n)
			}
			if m, ok := he.fake.Poll(id); ok {
				t.Fatalf("Discord was called about the interaction: %+v", m)
			}
			if cs, err := e.DB.Challenges(t.Context(), e.Guild, "c1"); err != nil || len(cs) != 0 {
				t.Fatalf("challenges %+v %v", cs, err)
			}
		})
	}
	// A ping badly signed is refused too.
	ping := []byte(`{"id":"1","type":1}`)
	if status, _, err := p.Do(ping, signWith(otherKey, ts, ping), ts); err != nil || status != http.StatusUnauthorized {
		t.Fatalf("badly signed ping: %d %v", status, err)
	}

	// The same payload well signed is accepted and recorded.
	id := he.id()
	body := challenge(id)
	status, resp, err := p.Do(body, p.Sign(ts, body), ts)
	if err != nil || status != http.StatusOK || !strings.Contains(string(resp), "challenges you") {
		t.Fatalf("well signed: %d %s %v", status, resp, err)
	}
	if cs, err := e.DB.Challenges(t.Context(), e.Guild, "c1"); err != nil || len(cs) != 1 || h.n.Load() != 1 {
		t.Fatalf("after the good request: challenges %+v %v, %d handled", cs, err, h.n.Load())
	}
	// Sent again with its valid signature (a replay within the 5 minutes
	// the timestamp allows): refused, nothing handled.
	if status, resp, err := p.Do(body, p.Sign(ts, body), ts); err != nil || status != http.StatusUnauthorized {
		t.Fatalf("replayed: %d %s %v", status, resp, err)
	}
	if h.n.Load() != 1 {
		t.Fatalf("the replay reached the core: %d handled", h.n.Load())
	}
}

func TestHTTPSeenPruned(t *testing.T) {
	now := time.Date(2026, 11, 23, 22, 0, 0, 0, time.UTC)
	ep := &HTTPEndpoint{Now: func() time.Time { return now }}
	for i := range 1024 {
		if !ep.firstTime(strconv.Itoa(i)) {
			t.Fatal(i)
		}
	}
	if ep.firstTime("5") {
		t.Fatal("a repeated id was taken")
	}
	now = now.Add(MaxSignatureAge + MaxClockSkew + time.Second)
	if !ep.firstTime("new") || len(ep.seen) != 1 {
		t.Fatalf("%d ids kept after they expired", len(ep.seen))
	}
	if !ep.firstTime("5") {
		t.Fatal("an expired id was refused")
	}
}

func TestHTTPPing(t *testing.T) {
	e := bottest.NewEnv(t, bot.Config{})
	h := &countingHandler{Handler: e.Bot}
	he := newHTTPEnv(t, h, e)
	typ, err := he.post.Ping()
	if err != nil || typ != 1 {
		t.Fatalf("PING answered type %d, %v", typ, err)
	}
	if h.n.Load() != 0 {
		t.Fatal("the ping reached the core")
	}
	// Only POST /interactions takes interactions.
	resp, err := http.Get(he.post.URL)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMethodNotAllowed {
		t.Fatalf("GET /interactions: %d", resp.StatusCode)
	}
}

// TestHTTPWholeFlow plays through the HTTP endpoint: the commands are
// registered, a challenge is answered in the HTTP response, the Accept
// button opens the game with its board posted in the thread, and the
// moves, whose replies carry a board image, are answered by a deferral
// in the HTTP response and an edit of @original with the PNG attached,
// to the end of the game and its replay.
func TestHTTPWholeFlow(t *testing.T) {
	e := bottest.NewEnv(t, bot.Config{})
	he := newHTTPEnv(t, nil, e)

	registeredNames(t, <-he.fake.Commands)
	if got := he.fake.Authorization(); got != "Bot "+testToken {
		t.Fatalf("authorization %q", got)
	}

	id := he.id()
	if _, err := he.post.Post(fakediscord.Command(id, e.Guild, "c1", alice, fakediscord.AllPermissions, "challenge",
		[]fakediscord.Option{fakediscord.UserOpt("opponent", bob.ID), fakediscord.Str("size", "7")}, bob)); err != nil {
		t.Fatal(err)
	}
	ch, err := he.fake.Next(id, 5*time.Second)
	if err != nil || ch.Kind != "callback" || ch.Type != 4 || !strings.Contains(ch.Text(), "<@"+alice.ID+"> challenges you") {
		t.Fatalf("challenge, answered in the HTTP response: %+v %v", ch, err)
	}
	allowedOnly(t, ch, bob.ID)

	acc := he.send(t, fakediscord.Press(he.id(), e.Guild, "c1", bob, fakediscord.AllPermissions, he.id(), buttonOf(t, ch, "Accept")))
	if !strings.Contains(acc.Text(), "The game is on in <#thread-") {
		t.Fatalf("accept: %+v", acc)
	}
	thread := acc.Text()[strings.Index(acc.Text(), "<#")+2 : strings.Index(acc.Text(), ">.")]
	post, err := he.fake.NextPost(thread, 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	checkPNG(t, post)

	users := map[string]fakediscord.User{alice.ID: alice, bob.ID: bob}
	r := mrand.New(mrand.NewPCG(5, 6))
	var last fakediscord.Message
	for i := 0; ; i++ {
		g, err := e.DB.ActiveGame(t.Context(), e.Guild, thread)
		if errors.Is(err, store.ErrNoGame) {
			break
		}
		if err != nil || i > 200 {
			t.Fatal(i, err)
		}
		user, sub, opts := bottest.NextCommand(t, g, r)
		var o []fakediscord.Option
		for _, kv := range opts {
			k, v, _ := strings.Cut(kv, "=")
			o = append(o, fakediscord.Str(k, v))
		}
		id := he.id()
		if _, err := he.post.Post(fakediscord.Command(id, e.Guild, thread, users[user], fakediscord.AllPermissions, sub, o)); err != nil {
			t.Fatal(err)
		}
		first, err := he.fake.Next(id, 5*time.Second)
		if err != nil || first.Kind != "callback" || first.Type != 5 || first.Ephemeral() {
			t.Fatalf("%s %v: the HTTP response is %+v %v, want a public deferral", sub, opts, first, err)
		}
		last, err = he.fake.Reply(id, 10*time.Second)
		if err != nil || last.Kind != "edit" {
			t.Fatalf("%s %v: %+v %v, want the edit of @original", sub, opts, last, err)
		}
		checkPNG(t, last)
		g2, err := e.DB.ActiveGame(t.Context(), e.Guild, thread)
		if errors.Is(err, store.ErrNoGame) { // the last move ended it
			g2, err = e.DB.FinishedGame(t.Context(), g.ID)
		}
		if err != nil || g2.Revision != g.Revision+1 {
			t.Fatalf("%s %v: game revision %d after %d: %v", sub, opts, g2.Revision, g.Revision, err)
		}
	}
	done, err := e.DB.FinishedGames(t.Context(), e.Guild, "", 1)
	if err != nil || len(done) != 1 || !strings.Contains(last.Text(), "wins**") {
		t.Fatalf("end %v %v: %q", done, err, last.Text())
	}
	for { // the replay follows in the thread
		p, err := he.fake.NextPost(thread, 30*time.Second)
		if err != nil {
			t.Fatal("no replay posted:", err)
		}
		if len(p.Files) == 1 && p.Files[0].ContentType == "image/gif" {
			break
		}
	}
	he.ep.Close() // nothing logs any more
	if strings.Contains(e.Logs.String(), testToken) {
		t.Fatal("the token is in the logs")
	}
}

// TestHTTPDefers blocks the handler: the HTTP response is a deferral
// once DeferAfter has passed, and the reply comes as the edit of
// @original when the handler is released (an ephemeral one as an
// ephemeral follow-up, the public placeholder deleted). A fast reply
// without files is the HTTP response itself.
func TestHTTPDefers(t *testing.T) {
	e := bottest.NewEnv(t, bot.Config{})
	for _, eph := range []bool{false, true} {
		h := &slowHandler{release: make(chan struct{}), reply: bot.Reply{Text: "done", Ephemeral: eph}}
		he := newHTTPEnv(t, h, e)
		he.d.DeferAfter = time.Nanosecond // the timer fires at once: no waiting in the test
		id := he.id()
		if _, err := he.post.Post(fakediscord.Command(id, "g1", "c1", alice, fakediscord.NoThreads, "board", nil)); err != nil {
			close(h.release)
			t.Fatal(err)
		}
		m, err := he.fake.Next(id, 5*time.Second)
		if err != nil || m.Kind != "callback" || m.Type != 5 {
			close(h.release)
			t.Fatalf("HTTP response: %+v %v", m, err)
		}
		close(h.release)
		m, err = he.fake.Reply(id, 5*time.Second)
		want := "edit"
		if eph {
			want = "followup"
		}
		if err != nil || m.Kind != want || m.Text() != "done" || m.Ephemeral() != eph {
			t.Fatalf("after the deferral: %+v %v", m, err)
		}
	}

	fast := &slowHandler{release: make(chan struct{}), reply: bot.Reply{Text: "fast", Ephemeral: true}}
	close(fast.release)
	he := newHTTPEnv(t, fast, e)
	he.d.DeferAfter = time.Hour
	id := he.id()
	if _, err := he.post.Post(fakediscord.Command(id, "g1", "c1", alice, fakediscord.NoThreads, "board", nil)); err != nil {
		t.Fatal(err)
	}
	m, err := he.fake.Next(id, 5*time.Second)
	if err != nil || m.Kind != "callback" || m.Type != 4 || m.Text() != "fast" || !m.Ephemeral() {
		t.Fatalf("fast reply: %+v %v", m, err)
	}
	if m, ok := he.fake.Poll(id); ok {
		t.Fatalf("a REST call after a direct answer: %+v", m)
	}
}

// TestHTTPFilesAfterDeferral: a fast reply with an image, ephemeral,
// goes as an ephemeral deferral in the HTTP response and the edit of
// @original with the file.
func TestHTTPFilesAfterDeferral(t *testing.T) {
	e := bottest.NewEnv(t, bot.Config{})
	h := &slowHandler{release: make(chan struct{}), reply: bot.Reply{Text: "board", Ephemeral: true,
		Images: []bot.Image{{Name: "board.png", PNG: []byte("not really a png")}}}}
	close(h.release)
	he := newHTTPEnv(t, h, e)
	he.d.DeferAfter = time.Hour
	id := he.id()
	if _, err := he.post.Post(fakediscord.Command(id, "g1", "c1", alice, fakediscord.NoThreads, "board", nil)); err != nil {
		t.Fatal(err)
	}
	m, err := he.fake.Next(id, 5*time.Second)
	if err != nil || m.Kind != "callback" || m.Type != 5 || !m.Ephemeral() {
		t.Fatalf("HTTP response: %+v %v", m, err)
	}
	m, err = he.fake.Next(id, 5*time.Second)
	if err != nil || m.Kind != "edit" || m.Text() != "board" || len(m.Files) != 1 ||
		m.Files[0].Name != "board.png" || string(m.Files[0].Data) != "not really a png" {
		t.Fatalf("edit: %+v %v", m, err)
	}
}

// TestHTTPHealthz: /healthz answers 200 while the process serves, the
// store closed or not (a liveness probe must not restart a replica for
// its store's outage); /readyz (Health, as Ready is nil) answers 200
// while the store answers, 503 once it is closed.
func TestHTTPHealthz(t *testing.T) {
	e := bottest.NewEnv(t, bot.Config{})
	he := newHTTPEnv(t, nil, e)
	base := "http://" + he.ep.Addr().String()
	get := func(path string) (int, string) {
		resp, err := http.Get(base + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	if s, b := get("/healthz"); s != http.StatusOK || b != "ok\n" {
		t.Fatalf("healthz %d %q", s, b)
	}
	if s, b := get("/readyz"); s != http.StatusOK || b != "ready\n" {
		t.Fatalf("readyz %d %q", s, b)
	}
	if err := e.DB.Close(); err != nil {
		t.Fatal(err)
	}
	if s, b := get("/healthz"); s != http.StatusOK || b != "ok\n" {
		t.Fatalf("healthz with the store closed: %d %q", s, b)
	}
	if s, b := get("/readyz"); s != http.StatusServiceUnavailable || !strings.Contains(b, "closed") {
		t.Fatalf("readyz with the store closed: %d %q", s, b)
	}
}

// gatedHandler signals when a request reaches it, then waits for
// release.
type gatedHandler struct {
	entered chan struct{}
	release chan struct{}
	reply   bot.Reply
}

func (g *gatedHandler) Handle(ctx context.Context, req bot.Request) bot.Reply {
	g.entered <- struct{}{}
	<-g.release
	return g.reply
}

func (g *gatedHandler) Autocomplete(context.Context, bot.Request) []bot.Choice { return nil }

// TestHTTPCloseWaitsForInFlight: Close, started while one request waits
// for its HTTP response and another for the edit after its deferral,
// returns only after both were answered: the first in its HTTP response,
// the second by the edit, already in the fake Discord when Close
// returns.
func TestHTTPCloseWaitsForInFlight(t *testing.T) {
	e := bottest.NewEnv(t, bot.Config{})
	h := &gatedHandler{entered: make(chan struct{}, 2), release: make(chan struct{}), reply: bot.Reply{Text: "finished"}}
	he := newHTTPEnv(t, h, e)
	he.d.ShutdownWait = time.Minute // far longer than the test: Close waits for the handlers, not a timer

	// The first waits for its edit: deferred at once.
	he.d.DeferAfter = time.Nanosecond
	deferred := he.id()
	if _, err := he.post.Post(fakediscord.Command(deferred, "g1", "c1", alice, fakediscord.NoThreads, "board", nil)); err != nil {
		t.Fatal(err)
	}
	if m, err := he.fake.Next(deferred, 5*time.Second); err != nil || m.Type != 5 {
		t.Fatalf("deferral: %+v %v", m, err)
	}
	<-h.entered
	// The second waits for its HTTP response: no deferral.
	he.d.DeferAfter = time.Hour
	direct := he.id()
	posted := make(chan error, 1)
	go func() {
		_, err := he.post.Post(fakediscord.Command(direct, "g1", "c1", bob, fakediscord.NoThreads, "board", nil))
		posted <- err
	}()
	<-h.entered

	shutting := make(chan struct{})
	he.ep.onShutdown = func() { close(shutting) }
	closed := make(chan error, 1)
	go func() { closed <- he.ep.Close() }()
	<-shutting
	select {
	case err := <-closed:
		t.Fatalf("Close returned while handlers were blocked: %v", err)
	case err := <-posted:
		t.Fatalf("the request in flight ended before its reply: %v", err)
	default:
	}
	close(h.release)
	if err := <-closed; err != nil {
		t.Fatal(err)
	}
	if err := <-posted; err != nil {
		t.Fatal("the request in flight was not answered:", err)
	}
	if m, ok := he.fake.Poll(direct); !ok || m.Kind != "callback" || m.Type != 4 || m.Text() != "finished" {
		t.Fatalf("request in flight: %+v %v", m, ok)
	}
	if m, ok := he.fake.Poll(deferred); !ok || m.Kind != "edit" || m.Text() != "finished" {
		t.Fatalf("when Close returned, the edit had not reached Discord: %+v %v", m, ok)
	}
	// Closed: new requests are not taken.
	if _, err := he.post.Ping(); err == nil {
		t.Fatal("a request was taken after Close")
	}
}

func TestParsePublicKey(t *testing.T) {
	pub, _, _ := ed25519.GenerateKey(rand.Reader)
	h := hex.EncodeToString(pub)
	if k, err := ParsePublicKey(" " + strings.ToUpper(h) + "\n"); err != nil || !k.Equal(pub) {
		t.Fatalf("%v %v", k, err)
	}
	for _, bad := range []string{"", "xyz", h[:62], h + "00", "g" + h[1:]} {
		_, err := ParsePublicKey(bad)
		if !errors.Is(err, ErrPublicKey) || !strings.Contains(err.Error(), "DISCORD_PUBLIC_KEY") {
			t.Errorf("%q: %v", bad, err)
		}
		if len(bad) > 8 && strings.Contains(err.Error(), bad) {
			t.Errorf("%q: the error repeats the key", bad)
		}
	}
}

// TestHTTPButtonsUpdateTheirMessage: a button that settles something,
// pressed over HTTP, updates its own message: with UPDATE_MESSAGE (type
// 7) in the HTTP response, or, answered late, with a deferred update
// (type 6) in the HTTP response and the edit of the pressed message.
func TestHTTPButtonsUpdateTheirMessage(t *testing.T) {
	e := bottest.NewEnv(t, bot.Config{})
	he := newHTTPEnv(t, nil, e)
	fast := he.d.DeferAfter
	challenge := func(opts ...fakediscord.Option) fakediscord.Message {
		t.Helper()
		m := he.send(t, fakediscord.Command(he.id(), e.Guild, "c1", alice, fakediscord.NoThreads, "challenge", opts, bob))
		if m.Kind != "callback" || m.Type != 4 || m.ID == "" {
			t.Fatalf("challenge: %+v", m)
		}
		stored, ok := he.fake.Message(m.ID)
		if !ok {
			t.Fatalf("challenge %s not stored", m.ID)
		}
		return stored
	}
	press := func(u fakediscord.User, on fakediscord.Message, label string) (first, last fakediscord.Message) {
		t.Helper()
		id := he.id()
		if _, err := he.post.Post(fakediscord.Press(id, e.Guild, "c1", u, fakediscord.NoThreads, on.ID, buttonOf(t, on, label))); err != nil {
			t.Fatal(err)
		}
		first, err := he.fake.Next(id, 5*time.Second)
		if err != nil {
			t.Fatal(err)
		}
		last = first
		if first.Type == 6 {
			if last, err = he.fake.Next(id, 5*time.Second); err != nil {
				t.Fatal(err)
			}
		}
		return first, last
	}

	ch := challenge(fakediscord.UserOpt("opponent", bob.ID), fakediscord.Str("size", "7"))
	first, _ := press(bob, ch, "Decline")
	if first.Kind != "callback" || first.Type != 7 {
		t.Fatalf("Decline answered %+v, want UPDATE_MESSAGE in the HTTP response", first)
	}
	if m, _ := he.fake.Message(ch.ID); !strings.Contains(m.Text(), "declined") || len(m.Buttons) != 0 {
		t.Fatalf("the declined challenge's message: %q %+v", m.Text(), m.Buttons)
	}

	open := challenge(fakediscord.Str("size", "7"))
	he.d.DeferAfter = time.Nanosecond
	first, last := press(alice, open, "Withdraw")
	he.d.DeferAfter = fast
	if first.Kind != "callback" || first.Type != 6 || last.Kind != "edit" {
		t.Fatalf("Withdraw answered late: %+v then %+v, want a deferred update and an edit", first, last)
	}
	if m, _ := he.fake.Message(open.ID); !strings.Contains(m.Text(), "withdrew") || len(m.Buttons) != 0 {
		t.Fatalf("the withdrawn challenge's message: %q %+v", m.Text(), m.Buttons)
	}
}

// TestHTTPHandlerPanics: a handler that panics, reached over HTTP, is
// answered with the "something went wrong" sentence (in the HTTP
// response, or after a deferral), a panicking autocomplete gets 500, and
// the next interaction is answered.
func TestHTTPHandlerPanics(t *testing.T) {
	e := bottest.NewEnv(t, bot.Config{})
	for _, deferAfter := range []time.Duration{time.Hour, time.Nanosecond} {
		h := &panicky{}
		he := newHTTPEnv(t, h, e)
		he.d.DeferAfter = deferAfter
		m := he.send(t, fakediscord.Command(he.id(), e.Guild, "c1", alice, fakediscord.NoThreads, "board", nil))
		if !m.Ephemeral() || !strings.Contains(m.Text(), "Something went wrong on my side and nothing was changed") {
			t.Fatalf("defer after %v: answer to a panicking handler: %+v", deferAfter, m)
		}
		ac := fakediscord.Command(he.id(), e.Guild, "c1", alice, fakediscord.NoThreads, "move", []fakediscord.Option{fakediscord.Focus("shooter", "")})
		if status, err := he.post.Post(ac); status != http.StatusInternalServerError {
			t.Fatalf("panicking autocomplete: %d %v", status, err)
		}
		he.d.DeferAfter = time.Hour
		m = he.send(t, fakediscord.Command(he.id(), e.Guild, "c1", alice, fakediscord.NoThreads, "help", nil))
		if m.Kind != "callback" || m.Text() != "answered help" {
			t.Fatalf("the next interaction: %+v", m)
		}
	}
	if !strings.Contains(e.Logs.String(), "deliberate panic in a handler") {
		t.Fatal("the panic was not logged")
	}
}

// TestHTTPUnknownInteractionTypes: a well-signed body that is not an
// interaction this bot answers (type 0, 5 modal submit, 99, JSON null, no
// id) gets 400 with the reason, not 503 "shutting down", and reaches
// neither the core nor Discord's REST API.
func TestHTTPUnknownInteractionTypes(t *testing.T) {
	e := bottest.NewEnv(t, bot.Config{})
	h := &countingHandler{Handler: e.Bot}
	he := newHTTPEnv(t, h, e)
	p := he.post
	for _, c := range []struct {
		name, body, want string
	}{
		{"type 0", `{"id":"9001","application_id":"1","type":0,"token":"tok-9001","version":1}`, "type 0"},
		{"type 5", `{"id":"9002","application_id":"1","type":5,"token":"tok-9002","version":1}`, "type 5"},
		{"type 99", `{"id":"9003","application_id":"1","type":99,"token":"tok-9003","version":1}`, "type 99"},
		{"no type", `{"id":"9004","token":"tok-9004"}`, "type 0"},
		{"null", `null`, "JSON null"},
		{"no id", `{"type":2,"token":"tok-x"}`, "no id"},
		{"autocomplete without a user", `{"id":"9005","type":4,"token":"tok-9005","data":{"name":"veletas"}}`, "without a user"},
	} {
		t.Run(c.name, func(t *testing.T) {
			ts := p.Timestamp()
			body := []byte(c.body)
			status, resp, err := p.Do(body, p.Sign(ts, body), ts)
			if err != nil {
				t.Fatal(err)
			}
			if status != http.StatusBadRequest || !strings.Contains(string(resp), c.want) {
				t.Fatalf("%d %q, want 400 naming %q", status, resp, c.want)
			}
			if n := h.n.Load(); n != 0 {
				t.Fatalf("%d requests reached the core", n)
			}
		})
	}
	// The endpoint still answers: a known type after them is handled.
	if typ, err := p.Ping(); err != nil || typ != 1 {
		t.Fatalf("PING after the refusals: %d %v", typ, err)
	}
}

// TestHTTPPingReplayed: Discord validates the endpoint with PINGs of
// fresh ids, each answered PONG; the same signed PING sent again within
// the timestamp's window is a replay, refused with 401 like any other.
func TestHTTPPingReplayed(t *testing.T) {
	e := bottest.NewEnv(t, bot.Config{})
	he := newHTTPEnv(t, nil, e)
	p := he.post
	body := []byte(`{"id":"8001","application_id":"` + fakediscord.AppID + `","type":1,"token":"tok-8001","version":1}`)
	ts := p.Timestamp()
	sig := p.Sign(ts, body)
	if status, resp, err := p.Do(body, sig, ts); err != nil || status != http.StatusOK || !strings.Contains(string(resp), `"type":1`) {
		t.Fatalf("first PING: %d %s %v", status, resp, err)
	}
	if status, resp, err := p.Do(body, sig, ts); err != nil || status != http.StatusUnauthorized {
		t.Fatalf("replayed PING: %d %s %v, want 401", status, resp, err)
	}
	for range 3 { // fresh ids, as Discord sends them
		if typ, err := p.Ping(); err != nil || typ != 1 {
			t.Fatalf("a fresh PING: %d %v", typ, err)
		}
	}
}
