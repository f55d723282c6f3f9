package store

import (
	"bytes"
	"context"
	crand "crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"go.etcd.io/etcd/api/v3/mvccpb"
	"go.etcd.io/etcd/api/v3/v3rpc/rpctypes"
	clientv3 "go.etcd.io/etcd/client/v3"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// The etcd backend keeps each bucket's keys under PREFIX/bucket/rawkey, so
// that keys are ordered byte-wise within a bucket as in bbolt; a bucket's
// counter (NextSequence) is PREFIX/seq/bucket, and PREFIX/txn/ID are the
// markers of the commits (below).
//
// A transaction reads at one revision: the first read is linearizable and
// fixes the revision, the later ones read at it. A read-write transaction
// buffers its writes (its reads see them) and commits them as one etcd Txn
// whose condition is that nothing it read has changed: every key it got
// has the mod revision it had (0 for an absent key), and no key in a range
// it scanned with a cursor was created or changed after the revision. (A
// key seen only through a cursor is guarded against changes, not against
// deletion: the store's changes read with Get every record they act on.)
// When the condition fails, the change runs again from the start on fresh
// data, up to etcdAttempts times.
//
// Never applied twice: each commit also writes a marker key unique to the
// attempt, on a lease of a few minutes, and its condition requires that
// the marker is absent. When a commit's outcome is unknown (a timeout, a
// connection lost), the store settles it with a second Txn: if the marker
// is absent, it writes the marker itself, so that the attempt can no
// longer commit (its condition fails if it arrives later), and the change
// runs again; if the marker is there, the attempt committed.

// DefaultEtcdTimeout bounds each request to etcd.
const DefaultEtcdTimeout = 5 * time.Second

const (
	// etcdAttempts bounds the runs of one change that conflicts.
	etcdAttempts = 64
	// etcdSettle bounds the time spent settling an unknown outcome.
	etcdSettle = 60 * time.Second
	// serialAfter is the number of conflicts after which a change waits
	// for the other changes of its process that conflicted as often.
	serialAfter = 3
	// etcdPage is the number of keys a cursor reads at once.
	etcdPage = 64
	// markerTTL is the life of a commit marker (seconds), markerRenew the
	// age at which a new lease replaces the current one.
	markerTTL   = 180
	markerRenew = 60 * time.Second
)

// etcdStore is the etcd backend of a DB.
type etcdStore struct {
	cli     *clientv3.Client
	prefix  string // ends with "/"
	timeout time.Duration

	serial chan struct{} // full while held by a change that conflicted serialAfter times
	// onConflict, when set, is told of each conflict (Options.Observer).
	onConflict func()

	leaseMu sync.Mutex
	lease   clientv3.LeaseID
	leaseAt time.Time
	// commitHook, for tests, replaces the commit of a change's Txn (its
	// condition and operations): it may commit and still report an error.
	commitHook func(cmps []clientv3.Cmp, ops []clientv3.Op) (*clientv3.TxnResponse, error)
	// reads counts the range requests sent for transactions' reads.
	reads atomic.Int64
	// index7 is set by init for a prefix at schema 6, whose indexes of
	// schema 7 OpenLocation builds (DB.migrate6to7).
	index7 bool
	// index8 is set by init for a prefix before schema 8, whose guild
	// index OpenLocation builds (DB.migrate7to8).
	index8 bool
}

// openEtcd connects to an etcd store and initialises a fresh prefix at
// SchemaVersion.
func openEtcd(loc Location, o Options) (*etcdStore, error) {
	cli, err := clientv3.New(clientv3.Config{
		Endpoints:            loc.Endpoints,
		DialTimeout:          o.EtcdTimeout,
		DialKeepAliveTime:    10 * time.Second,
		DialKeepAliveTimeout: o.EtcdTimeout,
		Logger:               newZapLogger(o.Logger.Handler()),
	})
	if err != nil {
		return nil, err
	}
	s := &etcdStore{cli: cli, prefix: loc.Prefix + "/", timeout: o.EtcdTimeout, serial: make(chan struct{}, 1)}
	if obs := o.Observer; obs != nil {
		s.onConflict = func() { obs.Conflicted("etcd") }
	}
	if err := s.init(o.Logger); err != nil {
		cli.Close()
		if errors.Is(err, ErrUnavailable) {
			return nil, fmt.Errorf("%w (waited %v; are the members up? etcdctl --endpoints %s endpoint health)", err, o.EtcdTimeout, strings.Join(loc.Endpoints, ","))
		}
		return nil, err
	}
	return s, nil
}

func (s *etcdStore) key(bucket, k []byte) string {
	return s.prefix + string(bucket) + "/" + string(k)
}

// reqCtx bounds one request to etcd: it ends with ctx, or after the
// store's timeout.
func (s *etcdStore) reqCtx(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(ctx, s.timeout)
}

// init checks the schema version of the prefix, writing it on a fresh
// prefix, which must be empty.
func (s *etcdStore) init(logger *slog.Logger) error {
	ctx, cancel := s.reqCtx(context.Background())
	defer cancel()
	vkey := s.key(bucketMeta, keyVersion)
	r, err := s.cli.Get(ctx, vkey)
	if err != nil {
		return etcdErr(err)
	}
	if len(r.Kvs) == 0 {
		any, err := s.cli.Get(ctx, s.prefix, clientv3.WithPrefix(), clientv3.WithLimit(1), clientv3.WithKeysOnly())
		if err != nil {
			return etcdErr(err)
		}
		if len(any.Kvs) > 0 {
			return fmt.Errorf("%w: the prefix %s holds keys (such as %q) but no schema version", ErrNotStore, s.prefix, any.Kvs[0].Key)
		}
		tr, err := s.cli.Txn(ctx).If(clientv3.Compare(clientv3.CreateRevision(vkey), "=", 0)).
			Then(clientv3.OpPut(vkey, strconv.Itoa(SchemaVersion))).Else(clientv3.OpGet(vkey)).Commit()
		if err != nil {
			return etcdErr(err)
		}
		if tr.Succeeded {
			return nil
		}
		r = (*clientv3.GetResponse)(tr.Responses[0].GetResponseRange())
		if len(r.Kvs) == 0 {
			return fmt.Errorf("%w: the schema version of %s vanished", ErrNotStore, s.prefix)
		}
	}
	v, err := strconv.Atoi(string(r.Kvs[0].Value))
	switch {
	case err != nil || v < 1:
		return fmt.Errorf("%w: bad schema version %q", ErrNotStore, r.Kvs[0].Value)
	case v > SchemaVersion:
		return fmt.Errorf("%w: the store has version %d, this veletasbot knows up to %d; upgrade veletasbot", ErrSchemaTooNew, v, SchemaVersion)
	case v == 5:
		if err := s.migrate5to6(logger); err != nil {
			return err
		}
		s.index7, s.index8 = true, true
		return nil
	case v == 6:
		s.index7, s.index8 = true, true // migrate6to7 and 7to8, once the DB is made
		return nil
	case v == 7:
		s.index8 = true // migrate7to8, once the DB is made
		return nil
	case v < SchemaVersion:
		return fmt.Errorf("%w: the etcd store has schema version %d and this veletasbot writes %d: an etcd store before schema 5 is not migrated in place; with the veletasbot that wrote it, copy it to a file (veletasbot migrate -from etcd://... -to bolt:FILE), then with this one copy the file, which it migrates when it opens it, into a new prefix (veletasbot migrate -from bolt:FILE -to etcd://.../NEWPREFIX)", ErrOldSchema, v, SchemaVersion)
	}
	return nil
}

func (s *etcdStore) close() error { return s.cli.Close() }

func (s *etcdStore) readOutside() bool { return false }

// ping is a linearizable read of the schema version.
func (s *etcdStore) ping(parent context.Context) error {
	ctx, cancel := s.reqCtx(parent)
	defer cancel()
	if _, err := s.cli.Get(ctx, s.key(bucketMeta, keyVersion)); err != nil {
		if perr := ctxEnded(parent, err); perr != nil {
			return fmt.Errorf("store: ping: %w (%w)", ErrUnavailable, perr)
		}
		return fmt.Errorf("store: ping: %w", etcdErr(err))
	}
	return nil
}

// deadlineSlack is how close to its deadline a context must be for etcd's
// report of a passed deadline to count as the context's own.
const deadlineSlack = 100 * time.Millisecond

// ctxEnded returns ctx's error when ctx has ended, or when err is etcd's
// report of a passed deadline that is ctx's own: the server counts down
// the deadline the client sent and may answer "context deadline exceeded"
// (gRPC code Unknown) a moment before the client's ctx ends. It then
// waits for ctx's end, at most deadlineSlack.
func ctxEnded(ctx context.Context, err error) error {
	if e := ctx.Err(); e != nil {
		return e
	}
	if !isDeadline(err) {
		return nil
	}
	d, ok := ctx.Deadline()
	if !ok || time.Until(d) > deadlineSlack {
		return nil
	}
	<-ctx.Done()
	return ctx.Err()
}

// isDeadline reports whether err says a deadline passed, on the client's
// side or as the server words it.
func isDeadline(err error) bool {
	if errors.Is(err, context.DeadlineExceeded) || status.Code(err) == codes.DeadlineExceeded {
		return true
	}
	return status.Code(err) == codes.Unknown && strings.Contains(status.Convert(err).Message(), context.DeadlineExceeded.Error())
}

// etcdErr classifies an error of the etcd client.
func etcdErr(err error) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) ||
		errors.Is(err, rpctypes.ErrNoLeader) || errors.Is(err, rpctypes.ErrTimeout) ||
		errors.Is(err, rpctypes.ErrTimeoutDueToLeaderFail) || errors.Is(err, rpctypes.ErrTimeoutDueToConnectionLost) ||
		errors.Is(err, rpctypes.ErrLeaderChanged) || errors.Is(err, rpctypes.ErrStopped) ||
		errors.Is(err, rpctypes.ErrNotCapable) || errors.Is(err, rpctypes.ErrTooManyRequests) ||
		status.Code(err) == codes.Unavailable || isDeadline(err) {
		return fmt.Errorf("etcd: %w: %v", ErrUnavailable, err)
	}
	return fmt.Errorf("etcd: %w", err)
}

