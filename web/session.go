package web

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"
)

// A session is what signing in with Discord gives: a sealed token held
// by the browser in a cookie (on the web) or sent as
// "Authorization: Bearer TOKEN" (by the Activity, inside Discord's iframe,
// where third-party cookies are unreliable). The token is sealed with
// AES-256-GCM under a key derived from the server's key, so that every
// replica sharing the key reads it: it carries the user, its expiry and
// a random session ID from which the session's CSRF token is derived
// (HMAC under another derived key). Only a session ended by signing out
// is stored, by its ID (revocation.go). The keys are never logged nor
// sent.

// DefaultSessionTTL is how long a session lasts without Options.SessionTTL.
const DefaultSessionTTL = 7 * 24 * time.Hour

// Errors reading a sealed token (a session or a sign-in's state).
var (
	// ErrBadSession is a session token that this server did not make, or
	// that was changed, or cannot be parsed.
	ErrBadSession = errors.New("web: bad session token")
	// ErrSessionExpired is a session token past its expiry.
	ErrSessionExpired = errors.New("web: session expired")
	// ErrSessionRevoked is a session ended by signing out (on any
	// replica sharing the store), or one whose revocation could not be
	// checked.
	ErrSessionRevoked = errors.New("web: session ended")
)

// session is a session token's content.
type session struct {
	ID      [16]byte  // random; the CSRF token is derived from it
	Expires time.Time // unix seconds
	Viewer  Viewer
}

// sessionPrefix starts every session token (its format's version).
const sessionPrefix = "s1."

// maxSessionToken bounds a session token's length (a cookie is 4 KB).
const maxSessionToken = 2048

// maxField bounds each text field of a session (ID, name, avatar URL).
const maxField = 255

// sealer seals and opens the session tokens and the sign-ins' states.
type sealer struct {
	aead cipher.AEAD
	csrf []byte // the CSRF tokens' HMAC key
	ttl  time.Duration
	now  func() time.Time
}

