package web

import (
	"context"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"log/slog"
	"net/http"
	"net/netip"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/veletasbot/veletas/game"
	"github.com/veletasbot/veletas/store"
)

// Games is what the web board needs of the store: a game by its ID,
// active or finished (store.ErrNotFound when there is none).
type Games interface {
	GameByID(ctx context.Context, id uint64) (store.Game, error)
}

var _ Games = (*store.DB)(nil)

// User is what a page shows of a player.
type User struct {
	Name   string `json:"name"`
	Avatar string `json:"avatar,omitempty"` // an https URL of the avatar image, "" for none
}

// UserInfo gives the names and avatars of users by ID (Discord's, in the
// bot); an ID it does not know is left out of the map, and the page shows
// the ID.
type UserInfo interface {
	Names(ctx context.Context, ids []string) map[string]User
}

// Options configure New.
type Options struct {
	// Key is the server's secret (at least MinKeyBytes), from which the
	// links' tokens are made: the same key gives the same links.
	Key []byte
	// Games are the games hosted; a game of a kind whose Rules is not a
	// game.Boarded is shown without its board.
	Games *game.Registry
	// Store finds the games.
	Store Games
	// Users names the players (nil: their IDs).
	Users UserInfo
	// Now is the clock (default time.Now).
	Now func() time.Time
	// Logger receives errors serving pages (default: discard).
	Logger *slog.Logger
	// PageBurst and PageInterval rate-limit the requests of one address
	// for pages, states and event streams: PageBurst at once, then one
	// every PageInterval. Defaults 60 and 1s. The replay's boards are
	// limited apart, at ten times that rate.
	PageBurst    int
	PageInterval time.Duration
	// Identity tells who is signed in; Mover applies their moves (see
	// moves.go). The pages take moves only with both.
	Identity Identity
	Mover    Mover
	// MoveBurst and MoveInterval rate-limit the moves of one address,
	// and apart those of one user: MoveBurst at once, then one every
	// MoveInterval. Defaults 20 and 1s.
	MoveBurst    int
	MoveInterval time.Duration

	// OAuth is the Discord application users sign in with (oauth.go);
	// without its ClientID there is no sign-in.
	OAuth OAuth
	// PublicURL is the address players reach the board at, such as
	// https://bot.example.org: the sign-in's redirect URL is it followed
	// by /auth/callback, and state-changing requests must come from its
	// origin. "" (tests): the request's own scheme and host.
	PublicURL string
	// SessionTTL is how long a session lasts (default DefaultSessionTTL).
	SessionTTL time.Duration
	// Revocations keeps the sessions ended by signing out, for every
	// replica (revocation.go); default: Store, when it is one (the
	// store.DB is). Without, a session lasts until its expiry.
	Revocations Revocations
	// RevocationRecheck is how long a replica believes a session it found
	// not revoked (default DefaultRevocationRecheck): a session ended on
	// another replica is refused here within it.
	RevocationRecheck time.Duration
	// SignInBurst and SignInInterval rate-limit the sign-ins (and their
	// callbacks) of one address (a sign-in costs two): defaults 20 and 10s.
	SignInBurst    int
	SignInInterval time.Duration
	// ViewerCounts, when set, publishes this process's count of each
	// game's pages to the other replicas (store.Peers on an etcd store),
	// which tell theirs through ViewersElsewhere.
	ViewerCounts ViewerCounts
	// Wording words the games' texts in the pages' languages (nil: the
	// games' raw words), see wording.go.
	Wording Wording
	// TrustedProxies are the reverse proxies whose X-Forwarded-For is
	// believed by every limiter: a request from one of these prefixes is
	// counted against the nearest address in X-Forwarded-For that is not
	// one of them. Empty: the connection's address is the client's.
	TrustedProxies []netip.Prefix
}

// ViewerCounts receives this process's count of a game's pages (0 once
// it has none), coalesced by the hub to a few a second per game; it must
// not wait. store.Peers implements it.
type ViewerCounts interface {
	SetViewers(id uint64, n int)
}

var _ ViewerCounts = (*store.Peers)(nil)

// Server is the web board's http.Handler, and the Notifier the bot calls
// when a game changes.
type Server struct {
	opts   Options
	tokens *tokens
	guilds *tokens // the servers' pages' (standings.go)
	hub    *hub
	limit  *limiter
	plies  *limiter
	mux    *http.ServeMux
	stop   context.CancelFunc
	done   chan struct{}
	once   sync.Once
	// moveAddr and moveUser limit the moves by address and by user.
	moveAddr, moveUser *limiter

	// signins limits /auth/login and /auth/callback; sealer makes and
	// reads the sessions; used remembers the sign-ins' states served.
	signins      *limiter
	sealer       *sealer
	revocations  *revocations
	used         usedStates
	publicOrigin string
}

