package main

import (
	"context"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/internal/fakediscord"
	"github.com/veletasbot/veletas/store"
	"github.com/veletasbot/veletas/store/etcdtest"
)

// lineSignal is a writer that keeps what is written and sends on ch each
// time a write holds want.
type lineSignal struct {
	buf  *syncBuf
	want string
	ch   chan struct{}
}

func (w lineSignal) Write(p []byte) (int, error) {
	if strings.Contains(string(p), w.want) {
		select {
		case w.ch <- struct{}{}:
		default:
		}
	}
	return w.buf.Write(p)
}

// stopQuorum stops two members of c's three: the cluster has no quorum.
func stopQuorum(t *testing.T, c *etcdtest.Cluster) {
	t.Helper()
	for _, i := range []int{1, 2} {
		if err := c.StopMember(i); err != nil {
			t.Fatal(err)
		}
	}
}

// TestConsoleSweepNoQuorum runs the console on an etcd store whose
// cluster loses its quorum: each line's sweep gives up after the bot's
// SweepPingTimeout, logging that the store does not answer, instead of
// waiting for the store's timeout (20 s here) twice before every line.
func TestConsoleSweepNoQuorum(t *testing.T) {
	c := etcdtest.Start(t)
	dir := t.TempDir()
	m, _, logs := newMain(nil)
	out := &syncBuf{}
	later := make(chan struct{}, 1)
	m.Stdout = lineSignal{out, "later", later}
	if err := m.ParseFlags(context.Background(), []string{"console", "-store", c.URL("console"), "-out", filepath.Join(dir, "img")}); err != nil {
		t.Fatal(err)
	}
	m.StoreOptions = &store.Options{EtcdTimeout: 20 * time.Second}
	in, w := io.Pipe()
	m.Stdin = in
	done := make(chan error, 1)
	go func() { done <- m.Run(context.Background()) }()
	defer m.Close()
	if _, err := io.WriteString(w, "wait 1h\n"); err != nil {
		t.Fatal(err)
	}
	select {
	case <-later:
	case err := <-done:
		t.Fatalf("the console ended: %v\n%s", err, out.String())
	case <-time.After(30 * time.Second):
		t.Fatalf("the first line was not played:\n%s", out.String())
	}
	stopQuorum(t, c)
	start := time.Now()
	if _, err := io.WriteString(w, "wait 1h\nwait 1h\n"); err != nil {
		t.Fatal(err)
	}
	w.Close()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	took := time.Since(start)
	if n := strings.Count(out.String(), "1 hour later"); n != 3 {
		t.Fatalf("%d lines played, want 3:\n%s", n, out.String())
	}
	if !strings.Contains(logs.String(), "the store does not answer; sweep skipped") {
		t.Fatalf("the skipped sweep is not logged:\n%s", logs.String())
	}
	if took >= 15*time.Second { // before: two store timeouts of 20 s a line
		t.Fatalf("two lines took %v without a quorum", took)
	}
	t.Logf("two console lines without a quorum: %v", took.Round(time.Millisecond))
}

// TestHealthzNoQuorum runs the bot in HTTP mode on an etcd store whose
// cluster loses its quorum: /healthz still answers 200 (the process
// lives: a liveness probe must not restart it for the store's outage),
// /readyz answers 503 within its deadline (the store's timeout is 20 s
// here), and both 200 once the members are back.
func TestHealthzNoQuorum(t *testing.T) {
	c := etcdtest.Start(t)
	fake := fakediscord.New()
	defer fake.Close()
	p := fake.NewPoster("")
	m, _, _ := newMain(map[string]string{"DISCORD_TOKEN": token, "DISCORD_API_URL": fake.URL(),
		"DISCORD_PUBLIC_KEY": p.PublicKey(), "VELETAS_HTTP": "127.0.0.1:0"})
	if err := m.ParseFlags(context.Background(), []string{"-store", c.URL("healthz"), "-guild", "900"}); err != nil {
		t.Fatal(err)
	}
	m.StoreOptions = &store.Options{EtcdTimeout: 20 * time.Second}
	if err := m.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	get := func(path string) (int, string, time.Duration) {
		t.Helper()
		start := time.Now()
		resp, err := http.Get("http://" + m.HTTP.Addr().String() + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b), time.Since(start)
	}
	for _, path := range []string{"/healthz", "/readyz"} {
		if code, body, _ := get(path); code != http.StatusOK {
			t.Fatalf("%s: %d %s", path, code, body)
		}
	}
	stopQuorum(t, c)
	if code, body, _ := get("/healthz"); code != http.StatusOK || body != "ok\n" {
		t.Fatalf("healthz without a quorum: %d %s", code, body)
	}
	code, body, took := get("/readyz")
	if code != http.StatusServiceUnavailable || !strings.Contains(body, "does not answer") {
		t.Fatalf("readyz without a quorum: %d %s", code, body)
	}
	if took >= 10*time.Second { // before: the store's timeout, 20 s
		t.Fatalf("readyz without a quorum took %v", took)
	}
	t.Logf("readyz without a quorum: %d %q after %v", code, strings.TrimSpace(body), took.Round(time.Millisecond))
	for _, i := range []int{1, 2} {
		if err := c.StartMember(i); err != nil {
			t.Fatal(err)
		}
	}
	for _, path := range []string{"/healthz", "/readyz"} {
		if code, body, _ := get(path); code != http.StatusOK {
			t.Fatalf("%s after the members are back: %d %s", path, code, body)
		}
	}
}

