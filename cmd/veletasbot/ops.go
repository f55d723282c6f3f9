package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/veletasbot/veletas/internal/metrics"
)

// Ops are the service's listeners and its log's format: the admin
// listener (-metrics: /metrics, /healthz, /readyz), /metrics on -http's
// listener (-metrics-on-http), the web board (-web, -public-url,
// -web-key-file; web.go) and -log-format.
type Ops struct {
	MetricsAddr   string
	MetricsOnHTTP bool
	LogFormat     string // text (default) or json
	WebAddr       string
	PublicURL     string
	WebKeyFile    string
}

// Errors of the ops' flags.
var (
	ErrLogFormat     = errors.New("use text or json")
	ErrMetricsOnHTTP = errors.New("-metrics-on-http needs -http (in gateway mode use -metrics ADDR)")
	ErrWebOnHTTP     = errors.New("-web is for gateway mode: with -http the web board is served on -http's listener")
	ErrPublicURL     = errors.New("-public-url must be an absolute http(s) URL without a query, such as https://bot.example.org")
	ErrNoWebListener = errors.New("-public-url needs a listener for the web board: -web ADDR (gateway mode) or -http ADDR")
)

// opsFlags registers the ops' flags (the bot's only).
func (m *Main) opsFlags(fs *flag.FlagSet) {
	o := &m.Ops
	fs.StringVar(&o.MetricsAddr, "metrics", m.Getenv("VELETAS_METRICS"), "serve GET /metrics (Prometheus), /healthz and /readyz on this admin address, such as :9090; off when empty (env VELETAS_METRICS)")
	fs.BoolVar(&o.MetricsOnHTTP, "metrics-on-http", false, "also serve GET /metrics on -http's listener")
	fs.StringVar(&o.WebAddr, "web", m.Getenv("VELETAS_WEB"), "gateway mode: serve the web board (the games' pages) on this address, such as :8081 (with -http it is served on -http's listener; env VELETAS_WEB)")
	fs.StringVar(&o.PublicURL, "public-url", m.Getenv("VELETAS_PUBLIC_URL"), "the address players reach the web board at, such as https://bot.example.org: the games' cards get an \"Open board\" link (env VELETAS_PUBLIC_URL)")
	fs.StringVar(&o.WebKeyFile, "web-key-file", m.Getenv("VELETAS_WEB_KEY_FILE"), "file holding the web board's secret key (at least 32 bytes), from which the games' links are made; default web.key beside a bolt database, made when absent; required on etcd, the same for every replica (env VELETAS_WEB_KEY_FILE)")
}

// checkOps validates the ops' flags against the mode.
func (m *Main) checkOps() error {
	o := &m.Ops
	if o.MetricsOnHTTP && m.HTTPAddr == "" {
		return ErrMetricsOnHTTP
	}
	if o.WebAddr != "" && m.HTTPAddr != "" {
		return ErrWebOnHTTP
	}
	if o.PublicURL != "" {
		u, err := url.Parse(o.PublicURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" || u.User != nil {
			return fmt.Errorf("-public-url: %w", ErrPublicURL)
		}
		o.PublicURL = strings.TrimSuffix(o.PublicURL, "/")
		if o.WebAddr == "" && m.HTTPAddr == "" {
			return ErrNoWebListener
		}
	}
	return nil
}

// webOn reports whether the web board is served.
func (o *Ops) webOn() bool { return o.WebAddr != "" || o.PublicURL != "" }