var (
	_ http.Handler       = (*Server)(nil)
	_ store.PeerListener = (*Server)(nil)
)

// ErrNoStore is returned by New without Options.Store or Options.Games.
var ErrNoStore = errors.New("web: no store or no games")

// New returns a Server and starts its goroutine; Close stops it.
func New(o Options) (*Server, error) {
	if o.Store == nil || o.Games == nil {
		return nil, ErrNoStore
	}
	tk, err := newTokens(o.Key)
	if err != nil {
		return nil, err
	}
	gt, err := newGuildTokens(o.Key)
	if err != nil {
		return nil, err
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	if o.PageBurst <= 0 {
		o.PageBurst = 60
	}
	if o.PageInterval <= 0 {
		o.PageInterval = time.Second
	}
	if o.MoveBurst <= 0 {
		o.MoveBurst = 20
	}
	if o.MoveInterval <= 0 {
		o.MoveInterval = time.Second
	}
	if o.SignInBurst <= 0 {
		o.SignInBurst = 20
	}
	if o.SignInInterval <= 0 {
		o.SignInInterval = 10 * time.Second
	}
	sl, err := newSealer(o.Key, o.SessionTTL, o.Now)
	if err != nil {
		return nil, err
	}
	if o.Revocations == nil {
		o.Revocations, _ = o.Store.(Revocations)
	}
	origin, err := publicOrigin(o.PublicURL)
	if err != nil {
		return nil, err
	}
	s := &Server{opts: o, tokens: tk, guilds: gt, done: make(chan struct{}), sealer: sl, publicOrigin: origin,
		revocations: newRevocations(o.Revocations, o.RevocationRecheck, o.Now, o.Logger),
		limit:       newLimiter(o.PageBurst, o.PageInterval, o.Now),
		// A replay asks a board a step: ten times the pages' rate.
		plies:   newLimiter(10*o.PageBurst, o.PageInterval/10, o.Now),
		signins: newLimiter(o.SignInBurst, o.SignInInterval, o.Now)}
	s.moveAddr = newLimiter(o.MoveBurst, o.MoveInterval, o.Now)
	s.moveUser = newLimiter(o.MoveBurst, o.MoveInterval, o.Now)
	s.hub = newHub(s.stateEvent)
	if o.ViewerCounts != nil {
		s.hub.publish = o.ViewerCounts.SetViewers
	}
	ctx, cancel := context.WithCancel(context.Background())
	s.stop = cancel
	go func() {
		defer close(s.done)
		s.hub.run(ctx)
	}()
	s.mux = http.NewServeMux()
	s.mux.HandleFunc("GET /g/{token}", s.limited(s.limit, s.page))
	s.mux.HandleFunc("GET /g/{token}/state", s.limited(s.limit, s.state))
	s.mux.HandleFunc("GET /g/{token}/ply/{ply}", s.limited(s.plies, s.ply))
	s.mux.HandleFunc("GET /g/{token}/events", s.limited(s.limit, s.events))
	s.mux.HandleFunc("GET /g/{token}/eval", s.limited(s.limit, s.graph)) // eval.go
	s.mux.HandleFunc("GET /s/{token}", s.limited(s.limit, s.guildPage))  // standings.go
	s.mux.HandleFunc("GET /assets/{name}", s.asset)
	s.mux.HandleFunc("GET /auth/login", s.limited(s.signins, s.login))
	s.mux.HandleFunc("GET /auth/callback", s.limited(s.signins, s.callback))
	s.mux.HandleFunc("GET /auth/me", s.limited(s.limit, s.me))
	s.mux.HandleFunc("POST /auth/logout", s.limited(s.limit, s.logout))
	s.mux.HandleFunc("GET /{$}", s.limited(s.limit, s.activityPage))
	s.mux.HandleFunc("GET /activity", s.limited(s.limit, s.activityPage))
	s.mux.HandleFunc("POST /api/token", s.limited(s.signins, s.apiToken))
	s.mux.HandleFunc("POST /api/session", s.limited(s.signins, s.apiSession))
	s.mux.HandleFunc("GET /api/activity/game", s.limited(s.limit, s.activityGame))
	if s.opts.Identity == nil && o.OAuth.ClientID != "" {
		s.opts.Identity = s // the sessions of the sign-in with Discord
	}
	s.routeMoves() // moves.go
	s.mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) { s.notFound(w, r) })
	return s, nil
}

