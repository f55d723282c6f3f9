package web

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/veletasbot/veletas/game"
)

func gunzip(t *testing.T, b []byte) []byte {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("not gzip: %v", err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatalf("gzip: %v", err)
	}
	return out
}

func getWith(srv http.Handler, path string, header ...string) *httptest.ResponseRecorder {
	req := httptest.NewRequest("GET", path, nil)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	rec := httptest.NewRecorder()
	srv.ServeHTTP(rec, req)
	return rec
}

// TestAssetsCompressed asks each asset with and without gzip: gzip
// decodes to the embedded file, identity is the file, both say they
// vary by Accept-Encoding, and the entity tag asked again gets 304 and
// no body.
func TestAssetsCompressed(t *testing.T) {
	f := newFixture(t, map[game.Kind]int{"amazons": 1})
	defer f.srv.Close()
	for name, file := range map[string]string{assetNames.JS: "app.js", assetNames.CSS: "app.css"} {
		want, _ := assetFS.ReadFile("assets/" + file)
		path := "/assets/" + name
		gz := getWith(f.srv, path, "Accept-Encoding", "gzip, deflate, br")
		if gz.Code != 200 || gz.Header().Get("Content-Encoding") != "gzip" {
			t.Fatalf("%s with gzip: %d, Content-Encoding %q", file, gz.Code, gz.Header().Get("Content-Encoding"))
		}
		if got := gunzip(t, gz.Body.Bytes()); !bytes.Equal(got, want) {
			t.Errorf("%s: gzip decodes to %d bytes, not the asset's %d", file, len(got), len(want))
		}
		if gz.Body.Len() >= len(want)/2 {
			t.Errorf("%s: gzip %d bytes of %d", file, gz.Body.Len(), len(want))
		}
		id := getWith(f.srv, path)
		if id.Code != 200 || id.Header().Get("Content-Encoding") != "" || !bytes.Equal(id.Body.Bytes(), want) {
			t.Errorf("%s without gzip: %d, Content-Encoding %q, %d bytes (want the asset's %d)", file, id.Code, id.Header().Get("Content-Encoding"), id.Body.Len(), len(want))
		}
		refused := getWith(f.srv, path, "Accept-Encoding", "gzip;q=0, br")
		if refused.Header().Get("Content-Encoding") != "" {
			t.Errorf("%s: gzip;q=0 got %q", file, refused.Header().Get("Content-Encoding"))
		}
		for _, rec := range []*httptest.ResponseRecorder{gz, id} {
			h := rec.Header()
			if h.Get("Vary") != "Accept-Encoding" || h.Get("ETag") == "" || !strings.Contains(h.Get("Cache-Control"), "immutable") {
				t.Errorf("%s: Vary %q, ETag %q, Cache-Control %q", file, h.Get("Vary"), h.Get("ETag"), h.Get("Cache-Control"))
			}
		}
		if gz.Header().Get("ETag") == id.Header().Get("ETag") {
			t.Errorf("%s: gzip and identity share the ETag %s", file, gz.Header().Get("ETag"))
		}
		again := getWith(f.srv, path, "Accept-Encoding", "gzip", "If-None-Match", gz.Header().Get("ETag"))
		if again.Code != http.StatusNotModified || again.Body.Len() != 0 {
			t.Errorf("%s with its ETag: %d, %d bytes", file, again.Code, again.Body.Len())
		}
	}
	if rec := getWith(f.srv, "/assets/app.0000.js", "Accept-Encoding", "gzip"); rec.Code != 404 {
		t.Errorf("an unknown asset: %d", rec.Code)
	}
}

