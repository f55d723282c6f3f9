package web

import (
	"context"
	"net/http"
	"sync/atomic"
	"time"
)

// hub is the goroutine of a Server that fans changes out to the pages
// watching: it keeps the watchers of each game and the game's feed (its
// latest state event, one per language, and viewer count), and on a change of a watched game
// has its new state loaded, puts it in the feed and wakes the watchers.
//
// A watcher is owed only the latest state and count, never a backlog:
// its wake channel holds one signal, and a watcher woken many times
// before it writes writes the feed once. So a burst of pages arriving
// costs a slow page nothing but its own lag, no page is dropped for
// being behind, and the hub never waits for a page. The viewer count is
// coalesced too: a page arriving or leaving marks its game's count as
// changed, and the hub publishes a game's count at once if it has not
// for countEvery, else when countEvery has passed since, so a thousand
// pages arriving at once publish a few counts, not a thousand.
//
// Across replicas (processes sharing an etcd store behind a load
// balancer), a change may come twice: from this process's bot, with no
// revision, and from the store's watch of every process's changes, with
// its revision. A change whose revision is no newer than the state loaded
// (or being loaded) is dropped. The count shown is this process's pages
// plus the other processes' (ViewersElsewhere), and this process's
// count of each game is handed to Options.ViewerCounts when published.
//
// Loading a state (the store, the players' names) is done by a second
// goroutine, the loader, so that a slow load never holds up the pages
// arriving, leaving or watching other games. Changes of a game arriving
// while its state loads are coalesced into one more load.
type hub struct {
	join, leave chan *watcher
	changed     chan change
	// elsewhere brings the other processes' counts.
	elsewhere chan viewersElsewhere
	// load returns the state events of a game for its viewers, one for
	// each language (in the order of languages), and the revision of the
	// game they show.
	load func(ctx context.Context, id uint64, viewers int) ([][]byte, int, error)
	// counts answers how many watch a game.
	counts chan countReq
	// publish, when set, is told this process's count of a game's
	// pages each time the hub publishes its count (0 once it has none).
	publish func(id uint64, n int)
}

// change is a change of a game: its revision, 0 when unknown (the game
// is loaded again whatever it is). ID 0 stands for every game watched
// (changes may have been missed).
type change struct {
	id  uint64
	rev int
}

// viewersElsewhere is the other processes' count of a game's pages.
type viewersElsewhere struct {
	id uint64
	n  int
}

type countReq struct {
	id    uint64
	reply chan int
}

// feed is the latest of a watched game: its state event in each
// language (a page reads its own) and its viewer count event, each
// numbered by how many times it changed. The hub replaces it whole; its
// watchers load it when woken, without a lock.
type feed struct{ cur atomic.Pointer[latest] }

type latest struct {
	state              [][]byte // by language
	count              []byte
	stateSeq, countSeq uint64
}

// update replaces the feed by what change makes of a copy of it.
func (f *feed) update(change func(l *latest)) {
	l := *f.cur.Load()
	change(&l)
	f.cur.Store(&l)
}

func newFeed() *feed {
	f := &feed{}
	f.cur.Store(&latest{})
	return f
}

// watcher is one page's event stream. The hub sets feed and the
// sequence numbers it has seen before it first wakes it, then sends on
// wake (one slot: a signal already waiting stands for any number) when
// the feed changes, and closes done when the Server closes.
type watcher struct {
	id   uint64
	lang int // the index of the page's language in languages
	wake chan struct{}
	done chan struct{}

	feed               *feed  // set by the hub before the first wake
	stateSeq, countSeq uint64 // written by the hub before the first wake, then by the page's goroutine
}

func newWatcher(id uint64, lang int) *watcher {
	if lang < 0 || lang >= len(languages) {
		lang = 0
	}
	return &watcher{id: id, lang: lang, wake: make(chan struct{}, 1), done: make(chan struct{})}
}

// write writes to w what of the feed the page has not seen yet, the
// state before the count; it returns the error of a failed write.
func (wt *watcher) write(w http.ResponseWriter) error {
	l := wt.feed.cur.Load()
	var state, count []byte
	if l.stateSeq != wt.stateSeq {
		if wt.lang < len(l.state) {
			state = l.state[wt.lang]
		}
		wt.stateSeq = l.stateSeq
	}
	if l.countSeq != wt.countSeq {
		count, wt.countSeq = l.count, l.countSeq
	}
	for _, ev := range [][]byte{state, count} {
		if ev == nil {
			continue
		}
		if _, err := w.Write(ev); err != nil {
			return err
		}
	}
	return nil
}

// signal wakes w unless a wake is already waiting.
func (wt *watcher) signal() {
	select {
	case wt.wake <- struct{}{}:
	default:
	}
}

// countEvery is the least time between two viewer counts of a game.
const countEvery = 200 * time.Millisecond

// loadQueue bounds the loads waiting for the loader; a change that finds
// it full is kept as due and asked again when a load ends.
const loadQueue = 64

type loadReq struct {
	id      uint64
	viewers int
}

type loaded struct {
	id  uint64
	ev  [][]byte
	rev int
}

func newHub(load func(ctx context.Context, id uint64, viewers int) ([][]byte, int, error)) *hub {
	return &hub{
		join:      make(chan *watcher),
		leave:     make(chan *watcher),
		changed:   make(chan change, 256),
		elsewhere: make(chan viewersElsewhere, 256),
		counts:    make(chan countReq),
		load:      load,
	}
}

