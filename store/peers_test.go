package store

import (
	"errors"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/veletasbot/veletas/game/amazons"
	clientv3 "go.etcd.io/etcd/client/v3"
)

// peerEvent is one call of a PeerListener.
type peerEvent struct {
	kind string // "rev", "missed", "viewers"
	id   uint64
	n    int // the revision or the count
}

// peerLog is a PeerListener that sends each call on a channel; the
// test's goroutine reads them, keeping the last count told of each game
// (the counts of different games may come in any order).
type peerLog struct {
	ch      chan peerEvent
	viewers map[uint64]int // the test's goroutine's
}

func newPeerLog() *peerLog {
	return &peerLog{ch: make(chan peerEvent, 1024), viewers: map[uint64]int{}}
}

var _ PeerListener = (*peerLog)(nil)

func (l *peerLog) GameRevised(id uint64, rev int)    { l.ch <- peerEvent{"rev", id, rev} }
func (l *peerLog) ChangesMissed()                    { l.ch <- peerEvent{kind: "missed"} }
func (l *peerLog) ViewersElsewhere(id uint64, n int) { l.ch <- peerEvent{"viewers", id, n} }

// await waits for an event that ok accepts, for up to 20 s; it skips the
// others (noting the counts).
func (l *peerLog) await(t *testing.T, what string, ok func(peerEvent) bool) peerEvent {
	t.Helper()
	deadline := time.After(20 * time.Second)
	for {
		select {
		case ev := <-l.ch:
			if ev.kind == "viewers" {
				l.viewers[ev.id] = ev.n
			}
			if ok(ev) {
				return ev
			}
		case <-deadline:
			t.Fatalf("no %s within 20 s", what)
		}
	}
}

// awaitViewers waits until the last count told of game id is n.
func (l *peerLog) awaitViewers(t *testing.T, id uint64, n int) {
	t.Helper()
	if l.viewers[id] == n {
		return
	}
	l.await(t, "count of "+strconv.Itoa(n)+" elsewhere", func(ev peerEvent) bool { return ev.kind == "viewers" && ev.id == id && ev.n == n })
}

func (l *peerLog) awaitRev(t *testing.T, id uint64, rev int) {
	t.Helper()
	l.await(t, "revision "+strconv.Itoa(rev), func(ev peerEvent) bool { return ev.kind == "rev" && ev.id == id && ev.n == rev })
}

// twoProcesses opens the store of t twice, as two processes would, and
// joins each to the peers with a listener.
func twoProcesses(t *testing.T) (a, b *DB, pa, pb *Peers, la, lb *peerLog) {
	t.Helper()
	url := storeURL(t)
	var dbs [2]*DB
	for i := range dbs {
		db, err := OpenURL(url, &Options{Games: testRegistry})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		dbs[i] = db
	}
	la, lb = newPeerLog(), newPeerLog()
	var err error
	if pa, err = dbs[0].NewPeers(PeerOptions{Name: "a", TTL: 3 * time.Second}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { pa.Close() })
	pa.Run(la)
	if pb, err = dbs[1].NewPeers(PeerOptions{Name: "b", TTL: 3 * time.Second}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { pb.Close() })
	pb.Run(lb)
	return dbs[0], dbs[1], pa, pb, la, lb
}

