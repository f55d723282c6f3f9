package discord

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestRESTKeepsConnections makes rounds of 20 REST requests at once
// through the adapter's client, each round waiting until all 20 are in
// the server: the connections of the first round are kept and serve the
// next ones (net/http's default would keep 2 of them and open 18 new
// connections each round).
func TestRESTKeepsConnections(t *testing.T) {
	const width, rounds = 20, 3
	var opened atomic.Int32
	var (
		mu      sync.Mutex
		in      int
		release = make(chan struct{})
	)
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		in++
		if in == width {
			in = 0
			close(release)
		}
		rel := release
		mu.Unlock()
		select {
		case <-rel:
		case <-time.After(10 * time.Second):
			http.Error(w, "the round never filled", http.StatusServiceUnavailable)
			return
		}
		io.WriteString(w, `{}`)
	}))
	srv.Config.ConnState = func(_ net.Conn, s http.ConnState) {
		if s == http.StateNew {
			opened.Add(1)
		}
	}
	srv.Start()
	defer srv.Close()
	d, err := New(testToken, srv.URL, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	for round := range rounds {
		mu.Lock()
		if round > 0 {
			release = make(chan struct{})
		}
		mu.Unlock()
		var wg sync.WaitGroup
		errs := make(chan error, width)
		for range width {
			wg.Add(1)
			go func() {
				defer wg.Done()
				resp, err := d.Session.Client.Get(srv.URL + "/api/v10/users/@me")
				if err != nil {
					errs <- err
					return
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode != http.StatusOK {
					errs <- fmt.Errorf("%s: %s", srv.URL, resp.Status)
				}
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Fatalf("round %d: %v", round, err)
		}
	}
	if n := opened.Load(); n > width {
		t.Fatalf("%d connections opened for %d rounds of %d requests at once, want %d at most", n, rounds, width, width)
	}
}
