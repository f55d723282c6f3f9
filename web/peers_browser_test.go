package web

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/veletasbot/veletas/game"
	"github.com/veletasbot/veletas/game/amazons"
	"github.com/veletasbot/veletas/game/fanorona"
	"github.com/veletasbot/veletas/game/veletas"
	"github.com/veletasbot/veletas/store"
	"github.com/veletasbot/veletas/store/etcdtest"
)

// replica is a web Server on its own DB of a shared etcd store, linked
// to the others by store.Peers.
type replica struct {
	db    *store.DB
	srv   *Server
	peers *store.Peers
	ts    *httptest.Server
}

func startReplica(t *testing.T, url string, reg *game.Registry, name string) *replica {
	t.Helper()
	db, err := store.OpenURL(url, &store.Options{Games: reg})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	p, err := db.NewPeers(store.PeerOptions{Name: name})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	srv, err := New(Options{Key: testKey, Games: reg, Store: db, Users: &stubUsers{}, ViewerCounts: p})
	if err != nil {
		t.Fatal(err)
	}
	p.Run(srv)
	ts := httptest.NewServer(srv)
	t.Cleanup(ts.Close)
	t.Cleanup(func() { srv.Close() }) // ends the event streams, which ts.Close waits for
	return &replica{db: db, srv: srv, peers: p, ts: ts}
}

// TestBrowserReplicas: two web Servers on one etcd store, each with its
// store.Peers, and a chromium tab on each of one game's page: both show
// 2 watching; a move committed through A's store, told to neither
// Server, reaches both tabs through the store's watch; A's Peers closing
// (its lease revoked) leaves B's tab showing 1. The screenshot of B's
// tab after the move is written to testdata/screenshots with
// -update-screenshots.
func TestBrowserReplicas(t *testing.T) {
	c := etcdtest.Start(t)
	ctx := browser(t)
	reg, err := game.NewRegistry(veletas.Definition{}, fanorona.Definition{}, amazons.Definition{})
	if err != nil {
		t.Fatal(err)
	}
	url := c.URL("webreplicas")
	a := startReplica(t, url, reg, "a")
	b := startReplica(t, url, reg, "b")
	ch, err := a.db.CreateChallenge(t.Context(), store.Challenge{Guild: "guild", Channel: "chan", Challenger: "alice", Opponent: "bob", Kind: amazons.GameKind, MoveTime: 24 * time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	g, err := a.db.AcceptChallenge(t.Context(), ch.ID, "bob")
	if err != nil {
		t.Fatal(err)
	}
	path := a.srv.Path(g.ID)

	within(t, ctx, chromedp.EmulateViewport(1000, 800), chromedp.Navigate(a.ts.URL+path))
	waitFor(t, ctx, `document.getElementById('app').dataset.live === "1"`)
	tabB, closeB := chromedp.NewContext(ctx)
	defer closeB()
	if err := chromedp.Do(tabB); err != nil { // open the tab without a deadline
		t.Fatal(err)
	}
	within(t, tabB, chromedp.EmulateViewport(1000, 800), chromedp.Navigate(b.ts.URL+path))
	for _, tab := range []context.Context{ctx, tabB} {
		waitFor(t, tab, `document.getElementById('viewers').dataset.n === "2"`)
	}
	within(t, ctx, chromedp.Evaluate[chromedp.Void](`window.notReloaded = true`))
	within(t, tabB, chromedp.Evaluate[chromedp.Void](`window.notReloaded = true`))

	// A move through A's store alone.
	turn := g.State().(amazons.Match).Position().LegalTurns()[0]
	g, err = a.db.Play(t.Context(), "guild", "chan", "alice", g.Revision, turn.String())
	if err != nil {
		t.Fatal(err)
	}
	for i, tab := range []context.Context{ctx, tabB} {
		waitFor(t, tab, fmt.Sprintf(`document.getElementById('app').dataset.revision === "%d"`, g.Revision))
		if got := eval[int](t, tab, `document.querySelectorAll('#moves li').length`); got != 1 {
			t.Errorf("tab %d: %d moves after the move", i+1, got)
		}
		if !eval[bool](t, tab, `window.notReloaded === true`) {
			t.Errorf("tab %d reloaded", i+1)
		}
	}
	if got := eval[string](t, tabB, `document.getElementById('viewers').textContent`); got != "2 watching" {
		t.Errorf("B shows %q", got)
	}
	sc, cancel := context.WithTimeout(tabB, 15*time.Second)
	png, err := chromedp.Run(sc, chromedp.CaptureScreenshot())
	cancel()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if *updateScreenshots {
		dir = filepath.Join("testdata", "screenshots")
	}
	if err := os.WriteFile(filepath.Join(dir, "replicas-b-after-move.png"), png, 0o644); err != nil {
		t.Fatal(err)
	}

	// A's link to the others closes: B counts its own page alone.
	a.peers.Close()
	waitFor(t, tabB, `document.getElementById('viewers').dataset.n === "1"`)
}
