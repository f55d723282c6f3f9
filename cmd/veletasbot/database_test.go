package main

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/veletasbot/veletas/internal/fakediscord"
	"github.com/veletasbot/veletas/store"
)

// TestSnapshotFlags: snapshots are on by default, beside the database,
// and the flags change their directory, interval and number kept.
func TestSnapshotFlags(t *testing.T) {
	m, _, _ := newMain(nil)
	if err := m.ParseFlags(context.Background(), []string{"-db", "/data/v.db"}); err != nil {
		t.Fatal(err)
	}
	if m.SnapshotDir != "/data/snapshots" || m.SnapshotEvery != store.DefaultSnapshotEvery || m.SnapshotKeep != store.DefaultSnapshotKeep {
		t.Fatalf("defaults: %q %v %d", m.SnapshotDir, m.SnapshotEvery, m.SnapshotKeep)
	}
	m, _, _ = newMain(nil)
	if err := m.ParseFlags(context.Background(), []string{"-snapshot-dir", "/backups", "-snapshot-every", "1h", "-snapshot-keep", "48"}); err != nil {
		t.Fatal(err)
	}
	if m.SnapshotDir != "/backups" || m.SnapshotEvery != time.Hour || m.SnapshotKeep != 48 {
		t.Fatalf("flags: %q %v %d", m.SnapshotDir, m.SnapshotEvery, m.SnapshotKeep)
	}
	m, _, _ = newMain(nil)
	if err := m.ParseFlags(context.Background(), []string{"-snapshot-every", "0"}); err != nil || m.SnapshotDir != "" {
		t.Fatalf("snapshots off: %q %v", m.SnapshotDir, err)
	}
	for _, args := range [][]string{{"-snapshot-every", "-1h"}, {"-snapshot-every", "10s"}, {"-snapshot-keep", "0"}, {"console", "-snapshot-keep", "3"}} {
		m, _, _ = newMain(nil)
		if err := m.ParseFlags(context.Background(), args); err == nil {
			t.Errorf("%v accepted", args)
		} else {
			t.Logf("%v: %v", args, err)
		}
	}
}

// TestDamagedDatabase starts the console on a database whose meta pages
// are damaged: Run fails at once with one line that names the file, says
// it is damaged and how to restore a snapshot (main exits with
// ExitDamaged, which the systemd unit does not restart on).
func TestDamagedDatabase(t *testing.T) {
	path := filepath.Join(t.TempDir(), "veletas.db")
	db, err := store.Open(path, &store.Options{Games: testGames, NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	page := os.Getpagesize()
	b[20] ^= 0xff      // first meta page: version
	b[page+20] ^= 0xff // second meta page
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
	m, _, _ := newMain(nil)
	if err := m.ParseFlags(context.Background(), []string{"console", "-db", path, "-out", t.TempDir()}); err != nil {
		t.Fatal(err)
	}
	m.Stdin = strings.NewReader("")
	err = m.Run(context.Background())
	m.Close()
	if !errors.Is(err, store.ErrDamaged) || strings.Contains(err.Error(), "\n") ||
		!strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "snapshot") {
		t.Fatalf("damaged database: %v", err)
	}
	t.Logf("veletasbot: %v", err)
	if got := ExitStatus(err); got != ExitDamaged {
		t.Fatalf("exit status %d, want %d", got, ExitDamaged)
	}
	unit, err := os.ReadFile("../../deploy/veletasbot.service")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(unit), "RestartPreventExitStatus=78 65") {
		t.Fatalf("the systemd unit restarts on a damaged database")
	}
}

