package main

import (
	"errors"
	"flag"
	"fmt"
	"net/netip"
	"net/url"
	"os"
	"strings"

	"github.com/veletasbot/veletas/web"
)

// Sign-in with Discord on the web board (package web): players sign in
// with the bot's application (OAuth2, scope identify). It needs the
// application's client ID (-client-id, env DISCORD_CLIENT_ID), its client
// secret (from the file -client-secret-file or DISCORD_CLIENT_SECRET_FILE
// names, or env DISCORD_CLIENT_SECRET; never a flag, which ps would
// show) and -public-url, whose /auth/callback is the redirect URL to
// register in the Developer Portal. Discord's OAuth2 endpoints are
// DISCORD_API_URL's when it is set (a test's fake Discord). The secret is
// never logged.

// SignIn is the configuration of sign-in with Discord.
type SignIn struct {
	// ClientID is the application's client ID; "" turns sign-in off.
	ClientID string
	// ClientSecret is the client secret (env DISCORD_CLIENT_SECRET), or
	// read by Run from ClientSecretFile.
	ClientSecret     string
	ClientSecretFile string
	// TrustedProxies (flag -trusted-proxies, env
	// VELETAS_TRUSTED_PROXIES) are the reverse proxies whose
	// X-Forwarded-For the web board's rate limits believe.
	TrustedProxies []netip.Prefix
	Proxies        string // as given, parsed into TrustedProxies
	// Activity (flag -activity, env VELETAS_ACTIVITY=true) turns on the
	// web board inside Discord as the application's Activity: the
	// "Play on the board" button on the cards and the entry point
	// command. It needs sign-in's client ID and secret, and the
	// Developer Portal's Activity settings (README).
	Activity bool
}

// Errors of sign-in's configuration.
var (
	// ErrClientID refuses a client ID that is not an application's ID.
	ErrClientID = errors.New("the client ID is the application's ID, a number such as 123456789012345678 (Developer Portal > your app > OAuth2 > Client ID)")
	// ErrClientSecret: the client secret is missing or unreadable.
	ErrClientSecret = errors.New("sign-in with Discord needs the application's client secret")
	// ErrSignInHTTP: sign-in on a plain-http public URL other than a
	// loopback address, where browsers would drop the Secure cookies.
	ErrSignInHTTP = errors.New("sign-in with Discord needs an https public URL (the session cookie is Secure); plain http is for a loopback address (http://127.0.0.1:PORT, http://localhost:PORT) when trying the bot")
	// ErrSignInNoPublicURL: sign-in without -public-url, which makes its
	// redirect URL.
	ErrSignInNoPublicURL = errors.New("-client-id needs -public-url: Discord sends the players back to PUBLIC_URL/auth/callback, the redirect URL registered in the Developer Portal (OAuth2 > Redirects)")
	// ErrActivityNoClientID: -activity without -client-id, with which
	// the Activity signs its players in.
	ErrActivityNoClientID = errors.New("-activity needs -client-id (env DISCORD_CLIENT_ID), the client secret and -public-url: the Activity signs players in with the application, and Discord's URL mapping points at the public URL")
)

// signInFlags registers sign-in's flags (the bot's).
func (m *Main) signInFlags(fs *flag.FlagSet) {
	s := &m.SignIn
	fs.StringVar(&s.ClientID, "client-id", m.Getenv("DISCORD_CLIENT_ID"), "the application's client ID, to let players sign in with Discord on the web board; needs -public-url and the client secret (env DISCORD_CLIENT_ID)")
	fs.StringVar(&s.ClientSecretFile, "client-secret-file", m.Getenv("DISCORD_CLIENT_SECRET_FILE"), "file holding the application's client secret (Developer Portal > OAuth2 > Reset Secret), for sign-in with Discord; or env DISCORD_CLIENT_SECRET (env DISCORD_CLIENT_SECRET_FILE)")
	fs.BoolVar(&s.Activity, "activity", m.Getenv("VELETAS_ACTIVITY") == "true", "put the web board inside Discord as the application's Activity: a Play on the board button on the cards and the entry point command; needs -client-id and the Developer Portal's Activity settings, see the README (env VELETAS_ACTIVITY=true)")
	fs.StringVar(&s.Proxies, "trusted-proxies", m.Getenv("VELETAS_TRUSTED_PROXIES"), "comma-separated CIDR prefixes of the reverse proxies in front of the web board, whose X-Forwarded-For the rate limits believe, such as 10.0.0.0/8,::1 (env VELETAS_TRUSTED_PROXIES)")
}

