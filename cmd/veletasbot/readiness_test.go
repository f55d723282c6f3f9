package main

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/veletasbot/veletas/bot/discord"
	"github.com/veletasbot/veletas/internal/fakediscord"
	"github.com/veletasbot/veletas/store"
	"github.com/veletasbot/veletas/store/etcdtest"
)

// getStatus GETs url and returns the status and body.
func getStatus(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// TestReadyzStates serves /readyz through the HTTP endpoint's router
// with each state of the readiness: 503 before the registration, 200
// once registered with the store answering, 503 when the store's ping
// fails or outlasts ReadyStoreTimeout (the check returns at the bound),
// and 503 once draining, whatever the rest.
func TestReadyzStates(t *testing.T) {
	var m Main
	var pingErr error
	block := false
	ping := func(ctx context.Context) error {
		if block {
			<-ctx.Done() // a store that does not answer
			return ctx.Err()
		}
		return pingErr
	}
	ep := &discord.HTTPEndpoint{Ready: m.readyCheck(ping)}
	get := func() (int, string) {
		t.Helper()
		w := httptest.NewRecorder()
		ep.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/readyz", nil))
		return w.Code, w.Body.String()
	}
	if code, body := get(); code != http.StatusServiceUnavailable || !strings.Contains(body, ErrNotRegistered.Error()) {
		t.Fatalf("before the registration: %d %q", code, body)
	}
	m.ready.markRegistered()
	if code, body := get(); code != http.StatusOK || body != "ready\n" {
		t.Fatalf("registered: %d %q", code, body)
	}
	pingErr = store.ErrUnavailable
	if code, body := get(); code != http.StatusServiceUnavailable || !strings.Contains(body, "the store does not answer") {
		t.Fatalf("store failing: %d %q", code, body)
	}
	pingErr, block = nil, true
	start := time.Now()
	if code, body := get(); code != http.StatusServiceUnavailable || !strings.Contains(body, "the store does not answer") {
		t.Fatalf("store not answering: %d %q", code, body)
	}
	if took := time.Since(start); took < ReadyStoreTimeout || took > ReadyStoreTimeout+time.Second {
		t.Errorf("a store that does not answer: /readyz took %v, want about %v", took, ReadyStoreTimeout)
	}
	block = false
	if code, _ := get(); code != http.StatusOK {
		t.Fatalf("store back: %d", code)
	}
	m.ready.drain()
	if code, body := get(); code != http.StatusServiceUnavailable || !strings.Contains(body, ErrDraining.Error()) {
		t.Fatalf("draining: %d %q", code, body)
	}
	// Without Ready, /readyz is /healthz.
	plain := &discord.HTTPEndpoint{Health: func(context.Context) error { return errors.New("down") }}
	w := httptest.NewRecorder()
	plain.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/readyz", nil))
	if w.Code != http.StatusServiceUnavailable {
		t.Fatalf("no Ready, unhealthy: %d", w.Code)
	}
}

// TestReadyzLifecycle runs the bot in HTTP mode against the fake Discord,
// whose command registration is held until the test lets it go: while it
// is held the process is not ready; once the bot runs /readyz answers
// 200; when Close begins /readyz answers 503 while the listener still
// serves (/healthz 200, a PING answered): readiness fails before the
// listener drains; after Close nothing listens.
func TestReadyzLifecycle(t *testing.T) {
	fake := fakediscord.New()
	defer fake.Close()
	p := fake.NewPoster("")
	target, err := url.Parse(fake.URL())
	if err != nil {
		t.Fatal(err)
	}
	registering, release := make(chan struct{}), make(chan struct{})
	var once sync.Once
	proxy := httputil.NewSingleHostReverseProxy(target)
	hold := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPut && strings.HasSuffix(r.URL.Path, "/commands") {
			once.Do(func() { close(registering) })
			<-release
		}
		proxy.ServeHTTP(w, r)
	}))
	defer hold.Close()

	m, _, logs := newMain(map[string]string{"DISCORD_TOKEN": token, "DISCORD_API_URL": hold.URL,
		"DISCORD_PUBLIC_KEY": p.PublicKey(), "VELETAS_HTTP": "127.0.0.1:0"})
	if err := m.ParseFlags(context.Background(), []string{"-db", filepath.Join(t.TempDir(), "bot.db"), "-guild", "900"}); err != nil {
		t.Fatal(err)
	}
	ran := make(chan error, 1)
	go func() { ran <- m.Run(context.Background()) }()
	select {
	case <-registering:
	case err := <-ran:
		t.Fatalf("Run returned before registering: %v\n%s", err, logs.String())
	}
	if err := m.ready.check(t.Context(), func(context.Context) error { return nil }); !errors.Is(err, ErrNotRegistered) {
		t.Fatalf("while registering: %v, want %v", err, ErrNotRegistered)
	}
	close(release)
	if err := <-ran; err != nil {
		t.Fatal(err)
	}
	closed := false
	defer func() {
		if !closed {
			m.Close()
		}
	}()
	base := "http://" + m.HTTP.Addr().String()
	if code, body := getStatus(t, base+"/readyz"); code != http.StatusOK {
		t.Fatalf("running: /readyz %d %q", code, body)
	}

	type seen struct {
		readyz, healthz int
		body            string
		pingErr         error
	}
	during := make(chan seen, 1)
	m.ready.onDrain = func() {
		var s seen
		s.readyz, s.body = getStatus(t, base+"/readyz")
		s.healthz, _ = getStatus(t, base+"/healthz")
		p.URL = base + "/interactions"
		_, s.pingErr = p.Ping()
		during <- s
	}
	closed = true
	if err := m.Close(); err != nil {
		t.Fatal(err)
	}
	var s seen
	select {
	case s = <-during:
	default:
		t.Fatal("Close did not make /readyz fail first")
	}
	if s.readyz != http.StatusServiceUnavailable || !strings.Contains(s.body, ErrDraining.Error()) {
		t.Errorf("when Close begins: /readyz %d %q, want 503 draining", s.readyz, s.body)
	}
	if s.healthz != http.StatusOK || s.pingErr != nil {
		t.Errorf("when /readyz fails the listener must still serve: /healthz %d, PING %v", s.healthz, s.pingErr)
	}
	if _, err := http.Get(base + "/readyz"); err == nil {
		t.Error("still listening after Close")
	}
}