// TestFailedStartLeavesNoFile starts the bot in HTTP mode on an address
// in use: Run fails, and once closed the database file that this start
// created is gone (the next start creates it again rather than finding a
// file with nothing in it); a file that was there before the failed start
// stays, with its games.
func TestFailedStartLeavesNoFile(t *testing.T) {
	fake := fakediscord.New()
	defer fake.Close()
	p := fake.NewPoster("")
	busy, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer busy.Close()
	dir := t.TempDir()
	start := func(path string) error {
		t.Helper()
		m, _, _ := newMain(map[string]string{"DISCORD_TOKEN": token, "DISCORD_API_URL": fake.URL(),
			"DISCORD_PUBLIC_KEY": p.PublicKey(), "VELETAS_HTTP": busy.Addr().String()})
		if err := m.ParseFlags(context.Background(), []string{"-db", path, "-guild", "900", "-snapshot-every", "0"}); err != nil {
			t.Fatal(err)
		}
		err := m.Run(context.Background())
		if cerr := m.Close(); cerr != nil {
			t.Fatalf("close: %v", cerr)
		}
		return err
	}
	path := filepath.Join(dir, "new.db")
	if err := start(path); err == nil || !strings.Contains(err.Error(), "address already in use") {
		t.Fatalf("start on a busy address: %v", err)
	}
	if entries, err := os.ReadDir(dir); err != nil || len(entries) != 0 {
		t.Fatalf("left behind: %v %v", entries, err)
	}

	old := filepath.Join(dir, "old.db")
	db, err := store.Open(old, &store.Options{Games: testGames, NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.UpdateSettings(t.Context(), "900", func(s *store.Settings) error { s.Locale = "fr"; return nil }); err != nil {
		t.Fatal(err)
	}
	db.Close()
	if err := start(old); err == nil {
		t.Fatal("start on a busy address succeeded")
	}
	db, err = store.Open(old, &store.Options{Games: testGames, NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if s, err := db.Settings(t.Context(), "900"); err != nil || s.Locale != "fr" {
		t.Fatalf("the file that was there before: %+v %v", s, err)
	}
}

// TestOpenErrorOnePrefix: a database that cannot be opened is reported in
// one line with one prefix naming it ("store: open PATH: ..."), not
// "opening the database PATH: store: open PATH: open PATH: ...".
func TestOpenErrorOnePrefix(t *testing.T) {
	path := filepath.Join(t.TempDir(), "missing", "veletas.db")
	m, _, _ := newMain(nil)
	if err := m.ParseFlags(context.Background(), []string{"console", "-db", path, "-out", t.TempDir()}); err != nil {
		t.Fatal(err)
	}
	m.Stdin = strings.NewReader("")
	err := m.Run(context.Background())
	m.Close()
	if err == nil || err.Error() != "store: open "+path+": creating it: no such file or directory" {
		t.Fatalf("database in a missing directory: %v", err)
	}
}

// TestStructurallyDamagedDatabase starts the console again and again on
// a database whose leaf page claims to run over the next page in use (a
// damage that passes a walk of the keys and that bbolt's own check, in a
// goroutine of its own, met with a crash of the process): every start
// fails with the one line of a damaged file and ExitDamaged.
func TestStructurallyDamagedDatabase(t *testing.T) {
	path := filepath.Join(t.TempDir(), "veletas.db")
	db, err := store.Open(path, &store.Options{Games: testGames, NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 200 {
		if _, err := db.UpdateSettings(t.Context(), fmt.Sprint("guild", i), func(s *store.Settings) error { s.Locale = "fr"; return nil }); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	b, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true, PreLoadFreelist: true})
	if err != nil {
		t.Fatal(err)
	}
	pageSize, leaf := b.Info().PageSize, 0
	b.View(func(tx *bolt.Tx) error {
		for id := 2; id+1 < int(tx.Size())/pageSize && leaf == 0; id++ {
			p, _ := tx.Page(id)
			next, _ := tx.Page(id + 1)
			if p != nil && next != nil && p.Type == "leaf" && (next.Type == "leaf" || next.Type == "branch") {
				leaf = id
			}
		}
		return nil
	})
	b.Close()
	if leaf == 0 {
		t.Fatal("no leaf page followed by a page in use")
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	binary.LittleEndian.PutUint32(raw[leaf*pageSize+12:], 1) // the page header's overflow count
	if err := os.WriteFile(path, raw, 0o600); err != nil {
		t.Fatal(err)
	}
	for i := range 20 {
		m, _, _ := newMain(nil)
		if err := m.ParseFlags(context.Background(), []string{"console", "-db", path, "-out", t.TempDir()}); err != nil {
			t.Fatal(err)
		}
		m.Stdin = strings.NewReader("")
		err := m.Run(context.Background())
		m.Close()
		if !errors.Is(err, store.ErrDamaged) || strings.Contains(err.Error(), "\n") || !strings.HasPrefix(err.Error(), "store: open "+path+": ") ||
			!strings.Contains(err.Error(), "snapshot") || ExitStatus(err) != ExitDamaged {
			t.Fatalf("start %d: %v (exit status %d)", i, err, ExitStatus(err))
		}
		if i == 0 {
			t.Logf("veletasbot: %v", err)
		}
	}
}
