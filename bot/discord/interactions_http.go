package discord

import (
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Limits of the HTTP interactions endpoint.
const (
	// MaxInteractionBody is the largest request body read; a larger one
	// is refused with 401 before its signature is checked. 64 KiB: the
	// largest interaction this bot receives is a button press, which
	// carries the bot's own message (at most 2,000 characters of content
	// and 6,000 of embeds, at most 3 bytes each in the Japanese
	// catalogue's UTF-8, about 24 kB), its buttons (at most 25, each
	// under 200 bytes) and the member who pressed (about 1 kB); a slash
	// command with all its options and resolved users is smaller. Real
	// payloads are 1 to 5 kB (a game's move is about 1.2 kB).
	MaxInteractionBody = 64 << 10
	// MaxBodiesReading is how many request bodies are read at once: each
	// reading holds a buffer of MaxInteractionBody, so the bodies of
	// unsigned requests hold at most 4 MiB together however many arrive.
	MaxBodiesReading = 64
	// BodySlotWait is how long a request waits for one of the
	// MaxBodiesReading slots before it is answered 503 with Retry-After:
	// a bounded queue (the waiting requests hold no body yet), so that a
	// burst of Discord's own requests is delayed, not refused.
	BodySlotWait = time.Second
	// BodyReadTime bounds the reading of one body (a slot is held that
	// long at most): Discord sends its few kilobytes at once.
	BodyReadTime = 2 * time.Second
	// MaxSignatureAge is how old a request's X-Signature-Timestamp may
	// be: an older request, even well signed, may be replayed.
	MaxSignatureAge = 5 * time.Minute
	// MaxClockSkew is how far in the future a timestamp may be.
	MaxClockSkew = 10 * time.Second
)

// ErrPublicKey is returned by ParsePublicKey for a key that is not the
// 64 hexadecimal digits of an Ed25519 public key.
var ErrPublicKey = errors.New("set it to the application's public key, 64 hexadecimal digits " +
	"(https://discord.com/developers/applications > your app > General Information > Public Key)")

// ParsePublicKey reads the application's public key in hexadecimal, as
// the developer portal shows it.
func ParsePublicKey(s string) (ed25519.PublicKey, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, fmt.Errorf("DISCORD_PUBLIC_KEY is not set: %w", ErrPublicKey)
	}
	b, err := hex.DecodeString(s)
	if err != nil || len(b) != ed25519.PublicKeySize {
		return nil, fmt.Errorf("DISCORD_PUBLIC_KEY is malformed (%d characters): %w", len(s), ErrPublicKey)
	}
	return ed25519.PublicKey(b), nil
}

// errSignature is why a request was refused; the client sees 401 only.
var errSignature = errors.New("discord: invalid request signature")

// VerifyRequest checks the Ed25519 signature Discord puts on an
// interaction (X-Signature-Ed25519 over X-Signature-Timestamp followed by
// the raw body), the timestamp's age against now, and the body's size, and
// returns the body. Any failure returns an error wrapping errSignature
// with the reason, for the log.
func VerifyRequest(r *http.Request, key ed25519.PublicKey, now time.Time) ([]byte, error) {
	sig, ts, err := signatureHeaders(r, now)
	if err != nil {
		return nil, err
	}
	size := MaxInteractionBody
	if r.ContentLength >= 0 && r.ContentLength < MaxInteractionBody {
		size = int(r.ContentLength) + len(ts) // room for the timestamp too
	}
	return verifyBody(r, key, sig, ts, make([]byte, size+1))
}

// signatureHeaders checks the signature's headers (everything but the
// body) and returns the signature and the timestamp.
func signatureHeaders(r *http.Request, now time.Time) (sig []byte, ts string, err error) {
	sigHex := r.Header.Get("X-Signature-Ed25519")
	ts = r.Header.Get("X-Signature-Timestamp")
	if sigHex == "" || ts == "" {
		return nil, "", fmt.Errorf("%w: missing X-Signature-Ed25519 or X-Signature-Timestamp", errSignature)
	}
	sig, err = hex.DecodeString(sigHex)
	if err != nil || len(sig) != ed25519.SignatureSize {
		return nil, "", fmt.Errorf("%w: X-Signature-Ed25519 is not %d bytes in hexadecimal", errSignature, ed25519.SignatureSize)
	}
	sec, err := strconv.ParseInt(ts, 10, 64)
	if err != nil || sec < 0 || len(ts) > 12 {
		return nil, "", fmt.Errorf("%w: X-Signature-Timestamp is not Unix seconds", errSignature)
	}
	at := time.Unix(sec, 0)
	if now.Sub(at) > MaxSignatureAge {
		return nil, "", fmt.Errorf("%w: timestamp %s is older than %v", errSignature, ts, MaxSignatureAge)
	}
	if at.Sub(now) > MaxClockSkew {
		return nil, "", fmt.Errorf("%w: timestamp %s is in the future", errSignature, ts)
	}
	if r.ContentLength > MaxInteractionBody {
		return nil, "", fmt.Errorf("%w: %w: body of %d bytes, over %d", errSignature, errBodyTooLarge, r.ContentLength, MaxInteractionBody)
	}
	return sig, ts, nil
}

