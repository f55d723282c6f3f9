package discord

import (
	"bufio"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net"
	"net/http"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/bot/internal/bottest"
)

// badBody is what each unsigned request of TestHTTPBadBodiesMemoryFlat
// sends: over MaxInteractionBody, far under the 1 MB read before.
var badBody = []byte(strings.Repeat("x", 96<<10))

// TestHTTPBadBodiesMemoryFlat opens 2,000 connections at once, each a
// POST /interactions with well-formed signature headers (a random
// signature, a current timestamp) and a chunked body of 96 KiB that is
// never finished, as an attacker holding the endpoint's memory would.
// Every one gets 401 (the body is over the limit: read no further) or
// 503 (no slot to read it in time), none reaches the core, and the heap
// in use stays within 64 MiB of where it was: the bodies being read hold
// at most MaxBodiesReading buffers. Before the limits, each request held
// what it had sent (96 KiB, in a buffer grown to 128 KiB) until the
// server's 10 s read timeout: about 300 MiB at the peak.
func TestHTTPBadBodiesMemoryFlat(t *testing.T) {
	if testing.Short() {
		t.Skip("2,000 connections")
	}
	e := bottest.NewEnv(t, bot.Config{})
	h := &countingHandler{Handler: e.Bot}
	he := newHTTPEnv(t, h, e)
	addr := he.ep.Addr().String()
	const n = 2000

	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	peak := make(chan uint64)
	stop := make(chan struct{})
	go func() { // samples the heap in use while the requests run
		var max uint64
		var ms runtime.MemStats
		tick := time.NewTicker(10 * time.Millisecond)
		defer tick.Stop()
		for {
			runtime.ReadMemStats(&ms)
			if ms.HeapInuse > max {
				max = ms.HeapInuse
			}
			select {
			case <-stop:
				peak <- max
				return
			case <-tick.C:
			}
		}
	}()

	var wg sync.WaitGroup
	statuses := make(chan int, n)
	errs := make(chan error, n)
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			status, err := holdBadBody(addr)
			if err != nil {
				errs <- err
				return
			}
			statuses <- status
		}()
	}
	wg.Wait()
	close(stop)
	maxHeap := <-peak
	close(statuses)
	close(errs)
	var after runtime.MemStats
	runtime.ReadMemStats(&after)

	for err := range errs {
		t.Fatal(err)
	}
	count := map[int]int{}
	for s := range statuses {
		count[s]++
	}
	if count[http.StatusUnauthorized]+count[http.StatusServiceUnavailable] != n {
		t.Fatalf("statuses %v, want only 401 and 503", count)
	}
	if h.n.Load() != 0 {
		t.Fatalf("%d requests reached the core", h.n.Load())
	}
	grew := int64(maxHeap) - int64(before.HeapInuse)
	t.Logf("%d bad requests: statuses %v; heap in use %d KiB before, %d KiB at the peak (+%d KiB); %d KiB allocated per request",
		n, count, before.HeapInuse>>10, maxHeap>>10, grew>>10, (after.TotalAlloc-before.TotalAlloc)/n>>10)
	if grew > 64<<20 {
		t.Fatalf("the heap in use grew by %d MiB under %d bad requests, want under 64 MiB", grew>>20, n)
	}
}

// holdBadBody sends an unsigned interaction whose chunked body of
// badBody is never finished, and returns the status of the answer.
func holdBadBody(addr string) (int, error) {
	c, err := net.Dial("tcp", addr)
	if err != nil {
		return 0, err
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(2 * time.Minute)) // a bound for a broken run, not a wait
	sig := make([]byte, 64)
	rand.Read(sig)
	head := "POST /interactions HTTP/1.1\r\nHost: bot\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n" +
		"X-Signature-Ed25519: " + hex.EncodeToString(sig) + "\r\nX-Signature-Timestamp: " + strconv.FormatInt(time.Now().Unix(), 10) + "\r\n\r\n" +
		fmt.Sprintf("%x\r\n", len(badBody))
	// The server may answer (503) and stop reading before the body is
	// all sent: a failed write is then expected, the answer is what
	// counts.
	if _, err := c.Write([]byte(head)); err == nil {
		c.Write(badBody)
	}
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		return 0, fmt.Errorf("reading the answer: %w", err)
	}
	resp.Body.Close()
	return resp.StatusCode, nil
}

// TestHTTPBodySlots: while MaxBodiesReading bodies are being read, one
// more request waits at most slotWait for a slot and is then answered
// 503 with Retry-After, without its body read; once a slot is free a
// well-signed request is answered again.
func TestHTTPBodySlots(t *testing.T) {
	e := bottest.NewEnv(t, bot.Config{})
	h := &countingHandler{Handler: e.Bot}
	he := newHTTPEnv(t, h, e)
	he.ep.slotWait = 0
	var held [][]byte
	for range MaxBodiesReading {
		buf, ok := he.ep.takeSlot(t.Context())
		if !ok || len(buf) != MaxInteractionBody+1 {
			t.Fatalf("slot %d: %v, buffer of %d", len(held), ok, len(buf))
		}
		held = append(held, buf)
	}
	body := []byte(`{"id":"8101","application_id":"1","type":1,"token":"tok-8101","version":1}`)
	ts := he.post.Timestamp()
	req, _ := http.NewRequest(http.MethodPost, he.post.URL, strings.NewReader(string(body)))
	req.Header.Set("X-Signature-Ed25519", he.post.Sign(ts, body))
	req.Header.Set("X-Signature-Timestamp", ts)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") != "1" {
		t.Fatalf("with every slot taken: %d, Retry-After %q; want 503 and 1", resp.StatusCode, resp.Header.Get("Retry-After"))
	}
	he.ep.slots <- held[0]
	// The PING was not read, so its id is not taken: sent again, it is
	// answered.
	if status, resp, err := he.post.Do(body, he.post.Sign(ts, body), ts); err != nil || status != http.StatusOK {
		t.Fatalf("with a slot free: %d %s %v", status, resp, err)
	}
}
