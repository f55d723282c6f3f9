package store

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// New IDs are create-only: a game or challenge never takes the ID of one
// stored, whatever its counter says. A counter found behind the stored
// IDs (its key deleted or damaged on etcd, a file put together by hand)
// is set past the highest of them, with a warning in the log.

// errBadCounter is returned by an etcd bucket's NextSequence when the
// counter's stored value is not a number; newID sets it again.
var errBadCounter = fmt.Errorf("%w: the ID counter holds a value that is not a number", ErrStoreFault)

// sequenceSetter is a bucket whose counter can be set: *bolt.Bucket and
// the etcd bucket.
type sequenceSetter interface {
	// SetSequence makes the counter at least n: the next number is n+1
	// or more.
	SetSequence(n uint64) error
}

// Where the IDs of each counter are used as keys (8 bytes, big-endian).
var (
	gameIDBuckets      = [][]byte{bucketArchive, bucketGamesByID}
	challengeIDBuckets = [][]byte{bucketChallenges}
)

// newID takes the next number of the counter of bucket counter for a new
// record, never one that is a key of any of buckets: when the counter is
// behind them (or unreadable), it is set past the highest key they hold
// and the next number taken.
func (db *DB) newID(tx txn, counter []byte, buckets [][]byte) (uint64, error) {
	b := tx.Bucket(counter)
	id, err := b.NextSequence()
	if err != nil && !errors.Is(err, errBadCounter) {
		return 0, err
	}
	if err == nil {
		taken, rerr := idStored(tx, id, buckets)
		if rerr != nil {
			return 0, rerr
		}
		if !taken {
			return id, nil
		}
	}
	high, rerr := highestID(tx, buckets)
	if rerr != nil {
		return 0, rerr
	}
	set, ok := b.(sequenceSetter)
	if !ok {
		return 0, fmt.Errorf("store: the counter of %s gave ID %d, which is taken: %w", counter, id, ErrStoreFault)
	}
	if err := set.SetSequence(high); err != nil {
		return 0, fmt.Errorf("store: setting the counter of %s past ID %d: %w", counter, high, err)
	}
	cause := fmt.Sprintf("it gave ID %d, which is taken", id)
	if err != nil {
		cause = err.Error()
	}
	id, err = b.NextSequence()
	if err != nil {
		return 0, err
	}
	if taken, err := idStored(tx, id, buckets); err != nil {
		return 0, err
	} else if taken {
		return 0, fmt.Errorf("store: the counter of %s gives ID %d, which is taken, even after it was set past the highest ID stored (%d): %w", counter, id, high, ErrStoreFault)
	}
	db.opts.Logger.Warn("store: the ID counter was behind the stored records (its key was deleted or damaged): set past the highest ID stored",
		"counter", string(counter), "cause", cause, "highest", high, "next", id)
	return id, nil
}

// idStored reports whether id is a key of one of buckets.
func idStored(tx txn, id uint64, buckets [][]byte) (bool, error) {
	for _, name := range buckets {
		v, err := tx.Bucket(name).Get(idKey(id))
		if err != nil {
			return false, err
		}
		if v != nil {
			return true, nil
		}
	}
	return false, nil
}

// highestID returns the highest 8-byte key of buckets (0 when empty).
func highestID(tx txn, buckets [][]byte) (uint64, error) {
	var high uint64
	for _, name := range buckets {
		c := tx.Cursor(name)
		k, _ := c.Last()
		for k != nil && len(k) != 8 {
			k, _ = c.Prev()
		}
		if err := c.Err(); err != nil {
			return 0, err
		}
		if len(k) == 8 {
			high = max(high, binary.BigEndian.Uint64(k))
		}
	}
	return high, nil
}