// checkSignIn validates sign-in's flags and takes DISCORD_CLIENT_SECRET.
func (m *Main) checkSignIn() error {
	s := &m.SignIn
	ps, err := web.ParseTrustedProxies(s.Proxies)
	if err != nil {
		return fmt.Errorf("-trusted-proxies: %w", err)
	}
	s.TrustedProxies = ps
	s.ClientSecret = strings.TrimSpace(m.Getenv("DISCORD_CLIENT_SECRET"))
	s.ClientID = strings.TrimSpace(s.ClientID)
	if s.ClientID == "" {
		if s.Activity {
			return ErrActivityNoClientID
		}
		if s.ClientSecretFile != "" || s.ClientSecret != "" {
			return errors.New("a client secret without -client-id (env DISCORD_CLIENT_ID): give the application's client ID too, or drop the secret")
		}
		return nil
	}
	if len(s.ClientID) > 20 || strings.Trim(s.ClientID, "0123456789") != "" {
		return fmt.Errorf("-client-id (%d characters, not shown): %w", len(s.ClientID), ErrClientID)
	}
	if m.PublicURL == "" {
		return ErrSignInNoPublicURL
	}
	if u, err := url.Parse(m.PublicURL); err == nil && u.Scheme == "http" && !isLoopback(u.Hostname()) {
		return fmt.Errorf("-public-url %s: %w", m.PublicURL, ErrSignInHTTP)
	}
	if s.ClientSecret == "" && s.ClientSecretFile == "" {
		return fmt.Errorf("%w: put it in a file (mode 0600) and give -client-secret-file FILE (env DISCORD_CLIENT_SECRET_FILE), or set DISCORD_CLIENT_SECRET; it is at Developer Portal > your app > OAuth2 > Reset Secret", ErrClientSecret)
	}
	return nil
}

// loadClientSecret reads the client secret from its file, unless
// DISCORD_CLIENT_SECRET gave it. The error never holds the secret.
func (m *Main) loadClientSecret() error {
	s := &m.SignIn
	if s.ClientID == "" || s.ClientSecret != "" {
		return nil
	}
	b, err := os.ReadFile(s.ClientSecretFile)
	if err != nil {
		if !strings.ContainsAny(s.ClientSecretFile, `/\`) && !strings.Contains(s.ClientSecretFile, ".") {
			// A secret has no slash nor dot: this may be the secret itself,
			// in the wrong variable; it is not echoed.
			return fmt.Errorf("%w: cannot read the file -client-secret-file names (%d characters, not shown: if it is the secret itself, put it in a file and give that file's path): %w",
				ErrClientSecret, len(s.ClientSecretFile), errors.Unwrap(err))
		}
		return fmt.Errorf("%w: cannot read -client-secret-file %s: %w", ErrClientSecret, s.ClientSecretFile, errors.Unwrap(err))
	}
	s.ClientSecret = strings.TrimSpace(string(b))
	if s.ClientSecret == "" {
		return fmt.Errorf("%w: the file %s is empty; put the client secret in it (Developer Portal > your app > OAuth2 > Reset Secret)", ErrClientSecret, s.ClientSecretFile)
	}
	if strings.ContainsAny(s.ClientSecret, " \t\r\n") {
		return fmt.Errorf("%w: the file %s holds white space inside the secret; copy it again from the Developer Portal", ErrClientSecret, s.ClientSecretFile)
	}
	return nil
}

// isLoopback reports whether host is localhost or a loopback address.
func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip, err := netip.ParseAddr(host)
	return err == nil && ip.IsLoopback()
}

// webOAuth is the web board's OAuth configuration.
func (m *Main) webOAuth() web.OAuth {
	o := web.OAuth{ClientID: m.SignIn.ClientID, ClientSecret: m.SignIn.ClientSecret, APIURL: m.APIURL}
	if m.SignIn.Activity {
		o.BotToken = m.Token // the Activity asks Discord who is in an instance
	}
	return o
}
