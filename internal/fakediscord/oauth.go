package fakediscord

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"
)

// The OAuth2 side of the fake (sign-in with Discord, authorization code
// flow): the authorize page, which approves at once as the user set by
// SignInAs, the token endpoint, and /users/@me with the access token it
// gave. Discord's OpenAPI description has /users/@me (its OAuth2 security
// scheme, scope identify, and the user's shape, UserPIIResponse) but
// neither the authorize page nor the token endpoint (only as the
// scheme's authorizationUrl and refreshUrl): the fake checks those itself,
// as Discord's documentation describes them (form-encoded; client
// credentials in the form or as HTTP Basic; a code serves once, within
// 10 minutes, with the redirect_uri of its authorization).

// OAuthApp is the application users sign in to.
type OAuthApp struct {
	ClientID     string
	ClientSecret string
	// Redirects are the registered redirect URIs; empty: any.
	Redirects []string
}

// OAuthUser is a Discord user as /users/@me describes it.
type OAuthUser struct {
	ID         string
	Username   string
	GlobalName string // "" for none (JSON null)
	Avatar     string // the avatar's hash, "" for none
}

// OAuthCall is a call to the token endpoint, as the fake saw it: the
// code, whether the fake accepted it and why not (Discord's error code).
type OAuthCall struct {
	Code     string
	Accepted bool
	Error    string
}

type oauthGrant struct {
	user     OAuthUser
	redirect string
	expires  time.Time
	used     bool
}

type oauthState struct {
	mu      sync.Mutex
	app     OAuthApp
	as      *OAuthUser
	deny    bool
	codes   map[string]*oauthGrant
	access  map[string]OAuthUser
	calls   []OAuthCall
	authReq []url.Values
}

// SetOAuthApp sets the application that users sign in to.
func (s *Server) SetOAuthApp(app OAuthApp) {
	s.oauth.mu.Lock()
	defer s.oauth.mu.Unlock()
	s.oauth.app = app
}

// SignInAs makes the authorize page approve at once as u (as a user
// already signed in to Discord who pressed Authorize).
func (s *Server) SignInAs(u OAuthUser) {
	s.oauth.mu.Lock()
	defer s.oauth.mu.Unlock()
	s.oauth.as, s.oauth.deny = &u, false
}

// DenySignIn makes the authorize page answer as a user who pressed
// Cancel: a redirect with error=access_denied.
func (s *Server) DenySignIn() {
	s.oauth.mu.Lock()
	defer s.oauth.mu.Unlock()
	s.oauth.deny = true
}

// AccessToken returns a new access token (scope identify) of u, as the
// token endpoint would give: for a test of a front end that gets its
// token otherwise (the Activity's SDK).
func (s *Server) AccessToken(u OAuthUser) string {
	tok := "at-" + randomHex()
	s.oauth.mu.Lock()
	defer s.oauth.mu.Unlock()
	s.oauth.initLocked()
	s.oauth.access[tok] = u
	return tok
}

// TokenCalls returns the calls to the token endpoint so far.
func (s *Server) TokenCalls() []OAuthCall {
	s.oauth.mu.Lock()
	defer s.oauth.mu.Unlock()
	return slices.Clone(s.oauth.calls)
}

// Authorizations returns the queries of the authorize page's requests.
func (s *Server) Authorizations() []url.Values {
	s.oauth.mu.Lock()
	defer s.oauth.mu.Unlock()
	return slices.Clone(s.oauth.authReq)
}

func (o *oauthState) initLocked() {
	if o.codes == nil {
		o.codes, o.access = map[string]*oauthGrant{}, map[string]OAuthUser{}
	}
}