// Close stops the Server's goroutine and ends the event streams.
func (s *Server) Close() error {
	s.once.Do(func() {
		s.stop()
		<-s.done
	})
	return nil
}

// Path returns the path of game id's page: "/g/" and its token. The bot
// posts the public URL followed by it.
func (s *Server) Path(id uint64) string { return "/g/" + s.tokens.make(id) }

// GameChanged tells the pages watching game id to show its new state. It
// does not wait for them; it is safe to call from any goroutine, and does
// nothing once the Server is closed.
func (s *Server) GameChanged(id uint64) {
	s.tell(change{id: id})
}

// GameRevised tells the pages watching game id of its revision rev,
// committed by any replica (store.Peers): they are shown the new state
// unless they show it already (a change of this process, told by
// GameChanged too); rev 0 is a change without a new revision (an
// evaluation), shown as GameChanged's. Like GameChanged it does not wait
// for the pages.
func (s *Server) GameRevised(id uint64, rev int) {
	s.tell(change{id: id, rev: rev})
}

// ChangesMissed has every page shown its game's state again: changes of
// other replicas may have been missed (store.Peers).
func (s *Server) ChangesMissed() {
	s.tell(change{})
}

func (s *Server) tell(c change) {
	select {
	case s.hub.changed <- c:
	case <-s.done:
	}
}

// ViewersElsewhere tells the pages of game id that the other replicas
// have n pages of it (store.Peers); the count shown is the sum.
func (s *Server) ViewersElsewhere(id uint64, n int) {
	select {
	case s.hub.elsewhere <- viewersElsewhere{id, n}:
	case <-s.done:
	}
}

// Viewers returns how many pages watch game id live: on this replica,
// plus those the others told of (ViewersElsewhere).
func (s *Server) Viewers(id uint64) int {
	q := countReq{id: id, reply: make(chan int, 1)}
	select {
	case s.hub.counts <- q:
		return <-q.reply
	case <-s.done:
		return 0
	}
}

// contentSecurityPolicy allows the page's own script and style only, the
// avatars of Discord's CDN, and framing by Discord's Activity domains.
const contentSecurityPolicy = "default-src 'none'; script-src 'self'; style-src 'self'; " +
	"img-src 'self' data: https://cdn.discordapp.com; connect-src 'self'; base-uri 'none'; " +
	"form-action 'none'; frame-ancestors 'self' https://discord.com https://*.discordsays.com"

// ServeHTTP serves the pages with their security headers.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Security-Policy", contentSecurityPolicy)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Cross-Origin-Opener-Policy", "same-origin")
	serveCompressed(s.mux, w, r) // compress.go
}

func (s *Server) limited(l *limiter, next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if !l.allow(s.limitKey(r)) {
			w.Header().Set("Retry-After", strconv.Itoa(int(l.interval/time.Second)+1))
			http.Error(w, "too many requests", http.StatusTooManyRequests)
			return
		}
		next(w, r)
	}
}

// lookup returns the game of the request's token; false (after writing
// the 404) when the token is not one of this server's or its game is
// gone.
func (s *Server) lookup(w http.ResponseWriter, r *http.Request) (store.Game, bool) {
	id, err := s.tokens.read(r.PathValue("token"))
	if err != nil {
		s.notFound(w, r)
		return store.Game{}, false
	}
	g, err := s.opts.Store.GameByID(r.Context(), id)
	if err != nil {
		if !errors.Is(err, store.ErrNotFound) {
			s.opts.Logger.Warn("web: loading a game", "game", id, "err", err)
		}
		s.notFound(w, r)
		return store.Game{}, false
	}
	return g, true
}

func (s *Server) notFound(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusNotFound)
	_ = pages.ExecuteTemplate(w, "notfound", newPageData(r))
}

func (s *Server) page(w http.ResponseWriter, r *http.Request) {
	g, ok := s.lookup(w, r)
	if !ok {
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	pd := newPageData(r)
	data := struct {
		pageData
		Title   string
		Token   string
		Account account
	}{pageData: pd, Title: heading(s.title(g, pd.Lang)), Token: r.PathValue("token"),
		Account: s.account(r, "/g/"+r.PathValue("token"))}
	if err := pages.ExecuteTemplate(w, "game", data); err != nil {
		s.opts.Logger.Warn("web: writing a page", "err", err)
	}
}

func kindTitle(k game.Kind) string {
	t := string(k)
	if t == "" {
		return "Game"
	}
	return strings.ToUpper(t[:1]) + t[1:]
}

// Player is a seat's player in a State.
type Player struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Avatar string `json:"avatar,omitempty"`
	Color  string `json:"color,omitempty"`
	AI     bool   `json:"ai,omitempty"`
}