// view runs fn at one revision. Every request is bounded by ctx, and
// when ctx ends the reads stop being tried again: view returns an error
// wrapping ErrUnavailable and ctx's error (gaveUp).
func (s *etcdStore) view(ctx context.Context, fn func(txn) error) error {
	start, wait := time.Now(), 20*time.Millisecond
	ses := sessionOf(ctx)
	rev := ses.at() // the first try reads at the session's revision (session.go)
	for {
		if ctx.Err() != nil {
			return gaveUp(ctx, "read")
		}
		t := &etcdTxn{s: s, ctx: ctx, rev: rev, ses: ses}
		rev = 0 // a try again reads afresh
		err := run(fn, t)
		if err == nil {
			ses.saw(t.rev)
		}
		if re := (*readError)(nil); errors.As(err, &re) {
			if ctx.Err() != nil {
				return gaveUp(ctx, "read")
			}
			if s.transient(re.err, start) {
				if pause(ctx, &wait) != nil {
					return gaveUp(ctx, "read")
				}
				continue
			}
			return fmt.Errorf("store: %w", re.err)
		}
		return err
	}
}

// transient reports whether a failed read is worth running the
// transaction again for: its revision was compacted, or the cluster did
// not answer (an election, a member restarting) and less than the
// timeout has passed since start.
func (s *etcdStore) transient(err error, start time.Time) bool {
	return errors.Is(err, rpctypes.ErrCompacted) || (errors.Is(err, ErrUnavailable) && time.Since(start) < s.timeout)
}

