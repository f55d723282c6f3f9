package store

import (
	"context"
	crand "crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"go.etcd.io/etcd/api/v3/mvccpb"
	clientv3 "go.etcd.io/etcd/client/v3"
)

// The processes on one etcd store (replicas behind a load balancer) each
// serve some of a game's web pages. Peers links a process to the others,
// with one goroutine and one etcd watch stream per process (not per game
// or per page), the store's own client:
//
//   - Changes of games: an etcd Watch on the games' keys (PREFIX/games/,
//     the active games, and PREFIX/archive/, the finished ones) tells the
//     process of every game committed by any process, itself included,
//     by ID and revision (read from the value's header, without
//     replaying the game); a finished game's evaluation stored
//     (PREFIX/evaluations/) is told as a change without a revision. The
//     watches share one gRPC stream (etcd's client puts the watches of
//     one context on one). When a watch ends (compacted past the revision
//     it needed, cancelled, no leader) Peers watches again from the
//     current revision and tells the listener that changes may have been
//     missed, so that it reads again the games it shows.
//   - Viewer counts: each process puts its count of a game's pages,
//     only for games it has pages of, under PREFIX/viewers/ID/PROCESS, on
//     a lease of its own (PeerOptions.TTL) that it keeps alive and revokes
//     on Close; so a dead process's pages vanish when its lease expires.
//     The puts are coalesced: at most one write per PeerOptions.FlushEvery,
//     all changed games in it. Each process watches the prefix into a
//     local map and tells the listener the sum of the other processes'
//     counts of a game when it changes. The keys and values hold game IDs,
//     process names and counts, never a user's ID.
//
// On a bolt store one process serves everything and hears of its own
// changes: NewPeers refuses with ErrNoPeers.

// viewersPath is the viewer counts' key prefix under the store's prefix.
const viewersPath = "viewers/"

// DefaultPeerTTL is the default TTL of the lease of a process's viewer
// counts: they vanish that long after the process dies.
const DefaultPeerTTL = 10 * time.Second

// DefaultPeerFlush is the default least time between two writes of a
// process's viewer counts.
const DefaultPeerFlush = time.Second

// peerRetry is the pause before Peers tries again what etcd failed
// (granting a lease, reading after a gap, writing the counts).
const peerRetry = time.Second

// peerTxnOps bounds the operations of one write of the counts (etcd's
// --max-txn-ops is 128 by default).
const peerTxnOps = 100

// ErrNoPeers is returned by NewPeers on a bolt store: its one process
// makes every change and serves every page.
var ErrNoPeers = errors.New("following other processes needs an etcd store; on a bolt store the one process makes every change")

// ErrPeerOptions is returned by NewPeers for options it cannot use; the
// error says which.
var ErrPeerOptions = errors.New("bad peer options")

// PeerListener hears what Peers learn of the processes on the store. Its
// methods are called on the Peers' goroutine, one at a time, and must
// not wait long.
type PeerListener interface {
	// GameRevised: game id was committed at revision rev by a process
	// (this one too); rev 0: it changed without a new revision (its
	// evaluation was stored). A game archived under a new ID is not told.
	GameRevised(id uint64, rev int)
	// ChangesMissed: changes may have been missed (the watch was
	// compacted, cancelled or had no leader); read again every game shown.
	ChangesMissed()
	// ViewersElsewhere: the other processes now have n pages of game id.
	ViewersElsewhere(id uint64, n int)
}

// PeerOptions configure NewPeers.
type PeerOptions struct {
	// Name names this process among the others (a host name, a PID, a
	// random part); "" picks a random one. It must not contain "/".
	Name string
	// TTL is the lease's TTL (0: DefaultPeerTTL; whole seconds, at least
	// 2 s).
	TTL time.Duration
	// FlushEvery is the least time between two writes of the counts (0:
	// DefaultPeerFlush).
	FlushEvery time.Duration
}

