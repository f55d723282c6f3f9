package discord

import (
	"bytes"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"

	"github.com/veletasbot/veletas/internal/fakediscord"
)

// BenchmarkHTTPInteraction measures the HTTP endpoint's own cost:
// "verify" is VerifyRequest alone (Ed25519 over a 1 kB command), "ping"
// a signed PING and "command" a signed command whose handler answers at
// once, each posted over loopback and answered in the HTTP response.
func BenchmarkHTTPInteraction(b *testing.B) {
	key := ed25519.NewKeyFromSeed(bytes.Repeat([]byte{3}, ed25519.SeedSize))
	u := fakediscord.User{ID: "200000000000000011", Name: "alice"}
	cmd := func(id string) []byte {
		body, _ := json.Marshal(fakediscord.Command(id, "g1", "c1", u, fakediscord.NoThreads, "help", nil))
		return body
	}
	sign := func(ts string, body []byte) string {
		return hex.EncodeToString(ed25519.Sign(key, append([]byte(ts), body...)))
	}

	b.Run("verify", func(b *testing.B) {
		body := cmd("1")
		now := time.Now()
		ts := strconv.FormatInt(now.Unix(), 10)
		sig := sign(ts, body)
		b.ReportAllocs()
		for b.Loop() {
			r := httptest.NewRequest(http.MethodPost, "/interactions", bytes.NewReader(body))
			r.Header.Set("X-Signature-Ed25519", sig)
			r.Header.Set("X-Signature-Timestamp", ts)
			if _, err := VerifyRequest(r, key.Public().(ed25519.PublicKey), now); err != nil {
				b.Fatal(err)
			}
		}
	})

	d, err := New(testToken, "http://127.0.0.1:1", &replyHandler{}, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		b.Fatal(err)
	}
	d.defaults()
	d.DeferAfter = time.Hour
	ep := NewHTTPEndpoint(d, key.Public().(ed25519.PublicKey), nil)
	if err := ep.Listen("127.0.0.1:0"); err != nil {
		b.Fatal(err)
	}
	defer ep.Close()
	url := "http://" + ep.Addr().String() + "/interactions"
	client := &http.Client{}
	post := func(b *testing.B, body []byte) {
		ts := strconv.FormatInt(time.Now().Unix(), 10)
		req, _ := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
		req.Header.Set("X-Signature-Ed25519", sign(ts, body))
		req.Header.Set("X-Signature-Timestamp", ts)
		resp, err := client.Do(req)
		if err != nil {
			b.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			b.Fatal(resp.Status)
		}
	}
	b.Run("ping", func(b *testing.B) {
		n := 0
		for b.Loop() { // each PING of a fresh id, as Discord sends them: a repeated one is a replay
			n++
			post(b, []byte(`{"id":"p`+strconv.Itoa(n)+`","type":1}`))
		}
	})
	b.Run("command", func(b *testing.B) {
		n := 0
		for b.Loop() {
			n++
			post(b, cmd(strconv.Itoa(n)))
		}
	})
}
