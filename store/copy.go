package store

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"go.etcd.io/etcd/api/v3/mvccpb"
	clientv3 "go.etcd.io/etcd/client/v3"
)

// Copying a store into another (veletasbot migrate): every bucket's keys
// and every bucket's counter, read at one point in time (one bbolt read
// transaction, or one etcd revision), written in transactions of
// copyBatch keys.

// copyBatch is the number of keys written per transaction of Copy: well
// under etcd's 128 operations per Txn.
const copyBatch = 100

// CopyStats counts what Copy copied.
type CopyStats struct {
	// Keys is the number of keys copied per bucket.
	Keys map[string]int
	// Sequences are the bucket counters copied (NextSequence's last
	// value), per bucket.
	Sequences map[string]uint64
}

// Total is the number of keys copied.
func (s CopyStats) Total() int {
	n := 0
	for _, k := range s.Keys {
		n += k
	}
	return n
}

// String lists the counts by bucket: "games 3, archive 10, ...".
func (s CopyStats) String() string {
	var parts []string
	for _, b := range slices.Sorted(maps.Keys(s.Keys)) {
		parts = append(parts, fmt.Sprintf("%s %d", b, s.Keys[b]))
	}
	return strings.Join(parts, ", ")
}

// CopyMode says what Copy does with a destination that holds records.
type CopyMode int

const (
	// CopyIntoEmpty refuses a destination that holds records, with
	// ErrNotEmpty.
	CopyIntoEmpty CopyMode = iota
	// CopyResume copies again into a destination that holds an earlier
	// copy of the same source (one that failed half-way, or an older
	// one): records of the same keys are replaced. A destination that
	// holds another store's records is refused with ErrOtherStore.
	CopyResume
	// CopyOverOther copies into any destination: the records of the same
	// keys (games and challenges of the same IDs, the same players'
	// standings, the same servers' settings) are replaced and the others
	// kept beside them. This is not a merge of two stores.
	CopyOverOther
)