// Peers links this process to the others on the etcd store: it follows
// every process's changes of games and publishes and sums the viewer
// counts (see above). Make it with DB.NewPeers, start it with Run, stop
// it with Close.
type Peers struct {
	cli    *clientv3.Client
	prefix string // the store's prefix, ending with "/"
	name   string
	ttl    int64 // seconds
	every  time.Duration
	logger *slog.Logger

	mu    sync.Mutex
	local map[uint64]int  // this process's counts, as set
	dirty map[uint64]bool // set since written
	kick  chan struct{}   // one slot: the counts changed

	lease atomic.Int64 // the lease held now (0: none), for tests
	// forceGap, for tests, ends the watches as a compaction would.
	forceGap chan struct{}

	started atomic.Bool
	ctx     context.Context // ends with Close
	cancel  context.CancelFunc
	done    chan struct{}
	once    sync.Once
}

// NewPeers makes this process's Peers on the store's client with the
// options o; Run starts it, Close stops it (before the DB is closed).
// Counts set before Run are written once it runs. On a bolt store it
// returns ErrNoPeers.
func (db *DB) NewPeers(o PeerOptions) (*Peers, error) {
	e, ok := db.be.(*etcdStore)
	if !ok {
		return nil, ErrNoPeers
	}
	if strings.Contains(o.Name, "/") {
		return nil, fmt.Errorf("store: join peers: %w: the name %q holds a slash; give a name without one", ErrPeerOptions, o.Name)
	}
	if o.Name == "" {
		var r [8]byte
		crand.Read(r[:])
		o.Name = hex.EncodeToString(r[:])
	}
	if o.TTL == 0 {
		o.TTL = DefaultPeerTTL
	}
	if o.TTL < MinElectionTTL {
		return nil, fmt.Errorf("store: join peers: %w: a TTL of %v is below %v", ErrPeerOptions, o.TTL, MinElectionTTL)
	}
	if o.FlushEvery <= 0 {
		o.FlushEvery = DefaultPeerFlush
	}
	p := &Peers{cli: e.cli, prefix: e.prefix, name: o.Name, ttl: int64(o.TTL / time.Second), every: o.FlushEvery,
		logger: db.opts.Logger, local: map[uint64]int{}, dirty: map[uint64]bool{}, kick: make(chan struct{}, 1), done: make(chan struct{}), forceGap: make(chan struct{})}
	ctx, cancel := context.WithCancel(context.Background())
	p.ctx, p.cancel = ctx, cancel
	return p, nil
}

// Run starts the Peers' goroutine, which tells to what it learns until
// Close; it returns at once. A second Run, or a Run after Close, does
// nothing.
func (p *Peers) Run(to PeerListener) {
	if p.ctx.Err() != nil || !p.started.CompareAndSwap(false, true) {
		return
	}
	go func() {
		defer close(p.done)
		for again := false; p.runGuarded(p.ctx, to, again); again = true {
			// A panic (in a listener, say) never takes the process down:
			// the link starts again a second later, with a new lease and
			// the counts read afresh.
			t := time.NewTimer(time.Second)
			select {
			case <-p.ctx.Done():
				t.Stop()
				return
			case <-t.C:
			}
		}
	}()
}

// runGuarded runs the Peers' loop until ctx ends; it reports whether the
// loop panicked (logged with its stack) before then.
func (p *Peers) runGuarded(ctx context.Context, to PeerListener, again bool) (panicked bool) {
	defer func() {
		if v := recover(); v != nil {
			p.logger.Error("store: peers: panic; starting again", "panic", fmt.Sprint(v), "stack", string(debug.Stack()))
			panicked = ctx.Err() == nil
		}
	}()
	p.run(ctx, to, again)
	return false
}

// gameHead reads the ID and revision of a stored game without replaying
// it.
func gameHead(v []byte) (uint64, int, error) {
	var h struct {
		ID  uint64 `json:"id"`
		Rev int    `json:"rev"`
	}
	if err := decodeValue(v, &h); err != nil {
		return 0, 0, err
	}
	return h.ID, h.Rev, nil
}