// TestReadyzNoQuorum runs the bot in HTTP mode on an etcd store whose
// cluster loses its quorum: /readyz answers 503 within ReadyStoreTimeout
// and a margin (the store's own timeout is 20 s here), and 200 again once
// the members are back.
func TestReadyzNoQuorum(t *testing.T) {
	c := etcdtest.Start(t)
	fake := fakediscord.New()
	defer fake.Close()
	p := fake.NewPoster("")
	m, _, _ := newMain(map[string]string{"DISCORD_TOKEN": token, "DISCORD_API_URL": fake.URL(),
		"DISCORD_PUBLIC_KEY": p.PublicKey(), "VELETAS_HTTP": "127.0.0.1:0"})
	if err := m.ParseFlags(context.Background(), []string{"-store", c.URL("readyz"), "-guild", "900"}); err != nil {
		t.Fatal(err)
	}
	m.StoreOptions = &store.Options{EtcdTimeout: 20 * time.Second}
	if err := m.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	url := "http://" + m.HTTP.Addr().String() + "/readyz"
	if code, body := getStatus(t, url); code != http.StatusOK {
		t.Fatalf("readyz: %d %s", code, body)
	}
	stopQuorum(t, c)
	start := time.Now()
	code, body := getStatus(t, url)
	took := time.Since(start)
	if code != http.StatusServiceUnavailable || !strings.Contains(body, "the store does not answer") {
		t.Fatalf("readyz without a quorum: %d %s", code, body)
	}
	if took > ReadyStoreTimeout+time.Second {
		t.Fatalf("readyz without a quorum took %v (bound %v)", took, ReadyStoreTimeout)
	}
	t.Logf("readyz without a quorum: %d %q after %v", code, strings.TrimSpace(body), took.Round(time.Millisecond))
	for _, i := range []int{1, 2} {
		if err := c.StartMember(i); err != nil {
			t.Fatal(err)
		}
	}
	if code, body := getStatus(t, url); code != http.StatusOK {
		t.Fatalf("readyz after the members are back: %d %s", code, body)
	}
}