// errBodyTooLarge is a body over MaxInteractionBody.
var errBodyTooLarge = errors.New("body too large")

// verifyBody reads the body into buf (of MaxInteractionBody+1 bytes, or
// fewer when the Content-Length says the body is smaller), checks the
// signature over it and returns a copy of the body.
func verifyBody(r *http.Request, key ed25519.PublicKey, sig []byte, ts string, buf []byte) ([]byte, error) {
	n, err := io.ReadFull(r.Body, buf)
	switch {
	case err == nil && len(buf) > MaxInteractionBody:
		return nil, fmt.Errorf("%w: %w: body over %d bytes", errSignature, errBodyTooLarge, MaxInteractionBody)
	case err == nil: // a buffer sized by the Content-Length, which the body outgrew
		return nil, fmt.Errorf("%w: %w: body longer than its Content-Length", errSignature, errBodyTooLarge)
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
	default:
		return nil, fmt.Errorf("%w: reading the body: %v", errSignature, err)
	}
	// The timestamp is put before the body in buf's own spare room when
	// there is some, else in a new slice.
	body := buf[:n]
	var msg []byte
	if n+len(ts) <= len(buf) {
		copy(buf[len(ts):], body)
		copy(buf, ts)
		msg, body = buf[:len(ts)+n], buf[len(ts):len(ts)+n]
	} else {
		msg = append(append(make([]byte, 0, len(ts)+n), ts...), body...)
	}
	if !ed25519.Verify(key, msg, sig) {
		return nil, fmt.Errorf("%w: the signature does not match", errSignature)
	}
	return append([]byte(nil), body...), nil
}

// HTTPEndpoint serves Discord's HTTP interactions (the Interactions
// Endpoint URL of the developer portal) instead of the gateway: POST
// /interactions, and GET /healthz and /readyz for a load balancer. Each interaction
// goes through the Adapter as one from the gateway does (the same
// conversion to a bot.Request, panics contained, deferral after
// DeferAfter); its first response is written in the HTTP response, and
// the rest (the edit of a deferred response, follow-ups, posts) goes
// through the REST API.
type HTTPEndpoint struct {
	Adapter   *Adapter
	PublicKey ed25519.PublicKey
	// Health reports whether the store answers. /healthz no longer
	// calls it: /healthz says only that the process lives (a liveness
	// probe that failed with the store would restart every replica in
	// an etcd outage, which restarting cannot cure). It is /readyz's
	// check when Ready is nil.
	Health func(context.Context) error
	// Ready reports whether the process should take traffic (the store
	// answers, the commands are registered, it is not shutting down);
	// /readyz answers 503 when it returns an error. Nil: Health.
	Ready func(context.Context) error
	// Other, when set, serves the paths the endpoint does not (the web
	// board's pages, /metrics); nil: 404.
	Other http.Handler
	// Now is the clock the signatures' timestamps are checked against.
	Now func() time.Time

	seenMu sync.Mutex
	seen   map[string]time.Time // interaction id -> when it came, for MaxSignatureAge+MaxClockSkew

	// slots holds the buffers of the bodies being read: taking one is
	// the right to read a body (MaxBodiesReading at once).
	slots     chan []byte
	slotsOnce sync.Once
	// slotWait is how long a request waits for a slot (BodySlotWait;
	// tests set it to 0).
	slotWait time.Duration

	srv      *http.Server
	ln       net.Listener
	served   chan error
	shutOnce sync.Once
	// onShutdown, when set (by tests), is called when Close starts the
	// server's shutdown.
	onShutdown func()
}

