package store

import (
	"bytes"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/veletasbot/veletas/game/veletas"
)

// TestSnapshots drives the periodic snapshots with a test ticker: each
// tick writes a complete database named by the time, only the newest
// SnapshotKeep stay, and restoring one (copying it over the file while
// the store is closed) brings back the games as they were then.
func TestSnapshots(t *testing.T) {
	c := newClock()
	dir := t.TempDir()
	snapDir := filepath.Join(dir, "snapshots")
	tick := make(chan time.Time)
	type result struct {
		path string
		err  error
	}
	done := make(chan result)
	path := filepath.Join(dir, "veletas.db")
	db, err := Open(path, &Options{Games: testRegistry, NoSync: true, Now: c.Now, SnapshotDir: snapDir, SnapshotKeep: 3,
		snapshotTick: tick, snapshotHook: func(p string, err error) { done <- result{p, err} }})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	snap := func() string {
		t.Helper()
		tick <- c.Now()
		r := <-done
		if r.err != nil {
			t.Fatal(r.err)
		}
		return r.path
	}
	g := startGame(t, db, "g", "c", veletas.Size7)
	first := snap()
	if want := filepath.Join(snapDir, "veletas-20260102T030405.000Z.db"); first != want {
		t.Fatalf("snapshot %s, want %s", first, want)
	}
	saved := filepath.Join(dir, "saved.db") // kept aside before it is pruned
	copyFile(t, first, saved)
	var paths []string
	for range 4 {
		c.Add(time.Hour)
		if _, err := db.Resign(t.Context(), "g", "c", "bob"); err != nil && !errors.Is(err, ErrNoGame) {
			t.Fatal(err)
		}
		paths = append(paths, snap())
	}
	list, err := db.Snapshots()
	if err != nil || len(list) != 3 || list[0] != paths[3] || list[1] != paths[2] || list[2] != paths[1] {
		t.Fatalf("snapshots kept: %v %v, want the newest 3 of %v", err, list, paths)
	}

	// Restore the oldest snapshot kept: the game is in the archive.
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	copyFile(t, list[2], path)
	db, err = Open(path, &Options{Games: testRegistry, NoSync: true, Now: c.Now})
	if err != nil {
		t.Fatal(err)
	}
	if f, err := db.FinishedGame(t.Context(), g.ID); err != nil || f.Winner != "alice" {
		t.Fatalf("restored archive: %v %+v", err, f)
	}
	db.Close()
	// Restore the first: the game is active again.
	copyFile(t, saved, path)
	db, err = Open(path, &Options{Games: testRegistry, NoSync: true, Now: c.Now})
	if err != nil {
		t.Fatal(err)
	}
	if a, err := db.ActiveGame(t.Context(), "g", "c"); err != nil || a.ID != g.ID {
		t.Fatalf("restored game: %v %+v", err, a)
	}
	if err := db.Check(); err != nil {
		t.Fatal(err)
	}
	// Without a directory, Snapshot says so.
	if _, err := db.Snapshot(); !errors.Is(err, ErrInvalid) {
		t.Fatalf("snapshot without a directory: %v", err)
	}
}

