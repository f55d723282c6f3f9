package web

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/veletasbot/veletas/game"
)

func TestTokens(t *testing.T) {
	tk, err := newTokens(testKey)
	if err != nil {
		t.Fatal(err)
	}
	other, _ := newTokens([]byte("another key, also thirty-two bytes long"))
	seen := map[string]bool{}
	for _, id := range []uint64{0, 1, 2, 3, 1 << 40, ^uint64(0)} {
		s := tk.make(id)
		if len(s) != 32 || seen[s] {
			t.Fatalf("token %q of %d: length %d, seen %v", s, id, len(s), seen[s])
		}
		seen[s] = true
		if got, err := tk.read(s); err != nil || got != id {
			t.Fatalf("read(make(%d)) = %d, %v", id, got, err)
		}
		if _, err := other.read(s); !errors.Is(err, errBadToken) {
			t.Errorf("another key read %d's token: %v", id, err)
		}
		for i := range s {
			b := []byte(s)
			b[i] ^= 1
			if _, err := tk.read(string(b)); err == nil {
				t.Errorf("token of %d with byte %d changed is accepted", id, i)
			}
		}
	}
	if _, err := newTokens([]byte("short")); !errors.Is(err, ErrShortKey) {
		t.Errorf("short key: %v", err)
	}
}