// NewHTTPEndpoint returns an endpoint for d, checking signatures against
// key.
func NewHTTPEndpoint(d *Adapter, key ed25519.PublicKey, health func(context.Context) error) *HTTPEndpoint {
	return &HTTPEndpoint{Adapter: d, PublicKey: key, Health: health, Now: time.Now, slotWait: BodySlotWait}
}

// takeSlot waits up to slotWait for the right to read a body, and
// returns its buffer (false when none came free in time).
func (e *HTTPEndpoint) takeSlot(ctx context.Context) ([]byte, bool) {
	e.slotsOnce.Do(func() {
		e.slots = make(chan []byte, MaxBodiesReading)
		for range MaxBodiesReading {
			e.slots <- nil // the buffer is made when first used
		}
	})
	var buf []byte
	select {
	case buf = <-e.slots:
	default:
		t := time.NewTimer(e.slotWait)
		defer t.Stop()
		select {
		case buf = <-e.slots:
		case <-t.C:
			return nil, false
		case <-ctx.Done():
			return nil, false
		}
	}
	if buf == nil {
		buf = make([]byte, MaxInteractionBody+1)
	}
	return buf, true
}

// readSigned checks the signature's headers, then, holding a slot, reads
// the body and checks the signature over it. busy reports that no slot
// came free in time.
func (e *HTTPEndpoint) readSigned(w http.ResponseWriter, r *http.Request) (body []byte, busy bool, err error) {
	sig, ts, err := signatureHeaders(r, e.Now())
	if err != nil {
		return nil, false, err
	}
	buf, ok := e.takeSlot(r.Context())
	if !ok {
		return nil, true, nil
	}
	defer func() { e.slots <- buf }()
	// A body trickled in holds its slot BodyReadTime at most (the
	// server's ReadTimeout is longer); ignored where the writer cannot
	// (a test's recorder).
	_ = http.NewResponseController(w).SetReadDeadline(time.Now().Add(BodyReadTime))
	body, err = verifyBody(r, e.PublicKey, sig, ts, buf)
	return body, false, err
}

// ServeHTTP routes /interactions, /healthz and /readyz.
func (e *HTTPEndpoint) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch r.URL.Path {
	case "/interactions":
		if r.Method != http.MethodPost {
			w.Header().Set("Allow", http.MethodPost)
			http.Error(w, "POST only", http.StatusMethodNotAllowed)
			return
		}
		e.interaction(w, r)
	case "/healthz":
		e.healthz(w, r)
	case "/readyz":
		e.readyz(w, r)
	default:
		if e.Other != nil {
			e.Other.ServeHTTP(w, r)
			return
		}
		http.NotFound(w, r)
	}
}

// healthz answers 200 while the process serves: it checks nothing else.
func (e *HTTPEndpoint) healthz(w http.ResponseWriter, _ *http.Request) {
	io.WriteString(w, "ok\n")
}

