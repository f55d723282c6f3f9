package web

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"
)

// OAuth is the Discord application that users sign in with (OAuth2
// authorization code flow, scope identify). Its redirect URL, to
// register in the Developer Portal (OAuth2 > Redirects), is the board's
// public URL followed by /auth/callback.
type OAuth struct {
	// ClientID is the application's ID; "" turns sign-in off.
	ClientID string
	// ClientSecret is the application's client secret; never logged nor
	// sent anywhere but Discord's token endpoint.
	ClientSecret string
	// APIURL replaces https://discord.com (the authorize page, the token
	// endpoint and /users/@me), for a test's fake Discord.
	APIURL string
	// Client makes the calls to Discord (default: a client with a 10 s
	// timeout).
	Client *http.Client
	// BotToken is the bot's token, with which the Activity asks Discord
	// who is in an Activity instance (activity.go); never logged. ""
	// refuses the Activity's game lookup.
	BotToken string
}

// Errors of signing in, wrapped with details.
var (
	// ErrBadState refuses a callback whose state is missing, wrong,
	// expired or already used: the sign-in did not start from this
	// browser just before.
	ErrBadState = errors.New("web: the sign-in's state does not match this browser's")
	// ErrDiscord is a refusal or a failure of Discord's token endpoint or
	// /users/@me (such as a reused or expired code).
	ErrDiscord = errors.New("web: Discord refused the sign-in")
)

// stateTTL is how long a sign-in may take between /auth/login and the
// callback.
const stateTTL = 10 * time.Minute

// maxNext bounds the length of the path a sign-in returns to.
const maxNext = 512

// safeNext returns next when it is a path of this site ("/..."), else
// "/": no scheme, no host, no "//" nor "/\" (which browsers read as
// another host), no control characters, so that a sign-in never
// redirects elsewhere.
func safeNext(next string) string {
	if next == "" || len(next) > maxNext || next[0] != '/' {
		return "/"
	}
	if len(next) > 1 && (next[1] == '/' || next[1] == '\\') {
		return "/"
	}
	for _, c := range next {
		if c < 0x20 || c == 0x7f || c == '\\' {
			return "/"
		}
	}
	u, err := url.Parse(next)
	if err != nil || u.Scheme != "" || u.Host != "" || u.User != nil || u.Opaque != "" {
		return "/"
	}
	return next
}

// signinState is a sign-in under way, sealed in the pre-session cookie:
// the random state sent to Discord, its expiry and the path to return to.
type signinState struct {
	State   string
	Expires time.Time
	Next    string
}

func (sl *sealer) sealState(st signinState) string {
	b := make([]byte, 0, 8+1+len(st.State)+len(st.Next))
	b = binary.BigEndian.AppendUint64(b, uint64(st.Expires.Unix()))
	b = append(b, byte(len(st.State)))
	b = append(b, st.State...)
	b = append(b, st.Next...)
	return sl.seal("signin", b)
}

func (sl *sealer) openState(s string) (signinState, error) {
	b, err := sl.open("signin", s)
	if err != nil || len(b) < 9 || len(b) < 9+int(b[8]) {
		return signinState{}, ErrBadState
	}
	n := int(b[8])
	st := signinState{Expires: time.Unix(int64(binary.BigEndian.Uint64(b[:8])&(1<<40-1)), 0),
		State: string(b[9 : 9+n]), Next: safeNext(string(b[9+n:]))}
	if !sl.now().Before(st.Expires) {
		return signinState{}, fmt.Errorf("%w: expired", ErrBadState)
	}
	return st, nil
}

// usedStates remembers the states of the callbacks served until they
// expire, so that a state serves once (on this replica; the cookie that
// holds it is cleared too).
type usedStates struct {
	mu   sync.Mutex
	seen map[[32]byte]time.Time
}

// use reports whether state was unused, and marks it used until expires.
func (u *usedStates) use(state string, expires, now time.Time) bool {
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.seen == nil {
		u.seen = map[[32]byte]time.Time{}
	}
	for k, exp := range u.seen {
		if !now.Before(exp) {
			delete(u.seen, k)
		}
	}
	k := sha256.Sum256([]byte(state))
	if _, ok := u.seen[k]; ok {
		return false
	}
	u.seen[k] = expires
	return true
}

func (o *OAuth) base() string {
	if o.APIURL != "" {
		return strings.TrimSuffix(o.APIURL, "/")
	}
	return "https://discord.com"
}

