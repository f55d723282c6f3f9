package store

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	bolt "go.etcd.io/bbolt"
)

// Snapshots: with Options.SnapshotDir set, the store writes a consistent
// copy of the database there every Options.SnapshotEvery (BackupFile: a
// temporary file, synced, renamed) and keeps the newest
// Options.SnapshotKeep. A snapshot is a complete database file: restoring
// one is copying it over the damaged file while the bot is stopped.
//
// Each file carries a lineage (keyLineage), copied into its snapshots:
// when the file is lost and created anew, the newest snapshot of the lost
// database is kept whatever the rotation, and Open names it in a warning.
// Snapshots written before lineages count as an earlier database's when
// the current file was created after them (a file written before
// lineages gets an adopted one, whose time is not its creation's).

// Default snapshot schedule.
const (
	DefaultSnapshotEvery = 6 * time.Hour
	DefaultSnapshotKeep  = 8
)

// snapshotStamp is the time in a snapshot's name; names sort by time.
const snapshotStamp = "20060102T150405.000Z"

// snapshotName is the name of a snapshot of the file base (veletas.db ->
// veletas-20261123T061500.000Z.db), and the prefix and suffix that
// recognize snapshots of it.
func snapshotName(base string, t time.Time) (name, prefix, suffix string) {
	ext := filepath.Ext(base)
	prefix, suffix = strings.TrimSuffix(base, ext)+"-", ext
	return prefix + t.UTC().Format(snapshotStamp) + suffix, prefix, suffix
}

// Snapshot writes a snapshot of the database to Options.SnapshotDir now,
// deletes the oldest beyond Options.SnapshotKeep and returns the new
// snapshot's path. The store calls it every Options.SnapshotEvery; a
// manager may call it at any time.
func (db *DB) Snapshot() (string, error) {
	dir := db.opts.SnapshotDir
	if dir == "" {
		return "", fmt.Errorf("store: snapshot: %w: no snapshot directory (Options.SnapshotDir)", ErrInvalid)
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", fmt.Errorf("store: snapshot: %w", err)
	}
	name, _, _ := snapshotName(filepath.Base(db.path), db.opts.Now())
	path := filepath.Join(dir, name)
	if err := db.BackupFile(path); err != nil {
		return "", err
	}
	all, err := db.Snapshots()
	if err != nil {
		return path, err
	}
	// The newest snapshot of each earlier database (one whose file was
	// lost and created anew since) is the last taken while it held its
	// games: it is never rotated away.
	current := db.lineage(context.Background()) // a local file: nothing to wait for
	earlier := map[string]bool{}
	for i, old := range all {
		kept := i < db.opts.SnapshotKeep || old == path
		if l, ok := db.earlierDatabase(current, old); ok && !earlier[l] {
			earlier[l] = true
			kept = true
		}
		if kept {
			continue
		}
		if err := os.Remove(old); err != nil {
			return path, fmt.Errorf("store: snapshot: removing an old one: %w", err)
		}
	}
	return path, nil
}

// adoptedSuffix ends the lineage given to a store that had none (written
// before lineages): its time is not its creation's.
const adoptedSuffix = "-adopted"

// newLineage returns a lineage: the time (a new database's creation) and
// a random part; adopted marks one given to a store that had none.
func newLineage(now time.Time, adopted bool) []byte {
	l := fmt.Appendf(nil, "%s-%016x", now.UTC().Format(snapshotStamp), rand.Uint64())
	if adopted {
		l = append(l, adoptedSuffix...)
	}
	return l
}

// earlierDatabase reports whether the snapshot at path is of another
// database than the one of lineage current, and names the database (its
// lineage; "" for snapshots written before lineages). A snapshot without
// a lineage is of an earlier database when the current one was created
// (not adopted) after the snapshot was taken.
func (db *DB) earlierDatabase(current, path string) (string, bool) {
	if l := snapshotLineage(path); l != "" {
		return l, l != current
	}
	if current == "" || strings.HasSuffix(current, adoptedSuffix) || len(current) < len(snapshotStamp) {
		return "", false
	}
	created, err := time.Parse(snapshotStamp, current[:len(snapshotStamp)])
	if err != nil {
		return "", false
	}
	_, prefix, suffix := snapshotName(filepath.Base(db.path), time.Time{})
	name := filepath.Base(path)
	taken, err := time.Parse(snapshotStamp, strings.TrimSuffix(strings.TrimPrefix(name, prefix), suffix))
	return "", err == nil && taken.Before(created)
}

