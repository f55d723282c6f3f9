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
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
)

// RouteDiscordgoLogs sends discordgo's own log lines (a package-wide
// setting) to logger instead of the standard log package, with token, if
// it ever appears, and the interaction token of every webhook or
// interaction URL (discordgo names them when it retries a request)
// replaced by "[token]".
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
		msg := redactTokens(fmt.Sprintf(format, a...))
		if token != "" {
			msg = strings.ReplaceAll(msg, token, "[token]")
		}
		logger.Log(context.Background(), level, "discordgo: "+strings.TrimSpace(msg))
	}
}

// RESTIdleConns is how many idle connections to Discord's API the REST
// client keeps. net/http's default keeps 2 per host: with more
// interactions answered at once (each edit of a deferred response, each
// follow-up is a request of its own), all but 2 of the connections were
// closed after their request and the next requests opened new ones, a
// TLS handshake each to discord.com, and waited on the transport's lock
// meanwhile (the largest delay of BenchmarkHTTPReplicas's mutex profile).
const RESTIdleConns = 100

// restTransport is net/http's default transport keeping RESTIdleConns
// idle connections to the API.
func restTransport() *http.Transport {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.MaxIdleConns = max(t.MaxIdleConns, RESTIdleConns)
	t.MaxIdleConnsPerHost = RESTIdleConns
	return t
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
	// The value is never echoed: a token pasted in the wrong variable
	// would reach the logs.
	u, err := url.Parse(base)
	switch {
	case err != nil:
		return nil, fmt.Errorf("discord: DISCORD_API_URL (%d characters, not shown) is not a URL: set it to an http(s) URL such as http://127.0.0.1:8080, or leave it unset for Discord", len(base))
	case u.Scheme != "http" && u.Scheme != "https":
		return nil, fmt.Errorf("discord: DISCORD_API_URL (%d characters, not shown) does not start with http:// or https://: set it to an http(s) URL such as http://127.0.0.1:8080, or leave it unset for Discord", len(base))
	case u.User != nil:
		return nil, errors.New("discord: DISCORD_API_URL must not hold credentials (user@ or user:password@ before the host)")
	case u.Host == "":
		return nil, fmt.Errorf("discord: DISCORD_API_URL (%d characters, not shown) names no host: set it to an http(s) URL such as http://127.0.0.1:8080", len(base))
	}
	if u.RawQuery != "" || u.Fragment != "" {
		return nil, errors.New("discord: DISCORD_API_URL must not hold a query (?...) or a fragment (#...)")
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
// errors and the interaction token from every URL in an error's text
// (discordgo's RateLimitError names the whole URL; so may an error
// wrapped anywhere), so that a logged error never carries a token.
func cleanErr(err error) error {
	if err == nil {
		return nil
	}
	var re *discordgo.RESTError
	if errors.As(err, &re) {
		status := ""
		if re.Response != nil {
			status = re.Response.Status
		}
		msg := ""
		if re.Message != nil {
			msg = redactTokens(re.Message.Message)
		}
		return fmt.Errorf("discord: HTTP %s %s", status, msg)
	}
	var rl *discordgo.RateLimitError
	if errors.As(err, &rl) && rl.RateLimit != nil {
		after := time.Duration(0)
		if rl.TooManyRequests != nil {
			after = rl.TooManyRequests.RetryAfter
		}
		return fmt.Errorf("discord: HTTP 429 Too Many Requests on %s, retry after %v", redactURL(rl.URL), after)
	}
	var ue *url.Error
	if errors.As(err, &ue) {
		return fmt.Errorf("discord: %s %s: %w", ue.Op, redactURL(ue.URL), &redactedError{ue.Err})
	}
	return &redactedError{err}
}

// redactedError is an error whose text has its interaction tokens
// replaced; errors.Is and As still see the error it holds.
type redactedError struct{ err error }

func (e *redactedError) Error() string { return redactTokens(e.err.Error()) }
func (e *redactedError) Unwrap() error { return e.err }

// tokenInPath finds the interaction token in the paths that carry one:
// /webhooks/APPLICATION/TOKEN... (edits, follow-ups, deletions) and
// /interactions/ID/TOKEN/callback, in a URL or in any text.
var tokenInPath = regexp.MustCompile(`(/(?:webhooks|interactions)/[^/\s"'?#]+/)[^/\s"'?#,;)]+`)

// redactTokens replaces the token of every webhook or interaction path
// in s by "[token]".
func redactTokens(s string) string {
	return tokenInPath.ReplaceAllString(s, "${1}[token]")
}

// redactURL drops the interaction token from a REST URL.
func redactURL(u string) string { return redactTokens(u) }