// readyz answers 200 when Ready (Health when Ready is nil) reports no
// error within 2 s, else 503 with the reason.
func (e *HTTPEndpoint) readyz(w http.ResponseWriter, r *http.Request) {
	ready := e.Ready
	if ready == nil {
		ready = e.Health
	}
	if ready == nil {
		io.WriteString(w, "ready\n")
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if err := ready(ctx); err != nil {
		http.Error(w, "not ready: "+err.Error(), http.StatusServiceUnavailable)
		return
	}
	io.WriteString(w, "ready\n")
}

func (e *HTTPEndpoint) interaction(w http.ResponseWriter, r *http.Request) {
	d := e.Adapter
	body, busy, err := e.readSigned(w, r)
	if busy {
		w.Header().Set("Retry-After", "1")
		http.Error(w, "busy: too many requests being read at once, retry", http.StatusServiceUnavailable)
		return
	}
	if err != nil {
		d.Logger.Warn("discord: refused an HTTP interaction", "remote", r.RemoteAddr, "err", err)
		if errors.Is(err, errBodyTooLarge) {
			// Not worth draining for the next request on the connection.
			w.Header().Set("Connection", "close")
		}
		http.Error(w, "invalid request signature", http.StatusUnauthorized)
		return
	}
	head, err := interactionHead(body)
	if err != nil {
		d.Logger.Warn("discord: refused an HTTP interaction", "remote", r.RemoteAddr, "err", err)
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	if !e.firstTime(head.ID) {
		// The signature holds for 5 minutes: a copy of a request sent
		// again in that time, a PING included, is refused here (Discord
		// gives every interaction, each PING of its endpoint checks
		// included, a fresh id).
		d.Logger.Warn("discord: refused an HTTP interaction", "remote", r.RemoteAddr, "id", clipRunes(head.ID, 30),
			"err", fmt.Errorf("%w: interaction %s was received already", errSignature, clipRunes(head.ID, 30)))
		http.Error(w, "invalid request signature", http.StatusUnauthorized)
		return
	}
	if head.Type == discordgo.InteractionPing {
		writeResponse(w, &discordgo.InteractionResponse{Type: discordgo.InteractionResponsePong})
		return
	}
	var i discordgo.Interaction
	if err := json.Unmarshal(body, &i); err != nil {
		d.Logger.Warn("discord: an HTTP interaction does not decode", "err", err)
		http.Error(w, "the interaction does not decode", http.StatusBadRequest)
		return
	}
	x := &httpExchange{first: make(chan *discordgo.InteractionResponse, 1), written: make(chan struct{}), done: make(chan struct{})}
	d.direct.Store(&i, x)
	go func() {
		defer close(x.done)
		defer d.direct.Delete(&i)
		defer func() {
			if v := recover(); v != nil {
				d.Logger.Error("discord: panic while answering an HTTP interaction", "id", i.ID, "panic", fmt.Sprint(v),
					"stack", string(debug.Stack()))
			}
		}()
		d.onInteraction(d.Session, &discordgo.InteractionCreate{Interaction: &i})
	}()
	var werr error
	defer func() { x.finish(werr) }()
	select {
	case resp := <-x.first:
		werr = writeResponse(w, resp)
	case <-x.done:
		// Ended without a first response: the adapter is closing, or the
		// interaction is of a type it does not answer.
		select {
		case resp := <-x.first:
			werr = writeResponse(w, resp)
		default:
			werr = errors.New("discord: no response")
			d.mu.Lock()
			closing := d.closing
			d.mu.Unlock()
			x.mu.Lock()
			refused := x.refused
			x.mu.Unlock()
			switch {
			case refused != nil:
				http.Error(w, "not answered: "+refused.Error(), http.StatusBadRequest)
			case closing:
				w.Header().Set("Retry-After", "5")
				http.Error(w, "not answered: the bot is shutting down", http.StatusServiceUnavailable)
			default:
				http.Error(w, "not answered: the bot failed on this interaction (its log says why)", http.StatusInternalServerError)
			}
		}
	case <-r.Context().Done():
		werr = fmt.Errorf("discord: the HTTP request ended before the response: %w", r.Context().Err())
	}
}

// ErrInteractionKind is returned by interactionHead for a well-signed
// body that is not an interaction this bot answers: not a JSON object,
// without an id, or of a type other than PING, application command,
// message component and autocomplete (a modal submit, type 5, among
// them: the bot opens no modal).
var ErrInteractionKind = errors.New("not an interaction this bot answers " +
	"(it takes a JSON object with an id and a type of 1 PING, 2 APPLICATION_COMMAND, 3 MESSAGE_COMPONENT or 4 APPLICATION_COMMAND_AUTOCOMPLETE)")

// interactionHeader is what is read of a signed body before the whole
// interaction is decoded.
type interactionHeader struct {
	ID   string
	Type discordgo.InteractionType
}

// interactionHead reads the id and type of a signed body.
func interactionHead(body []byte) (interactionHeader, error) {
	var head interactionHeader
	var raw *struct {
		ID   json.RawMessage `json:"id"`
		Type json.RawMessage `json:"type"`
	}
	if err := json.Unmarshal(body, &raw); err != nil {
		return head, fmt.Errorf("discord: the body does not decode as JSON (%v): %w", err, ErrInteractionKind)
	}
	if raw == nil {
		return head, fmt.Errorf("discord: the body is JSON null, not an interaction: %w", ErrInteractionKind)
	}
	if json.Unmarshal(raw.ID, &head.ID) != nil || head.ID == "" {
		return head, fmt.Errorf("discord: the interaction has no id (a string): %w", ErrInteractionKind)
	}
	var typ int
	if len(raw.Type) > 0 && json.Unmarshal(raw.Type, &typ) != nil {
		return head, fmt.Errorf("discord: the interaction's type %s is not a number: %w", clipRunes(string(raw.Type), 20), ErrInteractionKind)
	}
	head.Type = discordgo.InteractionType(typ)
	switch head.Type {
	case discordgo.InteractionPing, discordgo.InteractionApplicationCommand,
		discordgo.InteractionMessageComponent, discordgo.InteractionApplicationCommandAutocomplete:
		return head, nil
	}
	return head, fmt.Errorf("discord: interaction type %d: %w", typ, ErrInteractionKind)
}

// firstTime records an interaction id and reports whether it is new
// within the time a signature is accepted; older ids are forgotten.
func (e *HTTPEndpoint) firstTime(id string) bool {
	now := e.Now()
	e.seenMu.Lock()
	defer e.seenMu.Unlock()
	if e.seen == nil {
		e.seen = map[string]time.Time{}
	}
	if _, ok := e.seen[id]; ok {
		return false
	}
	if len(e.seen) >= 1024 && len(e.seen)&(len(e.seen)-1) == 0 { // at each power of two: amortized pruning
		for k, at := range e.seen {
			if now.Sub(at) > MaxSignatureAge+MaxClockSkew {
				delete(e.seen, k)
			}
		}
	}
	e.seen[id] = now
	return true
}

func writeResponse(w http.ResponseWriter, resp *discordgo.InteractionResponse) error {
	b, err := json.Marshal(resp)
	if err != nil {
		http.Error(w, "encoding the response", http.StatusInternalServerError)
		return fmt.Errorf("discord: encoding the response: %w", err)
	}
	w.Header().Set("Content-Type", "application/json")
	if _, err := w.Write(b); err != nil {
		return fmt.Errorf("discord: writing the response: %w", err)
	}
	if f, ok := w.(http.Flusher); ok {
		f.Flush()
	}
	return nil
}

// httpExchange carries an interaction's first response from the adapter
// to the HTTP handler that received the interaction.
type httpExchange struct {
	mu      sync.Mutex
	sent    bool
	first   chan *discordgo.InteractionResponse
	written chan struct{} // closed once the handler wrote (or gave up)
	werr    error
	// refused is why the adapter refused the interaction without an
	// answer (an autocomplete whose fields do not make a request).
	refused error
	once    sync.Once
	done    chan struct{} // closed when the adapter is done with the interaction
}

func (x *httpExchange) finish(err error) {
	x.once.Do(func() { x.werr = err; close(x.written) })
}

// send hands resp to the HTTP handler and waits until it was written.
func (x *httpExchange) send(ctx context.Context, resp *discordgo.InteractionResponse) error {
	x.mu.Lock()
	if x.sent {
		x.mu.Unlock()
		return errors.New("discord: the interaction was answered already")
	}
	x.sent = true
	x.mu.Unlock()
	x.first <- resp // buffered: never blocks
	select {
	case <-x.written:
		return x.werr
	case <-ctx.Done():
		return ctx.Err()
	}
}

// refuseDirect notes why an interaction that came over HTTP is refused
// without an answer, for its HTTP response.
func (d *Adapter) refuseDirect(i *discordgo.Interaction, err error) {
	if v, ok := d.direct.Load(i); ok {
		x := v.(*httpExchange)
		x.mu.Lock()
		x.refused = err
		x.mu.Unlock()
	}
}

// interactionRespond sends an interaction's first response: in the HTTP
// response when it came over HTTP, else through the REST callback.
//
// A first response with files (a board image) is never put in the HTTP
// response: Discord fails multipart HTTP responses over about 150 kB
// (discord-api-docs issue 5250), and an upload there counts against the
// 3 seconds. It is sent as a deferral (type 5, or 6 for an update of the
// pressed message) and then as an edit of @original through the REST
// API, with its files as multipart attachments.
func (d *Adapter) interactionRespond(ctx context.Context, i *discordgo.Interaction, resp *discordgo.InteractionResponse) error {
	v, ok := d.direct.Load(i)
	if !ok {
		return d.Session.InteractionRespond(i, resp, discordgo.WithContext(ctx))
	}
	x := v.(*httpExchange)
	if resp.Data == nil || len(resp.Data.Files) == 0 {
		return x.send(ctx, resp)
	}
	deferral := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}
	if resp.Type == discordgo.InteractionResponseUpdateMessage {
		deferral.Type = discordgo.InteractionResponseDeferredMessageUpdate
	} else if resp.Data.Flags&discordgo.MessageFlagsEphemeral != 0 {
		deferral.Data = &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral}
	}
	if err := x.send(ctx, deferral); err != nil {
		return err
	}
	ectx, cancel := context.WithTimeout(context.Background(), RESTTimeout)
	defer cancel()
	_, err := d.Session.InteractionResponseEdit(i, editFor(resp.Data), discordgo.WithContext(ectx))
	return err
}

