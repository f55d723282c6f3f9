package store

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestCursorModel walks a bucket of 300 keys (more than a page of the
// etcd cursor) with random moves inside a transaction that has also
// written and deleted keys, on bbolt and on etcd, and checks every step
// against a sorted model of the bucket.
func TestCursorModel(t *testing.T) {
	bothStores(t, func(t *testing.T) {
		db := openTest(t, nil)
		r := rand.New(rand.NewPCG(11, 12))
		key := func() []byte { return fmt.Appendf(nil, "k%03d", r.IntN(400)) }
		model := map[string]string{}
		for len(model) < 300 {
			k := key()
			model[string(k)] = fmt.Sprint("v", len(model))
		}
		// Stored in batches (an etcd Txn takes at most 128 operations).
		var keys []string
		for k := range model {
			keys = append(keys, k)
		}
		for i := 0; i < len(keys); i += 100 {
			batch := keys[i:min(i+100, len(keys))]
			if err := db.update(t.Context(), func(tx txn) error {
				for _, k := range batch {
					if err := tx.Bucket(bucketThreads).Put([]byte(k), []byte(model[k])); err != nil {
						return err
					}
				}
				return nil
			}); err != nil {
				t.Fatal(err)
			}
		}
		stop := errors.New("rolled back")
		steps := 0
		err := db.update(t.Context(), func(tx txn) error {
			m := map[string]string{}
			for k, v := range model {
				m[k] = v
			}
			b := tx.Bucket(bucketThreads)
			for range 40 { // the transaction's own writes, seen by its cursor
				k := key()
				if r.IntN(2) == 0 {
					b.Put(k, []byte("w"+string(k)))
					m[string(k)] = "w" + string(k)
				} else {
					b.Delete(k)
					delete(m, string(k))
				}
			}
			sorted := sortedKeys(m)
			c := tx.Cursor(bucketThreads)
			pos := -1 // index in sorted, -1 or len: off the ends
			check := func(op string, k, v []byte) {
				steps++
				if pos < 0 || pos >= len(sorted) {
					if k != nil {
						t.Fatalf("%s: %q, want the end", op, k)
					}
					return
				}
				if string(k) != sorted[pos] || string(v) != m[sorted[pos]] {
					t.Fatalf("%s: %q=%q, want %q=%q", op, k, v, sorted[pos], m[sorted[pos]])
				}
			}
			for range 2000 {
				switch op := r.IntN(6); {
				case op == 0:
					k, v := c.First()
					pos = 0
					check("First", k, v)
				case op == 1:
					k, v := c.Last()
					pos = len(sorted) - 1
					check("Last", k, v)
				case op == 2:
					s := key()
					k, v := c.Seek(s)
					pos = len(sorted)
					for i, x := range sorted {
						if x >= string(s) {
							pos = i
							break
						}
					}
					check("Seek "+string(s), k, v)
				case op <= 4 && pos >= 0 && pos < len(sorted):
					k, v := c.Next()
					pos++
					check("Next", k, v)
				case pos >= 0 && pos < len(sorted):
					k, v := c.Prev()
					pos--
					check("Prev", k, v)
				}
			}
			return refuse(stop)
		})
		if !errors.Is(err, stop) {
			t.Fatal(err)
		}
		t.Logf("%d cursor steps checked", steps)
	})
}

func sortedKeys(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
