package store

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync/atomic"

	bolt "go.etcd.io/bbolt"
	bolterrors "go.etcd.io/bbolt/errors"
)

// boltBackend is the bbolt backend of a DB: one file, and a commit loop
// that runs the changes of concurrent callers in groups, each group in one
// write transaction and one fsync.
type boltBackend struct {
	db        *bolt.DB
	reqs      chan *request    // changes queued for the commit loop
	closing   <-chan struct{}  // closed by DB.Close: the loop drains reqs and ends
	done      chan struct{}    // closed when the loop has ended
	batchHook func(int, error) // Options.batchHook
}

// newBoltBackend starts the commit loop of an open (and migrated) file.
func newBoltBackend(db *bolt.DB, closing <-chan struct{}, batchHook func(int, error)) *boltBackend {
	b := &boltBackend{db: db, reqs: make(chan *request, maxBatch), closing: closing,
		done: make(chan struct{}), batchHook: batchHook}
	go b.commitLoop()
	return b
}

// boltView runs fn in a read-only bbolt transaction.
func (b *boltBackend) boltView(fn func(tx *bolt.Tx) error) error {
	err := b.db.View(fn)
	if errors.Is(err, bolterrors.ErrDatabaseNotOpen) {
		return fmt.Errorf("store: %w", ErrClosed)
	}
	return err
}

// view runs fn in a read-only transaction, unless ctx has already ended
// (an error wrapping ErrUnavailable and ctx's error). A bbolt read does
// not wait for the writers, so ctx is not looked at once it has started.
func (b *boltBackend) view(ctx context.Context, fn func(txn) error) error {
	if ctx.Err() != nil {
		return gaveUp(ctx, "read")
	}
	return b.boltView(func(tx *bolt.Tx) error { return fn(boltTxn{tx}) })
}

// update queues fn for the commit loop and waits for its commit. The
// loop drains the queue until DB.Close, which waits for the changes in
// flight before it closes closing.
//
// When ctx ends while the change waits for its turn (the queue is full,
// or the loop is committing an earlier group), update gives up: the
// change will not run, and the error wraps ErrUnavailable and ctx's
// error (gaveUp). Once the loop has taken the change into a write
// transaction, the transaction runs to its end (bbolt cannot stop one
// half-way) and update returns its outcome, whether or not ctx has
// ended meanwhile.
func (b *boltBackend) update(ctx context.Context, fn func(txn) error) error {
	if ctx.Err() != nil {
		return gaveUp(ctx, "change")
	}
	r := &request{fn: fn, done: make(chan error, 1)}
	select {
	case b.reqs <- r:
	case <-ctx.Done():
		return gaveUp(ctx, "change")
	}
	select {
	case err := <-r.done:
		return err
	case <-ctx.Done():
		if r.state.CompareAndSwap(queued, abandoned) {
			return gaveUp(ctx, "change") // the loop will skip it
		}
		return <-r.done // taken: runs to its end
	}
}

func (b *boltBackend) ping(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("store: ping: %w", err)
	}
	return b.view(ctx, func(tx txn) error { return nil })
}

// dump reads the whole file in one read-only transaction; ctx is looked
// at before it starts (see view).
func (b *boltBackend) dump(ctx context.Context, fn func(bucket, key, value []byte) error, seq func(bucket []byte, n uint64) error) error {
	if ctx.Err() != nil {
		return gaveUp(ctx, "read")
	}
	return b.boltView(func(tx *bolt.Tx) error {
		return tx.ForEach(func(name []byte, b *bolt.Bucket) error {
			if n := b.Sequence(); n > 0 {
				if err := seq(name, n); err != nil {
					return err
				}
			}
			return b.ForEach(func(k, v []byte) error {
				if v == nil {
					return nil // a nested bucket: the store has none
				}
				return fn(name, k, v)
			})
		})
	})
}

func (b *boltBackend) setSequence(ctx context.Context, bucket []byte, n uint64) error {
	return b.update(ctx, func(tx txn) error {
		bk := tx.(boltTxn).tx.Bucket(bucket)
		if bk == nil {
			var err error
			if bk, err = tx.(boltTxn).tx.CreateBucket(bucket); err != nil {
				return err
			}
		}
		if bk.Sequence() >= n {
			return nil
		}
		return bk.SetSequence(n)
	})
}

func (b *boltBackend) readOutside() bool { return true }

func (b *boltBackend) close() error {
	<-b.done
	return b.db.Close()
}

// A request is one change waiting for the commit loop.
type request struct {
	fn   func(tx txn) error
	done chan error
	// state is queued until either the commit loop takes the request
	// into a transaction (taken) or its caller gives up waiting
	// (abandoned); whichever comes first decides.
	state atomic.Int32
}

// The states of a request.
const (
	queued int32 = iota
	taken
	abandoned
)

// take reports whether the commit loop may run r: false when its caller
// has given up waiting (its ctx ended), and the loop drops it.
func (r *request) take() bool { return r.state.CompareAndSwap(queued, taken) }

// commitLoop runs the queued changes in groups of up to maxBatch, each
// group in one transaction and one fsync, until Close.
func (b *boltBackend) commitLoop() {
	defer close(b.done)
	batch := make([]*request, 0, maxBatch)
	for {
		batch = batch[:0]
		select {
		case r := <-b.reqs:
			if r.take() {
				batch = append(batch, r)
			}
		case <-b.closing:
			// No change is queued after closing: run the last ones.
			for {
				select {
				case r := <-b.reqs:
					if r.take() {
						b.commit([]*request{r})
					}
				default:
					return
				}
			}
		}
	more:
		for len(batch) < maxBatch {
			select {
			case r := <-b.reqs:
				if r.take() {
					batch = append(batch, r)
				}
			default:
				break more
			}
		}
		if len(batch) > 0 {
			b.commit(batch)
		}
	}
}

// commit runs a group of changes in one transaction and answers each. A
// change that fails rolls the transaction back; it gets its error and the
// others run again in a new transaction, until a transaction commits.
func (b *boltBackend) commit(batch []*request) {
	errs := make([]error, len(batch))
	for len(batch) > 0 {
		failed := -1
		err := b.db.Update(func(tx *bolt.Tx) error {
			for i, r := range batch {
				errs[i] = run(r.fn, boltTxn{tx})
				if errs[i] != nil && !isRefusal(errs[i]) {
					failed = i
					return errs[i]
				}
			}
			return nil
		})
		if h := b.batchHook; h != nil {
			h(len(batch), err)
		}
		switch {
		case failed >= 0:
			// Rolled back: nothing of the failed change is on disk.
			batch[failed].done <- errs[failed]
			batch = slices.Delete(batch, failed, failed+1)
			errs = errs[:len(batch)]
			continue
		case err == nil:
			for i, r := range batch {
				r.done <- unrefuse(errs[i])
			}
			return
		case len(batch) == 1:
			batch[0].done <- fmt.Errorf("store: commit: %w", err)
			return
		}
		// The commit itself failed (a full disk, an I/O error): each
		// change alone, so that one cannot fail the others.
		for _, r := range batch {
			b.commit([]*request{r})
		}
		return
	}
}
