package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/veletasbot/veletas/bot/games"
	"github.com/veletasbot/veletas/game"
	"github.com/veletasbot/veletas/internal/fakediscord"
	"github.com/veletasbot/veletas/store/etcdtest"
	"github.com/veletasbot/veletas/web"
	clientv3 "go.etcd.io/etcd/client/v3"
)

// pageStream is a page's event stream read by a test: the last viewer
// count and revision it was told, and a signal on each event.
type pageStream struct {
	viewers, rev atomic.Int64
	ended        atomic.Bool
}

// openStream opens the event stream of a page (its path on base) and
// reads it until ctx ends; each event signals on got.
func openStream(t *testing.T, ctx context.Context, base, path string, got chan<- struct{}, wg *sync.WaitGroup) *pageStream {
	t.Helper()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, base+path+"/events", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK {
		resp.Body.Close()
		t.Fatalf("events on %s: %d", base, resp.StatusCode)
	}
	s := &pageStream{}
	s.viewers.Store(-1)
	wg.Add(1)
	go func() {
		defer wg.Done()
		defer resp.Body.Close()
		defer func() {
			s.ended.Store(true)
			select {
			case got <- struct{}{}:
			default:
			}
		}()
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(nil, 1<<20)
		event := ""
		for sc.Scan() {
			l := sc.Text()
			switch {
			case strings.HasPrefix(l, "event: "):
				event = strings.TrimPrefix(l, "event: ")
				continue
			case !strings.HasPrefix(l, "data: "):
				continue
			}
			var d struct {
				Viewers  int `json:"viewers"`
				Revision int `json:"revision"`
			}
			if json.Unmarshal([]byte(strings.TrimPrefix(l, "data: ")), &d) != nil {
				continue
			}
			switch event {
			case "viewers":
				s.viewers.Store(int64(d.Viewers))
			case "state":
				s.rev.Store(int64(d.Revision))
			}
			select {
			case got <- struct{}{}:
			default:
			}
		}
	}()
	return s
}

// awaitStreams waits until every stream satisfies ok, woken by got,
// for up to 30 s.
func awaitStreams(t *testing.T, got <-chan struct{}, what string, streams []*pageStream, ok func(*pageStream) bool) {
	t.Helper()
	deadline := time.NewTimer(30 * time.Second)
	defer deadline.Stop()
	for {
		all := true
		var seen []string
		for _, s := range streams {
			seen = append(seen, fmt.Sprintf("viewers %d rev %d ended %v", s.viewers.Load(), s.rev.Load(), s.ended.Load()))
			all = all && ok(s)
		}
		if all {
			return
		}
		select {
		case <-got:
		case <-deadline.C:
			t.Fatalf("after 30 s, not %s: %v", what, seen)
		}
	}
}

