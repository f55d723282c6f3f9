package store

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/veletasbot/veletas/store/etcdtest"
	bolt "go.etcd.io/bbolt"
)

// The behavioural tests run on both backends: bothStores runs a test as
// the subtests "bolt" and "etcd", and openTest (store_test.go) opens the
// store of the subtest it is called in: a new bbolt file, or a fresh
// prefix of one etcd cluster shared by the package's tests (3 members,
// started on first use, stopped by TestMain).

var shared struct {
	once sync.Once
	c    *etcdtest.Cluster
	dir  string
	err  error
}

var prefixes atomic.Int64

func TestMain(m *testing.M) {
	code := m.Run()
	if shared.c != nil {
		shared.c.Close()
		os.RemoveAll(shared.dir)
	}
	os.Exit(code)
}

// sharedCluster returns the package's etcd cluster, starting it on first
// use; it skips t without etcd (fails it under CI=true).
func sharedCluster(t testing.TB) *etcdtest.Cluster {
	t.Helper()
	etcdtest.Require(t)
	shared.once.Do(func() {
		shared.dir, shared.err = os.MkdirTemp("", "store-etcd-")
		if shared.err == nil {
			shared.c, shared.err = etcdtest.New(shared.dir)
		}
	})
	if shared.err != nil {
		t.Fatalf("starting the shared etcd cluster: %v", shared.err)
	}
	return shared.c
}

// bothStores runs fn as the subtests bolt and etcd.
func bothStores(t *testing.T, fn func(t *testing.T)) {
	t.Run("bolt", fn)
	t.Run("etcd", fn)
}

// onEtcd reports whether t is (inside) an etcd subtest of bothStores.
func onEtcd(t testing.TB) bool {
	return strings.Contains(t.Name()+"/", "/etcd/")
}

// storeURL is a new store for t: a bbolt file in t.TempDir(), or a fresh
// prefix of the shared etcd cluster.
func storeURL(t testing.TB) string {
	t.Helper()
	if !onEtcd(t) {
		return "bolt:" + filepath.Join(t.TempDir(), "v.db")
	}
	name := strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			return r
		}
		return '-'
	}, t.Name())
	return sharedCluster(t).URL(fmt.Sprintf("test/%d-%s", prefixes.Add(1), name))
}

// countKeys counts the keys of a bucket.
func countKeys(tx txn, name []byte) int {
	n := 0
	c := tx.Cursor(name)
	for k, _ := c.First(); k != nil; k, _ = c.Next() {
		n++
	}
	return n
}

// boltFile is the bbolt file of a bolt store, nil on etcd.
func (db *DB) boltFile() *bolt.DB {
	if b, ok := db.be.(*boltBackend); ok {
		return b.db
	}
	return nil
}

// etcdBackend is the etcd backend of an etcd store, nil on bolt.
func (db *DB) etcdBackend() *etcdStore {
	s, _ := db.be.(*etcdStore)
	return s
}