// pause sleeps about *wait (jittered) and doubles it, up to a second. It
// returns ctx's error, at once, when ctx ends first.
func pause(ctx context.Context, wait *time.Duration) error {
	d := *wait/2 + time.Duration(rand.Int64N(int64(*wait)))
	*wait = min(2**wait, time.Second)
	return sleep(ctx, d)
}

// sleep waits for d, or until ctx ends (returning its error).
func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// gaveUp is the error of a read or change given up because ctx ended
// before it was done: it wraps ErrUnavailable and ctx's error, so that
// callers can tell it with errors.Is (context.DeadlineExceeded,
// context.Canceled).
func gaveUp(ctx context.Context, what string) error {
	return fmt.Errorf("store: %s: %w (%w)", what, ErrUnavailable, ctx.Err())
}

// update runs fn in a transaction and commits it, again on conflict.
// Every request is bounded by ctx, and when ctx ends the change stops
// being tried again (and an unknown outcome stops being settled): update
// returns an error wrapping ErrUnavailable and ctx's error (gaveUp; see
// settle for a commit whose outcome is then unknown).
func (s *etcdStore) update(ctx context.Context, fn func(txn) error) error {
	wait, start, readWait := time.Millisecond, time.Now(), 20*time.Millisecond
	serial, conflicts := false, 0
	ses := sessionOf(ctx)
	rev := ses.at() // the first run reads at the session's revision (session.go)
	defer func() {
		if serial {
			<-s.serial
		}
	}()
	for attempt := 1; ; attempt++ {
		if ctx.Err() != nil {
			return gaveUp(ctx, "change")
		}
		if conflicts >= serialAfter && !serial {
			// Conflicting again and again: the changes of this process
			// that are in that state run one at a time from now on (as
			// bbolt's commit loop would run them), so that a burst on the
			// same records (one user's challenges made at once) ends.
			select {
			case s.serial <- struct{}{}:
				serial = true
			case <-ctx.Done():
				return gaveUp(ctx, "change")
			}
		}
		t := &etcdTxn{s: s, ctx: ctx, writable: true, writes: map[string]*etcdWrite{}, rev: rev, ses: ses}
		atSession := rev != 0
		rev = 0 // any later run reads afresh
		err := run(fn, t)
		if re := (*readError)(nil); errors.As(err, &re) {
			if ctx.Err() != nil {
				return gaveUp(ctx, "change")
			}
			if attempt < etcdAttempts && s.transient(re.err, start) {
				// read afresh when the cluster answers again
				if pause(ctx, &readWait) != nil {
					return gaveUp(ctx, "change")
				}
				continue
			}
			return fmt.Errorf("store: %w", re.err)
		}
		if err != nil {
			if atSession {
				// Refused on the session's revision: run again on fresh
				// data, so that a refusal never rests on older data than
				// a change without a session reads.
				continue
			}
			return unrefuse(err) // nothing was sent
		}
		if len(t.writes) == 0 {
			ses.saw(t.rev)
			return nil
		}
		ok, err := t.commit()
		if errors.Is(err, errNotSent) && ctx.Err() != nil {
			return gaveUp(ctx, "change")
		}
		if errors.Is(err, errNotSent) && attempt < etcdAttempts && (s.transient(err, start) || errors.Is(err, rpctypes.ErrLeaseNotFound)) {
			if pause(ctx, &readWait) != nil {
				return gaveUp(ctx, "change")
			}
			continue
		}
		if err != nil {
			return fmt.Errorf("store: commit: %w", err)
		}
		if ok {
			ses.saw(t.committed)
			return nil
		}
		conflicts++
		if s.onConflict != nil {
			s.onConflict()
		}
		if attempt >= etcdAttempts {
			return fmt.Errorf("store: commit: %w (%d attempts)", ErrContended, attempt)
		}
		// Conflict: back off a little (jittered), so that the changes
		// racing for the same keys do not meet again at once.
		if sleep(ctx, time.Duration(rand.Int64N(int64(wait))+1)) != nil {
			return gaveUp(ctx, "change")
		}
		wait = min(2*wait, 50*time.Millisecond)
	}
}

// markerLease returns the lease for commit markers, granting a new one
// when the current one is older than markerRenew.
func (s *etcdStore) markerLease(ctx context.Context) (clientv3.LeaseID, error) {
	s.leaseMu.Lock()
	defer s.leaseMu.Unlock()
	if s.lease != 0 && time.Since(s.leaseAt) < markerRenew {
		return s.lease, nil
	}
	ctx, cancel := s.reqCtx(ctx)
	defer cancel()
	r, err := s.cli.Grant(ctx, markerTTL)
	if err != nil {
		return 0, etcdErr(err)
	}
	s.lease, s.leaseAt = r.ID, time.Now()
	return s.lease, nil
}

// etcdWrite is a buffered write: a value, or a deletion.
type etcdWrite struct {
	value  []byte
	delete bool
}

// etcdTxn is a txn over etcd: reads at one revision, buffered writes.
type etcdTxn struct {
	s        *etcdStore
	ctx      context.Context // bounds every request of the transaction
	writable bool
	rev      int64 // the revision read at; 0 before the first read
	// committed is the revision of the store once the commit is known
	// to have been applied (its own, or a later one's when settled).
	committed int64

	got     map[string]*mvccpb.KeyValue // keys read with Get (nil value: absent)
	scanned map[string]*mvccpb.KeyValue // keys seen by cursors
	ranges  [][2]string                 // key ranges [start, end) scanned
	writes  map[string]*etcdWrite

	ses *session // the request's read session (session.go); nil: none
}