// Name is this process's name among the others.
func (p *Peers) Name() string { return p.name }

// SetViewers sets this process's count of game id's pages (0: none); the
// others learn it within FlushEvery. It does not wait for etcd.
func (p *Peers) SetViewers(id uint64, n int) {
	p.mu.Lock()
	old := p.local[id]
	if n > 0 {
		p.local[id] = n
	} else {
		delete(p.local, id)
	}
	if old != n {
		p.dirty[id] = true
	}
	p.mu.Unlock()
	if old != n {
		select {
		case p.kick <- struct{}{}:
		default:
		}
	}
}

// Close stops following and revokes the lease, so that the other
// processes no longer count this one's pages.
func (p *Peers) Close() error {
	p.once.Do(func() {
		p.cancel()
		if !p.started.CompareAndSwap(false, true) { // Run cannot start it now
			<-p.done
		}
	})
	return nil
}

func (p *Peers) viewersKey(id uint64) string {
	return p.prefix + viewersPath + strconv.FormatUint(id, 10) + "/" + p.name
}

// parseViewersKey reads a key under the viewers' prefix.
func (p *Peers) parseViewersKey(key []byte) (id uint64, name string, ok bool) {
	rest, found := strings.CutPrefix(string(key), p.prefix+viewersPath)
	if !found {
		return 0, "", false
	}
	ids, name, found := strings.Cut(rest, "/")
	if !found || name == "" || strings.Contains(name, "/") {
		return 0, "", false
	}
	id, err := strconv.ParseUint(ids, 10, 64)
	if err != nil || id == 0 || strconv.FormatUint(id, 10) != ids {
		return 0, "", false // not as viewersKey writes it
	}
	return id, name, true
}

// peerState is what the Peers' goroutine keeps between events.
type peerState struct {
	seen   map[string]int // the other processes' count keys and counts
	others map[uint64]int // their sums by game
}