// redirectURI is the sign-in's redirect URL: the public URL (or the
// request's origin) followed by /auth/callback.
func (s *Server) redirectURI(r *http.Request) string {
	if s.opts.PublicURL != "" {
		return strings.TrimSuffix(s.opts.PublicURL, "/") + "/auth/callback"
	}
	return s.origin(r) + "/auth/callback"
}

// login starts a sign-in: GET /auth/login?next=PATH sets the pre-session
// cookie holding a new state and redirects to Discord's authorize page.
func (s *Server) login(w http.ResponseWriter, r *http.Request) {
	if s.opts.OAuth.ClientID == "" {
		s.refuse(w, r, http.StatusNotFound, "signinOff", "/")
		return
	}
	var raw [24]byte
	rand.Read(raw[:])
	st := signinState{State: base64.RawURLEncoding.EncodeToString(raw[:]),
		Expires: s.opts.Now().Add(stateTTL), Next: safeNext(r.URL.Query().Get("next"))}
	s.setCookie(w, r, stateCookie, s.sealer.sealState(st), stateTTL)
	q := url.Values{"response_type": {"code"}, "client_id": {s.opts.OAuth.ClientID}, "scope": {"identify"},
		"state": {st.State}, "redirect_uri": {s.redirectURI(r)}, "prompt": {"none"}}
	w.Header().Set("Cache-Control", "no-store")
	http.Redirect(w, r, s.opts.OAuth.base()+"/oauth2/authorize?"+q.Encode(), http.StatusFound)
}

