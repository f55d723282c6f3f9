package store

import "context"

// backend is where a DB keeps its buckets: a bbolt file (boltBackend,
// bolt.go) or an etcd cluster (etcdStore, etcd.go). The store's logic is
// written once against txn (kv.go) and reaches the backend only through
// these methods; what the bbolt file alone has (Check, Backup, snapshots)
// asks for the boltBackend itself (DB.boltFile).
type backend interface {
	// view runs fn in a read-only transaction, bounded by ctx (each
	// backend says how).
	view(ctx context.Context, fn func(txn) error) error
	// update runs fn in a read-write transaction and returns once the
	// change is durable (see DB.update). When ctx ends before the change
	// is made, update gives up with an error wrapping ErrUnavailable and
	// ctx's error (each backend says until when it can give up).
	update(ctx context.Context, fn func(txn) error) error
	// ping is a cheap read that tells whether the backend answers,
	// bounded by ctx.
	ping(ctx context.Context) error
	// dump calls fn with every key of every bucket, and seq with every
	// bucket's counter that is not zero, at one point in time.
	dump(ctx context.Context, fn func(bucket, key, value []byte) error, seq func(bucket []byte, n uint64) error) error
	// setSequence makes a bucket's counter at least n.
	setSequence(ctx context.Context, bucket []byte, n uint64) error
	// readOutside reports whether a change of a game is best prepared
	// in a read transaction and written in a short write transaction
	// that checks the value read is unchanged (bbolt, whose write
	// transactions are serialised), rather than done whole in one write
	// transaction (etcd, whose transactions are already optimistic).
	readOutside() bool
	// close waits for the changes in flight and releases the backend.
	close() error
}

var (
	_ backend = (*boltBackend)(nil)
	_ backend = (*etcdStore)(nil)
)