// State is what a page shows of a game, as JSON (GET /g/TOKEN/state and
// the events "state").
type State struct {
	Kind     game.Kind   `json:"kind"`
	Terms    game.Terms  `json:"terms,omitempty"`
	Players  [2]Player   `json:"players"`
	Revision int         `json:"revision"`
	Over     bool        `json:"over"`
	Winner   game.Seat   `json:"winner"` // NoSeat for a draw or a game not over
	Reason   string      `json:"reason,omitempty"`
	ToAct    game.Seat   `json:"toAct"` // NoSeat when over
	Now      time.Time   `json:"now"`
	Deadline *time.Time  `json:"deadline,omitempty"`
	MoveTime int64       `json:"moveTime,omitempty"` // seconds
	Viewers  int         `json:"viewers"`
	Board    *game.Board `json:"board,omitempty"` // nil for a game that cannot describe its board
	// Words are the game's words in the page's language (wording.go).
	Words *Words `json:"words,omitempty"`
}

// snapshot makes the State of g.
func (s *Server) snapshot(ctx context.Context, g store.Game, viewers int) State {
	st := State{Kind: g.Kind, Terms: g.Terms, Revision: g.Revision, Now: s.opts.Now().UTC(), Viewers: viewers,
		Winner: game.NoSeat, ToAct: game.NoSeat, MoveTime: int64(g.MoveTime / time.Second)}
	var names map[string]User
	if s.opts.Users != nil {
		names = s.opts.Users.Names(ctx, g.Players[:])
	}
	for i, id := range g.Players {
		p := Player{ID: id, Name: id, AI: id != "" && id == g.AI}
		if u, ok := names[id]; ok {
			p.Name, p.Avatar = u.Name, u.Avatar
		}
		st.Players[i] = p
	}
	if rules, err := s.opts.Games.Get(g.Kind); err == nil && g.State() != nil {
		if bd, ok := rules.(game.Boarded); ok {
			if b, err := bd.Board(g.State()); err == nil {
				st.Board = &b
				for i := range st.Players {
					st.Players[i].Color = b.Colors[i]
				}
			}
		}
	}
	if g.Over() {
		st.Over, st.Reason = true, g.Reason.String()
		if seat, ok := g.Seat(g.Winner); ok {
			st.Winner = seat
		}
	} else if g.State() != nil {
		st.ToAct = g.State().ToAct()
	}
	if d, ok := g.Deadline(); ok {
		d = d.UTC()
		st.Deadline = &d
	}
	return st
}

// stateEvent is the state event of game id in each of the languages, in
// the order of languages: the State marshalled once, each language's
// Words spliced in as its last field.
func (s *Server) stateEvent(ctx context.Context, id uint64, viewers int) ([][]byte, int, error) {
	g, err := s.opts.Store.GameByID(ctx, id)
	if err != nil {
		return nil, 0, err
	}
	st := s.snapshot(ctx, g, viewers)
	b, err := json.Marshal(st) // Words nil: left out
	if err != nil {
		return nil, 0, err
	}
	const head, wordsField, tail = "event: state\ndata: ", `,"words":`, "}\n\n"
	evs := make([][]byte, len(languages))
	for i, lang := range languages {
		w, err := json.Marshal(s.words(g, st, lang))
		if err != nil {
			return nil, 0, err
		}
		ev := make([]byte, 0, len(head)+len(b)+len(wordsField)+len(w)+len(tail))
		ev = append(ev, head...)
		ev = append(ev, b[:len(b)-1]...) // without its closing brace
		ev = append(ev, wordsField...)
		ev = append(ev, w...)
		evs[i] = append(ev, tail...)
	}
	return evs, g.Revision, nil
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	_ = json.NewEncoder(w).Encode(v)
}

func (s *Server) state(w http.ResponseWriter, r *http.Request) {
	g, ok := s.lookup(w, r)
	if !ok {
		return
	}
	st := s.snapshot(r.Context(), g, s.Viewers(g.ID))
	st.Words = s.words(g, st, requestLanguage(r))
	writeJSON(w, st)
}

