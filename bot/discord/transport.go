package discord

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"regexp"
	"strings"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
)

// RouteDiscordgoLogs sends discordgo's own log lines (a package-wide
// setting) to logger instead of the standard log package, with token, if
// it ever appears, replaced by "[token]".
func RouteDiscordgoLogs(logger *slog.Logger, token string) {
	token = strings.TrimPrefix(token, "Bot ")
	discordgo.Logger = func(msgL, caller int, format string, a ...any) {
		level := slog.LevelDebug
		switch msgL {
		case discordgo.LogError:
			level = slog.LevelError
		case discordgo.LogWarning:
			level = slog.LevelWarn
		case discordgo.LogInformational:
			level = slog.LevelInfo
		}
		msg := fmt.Sprintf(format, a...)
		if token != "" {
			msg = strings.ReplaceAll(msg, token, "[token]")
		}
		logger.Log(context.Background(), level, "discordgo: "+strings.TrimSpace(msg))
	}
}

// RewriteTransport sends the requests that discordgo addresses to
// https://discord.com/api/... to another server instead, keeping the
// /api/vN/... path (after the base URL's own path prefix, if any).
type RewriteTransport struct {
	Base *url.URL // such as http://127.0.0.1:8080 or https://proxy.example/discord
	Next http.RoundTripper
}

var apiVersionSuffix = regexp.MustCompile(`/api(/v[0-9]+)?/?$`)

// NewRewriteTransport parses base (http or https; a trailing /api or
// /api/vN is dropped, since discordgo adds its own) for a RewriteTransport
// over next (http.DefaultTransport when nil).
func NewRewriteTransport(base string, next http.RoundTripper) (*RewriteTransport, error) {
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("discord: DISCORD_API_URL must be an http(s) URL such as http://127.0.0.1:8080, not %q", clipRunes(base, 60))
	}
	if u.User != nil || u.RawQuery != "" || u.Fragment != "" {
		return nil, errors.New("discord: DISCORD_API_URL must not hold credentials, a query or a fragment")
	}
	u.Path = strings.TrimSuffix(apiVersionSuffix.ReplaceAllString(u.Path, ""), "/")
	u.RawPath = ""
	if next == nil {
		next = http.DefaultTransport
	}
	return &RewriteTransport{Base: u, Next: next}, nil
}

// RoundTrip implements http.RoundTripper.
func (t *RewriteTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.URL.Host != "discord.com" || !strings.HasPrefix(req.URL.Path, "/api/") {
		return t.Next.RoundTrip(req)
	}
	r := req.Clone(req.Context())
	u := *req.URL
	u.Scheme, u.Host = t.Base.Scheme, t.Base.Host
	u.Path = t.Base.Path + req.URL.Path
	u.RawPath = ""
	r.URL = &u
	r.Host = u.Host
	return t.Next.RoundTrip(r)
}

// ErrTokenRejected is returned by Open when Discord refuses the bot's
// token: HTTP 401 Unauthorized on a REST call, or the gateway closing
// with 4004 (authentication failed). Retrying cannot help: the token is
// wrong, or was reset in the developer portal.
var ErrTokenRejected = errors.New("discord: the token was rejected (HTTP 401 Unauthorized)")

// tokenRejected reports whether err is Discord refusing the token.
func tokenRejected(err error) bool {
	var re *discordgo.RESTError
	if errors.As(err, &re) && re.Response != nil && re.Response.StatusCode == http.StatusUnauthorized {
		return true
	}
	var ce *websocket.CloseError
	return errors.As(err, &ce) && ce.Code == 4004
}

// cleanErr drops the request (and its authorization header) from REST
// errors, so that a logged error never carries the token.
func cleanErr(err error) error {
	var re *discordgo.RESTError
	if errors.As(err, &re) {
		status := ""
		if re.Response != nil {
			status = re.Response.Status
		}
		msg := ""
		if re.Message != nil {
			msg = re.Message.Message
		}
		return fmt.Errorf("discord: HTTP %s %s", status, msg)
	}
	var ue *url.Error
	if errors.As(err, &ue) {
		return fmt.Errorf("discord: %s %s: %w", ue.Op, redactURL(ue.URL), ue.Err)
	}
	return err
}

// redactURL drops the interaction token (and what follows) from a REST
// URL.
func redactURL(u string) string {
	for _, seg := range []string{"/interactions/", "/webhooks/"} {
		if i := strings.Index(u, seg); i >= 0 {
			return u[:i+len(seg)] + "…"
		}
	}
	return u
}