// editFor is the edit of @original that sends data after a deferral.
func editFor(data *discordgo.InteractionResponseData) *discordgo.WebhookEdit {
	content := data.Content
	comps := data.Components
	if comps == nil {
		comps = []discordgo.MessageComponent{}
	}
	return &discordgo.WebhookEdit{
		Content: &content, Components: &comps, Embeds: embedsOf(data),
		AllowedMentions: data.AllowedMentions, Files: data.Files, Attachments: data.Attachments,
	}
}

func embedsOf(data *discordgo.InteractionResponseData) *[]*discordgo.MessageEmbed {
	if data.Embeds == nil {
		return nil
	}
	e := data.Embeds
	return &e
}

// OpenHTTP prepares the adapter for the HTTP endpoint, without a gateway
// connection: it checks the token and learns the application and the
// bot's user through the REST API, and registers the commands (unless
// SkipRegister).
func (d *Adapter) OpenHTTP() error {
	d.defaults()
	u, err := d.Session.User("@me")
	if err != nil {
		if tokenRejected(err) {
			return ErrTokenRejected
		}
		return fmt.Errorf("discord: reading the bot's user: %w", cleanErr(err))
	}
	app, err := d.Session.Application("@me")
	if err != nil {
		if tokenRejected(err) {
			return ErrTokenRejected
		}
		return fmt.Errorf("discord: reading the application: %w", cleanErr(err))
	}
	if u == nil || u.ID == "" || app == nil || app.ID == "" {
		return errors.New("discord: the REST API named no application or bot user")
	}
	d.Session.State.User = u
	d.Session.State.Application = app
	return d.register(app.ID)
}