// TestNewPeers: on etcd, a game changed through one process (a move,
// then its resignation, which archives it) is told to the other
// process's listener with its revision, and to its own, and its
// evaluation stored as a change without revision; on a bolt store
// NewPeers refuses with ErrNoPeers; bad options are refused; Close
// without Run returns.
func TestNewPeers(t *testing.T) {
	bothStores(t, func(t *testing.T) {
		if !onEtcd(t) {
			db := openTest(t, nil)
			p, err := db.NewPeers(PeerOptions{})
			if !errors.Is(err, ErrNoPeers) || p != nil {
				t.Fatalf("NewPeers on bolt: %v, %v; want ErrNoPeers", p, err)
			}
			return
		}
		a, _, _, _, la, lb := twoProcesses(t)
		for _, o := range []PeerOptions{{Name: "a/b"}, {TTL: time.Second}} {
			if p, err := a.NewPeers(o); !errors.Is(err, ErrPeerOptions) || p != nil {
				t.Fatalf("NewPeers(%+v): %v; want ErrPeerOptions", o, err)
			}
		}
		idle, err := a.NewPeers(PeerOptions{Name: "idle"})
		if err != nil {
			t.Fatal(err)
		}
		idle.Close() // never run
		idle.Run(la) // closed: does nothing
		ctx := t.Context()
		c, err := a.CreateChallenge(ctx, Challenge{Kind: amazons.GameKind, Guild: "g", Channel: "c", Challenger: "alice", Opponent: "bob"})
		if err != nil {
			t.Fatal(err)
		}
		g, err := a.AcceptChallenge(ctx, c.ID, "bob")
		if err != nil {
			t.Fatal(err)
		}
		lb.awaitRev(t, g.ID, g.Revision)
		turn := g.State().(amazons.Match).Position().LegalTurns()[0]
		g, err = a.Play(ctx, "g", "c", "alice", g.Revision, turn.String())
		if err != nil {
			t.Fatal(err)
		}
		lb.awaitRev(t, g.ID, g.Revision)
		la.awaitRev(t, g.ID, g.Revision)
		g, err = a.Resign(ctx, "g", "c", "bob")
		if err != nil || !g.Over() {
			t.Fatalf("resign: %v %+v", err, g)
		}
		lb.awaitRev(t, g.ID, g.Revision) // from the archive
		if err := a.SetEvaluation(ctx, Evaluation{Game: g.ID, Values: []float64{0, 0.5}}); err != nil {
			t.Fatal(err)
		}
		lb.awaitRev(t, g.ID, 0) // its evaluation: shown again
	})
}

// TestPeersViewers: each process's counts reach the other as the sum of
// the others'; a count of 0 removes it; a burst of counts is written a
// few times, not once each; a revoked lease (as one that expired) takes
// the process's counts away until it has a new one and writes them again;
// Close takes them away at once.
func TestPeersViewers(t *testing.T) {
	bothStores(t, func(t *testing.T) {
		if !onEtcd(t) {
			t.Skip("one process on bolt: NewPeers refuses (TestNewPeers)")
		}
		a, _, pa, pb, la, lb := twoProcesses(t)
		pa.SetViewers(7, 3)
		pb.SetViewers(7, 2)
		pb.SetViewers(8, 1)
		lb.awaitViewers(t, 7, 3)
		la.awaitViewers(t, 7, 2)
		la.awaitViewers(t, 8, 1)
		pb.SetViewers(8, 0)
		la.awaitViewers(t, 8, 0)

		// A burst: a thousand pages arriving one by one.
		for n := 1; n <= 1000; n++ {
			pa.SetViewers(9, n)
		}
		lb.awaitViewers(t, 9, 1000)
		be := a.etcdBackend()
		r, err := be.cli.Get(t.Context(), pa.viewersKey(9))
		if err != nil || len(r.Kvs) != 1 {
			t.Fatalf("the count's key: %v %v", r, err)
		}
		if v := r.Kvs[0].Version; v > 3 {
			t.Fatalf("a burst of 1000 counts was written %d times; want at most 3", v)
		}
		if string(r.Kvs[0].Value) != "1000" {
			t.Fatalf("the key holds %q; want a bare count", r.Kvs[0].Value)
		}

		// b's lease revoked, as when it expires: its pages vanish from
		// a's count, then b writes them again on a new lease.
		lease := clientv3.LeaseID(pb.lease.Load()) // b wrote on it
		if _, err := be.cli.Revoke(t.Context(), lease); err != nil {
			t.Fatal(err)
		}
		la.awaitViewers(t, 7, 0)
		la.awaitViewers(t, 7, 2)
		if l := clientv3.LeaseID(pb.lease.Load()); l == lease || l == 0 {
			t.Fatal("the same lease after it was revoked")
		}

		// b closes: its pages vanish at once (its lease is revoked).
		pb.Close()
		la.awaitViewers(t, 7, 0)
		r, err = be.cli.Get(t.Context(), be.prefix+viewersPath, clientv3.WithPrefix())
		if err != nil {
			t.Fatal(err)
		}
		for _, kv := range r.Kvs {
			if _, name, _ := pa.parseViewersKey(kv.Key); name != "a" {
				t.Fatalf("after b closed, its key %s is left", kv.Key)
			}
		}
	})
}

