package web

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/veletasbot/veletas/game"
)

// viewerSink is an event stream's ResponseWriter and Flusher for the
// hub's tests: it keeps the last state and viewer count written, and
// signals each write on a channel shared by all sinks.
type viewerSink struct {
	h       http.Header
	mu      sync.Mutex
	state   State
	viewers int
	wrote   chan<- struct{}
}

func (s *viewerSink) Header() http.Header { return s.h }
func (s *viewerSink) WriteHeader(int)     {}
func (s *viewerSink) Flush()              {}
func (s *viewerSink) Write(p []byte) (int, error) {
	name, data, _ := strings.Cut(string(p), "\ndata: ")
	s.mu.Lock()
	switch name {
	case "event: state":
		s.state = State{}
		_ = json.Unmarshal([]byte(data), &s.state)
	case "event: viewers":
		var v struct{ Viewers int }
		_ = json.Unmarshal([]byte(data), &v)
		s.viewers = v.Viewers
	}
	s.mu.Unlock()
	select {
	case s.wrote <- struct{}{}:
	default:
	}
	return len(p), nil
}

func (s *viewerSink) last() (rev, viewers int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.state.Revision, s.viewers
}

// waitUntil waits until cond holds, checking it each time something
// signals on wrote, failing t after the deadline with what cond says.
func waitUntil(t *testing.T, wrote <-chan struct{}, deadline time.Duration, cond func() (bool, string)) {
	t.Helper()
	timeout := time.NewTimer(deadline)
	defer timeout.Stop()
	for {
		ok, why := cond()
		if ok {
			return
		}
		select {
		case <-wrote:
		case <-timeout.C:
			t.Fatalf("after %v: %s", deadline, why)
		}
	}
}

// TestEventsThousandArrive opens 1,000 event streams on a game at once
// while it changes: none is dropped, and all show the game's last state
// and the count of 1,000.
func TestEventsThousandArrive(t *testing.T) {
	const n = 1000
	f := newFixture(t, map[game.Kind]int{"amazons": 2}, func(o *Options) { o.PageBurst = 1 << 30 })
	defer f.srv.Close()
	g := f.byKind["amazons"]
	tok := strings.TrimPrefix(f.srv.Path(g.ID), "/g/")
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	wrote := make(chan struct{}, 1)
	sinks := make([]*viewerSink, n)
	var wg sync.WaitGroup
	var ended atomic.Int64 // streams that ended before ctx
	start := make(chan struct{})
	for i := range sinks {
		sinks[i] = &viewerSink{h: http.Header{}, wrote: wrote}
		req := httptest.NewRequestWithContext(ctx, "GET", "/g/"+tok+"/events", nil)
		req.SetPathValue("token", tok)
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			f.srv.events(sinks[i], req)
			if ctx.Err() == nil {
				ended.Add(1)
				select {
				case wrote <- struct{}{}:
				default:
				}
			}
		}()
	}
	close(start)
	// The game changes while the pages arrive.
	g = f.play(t, g, 1, 1)
	f.srv.GameChanged(g.ID)
	waitUntil(t, wrote, time.Minute, func() (bool, string) {
		v := f.srv.Viewers(g.ID)
		return v == n || ended.Load() > 0, "the hub counts " + itoa(v) + " viewers"
	})
	g = f.play(t, g, 1, 2)
	f.srv.GameChanged(g.ID)
	waitUntil(t, wrote, time.Minute, func() (bool, string) {
		if e := ended.Load(); e > 0 {
			return true, ""
		}
		behind := 0
		var rev, viewers int
		for _, s := range sinks {
			if rev, viewers = s.last(); rev != g.Revision || viewers != n {
				behind++
			}
		}
		return behind == 0, itoa(behind) + " pages do not show revision " + itoa(g.Revision) +
			" and 1000 viewers (one shows revision " + itoa(rev) + ", " + itoa(viewers) + " viewers)"
	})
	if e := ended.Load(); e > 0 {
		t.Fatalf("%d of %d event streams were ended", e, n)
	}
	if v := f.srv.Viewers(g.ID); v != n {
		t.Errorf("the hub counts %d viewers, want %d", v, n)
	}
	cancel()
	wg.Wait()
	// The hub has taken every departure before its stream ended.
	if v := f.srv.Viewers(g.ID); v != 0 {
		t.Errorf("after all left, the hub counts %d viewers", v)
	}
}

// TestEventsSlowViewer has one page that never reads: the others keep
// getting the game's changes, and the slow page, once it reads, gets
// the last state and count only.
func TestEventsSlowViewer(t *testing.T) {
	f := newFixture(t, map[game.Kind]int{"amazons": 2}, func(o *Options) { o.PageBurst = 1 << 30 })
	defer f.srv.Close()
	g := f.byKind["amazons"]
	tok := strings.TrimPrefix(f.srv.Path(g.ID), "/g/")
	ctx, cancel := context.WithCancel(t.Context())
	var wg sync.WaitGroup
	defer func() { cancel(); wg.Wait() }()
	wrote := make(chan struct{}, 1)
	open := func(w http.ResponseWriter) {
		req := httptest.NewRequestWithContext(ctx, "GET", "/g/"+tok+"/events", nil)
		req.SetPathValue("token", tok)
		wg.Add(1)
		go func() { defer wg.Done(); f.srv.events(w, req) }()
	}
	gate := make(chan struct{})
	var opened sync.Once
	defer opened.Do(func() { close(gate) }) // before the streams end, when failing
	slow := &gatedSink{viewerSink: viewerSink{h: http.Header{}, wrote: wrote}, gate: gate}
	open(slow)
	fast := &viewerSink{h: http.Header{}, wrote: wrote}
	open(fast)
	waitUntil(t, wrote, time.Minute, func() (bool, string) {
		_, v := fast.last()
		return v == 2, "the fast page shows " + itoa(v) + " viewers"
	})
	// The slow page is stuck on its first write ("retry"); the fast one
	// sees 40 changes, one after the other.
	for i := range 40 {
		g = f.play(t, g, 1, i)
		f.srv.GameChanged(g.ID)
		waitUntil(t, wrote, time.Minute, func() (bool, string) {
			rev, v := fast.last()
			return rev == g.Revision && v == 2, "the fast page shows revision " + itoa(rev) + " and " + itoa(v) + " viewers"
		})
	}
	opened.Do(func() { close(gate) })
	waitUntil(t, wrote, time.Minute, func() (bool, string) {
		rev, v := slow.last()
		return rev == g.Revision && v == 2, "the slow page shows revision " + itoa(rev) + " and " + itoa(v) + " viewers"
	})
	if n := slow.states.Load(); n > 2 {
		t.Errorf("the slow page was written %d states, want the last one (at most one more before it)", n)
	}
}

// gatedSink blocks its writes until gate closes, and counts the states.
type gatedSink struct {
	viewerSink
	gate   chan struct{}
	states atomic.Int64
}

func (s *gatedSink) Write(p []byte) (int, error) {
	<-s.gate
	if bytes.HasPrefix(p, []byte("event: state")) {
		s.states.Add(1)
	}
	return s.viewerSink.Write(p)
}