// Copy copies every record of src into dst (both at SchemaVersion, which
// opening them ensures): the games, challenges, archive, standings,
// settings, indexes and quarantine, and the counters that number games
// and challenges. A destination that holds records is refused unless mode
// says otherwise (see CopyMode); the destination is marked as a copy of
// the source (its lineage), so that a copy that failed half-way can be
// run again with CopyResume. The source is read at one point in time; the
// bot must not write to the destination meanwhile.
func Copy(ctx context.Context, dst, src *DB, mode CopyMode) (CopyStats, error) {
	st := CopyStats{Keys: map[string]int{}, Sequences: map[string]uint64{}}
	lineage, err := src.ensureLineage(ctx)
	if err != nil {
		return st, fmt.Errorf("store: copy: marking the source: %w", err)
	}
	what, err := dst.firstRecord(ctx)
	if err != nil {
		return st, fmt.Errorf("store: copy: reading the destination: %w", err)
	}
	mark := what == ""
	if what != "" {
		switch mode {
		case CopyIntoEmpty:
			return st, fmt.Errorf("store: copy to %s: %w (it holds %s)", dst.path, ErrNotEmpty, what)
		case CopyResume:
			if l := dst.lineage(ctx); l != lineage {
				from := "no copy of it (or a copy made by a veletasbot that did not mark its copies)"
				if l != "" {
					from = "records of the store " + l
				}
				return st, fmt.Errorf("store: copy to %s: %w: it holds %s and the source is the store %s", dst.path, ErrOtherStore, from, lineage)
			}
		}
	}
	if mark {
		if err := dst.update(ctx, func(tx txn) error { return tx.Bucket(bucketMeta).Put(keyLineage, []byte(lineage)) }); err != nil {
			return st, fmt.Errorf("store: copy to %s: %w", dst.path, err)
		}
	}
	type kv struct{ bucket, key, value []byte }
	var batch []kv
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		b := batch
		err := dst.update(ctx, func(tx txn) error {
			for _, e := range b {
				if err := tx.Bucket(e.bucket).Put(e.key, e.value); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return fmt.Errorf("store: copy to %s: %w", dst.path, err)
		}
		for _, e := range b {
			st.Keys[string(e.bucket)]++
		}
		batch = nil
		return nil
	}
	err = src.dump(ctx, func(bucket, key, value []byte) error {
		if bytes.Equal(bucket, bucketMeta) {
			return nil // the destination has its own schema version
		}
		batch = append(batch, kv{bytes.Clone(bucket), bytes.Clone(key), bytes.Clone(value)})
		if len(batch) == copyBatch {
			return flush()
		}
		return nil
	}, func(bucket []byte, n uint64) error {
		st.Sequences[string(bucket)] = n
		return nil
	})
	if err == nil {
		err = flush()
	}
	if err != nil {
		return st, err
	}
	for _, b := range slices.Sorted(maps.Keys(st.Sequences)) {
		if err := dst.setSequence(ctx, []byte(b), st.Sequences[b]); err != nil {
			return st, fmt.Errorf("store: copy to %s: counter of %s: %w", dst.path, b, err)
		}
	}
	return st, nil
}

// dump calls fn with every key of every bucket, and seq with every
// bucket's counter that is not zero, at one point in time.
func (db *DB) dump(ctx context.Context, fn func(bucket, key, value []byte) error, seq func(bucket []byte, n uint64) error) error {
	select {
	case <-db.closing:
		return fmt.Errorf("store: %w", ErrClosed)
	default:
	}
	return db.be.dump(ctx, fn, seq)
}

// firstRecord names a record of the store (bucket and key), or returns ""
// for a store without any (a new one).
func (db *DB) firstRecord(ctx context.Context) (string, error) {
	found := ""
	err := db.dump(ctx, func(bucket, key, value []byte) error {
		if bytes.Equal(bucket, bucketMeta) {
			return nil
		}
		found = fmt.Sprintf("a record in %s", bucket)
		return errStop
	}, func(bucket []byte, n uint64) error { return nil })
	if errors.Is(err, errStop) {
		err = nil
	}
	return found, err
}

var errStop = errors.New("stop")

// setSequence sets a bucket's counter to n, unless it is already higher.
func (db *DB) setSequence(ctx context.Context, bucket []byte, n uint64) error {
	db.closeMu.RLock()
	defer db.closeMu.RUnlock()
	if db.closed {
		return fmt.Errorf("store: %w", ErrClosed)
	}
	return db.be.setSequence(ctx, bucket, n)
}

// dump reads the whole prefix at one revision, etcdPage keys at a time:
// the buckets' keys and counters (the commit markers are left out).
func (s *etcdStore) dump(parent context.Context, fn func(bucket, key, value []byte) error, seq func(bucket []byte, n uint64) error) error {
	var rev int64
	from, end := s.prefix, clientv3.GetPrefixRangeEnd(s.prefix)
	seqs, bases := map[string]*mvccpb.KeyValue{}, map[string]*mvccpb.KeyValue{}
	for {
		ctx, cancel := s.reqCtx(parent)
		opts := []clientv3.OpOption{clientv3.WithRange(end), clientv3.WithLimit(1000)}
		if rev > 0 {
			opts = append(opts, clientv3.WithRev(rev))
		}
		r, err := s.cli.Get(ctx, from, opts...)
		cancel()
		if err != nil {
			return fmt.Errorf("store: %w", etcdErr(err))
		}
		if rev == 0 {
			rev = r.Header.Revision
		}
		for _, kv := range r.Kvs {
			rest := strings.TrimPrefix(string(kv.Key), s.prefix)
			bucket, key, ok := strings.Cut(rest, "/")
			if !ok {
				continue
			}
			switch bucket {
			case "txn":
				continue
			case "seq":
				seqs[key] = kv
				continue
			case "seqbase":
				bases[key] = kv
				continue
			}
			if err := fn([]byte(bucket), []byte(key), kvValue(kv)); err != nil {
				return err
			}
		}
		if !r.More || len(r.Kvs) == 0 {
			break
		}
		from = string(r.Kvs[len(r.Kvs)-1].Key) + "\x00"
	}
	counters, err := sequencesOf(seqs, bases)
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	for _, b := range slices.Sorted(maps.Keys(counters)) {
		if err := seq([]byte(b), counters[b]); err != nil {
			return err
		}
	}
	return nil
}