func (t *etcdTxn) Bucket(name []byte) bucket { return &etcdBucket{t: t, name: name} }

func (t *etcdTxn) Cursor(name []byte) cursor {
	start := t.s.key(name, nil)
	return &etcdCursor{t: t, start: start, end: t.s.prefix + string(name) + "0", bucketLen: len(start)}
}

// Scan is a cursor over the keys of the range of prefix only: its reads
// and its guard go no further.
func (t *etcdTxn) Scan(name, prefix []byte) cursor {
	if len(prefix) == 0 {
		return t.Cursor(name)
	}
	bucketStart := t.s.key(name, nil)
	start := t.s.key(name, prefix)
	return &etcdCursor{t: t, start: start, end: clientv3.GetPrefixRangeEnd(start), bucketLen: len(bucketStart)}
}

// read does a range request at the transaction's revision (fixing it on
// the first read, which is linearizable). A failure is a *readError.
func (t *etcdTxn) read(key string, opts ...clientv3.OpOption) (*clientv3.GetResponse, error) {
	t.s.reads.Add(1)
	ctx, cancel := t.s.reqCtx(t.ctx)
	defer cancel()
	if t.rev == 0 {
		r, err := t.s.cli.Get(ctx, key, opts...)
		if err != nil {
			return nil, &readError{etcdErr(err)}
		}
		t.rev = r.Header.Revision
		return r, nil
	}
	// At a fixed revision a member that has applied it answers alone
	// (serializable); one that lags answers ErrFutureRev, and the read
	// goes through the leader.
	r, err := t.s.cli.Get(ctx, key, append(opts, clientv3.WithRev(t.rev), clientv3.WithSerializable())...)
	if errors.Is(err, rpctypes.ErrFutureRev) {
		r, err = t.s.cli.Get(ctx, key, append(opts, clientv3.WithRev(t.rev))...)
	}
	if err != nil {
		return nil, readErr(err)
	}
	return r, nil
}

// readErr is the *readError of a failed read at a fixed revision.
func readErr(err error) error {
	if errors.Is(err, rpctypes.ErrCompacted) {
		return &readError{err}
	}
	return &readError{etcdErr(err)}
}

// readMany reads keys in one read-only Txn, as read does one key.
func (t *etcdTxn) readMany(keys []string) (*clientv3.TxnResponse, error) {
	t.s.reads.Add(1)
	ctx, cancel := t.s.reqCtx(t.ctx)
	defer cancel()
	ops := func(opts ...clientv3.OpOption) []clientv3.Op {
		out := make([]clientv3.Op, len(keys))
		for i, k := range keys {
			out[i] = clientv3.OpGet(k, opts...)
		}
		return out
	}
	if t.rev == 0 {
		r, err := t.s.cli.Txn(ctx).Then(ops()...).Commit()
		if err != nil {
			return nil, &readError{etcdErr(err)}
		}
		t.rev = r.Header.Revision
		return r, nil
	}
	r, err := t.s.cli.Txn(ctx).Then(ops(clientv3.WithRev(t.rev), clientv3.WithSerializable())...).Commit()
	if errors.Is(err, rpctypes.ErrFutureRev) {
		r, err = t.s.cli.Txn(ctx).Then(ops(clientv3.WithRev(t.rev))...).Commit()
	}
	if err != nil {
		return nil, readErr(err)
	}
	return r, nil
}

// get reads one key: the transaction's own write, or the value at the
// revision read at (recorded for the commit's condition).
func (t *etcdTxn) get(key string) ([]byte, error) {
	if w, ok := t.writes[key]; ok {
		if w.delete {
			return nil, nil
		}
		return w.value, nil
	}
	if kv, ok := t.got[key]; ok {
		return kvValue(kv), nil
	}
	if t.got == nil {
		t.got = map[string]*mvccpb.KeyValue{}
	}
	if kv, ok := t.scanned[key]; ok {
		t.got[key] = kv
		return kvValue(kv), nil
	}
	if kv, ok := t.ses.cached(t.rev, key); ok {
		t.got[key] = kv // guarded at commit as if read here
		return kvValue(kv), nil
	}
	r, err := t.read(key)
	if err != nil {
		return nil, err
	}
	var kv *mvccpb.KeyValue
	if len(r.Kvs) > 0 {
		kv = r.Kvs[0]
	}
	t.got[key] = kv
	t.ses.keep(t.rev, key, kv)
	return kvValue(kv), nil
}

func kvValue(kv *mvccpb.KeyValue) []byte {
	if kv == nil {
		return nil
	}
	if kv.Value == nil {
		return []byte{}
	}
	return kv.Value
}

func (t *etcdTxn) put(key string, value []byte) error {
	if !t.writable {
		return fmt.Errorf("etcd: write in a read-only transaction")
	}
	if value == nil {
		value = []byte{}
	}
	t.writes[key] = &etcdWrite{value: bytes.Clone(value)}
	return nil
}

func (t *etcdTxn) del(key string) error {
	if !t.writable {
		return fmt.Errorf("etcd: write in a read-only transaction")
	}
	t.writes[key] = &etcdWrite{delete: true}
	return nil
}