// run is the Peers' goroutine: it holds the lease, writes the counts
// and follows the watches until ctx ends, then revokes the lease.
// run is the Peers' loop; again is true when it starts again after a
// panic, when changes may have been missed.
func (p *Peers) run(ctx context.Context, to PeerListener, again bool) {
	defer func() {
		if l := clientv3.LeaseID(p.lease.Load()); l != 0 {
			rctx, cancel := context.WithTimeout(context.Background(), electionResignTimeout)
			defer cancel()
			if _, err := p.cli.Revoke(rctx, l); err != nil {
				p.logger.Warn("store: peers: revoking the viewer counts' lease", "err", err)
			}
		}
	}()
	st := &peerState{seen: map[string]int{}, others: map[uint64]int{}}
	retry := time.NewTimer(0) // the first round starts at once
	defer retry.Stop()
	flush := time.NewTimer(time.Hour)
	flush.Stop()
	defer flush.Stop()
	var (
		watching              bool
		wctx                  context.Context
		wcancel               context.CancelFunc = func() {}
		games, archive, views clientv3.WatchChan
		evals                 clientv3.WatchChan
		alive                 <-chan *clientv3.LeaseKeepAliveResponse
		flushed               time.Time
		waiting               bool // the flush timer is set
		first                 = !again
	)
	defer func() { wcancel() }()
	gap := func(why string, err error) {
		if ctx.Err() != nil || !watching {
			return
		}
		p.logger.Info("store: peers: watching again", "why", why, "err", err)
		wcancel()
		watching = false
		retry.Reset(0)
	}
	doFlush := func() {
		waiting = false
		if p.lease.Load() == 0 {
			return // written when the lease is granted
		}
		if err := p.write(ctx); err != nil {
			if ctx.Err() == nil {
				p.logger.Warn("store: peers: writing the viewer counts", "err", err)
				waiting = true
				flush.Reset(peerRetry)
			}
			return
		}
		flushed = time.Now()
	}
	for {
		select {
		case <-ctx.Done():
			return
		case <-retry.C:
			// Hold a lease, and watch.
			if p.lease.Load() == 0 {
				ch, err := p.grant(ctx)
				if err != nil {
					if ctx.Err() == nil {
						p.logger.Warn("store: peers: granting the viewer counts' lease", "err", err)
						retry.Reset(peerRetry)
					}
					continue
				}
				alive = ch
				p.markAllDirty()
				doFlush()
			}
			if !watching {
				var stop context.CancelFunc
				wctx, stop = context.WithCancel(clientv3.WithRequireLeader(ctx))
				wcancel = stop
				rev, err := p.resync(wctx, to, st)
				if err != nil {
					wcancel()
					if ctx.Err() == nil {
						p.logger.Warn("store: peers: reading the viewer counts", "err", err)
						retry.Reset(peerRetry)
					}
					continue
				}
				from := clientv3.WithRev(rev + 1)
				games = p.cli.Watch(wctx, p.prefix+string(bucketGames)+"/", clientv3.WithPrefix(), from)
				archive = p.cli.Watch(wctx, p.prefix+string(bucketArchive)+"/", clientv3.WithPrefix(), from)
				views = p.cli.Watch(wctx, p.prefix+viewersPath, clientv3.WithPrefix(), from)
				evals = p.cli.Watch(wctx, p.prefix+string(bucketEvaluations)+"/", clientv3.WithPrefix(), from)
				watching = true
				if !first {
					to.ChangesMissed()
				}
				first = false
			}
		case _, ok := <-alive:
			if !ok {
				// The lease expired or was revoked (or the client
				// closes): a new one, and every count again.
				alive = nil
				p.lease.Store(0)
				if ctx.Err() == nil {
					p.logger.Info("store: peers: the viewer counts' lease is lost; granting another")
					retry.Reset(0)
				}
			}
		case <-p.kick:
			if waiting {
				continue
			}
			if wait := p.every - time.Since(flushed); wait > 0 {
				waiting = true
				flush.Reset(wait)
				continue
			}
			doFlush()
		case <-flush.C:
			doFlush()
		case <-p.forceGap:
			gap("forced", nil)
		case wr, ok := <-games:
			if !gamesEvent(to, wr, ok, gap) {
				games = nil
			}
		case wr, ok := <-archive:
			if !gamesEvent(to, wr, ok, gap) {
				archive = nil
			}
		case wr, ok := <-evals:
			if !ok || wr.Canceled || wr.CompactRevision != 0 || wr.Err() != nil {
				evals = nil
				gap("evaluations", wr.Err())
				continue
			}
			for _, ev := range wr.Events {
				var e Evaluation
				if ev.Type == mvccpb.PUT && decode(ev.Kv.Value, &e) == nil && e.Game != 0 && len(e.Values) > 0 {
					to.GameRevised(e.Game, 0)
				}
			}
		case wr, ok := <-views:
			if !ok || wr.Canceled || wr.CompactRevision != 0 || wr.Err() != nil {
				views = nil
				gap("viewers", wr.Err())
				continue
			}
			for _, ev := range wr.Events {
				p.viewersEvent(to, st, ev)
			}
		}
	}
}

// gamesEvent tells the listener of the games in a watch response; it
// reports false when the watch ended (and calls gap).
func gamesEvent(to PeerListener, wr clientv3.WatchResponse, ok bool, gap func(string, error)) bool {
	if !ok || wr.Canceled || wr.CompactRevision != 0 || wr.Err() != nil {
		gap("games", wr.Err())
		return false
	}
	for _, ev := range wr.Events {
		if ev.Type != mvccpb.PUT {
			continue // a game deleted is archived in the same commit
		}
		id, rev, err := gameHead(ev.Kv.Value)
		if err != nil || id == 0 {
			continue // a damaged game: the readers report it
		}
		to.GameRevised(id, rev)
	}
	return true
}