// lineage returns the lineage of the store ("" if it has none, or it
// cannot be read).
func (db *DB) lineage(ctx context.Context) string {
	var l string
	err := db.view(ctx, func(tx txn) error {
		v, err := tx.Bucket(bucketMeta).Get(keyLineage)
		l = string(v)
		return err
	})
	if err != nil {
		return ""
	}
	return l
}

// ensureLineage returns the store's lineage, giving it one if it has none
// (an etcd prefix, or a file written before lineages).
func (db *DB) ensureLineage(ctx context.Context) (string, error) {
	if l := db.lineage(ctx); l != "" {
		return l, nil
	}
	var l string
	err := db.update(ctx, func(tx txn) error {
		m := tx.Bucket(bucketMeta)
		if v, err := m.Get(keyLineage); v != nil || err != nil {
			l = string(v)
			return err
		}
		v := newLineage(db.opts.Now(), true)
		l = string(v)
		return m.Put(keyLineage, v)
	})
	return l, err
}

// snapshotLineage returns the lineage of the snapshot at path, "" when it
// has none or cannot be read.
func snapshotLineage(path string) string {
	var l string
	protect(func() error {
		b, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true, Timeout: time.Second})
		if err != nil {
			return err
		}
		defer b.Close()
		return b.View(func(tx *bolt.Tx) error {
			if m := tx.Bucket(bucketMeta); m != nil {
				l = string(m.Get(keyLineage))
			}
			return nil
		})
	})
	return l
}

// warnEarlierSnapshots logs, for a database file created by this Open,
// the newest snapshot of an earlier database in Options.SnapshotDir: if
// the file was lost, its games are there.
func (db *DB) warnEarlierSnapshots() {
	all, err := db.Snapshots()
	if err != nil {
		return
	}
	current := db.lineage(context.Background()) // a local file: nothing to wait for
	for _, p := range all {
		if _, ok := db.earlierDatabase(current, p); ok {
			db.opts.Logger.Warn("store: the database file was missing and is created anew, "+
				"but a snapshot of an earlier database exists: if the file was lost, stop veletasbot "+
				"and restore the snapshot (README, \"Restoring a snapshot\"); it is kept however snapshots rotate",
				"file", db.path, "snapshot", p)
			return
		}
	}
}

// Snapshots returns the paths of the snapshots in Options.SnapshotDir,
// newest first.
func (db *DB) Snapshots() ([]string, error) {
	if db.opts.SnapshotDir == "" {
		return nil, nil
	}
	entries, err := os.ReadDir(db.opts.SnapshotDir)
	if err != nil {
		if os.IsNotExist(err) {
			return nil, nil
		}
		return nil, fmt.Errorf("store: snapshots: %w", err)
	}
	_, prefix, suffix := snapshotName(filepath.Base(db.path), time.Time{})
	var out []string
	for _, e := range entries {
		n := e.Name()
		if e.Type().IsRegular() && strings.HasPrefix(n, prefix) && strings.HasSuffix(n, suffix) &&
			len(n) == len(prefix)+len(snapshotStamp)+len(suffix) {
			out = append(out, filepath.Join(db.opts.SnapshotDir, n))
		}
	}
	slices.Sort(out)
	slices.Reverse(out)
	return out, nil
}

// snapshotLoop takes a snapshot at every tick until Close.
func (db *DB) snapshotLoop(tick <-chan time.Time, stop func()) {
	defer close(db.snapDone)
	defer stop()
	for {
		select {
		case <-tick:
			path, err := db.Snapshot()
			if err != nil {
				db.opts.Logger.Error("store: snapshot failed", "dir", db.opts.SnapshotDir, "err", err)
			} else {
				db.opts.Logger.Info("store: snapshot written", "path", path)
			}
			if h := db.opts.snapshotHook; h != nil {
				h(path, err)
			}
		case <-db.closing:
			return
		}
	}
}