func get(t *testing.T, h http.Handler, path string) *httptest.ResponseRecorder {
	t.Helper()
	r := httptest.NewRequest("GET", path, nil)
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

func TestPageHeadersAndNotFound(t *testing.T) {
	f := newFixture(t, map[game.Kind]int{"veletas": 3})
	g := f.byKind["veletas"]
	w := get(t, f.srv, f.srv.Path(g.ID))
	if w.Code != 200 {
		t.Fatalf("page: %d %s", w.Code, w.Body)
	}
	h := w.Header()
	csp := h.Get("Content-Security-Policy")
	for _, want := range []string{"script-src 'self'", "default-src 'none'", "frame-ancestors 'self' https://discord.com https://*.discordsays.com"} {
		if !strings.Contains(csp, want) {
			t.Errorf("CSP %q lacks %q", csp, want)
		}
	}
	if strings.Contains(csp, "unsafe-inline") || h.Get("X-Content-Type-Options") != "nosniff" || h.Get("Referrer-Policy") != "no-referrer" {
		t.Errorf("headers: %v", h)
	}
	body := w.Body.String()
	// Inline, only the texts as data (not run, so the CSP allows them).
	inline := regexp.MustCompile(`<script(?:\s[^>]*)?>[^<]`).FindAllString(body, -1)
	if len(inline) != 1 || !strings.HasPrefix(inline[0], `<script type="application/json" id="texts">`) || !strings.Contains(body, `<script src="/assets/`+assetNames.JS+`" defer>`) {
		t.Errorf("the page's scripts are not only the asset file:\n%s", body)
	}
	if js := get(t, f.srv, "/assets/"+assetNames.JS); js.Code != 200 || !strings.HasPrefix(js.Header().Get("Content-Type"), "text/javascript") {
		t.Errorf("asset: %d %v", js.Code, js.Header())
	}
	for _, path := range []string{
		"/g/" + strings.Repeat("A", 32),
		"/g/1",
		"/g/" + f.srv.tokens.make(g.ID+1000), // a valid token of no game
		"/g/" + f.srv.Path(g.ID)[3:len(f.srv.Path(g.ID))-1] + "x", // one character changed
		"/assets/app.js",
		"/",
	} {
		if w := get(t, f.srv, path); w.Code != 404 || !strings.Contains(w.Body.String(), "Not found") {
			t.Errorf("%s: %d", path, w.Code)
		}
	}
}

func TestStateJSON(t *testing.T) {
	f := newFixture(t, map[game.Kind]int{"veletas": 4, "fanorona": 5, "amazons": 6})
	for _, k := range f.games.Kinds() {
		g := f.byKind[k]
		w := get(t, f.srv, f.srv.Path(g.ID)+"/state")
		if w.Code != 200 {
			t.Fatalf("%s: %d", k, w.Code)
		}
		var st State
		if err := json.Unmarshal(w.Body.Bytes(), &st); err != nil {
			t.Fatal(err)
		}
		rules, _ := f.games.Get(k)
		want, err := rules.(game.Boarded).Board(g.State())
		if err != nil {
			t.Fatal(err)
		}
		if st.Board == nil || len(st.Board.Cells) != len(want.Cells) || len(st.Board.Plies) != len(want.Plies) || len(want.Plies) == 0 {
			t.Fatalf("%s: board %+v, want %+v", k, st.Board, want)
		}
		if st.Players[0].Name != "User alice" || st.Players[1].Name != "User bob" || st.Players[0].Color == "" {
			t.Errorf("%s: players %+v", k, st.Players)
		}
		if seat, _ := g.Seat(g.ToAct()); st.ToAct != seat || st.Revision != g.Revision {
			t.Errorf("%s: to act %d rev %d, game %s rev %d", k, st.ToAct, st.Revision, g.ToAct(), g.Revision)
		}
		if st.Deadline == nil || !st.Deadline.Equal(g.Updated.Add(24*time.Hour)) {
			t.Errorf("%s: deadline %v, updated %v", k, st.Deadline, g.Updated)
		}
		// The replay's boards.
		w = get(t, f.srv, f.srv.Path(g.ID)+"/ply/1")
		var b1 game.Board
		if err := json.Unmarshal(w.Body.Bytes(), &b1); err != nil || b1.Ply != 1 {
			t.Errorf("%s ply 1: %d %v %+v", k, w.Code, err, b1)
		}
		if w := get(t, f.srv, f.srv.Path(g.ID)+"/ply/999"); w.Code != 404 {
			t.Errorf("%s ply 999: %d", k, w.Code)
		}
	}
}

func TestRateLimit(t *testing.T) {
	now := time.Unix(1e9, 0)
	f := newFixture(t, nil, func(o *Options) {
		o.PageBurst, o.PageInterval, o.Now = 3, time.Minute, func() time.Time { return now }
	})
	path := f.srv.Path(f.byKind["amazons"].ID)
	for i := range 3 {
		if w := get(t, f.srv, path); w.Code != 200 {
			t.Fatalf("request %d: %d", i, w.Code)
		}
	}
	if w := get(t, f.srv, path); w.Code != http.StatusTooManyRequests {
		t.Fatalf("4th request: %d", w.Code)
	}
	r := httptest.NewRequest("GET", path, nil)
	r.RemoteAddr = "192.0.2.99:1234"
	w := httptest.NewRecorder()
	f.srv.ServeHTTP(w, r)
	if w.Code != 200 {
		t.Errorf("another address: %d", w.Code)
	}
	now = now.Add(time.Minute)
	if w := get(t, f.srv, path); w.Code != 200 {
		t.Errorf("a minute later: %d", w.Code)
	}
}

// sse reads server-sent events.
type sse struct {
	r    *bufio.Reader
	body io.Closer
}

func openEvents(t *testing.T, ctx context.Context, url string) *sse {
	t.Helper()
	req, _ := http.NewRequestWithContext(ctx, "GET", url, nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "text/event-stream" {
		t.Fatalf("events: %d %v", resp.StatusCode, resp.Header)
	}
	t.Cleanup(func() { resp.Body.Close() })
	return &sse{r: bufio.NewReader(resp.Body), body: resp.Body}
}

// next returns the next event of a name and its data.
func (s *sse) next(t *testing.T) (string, string) {
	t.Helper()
	var name, data string
	for {
		line, err := s.r.ReadString('\n')
		if err != nil {
			t.Fatalf("reading events: %v", err)
		}
		line = strings.TrimRight(line, "\n")
		switch {
		case line == "" && name != "":
			return name, data
		case strings.HasPrefix(line, "event: "):
			name = line[7:]
		case strings.HasPrefix(line, "data: "):
			data = line[6:]
		}
	}
}

func viewersOf(t *testing.T, s *sse) int {
	t.Helper()
	name, data := s.next(t)
	var v struct{ Viewers int }
	if err := json.Unmarshal([]byte(data), &v); name != "viewers" || err != nil {
		t.Fatalf("event %s %s: %v", name, data, err)
	}
	return v.Viewers
}

func TestEventsLive(t *testing.T) {
	f := newFixture(t, map[game.Kind]int{"amazons": 2, "fanorona": 1})
	ts := httptest.NewServer(f.srv)
	defer ts.Close()
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer cancel()
	g := f.byKind["amazons"]
	url := ts.URL + f.srv.Path(g.ID) + "/events"
	a := openEvents(t, ctx, url)
	if n := viewersOf(t, a); n != 1 {
		t.Fatalf("first viewer sees %d", n)
	}
	b := openEvents(t, ctx, url)
	if n := viewersOf(t, a); n != 2 {
		t.Errorf("first viewer after the second came: %d", n)
	}
	if n := viewersOf(t, b); n != 2 {
		t.Errorf("second viewer: %d", n)
	}
	// Another game's change reaches neither; this game's reaches both.
	other := f.byKind["fanorona"]
	f.play(t, other, 1, 0)
	f.srv.GameChanged(other.ID)
	g = f.play(t, g, 1, 9)
	f.srv.GameChanged(g.ID)
	for i, s := range []*sse{a, b} {
		name, data := s.next(t)
		var st State
		if err := json.Unmarshal([]byte(data), &st); name != "state" || err != nil {
			t.Fatalf("viewer %d: %s %v", i, name, err)
		}
		if st.Kind != "amazons" || st.Revision != g.Revision || len(st.Board.Plies) != 3 || st.Viewers != 2 {
			t.Errorf("viewer %d: kind %s rev %d (want %d), %d plies, %d viewers", i, st.Kind, st.Revision, g.Revision, len(st.Board.Plies), st.Viewers)
		}
	}
	if n := f.srv.Viewers(g.ID); n != 2 {
		t.Errorf("Viewers %d", n)
	}
	b.body.Close()
	if n := viewersOf(t, a); n != 1 {
		t.Errorf("after the second left: %d", n)
	}
}

// TestFirstLoadSize measures the first load: the page, its script and
// its style, compressed, under 100 KB.
func TestFirstLoadSize(t *testing.T) {
	f := newFixture(t, map[game.Kind]int{"veletas": 2})
	page := get(t, f.srv, f.srv.Path(f.byKind["veletas"].ID)).Body.Bytes()
	js, _ := assetFS.ReadFile("assets/app.js")
	css, _ := assetFS.ReadFile("assets/app.css")
	total, raw := 0, 0
	for _, b := range [][]byte{page, js, css} {
		var buf bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
		zw.Write(b)
		zw.Close()
		total += buf.Len()
		raw += len(b)
	}
	t.Logf("first load: %d bytes, %d gzipped (page %d, js %d, css %d raw)", raw, total, len(page), len(js), len(css))
	if total > 100*1024 || total < 1000 {
		t.Errorf("first load %d bytes gzipped, want under 100 KB", total)
	}
}

// gateUsers blocks Names, once armed, until the gate opens.
type gateUsers struct {
	mu      sync.Mutex
	gate    chan struct{}
	entered chan struct{}
}

func (u *gateUsers) Names(_ context.Context, ids []string) map[string]User {
	u.mu.Lock()
	gate, entered := u.gate, u.entered
	u.mu.Unlock()
	if gate != nil {
		select {
		case entered <- struct{}{}:
		default:
		}
		<-gate
	}
	return map[string]User{}
}

// TestSlowLoadHoldsNobody checks that a state slow to load (the players'
// names from Discord) holds up neither the pages of other games nor new
// pages, and that changes made meanwhile reach the page.
func TestSlowLoadHoldsNobody(t *testing.T) {
	users := &gateUsers{}
	f := newFixture(t, map[game.Kind]int{"amazons": 1, "fanorona": 1}, func(o *Options) { o.Users = users })
	ts := httptest.NewServer(f.srv)
	defer ts.Close()
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer cancel()
	a := f.byKind["amazons"]
	evA := openEvents(t, ctx, ts.URL+f.srv.Path(a.ID)+"/events")
	if n := viewersOf(t, evA); n != 1 {
		t.Fatalf("viewers %d", n)
	}
	gate := make(chan struct{})
	users.mu.Lock()
	users.gate, users.entered = gate, make(chan struct{}, 1)
	entered := users.entered
	users.mu.Unlock()
	a = f.play(t, a, 1, 0)
	f.srv.GameChanged(a.ID)
	<-entered // the loader is held
	a = f.play(t, a, 1, 1)
	f.srv.GameChanged(a.ID)
	f.srv.GameChanged(a.ID)

	b := f.byKind["fanorona"]
	evB := openEvents(t, ctx, ts.URL+f.srv.Path(b.ID)+"/events")
	if n := viewersOf(t, evB); n != 1 {
		t.Fatalf("another game's page while a load is held: viewers %d", n)
	}
	close(gate)
	// The held load's state, then one more for the changes made meanwhile
	// (or only the latter: a page is owed the latest state, not each).
	var last State
	for last.Revision != a.Revision {
		name, data := evA.next(t)
		if name != "state" {
			t.Fatalf("event %s", name)
		}
		if err := json.Unmarshal([]byte(data), &last); err != nil {
			t.Fatal(err)
		}
	}
}

// TestFinishedGame checks a finished game's page: its state says who won
// and how, with no turn and no time left, and its board is the last one.
func TestFinishedGame(t *testing.T) {
	f := newFixture(t, map[game.Kind]int{"veletas": 5})
	g := f.byKind["veletas"]
	g, err := f.db.Resign(t.Context(), g.Guild, g.Channel, "bob")
	if err != nil {
		t.Fatal(err)
	}
	if w := get(t, f.srv, f.srv.Path(g.ID)); w.Code != 200 {
		t.Fatalf("page of a finished game: %d", w.Code)
	}
	var st State
	if err := json.Unmarshal(get(t, f.srv, f.srv.Path(g.ID)+"/state").Body.Bytes(), &st); err != nil {
		t.Fatal(err)
	}
	if !st.Over || st.Winner != 0 || st.Reason != "resignation" || st.ToAct != game.NoSeat || st.Deadline != nil {
		t.Errorf("finished game: over %v winner %d reason %q to act %d deadline %v", st.Over, st.Winner, st.Reason, st.ToAct, st.Deadline)
	}
	if st.Board == nil || len(st.Board.Plies) != 5 {
		t.Errorf("finished game's board: %+v", st.Board)
	}
}