// Listen binds addr (such as :8080) and serves the endpoint on it until
// Close.
func (e *HTTPEndpoint) Listen(addr string) error {
	ln, err := BindHTTP(addr)
	if err != nil {
		return err
	}
	e.Serve(ln)
	return nil
}

// BindHTTP binds addr for the endpoint, before anything else is done at
// start (opening the store, registering the commands), so that an
// address in use stops the bot before it changed anything; Serve then
// serves on it.
func BindHTTP(addr string) (net.Listener, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("discord: listening for HTTP interactions on %s: %w", addr, err)
	}
	return ln, nil
}

// Serve serves the endpoint on ln (from BindHTTP) until Close.
func (e *HTTPEndpoint) Serve(ln net.Listener) {
	e.ln = ln
	e.srv = &http.Server{
		Handler:           e,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second,
		IdleTimeout:       2 * time.Minute,
		ErrorLog:          slog.NewLogLogger(e.Adapter.Logger.Handler(), slog.LevelWarn),
	}
	e.srv.RegisterOnShutdown(func() {
		if e.onShutdown != nil {
			e.onShutdown()
		}
	})
	e.served = make(chan error, 1)
	go func() {
		err := e.srv.Serve(ln)
		if !errors.Is(err, http.ErrServerClosed) {
			e.Adapter.Logger.Error("discord: the HTTP interactions endpoint stopped", "err", err)
		}
		e.served <- err
	}()
}

// Addr is the address Listen bound.
func (e *HTTPEndpoint) Addr() net.Addr {
	if e.ln == nil {
		return nil
	}
	return e.ln.Addr()
}

// Close stops taking requests, lets those in flight get their response
// (http.Server.Shutdown) and waits for their follow-ups (Adapter.Close),
// each within the adapter's ShutdownWait.
func (e *HTTPEndpoint) Close() error {
	var err error
	e.shutOnce.Do(func() {
		if e.srv != nil {
			ctx, cancel := context.WithTimeout(context.Background(), e.Adapter.ShutdownWait)
			if serr := e.srv.Shutdown(ctx); serr != nil {
				err = fmt.Errorf("discord: stopping the HTTP server: %w", serr)
				e.srv.Close()
			}
			cancel()
			if serr := <-e.served; !errors.Is(serr, http.ErrServerClosed) && err == nil {
				err = fmt.Errorf("discord: serving HTTP: %w", serr)
			}
		}
		if cerr := e.Adapter.Close(); err == nil {
			err = cerr
		}
	})
	return err
}