// callback ends a sign-in: GET /auth/callback?code=...&state=... checks
// the state against the pre-session cookie (and clears it: a state
// serves once), exchanges the code, fetches the user and sets the
// session cookie, then redirects to the path the sign-in started from.
func (s *Server) callback(w http.ResponseWriter, r *http.Request) {
	if s.opts.OAuth.ClientID == "" {
		s.refuse(w, r, http.StatusNotFound, "signinOff", "/")
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	q := r.URL.Query()
	c, cerr := r.Cookie(s.cookieName(r, stateCookie))
	s.setCookie(w, r, stateCookie, "", 0)
	if cerr != nil {
		s.refuse(w, r, http.StatusForbidden, "signinStale", "/")
		return
	}
	st, err := s.sealer.openState(c.Value)
	got := q.Get("state")
	if err != nil || len(got) != len(st.State) || subtle.ConstantTimeCompare([]byte(got), []byte(st.State)) != 1 ||
		!s.used.use(st.State, st.Expires, s.opts.Now()) {
		s.refuse(w, r, http.StatusForbidden, "signinStale", st.Next)
		return
	}
	if e := q.Get("error"); e != "" {
		s.refuse(w, r, http.StatusForbidden, "signinDenied", st.Next)
		return
	}
	code := q.Get("code")
	if code == "" || len(code) > 256 {
		s.refuse(w, r, http.StatusBadRequest, "signinNoCode", st.Next)
		return
	}
	access, err := s.exchange(r.Context(), code, s.redirectURI(r))
	if err != nil {
		s.opts.Logger.Info("web: a sign-in refused", "err", err)
		s.refuse(w, r, http.StatusForbidden, "signinExchange", st.Next)
		return
	}
	tok, _, _, err := s.openSession(r.Context(), access)
	if err != nil {
		s.opts.Logger.Info("web: a sign-in refused", "err", err)
		s.refuse(w, r, http.StatusForbidden, "signinWhoAreYou", st.Next)
		return
	}
	s.setCookie(w, r, sessionCookie, tok, s.sealer.ttl)
	http.Redirect(w, r, st.Next, http.StatusSeeOther)
}

// exchange trades an authorization code for an access token at
// Discord's token endpoint.
func (s *Server) exchange(ctx context.Context, code, redirect string) (string, error) {
	form := url.Values{"grant_type": {"authorization_code"}, "code": {code},
		"client_id": {s.opts.OAuth.ClientID}, "client_secret": {s.opts.OAuth.ClientSecret}}
	if redirect != "" { // an Activity's code has no redirect URI
		form.Set("redirect_uri", redirect)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.opts.OAuth.base()+"/api/v10/oauth2/token", strings.NewReader(form.Encode()))
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	var out struct {
		AccessToken string `json:"access_token"`
		TokenType   string `json:"token_type"`
		Scope       string `json:"scope"`
	}
	if err := s.discordJSON(req, &out); err != nil {
		return "", fmt.Errorf("token endpoint: %w", err)
	}
	if out.AccessToken == "" || !strings.EqualFold(out.TokenType, "bearer") {
		return "", fmt.Errorf("%w: token endpoint: no bearer access token", ErrDiscord)
	}
	return out.AccessToken, nil
}

// discordJSON makes the call req and decodes its JSON answer into out;
// an answer other than 200 is ErrDiscord with the status and Discord's
// error code (never the request, which holds secrets).
func (s *Server) discordJSON(req *http.Request, out any) error {
	client := s.opts.OAuth.Client
	if client == nil {
		client = defaultClient
	}
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", "DiscordBot (https://github.com/veletasbot/veletas, 1) veletas-web")
	resp, err := client.Do(req)
	if err != nil {
		return fmt.Errorf("%w: %w", ErrDiscord, errors.Unwrap(err))
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if err != nil {
		return fmt.Errorf("%w: reading the answer: %w", ErrDiscord, err)
	}
	if resp.StatusCode != http.StatusOK {
		var e struct {
			Error   string `json:"error"`
			Message string `json:"message"`
		}
		_ = json.Unmarshal(body, &e)
		return fmt.Errorf("%w: HTTP %d %s%s", ErrDiscord, resp.StatusCode, clip(e.Error), clip(e.Message))
	}
	if err := json.Unmarshal(body, out); err != nil {
		return fmt.Errorf("%w: the answer is not JSON: %w", ErrDiscord, err)
	}
	return nil
}

var defaultClient = &http.Client{Timeout: 10 * time.Second}

// discordUser is what /users/@me answers (the fields the board uses).
type discordUser struct {
	ID         string  `json:"id"`
	Username   string  `json:"username"`
	GlobalName *string `json:"global_name"`
	Avatar     *string `json:"avatar"`
}

func (u discordUser) viewer() Viewer {
	v := Viewer{UserID: u.ID, Name: u.Username}
	if u.GlobalName != nil && *u.GlobalName != "" {
		v.Name = *u.GlobalName
	}
	if u.Avatar != nil && *u.Avatar != "" && safeAvatarHash(*u.Avatar) {
		v.Avatar = "https://cdn.discordapp.com/avatars/" + url.PathEscape(u.ID) + "/" + *u.Avatar + ".png?size=64"
	}
	return v
}

func safeAvatarHash(h string) bool {
	if len(h) > 64 {
		return false
	}
	for _, c := range h {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c == '_') {
			return false
		}
	}
	return true
}

// openSession opens a session for the Discord user whose OAuth2 access
// token (scope identify) is accessToken: it fetches the user from
// Discord's /users/@me with that token and returns the session token, to
// send as "Authorization: Bearer TOKEN" (or held in the session cookie
// on the web), the session's CSRF token, to send in X-CSRF-Token with
// every state-changing request, and the user. The Activity calls it with
// the access token its page obtained from the Embedded App SDK's
// authorize and the token exchange; the web's sign-in calls it after its
// own exchange. The access token is not kept. Errors wrap ErrDiscord.
func (s *Server) openSession(ctx context.Context, accessToken string) (token, csrf string, v Viewer, err error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, s.opts.OAuth.base()+"/api/v10/users/@me", nil)
	if err != nil {
		return "", "", Viewer{}, err
	}
	req.Header.Set("Authorization", "Bearer "+accessToken)
	var u discordUser
	if err := s.discordJSON(req, &u); err != nil {
		return "", "", Viewer{}, fmt.Errorf("users/@me: %w", err)
	}
	if u.ID == "" || len(u.ID) > 32 || strings.Trim(u.ID, "0123456789") != "" {
		return "", "", Viewer{}, fmt.Errorf("%w: users/@me: no user ID", ErrDiscord)
	}
	ss, tok := s.sealer.newSession(u.viewer())
	return tok, s.sealer.csrfToken(ss), ss.Viewer, nil
}

// Me is the JSON of GET /auth/me: the signed-in user and the session's
// CSRF token, or SignedIn false (and SignIn, the sign-in link, when
// sign-in is on).
type Me struct {
	SignedIn bool    `json:"signedIn"`
	User     *MeUser `json:"user,omitempty"`
	CSRF     string  `json:"csrf,omitempty"`
	SignIn   string  `json:"signIn,omitempty"`
}

// MeUser is the user in Me.
type MeUser struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Avatar string `json:"avatar,omitempty"`
}

