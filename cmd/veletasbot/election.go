package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	clientv3 "go.etcd.io/etcd/client/v3"
	"go.etcd.io/etcd/client/v3/concurrency"
)

// The lead among replicas
//
// Replicas on the etcd store elect one of them, with etcd's own election
// (package concurrency: a key per candidate under PREFIX/ElectionKey,
// beside the store's keys, each attached to its session's lease; the
// oldest key leads). Before, the key had a slash before the prefix
// (/PREFIX/election/leader): an elected replica waits until no candidate
// is left under that form, so that replicas of an older veletasbot and of
// this one never lead together during an upgrade. The leader does
// the work nobody asked for: the time-limit sweeps and the rescans of the
// computer's games (bot.Leader). When it dies its lease expires after
// LeaderTTL, the next candidate's key becomes the oldest, and that
// replica sweeps and rescans at once (bot.Bot.Elected): the work is taken
// over within LeaderTTL and a sweep (under 15 s). A leader that cannot
// renew its lease stops leading LeaderMargin before the lease could
// expire on the server, so that two replicas never lead at once unless a
// renewal takes longer than LeaderMargin to come back.

// LeaderTTL is the TTL of an election session's lease.
const LeaderTTL = 5 * time.Second

// LeaderMargin is how long before its lease may expire a leader that has
// not heard of a renewal stops leading.
const LeaderMargin = time.Second

// ElectionKey is the election's key prefix under the store's prefix.
const ElectionKey = "election/leader"

// etcdLeader campaigns for the lead and keeps it while its lease is
// renewed; it implements bot.Leader. Start it with startElection, stop it
// with Close (which resigns).
type etcdLeader struct {
	cli     *clientv3.Client
	key     string // the election's prefix
	legacy  string // the older form of key, whose candidates this one lets lead ("": none)
	id      string // this replica's value under it
	ttl     time.Duration
	elected func() // called each time this replica becomes the leader
	logger  *slog.Logger

	leading    atomic.Bool
	validUntil atomic.Int64 // unix nanoseconds: the lead holds until then without news of a renewal

	cancel context.CancelFunc
	done   chan struct{}
	once   sync.Once
}

// startElection starts campaigning for key as id; elected runs (on the
// election's goroutine) each time this replica becomes the leader. While
// a key under legacy (when not "") is there, a candidate of an older
// veletasbot, this replica does not lead even when elected.
func startElection(cli *clientv3.Client, key, legacy, id string, ttl time.Duration, elected func(), logger *slog.Logger) *etcdLeader {
	if ttl < 2*time.Second {
		ttl = 2 * time.Second // a lease's TTL is in whole seconds, and the margin must leave some
	}
	ctx, cancel := context.WithCancel(context.Background())
	l := &etcdLeader{cli: cli, key: key, legacy: legacy, id: id, ttl: ttl, elected: elected, logger: logger, cancel: cancel, done: make(chan struct{})}
	go func() {
		defer close(l.done)
		l.run(ctx)
	}()
	return l
}

// Leading reports whether this replica leads: it was elected and has
// heard of a renewal of its lease recently enough.
func (l *etcdLeader) Leading() bool {
	return l.leading.Load() && time.Now().UnixNano() < l.validUntil.Load()
}

// Close stops campaigning and resigns the lead (deleting its key, so that
// the next replica leads at once rather than after the lease's TTL).
func (l *etcdLeader) Close() {
	l.once.Do(func() {
		l.cancel()
		<-l.done
	})
}

// run campaigns, leads until the session ends, and campaigns again,
// until ctx is done.
func (l *etcdLeader) run(ctx context.Context) {
	for ctx.Err() == nil {
		if err := l.term(ctx); err != nil && ctx.Err() == nil {
			l.logger.Warn("veletasbot: election: campaigning again in a second", "err", err)
			select {
			case <-ctx.Done():
			case <-time.After(time.Second):
			}
		}
	}
}

// term is one session: a campaign, then the lead until the session's
// lease is lost or ctx is done.
func (l *etcdLeader) term(ctx context.Context) error {
	sess, err := concurrency.NewSession(l.cli, concurrency.WithTTL(int(l.ttl/time.Second)), concurrency.WithContext(ctx))
	if err != nil {
		return fmt.Errorf("starting a session: %w", err)
	}
	defer func() {
		// Revoking the lease deletes the key: the next candidate leads
		// at once. A fresh context: ctx may be done already.
		rctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		sess.Orphan()
		l.cli.Revoke(rctx, sess.Lease())
	}()
	// News of the lease's renewals, for Leading's deadline.
	kctx, kcancel := context.WithCancel(ctx)
	defer kcancel()
	renewals, err := l.cli.KeepAlive(kctx, sess.Lease())
	if err != nil {
		return fmt.Errorf("keeping the session alive: %w", err)
	}
	lost := make(chan struct{})
	go func() {
		defer close(lost)
		for r := range renewals {
			l.validUntil.Store(time.Now().Add(time.Duration(r.TTL)*time.Second - LeaderMargin).UnixNano())
		}
	}()
	l.validUntil.Store(time.Now().Add(l.ttl - LeaderMargin).UnixNano())

	// A campaign ends when elected, or when the session is lost.
	cctx, ccancel := context.WithCancel(ctx)
	defer ccancel()
	go func() {
		select {
		case <-sess.Done():
		case <-lost:
		case <-cctx.Done():
		}
		ccancel()
	}()
	e := concurrency.NewElection(sess, l.key)
	if err := e.Campaign(cctx, l.id); err != nil {
		if ctx.Err() != nil {
			return nil
		}
		return fmt.Errorf("campaigning: %w", err)
	}
	if cctx.Err() != nil {
		if ctx.Err() != nil {
			return nil
		}
		return errors.New("the session ended while campaigning")
	}
	if err := l.waitLegacy(cctx); err != nil {
		if ctx.Err() != nil {
			return nil
		}
		return fmt.Errorf("waiting for the older replicas to stop: %w", err)
	}
	l.leading.Store(true)
	l.logger.Info("veletasbot: this replica leads (sweeps and rescans)", "id", l.id)
	if l.elected != nil {
		l.elected()
	}
	select {
	case <-ctx.Done():
		l.leading.Store(false)
		rctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		e.Resign(rctx)
		l.logger.Info("veletasbot: this replica resigned the lead", "id", l.id)
		return nil
	case <-sess.Done():
	case <-lost:
	}
	l.leading.Store(false)
	return errors.New("the session's lease was lost: this replica no longer leads")
}

// waitLegacy returns once no key is left under the older form of the
// election's key (at once when there is none), or with ctx's error.
func (l *etcdLeader) waitLegacy(ctx context.Context) error {
	if l.legacy == "" {
		return nil
	}
	prefix := l.legacy + "/"
	told := false
	for {
		r, err := l.cli.Get(ctx, prefix, clientv3.WithPrefix(), clientv3.WithCountOnly())
		if err != nil {
			return err
		}
		if r.Count == 0 {
			return nil
		}
		if !told {
			l.logger.Warn("veletasbot: election: a replica of an older veletasbot campaigns under the old key form; this replica leads once none is left (upgrade or stop them)",
				"old", prefix, "key", l.key, "id", l.id)
			told = true
		}
		wctx, cancel := context.WithCancel(ctx)
		wch := l.cli.Watch(wctx, prefix, clientv3.WithPrefix(), clientv3.WithRev(r.Header.Revision+1), clientv3.WithFilterPut())
		select {
		case <-ctx.Done():
		case <-wch: // a key deleted (or the watch ended): count again
		}
		cancel()
	}
}
