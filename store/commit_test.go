package store

import (
	"errors"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"

	bolt "go.etcd.io/bbolt"
)

// TestGroupCommitFailure puts changes that fail after writing (one returns
// an error, one panics) and a refusal in a group with good changes: the
// good ones commit, the others leave nothing and get their own error.
func TestGroupCommitFailure(t *testing.T) {
	db := openTest(t, &Options{NoSync: true})
	bucket := []byte("test")
	if err := db.bolt.Update(func(tx *bolt.Tx) error { _, err := tx.CreateBucket(bucket); return err }); err != nil {
		t.Fatal(err)
	}
	// Hold the commit loop so that the changes below queue into one group.
	release := make(chan struct{})
	held := make(chan error)
	go func() {
		held <- db.update(func(tx *bolt.Tx) error { <-release; return nil })
	}()
	const n = 40
	boom, refused := errors.New("boom"), errors.New("refused")
	errs := make([]error, n)
	var wg sync.WaitGroup
	var ready atomic.Int32
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ready.Add(1)
			errs[i] = db.update(func(tx *bolt.Tx) error {
				if i == 21 {
					return refused // a refusal, before any write
				}
				b := tx.Bucket(bucket)
				if err := b.Put([]byte(fmt.Sprint(i)), []byte("x")); err != nil {
					return abort(err)
				}
				switch i {
				case 7:
					return abort(boom)
				case 13:
					panic("bad change")
				}
				return nil
			})
		}()
	}
	// Let them reach the queue (the outcome must be the same if some
	// have not: then they commit in later groups).
	for ready.Load() < n {
		runtime.Gosched()
	}
	for range 1000 {
		runtime.Gosched()
	}
	close(release)
	wg.Wait()
	if err := <-held; err != nil {
		t.Fatal(err)
	}
	db.view(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucket)
		for i := range n {
			got := b.Get([]byte(fmt.Sprint(i))) != nil
			switch i {
			case 7:
				if got || !errors.Is(errs[i], boom) {
					t.Errorf("change %d: written %v, err %v", i, got, errs[i])
				}
			case 21:
				if got || errs[i] != refused {
					t.Errorf("refused change: written %v, err %v", got, errs[i])
				}
			case 13:
				if got || errs[i] == nil {
					t.Errorf("panicking change: written %v, err %v", got, errs[i])
				}
			default:
				if !got || errs[i] != nil {
					t.Errorf("change %d: written %v, err %v", i, got, errs[i])
				}
			}
		}
		return nil
	})
}
