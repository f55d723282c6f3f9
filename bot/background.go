package bot

import (
	"context"
	"sync"
)

// background is one of the Bot's long-lived goroutines (the sweeper, the
// evaluations): started once, stopped and waited for.
type background struct {
	mu     sync.Mutex
	cancel context.CancelFunc
	done   chan struct{}
}

// start runs run on its own goroutine until stop; it does nothing when
// the goroutine already runs.
func (g *background) start(run func(ctx context.Context)) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.cancel != nil {
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	g.cancel, g.done = cancel, done
	go func() {
		defer close(done)
		run(ctx)
	}()
}

// stop cancels the goroutine's context and waits for it to end; it does
// nothing when none runs.
func (g *background) stop() {
	g.mu.Lock()
	cancel, done := g.cancel, g.done
	g.cancel, g.done = nil, nil
	g.mu.Unlock()
	if cancel != nil {
		cancel()
		<-done
	}
}
