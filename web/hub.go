package web

import "context"

// hub is the one goroutine of a Server that fans changes out to the
// pages watching: it keeps the subscribers of each game, and on a change
// of a watched game sends its new state to each of them; a subscriber
// arriving or leaving sends every watcher of its game the viewer count.
type hub struct {
	join, leave chan *watcher
	changed     chan uint64
	// load returns the state event of a game for its viewers.
	load func(ctx context.Context, id uint64, viewers int) ([]byte, error)
	// counts answers how many watch a game (for tests and the state).
	counts chan countReq
}

type countReq struct {
	id    uint64
	reply chan int
}

// watcher is one page's event stream: the events to write, and done
// closed by the hub when it drops a watcher too slow to keep up.
type watcher struct {
	id     uint64
	events chan []byte
	done   chan struct{}
}

// watcherBuffer is the events a watcher may fall behind by before the
// hub drops it (its page reconnects and reloads the state).
const watcherBuffer = 16

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
	games := map[uint64]map[*watcher]struct{}{}
	send := func(w *watcher, ev []byte) {
		select {
		case w.events <- ev:
		default: // too slow: drop it
			delete(games[w.id], w)
			if len(games[w.id]) == 0 {
				delete(games, w.id)
			}
			close(w.done)
		}
	}
	viewers := func(id uint64) {
		ws := games[id]
		ev := viewersEvent(len(ws))
		for w := range ws {
			send(w, ev)
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
				delete(games[w.id], w)
				if len(games[w.id]) == 0 {
					delete(games, w.id)
				}
				close(w.done)
				viewers(w.id)
			}
		case id := <-h.changed:
			ws := games[id]
			if len(ws) == 0 {
				continue
			}
			ev, err := h.load(ctx, id, len(ws))
			if err != nil {
				continue // the game is gone or damaged: pages keep what they show
			}
			for w := range ws {
				send(w, ev)
			}
		case q := <-h.counts:
			q.reply <- len(games[q.id])
		}
	}
}

func viewersEvent(n int) []byte {
	return []byte("event: viewers\ndata: {\"viewers\":" + itoa(n) + "}\n\n")
}