// viewersEvent applies a change of another process's count.
func (p *Peers) viewersEvent(to PeerListener, st *peerState, ev *clientv3.Event) {
	id, name, ok := p.parseViewersKey(ev.Kv.Key)
	if !ok || name == p.name {
		return
	}
	n := 0
	if ev.Type == mvccpb.PUT {
		n, _ = strconv.Atoi(string(ev.Kv.Value))
		n = max(n, 0)
	}
	key := string(ev.Kv.Key)
	old := st.seen[key]
	if n > 0 {
		st.seen[key] = n
	} else {
		delete(st.seen, key)
	}
	if n == old {
		return
	}
	sum := st.others[id] + n - old
	if sum > 0 {
		st.others[id] = sum
	} else {
		delete(st.others, id)
	}
	to.ViewersElsewhere(id, sum)
}

// resync reads the other processes' counts anew, tells the listener the
// sums that changed, and returns the revision read at.
func (p *Peers) resync(ctx context.Context, to PeerListener, st *peerState) (int64, error) {
	rctx, cancel := context.WithTimeout(ctx, DefaultEtcdTimeout)
	defer cancel()
	r, err := p.cli.Get(rctx, p.prefix+viewersPath, clientv3.WithPrefix())
	if err != nil {
		return 0, etcdErr(err)
	}
	seen, others := map[string]int{}, map[uint64]int{}
	for _, kv := range r.Kvs {
		id, name, ok := p.parseViewersKey(kv.Key)
		if !ok || name == p.name {
			continue
		}
		if n, err := strconv.Atoi(string(kv.Value)); err == nil && n > 0 {
			seen[string(kv.Key)] = n
			others[id] += n
		}
	}
	for id, n := range others {
		if st.others[id] != n {
			to.ViewersElsewhere(id, n)
		}
	}
	for id := range st.others {
		if _, ok := others[id]; !ok {
			to.ViewersElsewhere(id, 0)
		}
	}
	st.seen, st.others = seen, others
	return r.Header.Revision, nil
}

// grant takes a new lease and keeps it alive; the channel closes when
// it is lost.
func (p *Peers) grant(ctx context.Context) (<-chan *clientv3.LeaseKeepAliveResponse, error) {
	rctx, cancel := context.WithTimeout(ctx, DefaultEtcdTimeout)
	defer cancel()
	l, err := p.cli.Grant(rctx, p.ttl)
	if err != nil {
		return nil, etcdErr(err)
	}
	ch, err := p.cli.KeepAlive(ctx, l.ID)
	if err != nil {
		return nil, etcdErr(err)
	}
	p.lease.Store(int64(l.ID))
	return ch, nil
}

func (p *Peers) markAllDirty() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for id := range p.local {
		p.dirty[id] = true
	}
}

// write puts the counts set since the last write, on the lease, in
// batches of peerTxnOps; what it could not write stays to write.
func (p *Peers) write(ctx context.Context) error {
	lease := clientv3.LeaseID(p.lease.Load())
	p.mu.Lock()
	var ops []clientv3.Op
	var ids []uint64
	for id := range p.dirty {
		if n := p.local[id]; n > 0 {
			ops = append(ops, clientv3.OpPut(p.viewersKey(id), strconv.Itoa(n), clientv3.WithLease(lease)))
		} else {
			ops = append(ops, clientv3.OpDelete(p.viewersKey(id)))
		}
		ids = append(ids, id)
	}
	clear(p.dirty)
	p.mu.Unlock()
	for len(ops) > 0 {
		k := min(len(ops), peerTxnOps)
		rctx, cancel := context.WithTimeout(ctx, DefaultEtcdTimeout)
		_, err := p.cli.Txn(rctx).Then(ops[:k]...).Commit()
		cancel()
		if err != nil {
			p.mu.Lock()
			for _, id := range ids {
				p.dirty[id] = true
			}
			p.mu.Unlock()
			return etcdErr(err)
		}
		ops, ids = ops[k:], ids[k:]
	}
	return nil
}