// newLogger is the process's logger: text or JSON lines on w.
func newLogger(w io.Writer, format string, level slog.Leveler) *slog.Logger {
	opts := &slog.HandlerOptions{Level: level}
	if format == "json" {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}

// servers are the admin and web listeners, bound at the start and
// served once the bot runs.
type servers struct {
	admin, web       net.Listener
	adminSrv, webSrv *http.Server
}

// bindOps makes the metrics' registry and binds the admin and web
// listeners, before the store is opened: an address in use stops the
// start before it changed anything.
func (m *Main) bindOps() error {
	if m.MetricsAddr != "" || m.MetricsOnHTTP {
		if m.Metrics == nil {
			m.Metrics = metrics.New()
		}
	}
	var err error
	if m.MetricsAddr != "" {
		if m.listeners.admin, err = net.Listen("tcp", m.MetricsAddr); err != nil {
			return fmt.Errorf("-metrics %s: %w", m.MetricsAddr, err)
		}
	}
	if m.WebAddr != "" {
		if m.listeners.web, err = net.Listen("tcp", m.WebAddr); err != nil {
			return fmt.Errorf("-web %s: %w", m.WebAddr, err)
		}
	}
	return nil
}

// serveOps serves the admin listener (/metrics, /healthz, /readyz) and
// the web board's, once the bot runs.
func (m *Main) serveOps() {
	if m.Metrics != nil {
		db := m.DB
		m.Metrics.CountActive(func(ctx context.Context) (map[string]int, error) {
			counts, err := db.ActiveCounts(ctx) // counters kept by the store: no game read
			n := map[string]int{}
			for kind, c := range counts {
				n[string(kind)] = c
			}
			return n, err
		})
	}
	if ln := m.listeners.admin; ln != nil {
		mux := http.NewServeMux()
		mux.Handle("GET /metrics", m.Metrics.Handler())
		mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) { io.WriteString(w, "ok\n") })
		ready := m.readyCheck(m.DB.PingContext)
		mux.HandleFunc("GET /readyz", func(w http.ResponseWriter, r *http.Request) {
			if err := ready(r.Context()); err != nil {
				http.Error(w, "not ready: "+err.Error(), http.StatusServiceUnavailable)
				return
			}
			io.WriteString(w, "ready\n")
		})
		m.listeners.adminSrv = m.serve(ln, mux, "admin")
	}
	if ln := m.listeners.web; ln != nil && m.Web != nil {
		m.listeners.webSrv = m.serve(ln, m.Web, "web board")
	}
}

// serve serves h on ln until close.
func (m *Main) serve(ln net.Listener, h http.Handler, what string) *http.Server {
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 5 * time.Second, IdleTimeout: 2 * time.Minute,
		ErrorLog: slog.NewLogLogger(m.Logger.Handler(), slog.LevelWarn)}
	go func() {
		if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
			m.Logger.Error("veletasbot: the "+what+" listener stopped", "err", err)
		}
	}()
	m.Logger.Info("veletasbot: serving the "+what+" listener", "listen", ln.Addr().String())
	return srv
}

// httpOther serves, on -http's listener, /metrics (-metrics-on-http)
// and the web board; nil when neither is on.
func (m *Main) httpOther() http.Handler {
	if !m.MetricsOnHTTP && m.Web == nil {
		return nil
	}
	mux := http.NewServeMux()
	if m.MetricsOnHTTP {
		mux.Handle("GET /metrics", m.Metrics.Handler())
	}
	if m.Web != nil {
		mux.Handle("/", m.Web)
	}
	return mux
}

// close stops the listeners, letting the requests in flight finish
// within grace (15 s when 0); the web board's event streams are ended by
// closing the web server first (closeWeb).
func (s *servers) close(grace time.Duration) []error {
	if grace <= 0 {
		grace = 15 * time.Second
	}
	var errs []error
	for _, p := range []struct {
		ln  net.Listener
		srv *http.Server
	}{{s.admin, s.adminSrv}, {s.web, s.webSrv}} {
		if p.srv == nil {
			// Never served: closing the listener is all there is.
			if p.ln != nil {
				p.ln.Close()
			}
			continue
		}
		// Shutdown closes the listener it serves. Closing it here as
		// well made Shutdown report the second close as an error
		// whenever Serve had not yet returned.
		ctx, cancel := context.WithTimeout(context.Background(), grace)
		err := p.srv.Shutdown(ctx)
		cancel()
		if err != nil && !errors.Is(err, net.ErrClosed) {
			p.srv.Close()
			errs = append(errs, fmt.Errorf("stopping a listener: %w", err))
		}
	}
	*s = servers{}
	return errs
}