// TestPagesCompressed asks a page and its state with gzip (they come
// gzipped and decode to what comes without), and the event stream with
// gzip over a real connection (it comes as it is, and its events arrive).
func TestPagesCompressed(t *testing.T) {
	now := time.Date(2026, 11, 28, 6, 0, 0, 0, time.UTC)
	f := newFixture(t, map[game.Kind]int{"amazons": 6}, func(o *Options) { o.Now = func() time.Time { return now } })
	defer f.srv.Close()
	g := f.byKind["amazons"]
	for _, path := range []string{f.srv.Path(g.ID), f.srv.Path(g.ID) + "/state"} {
		gz := getWith(f.srv, path, "Accept-Encoding", "gzip")
		id := getWith(f.srv, path)
		if gz.Code != 200 || gz.Header().Get("Content-Encoding") != "gzip" || gz.Header().Get("Vary") != "Accept-Encoding" {
			t.Fatalf("%s with gzip: %d, Content-Encoding %q, Vary %q", path, gz.Code, gz.Header().Get("Content-Encoding"), gz.Header().Get("Vary"))
		}
		if id.Header().Get("Content-Encoding") != "" || id.Body.Len() < minGzip {
			t.Fatalf("%s without gzip: Content-Encoding %q, %d bytes", path, id.Header().Get("Content-Encoding"), id.Body.Len())
		}
		if got := gunzip(t, gz.Body.Bytes()); !bytes.Equal(got, id.Body.Bytes()) {
			t.Errorf("%s: gzip decodes to %d bytes, unlike the %d without", path, len(got), id.Body.Len())
		}
	}
	// A short response (the 404 of an unknown ply) is sent as it is.
	if rec := getWith(f.srv, f.srv.Path(g.ID)+"/ply/x", "Accept-Encoding", "gzip"); rec.Code != 404 || rec.Header().Get("Content-Encoding") != "" {
		t.Errorf("a short 404: %d, Content-Encoding %q", rec.Code, rec.Header().Get("Content-Encoding"))
	}

	ts := httptest.NewServer(f.srv)
	defer ts.Close()
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", ts.URL+f.srv.Path(g.ID)+"/events", nil)
	req.Header.Set("Accept-Encoding", "gzip") // set by hand: the client does not decode it
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if ce := resp.Header.Get("Content-Encoding"); ce != "" {
		t.Fatalf("the event stream is encoded %q", ce)
	}
	ev := &sse{r: bufio.NewReader(resp.Body), body: resp.Body}
	if n := viewersOf(t, ev); n != 1 {
		t.Errorf("the event stream's first count: %d", n)
	}
	var st State
	if err := json.Unmarshal(gz(t, f, g.ID), &st); err != nil || st.Revision != g.Revision {
		t.Errorf("state: revision %d, want %d (%v)", st.Revision, g.Revision, err)
	}
}

func gz(t *testing.T, f *fixture, id uint64) []byte {
	t.Helper()
	return gunzip(t, getWith(f.srv, f.srv.Path(id)+"/state", "Accept-Encoding", "gzip").Body.Bytes())
}

func FuzzAcceptsGzip(f *testing.F) {
	for _, s := range []string{"", "gzip", "gzip, deflate, br", "br;q=1, gzip;q=0", "*", "*;q=0", "identity",
		"GZIP;Q=0.5", "x-gzip", "gzip;q=abc", "*, gzip;q=0", "gzip;q=0, gzip", ";;,,=", "gzip;q=1e400"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, h string) {
		got := acceptsGzip(h)
		if !strings.Contains(strings.ToLower(h), "gzip") && !strings.Contains(h, "*") && got {
			t.Errorf("%q names neither gzip nor *, yet accepts gzip", h)
		}
	})
}

func FuzzETagMatches(f *testing.F) {
	for _, s := range []string{"", `"abc"`, `W/"abc"`, `"x", "abc"`, "*", `"abc-gz"`, ",,", `W/`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, h string) {
		if etagMatches(h, `"abc"`) && !strings.Contains(h, `"abc"`) && !strings.Contains(h, "*") {
			t.Errorf("%q matches \"abc\"", h)
		}
	})
}

func TestAcceptsGzip(t *testing.T) {
	for h, want := range map[string]bool{"": false, "gzip": true, "gzip, deflate, br": true, "br;q=1, gzip;q=0": false,
		"*": true, "*;q=0": false, "identity": false, "GZIP;Q=0.5": true, "x-gzip": true, "gzip;q=abc": false,
		"*, gzip;q=0": false, "deflate, *;q=0.1": true} {
		if got := acceptsGzip(h); got != want {
			t.Errorf("acceptsGzip(%q) = %v, want %v", h, got, want)
		}
	}
}