// me serves GET /auth/me.
func (s *Server) me(w http.ResponseWriter, r *http.Request) {
	ss, _, err := s.sessionOf(r)
	if err != nil {
		m := Me{}
		if s.opts.OAuth.ClientID != "" {
			m.SignIn = "/auth/login"
		}
		writeJSON(w, m)
		return
	}
	writeJSON(w, Me{SignedIn: true, User: &MeUser{ID: ss.Viewer.UserID, Name: ss.Viewer.Name, Avatar: ss.Viewer.Avatar},
		CSRF: s.sealer.csrfToken(ss)})
}

// logout serves POST /auth/logout (with the CSRF header; the session in
// the cookie or, the Activity's, as a bearer token): it ends the session
// for every replica (revocation.go), then clears the cookie. When the
// store cannot record it, it answers 503 and the session goes on.
func (s *Server) logout(w http.ResponseWriter, r *http.Request) {
	ss, _, err := s.sessionOf(r)
	if err != nil {
		s.setCookie(w, r, sessionCookie, "", 0)
		w.WriteHeader(http.StatusNoContent)
		return
	}
	if err := s.CheckCSRF(r, ss.Viewer); err != nil {
		http.Error(w, "forbidden: "+strings.TrimPrefix(err.Error(), "web: "), http.StatusForbidden)
		return
	}
	if err := s.revocations.revoke(r.Context(), ss); err != nil {
		s.opts.Logger.Warn("web: recording a sign-out", "user", ss.Viewer.UserID, "err", err)
		w.Header().Set("Retry-After", "5")
		http.Error(w, "the sign-out could not be recorded: try again in a moment", http.StatusServiceUnavailable)
		return
	}
	s.setCookie(w, r, sessionCookie, "", 0)
	w.WriteHeader(http.StatusNoContent)
}

// refuse writes a page saying why a sign-in was refused (the text of
// key, texts.go, in the request's language), with a link back to where
// it started.
func (s *Server) refuse(w http.ResponseWriter, r *http.Request, status int, key, back string) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	p := newPageData(r)
	_ = signinPages.ExecuteTemplate(w, "refused", struct {
		pageData
		Message, Back string
	}{p, text(p.Lang, key), safeNext(back)})
}

var signinPages = template.Must(template.Must(pages.Clone()).Parse(`{{define "refused"}}{{template "head" .}}
<title>{{.T.signinRefused}}</title></head><body><main class="notfound"><h1>{{.T.signinRefused}}</h1><p id="reason">{{.Message}}</p><p><a href="{{.Back}}">{{.T.back}}</a></p></main></body></html>{{end}}`))

// account is what a page shows of its viewer: the signed-in user (and
// the session's CSRF token, in a meta element), or the sign-in link.
type account struct {
	Viewer  *Viewer
	Initial string // the name's first letter, shown without an avatar
	CSRF    string
	SignIn  string            // "" when sign-in is off
	T       map[string]string // the page's texts
}

// account returns request r's account for a page at path here.
func (s *Server) account(r *http.Request, here string) account {
	t := pageTexts(requestLanguage(r))
	if ss, _, err := s.sessionOf(r); err == nil {
		initial := "?"
		for _, r := range ss.Viewer.Name {
			initial = strings.ToUpper(string(r))
			break
		}
		return account{Viewer: &ss.Viewer, Initial: initial, CSRF: s.sealer.csrfToken(ss), T: t}
	}
	if s.opts.OAuth.ClientID == "" {
		return account{T: t}
	}
	return account{SignIn: "/auth/login?" + url.Values{"next": {here}}.Encode(), T: t}
}

var _ = template.Must(pages.Parse(`{{define "account"}}{{if .Viewer}}<span id="account" class="account">
{{- with .Viewer.Avatar}}<img class="avatar" src="{{.}}" alt="" width="24" height="24">{{else}}<span class="avatar none" aria-hidden="true">{{.Initial}}</span>{{end -}}
<span id="me" class="me">{{.Viewer.Name}}</span><button id="signout" type="button">{{.T.signOut}}</button></span>
{{- else if .SignIn}}<a id="signin" class="signin" href="{{.SignIn}}">{{.T.signIn}}</a>{{end}}{{end}}`))