// commit sends the writes as one Txn guarded by what was read. It reports
// false on a conflict (nothing written).
func (t *etcdTxn) commit() (bool, error) {
	lease, err := t.s.markerLease(t.ctx)
	if err != nil {
		return false, fmt.Errorf("%w: %w", errNotSent, err)
	}
	var id [12]byte
	if _, err := cryptoRead(id[:]); err != nil {
		return false, err
	}
	marker := t.s.prefix + "txn/" + hex.EncodeToString(id[:])
	cmps := make([]clientv3.Cmp, 0, len(t.got)+len(t.ranges)+1)
	cmps = append(cmps, clientv3.Compare(clientv3.CreateRevision(marker), "=", 0))
	for k, kv := range t.got {
		var mod int64
		if kv != nil {
			mod = kv.ModRevision
		}
		cmps = append(cmps, clientv3.Compare(clientv3.ModRevision(k), "=", mod))
	}
	for _, r := range t.ranges {
		cmps = append(cmps, clientv3.Compare(clientv3.ModRevision(r[0]), "<", t.rev+1).WithRange(r[1]))
	}
	ops := make([]clientv3.Op, 0, len(t.writes)+1)
	for k, w := range t.writes {
		if w.delete {
			ops = append(ops, clientv3.OpDelete(k))
		} else {
			ops = append(ops, clientv3.OpPut(k, string(w.value)))
		}
	}
	ops = append(ops, clientv3.OpPut(marker, "committed", clientv3.WithLease(lease)))
	ctx, cancel := t.s.reqCtx(t.ctx)
	defer cancel()
	var r *clientv3.TxnResponse
	if h := t.s.commitHook; h != nil {
		r, err = h(cmps, ops)
	} else {
		r, err = t.s.cli.Txn(ctx).If(cmps...).Then(ops...).Commit()
	}
	if err == nil {
		if r.Header != nil {
			t.committed = r.Header.Revision
		}
		return r.Succeeded, nil
	}
	if errors.Is(err, rpctypes.ErrLeaseNotFound) {
		// The markers' lease expired before its time (a long pause):
		// the Txn was refused; take a new lease and send it again.
		t.s.leaseMu.Lock()
		t.s.lease = 0
		t.s.leaseMu.Unlock()
		return false, fmt.Errorf("%w: %w", errNotSent, etcdErr(err))
	}
	if definite(err) {
		return false, etcdErr(err)
	}
	ok, rev, err := t.s.settle(t.ctx, marker, lease, err)
	t.committed = rev
	return ok, err
}

// errNotSent marks a commit that failed before its Txn was sent.
var errNotSent = errors.New("not sent")

// definite reports whether a commit error means that the Txn was refused
// before it could be applied (too large, too many operations, bad
// request).
func definite(err error) bool {
	return errors.Is(err, rpctypes.ErrTooManyOps) || errors.Is(err, rpctypes.ErrRequestTooLarge) ||
		errors.Is(err, rpctypes.ErrDuplicateKey) || errors.Is(err, rpctypes.ErrKeyNotFound) ||
		errors.Is(err, rpctypes.ErrEmptyKey) || errors.Is(err, rpctypes.ErrLeaseNotFound) ||
		errors.Is(err, rpctypes.ErrGRPCDuplicateKey) || errors.Is(err, rpctypes.ErrGRPCTooManyOps)
}

// settle finds out whether the attempt with this marker committed, after
// a commit whose outcome is unknown: either its marker is there
// (committed), or settle writes it, so that the attempt can never commit
// (not committed). It tries until etcdSettle has passed, or until ctx
// ends: the outcome is then unknown, and the error wraps ErrUnavailable
// and ctx's error. (The attempt may still be applied later, when the
// cluster has a quorum again; its marker then says so for the lease's
// life.) rev is the store's revision when the outcome was learnt.
func (s *etcdStore) settle(ctx context.Context, marker string, lease clientv3.LeaseID, cause error) (ok bool, rev int64, err error) {
	deadline := time.Now().Add(etcdSettle)
	wait := 50 * time.Millisecond
	for {
		if ctx.Err() != nil {
			return false, 0, fmt.Errorf("%w: the outcome of the change is unknown (commit: %v; gave up checking: %w)", ErrUnavailable, cause, ctx.Err())
		}
		rctx, cancel := s.reqCtx(ctx)
		r, rerr := s.cli.Txn(rctx).If(clientv3.Compare(clientv3.CreateRevision(marker), "=", 0)).
			Then(clientv3.OpPut(marker, "aborted", clientv3.WithLease(lease))).
			Else(clientv3.OpGet(marker)).Commit()
		cancel()
		if errors.Is(rerr, rpctypes.ErrLeaseNotFound) {
			// The lease expired: markers of this age are gone, and the
			// attempt cannot be that old. Fence without a lease.
			lease = clientv3.NoLease
			continue
		}
		if rerr == nil {
			rev = r.Header.GetRevision()
			if r.Succeeded {
				return false, rev, nil // fenced: the attempt did not commit, and never will
			}
			kvs := r.Responses[0].GetResponseRange().Kvs
			if len(kvs) == 1 && string(kvs[0].Value) == "aborted" {
				return false, rev, nil // fenced by an earlier try of ours
			}
			return true, rev, nil
		}
		if time.Now().After(deadline) {
			return false, 0, fmt.Errorf("%w: the outcome of the change is unknown (commit: %v; checking: %v)", ErrUnavailable, cause, rerr)
		}
		// polling the cluster until it answers (or ctx ends: given
		// up at the top)
		_ = sleep(ctx, wait)
		wait = min(2*wait, time.Second)
	}
}

var cryptoRead = crand.Read

// etcdBucket is a bucket of an etcdTxn.
type etcdBucket struct {
	t    *etcdTxn
	name []byte
}

func (b *etcdBucket) Get(key []byte) ([]byte, error) { return b.t.get(b.t.s.key(b.name, key)) }

// Prefetch reads the keys not read yet in one request (a read-only Txn at
// the transaction's revision); Get then answers them from what it read,
// and the ones it is asked for are guarded as if read by Get.
func (b *etcdBucket) Prefetch(keys [][]byte) error {
	t := b.t
	var want []string
	for _, k := range keys {
		full := t.s.key(b.name, k)
		_, written := t.writes[full]
		_, got := t.got[full]
		_, seen := t.scanned[full]
		if !written && !got && !seen {
			want = append(want, full)
		}
	}
	if len(want) < 2 {
		return nil
	}
	r, err := t.readMany(want)
	if err != nil {
		return err
	}
	if t.scanned == nil {
		t.scanned = map[string]*mvccpb.KeyValue{}
	}
	for i, k := range want {
		var kv *mvccpb.KeyValue
		if kvs := r.Responses[i].GetResponseRange().Kvs; len(kvs) > 0 {
			kv = kvs[0]
		}
		t.scanned[k] = kv // nil: absent
	}
	return nil
}

