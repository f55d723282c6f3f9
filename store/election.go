package store

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	clientv3 "go.etcd.io/etcd/client/v3"
	"go.etcd.io/etcd/client/v3/concurrency"
)

// The lead among replicas
//
// Replicas on one etcd store elect one of them with etcd's own election
// (package concurrency: a key per candidate under ElectionKey(PREFIX),
// beside the store's keys, each attached to its session's lease; the
// oldest key leads), on the store's own client. Before, the key had a
// slash before the prefix (/PREFIX/election/leader): an elected replica
// waits until no candidate is left under that form, so that replicas of
// an older veletasbot and of this one never lead together during an
// upgrade. When a leader dies its lease expires after the election's TTL,
// the next candidate's key becomes the oldest, and that replica leads. A
// leader that cannot renew its lease stops leading ElectionMargin before
// the lease could expire on the server, so that two replicas never lead
// at once unless a renewal takes longer than ElectionMargin to come back.

// DefaultElectionTTL is the default TTL of an election session's lease.
const DefaultElectionTTL = 5 * time.Second

// MinElectionTTL is the shortest TTL of an election's lease: a lease's
// TTL is in whole seconds, and ElectionMargin must leave some.
const MinElectionTTL = 2 * time.Second

// ElectionMargin is how long before its lease may expire a leader that
// has not heard of a renewal stops leading.
const ElectionMargin = time.Second

// electionResignTimeout bounds the resignation of the lead and the
// revocation of a session's lease, on a fresh context (the election's
// own may be done already).
const electionResignTimeout = 2 * time.Second

// electionRetry is the pause before campaigning again after a session
// failed.
const electionRetry = time.Second

// electionPath is the election's key prefix under the store's prefix.
const electionPath = "election/leader"

// ErrNoElection is returned by Elect on a bolt store: its one process
// always leads.
var ErrNoElection = errors.New("an election needs an etcd store; on a bolt store the one process always leads")

// ElectionKey is the election's key prefix for a store prefix: under the
// store's own keys (PREFIX/election/leader beside PREFIX/games/...), so
// that etcdctl get --prefix PREFIX/ sees them all.
func ElectionKey(prefix string) string {
	if p := strings.Trim(prefix, "/"); p != "" {
		return p + "/" + electionPath
	}
	return electionPath
}

// legacyElectionKey is the form of the election's key that veletasbot
// used before (/PREFIX/election/leader, with a slash before the prefix):
// a replica does not lead while a candidate of an older veletasbot is
// there, so that a rolling upgrade never has two leaders.
func legacyElectionKey(prefix string) string {
	return "/" + ElectionKey(prefix)
}

// Elect makes this process a candidate, named id, for the lead among the
// processes on the etcd store, on the store's client; elected runs (on the
// election's goroutine) each time it becomes the leader. ttl is the lease's
// TTL (0: DefaultElectionTTL; at least 2 s). Close the Elector before the
// DB. On a bolt store it returns ErrNoElection.
func (db *DB) Elect(id string, ttl time.Duration, elected func()) (*Elector, error) {
	e, ok := db.be.(*etcdStore)
	if !ok {
		return nil, ErrNoElection
	}
	if ttl == 0 {
		ttl = DefaultElectionTTL
	}
	p := e.prefix
	return startElection(e.cli, ElectionKey(p), legacyElectionKey(p), id, ttl, elected, db.opts.Logger), nil
}

