package bot

import (
	"context"
	"sync"
)

// The after-work of the web board's moves: what follows an action once
// its player has the answer. The last action of a game is answered as soon
// as it is committed and its final card posted; the game's replay (a GIF,
// seconds to draw) is drawn and posted after, on the Bot's one after-work
// goroutine, in the order the games ended. The goroutine starts with the
// first job and lives until StopAfterWork, which runs the jobs still
// queued before it returns: a replay is never dropped on the way out. A
// job that fails logs why (the replay's post is the same Sender.Send with
// Reply.Later as every front end's, guarded against panics by
// sendSafely).

// afterWork is a queue of jobs run one at a time by one goroutine.
type afterWork struct {
	mu      sync.Mutex
	jobs    []func(ctx context.Context)
	wake    chan struct{} // a job was queued (capacity 1)
	running bool          // the goroutine runs
	done    chan struct{} // closed when it ends
	stopped chan struct{} // closed by stop
}

// push queues job, starting the goroutine when none runs. After stop, the
// job runs at once on the caller's goroutine: nothing is lost.
func (w *afterWork) push(job func(ctx context.Context)) {
	w.mu.Lock()
	if w.wake == nil {
		w.wake, w.stopped = make(chan struct{}, 1), make(chan struct{})
	}
	select {
	case <-w.stopped:
		w.mu.Unlock()
		ctx, cancel := context.WithTimeout(context.Background(), PostTimeout)
		defer cancel()
		job(ctx)
		return
	default:
	}
	w.jobs = append(w.jobs, job)
	if !w.running {
		w.running, w.done = true, make(chan struct{})
		go w.run(w.done)
	}
	w.mu.Unlock()
	select {
	case w.wake <- struct{}{}:
	default:
	}
}

// run runs the jobs as they come until stop, then those left.
func (w *afterWork) run(done chan struct{}) {
	defer close(done)
	for {
		w.mu.Lock()
		var job func(context.Context)
		if len(w.jobs) > 0 {
			job = w.jobs[0]
			w.jobs[0] = nil
			w.jobs = w.jobs[1:]
		}
		w.mu.Unlock()
		if job != nil {
			ctx, cancel := context.WithTimeout(context.Background(), PostTimeout)
			job(ctx)
			cancel()
			continue
		}
		select {
		case <-w.wake:
		case <-w.stopped:
			w.mu.Lock()
			left := len(w.jobs)
			if left == 0 {
				w.running = false
			}
			w.mu.Unlock()
			if left == 0 {
				return
			}
		}
	}
}

// stop makes the goroutine run the jobs queued and end, and waits for it;
// later jobs run on their caller's goroutine.
func (w *afterWork) stop() {
	w.mu.Lock()
	if w.wake == nil {
		w.wake, w.stopped = make(chan struct{}, 1), make(chan struct{})
	}
	select {
	case <-w.stopped:
	default:
		close(w.stopped)
	}
	done := w.done
	running := w.running
	w.mu.Unlock()
	if running {
		<-done
	}
}

// StopAfterWork runs the after-work still queued (the replays of the
// games that just ended on the web board) and stops its goroutine; it
// returns when they are posted or given up (PostTimeout each). Call it
// on shutdown, after the web board stopped taking moves.
func (b *Bot) StopAfterWork() { b.after.stop() }