// TestSnapshotsKeepLostDatabase: when the database file is lost and
// created anew, Open warns that a snapshot of the earlier database
// exists, naming it, and however many snapshots of the new file rotate
// the newest snapshot of the lost one stays, and restoring it brings its
// game back.
func TestSnapshotsKeepLostDatabase(t *testing.T) {
	c := newClock()
	dir := t.TempDir()
	snapDir := filepath.Join(dir, "snapshots")
	path := filepath.Join(dir, "veletas.db")
	var logs bytes.Buffer
	tick := make(chan time.Time)
	done := make(chan error)
	opts := &Options{Games: testRegistry, NoSync: true, Now: c.Now, SnapshotDir: snapDir, SnapshotKeep: 2,
		Logger:       slog.New(slog.NewTextHandler(&logs, nil)),
		snapshotTick: tick, snapshotHook: func(_ string, err error) { done <- err }}
	snap := func() {
		t.Helper()
		c.Add(time.Hour)
		tick <- c.Now()
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
	db, err := Open(path, opts)
	if err != nil {
		t.Fatal(err)
	}
	g := startGame(t, db, "g", "c", veletas.Size7)
	snap()
	snap()
	before, err := db.Snapshots()
	if err != nil || len(before) != 2 {
		t.Fatalf("snapshots: %v %v", before, err)
	}
	db.Close()
	if strings.Contains(logs.String(), "earlier database") {
		t.Fatalf("warned on the first creation: %s", logs.String())
	}

	if err := os.Remove(path); err != nil { // the file is lost
		t.Fatal(err)
	}
	db, err = Open(path, opts)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(logs.String(), "earlier database") || !strings.Contains(logs.String(), before[0]) {
		t.Fatalf("no warning naming %s: %s", before[0], logs.String())
	}
	for range 5 {
		snap()
	}
	list, err := db.Snapshots()
	if err != nil || len(list) != 3 || list[2] != before[0] {
		t.Fatalf("snapshots after the loss: %v %v, want the newest 2 and %s", list, err, before[0])
	}
	db.Close()
	copyFile(t, list[2], path)
	db, err = Open(path, &Options{Games: testRegistry, NoSync: true, Now: c.Now})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if a, err := db.ActiveGame(t.Context(), "g", "c"); err != nil || a.ID != g.ID {
		t.Fatalf("restored game: %v %+v", err, a)
	}
}

// stripLineage removes the lineage of a file, as a file or a snapshot
// written before lineages has none.
func stripLineage(t *testing.T, path string) {
	t.Helper()
	b, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if err := b.Update(func(tx *bolt.Tx) error { return tx.Bucket(bucketMeta).Delete(keyLineage) }); err != nil {
		t.Fatal(err)
	}
}

// TestSnapshotsBeforeLineages: snapshots written before lineages rotate
// as before while their file is there (it gets an adopted lineage), but
// when the file is lost and created anew, the newest of them is kept and
// named in the warning.
func TestSnapshotsBeforeLineages(t *testing.T) {
	for _, lost := range []bool{false, true} {
		t.Run(fmt.Sprint("lost=", lost), func(t *testing.T) {
			c := newClock()
			dir := t.TempDir()
			snapDir := filepath.Join(dir, "snapshots")
			path := filepath.Join(dir, "veletas.db")
			logs := &lockedBuf{}
			tick := make(chan time.Time)
			done := make(chan error)
			opts := &Options{Games: testRegistry, NoSync: true, Now: c.Now, SnapshotDir: snapDir, SnapshotKeep: 2,
				Logger:       slog.New(slog.NewTextHandler(logs, nil)),
				snapshotTick: tick, snapshotHook: func(_ string, err error) { done <- err }}
			snap := func() {
				t.Helper()
				c.Add(time.Hour)
				tick <- c.Now()
				if err := <-done; err != nil {
					t.Fatal(err)
				}
			}
			db, err := Open(path, opts)
			if err != nil {
				t.Fatal(err)
			}
			startGame(t, db, "g", "c", veletas.Size7)
			snap()
			snap()
			old, err := db.Snapshots()
			if err != nil || len(old) != 2 {
				t.Fatalf("snapshots: %v %v", old, err)
			}
			db.Close()
			for _, p := range append(old, path) { // as written before lineages
				stripLineage(t, p)
			}
			if lost {
				if err := os.Remove(path); err != nil {
					t.Fatal(err)
				}
			}
			c.Add(time.Hour)
			db, err = Open(path, opts)
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			if warned := strings.Contains(logs.String(), "earlier database"); warned != lost || (lost && !strings.Contains(logs.String(), old[0])) {
				t.Fatalf("warning (file lost: %v): %s", lost, logs.String())
			}
			for range 3 {
				snap()
			}
			list, err := db.Snapshots()
			if err != nil {
				t.Fatal(err)
			}
			if !lost && (len(list) != 2 || slices.Contains(list, old[0])) {
				t.Fatalf("the file was not lost: snapshots %v, want the newest 2", list)
			}
			if lost && (len(list) != 3 || list[2] != old[0]) {
				t.Fatalf("the file was lost: snapshots %v, want the newest 2 and %s", list, old[0])
			}
		})
	}
}