// watched is a game's watchers and its feed.
type watched struct {
	watchers map[*watcher]struct{}
	feed     *feed
	counted  time.Time // when its count was last published
	// rev is the revision of the state in the feed; want the newest a
	// change told of while a load was under way.
	rev, want int
}

func (h *hub) run(ctx context.Context) {
	loads := make(chan loadReq, loadQueue)
	results := make(chan loaded)
	loaderDone := make(chan struct{})
	go func() { // the loader
		defer close(loaderDone)
		for {
			select {
			case <-ctx.Done():
				return
			case q := <-loads:
				ev, rev, err := h.load(ctx, q.id, q.viewers)
				if err != nil {
					ev = nil // the game is gone or damaged: pages keep what they show
				}
				select {
				case results <- loaded{q.id, ev, rev}:
				case <-ctx.Done():
					return
				}
			}
		}
	}()
	defer func() { <-loaderDone }()

	games := map[uint64]*watched{}
	pending := map[uint64]bool{} // loading now
	due := map[uint64]bool{}     // changed since, or not queued yet
	recount := map[uint64]bool{} // viewer count changed, not published yet
	others := map[uint64]int{}   // the other processes' counts
	count := func(id uint64) int {
		n := others[id]
		if g := games[id]; g != nil {
			n += len(g.watchers)
		}
		return n
	}
	timer := time.NewTimer(time.Hour)
	timer.Stop()
	defer timer.Stop()
	joined := func(w *watcher) {
		g := games[w.id]
		if g == nil {
			g = &watched{watchers: map[*watcher]struct{}{}, feed: newFeed()}
			games[w.id] = g
		}
		g.watchers[w] = struct{}{}
		l := g.feed.cur.Load()
		w.feed, w.stateSeq, w.countSeq = g.feed, l.stateSeq, l.countSeq
		recount[w.id] = true
	}
	left := func(w *watcher) {
		g := games[w.id]
		if g == nil {
			return
		}
		if _, ok := g.watchers[w]; !ok {
			return
		}
		delete(g.watchers, w)
		if len(g.watchers) == 0 {
			delete(games, w.id)
		}
		recount[w.id] = true
	}
	// publish publishes the changed counts of the games that have not
	// published one for countEvery, and sets the timer for the others.
	publish := func() {
		now := time.Now()
		var next time.Duration
		for id := range recount {
			g := games[id]
			if g == nil {
				delete(recount, id)
				if h.publish != nil {
					h.publish(id, 0)
				}
				continue
			}
			if wait := countEvery - now.Sub(g.counted); wait > 0 {
				if next == 0 || wait < next {
					next = wait
				}
				continue
			}
			delete(recount, id)
			g.counted = now
			ev := viewersEvent(count(id))
			if h.publish != nil {
				h.publish(id, len(g.watchers))
			}
			g.feed.update(func(l *latest) { l.count, l.countSeq = ev, l.countSeq+1 })
			for w := range g.watchers {
				w.signal()
			}
		}
		if next > 0 {
			timer.Reset(next)
		}
	}
	request := func(id uint64) {
		g := games[id]
		if g == nil {
			delete(due, id)
			return
		}
		if pending[id] {
			due[id] = true
			return
		}
		select {
		case loads <- loadReq{id, count(id)}:
			pending[id] = true
			delete(due, id)
		default:
			due[id] = true
		}
	}
	for {
		select {
		case <-ctx.Done():
			for _, g := range games {
				for w := range g.watchers {
					close(w.done)
				}
			}
			return
		case w := <-h.join:
			joined(w)
			publish()
		case w := <-h.leave:
			left(w)
			publish()
		case <-timer.C:
			publish()
		case c := <-h.changed:
			if c.id == 0 { // changes may have been missed: load them all
				for id := range games {
					request(id)
				}
				continue
			}
			g := games[c.id]
			switch {
			case g == nil:
			case c.rev == 0: // from this process: load anyway
				request(c.id)
			case c.rev <= max(g.rev, g.want):
				// Shown already, or told while loading: a change of
				// this process coming back from the store.
			case pending[c.id]:
				g.want = c.rev // loaded again if the load ends older
			default:
				request(c.id)
			}
		case e := <-h.elsewhere:
			if e.n > 0 {
				others[e.id] = e.n
			} else {
				delete(others, e.id)
			}
			if games[e.id] != nil {
				recount[e.id] = true
				publish()
			}
		case r := <-results:
			delete(pending, r.id)
			if g := games[r.id]; g != nil && r.ev != nil {
				g.rev = max(g.rev, r.rev)
				g.feed.update(func(l *latest) { l.state, l.stateSeq = r.ev, l.stateSeq+1 })
				for w := range g.watchers {
					w.signal()
				}
			}
			if g := games[r.id]; g != nil {
				if r.ev == nil {
					g.want = 0 // gone or damaged: not loaded again until it changes
				} else if g.want > g.rev {
					due[r.id] = true
				}
			}
			for id := range due {
				request(id)
			}
		case q := <-h.counts:
			q.reply <- count(q.id)
		}
	}
}

func viewersEvent(n int) []byte {
	return []byte("event: viewers\ndata: {\"viewers\":" + itoa(n) + "}\n\n")
}