func newSealer(key []byte, ttl time.Duration, now func() time.Time) (*sealer, error) {
	if len(key) < MinKeyBytes {
		return nil, fmt.Errorf("%w: %d bytes, want at least %d", ErrShortKey, len(key), MinKeyBytes)
	}
	block, err := aes.NewCipher(derive(key, "web/session/aead"))
	if err != nil {
		return nil, err
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	if ttl <= 0 {
		ttl = DefaultSessionTTL
	}
	return &sealer{aead: aead, csrf: derive(key, "web/session/csrf"), ttl: ttl, now: now}, nil
}

// seal enciphers plain with the purpose as associated data, so that a
// state cannot pass for a session: base64url(nonce | ciphertext).
func (sl *sealer) seal(purpose string, plain []byte) string {
	nonce := make([]byte, sl.aead.NonceSize(), sl.aead.NonceSize()+len(plain)+sl.aead.Overhead())
	rand.Read(nonce)
	return base64.RawURLEncoding.EncodeToString(sl.aead.Seal(nonce, nonce, plain, []byte(purpose)))
}

// open is seal's inverse.
func (sl *sealer) open(purpose, s string) ([]byte, error) {
	if len(s) > maxSessionToken {
		return nil, ErrBadSession
	}
	raw, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil || len(raw) < sl.aead.NonceSize()+sl.aead.Overhead() {
		return nil, ErrBadSession
	}
	n := sl.aead.NonceSize()
	plain, err := sl.aead.Open(nil, raw[:n], raw[n:], []byte(purpose))
	if err != nil {
		return nil, ErrBadSession
	}
	return plain, nil
}

// newSession returns a new session of v and its token.
func (sl *sealer) newSession(v Viewer) (session, string) {
	ss := session{Expires: sl.now().Add(sl.ttl).Truncate(time.Second), Viewer: v}
	rand.Read(ss.ID[:])
	return ss, sessionPrefix + sl.seal("session", encodeSession(ss))
}

// readSession opens a session token and checks its expiry.
func (sl *sealer) readSession(tok string) (session, error) {
	body, ok := strings.CutPrefix(tok, sessionPrefix)
	if !ok {
		return session{}, ErrBadSession
	}
	plain, err := sl.open("session", body)
	if err != nil {
		return session{}, err
	}
	ss, err := decodeSession(plain)
	if err != nil {
		return session{}, err
	}
	if !sl.now().Before(ss.Expires) {
		return session{}, ErrSessionExpired
	}
	return ss, nil
}

// csrfToken is the CSRF token of session ss: what its page sends in
// X-CSRF-Token.
func (sl *sealer) csrfToken(ss session) string {
	h := hmac.New(sha256.New, sl.csrf)
	h.Write(ss.ID[:])
	return base64.RawURLEncoding.EncodeToString(h.Sum(nil)[:18])
}

// checkCSRFToken reports whether got is session ss's CSRF token.
func (sl *sealer) checkCSRFToken(ss session, got string) bool {
	want := sl.csrfToken(ss)
	return len(got) == len(want) && subtle.ConstantTimeCompare([]byte(got), []byte(want)) == 1
}

// encodeSession is a session's plain text: the ID, the expiry (8 bytes,
// unix seconds), then the user's ID, name and avatar, each a length byte
// and its bytes.
func encodeSession(ss session) []byte {
	b := make([]byte, 0, 16+8+3+len(ss.Viewer.UserID)+len(ss.Viewer.Name)+len(ss.Viewer.Avatar))
	b = append(b, ss.ID[:]...)
	b = binary.BigEndian.AppendUint64(b, uint64(ss.Expires.Unix()))
	for _, f := range []string{ss.Viewer.UserID, ss.Viewer.Name, ss.Viewer.Avatar} {
		f = clip(f)
		b = append(b, byte(len(f)))
		b = append(b, f...)
	}
	return b
}

// clip cuts s to maxField bytes on a rune boundary.
func clip(s string) string {
	if len(s) <= maxField {
		return s
	}
	s = s[:maxField]
	for len(s) > 0 && !utf8.ValidString(s) {
		s = s[:len(s)-1]
	}
	return s
}

// decodeSession is encodeSession's inverse; it refuses trailing bytes,
// a field that is not UTF-8 and a session without a user ID.
func decodeSession(b []byte) (session, error) {
	var ss session
	if len(b) < 16+8 {
		return ss, ErrBadSession
	}
	copy(ss.ID[:], b[:16])
	exp := binary.BigEndian.Uint64(b[16:24])
	if exp > 1<<40 {
		return ss, ErrBadSession
	}
	ss.Expires = time.Unix(int64(exp), 0)
	b = b[24:]
	var fields [3]string
	for i := range fields {
		if len(b) < 1 || len(b) < 1+int(b[0]) {
			return ss, ErrBadSession
		}
		n := int(b[0])
		fields[i] = string(b[1 : 1+n])
		if !utf8.ValidString(fields[i]) {
			return ss, ErrBadSession
		}
		b = b[1+n:]
	}
	if len(b) != 0 || fields[0] == "" {
		return ss, ErrBadSession
	}
	ss.Viewer = Viewer{UserID: fields[0], Name: fields[1], Avatar: fields[2]}
	return ss, nil
}

// The cookies. Over https they carry the __Host- prefix (Secure, Path=/,
// no Domain: no subdomain nor plain-http page can set them); on a plain
// http loopback address (tests and trying the bot on one's machine,
// where browsers refuse Secure cookies from http) they are neither
// Secure nor prefixed.
const (
	sessionCookie = "veletas_session"
	stateCookie   = "veletas_signin"
	hostPrefix    = "__Host-"
)

// cookieName is the name of cookie base for request r.
func (s *Server) cookieName(r *http.Request, base string) string {
	if s.secureCookies(r) {
		return hostPrefix + base
	}
	return base
}

// secureCookies reports whether cookies are Secure: unless the public
// URL (or, without one, the request) is plain http on a loopback host.
func (s *Server) secureCookies(r *http.Request) bool {
	origin := s.origin(r)
	rest, ok := strings.CutPrefix(origin, "http://")
	if !ok {
		return true
	}
	host := rest
	if h, _, found := strings.Cut(rest, ":"); found && !strings.HasPrefix(rest, "[") {
		host = h
	} else if strings.HasPrefix(rest, "[") {
		host, _, _ = strings.Cut(rest[1:], "]")
	}
	return !isLoopbackHost(host)
}

func (s *Server) setCookie(w http.ResponseWriter, r *http.Request, base, value string, maxAge time.Duration) {
	c := &http.Cookie{Name: s.cookieName(r, base), Value: value, Path: "/", HttpOnly: true,
		Secure: s.secureCookies(r), SameSite: http.SameSiteLaxMode}
	if maxAge > 0 {
		c.MaxAge = int(maxAge / time.Second)
	} else {
		c.MaxAge = -1
	}
	http.SetCookie(w, c)
}

// bearer returns the token of an "Authorization: Bearer" header.
func bearer(r *http.Request) (string, bool) {
	h := r.Header.Get("Authorization")
	if len(h) < 7 || !strings.EqualFold(h[:7], "bearer ") {
		return "", false
	}
	return strings.TrimSpace(h[7:]), true
}

// sessionOf returns the session of request r, from its Authorization
// header (fromHeader true) or else its cookie. A request whose header
// holds a bad token has no session, whatever its cookie.
func (s *Server) sessionOf(r *http.Request) (ss session, fromHeader bool, err error) {
	if tok, ok := bearer(r); ok {
		ss, err = s.sealer.readSession(tok)
		if err == nil {
			err = s.revocations.check(r.Context(), ss)
		}
		return ss, true, err
	}
	c, err := r.Cookie(s.cookieName(r, sessionCookie))
	if err != nil {
		return session{}, false, ErrSignedOut
	}
	ss, err = s.sealer.readSession(c.Value)
	if err == nil {
		err = s.revocations.check(r.Context(), ss)
	}
	return ss, false, err
}

// Viewer returns the signed-in user of r (Identity).
func (s *Server) Viewer(r *http.Request) (Viewer, bool) {
	ss, _, err := s.sessionOf(r)
	if err != nil {
		return Viewer{}, false
	}
	return ss.Viewer, true
}

var _ Identity = (*Server)(nil)