// TestInteractionNoQuorum runs the bot in HTTP mode on an etcd store whose
// cluster loses its quorum, and sends a challenge through the fake
// Discord: the interaction is acknowledged (deferred) and then answered
// with the error saying that the store does not answer, both within
// Discord's 3 s (the store's own timeout is 20 s here), because the
// handler's context ends discord.HandlerMargin before that deadline;
// nothing is stored.
func TestInteractionNoQuorum(t *testing.T) {
	c := etcdtest.Start(t)
	fake := fakediscord.New()
	defer fake.Close()
	p := fake.NewPoster("")
	m, _, logs := newMain(map[string]string{"DISCORD_TOKEN": token, "DISCORD_API_URL": fake.URL(),
		"DISCORD_PUBLIC_KEY": p.PublicKey(), "VELETAS_HTTP": "127.0.0.1:0"})
	if err := m.ParseFlags(context.Background(), []string{"-store", c.URL("interaction"), "-guild", "900"}); err != nil {
		t.Fatal(err)
	}
	m.StoreOptions = &store.Options{EtcdTimeout: 20 * time.Second}
	if err := m.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	p.URL = "http://" + m.HTTP.Addr().String() + "/interactions"
	stopQuorum(t, c)

	in := fakediscord.Command("1001", "900", "chan1", alice, fakediscord.NoThreads, "challenge",
		[]fakediscord.Option{fakediscord.UserOpt("opponent", bob.ID), fakediscord.Str("size", "7")}, bob)
	start := time.Now()
	if _, err := p.Post(in); err != nil {
		t.Fatal(err)
	}
	first := time.Since(start)
	ack, err := fake.Next("1001", 5*time.Second)
	if err != nil || ack.Kind != "callback" {
		t.Fatalf("first response: %+v %v", ack, err)
	}
	reply := ack
	// Deferred: the answer comes after it (an ephemeral answer is a
	// follow-up, after the deferral's public placeholder is deleted).
	for reply.Type == 5 || reply.Kind == "delete" {
		if reply, err = fake.Next("1001", 30*time.Second); err != nil {
			t.Fatalf("no answer after the deferral: %v", err)
		}
	}
	answered := time.Since(start)
	if want := bot.Text("en-US", "err.unavailable"); !strings.Contains(reply.Text(), want) {
		t.Fatalf("answer during the outage: %+v; want %q", reply, want)
	}
	if first >= 3*time.Second || answered >= 3*time.Second {
		t.Fatalf("during the outage the first response took %v and the answer %v; Discord allows 3 s", first, answered)
	}
	if !strings.Contains(logs.String(), "the store does not answer") {
		t.Errorf("not logged for the operator:\n%s", logs)
	}
	t.Logf("during the outage: first response (type %d) after %v, answer after %v", ack.Type, first.Round(time.Millisecond), answered.Round(time.Millisecond))
	for _, i := range []int{1, 2} {
		if err := c.StartMember(i); err != nil {
			t.Fatal(err)
		}
	}
	if cs, err := m.DB.Challenges(t.Context(), "900", "chan1"); err != nil || len(cs) != 0 {
		t.Fatalf("after the outage: challenges %+v, %v; want none", cs, err)
	}
}
