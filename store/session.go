package store

import (
	"context"
	"sync/atomic"
)

// A read session makes the reads of one request cheap on etcd without
// making them stale. Without a session every read-only transaction
// starts with a linearizable read, which costs a round of the cluster's
// consensus (a ReadIndex: the leader confirms its leadership with a
// quorum, then the member waits to have applied that far), and a move
// reads the channel's game, the server's and the players' settings in
// several transactions, one after the other. Under a session, the first
// transaction reads linearizably and the session keeps the revision it
// read at; the later ones read at the newest revision the session has
// seen (its own commits' included) from the member they reach, without
// a consensus round (serializable reads at a fixed revision; a member
// that has not applied it yet sends the read through the leader). So
// every read of the request sees the store as it was at least when the
// request's first read was made, and its own changes (read-your-writes,
// monotonic): nothing older than a read without a session would see at
// the request's start.
//
// A change under a session first runs at the session's revision; its
// commit is guarded by everything it read (etcd.go), so that it commits
// only if nothing it read has changed since, as if read at the commit.
// When it conflicts, or when it is refused (an error of its own, such as
// ErrNotYourTurn), it runs again on fresh data read linearizably, so that
// a refusal is never based on the session's older revision.
//
// The bbolt backend reads its own file, always current: it ignores
// sessions.

// session is the newest revision a request's reads have seen.
type session struct{ rev atomic.Int64 }

type sessionKey struct{}

// Session returns ctx carrying a read session (see above) for the store's
// calls made with it and its children: a bot's interaction, from its
// arrival to its answer. ctx is returned as it is when it carries one
// already. A session is for one request: a context that lives on (a
// background job's) must not carry one, or its reads would stay at the
// revision of its first.
func Session(ctx context.Context) context.Context {
	if sessionOf(ctx) != nil {
		return ctx
	}
	return context.WithValue(ctx, sessionKey{}, &session{})
}

// sessionOf is ctx's session, nil when it has none.
func sessionOf(ctx context.Context) *session {
	s, _ := ctx.Value(sessionKey{}).(*session)
	return s
}

// at is the revision the session's next transaction reads at: 0 (a
// linearizable first read) for none.
func (s *session) at() int64 {
	if s == nil {
		return 0
	}
	return s.rev.Load()
}

// saw raises the session's revision to rev.
func (s *session) saw(rev int64) {
	if s == nil {
		return
	}
	for {
		cur := s.rev.Load()
		if rev <= cur || s.rev.CompareAndSwap(cur, rev) {
			return
		}
	}
}
