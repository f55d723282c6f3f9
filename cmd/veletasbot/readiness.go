package main

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"time"
)

// Readiness: GET /readyz on the -http listener, beside GET /healthz.
// /healthz says the process lives and its store answers (a liveness
// probe); /readyz says it should be sent interactions: the store answers
// within ReadyStoreTimeout, the commands were registered (or registration
// was skipped with -register=false and the adapter is open), and Close has
// not begun. On an etcd store the store's answer is a linearizable read
// through the client that keeps the election's session alive: without a
// quorum neither works, and /readyz fails within ReadyStoreTimeout.
//
// On SIGTERM, Close makes /readyz fail first (503), then the listener
// drains (http.Server.Shutdown within Config.ShutdownGrace, 15 s by
// default), then the follow-ups in flight finish (as long again).

// ReadyStoreTimeout bounds the store's answer to a readiness check: well
// under the probe's timeout (deploy/k8s: 2 s).
const ReadyStoreTimeout = time.Second

// Reasons /readyz gives for 503.
var (
	// ErrNotRegistered: the adapter is not open yet (the commands are
	// being registered).
	ErrNotRegistered = errors.New("the commands are not registered yet")
	// ErrDraining: Close has begun; the listener is about to drain.
	ErrDraining = errors.New("shutting down: send the interactions to another replica")
)

// readiness is what /readyz reports, besides the store's answer.
type readiness struct {
	registered atomic.Bool
	draining   atomic.Bool
	// onDrain, when set (by tests), runs in Close once /readyz fails and
	// before anything else stops.
	onDrain func()
}

// markRegistered records that the adapter is open: the commands are
// registered (or -register=false skipped them).
func (r *readiness) markRegistered() { r.registered.Store(true) }

// drain makes every later check fail with ErrDraining.
func (r *readiness) drain() {
	if r.draining.Swap(true) {
		return
	}
	if r.onDrain != nil {
		r.onDrain()
	}
}

// check reports why the process is not ready, or nil: draining, not
// registered, or the store (ping) not answering within
// ReadyStoreTimeout.
func (r *readiness) check(ctx context.Context, ping func(context.Context) error) error {
	if r.draining.Load() {
		return ErrDraining
	}
	if !r.registered.Load() {
		return ErrNotRegistered
	}
	ctx, cancel := context.WithTimeout(ctx, ReadyStoreTimeout)
	defer cancel()
	if err := ping(ctx); err != nil {
		return fmt.Errorf("the store does not answer: %w", err)
	}
	return nil
}

// readyCheck is the check of /readyz on the store that ping reaches
// (taken once: Close clears m.DB while a request may still run).
func (m *Main) readyCheck(ping func(context.Context) error) func(context.Context) error {
	r := &m.ready
	return func(ctx context.Context) error { return r.check(ctx, ping) }
}
