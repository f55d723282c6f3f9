package web

import "context"

// hub is the goroutine of a Server that fans changes out to the pages
// watching: it keeps the subscribers of each game, and on a change of a
// watched game has its new state loaded and sends it to each of them; a
// subscriber arriving or leaving sends every watcher of its game the
// viewer count. Loading a state (the store, the players' names) is done
// by a second goroutine, the loader, so that a slow load never holds up
// the pages arriving, leaving or watching other games. Changes of a game
// arriving while its state loads are coalesced into one more load.
type hub struct {
	join, leave chan *watcher
	changed     chan uint64
	// load returns the state event of a game for its viewers.
	load func(ctx context.Context, id uint64, viewers int) ([]byte, error)
	// counts answers how many watch a game.
	counts chan countReq
}

type countReq struct {
	id    uint64
	reply chan int
}

// watcher is one page's event stream: the events to write, and done
// closed by the hub when it drops the watcher (too slow to keep up, or
// the Server closing).
type watcher struct {
	id     uint64
	events chan []byte
	done   chan struct{}
}

// watcherBuffer is the events a watcher may fall behind by before the
// hub drops it (its page reconnects and loads the state again).
const watcherBuffer = 16

// loadQueue bounds the loads waiting for the loader; a change that finds
// it full is kept as due and asked again when a load ends.
const loadQueue = 64

type loadReq struct {
	id      uint64
	viewers int
}

type loaded struct {
	id uint64
	ev []byte
}

func newHub(load func(ctx context.Context, id uint64, viewers int) ([]byte, error)) *hub {
	return &hub{
		join:    make(chan *watcher),
		leave:   make(chan *watcher),
		changed: make(chan uint64, 256),
		counts:  make(chan countReq),
		load:    load,
	}
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
				ev, err := h.load(ctx, q.id, q.viewers)
				if err != nil {
					ev = nil // the game is gone or damaged: pages keep what they show
				}
				select {
				case results <- loaded{q.id, ev}:
				case <-ctx.Done():
					return
				}
			}
		}
	}()
	defer func() { <-loaderDone }()

	games := map[uint64]map[*watcher]struct{}{}
	pending := map[uint64]bool{} // loading now
	due := map[uint64]bool{}     // changed since, or not queued yet
	drop := func(w *watcher) {
		delete(games[w.id], w)
		if len(games[w.id]) == 0 {
			delete(games, w.id)
		}
		close(w.done)
	}
	send := func(w *watcher, ev []byte) {
		select {
		case w.events <- ev:
		default: // too slow
			drop(w)
		}
	}
	viewers := func(id uint64) {
		ws := games[id]
		ev := viewersEvent(len(ws))
		for w := range ws {
			send(w, ev)
		}
	}
	request := func(id uint64) {
		if len(games[id]) == 0 {
			delete(due, id)
			return
		}
		if pending[id] {
			due[id] = true
			return
		}
		select {
		case loads <- loadReq{id, len(games[id])}:
			pending[id] = true
			delete(due, id)
		default:
			due[id] = true
		}
	}
	for {
		select {
		case <-ctx.Done():
			for _, ws := range games {
				for w := range ws {
					close(w.done)
				}
			}
			return
		case w := <-h.join:
			if games[w.id] == nil {
				games[w.id] = map[*watcher]struct{}{}
			}
			games[w.id][w] = struct{}{}
			viewers(w.id)
		case w := <-h.leave:
			if _, ok := games[w.id][w]; ok {
				drop(w)
				viewers(w.id)
			}
		case id := <-h.changed:
			request(id)
		case r := <-results:
			delete(pending, r.id)
			if r.ev != nil {
				for w := range games[r.id] {
					send(w, r.ev)
				}
			}
			for id := range due {
				request(id)
			}
		case q := <-h.counts:
			q.reply <- len(games[q.id])
		}
	}
}

func viewersEvent(n int) []byte {
	return []byte("event: viewers\ndata: {\"viewers\":" + itoa(n) + "}\n\n")
}
