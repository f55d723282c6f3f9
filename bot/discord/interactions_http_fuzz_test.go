package discord

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/internal/fakediscord"
)

// replyHandler answers every request with a short text, and counts them.
type replyHandler struct{ n atomic.Int64 }

func (h *replyHandler) Handle(context.Context, bot.Request) bot.Reply {
	h.n.Add(1)
	return bot.Reply{Text: "handled", Ephemeral: true}
}

func (h *replyHandler) Autocomplete(context.Context, bot.Request) []bot.Choice {
	h.n.Add(1)
	return nil
}

// FuzzHTTPSignature posts arbitrary bodies, signatures and timestamps to
// the endpoint, some signed with the right key and then possibly
// altered: nothing panics, a request that is not exactly what the key
// signed (or whose timestamp is stale) gets 401 and never reaches the
// core, only a well-signed one may get a 2xx, and none gets 503 (a
// well-signed body that is not an interaction the bot takes gets 400).
func FuzzHTTPSignature(f *testing.F) {
	now := time.Date(2026, 11, 23, 22, 0, 0, 0, time.UTC)
	ts := strconv.FormatInt(now.Unix(), 10)
	u := fakediscord.User{ID: "200000000000000011", Name: "alice"}
	cmd, _ := json.Marshal(fakediscord.Command("1", "g1", "c1", u, fakediscord.NoThreads, "help", nil))
	f.Add(cmd, "", ts, true, uint32(0))
	f.Add(cmd, "", ts, true, uint32(7))
	f.Add(cmd, "", strconv.FormatInt(now.Unix()-301, 10), true, uint32(0))
	f.Add(cmd, "", strconv.FormatInt(now.Unix()+11, 10), true, uint32(0))
	f.Add(cmd, "", " "+ts, true, uint32(0))
	f.Add([]byte(`{"type":1}`), "", ts, true, uint32(0))
	f.Add([]byte(`{"type":1}`), "00", ts, false, uint32(0))
	f.Add([]byte(`not json`), "", ts, true, uint32(0))
	f.Add([]byte{}, "", "", false, uint32(0))
	f.Add([]byte(`null`), "", ts, true, uint32(0))
	f.Add([]byte(`{"id":"5","type":99}`), "", ts, true, uint32(0))
	f.Add([]byte(`{"id":"6","type":5,"data":{}}`), "", ts, true, uint32(0))
	f.Add([]byte(`{"id":7,"type":"2"}`), "", ts, true, uint32(0))

	seed := bytes.Repeat([]byte{7}, ed25519.SeedSize)
	key := ed25519.NewKeyFromSeed(seed)
	h := &replyHandler{}
	d, err := New(testToken, "http://127.0.0.1:1", h, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		f.Fatal(err)
	}
	d.defaults()
	d.DeferAfter = time.Hour // answers in the HTTP response: no REST call
	ep := NewHTTPEndpoint(d, key.Public().(ed25519.PublicKey), nil)
	ep.Now = func() time.Time { return now }

	f.Fuzz(func(t *testing.T, body []byte, sig, ts string, sign bool, flip uint32) {
		flipped := false
		if sign {
			sig = hex.EncodeToString(ed25519.Sign(key, append([]byte(ts), body...)))
			if flip > 0 && len(body) > 0 {
				body = append([]byte(nil), body...)
				body[int(flip)%len(body)] ^= 1 << (flip % 8)
				flipped = true
			}
		}
		req := httptest.NewRequest(http.MethodPost, "/interactions", bytes.NewReader(body))
		if sig != "" {
			req.Header.Set("X-Signature-Ed25519", sig)
		}
		req.Header.Set("X-Signature-Timestamp", ts)
		before := h.n.Load()
		w := httptest.NewRecorder()
		ep.ServeHTTP(w, req)
		sec, perr := strconv.ParseInt(ts, 10, 64)
		fresh := perr == nil && sec >= now.Unix()-300 && sec <= now.Unix()+10
		good := sign && !flipped && fresh && len(body) <= MaxInteractionBody
		if !good {
			if w.Code != http.StatusUnauthorized {
				t.Fatalf("status %d for a bad signature (sign %v flipped %v ts %q): %s", w.Code, sign, flipped, ts, w.Body)
			}
			if h.n.Load() != before {
				t.Fatal("a badly signed request reached the core")
			}
		}
		if w.Code/100 == 2 && !good {
			t.Fatalf("2xx for a bad request")
		}
		if w.Code == http.StatusServiceUnavailable {
			// The adapter is open and a slot is free: 503 would say it
			// is shutting down or busy, which it is not.
			t.Fatalf("503 for %q: %s", body, w.Body)
		}
	})
}