// TestPeersWatchAgain: after the watches end (as when compacted or
// cancelled), the listener is told that changes may have been missed,
// and the changes after are told again.
func TestPeersWatchAgain(t *testing.T) {
	bothStores(t, func(t *testing.T) {
		if !onEtcd(t) {
			t.Skip("one process on bolt: NewPeers refuses (TestNewPeers)")
		}
		a, _, _, pb, _, lb := twoProcesses(t)
		ctx := t.Context()
		c, err := a.CreateChallenge(ctx, Challenge{Kind: amazons.GameKind, Guild: "g", Channel: "c", Challenger: "alice", Opponent: "bob"})
		if err != nil {
			t.Fatal(err)
		}
		g, err := a.AcceptChallenge(ctx, c.ID, "bob")
		if err != nil {
			t.Fatal(err)
		}
		lb.awaitRev(t, g.ID, g.Revision)
		pb.forceGap <- struct{}{}
		lb.await(t, "changes missed", func(ev peerEvent) bool { return ev.kind == "missed" })
		turn := g.State().(amazons.Match).Position().LegalTurns()[0]
		g, err = a.Play(ctx, "g", "c", "alice", g.Revision, turn.String())
		if err != nil {
			t.Fatal(err)
		}
		lb.awaitRev(t, g.ID, g.Revision)
	})
}

// TestParseViewersKey: only well-formed keys under the prefix count.
func TestParseViewersKey(t *testing.T) {
	p := &Peers{prefix: "v/", name: "me"}
	for key, want := range map[string]bool{
		"v/viewers/12/other": true, "v/viewers/12/": false, "v/viewers/x/other": false,
		"w/viewers/12/other": false, "v/viewers/12": false, "v/viewers/012/other": false,
		"v/viewers/0/other": false, "v/viewers/+12/other": false, "v/viewers/12/a/b": false,
	} {
		id, name, ok := p.parseViewersKey([]byte(key))
		if ok != want || ok && (id != 12 || name != "other") {
			t.Errorf("%s: %d %q %v; want %v", key, id, name, ok, want)
		}
	}
	if got := p.viewersKey(12); got != "v/viewers/12/me" {
		t.Errorf("viewersKey: %s", got)
	}
}

// FuzzParseViewersKey: a key parsed is the key viewersKey writes for its
// game and process name; none panics.
func FuzzParseViewersKey(f *testing.F) {
	for _, seed := range []string{"v/viewers/12/other", "v/viewers/12/", "v/viewers/012/x", "v/viewers/18446744073709551615/a",
		"v/viewers/18446744073709551616/a", "v/viewers//a", "v/viewers/1/a/b", "", "v/"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, key string) {
		p := &Peers{prefix: "v/"}
		id, name, ok := p.parseViewersKey([]byte(key))
		if !ok {
			return
		}
		q := &Peers{prefix: "v/", name: name}
		if got := q.viewersKey(id); got != key {
			t.Fatalf("%q parsed as %d %q, written %q", key, id, name, got)
		}
	})
}

