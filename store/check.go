package store

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"runtime/debug"
	"strings"
	"time"

	bolt "go.etcd.io/bbolt"
	bolterrors "go.etcd.io/bbolt/errors"
)

// Restore is the advice given with ErrDamaged.
const Restore = "stop veletasbot, move the damaged file aside and copy the newest snapshot over it (README, \"Restoring a snapshot\")"

// checkFile reads every page of the file at path that a transaction can
// reach, in a read-only bbolt handle, before the file is opened for
// writing: a damaged page then gives an error wrapping ErrDamaged instead
// of a panic or a memory fault inside bbolt (bbolt rebuilds its free list
// at open by walking the whole file, in a goroutine of its own, where a
// bad page would end the process). Faults and panics in the walk are
// turned into errors (debug.SetPanicOnFault and recover, in this
// goroutine). A missing or empty file is not checked.
func checkFile(path string, timeout time.Duration) error {
	if fi, err := os.Stat(path); err != nil || fi.Size() == 0 {
		return nil // created by Open; any other problem is Open's to report
	}
	var ro *bolt.DB
	err := protect(func() error {
		var err error
		ro, err = bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true, Timeout: timeout})
		return err
	})
	if err != nil {
		return err
	}
	defer ro.Close()
	return protect(func() error {
		return ro.View(func(tx *bolt.Tx) error {
			return tx.ForEach(func(name []byte, b *bolt.Bucket) error {
				return walkBucket(b, string(name))
			})
		})
	})
}

// walkBucket reads every key of a bucket and its nested buckets, and the
// first and last byte of every value, checking that keys ascend.
func walkBucket(b *bolt.Bucket, path string) error {
	var prev []byte
	var sum byte
	c := b.Cursor()
	for k, v := c.First(); k != nil; k, v = c.Next() {
		if prev != nil && bytes.Compare(prev, k) >= 0 {
			return fmt.Errorf("%w: keys out of order in bucket %s", ErrDamaged, path)
		}
		prev = k
		if v == nil {
			if nb := b.Bucket(k); nb != nil {
				if err := walkBucket(nb, path+"/"+string(k)); err != nil {
					return err
				}
			}
			continue
		}
		if len(v) > 0 {
			sum ^= v[0] ^ v[len(v)-1] // touches the value's first and last page
		}
	}
	_ = sum
	return nil
}

// protect runs fn, turning a panic or a memory fault in it into an error
// wrapping ErrDamaged.
func protect(fn func() error) (err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%w: %s", ErrDamaged, oneLine(fmt.Sprint(p)))
		}
	}()
	return fn()
}

// damaged reports whether an error of bbolt's Open means a damaged file
// (its meta pages fail their checksum or make no sense).
func damaged(err error) bool {
	return errors.Is(err, ErrDamaged) || errors.Is(err, bolterrors.ErrChecksum) ||
		errors.Is(err, bolterrors.ErrInvalid) || errors.Is(err, bolterrors.ErrInvalidMapping) ||
		errors.Is(err, bolterrors.ErrVersionMismatch)
}

func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 200 {
		s = s[:200] + "..."
	}
	return s
}