func randomHex() string {
	var b [16]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// oauthPath returns the path of an OAuth2 request without its /api or
// /api/vN prefix, and whether it is one the fake serves here.
func oauthPath(p string) (string, bool) {
	if rest, ok := strings.CutPrefix(p, "/api"); ok {
		p = apiPrefix.ReplaceAllString(p, "")
		if strings.HasPrefix(rest, "/oauth2/") {
			p = rest
		}
	}
	return p, p == "/oauth2/authorize" || p == "/oauth2/token"
}

// serveOAuth serves the authorize page and the token endpoint; it
// reports false for another request.
func (s *Server) serveOAuth(w http.ResponseWriter, r *http.Request) bool {
	p, ok := oauthPath(r.URL.Path)
	if !ok {
		return false
	}
	switch {
	case p == "/oauth2/authorize" && r.Method == http.MethodGet:
		s.authorize(w, r)
	case p == "/oauth2/token" && r.Method == http.MethodPost:
		s.tokenEndpoint(w, r)
	default:
		w.Header().Set("Allow", "GET, POST")
		http.Error(w, "405: Method Not Allowed", http.StatusMethodNotAllowed)
	}
	return true
}

func (s *Server) authorize(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	o := &s.oauth
	o.mu.Lock()
	defer o.mu.Unlock()
	o.initLocked()
	o.authReq = append(o.authReq, q)
	redirect := q.Get("redirect_uri")
	switch {
	case o.app.ClientID == "" || q.Get("client_id") != o.app.ClientID:
		http.Error(w, "Invalid OAuth2 application: unknown client_id", http.StatusBadRequest)
		return
	case len(o.app.Redirects) > 0 && !slices.Contains(o.app.Redirects, redirect):
		http.Error(w, "Invalid OAuth2 redirect_uri", http.StatusBadRequest)
		return
	case redirect == "":
		http.Error(w, "Invalid OAuth2 redirect_uri: missing", http.StatusBadRequest)
		return
	case q.Get("response_type") != "code":
		http.Error(w, "Invalid response_type: this fake knows code", http.StatusBadRequest)
		return
	case !slices.Contains(strings.Fields(q.Get("scope")), "identify"):
		http.Error(w, "Invalid scope: identify is needed for /users/@me", http.StatusBadRequest)
		return
	}
	u, err := url.Parse(redirect)
	if err != nil {
		http.Error(w, "Invalid OAuth2 redirect_uri", http.StatusBadRequest)
		return
	}
	back := url.Values{}
	if st := q.Get("state"); st != "" {
		back.Set("state", st)
	}
	switch {
	case o.deny:
		back.Set("error", "access_denied")
		back.Set("error_description", "The resource owner or authorization server denied the request")
	case o.as == nil:
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, "<!doctype html><title>Discord</title><p>fakediscord: no user is signed in (call SignInAs)</p>")
		return
	default:
		code := "code-" + randomHex()
		o.codes[code] = &oauthGrant{user: *o.as, redirect: redirect, expires: time.Now().Add(10 * time.Minute)}
		back.Set("code", code)
	}
	u.RawQuery = back.Encode()
	http.Redirect(w, r, u.String(), http.StatusFound)
}

func (s *Server) tokenEndpoint(w http.ResponseWriter, r *http.Request) {
	o := &s.oauth
	fail := func(status int, code, desc string, c string) {
		o.calls = append(o.calls, OAuthCall{Code: c, Error: code})
		writeJSONStatus(w, status, map[string]string{"error": code, "error_description": desc})
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	o.initLocked()
	if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/x-www-form-urlencoded") {
		fail(http.StatusBadRequest, "invalid_request", "the body must be application/x-www-form-urlencoded", "")
		return
	}
	if err := r.ParseForm(); err != nil {
		fail(http.StatusBadRequest, "invalid_request", "malformed form", "")
		return
	}
	f := r.PostForm
	code := f.Get("code")
	id, secret := f.Get("client_id"), f.Get("client_secret")
	if bid, bsecret, ok := r.BasicAuth(); ok {
		id, secret = bid, bsecret
	}
	if o.app.ClientID == "" || id != o.app.ClientID || secret != o.app.ClientSecret {
		fail(http.StatusUnauthorized, "invalid_client", "Invalid client_id or client_secret", code)
		return
	}
	if f.Get("grant_type") != "authorization_code" {
		fail(http.StatusBadRequest, "unsupported_grant_type", "this fake knows authorization_code", code)
		return
	}
	g, ok := o.codes[code]
	switch {
	case !ok || g.used || time.Now().After(g.expires):
		fail(http.StatusBadRequest, "invalid_grant", `Invalid "code" in request.`, code)
		return
	case f.Get("redirect_uri") != g.redirect:
		g.used = true
		fail(http.StatusBadRequest, "invalid_grant", `Invalid "redirect_uri" in request.`, code)
		return
	}
	g.used = true
	tok := "at-" + randomHex()
	o.access[tok] = g.user
	o.calls = append(o.calls, OAuthCall{Code: code, Accepted: true})
	writeJSONStatus(w, http.StatusOK, map[string]any{"access_token": tok, "token_type": "Bearer",
		"expires_in": 604800, "refresh_token": "rt-" + randomHex(), "scope": "identify"})
}

// oauthMe answers GET /users/@me with a Bearer access token (the
// UserPIIResponse of the description); it reports false for another
// Authorization (the bot's).
func (s *Server) oauthMe(w http.ResponseWriter, r *http.Request) bool {
	auth := r.Header.Get("Authorization")
	tok, ok := strings.CutPrefix(auth, "Bearer ")
	if !ok {
		return false
	}
	s.oauth.mu.Lock()
	u, ok := s.oauth.access[tok]
	s.oauth.mu.Unlock()
	if !ok {
		writeJSONStatus(w, http.StatusUnauthorized, map[string]any{"message": "401: Unauthorized", "code": 0})
		return true
	}
	var global, avatar any
	if u.GlobalName != "" {
		global = u.GlobalName
	}
	if u.Avatar != "" {
		avatar = u.Avatar
	}
	writeJSONStatus(w, http.StatusOK, map[string]any{"id": u.ID, "username": u.Username, "avatar": avatar,
		"discriminator": "0", "public_flags": 0, "flags": 0, "global_name": global, "mfa_enabled": false, "locale": "en-US"})
	return true
}

func writeJSONStatus(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}