// BenchmarkPeersRevision is a move committed through one process until
// another process's Peers tell of its revision, on the shared 3-member
// etcd cluster: ns/op is the commit and the watch's delivery;
// tell-ns/op the time from the commit's return to the other's listener.
func BenchmarkPeersRevision(b *testing.B) {
	b.Run("etcd", func(b *testing.B) {
		url := storeURL(b)
		var dbs [2]*DB
		for i := range dbs {
			db, err := OpenURL(url, &Options{Games: testRegistry})
			if err != nil {
				b.Fatal(err)
			}
			b.Cleanup(func() { db.Close() })
			dbs[i] = db
		}
		revs := make(chan [2]uint64, 1024)
		p, err := dbs[1].NewPeers(PeerOptions{Name: "b"})
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { p.Close() })
		p.Run(revListener(revs))
		ctx := b.Context()
		c, err := dbs[0].CreateChallenge(ctx, Challenge{Kind: amazons.GameKind, Guild: "g", Channel: "c", Challenger: "alice", Opponent: "bob"})
		if err != nil {
			b.Fatal(err)
		}
		g, err := dbs[0].AcceptChallenge(ctx, c.ID, "bob")
		if err != nil {
			b.Fatal(err)
		}
		await := func(rev int) {
			deadline := time.After(20 * time.Second)
			for {
				select {
				case r := <-revs:
					if r[0] == g.ID && int(r[1]) == rev {
						return
					}
				case <-deadline:
					b.Fatalf("revision %d not told within 20 s", rev)
				}
			}
		}
		await(g.Revision) // the watch runs
		var tell time.Duration
		b.ResetTimer()
		for range b.N {
			if g.Over() {
				b.StopTimer()
				if c, err = dbs[0].CreateChallenge(ctx, Challenge{Kind: amazons.GameKind, Guild: "g", Channel: "c", Challenger: "alice", Opponent: "bob"}); err != nil {
					b.Fatal(err)
				}
				if g, err = dbs[0].AcceptChallenge(ctx, c.ID, "bob"); err != nil {
					b.Fatal(err)
				}
				await(g.Revision)
				b.StartTimer()
			}
			turn := g.State().(amazons.Match).Position().LegalTurns()[0]
			if g, err = dbs[0].Play(ctx, "g", "c", g.ToAct(), g.Revision, turn.String()); err != nil {
				b.Fatal(err)
			}
			t0 := time.Now()
			await(g.Revision)
			tell += time.Since(t0)
		}
		b.ReportMetric(float64(tell.Nanoseconds())/float64(b.N), "tell-ns/op")
	})
}

// revListener sends each revision told on a channel, and drops the rest.
type revListener chan [2]uint64

func (l revListener) GameRevised(id uint64, rev int) { l <- [2]uint64{id, uint64(rev)} }
func (revListener) ChangesMissed()                   {}
func (revListener) ViewersElsewhere(uint64, int)     {}

// panicOnce is a PeerListener whose first GameRevised panics.
type panicOnce struct {
	*peerLog
	done atomic.Bool
}

func (l *panicOnce) GameRevised(id uint64, rev int) {
	if l.done.CompareAndSwap(false, true) {
		panic("a listener's bug")
	}
	l.peerLog.GameRevised(id, rev)
}

// TestPeersPanicStartsAgain: a panic in the listener does not stop the
// process (the test's would die) nor the link: it starts again, and the
// next change is told.
func TestPeersPanicStartsAgain(t *testing.T) {
	bothStores(t, func(t *testing.T) {
		if !onEtcd(t) {
			t.Skip("one process on bolt: NewPeers refuses (TestNewPeers)")
		}
		a, b, _, _, _, _ := twoProcesses(t)
		pc, err := b.NewPeers(PeerOptions{Name: "c", TTL: 3 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { pc.Close() })
		lc := &panicOnce{peerLog: newPeerLog()}
		pc.Run(lc)
		ctx := t.Context()
		c, err := a.CreateChallenge(ctx, Challenge{Kind: amazons.GameKind, Guild: "g", Channel: "c", Challenger: "alice", Opponent: "bob"})
		if err != nil {
			t.Fatal(err)
		}
		g, err := a.AcceptChallenge(ctx, c.ID, "bob")
		if err != nil {
			t.Fatal(err)
		}
		lc.await(t, "the link started again", func(ev peerEvent) bool { return ev.kind == "missed" || ev.kind == "rev" && ev.id == g.ID })
		if !lc.done.Load() {
			t.Fatal("the listener never panicked")
		}
		turn := g.State().(amazons.Match).Position().LegalTurns()[0]
		g, err = a.Play(ctx, "g", "c", "alice", g.Revision, turn.String())
		if err != nil {
			t.Fatal(err)
		}
		lc.awaitRev(t, g.ID, g.Revision)
	})
}
