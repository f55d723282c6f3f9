package web

import (
	"context"
	"testing"
	"time"
)

// fakeLoads is a hub's load that hands each call to the test, which
// answers it with the revision loaded.
type fakeLoads struct {
	calls   chan uint64
	answers chan int
}

func (f fakeLoads) load(ctx context.Context, id uint64, _ int) ([][]byte, int, error) {
	select {
	case f.calls <- id:
	case <-ctx.Done():
		return nil, 0, ctx.Err()
	}
	select {
	case rev := <-f.answers:
		evs := make([][]byte, len(languages))
		for i := range evs {
			evs[i] = []byte("event: state\ndata: {}\n\n")
		}
		return evs, rev, nil
	case <-ctx.Done():
		return nil, 0, ctx.Err()
	}
}

// next waits for the next load and answers it with rev; it returns the
// game loaded.
func (f fakeLoads) next(t *testing.T, rev int) uint64 {
	t.Helper()
	select {
	case id := <-f.calls:
		f.answers <- rev
		return id
	case <-time.After(10 * time.Second):
		t.Fatal("no load within 10 s")
		return 0
	}
}

// testWatcher is a watcher and whether it was woken once (its feed is
// set then).
type testWatcher struct {
	*watcher
	woken bool
}

// startHub runs a hub with fake loads and a watcher on each of ids.
// The hub's counts published for the other replicas arrive on the
// channel returned.
func startHub(t *testing.T, ids ...uint64) (*hub, fakeLoads, map[uint64]*testWatcher, chan [2]int) {
	t.Helper()
	f := fakeLoads{calls: make(chan uint64), answers: make(chan int)}
	h := newHub(f.load)
	published := make(chan [2]int, 64)
	h.publish = func(id uint64, n int) { published <- [2]int{int(id), n} }
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); h.run(ctx) }()
	t.Cleanup(func() { cancel(); <-done })
	ws := map[uint64]*testWatcher{}
	for _, id := range ids {
		w := &testWatcher{watcher: newWatcher(id, 0)}
		h.join <- w.watcher
		ws[id] = w
	}
	return h, f, ws, published
}

// awaitCount waits until w's feed holds the count n.
func awaitCount(t *testing.T, w *testWatcher, n int) {
	t.Helper()
	awaitFeed(t, w, "count "+itoa(n), func(l *latest) bool { return string(l.count) == string(viewersEvent(n)) })
}

// awaitState waits until w's feed holds its seq-th state.
func awaitState(t *testing.T, w *testWatcher, seq uint64) {
	t.Helper()
	awaitFeed(t, w, "state "+itoa(int(seq)), func(l *latest) bool { return l.stateSeq >= seq })
}

func awaitFeed(t *testing.T, w *testWatcher, what string, ok func(*latest) bool) {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		if w.woken && ok(w.feed.cur.Load()) { // the hub sets feed before the first wake
			return
		}
		select {
		case <-w.wake:
			w.woken = true
		case <-deadline:
			t.Fatalf("no %s within 10 s", what)
		}
	}
}

// awaitPublished waits for the count n of game id published for the
// other replicas, skipping others.
func awaitPublished(t *testing.T, published chan [2]int, id uint64, n int) {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		select {
		case p := <-published:
			if p == [2]int{int(id), n} {
				return
			}
		case <-deadline:
			t.Fatalf("game %d's count %d not published within 10 s", id, n)
		}
	}
}

// TestHubDropsKnownRevisions: a change told with a revision no newer
// than the state shown (a change of this replica coming back from the
// store's watch) loads nothing; a newer one loads; one told while its
// game loads loads it again when the load ends older; a change without
// a revision (this replica's bot) always loads. The loader takes loads
// in order, so the next load seen tells which changes loaded.
func TestHubDropsKnownRevisions(t *testing.T) {
	h, f, ws, _ := startHub(t, 1, 2)
	h.changed <- change{1, 5}
	if id := f.next(t, 5); id != 1 {
		t.Fatalf("loaded %d; want 1", id)
	}
	awaitState(t, ws[1], 1) // the state of revision 5 is in the feed
	h.changed <- change{1, 5}
	h.changed <- change{1, 3}
	h.changed <- change{2, 0}
	if id := f.next(t, 1); id != 2 {
		t.Fatalf("loaded %d after changes of game 1 at revisions shown already; want 2 alone", id)
	}
	h.changed <- change{1, 0}
	if id := f.next(t, 5); id != 1 {
		t.Fatalf("a change without revision loaded %d; want 1", id)
	}
	awaitState(t, ws[1], 2)
	h.changed <- change{1, 6}
	got := <-f.calls // game 1 loads; revision 7 arrives meanwhile
	h.changed <- change{1, 7}
	f.answers <- 6
	if got != 1 {
		t.Fatalf("loaded %d; want 1", got)
	}
	if id := f.next(t, 7); id != 1 {
		t.Fatalf("loaded %d; want game 1 again, its load having ended before revision 7", id)
	}
	// Changes missed: every game watched loads.
	h.changed <- change{}
	seen := map[uint64]bool{f.next(t, 7): true, f.next(t, 1): true}
	if !seen[1] || !seen[2] {
		t.Fatalf("after changes were missed, loaded %v; want both games", seen)
	}
}

// TestHubCountsElsewhere: the count shown is this replica's pages plus
// the other replicas'; what is published for the others is this
// replica's alone, and 0 once its last page has left.
func TestHubCountsElsewhere(t *testing.T) {
	h, _, ws, published := startHub(t, 1)
	viewers := func(id uint64) int {
		q := countReq{id: id, reply: make(chan int, 1)}
		h.counts <- q
		return <-q.reply
	}
	awaitCount(t, ws[1], 1)
	awaitPublished(t, published, 1, 1)
	h.elsewhere <- viewersElsewhere{1, 4}
	h.elsewhere <- viewersElsewhere{9, 2} // a game without pages here
	awaitCount(t, ws[1], 5)
	awaitPublished(t, published, 1, 1) // this replica's own
	if n := viewers(1); n != 5 {
		t.Fatalf("Viewers: %d; want 5", n)
	}
	if n := viewers(9); n != 2 {
		t.Fatalf("count of a game watched elsewhere only: %d; want 2", n)
	}
	w := &testWatcher{watcher: newWatcher(9, 0)}
	h.join <- w.watcher
	awaitCount(t, w, 3)
	awaitPublished(t, published, 9, 1)
	h.leave <- w.watcher
	awaitPublished(t, published, 9, 0)
	h.elsewhere <- viewersElsewhere{1, 0}
	awaitCount(t, ws[1], 1)
}