// TestWebReplicas: two replicas (Mains in HTTP mode on one etcd cluster,
// sharing the web key) serve the pages of one game, two on A and three
// on B. Every page is told the count of 5; a move made through A's web
// board reaches B's pages as the new revision; when B closes (its lease
// revoked) A's pages are told 2.
func TestWebReplicas(t *testing.T) {
	c := etcdtest.Start(t)
	fake := fakediscord.New()
	defer fake.Close()
	fake.CheckConformance(t)
	p := fake.NewPoster("")
	keyFile := filepath.Join(t.TempDir(), "web.key")
	if err := os.WriteFile(keyFile, []byte(strings.Repeat("5e", 32)+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	start := func() *Main {
		m, _, _ := newMain(map[string]string{"DISCORD_TOKEN": token, "DISCORD_API_URL": fake.URL(),
			"DISCORD_PUBLIC_KEY": p.PublicKey(), "VELETAS_HTTP": "127.0.0.1:0"})
		m.BotConfig.RateBurst = -1
		m.WebIdentity = headerIdentity{}
		if err := m.ParseFlags(context.Background(), []string{"-store", c.URL("webreplicas"), "-guild", "900",
			"-public-url", "https://board.example.org", "-web-key-file", keyFile}); err != nil {
			t.Fatal(err)
		}
		if err := m.Run(context.Background()); err != nil {
			t.Fatal(err)
		}
		<-fake.Commands
		return m
	}
	a := start()
	defer a.Close()
	b := start()
	var closeB sync.Once
	defer closeB.Do(func() { b.Close() })
	baseA, baseB := "http://"+a.HTTP.Addr().String(), "http://"+b.HTTP.Addr().String()

	p.URL = baseA + "/interactions"
	post := func(in map[string]any) fakediscord.Message {
		t.Helper()
		if _, err := p.Post(in); err != nil {
			t.Fatal(err)
		}
		msg, err := fake.Next(in["id"].(string), 10*time.Second)
		if err != nil {
			t.Fatal(err)
		}
		return msg
	}
	ch := post(fakediscord.Command("3101", "900", "chan1", alice, fakediscord.NoThreads, "challenge",
		[]fakediscord.Option{fakediscord.UserOpt("opponent", bob.ID), fakediscord.Str("size", "7")}, bob))
	var accept string
	for _, bt := range ch.Buttons {
		if bt.Label == "Accept" {
			accept = bt.CustomID
		}
	}
	post(fakediscord.Press("3102", "900", "chan1", bob, fakediscord.NoThreads, ch.ID, accept))
	g, err := a.DB.ActiveGame(t.Context(), "900", "chan1")
	if err != nil {
		t.Fatal(err)
	}
	path := a.Web.Path(g.ID)
	if b.Web.Path(g.ID) != path {
		t.Fatal("the replicas make different links for one game")
	}

	ctx, cancel := context.WithCancel(t.Context())
	var wg sync.WaitGroup
	defer func() { cancel(); wg.Wait() }()
	got := make(chan struct{}, 1)
	var onA, onB []*pageStream
	for range 2 {
		onA = append(onA, openStream(t, ctx, baseA, path, got, &wg))
	}
	for range 3 {
		onB = append(onB, openStream(t, ctx, baseB, path, got, &wg))
	}
	all := append(append([]*pageStream{}, onA...), onB...)
	awaitStreams(t, got, "told 5 viewers", all, func(s *pageStream) bool { return s.viewers.Load() == 5 })
	if n := a.Web.Viewers(g.ID); n != 5 {
		t.Fatalf("A's Viewers: %d; want 5", n)
	}
	// In etcd: one key a replica under the game's, holding its count
	// alone (no user's ID).
	cli, err := c.Client()
	if err != nil {
		t.Fatal(err)
	}
	defer cli.Close()
	keys := func() map[string]string {
		r, err := cli.Get(t.Context(), "webreplicas/viewers/", clientv3.WithPrefix())
		if err != nil {
			t.Fatal(err)
		}
		m := map[string]string{}
		for _, kv := range r.Kvs {
			m[string(kv.Key)] = string(kv.Value)
		}
		return m
	}
	kv := keys()
	var values []string
	for k, v := range kv {
		if !strings.HasPrefix(k, fmt.Sprintf("webreplicas/viewers/%d/", g.ID)) || strings.Contains(k+v, alice.ID) || strings.Contains(k+v, bob.ID) {
			t.Errorf("viewer key %s = %s", k, v)
		}
		values = append(values, v)
	}
	slices.Sort(values)
	if !slices.Equal(values, []string{"2", "3"}) {
		t.Fatalf("viewer keys %v; want one holding 2 and one 3", kv)
	}
	t.Logf("viewer keys in etcd: %v", kv)

	// A move through A's web board.
	rules, _ := games.Registry().Get(g.Kind)
	pk := rules.(game.Pickable)
	var chosen []string
	var st game.Step
	for {
		if st, err = pk.Pick(g.State(), chosen); err != nil {
			t.Fatal(err)
		}
		if st.Done() {
			break
		}
		chosen = append(chosen, st.Options[len(st.Options)/2].Value)
	}
	body := fmt.Sprintf(`{"rev":%d,"action":%q}`, g.Revision, st.Action)
	req, _ := http.NewRequest("POST", baseA+path+"/act", strings.NewReader(body))
	req.Header.Set("X-Test-User", g.ToAct())
	req.Header.Set(web.CSRFHeader, "csrf-"+g.ToAct())
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	rb, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("the move %q on A: %d %s", st.Action, resp.StatusCode, rb)
	}
	want := int64(g.Revision + 1)
	awaitStreams(t, got, "shown the move's revision", all, func(s *pageStream) bool { return s.rev.Load() == want })

	// B closes: its lease is revoked, A's pages are told 2.
	closeB.Do(func() { b.Close() })
	awaitStreams(t, got, "told 2 viewers after B closed", onA, func(s *pageStream) bool { return s.viewers.Load() == 2 })
	awaitStreams(t, got, "ended on B", onB, func(s *pageStream) bool { return s.ended.Load() })
	if kv := keys(); len(kv) != 1 {
		t.Fatalf("after B closed, viewer keys %v; want A's alone", kv)
	}
}
