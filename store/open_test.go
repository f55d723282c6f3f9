package store

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
	bolterrors "go.etcd.io/bbolt/errors"

	"github.com/veletasbot/veletas/game/veletas"
)

const holdEnv = "VELETAS_STORE_TEST_HOLD"

// TestHoldLock is the child process of TestLockedByAnotherProcess: it opens
// the database, says so, and keeps it open until its stdin closes.
func TestHoldLock(t *testing.T) {
	path := os.Getenv(holdEnv)
	if path == "" {
		t.Skip("child process of TestLockedByAnotherProcess")
	}
	db, err := Open(path, &Options{Games: testRegistry})
	if err != nil {
		os.Stdout.WriteString("error: " + err.Error() + "\n")
		os.Exit(1)
	}
	os.Stdout.WriteString("locked\n")
	bufio.NewReader(os.Stdin).ReadString('\n')
	db.Close()
	os.Exit(0)
}

func TestLockedByAnotherProcess(t *testing.T) {
	path := filepath.Join(t.TempDir(), "v.db")
	cmd := exec.Command(os.Args[0], "-test.run=^TestHoldLock$")
	cmd.Env = append(os.Environ(), holdEnv+"="+path)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	line, _ := bufio.NewReader(stdout).ReadString('\n')
	if line != "locked\n" {
		t.Fatalf("child: %q", line)
	}
	start := time.Now()
	_, err = Open(path, &Options{Games: testRegistry}) // default timeout
	took := time.Since(start)
	if !errors.Is(err, ErrLocked) || !errors.Is(err, bolterrors.ErrTimeout) {
		t.Fatalf("open of a held file: %v", err)
	}
	if !strings.Contains(err.Error(), "is another veletasbot running on this file?") || !strings.Contains(err.Error(), path) {
		t.Fatalf("message: %v", err)
	}
	if took < DefaultTimeout/2 || took > DefaultTimeout+2*time.Second {
		t.Fatalf("open gave up after %v, want about %v", took, DefaultTimeout)
	}
	t.Logf("refused after %v: %v", took, err)
	stdin.Close()
	if err := cmd.Wait(); err != nil {
		t.Fatalf("child: %v", err)
	}
	db, err := Open(path, &Options{Games: testRegistry})
	if err != nil {
		t.Fatalf("open after the other process ended: %v", err)
	}
	db.Close()
}

func TestLockedInProcess(t *testing.T) {
	path := filepath.Join(t.TempDir(), "v.db")
	db, err := Open(path, &Options{Games: testRegistry})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	_, err = Open(path, &Options{Games: testRegistry, Timeout: 50 * time.Millisecond})
	if !errors.Is(err, ErrLocked) {
		t.Fatalf("second open: %v", err)
	}
	_, err = Open(path, &Options{Games: testRegistry, Timeout: -1})
	if !errors.Is(err, ErrLocked) {
		t.Fatalf("second open without waiting: %v", err)
	}
}

func setRawVersion(t *testing.T, path, v string) {
	t.Helper()
	b, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if err := b.Update(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketMeta).Put(keyVersion, []byte(v))
	}); err != nil {
		t.Fatal(err)
	}
}

func rawVersion(t *testing.T, path string) string {
	t.Helper()
	b, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: time.Second, ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	var v string
	b.View(func(tx *bolt.Tx) error {
		v = string(tx.Bucket(bucketMeta).Get(keyVersion))
		return nil
	})
	return v
}

func TestSchemaTooNew(t *testing.T) {
	path := filepath.Join(t.TempDir(), "v.db")
	db, err := Open(path, &Options{Games: testRegistry})
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	if v := rawVersion(t, path); v != strconv.Itoa(SchemaVersion) {
		t.Fatalf("new file has version %q", v)
	}
	newer := strconv.Itoa(SchemaVersion + 1)
	setRawVersion(t, path, newer)
	_, err = Open(path, &Options{Games: testRegistry})
	if !errors.Is(err, ErrSchemaTooNew) || !strings.Contains(err.Error(), "newer") || !strings.Contains(err.Error(), "version "+newer) {
		t.Fatalf("open of a newer file: %v", err)
	}
	t.Logf("refused: %v", err)
	if v := rawVersion(t, path); v != newer {
		t.Fatalf("refused file was changed to version %q", v)
	}
	// The lock was released: the file can be opened again at once.
	setRawVersion(t, path, strconv.Itoa(SchemaVersion))
	db, err = Open(path, &Options{Games: testRegistry, Timeout: -1})
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
}