// Elector campaigns for the lead and keeps it while its lease is renewed;
// it implements the bot's Leader. Start it with DB.Elect, stop it with
// Close (which resigns).
type Elector struct {
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

// startElection starts campaigning for key as id on cli; elected runs
// (on the election's goroutine) each time this replica becomes the
// leader. While a key under legacy (when not "") is there, a candidate
// of an older veletasbot, this replica does not lead even when elected.
func startElection(cli *clientv3.Client, key, legacy, id string, ttl time.Duration, elected func(), logger *slog.Logger) *Elector {
	ttl = max(ttl, MinElectionTTL)
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	ctx, cancel := context.WithCancel(context.Background())
	l := &Elector{cli: cli, key: key, legacy: legacy, id: id, ttl: ttl, elected: elected, logger: logger, cancel: cancel, done: make(chan struct{})}
	go func() {
		defer close(l.done)
		l.run(ctx)
	}()
	return l
}

// Leading reports whether this replica leads: it was elected and has
// heard of a renewal of its lease recently enough.
func (l *Elector) Leading() bool {
	return l.leading.Load() && time.Now().UnixNano() < l.validUntil.Load()
}

// Close stops campaigning and resigns the lead (deleting its key, so that
// the next replica leads at once rather than after the lease's TTL).
func (l *Elector) Close() {
	l.once.Do(func() {
		l.cancel()
		<-l.done
	})
}

// run campaigns, leads until the session ends, and campaigns again,
// until ctx is done.
func (l *Elector) run(ctx context.Context) {
	for ctx.Err() == nil {
		if err := l.term(ctx); err != nil && ctx.Err() == nil {
			l.logger.Warn("veletasbot: election: campaigning again in a second", "err", err)
			select {
			case <-ctx.Done():
			case <-time.After(electionRetry):
			}
		}
	}
}

// term is one session: a campaign, then the lead until the session's
// lease is lost or ctx is done.
func (l *Elector) term(ctx context.Context) error {
	sess, err := concurrency.NewSession(l.cli, concurrency.WithTTL(int(l.ttl/time.Second)), concurrency.WithContext(ctx))
	if err != nil {
		return fmt.Errorf("starting a session: %w", err)
	}
	defer func() {
		// Revoking the lease deletes the key: the next candidate leads
		// at once. A fresh context: ctx may be done already.
		rctx, cancel := context.WithTimeout(context.Background(), electionResignTimeout)
		defer cancel()
		sess.Orphan()
		l.cli.Revoke(rctx, sess.Lease())
	}()
	kctx, kcancel := context.WithCancel(ctx)
	defer kcancel()
	lost, err := l.watchRenewals(kctx, sess.Lease())
	if err != nil {
		return err
	}
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
	if err := l.campaign(ctx, cctx, e); err != nil || ctx.Err() != nil {
		return err
	}
	return l.lead(ctx, e, sess, lost)
}

// watchRenewals keeps the session's lease alive until ctx is done and
// moves Leading's deadline at each renewal; the channel it returns is
// closed when the renewals stop (ctx done or the lease lost).
func (l *Elector) watchRenewals(ctx context.Context, lease clientv3.LeaseID) (<-chan struct{}, error) {
	renewals, err := l.cli.KeepAlive(ctx, lease)
	if err != nil {
		return nil, fmt.Errorf("keeping the session alive: %w", err)
	}
	lost := make(chan struct{})
	go func() {
		defer close(lost)
		for r := range renewals {
			l.validUntil.Store(time.Now().Add(time.Duration(r.TTL)*time.Second - ElectionMargin).UnixNano())
		}
	}()
	l.validUntil.Store(time.Now().Add(l.ttl - ElectionMargin).UnixNano())
	return lost, nil
}

// campaign waits until e elects this replica and no older replica is
// left (nil), the session ends (an error), or ctx is done (nil: the caller
// checks ctx). cctx is ctx ended with the session.
func (l *Elector) campaign(ctx, cctx context.Context, e *concurrency.Election) error {
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
	return nil
}

// lead holds the lead until ctx is done (resigning: nil) or the session
// is lost (an error).
func (l *Elector) lead(ctx context.Context, e *concurrency.Election, sess *concurrency.Session, lost <-chan struct{}) error {
	l.leading.Store(true)
	l.logger.Info("veletasbot: this replica leads (sweeps and rescans)", "id", l.id)
	if l.elected != nil {
		l.elected()
	}
	select {
	case <-ctx.Done():
		l.leading.Store(false)
		rctx, cancel := context.WithTimeout(context.Background(), electionResignTimeout)
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
func (l *Elector) waitLegacy(ctx context.Context) error {
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