// ply serves the board after the first n actions, for the replay.
func (s *Server) ply(w http.ResponseWriter, r *http.Request) {
	g, ok := s.lookup(w, r)
	if !ok {
		return
	}
	n, err := strconv.Atoi(r.PathValue("ply"))
	rules, gerr := s.opts.Games.Get(g.Kind)
	bd, boarded := rules.(game.Boarded)
	if err != nil || gerr != nil || !boarded || g.State() == nil {
		s.notFound(w, r)
		return
	}
	b, err := bd.BoardAt(g.State(), n)
	if err != nil {
		s.notFound(w, r)
		return
	}
	writeJSON(w, b)
}

// events streams the game's changes: "state" with the whole State, and
// "viewers" when a page arrives or leaves.
func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	g, ok := s.lookup(w, r)
	if !ok {
		return
	}
	rc := http.NewResponseController(w)
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Accel-Buffering", "no")
	wt := newWatcher(g.ID, slices.Index(languages, requestLanguage(r)))
	select {
	case s.hub.join <- wt:
	case <-s.done:
		return
	}
	defer func() {
		select {
		case s.hub.leave <- wt:
		case <-s.done:
		}
	}()
	if _, err := fmt.Fprint(w, "retry: 2000\n\n"); err != nil {
		return
	}
	_ = rc.Flush()
	for {
		select {
		case <-r.Context().Done():
			return
		case <-wt.done:
			return
		case <-wt.wake:
			if err := wt.write(w); err != nil {
				return
			}
			if err := rc.Flush(); err != nil {
				return
			}
		}
	}
}

// The embedded assets, built from ui/src.
//
//go:embed assets/app.js assets/app.css assets/activity.js
var assetFS embed.FS

// assetNames are the assets' names with their content hash, so that a
// page names the version it was served with and browsers may keep them.
var assetNames = func() struct{ JS, CSS, ActivityJS string } {
	name := func(base, ext string) string {
		b, err := assetFS.ReadFile("assets/" + base + ext)
		if err != nil {
			panic(err)
		}
		sum := sha256.Sum256(b)
		return base + "." + hex.EncodeToString(sum[:6]) + ext
	}
	return struct{ JS, CSS, ActivityJS string }{name("app", ".js"), name("app", ".css"), name("activity", ".js")}
}()

func (s *Server) asset(w http.ResponseWriter, r *http.Request) {
	if !serveAsset(w, r, r.PathValue("name")) { // compress.go
		s.notFound(w, r)
	}
}

var pages = template.Must(template.New("").Parse(`{{define "head"}}<!doctype html>
<html lang="{{.Lang}}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<link rel="stylesheet" href="/assets/{{.CSS}}">{{end}}
{{define "game"}}{{template "head" .}}
<title>{{.Title}}</title>
{{with .Account.CSRF}}<meta name="csrf-token" content="{{.}}">{{end}}
<script type="application/json" id="texts">{{.T}}</script>
<script src="/assets/{{.JS}}" defer></script>
</head><body>
<main id="app" data-token="{{.Token}}">
<header class="bar"><h1 id="title">{{.Title}}</h1><span id="viewers" class="viewers"></span>{{template "account" .Account}}<button id="theme" type="button" aria-label="{{.T.theme}}">◐</button></header>
{{template "board" .}}
</main></body></html>{{end}}
{{define "board"}}<section class="players" id="players"></section>
<p id="status" class="status" aria-live="polite">{{.T.loading}}</p>
<div class="layout">
<div class="boardwrap"><svg id="board" role="img" aria-label="{{.T.board}}"></svg>
<nav class="replay" aria-label="{{.T.replay}}">
<button type="button" id="first" aria-label="{{.T.first}}">«</button><button type="button" id="prev" aria-label="{{.T.prev}}">‹</button>
<span id="plyno" class="plyno"></span>
<button type="button" id="next" aria-label="{{.T.next}}">›</button><button type="button" id="last" aria-label="{{.T.last}}">»</button>
</nav></div>
<div class="side"><h2 id="movesheading" class="movesheading">{{.T.movesHeading}}</h2><ol id="moves" class="moves" aria-labelledby="movesheading"></ol>
<figure id="graph" class="graph" hidden></figure></div>
</div>{{end}}
{{define "notfound"}}{{template "head" .}}
<title>{{.T.notFound}}</title></head><body><main class="notfound"><h1>{{.T.notFound}}</h1><p>{{.T.noGame}}</p></main></body></html>{{end}}`))

func itoa(n int) string { return strconv.Itoa(n) }