func TestNotStore(t *testing.T) {
	path := filepath.Join(t.TempDir(), "other.db")
	b, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	b.Update(func(tx *bolt.Tx) error { _, err := tx.CreateBucket([]byte("other")); return err })
	b.Close()
	if _, err := Open(path, &Options{Games: testRegistry}); !errors.Is(err, ErrNotStore) {
		t.Fatalf("open of another program's file: %v", err)
	}
	junk := filepath.Join(t.TempDir(), "junk.db")
	os.WriteFile(junk, []byte(strings.Repeat("not a database ", 1000)), 0o600)
	if _, err := Open(junk, &Options{Games: testRegistry}); err == nil || !strings.Contains(err.Error(), junk) {
		t.Fatalf("open of junk: %v", err)
	}
}

// TestMigrateV1 builds a schema 1 file by hand (no players index) with
// finished and active games, and opens it.
func TestMigrateV1(t *testing.T) {
	path := filepath.Join(t.TempDir(), "v1.db")
	b, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2025, 5, 6, 7, 8, 9, 0, time.UTC)
	finished := []Game{
		{ID: 1, Guild: "g", Channel: "c", Players: [2]string{"alice", "bob"}, Terms: vterms(veletas.Size7),
			Record: "size=7\n[c5]d2\nkeep\n[a1,g7]e4\n", Revision: 4, Started: now, Updated: now, Ended: now, Winner: "alice", Reason: ReasonResign},
		{ID: 2, Guild: "g", Channel: "c", Players: [2]string{"carol", "alice"}, Terms: vterms(veletas.Size7),
			Record: "size=7\n[c5]d2\n", Revision: 2, Started: now, Updated: now, Ended: now, Winner: "alice", Reason: ReasonTimeout},
		{ID: 3, Guild: "h", Channel: "c", Players: [2]string{"alice", "dave"}, Terms: vterms(veletas.Size7),
			Record: "size=7\n", Revision: 1, Started: now, Updated: now, Ended: now, Winner: "dave", Reason: ReasonResign},
	}
	active := Game{ID: 4, Guild: "g", Channel: "c", Players: [2]string{"bob", "carol"}, Terms: vterms(veletas.Size7),
		Record: "size=7 [c5]d2 keep", Revision: 2, Started: now, Updated: now}
	err = b.Update(func(tx *bolt.Tx) error {
		for _, name := range bucketsV1 {
			if _, err := tx.CreateBucket(name); err != nil {
				return err
			}
		}
		tx.Bucket(bucketMeta).Put(keyVersion, []byte("1"))
		for i := range finished {
			if err := put(boltBucket{tx.Bucket(bucketArchive)}, idKey(finished[i].ID), &finished[i]); err != nil {
				return err
			}
		}
		tx.Bucket(bucketGames).SetSequence(4)
		return put(boltBucket{tx.Bucket(bucketGames)}, pairKey("g", "c"), &active)
	})
	b.Close()
	if err != nil {
		t.Fatal(err)
	}

	db, err := Open(path, &Options{Games: testRegistry})
	if err != nil {
		t.Fatal(err)
	}
	if v := func() string {
		var v string
		db.boltFile().View(func(tx *bolt.Tx) error {
			v = string(tx.Bucket(bucketMeta).Get(keyVersion))
			if tx.Bucket(bucketGuildIndex) == nil || tx.Bucket(bucketPlayers) != nil {
				v += " without the guild index, or with the players bucket"
			}
			return nil
		})
		return v
	}(); v != strconv.Itoa(SchemaVersion) {
		t.Fatalf("after migration: version %s", v)
	}
	list, err := db.FinishedGames(t.Context(), "g", "alice", 0)
	if err != nil || len(list) != 2 || list[0].ID != 2 || list[1].ID != 1 {
		t.Fatalf("alice's games after migration: %v %+v", err, list)
	}
	if list, _ := db.FinishedGames(t.Context(), "g", "alice", 1); len(list) != 1 || list[0].ID != 2 {
		t.Fatalf("limit 1: %+v", list)
	}
	if list, _ := db.FinishedGames(t.Context(), "h", "dave", 0); len(list) != 1 || list[0].ID != 3 {
		t.Fatalf("dave's games: %+v", list)
	}
	if list, _ := db.FinishedGames(t.Context(), "g", "", 0); len(list) != 2 {
		t.Fatalf("guild g games: %+v", list)
	}
	// The active game plays on, and new games take fresh IDs.
	g, err := db.ApplyToken(t.Context(), "g", "c", "carol", 2, "[a1,g7]e4")
	if err != nil || g.Revision != 3 {
		t.Fatalf("play after migration: %v %+v", err, g)
	}
	g, err = db.Resign(t.Context(), "g", "c", "bob")
	if err != nil {
		t.Fatal(err)
	}
	if list, _ := db.FinishedGames(t.Context(), "g", "carol", 0); len(list) != 2 || list[0].ID != 4 {
		t.Fatalf("carol's games: %+v", list)
	}
	g2 := startGame(t, db, "g", "c", veletas.Size7)
	if g2.ID != 5 {
		t.Fatalf("new game ID %d", g2.ID)
	}
	if err := db.Check(); err != nil {
		t.Fatal(err)
	}
	db.Close()
	if v := rawVersion(t, path); v != strconv.Itoa(SchemaVersion) {
		t.Fatalf("version on disk %q", v)
	}
}