func (b *etcdBucket) Put(key, value []byte) error { return b.t.put(b.t.s.key(b.name, key), value) }

func (b *etcdBucket) Delete(key []byte) error { return b.t.del(b.t.s.key(b.name, key)) }

// NextSequence takes the next number of the bucket's counter outside the
// transaction, without a conflict however many changes take one at once:
// PREFIX/seq/BUCKET is written (empty) once per number and its version
// (the count of its writes) is the number, plus the base in
// PREFIX/seqbase/BUCKET (set by Copy, so that copied IDs are not taken
// again). A number taken by a change that conflicts or refuses is not
// used: IDs may have gaps, never repeats.
func (b *etcdBucket) NextSequence() (uint64, error) {
	n, err := b.t.s.nextSequence(b.t.ctx, b.name)
	if err != nil && !errors.Is(err, errBadCounter) { // newID sets a bad counter again
		return 0, &readError{err}
	}
	return n, err
}

// SetSequence makes the bucket's counter at least n, outside the
// transaction (as NextSequence takes numbers), replacing a base that is
// not a number.
func (b *etcdBucket) SetSequence(n uint64) error {
	if err := b.t.s.setSequence(b.t.ctx, b.name, n); err != nil {
		return &readError{err}
	}
	return nil
}

func (s *etcdStore) nextSequence(ctx context.Context, bucket []byte) (uint64, error) {
	ctx, cancel := s.reqCtx(ctx)
	defer cancel()
	k, base := s.prefix+"seq/"+string(bucket), s.prefix+"seqbase/"+string(bucket)
	r, err := s.cli.Txn(ctx).Then(clientv3.OpPut(k, "", clientv3.WithPrevKV()), clientv3.OpGet(base)).Commit()
	if err != nil {
		// A Put that may have been applied only skips a number.
		return 0, etcdErr(err)
	}
	var n uint64 = 1
	if prev := r.Responses[0].GetResponsePut().PrevKv; prev != nil {
		n = uint64(prev.Version) + 1
	}
	if kvs := r.Responses[1].GetResponseRange().Kvs; len(kvs) > 0 {
		b, err := strconv.ParseUint(string(kvs[0].Value), 10, 64)
		if err != nil {
			return 0, fmt.Errorf("store: %s = %q: %w", base, kvs[0].Value, errBadCounter)
		}
		n += b
	}
	return n, nil
}

// setSequence makes the bucket's counter at least n: the next number is
// then n+1 or more.
func (s *etcdStore) setSequence(parent context.Context, bucket []byte, n uint64) error {
	k, base := s.prefix+"seq/"+string(bucket), s.prefix+"seqbase/"+string(bucket)
	for range etcdAttempts {
		ctx, cancel := s.reqCtx(parent)
		r, err := s.cli.Txn(ctx).Then(clientv3.OpGet(k), clientv3.OpGet(base)).Commit()
		if err != nil {
			cancel()
			return etcdErr(err)
		}
		var version, mod, baseMod int64
		if kvs := r.Responses[0].GetResponseRange().Kvs; len(kvs) > 0 {
			version, mod = kvs[0].Version, kvs[0].ModRevision
		}
		var b uint64
		bad := false // a base that is not a number is replaced
		if kvs := r.Responses[1].GetResponseRange().Kvs; len(kvs) > 0 {
			baseMod = kvs[0].ModRevision
			if b, err = strconv.ParseUint(string(kvs[0].Value), 10, 64); err != nil {
				b, bad = 0, true
			}
		}
		if !bad && b+uint64(version) >= n {
			cancel()
			return nil
		}
		// The next number is base + version + 1: n + 1 with this base
		// (a base of 0 when the version is already past n).
		nb := uint64(0)
		if uint64(version) < n {
			nb = n - uint64(version)
		}
		tr, err := s.cli.Txn(ctx).If(clientv3.Compare(clientv3.ModRevision(k), "=", mod), clientv3.Compare(clientv3.ModRevision(base), "=", baseMod)).
			Then(clientv3.OpPut(base, strconv.FormatUint(nb, 10))).Commit()
		cancel()
		if err != nil {
			return etcdErr(err)
		}
		if tr.Succeeded {
			return nil
		}
	}
	return fmt.Errorf("store: counter of %s: %w", bucket, ErrContended)
}

// sequencesOf computes the buckets' counters from their keys (for Copy):
// bucket -> the last number taken.
func sequencesOf(seqs, bases map[string]*mvccpb.KeyValue) (map[string]uint64, error) {
	out := map[string]uint64{}
	for b, kv := range seqs {
		out[b] = uint64(kv.Version)
	}
	for b, kv := range bases {
		n, err := strconv.ParseUint(string(kv.Value), 10, 64)
		if err != nil {
			return nil, fmt.Errorf("store: the counter base of %s holds %q, not a number (etcdctl del it: veletasbot sets the counter again from the highest ID stored): %w", b, kv.Value, ErrStoreFault)
		}
		out[b] += n
	}
	return out, nil
}

// etcdCursor walks a bucket at the transaction's revision, with the
// transaction's own writes laid over it. It reads etcdPage keys at a time
// and remembers the last window read: all the keys in [lo, hi).
type etcdCursor struct {
	t          *etcdTxn
	start, end string // the bucket's range, full keys: [start, end) (Scan: the prefix's)
	bucketLen  int    // the length of the bucket's own start: the raw key follows
	cur        string // the full key the cursor is on; "" when off the ends
	err        error  // the failed read that stopped the cursor (a *readError)

	lo, hi string // window: every key in [lo, hi) is in kvs
	kvs    []*mvccpb.KeyValue
	have   bool
}

