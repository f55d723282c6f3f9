package store

import (
	"bytes"
	"context"
	"sync"
	"sync/atomic"

	"go.etcd.io/etcd/api/v3/mvccpb"
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
// A session also keeps the keys its transactions read one by one at its
// revision (up to sessionKeys of them): at a fixed revision a key's value
// cannot change, so a later transaction reading the same key at the same
// revision (a move reads the channel's game to dispatch it, to show it
// and to change it, and the player's settings twice) takes it from there
// instead of asking the cluster again. A transaction still records what
// it took for its commit's guard. When the session's revision moves (its
// own commit), what it kept is dropped.
//
// The bbolt backend reads its own file, always current: it ignores
// sessions.

// sessionKeys bounds the keys a session keeps.
const sessionKeys = 64

// session is the newest revision a request's reads have seen, and the
// keys read at it.
type session struct {
	rev atomic.Int64

	mu     sync.Mutex
	keptAt int64                       // the revision of kept
	kept   map[string]*mvccpb.KeyValue // nil value: absent at keptAt
}

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

// cached is key's value at rev when the session kept it (nil: absent),
// a copy its caller may keep; ok is false when it did not.
func (s *session) cached(rev int64, key string) (kv *mvccpb.KeyValue, ok bool) {
	if s == nil || rev == 0 {
		return nil, false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.keptAt != rev {
		return nil, false
	}
	kv, ok = s.kept[key]
	return cloneKV(kv), ok
}

// keep records key's value kv read at rev (nil: absent); what was kept at
// another revision is dropped.
func (s *session) keep(rev int64, key string, kv *mvccpb.KeyValue) {
	if s == nil || rev == 0 {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.keptAt != rev {
		s.keptAt, s.kept = rev, map[string]*mvccpb.KeyValue{}
	}
	if len(s.kept) >= sessionKeys {
		return
	}
	s.kept[key] = cloneKV(kv)
}

// cloneKV is a copy of kv whose key and value are its own (nil for nil).
func cloneKV(kv *mvccpb.KeyValue) *mvccpb.KeyValue {
	if kv == nil {
		return nil
	}
	c := *kv
	c.Key, c.Value = bytes.Clone(kv.Key), bytes.Clone(kv.Value)
	return &c
}