// TestCorruptValue damages one game in several ways; the others keep
// loading and playing.
func TestCorruptValue(t *testing.T) {
	db := openTest(t, nil)
	for _, ch := range []string{"c1", "c2", "c3"} {
		startGame(t, db, "g", ch, veletas.Size7)
	}
	damage := func(v []byte) {
		t.Helper()
		if err := db.boltFile().Update(func(tx *bolt.Tx) error {
			return tx.Bucket(bucketGames).Put(pairKey("g", "c2"), v)
		}); err != nil {
			t.Fatal(err)
		}
	}
	good, _ := db.ActiveGame(t.Context(), "g", "c2")
	flipped, _ := encode(&good)
	flipped[len(flipped)/2] ^= 0x20
	bad := good
	bad.Record = "size=7 [c5]d2 keep [c5,g7]e4" // a shooter on a shooter
	badRecord, _ := encode(&bad)
	for _, v := range [][]byte{[]byte("garbage that is not a game"), {}, flipped, badRecord} {
		damage(v)
		_, err := db.ActiveGame(t.Context(), "g", "c2")
		if !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), "c2") {
			t.Fatalf("damaged game: %v", err)
		}
		if _, err := db.ApplyToken(t.Context(), "g", "c2", "alice", -1, "[c5]d2"); !errors.Is(err, ErrCorrupt) {
			t.Fatalf("apply to damaged game: %v", err)
		}
		all, err := db.ActiveGames(t.Context(), "g")
		if err != nil || len(all) != 2 || all[0].Channel != "c1" || all[1].Channel != "c3" {
			t.Fatalf("listing with a damaged game: %v %+v", err, all)
		}
	}
	for _, ch := range []string{"c1", "c3"} {
		if _, err := db.ApplyToken(t.Context(), "g", ch, "alice", 0, "[c5]d2"); err != nil {
			t.Fatalf("game next to a damaged one: %v", err)
		}
		if _, err := db.Resign(t.Context(), "g", ch, "bob"); err != nil {
			t.Fatal(err)
		}
	}
	// The damaged game blocks its channel until removed.
	if _, err := db.CreateChallenge(t.Context(), Challenge{Kind: Veletas, Guild: "g", Channel: "c2", Challenger: "x", Opponent: "y"}); !errors.Is(err, ErrChannelBusy) {
		t.Fatalf("challenge over a damaged game: %v", err)
	}
	if err := db.RemoveGame(t.Context(), "g", "c2"); err != nil {
		t.Fatal(err)
	}
	startGame(t, db, "g", "c2", veletas.Size7)

	// A damaged archive entry: that one fails, the listing skips it.
	fin, _ := db.FinishedGames(t.Context(), "g", "", 0)
	if len(fin) != 2 {
		t.Fatalf("finished: %+v", fin)
	}
	db.boltFile().Update(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketArchive).Put(idKey(fin[0].ID), []byte{1, 2, 3, 4, 5, 6, 7})
	})
	if _, err := db.FinishedGame(t.Context(), fin[0].ID); !errors.Is(err, ErrCorrupt) {
		t.Fatalf("damaged archive entry: %v", err)
	}
	if list, err := db.FinishedGames(t.Context(), "g", "bob", 0); err != nil || len(list) != 1 || list[0].ID != fin[1].ID {
		t.Fatalf("listing with a damaged archive entry: %v %+v", err, list)
	}
	// A damaged standing restarts from zero rather than blocking the end of games.
	db.boltFile().Update(func(tx *bolt.Tx) error {
		name, k := standingPlace(Veletas, "g", "alice")
		return tx.Bucket(name).Put(k, []byte("x"))
	})
	if _, err := db.Standing(t.Context(), Veletas, "g", "alice"); !errors.Is(err, ErrCorrupt) {
		t.Fatalf("damaged standing: %v", err)
	}
	if _, err := db.Resign(t.Context(), "g", "c2", "bob"); err != nil {
		t.Fatal(err)
	}
	if s, err := db.Standing(t.Context(), Veletas, "g", "alice"); err != nil || s.Wins != 1 {
		t.Fatalf("standing after damage: %v %+v", err, s)
	}
	if err := db.Check(); err != nil {
		t.Fatal(err)
	}
}