// fetchUp reads the window of keys from 'from' upwards.
func (c *etcdCursor) fetchUp(from string) bool {
	r, err := c.t.read(from, clientv3.WithRange(c.end), clientv3.WithLimit(etcdPage))
	if err != nil {
		c.err = err
		return false
	}
	c.kvs, c.lo, c.hi, c.have = r.Kvs, from, c.end, true
	if r.More && len(r.Kvs) > 0 {
		c.hi = string(r.Kvs[len(r.Kvs)-1].Key) + "\x00"
	}
	c.note()
	return true
}

// fetchDown reads the window of keys below 'below' downwards.
func (c *etcdCursor) fetchDown(below string) bool {
	r, err := c.t.read(c.start, clientv3.WithRange(below), clientv3.WithLimit(etcdPage),
		clientv3.WithSort(clientv3.SortByKey, clientv3.SortDescend))
	if err != nil {
		c.err = err
		return false
	}
	kvs := r.Kvs
	slices.Reverse(kvs)
	c.kvs, c.lo, c.hi, c.have = kvs, c.start, below, true
	if r.More && len(kvs) > 0 {
		c.lo = string(kvs[0].Key)
	}
	c.note()
	return true
}

// note records the window for the commit's condition and its keys for
// later Gets.
func (c *etcdCursor) note() {
	t := c.t
	if t.writable {
		t.ranges = append(t.ranges, [2]string{c.lo, c.hi})
	}
	if t.scanned == nil {
		t.scanned = map[string]*mvccpb.KeyValue{}
	}
	for _, kv := range c.kvs {
		t.scanned[string(kv.Key)] = kv
	}
}

// storedUp returns the first stored key >= from, not deleted by the
// transaction, or nil.
func (c *etcdCursor) storedUp(from string) *mvccpb.KeyValue {
	for {
		if !c.have || from < c.lo || from >= c.hi {
			if from >= c.end || !c.fetchUp(from) {
				return nil
			}
		}
		i := sort.Search(len(c.kvs), func(i int) bool { return string(c.kvs[i].Key) >= from })
		for ; i < len(c.kvs); i++ {
			kv := c.kvs[i]
			if w, ok := c.t.writes[string(kv.Key)]; ok && w.delete {
				continue
			}
			return kv
		}
		if c.hi >= c.end {
			return nil
		}
		from = c.hi
	}
}

// storedDown returns the last stored key < below, not deleted by the
// transaction, or nil.
func (c *etcdCursor) storedDown(below string) *mvccpb.KeyValue {
	for {
		if !c.have || below <= c.lo || below > c.hi {
			if below <= c.start || !c.fetchDown(below) {
				return nil
			}
		}
		i := sort.Search(len(c.kvs), func(i int) bool { return string(c.kvs[i].Key) >= below })
		for i--; i >= 0; i-- {
			kv := c.kvs[i]
			if w, ok := c.t.writes[string(kv.Key)]; ok && w.delete {
				continue
			}
			return kv
		}
		if c.lo <= c.start {
			return nil
		}
		below = c.lo
	}
}

// up moves to the first key >= from, stored or written.
func (c *etcdCursor) up(from string) ([]byte, []byte) {
	if from < c.start {
		from = c.start
	}
	kv := c.storedUp(from)
	key, val := "", []byte(nil)
	if kv != nil {
		key, val = string(kv.Key), kvValue(kv)
	}
	for k, w := range c.t.writes {
		if !w.delete && k >= from && k < c.end && (key == "" || k < key) {
			key, val = k, w.value
		}
	}
	return c.land(key, val)
}

// down moves to the last key < below, stored or written.
func (c *etcdCursor) down(below string) ([]byte, []byte) {
	if below > c.end {
		below = c.end
	}
	kv := c.storedDown(below)
	key, val := "", []byte(nil)
	if kv != nil {
		key, val = string(kv.Key), kvValue(kv)
	}
	for k, w := range c.t.writes {
		if !w.delete && k < below && k >= c.start && (key == "" || k > key) {
			key, val = k, w.value
		}
	}
	return c.land(key, val)
}

func (c *etcdCursor) land(key string, val []byte) ([]byte, []byte) {
	c.cur = key
	if key == "" || c.err != nil {
		c.cur = ""
		return nil, nil
	}
	if w, ok := c.t.writes[key]; ok && !w.delete {
		val = w.value
	}
	if val == nil {
		val = []byte{}
	}
	return []byte(key[c.bucketLen:]), val
}

func (c *etcdCursor) First() ([]byte, []byte) { return c.up(c.start) }

// Err returns the read that failed, which ended the walk, or nil.
func (c *etcdCursor) Err() error { return c.err }

func (c *etcdCursor) Last() ([]byte, []byte) { return c.down(c.end) }

func (c *etcdCursor) Seek(seek []byte) ([]byte, []byte) {
	return c.up(c.start[:c.bucketLen] + string(seek)) // the bucket's start: Scan's begins at its prefix
}

func (c *etcdCursor) Next() ([]byte, []byte) {
	if c.cur == "" {
		return nil, nil
	}
	return c.up(c.cur + "\x00")
}

func (c *etcdCursor) Prev() ([]byte, []byte) {
	if c.cur == "" {
		return nil, nil
	}
	return c.down(c.cur)
}

