package web

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/veletasbot/veletas/store"
)

// Signing out ends a session before its expiry, on every replica: POST
// /auth/logout records the session's ID in the store (Revocations) until
// the session's expiry, and every request's session is checked against
// those records. The check is cheap: a replica remembers the sessions it
// found revoked (until their expiry) and, for RevocationRecheck, those it
// found not revoked, so that a page, its state, its events and its moves
// cost one read of the store in that time, and a session ended on another
// replica is refused there within RevocationRecheck.

// Revocations keeps the sessions ended before their expiry, for every
// replica sharing it. *store.DB implements it.
type Revocations interface {
	RevokeSession(ctx context.Context, id []byte, expires, now time.Time) error
	SessionRevoked(ctx context.Context, id []byte) (bool, error)
}

var _ Revocations = (*store.DB)(nil)

// DefaultRevocationRecheck is Options.RevocationRecheck's default.
const DefaultRevocationRecheck = time.Second

// maxRemembered bounds each of the replica's memories of sessions; a full
// one is forgotten at once (the store has them all).
const maxRemembered = 1 << 16

// revocations is a Server's view of the revoked sessions.
type revocations struct {
	store   Revocations // nil: sessions last until their expiry
	recheck time.Duration
	now     func() time.Time
	logger  *slog.Logger

	mu      sync.Mutex
	revoked map[[16]byte]time.Time // revoked, until the session's expiry
	checked map[[16]byte]time.Time // found not revoked at
}

func newRevocations(st Revocations, recheck time.Duration, now func() time.Time, logger *slog.Logger) *revocations {
	if recheck <= 0 {
		recheck = DefaultRevocationRecheck
	}
	return &revocations{store: st, recheck: recheck, now: now, logger: logger,
		revoked: map[[16]byte]time.Time{}, checked: map[[16]byte]time.Time{}}
}

// check returns ErrSessionRevoked (wrapped) when session ss was ended, or
// when the store cannot tell (a session is refused rather than trusted
// while the store is out of reach).
func (rv *revocations) check(ctx context.Context, ss session) error {
	if rv == nil || rv.store == nil {
		return nil
	}
	now := rv.now()
	rv.mu.Lock()
	if _, ok := rv.revoked[ss.ID]; ok {
		rv.mu.Unlock()
		return ErrSessionRevoked
	}
	if at, ok := rv.checked[ss.ID]; ok && now.Sub(at) < rv.recheck && !now.Before(at) {
		rv.mu.Unlock()
		return nil
	}
	rv.mu.Unlock()
	revoked, err := rv.store.SessionRevoked(ctx, ss.ID[:])
	if err != nil {
		if ctx.Err() == nil { // not a request given up by its client
			rv.logger.Warn("web: checking a session's revocation", "err", err)
		}
		return fmt.Errorf("%w: the store did not answer: %w", ErrSessionRevoked, err)
	}
	rv.mu.Lock()
	defer rv.mu.Unlock()
	if revoked {
		rv.rememberRevokedLocked(ss.ID, ss.Expires, now)
		return ErrSessionRevoked
	}
	rememberLocked(rv.checked, ss.ID, now, func(at time.Time) bool { return now.Sub(at) >= rv.recheck })
	return nil
}

// revoke ends session ss for every replica.
func (rv *revocations) revoke(ctx context.Context, ss session) error {
	if rv == nil || rv.store == nil {
		return nil
	}
	now := rv.now()
	if err := rv.store.RevokeSession(ctx, ss.ID[:], ss.Expires, now); err != nil {
		return err
	}
	rv.mu.Lock()
	defer rv.mu.Unlock()
	rv.rememberRevokedLocked(ss.ID, ss.Expires, now)
	return nil
}

// rememberLocked sets m[id] = t, first dropping from a full m what is
// stale (stale(t) of its time), and everything when that is not enough.
func rememberLocked(m map[[16]byte]time.Time, id [16]byte, t time.Time, stale func(time.Time) bool) {
	if len(m) >= maxRemembered {
		for k, v := range m {
			if stale(v) {
				delete(m, k)
			}
		}
		if len(m) >= maxRemembered {
			clear(m)
		}
	}
	m[id] = t
}

// rememberRevokedLocked remembers that session id is revoked until
// expires.
func (rv *revocations) rememberRevokedLocked(id [16]byte, expires, now time.Time) {
	rememberLocked(rv.revoked, id, expires, func(exp time.Time) bool { return !now.Before(exp) })
	delete(rv.checked, id)
}