func TestClosed(t *testing.T) {
	db := openTest(t, nil)
	startGame(t, db, "g", "c", veletas.Size7)
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := db.ActiveGame(t.Context(), "g", "c"); !errors.Is(err, ErrClosed) {
		t.Fatalf("read after close: %v", err)
	}
	if _, err := db.ApplyToken(t.Context(), "g", "c", "alice", -1, "[c5]d2"); !errors.Is(err, ErrClosed) {
		t.Fatalf("apply after close: %v", err)
	}
	if err := db.Close(); err != nil {
		t.Fatalf("second close: %v", err)
	}
}

// TestEmptyFile: a database file of 0 bytes is refused with ErrDamaged in
// one line that says it is empty, how to restore a snapshot and how to
// start afresh, and it is left as it was; a missing file is created
// complete under a temporary name and linked into place, leaving no
// temporary file behind.
func TestEmptyFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "veletas.db")
	if err := os.WriteFile(path, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	db, err := Open(path, &Options{Games: testRegistry, NoSync: true})
	if err == nil {
		db.Close()
		t.Fatal("an empty file was opened as a new database")
	}
	msg := err.Error()
	if !errors.Is(err, ErrDamaged) || strings.Contains(msg, "\n") || !strings.Contains(msg, path) ||
		!strings.Contains(msg, "empty (0 bytes)") || !strings.Contains(msg, "snapshot") || !strings.Contains(msg, "delete the empty file") {
		t.Fatalf("empty file: %v", err)
	}
	t.Log(err)
	if fi, err := os.Stat(path); err != nil || fi.Size() != 0 {
		t.Fatalf("the refused file changed: %v %v", fi.Size(), err)
	}

	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	db, err = Open(path, &Options{Games: testRegistry, NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	startGame(t, db, "g", "c", veletas.Size7)
	db.Close()
	entries, err := os.ReadDir(dir)
	if err != nil || len(entries) != 1 || entries[0].Name() != "veletas.db" {
		t.Fatalf("the directory after creating a file: %v %v", entries, err)
	}
	if v := rawVersion(t, path); v != strconv.Itoa(SchemaVersion) {
		t.Fatalf("new file at version %s", v)
	}
}

// TestOpenErrorsOnePrefix: the errors of Open say "store: open PATH" once,
// then the cause, not the operating system's "open PATH" again; a
// directory is not taken for a damaged file.
func TestOpenErrorsOnePrefix(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing", "veletas.db")
	_, err := Open(missing, &Options{Games: testRegistry})
	if err == nil || err.Error() != "store: open "+missing+": creating it: no such file or directory" || !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("a file in a missing directory: %v", err)
	}
	_, err = Open(dir, &Options{Games: testRegistry})
	if err == nil || errors.Is(err, ErrDamaged) || !errors.Is(err, ErrInvalid) || strings.Count(err.Error(), "open ") != 1 ||
		!strings.Contains(err.Error(), "it is a directory") || !strings.Contains(err.Error(), filepath.Join(dir, "veletas.db")) {
		t.Fatalf("a directory: %v", err)
	}
	t.Log(err)
}

// TestShortFiles: a file too short or too blank to be a database (zeros,
// the start of a database) is refused with ErrDamaged in one line, like
// any damaged file (before, some sizes gave bbolt's "file size too
// small", which a restarting service would meet again and again).
func TestShortFiles(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.db")
	db, err := Open(good, &Options{Games: testRegistry, NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	b, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{1, 100, 4096, 5000, 8192, 12288} {
		for name, content := range map[string][]byte{"zeros": make([]byte, n), "start": b[:n]} {
			path := filepath.Join(dir, fmt.Sprint(name, n, ".db"))
			if err := os.WriteFile(path, content, 0o600); err != nil {
				t.Fatal(err)
			}
			_, err := Open(path, &Options{Games: testRegistry, NoSync: true, Timeout: -1})
			if !errors.Is(err, ErrDamaged) || strings.Contains(err.Error(), "\n") || !strings.Contains(err.Error(), "snapshot") {
				t.Fatalf("%s of %d bytes: %v", name, n, err)
			}
		}
	}
}
