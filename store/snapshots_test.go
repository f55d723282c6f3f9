package store

import (
	"errors"
	"path/filepath"
	"testing"
	"time"

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
	db, err := Open(path, &Options{NoSync: true, Now: c.Now, SnapshotDir: snapDir, SnapshotKeep: 3,
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
		if _, err := db.Resign("g", "c", "bob"); err != nil && !errors.Is(err, ErrNoGame) {
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
	db, err = Open(path, &Options{NoSync: true, Now: c.Now})
	if err != nil {
		t.Fatal(err)
	}
	if f, err := db.FinishedGame(g.ID); err != nil || f.Winner != "alice" {
		t.Fatalf("restored archive: %v %+v", err, f)
	}
	db.Close()
	// Restore the first: the game is active again.
	copyFile(t, saved, path)
	db, err = Open(path, &Options{NoSync: true, Now: c.Now})
	if err != nil {
		t.Fatal(err)
	}
	if a, err := db.ActiveGame("g", "c"); err != nil || a.ID != g.ID {
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
