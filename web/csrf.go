package web

import (
	"errors"
	"fmt"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
)

// CSRFHeader is the header in which a page sends its session's CSRF
// token with every state-changing request. The page finds the token in
// its <meta name="csrf-token"> or in GET /auth/me.
const CSRFHeader = "X-CSRF-Token"

// CheckCSRF returns ErrCSRF (wrapped, with what is wrong) unless the
// state-changing request r proves that it comes from a page of v's
// session (Identity):
//
//   - its session (cookie or bearer) is v's, and X-CSRF-Token is the
//     session's CSRF token;
//   - with a cookie session (which a browser attaches by itself), its
//     Sec-Fetch-Site, when sent, is same-origin, and its Origin, when
//     sent, is the board's own. A bearer token is never attached by a
//     browser by itself, so a request carrying one is not forged by
//     another site: the Activity's requests come through Discord's proxy
//     with Discord's origin.
func (s *Server) CheckCSRF(r *http.Request, v Viewer) error {
	ss, fromHeader, err := s.sessionOf(r)
	if err != nil {
		return fmt.Errorf("%w: no session (%w)", ErrCSRF, err)
	}
	if ss.Viewer.UserID != v.UserID {
		return fmt.Errorf("%w: the session is another user's", ErrCSRF)
	}
	if !fromHeader {
		if site := r.Header.Get("Sec-Fetch-Site"); site != "" && site != "same-origin" {
			return fmt.Errorf("%w: Sec-Fetch-Site %q", ErrCSRF, site)
		}
		if o := r.Header.Get("Origin"); o != "" && !strings.EqualFold(o, s.origin(r)) {
			return fmt.Errorf("%w: origin %q", ErrCSRF, o)
		}
	}
	if !s.sealer.checkCSRFToken(ss, r.Header.Get(CSRFHeader)) {
		return fmt.Errorf("%w: missing or wrong %s header", ErrCSRF, CSRFHeader)
	}
	return nil
}

// origin is the board's origin: Options.PublicURL's, else (tests, a
// board reached directly) the request's scheme and Host.
func (s *Server) origin(r *http.Request) string {
	if s.publicOrigin != "" {
		return s.publicOrigin
	}
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	return scheme + "://" + r.Host
}

// isLoopbackHost reports whether host is localhost or a loopback IP.
func isLoopbackHost(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip, err := netip.ParseAddr(host)
	return err == nil && ip.IsLoopback()
}

// ErrPublicURL is returned by New for an Options.PublicURL that is not an
// absolute http(s) URL.
var ErrPublicURL = errors.New("web: the public URL must be an absolute http(s) URL, such as https://bot.example.org")

// publicOrigin is the origin (scheme://host[:port], lower case) of the
// public URL u; "" for "".
func publicOrigin(u string) (string, error) {
	if u == "" {
		return "", nil
	}
	p, err := url.Parse(u)
	if err != nil || (p.Scheme != "http" && p.Scheme != "https") || p.Host == "" {
		return "", fmt.Errorf("%w: %q", ErrPublicURL, u)
	}
	return strings.ToLower(p.Scheme + "://" + p.Host), nil
}

// CSRFToken is the CSRF token of r's session ("" without one): the pages
// send it back in CSRFHeader.
func (s *Server) CSRFToken(r *http.Request) string {
	ss, _, err := s.sessionOf(r)
	if err != nil {
		return ""
	}
	return s.sealer.csrfToken(ss)
}

var _ CSRFTokener = (*Server)(nil)