// migrate5to6 brings a prefix at schema 5 to schema 6 in place
// (schema6.go): a page of values at a time, each page's changes one Txn
// guarded by the mod revisions of the values it read, then the version,
// from 5 to 6. Every change is one that a second run leaves as it is, so
// that replicas opening the prefix together, or a run that failed half
// way, end in the same place; a page that changed under a run makes it
// pass over the prefix again. The replicas of the veletasbot that wrote
// schema 5 must be stopped first: they would go on writing its values.
func (s *etcdStore) migrate5to6(logger *slog.Logger) error {
	const page = 32 // values per Txn: at most two operations each, within etcd's default of 128
	vkey := s.key(bucketMeta, keyVersion)
	for pass := 0; pass < etcdAttempts; pass++ {
		conflict := false
		for _, name := range schema5Buckets {
			pfx := s.prefix + string(name) + "/"
			from, end := pfx, clientv3.GetPrefixRangeEnd(pfx)
			for {
				ctx, cancel := s.reqCtx(context.Background())
				r, err := s.cli.Get(ctx, from, clientv3.WithRange(end), clientv3.WithLimit(page))
				cancel()
				if err != nil {
					return etcdErr(err)
				}
				var cmps []clientv3.Cmp
				var ops []clientv3.Op
				for _, kv := range r.Kvs {
					k := kv.Key[len(pfx):]
					changes, err := migrate5Value(name, k, kv.Value)
					if err != nil {
						logger.Warn("store: migration to schema 6 leaves a corrupt value as it is", "bucket", string(name), "key", k, "err", err)
						continue
					}
					if len(changes) == 0 {
						continue
					}
					cmps = append(cmps, clientv3.Compare(clientv3.ModRevision(string(kv.Key)), "=", kv.ModRevision))
					for _, c := range changes {
						if c.val == nil {
							ops = append(ops, clientv3.OpDelete(s.key(c.bucket, c.key)))
						} else {
							ops = append(ops, clientv3.OpPut(s.key(c.bucket, c.key), string(c.val)))
						}
					}
				}
				if len(ops) > 0 {
					ctx, cancel := s.reqCtx(context.Background())
					tr, err := s.cli.Txn(ctx).If(cmps...).Then(ops...).Commit()
					cancel()
					if err != nil {
						return etcdErr(err)
					}
					conflict = conflict || !tr.Succeeded
				}
				if !r.More || len(r.Kvs) == 0 {
					break
				}
				from = string(r.Kvs[len(r.Kvs)-1].Key) + "\x00"
			}
		}
		if conflict {
			continue
		}
		ctx, cancel := s.reqCtx(context.Background())
		tr, err := s.cli.Txn(ctx).If(clientv3.Compare(clientv3.Value(vkey), "=", "5")).
			Then(clientv3.OpPut(vkey, "6")).Else(clientv3.OpGet(vkey)).Commit()
		cancel()
		if err != nil {
			return etcdErr(err)
		}
		if tr.Succeeded {
			return nil
		}
		if rr := tr.Responses[0].GetResponseRange(); len(rr.Kvs) == 1 && (string(rr.Kvs[0].Value) == "6" || string(rr.Kvs[0].Value) == "7") {
			return nil // another replica finished first
		}
		return fmt.Errorf("%w: the schema version of %s changed during the migration to %d", ErrNotStore, s.prefix, 6)
	}
	return fmt.Errorf("migrate %s to schema %d: %w", s.prefix, 6, ErrContended)
}

// migrate6to7 builds the indexes of the active games of schema 7 on a
// prefix at schema 6 (activeindex.go), through the store's own
// transactions (16 games each), then sets the version from 6 to 7. Each
// game is indexed once: replicas opening the prefix together, or a run
// that failed half way, end in the same place.
func (db *DB) migrate6to7(s *etcdStore) error {
	ctx := context.Background()
	update := func(fn func(txn) error) error { return s.update(ctx, fn) }
	err := db.indexActiveGames(update, 16)
	if err == nil {
		err = db.indexChallengeMessages(update, 32)
	}
	if err != nil {
		return fmt.Errorf("migrate %s to schema 7: %w", s.prefix, err)
	}
	return s.bumpVersion(ctx, 6, 7)
}

// migrate7to8 moves the indexes led by a guild of a prefix at schema 7
// into the guild index (guildindex.go), through the store's own
// transactions (32 entries each), then sets the version from 7 to 8.
// Each entry moves once: replicas opening the prefix together, or a run
// that failed half way, end in the same place.
func (db *DB) migrate7to8(s *etcdStore) error {
	ctx := context.Background()
	update := func(fn func(txn) error) error { return s.update(ctx, fn) }
	if err := db.moveGuildIndexes(update, 32); err != nil {
		return fmt.Errorf("migrate %s to schema 8: %w", s.prefix, err)
	}
	return s.bumpVersion(ctx, 7, 8)
}

// bumpVersion sets the schema version of a migrated prefix from "from"
// to "to"; a version already at "to" or past it means another replica
// finished first. Any other version changed under the migration.
func (s *etcdStore) bumpVersion(ctx context.Context, from, to int) error {
	vkey := s.key(bucketMeta, keyVersion)
	rctx, cancel := s.reqCtx(ctx)
	defer cancel()
	tr, err := s.cli.Txn(rctx).If(clientv3.Compare(clientv3.Value(vkey), "=", strconv.Itoa(from))).
		Then(clientv3.OpPut(vkey, strconv.Itoa(to))).Else(clientv3.OpGet(vkey)).Commit()
	if err != nil {
		return etcdErr(err)
	}
	if tr.Succeeded {
		return nil
	}
	if rr := tr.Responses[0].GetResponseRange(); len(rr.Kvs) == 1 {
		if v, err := strconv.Atoi(string(rr.Kvs[0].Value)); err == nil && v >= to && v <= SchemaVersion {
			return nil // another replica finished first (and may have gone on)
		}
	}
	return fmt.Errorf("%w: the schema version of %s changed during the migration to %d", ErrNotStore, s.prefix, to)
}
