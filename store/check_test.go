package store

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	bolt "go.etcd.io/bbolt"

	"github.com/veletasbot/veletas/game/veletas"
)

// damagedCopy copies src to a new file in dir and lets damage change the
// bytes of page id (pageSize bytes).
func damagedCopy(t *testing.T, src, dir, name string, pageSize, id int, damage func(page []byte)) string {
	t.Helper()
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	damage(b[id*pageSize : (id+1)*pageSize])
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestDamagedPage damages the pages of a file in several ways (the page
// header, a branch's child page number, random bytes) and opens it each
// time: Open fails with ErrDamaged in one line that says how to restore a
// snapshot, and never panics or faults (a fault would end this test
// binary). A page that no transaction reaches (a free page) may be
// damaged without harm.
func TestDamagedPage(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "good.db")
	db, err := Open(src, &Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	archiveGames(t, db, "g", "c", 2000)
	startGame(t, db, "g", "active", veletas.Size7)
	db.Close()

	// The pages and their types.
	b, err := bolt.Open(src, 0o600, &bolt.Options{ReadOnly: true, PreLoadFreelist: true})
	if err != nil {
		t.Fatal(err)
	}
	pageSize := b.Info().PageSize
	types := map[int]string{}
	b.View(func(tx *bolt.Tx) error {
		for id := 2; id < int(tx.Size())/pageSize; id++ {
			if info, err := tx.Page(id); err == nil && info != nil {
				types[id] = info.Type
			}
		}
		return nil
	})
	b.Close()
	var branches, leaves []int
	for id, typ := range types {
		switch typ {
		case "branch":
			branches = append(branches, id)
		case "leaf":
			leaves = append(leaves, id)
		}
	}
	if len(branches) == 0 || len(leaves) < 10 {
		t.Fatalf("pages: %d branches, %d leaves", len(branches), len(leaves))
	}
	r := rand.New(rand.NewPCG(11, 12))
	type tc struct {
		name   string
		id     int
		damage func([]byte)
	}
	var cases []tc
	for _, id := range branches {
		cases = append(cases,
			tc{fmt.Sprint("branch ", id, " child beyond the file"), id, func(p []byte) {
				binary.LittleEndian.PutUint64(p[16+8:], 1<<40) // first element's page number
			}},
			tc{fmt.Sprint("branch ", id, " count"), id, func(p []byte) { binary.LittleEndian.PutUint16(p[10:], 0xffff) }})
	}
	for i := 0; i < 10; i++ {
		id := leaves[r.IntN(len(leaves))]
		cases = append(cases,
			tc{fmt.Sprint("leaf ", id, " header"), id, func(p []byte) {
				for i := range 16 {
					p[i] = 0xff
				}
			}},
			tc{fmt.Sprint("leaf ", id, " random"), id, func(p []byte) {
				for i := range p {
					p[i] = byte(r.Uint32())
				}
			}},
			tc{fmt.Sprint("leaf ", id, " element positions"), id, func(p []byte) {
				for i := 16; i+16 <= len(p) && i < 16+16*8; i += 16 {
					binary.LittleEndian.PutUint32(p[i+4:], 0x7fffffff) // pos
				}
			}})
	}
	cases = append(cases, tc{"both meta pages", 0, func(p []byte) { p[20] ^= 0xff }})
	failed := 0
	for i, c := range cases {
		path := damagedCopy(t, src, dir, fmt.Sprint("bad", i, ".db"), pageSize, c.id, c.damage)
		if c.id == 0 { // damage the second meta page too
			path = damagedCopy(t, path, dir, fmt.Sprint("bad", i, "b.db"), pageSize, 1, c.damage)
		}
		db, err := Open(path, &Options{NoSync: true, Timeout: -1})
		if err == nil {
			// Not every damage is seen without reading the values
			// (a changed value fails its checksum when read instead).
			db.Close()
			continue
		}
		failed++
		if !errors.Is(err, ErrDamaged) || strings.Contains(err.Error(), "\n") ||
			!strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "snapshot") {
			t.Fatalf("%s: open: %v", c.name, err)
		}
		if i == 0 || c.id == 0 {
			t.Logf("%s: %v", c.name, err)
		}
	}
	if failed < len(cases)*2/3 {
		t.Fatalf("only %d of %d damaged files refused", failed, len(cases))
	}
	t.Logf("%d of %d damaged files refused with ErrDamaged, none crashed", failed, len(cases))
	// The good file still opens.
	db, err = Open(src, nil)
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
}

// TestEndDamagedGame damages the stored value of a game played in a
// thread: the game blocks its channel until a manager ends it with
// EndDamagedGame, which refuses a healthy game, keeps the damaged value in
// quarantine, frees the channel and the thread, and counts nothing.
func TestEndDamagedGame(t *testing.T) {
	db := openTest(t, &Options{NoSync: true})
	startGame(t, db, "g", "ok", veletas.Size7)
	g := startGame(t, db, "g", "c", veletas.Size7)
	if _, err := db.SetGameThread("g", "c", "t"); err != nil {
		t.Fatal(err)
	}
	if err := db.EndDamagedGame("g", "t"); !errors.Is(err, ErrNotDamaged) {
		t.Fatalf("ending a healthy game: %v", err)
	}
	if _, err := db.ActiveGame("g", "t"); err != nil {
		t.Fatalf("the refused end changed the game: %v", err)
	}
	bad := []byte("not a game at all")
	if err := db.bolt.Update(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketGames).Put(pairKey("g", "c"), bad)
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := db.ActiveGame("g", "t"); !errors.Is(err, ErrCorrupt) {
		t.Fatalf("damaged game: %v", err)
	}
	if _, err := db.CreateChallenge(Challenge{Guild: "g", Channel: "c", Challenger: "x", Opponent: "y"}); !errors.Is(err, ErrChannelBusy) {
		t.Fatalf("challenge over a damaged game: %v", err)
	}
	if err := db.EndDamagedGame("g", "t"); err != nil { // through its thread
		t.Fatal(err)
	}
	for _, ch := range []string{"c", "t"} {
		if _, err := db.ActiveGame("g", ch); !errors.Is(err, ErrNoGame) {
			t.Fatalf("%s after the end: %v", ch, err)
		}
	}
	if err := db.EndDamagedGame("g", "c"); !errors.Is(err, ErrNoGame) {
		t.Fatalf("ending twice: %v", err)
	}
	if l, err := db.PlayerGames("g", "alice"); err != nil || len(l) != 1 || l[0].Channel != "ok" {
		t.Fatalf("alice's games after the end: %v %+v", err, l)
	}
	if _, err := db.GameByID(g.ID); !errors.Is(err, ErrNotFound) {
		t.Fatalf("the ended game by ID: %v", err)
	}
	db.bolt.View(func(tx *bolt.Tx) error {
		q := tx.Bucket(bucketQuarantine)
		n := 0
		q.ForEach(func(k, v []byte) error {
			n++
			if string(v) != string(bad) {
				t.Errorf("quarantined %q", v)
			}
			return nil
		})
		if n != 1 {
			t.Errorf("%d values in quarantine", n)
		}
		if tx.Bucket(bucketThreads).Get(pairKey("g", "t")) != nil {
			t.Errorf("the thread still leads to the channel")
		}
		return nil
	})
	// The channel takes a new game; the old thread does not find it.
	g2 := startGame(t, db, "g", "c", veletas.Size7)
	if g2.ID == g.ID {
		t.Fatalf("new game reuses ID %d", g.ID)
	}
	if _, err := db.ActiveGame("g", "t"); !errors.Is(err, ErrNoGame) {
		t.Fatalf("old thread after a new game: %v", err)
	}
	if s, _ := db.Standings("g"); len(s) != 0 {
		t.Fatalf("standings after ending a damaged game: %+v", s)
	}
	if _, err := db.ActiveGame("g", "ok"); err != nil {
		t.Fatalf("the other game: %v", err)
	}
}
