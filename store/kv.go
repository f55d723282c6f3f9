package store

import (
	"bytes"

	bolt "go.etcd.io/bbolt"
	bolterrors "go.etcd.io/bbolt/errors"
)

// The store's logic reads and writes through a small transaction
// interface, so that the same code runs on a bbolt file and on an etcd
// cluster (etcd.go). Keys are ordered byte-wise within a bucket on both.

// txn is one transaction: read-only in DB.view, read-write in DB.update.
type txn interface {
	// Bucket returns a bucket of the schema by name.
	Bucket(name []byte) bucket
	// Cursor returns an ordered cursor over a bucket of the schema.
	Cursor(bucket []byte) cursor
	// Scan returns an ordered cursor over the keys of a bucket that
	// begin with prefix; its caller still checks the prefix of the keys
	// (on bbolt it may walk the whole bucket). On etcd its reads, and
	// the guard of a writable transaction on them, stay inside the
	// prefix, so that a change to keys outside it, in a bucket shared
	// by many indexes (the guild index), does not conflict with it.
	Scan(bucket, prefix []byte) cursor
}

// bucket is a bucket of a transaction.
type bucket interface {
	// Get returns the value of key, or nil when absent. The slice is
	// valid during the transaction only. An error says that the value
	// could not be read (etcd: the cluster did not answer; it wraps a
	// *readError): the caller returns it, failing its transaction.
	Get(key []byte) ([]byte, error)
	Put(key, value []byte) error
	Delete(key []byte) error
	// NextSequence returns the next value of the bucket's counter,
	// starting at 1.
	NextSequence() (uint64, error)
}

// cursor walks a bucket's keys in byte order; each method returns the key
// and value it lands on, or nil, nil past either end or after a failed
// read. Err returns that failure (nil past an end), as sql.Rows.Err does:
// a walk that ends checks it before it trusts what it saw.
type cursor interface {
	First() (key, value []byte)
	Last() (key, value []byte)
	Seek(seek []byte) (key, value []byte)
	Next() (key, value []byte)
	Prev() (key, value []byte)
	Err() error
}

// prefetcher is a bucket that can read many keys in one request (etcd);
// its Get then answers them without another.
type prefetcher interface {
	Prefetch(keys [][]byte) error
}

// A readError is a read of a transaction that failed (etcd: the cluster
// did not answer, or the revision read at was compacted). Get, cursors and
// NextSequence return it, wrapped, at the failed read; the backend finds
// it in the error of the transaction to decide whether to run it again.
type readError struct{ err error }

func (e *readError) Error() string { return e.err.Error() }
func (e *readError) Unwrap() error { return e.err }

// aheadPage is the number of values read ahead at once by the lookups
// through an index.
const aheadPage = 16

// prefetch reads keys ahead where the bucket can; elsewhere (bbolt, where
// a Get costs no request) it does nothing.
func prefetch(b bucket, keys [][]byte) error {
	if p, ok := b.(prefetcher); ok && len(keys) > 1 {
		return p.Prefetch(keys)
	}
	return nil
}

// boltTxn is a txn over a bbolt transaction.
type boltTxn struct{ tx *bolt.Tx }

// Bucket returns the bucket; in a writable transaction a bucket that an
// older file lacks (the quarantine, created on first use) is created.
func (t boltTxn) Bucket(name []byte) bucket {
	if b := t.tx.Bucket(name); b != nil {
		if bytes.Equal(name, bucketArchive) {
			b.FillPercent = appendFill
		}
		return boltBucket{b}
	}
	if t.tx.Writable() {
		b, err := t.tx.CreateBucketIfNotExists(name)
		if err != nil {
			return failedBucket{err}
		}
		return boltBucket{b}
	}
	return emptyBucket{}
}

// Scan is Cursor: bbolt's reads neither cost a request nor conflict.
func (t boltTxn) Scan(name, _ []byte) cursor { return t.Cursor(name) }

func (t boltTxn) Cursor(name []byte) cursor {
	if b := t.tx.Bucket(name); b != nil {
		return boltCursor{b.Cursor()}
	}
	return emptyCursor{}
}

// appendFill is how full bbolt fills the pages of a bucket whose keys
// are only ever added at its end (the archive, by ID): nearly full, where
// its default (half) would leave every page of the archive half empty
// (bbolt splits a page at its fill percent, and no key is added to the
// left part again).
const appendFill = 0.95

// boltBucket is a bucket of a bbolt transaction: its reads cannot fail
// (the file is mapped in memory and checked when opened).
type boltBucket struct{ *bolt.Bucket }

func (b boltBucket) Get(key []byte) ([]byte, error) { return b.Bucket.Get(key), nil }

// boltCursor is a cursor of a bbolt transaction, whose reads cannot fail.
type boltCursor struct{ *bolt.Cursor }

func (boltCursor) Err() error { return nil }

// failedBucket is a bucket that could not be created: its writes fail.
type failedBucket struct{ err error }

func (b failedBucket) Get([]byte) ([]byte, error)    { return nil, nil }
func (b failedBucket) Put(_, _ []byte) error         { return b.err }
func (b failedBucket) Delete([]byte) error           { return b.err }
func (b failedBucket) NextSequence() (uint64, error) { return 0, b.err }
func (emptyBucket) Get([]byte) ([]byte, error)       { return nil, nil }
func (emptyBucket) Put(_, _ []byte) error            { return bolterrors.ErrTxNotWritable }
func (emptyBucket) Delete([]byte) error              { return bolterrors.ErrTxNotWritable }
func (emptyBucket) NextSequence() (uint64, error)    { return 0, bolterrors.ErrTxNotWritable }
func (emptyCursor) First() ([]byte, []byte)          { return nil, nil }
func (emptyCursor) Last() ([]byte, []byte)           { return nil, nil }
func (emptyCursor) Seek([]byte) ([]byte, []byte)     { return nil, nil }
func (emptyCursor) Next() ([]byte, []byte)           { return nil, nil }
func (emptyCursor) Prev() ([]byte, []byte)           { return nil, nil }
func (emptyCursor) Err() error                       { return nil }

// emptyBucket is a bucket absent from a read-only transaction.
type emptyBucket struct{}

// emptyCursor walks an absent bucket.
type emptyCursor struct{}
