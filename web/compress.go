package web

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"strconv"
	"strings"
	"sync"
)

// compressedAsset is an embedded asset with its gzip encoding, made once
// at start, and the entity tags of both.
type compressedAsset struct {
	ctype        string
	raw, gz      []byte
	etag, gzEtag string
}

// compressedAssets are the embedded assets by their served name (with
// its content hash: assetNames).
var compressedAssets = func() map[string]*compressedAsset {
	m := map[string]*compressedAsset{}
	for _, a := range []struct{ name, file, ctype string }{
		{assetNames.JS, "app.js", "text/javascript; charset=utf-8"},
		{assetNames.CSS, "app.css", "text/css; charset=utf-8"},
		{assetNames.ActivityJS, "activity.js", "text/javascript; charset=utf-8"},
	} {
		raw, err := assetFS.ReadFile("assets/" + a.file)
		if err != nil {
			panic(err)
		}
		var buf bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
		_, _ = zw.Write(raw)
		_ = zw.Close()
		sum := sha256.Sum256(raw)
		tag := hex.EncodeToString(sum[:12])
		m[a.name] = &compressedAsset{ctype: a.ctype, raw: raw, gz: buf.Bytes(),
			etag: `"` + tag + `"`, gzEtag: `"` + tag + `-gz"`}
	}
	return m
}()

// serveAsset serves an embedded asset, gzipped when the request accepts
// it, as immutable (its name holds its hash), answering a request that
// names its entity tag with 304 Not Modified; false for an unknown name.
func serveAsset(w http.ResponseWriter, r *http.Request, name string) bool {
	a := compressedAssets[name]
	if a == nil {
		return false
	}
	h := w.Header()
	h.Set("Content-Type", a.ctype)
	h.Set("Cache-Control", "public, max-age=31536000, immutable")
	h.Add("Vary", "Accept-Encoding")
	body, tag := a.raw, a.etag
	if acceptsGzip(r.Header.Get("Accept-Encoding")) {
		body, tag = a.gz, a.gzEtag
		h.Set("Content-Encoding", "gzip")
	}
	h.Set("ETag", tag)
	if inm := r.Header.Get("If-None-Match"); inm != "" && etagMatches(inm, tag) {
		h.Del("Content-Encoding")
		w.WriteHeader(http.StatusNotModified)
		return true
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	if r.Method != http.MethodHead {
		_, _ = w.Write(body)
	}
	return true
}

// etagMatches reports whether an If-None-Match header names tag (or is
// "*"); weak tags match their strong form.
func etagMatches(header, tag string) bool {
	for t := range strings.SplitSeq(header, ",") {
		t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
		if t == tag || t == "*" {
			return true
		}
	}
	return false
}

// acceptsGzip reports whether an Accept-Encoding header allows gzip: it
// names gzip (or x-gzip, or *) with a quality above zero, and no
// gzip;q=0 rules it out.
func acceptsGzip(header string) bool {
	star, gz := false, -1 // gz: -1 unnamed, 0 refused, 1 accepted
	for part := range strings.SplitSeq(header, ",") {
		coding, params, _ := strings.Cut(part, ";")
		coding = strings.ToLower(strings.TrimSpace(coding))
		ok := true
		for p := range strings.SplitSeq(params, ";") {
			k, v, found := strings.Cut(strings.TrimSpace(p), "=")
			if found && strings.EqualFold(strings.TrimSpace(k), "q") {
				q, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
				ok = err == nil && q > 0
			}
		}
		switch coding {
		case "gzip", "x-gzip":
			if ok {
				gz = 1
			} else if gz < 1 {
				gz = 0
			}
		case "*":
			star = ok
		}
	}
	if gz >= 0 {
		return gz == 1
	}
	return star
}

// minGzip is the size under which a page or JSON response is sent as is:
// gzip's header and the work would not pay.
const minGzip = 1024

var gzipWriters = sync.Pool{New: func() any {
	zw, _ := gzip.NewWriterLevel(nil, gzip.DefaultCompression)
	return zw
}}

// serveCompressed serves r by next, gzipping the response when the
// request accepts it, it is at least minGzip bytes, and next did not
// encode it itself. Event streams are served as they are, unwrapped, so
// that their flushes reach the page.
func serveCompressed(next http.Handler, w http.ResponseWriter, r *http.Request) {
	if strings.HasSuffix(r.URL.Path, "/events") || strings.HasPrefix(r.URL.Path, "/assets/") {
		next.ServeHTTP(w, r)
		return
	}
	w.Header().Add("Vary", "Accept-Encoding")
	if !acceptsGzip(r.Header.Get("Accept-Encoding")) {
		next.ServeHTTP(w, r)
		return
	}
	gw := &gzipResponse{rw: w, status: http.StatusOK}
	defer gw.finish()
	next.ServeHTTP(gw, r)
}

// gzipResponse holds back a response's first minGzip bytes, then sends
// it gzipped, or as it is if it ends before or is already encoded.
type gzipResponse struct {
	rw      http.ResponseWriter
	status  int
	buf     []byte
	zw      *gzip.Writer
	started bool // the header is sent
}

func (g *gzipResponse) Header() http.Header { return g.rw.Header() }

func (g *gzipResponse) WriteHeader(code int) {
	if !g.started {
		g.status = code
	}
}

func (g *gzipResponse) Write(p []byte) (int, error) {
	switch {
	case g.zw != nil:
		return g.zw.Write(p)
	case g.started:
		return g.rw.Write(p)
	}
	g.buf = append(g.buf, p...)
	if len(g.buf) < minGzip {
		return len(p), nil
	}
	g.started = true
	h := g.rw.Header()
	if h.Get("Content-Encoding") == "" && !strings.HasPrefix(h.Get("Content-Type"), "text/event-stream") {
		h.Set("Content-Encoding", "gzip")
		h.Del("Content-Length")
		g.zw = gzipWriters.Get().(*gzip.Writer)
		g.zw.Reset(g.rw)
		g.rw.WriteHeader(g.status)
		if _, err := g.zw.Write(g.buf); err != nil {
			return 0, err
		}
		return len(p), nil
	}
	g.rw.WriteHeader(g.status)
	if _, err := g.rw.Write(g.buf); err != nil {
		return 0, err
	}
	return len(p), nil
}

// finish ends the gzip stream, or sends the short response as it is.
func (g *gzipResponse) finish() {
	if g.zw != nil {
		_ = g.zw.Close()
		g.zw.Reset(nil)
		gzipWriters.Put(g.zw)
		return
	}
	if !g.started {
		g.started = true
		g.rw.WriteHeader(g.status)
		if len(g.buf) > 0 {
			_, _ = g.rw.Write(g.buf)
		}
	}
}
