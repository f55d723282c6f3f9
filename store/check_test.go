package store

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
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
	db, err := Open(src, &Options{Games: testRegistry, NoSync: true})
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
		db, err := Open(path, &Options{Games: testRegistry, NoSync: true, Timeout: -1})
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
	db, err = Open(src, &Options{Games: testRegistry})
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
	if _, err := db.SetGameThread(t.Context(), "g", "c", "t"); err != nil {
		t.Fatal(err)
	}
	if err := db.EndDamagedGame(t.Context(), "g", "t"); !errors.Is(err, ErrNotDamaged) {
		t.Fatalf("ending a healthy game: %v", err)
	}
	if _, err := db.ActiveGame(t.Context(), "g", "t"); err != nil {
		t.Fatalf("the refused end changed the game: %v", err)
	}
	bad := []byte("not a game at all")
	if err := db.boltFile().Update(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketGames).Put(pairKey("g", "c"), bad)
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := db.ActiveGame(t.Context(), "g", "t"); !errors.Is(err, ErrCorrupt) {
		t.Fatalf("damaged game: %v", err)
	}
	if _, err := db.CreateChallenge(t.Context(), Challenge{Kind: Veletas, Guild: "g", Channel: "c", Challenger: "x", Opponent: "y"}); !errors.Is(err, ErrChannelBusy) {
		t.Fatalf("challenge over a damaged game: %v", err)
	}
	if err := db.EndDamagedGame(t.Context(), "g", "t"); err != nil { // through its thread
		t.Fatal(err)
	}
	for _, ch := range []string{"c", "t"} {
		if _, err := db.ActiveGame(t.Context(), "g", ch); !errors.Is(err, ErrNoGame) {
			t.Fatalf("%s after the end: %v", ch, err)
		}
	}
	if err := db.EndDamagedGame(t.Context(), "g", "c"); !errors.Is(err, ErrNoGame) {
		t.Fatalf("ending twice: %v", err)
	}
	if l, err := db.PlayerGames(t.Context(), "g", "alice"); err != nil || len(l) != 1 || l[0].Channel != "ok" {
		t.Fatalf("alice's games after the end: %v %+v", err, l)
	}
	if _, err := db.GameByID(t.Context(), g.ID); !errors.Is(err, ErrNotFound) {
		t.Fatalf("the ended game by ID: %v", err)
	}
	db.boltFile().View(func(tx *bolt.Tx) error {
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
	if _, err := db.ActiveGame(t.Context(), "g", "t"); !errors.Is(err, ErrNoGame) {
		t.Fatalf("old thread after a new game: %v", err)
	}
	if s, _ := db.Standings(t.Context(), Veletas, "g"); len(s) != 0 {
		t.Fatalf("standings after ending a damaged game: %+v", s)
	}
	if _, err := db.ActiveGame(t.Context(), "g", "ok"); err != nil {
		t.Fatalf("the other game: %v", err)
	}
}

// liveMeta returns the meta page a file is opened with.
func liveMeta(t *testing.T, path string) boltMeta {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		t.Fatal(err)
	}
	m, ok := (&pageChecker{f: f, size: fi.Size()}).meta()
	if !ok {
		t.Fatalf("%s: no valid meta page", path)
	}
	return m
}

// pageTypes returns the type of every page below the high water mark
// ("branch", "leaf", "freelist", "free") of the file at path.
func pageTypes(t *testing.T, path string) map[int]string {
	t.Helper()
	b, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true, PreLoadFreelist: true})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	types := map[int]string{}
	b.View(func(tx *bolt.Tx) error {
		for id := 2; id < int(tx.Size())/b.Info().PageSize; id++ {
			if info, err := tx.Page(id); err == nil && info != nil {
				types[id] = info.Type
			}
		}
		return nil
	})
	return types
}

// bucketRoots returns the buckets of the root bucket that have pages of
// their own, with the offset in the file of their root page's number.
func bucketRoots(t *testing.T, path string) map[string]int64 {
	t.Helper()
	m := liveMeta(t, path)
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	base := int64(m.root) * int64(m.pageSize)
	p := b[base:]
	le := binary.LittleEndian
	if le.Uint16(p[8:]) != pageLeafFlag {
		t.Fatalf("the root bucket's page %d is not a leaf", m.root)
	}
	roots := map[string]int64{}
	for i := range int(le.Uint16(p[10:])) {
		e := pageHeaderSize + i*pageElementSize
		pos, ksize := int(le.Uint32(p[e+4:])), int(le.Uint32(p[e+8:]))
		key := string(p[e+pos : e+pos+ksize])
		if le.Uint32(p[e:])&bucketLeafFlag != 0 && le.Uint64(p[e+pos+ksize:]) != 0 {
			roots[key] = base + int64(e+pos+ksize)
		}
	}
	return roots
}

// TestDamagedStructure damages the structure of a file in the ways that
// pass a walk of its keys but make bbolt's own check fail when it
// rebuilds the free list at open, in a goroutine of its own, where a
// panic or a fault ends the process (and a panic seen by Open leaves the
// file locked): a leaf page whose overflow count covers the next page in
// use or runs past the end, a branch that points past the high water
// mark or to a page its sibling uses already, a bucket whose root is
// another bucket's, and a free list that lists a page in use (bbolt
// would hand it out and overwrite live data). Each file is opened 50
// times: every open fails with ErrDamaged in one line that names the file
// and says how to restore a snapshot, and the good file still opens.
func TestDamagedStructure(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "good.db")
	db, err := Open(src, &Options{Games: testRegistry, NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	archiveGames(t, db, "g", "c", 1000)
	for i := range 40 {
		if _, err := db.UpdateSettings(t.Context(), fmt.Sprint("guild", i), func(s *Settings) error { s.Locale = "fr"; return nil }); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	types := pageTypes(t, src)
	m := liveMeta(t, src)
	pageSize := int(m.pageSize)
	var branch, leafBeforeUsed int
	for id := 2; id < int(m.hwm); id++ {
		switch {
		case types[id] == "branch" && branch == 0:
			branch = id
		case types[id] == "leaf" && (types[id+1] == "leaf" || types[id+1] == "branch") && leafBeforeUsed == 0:
			leafBeforeUsed = id
		}
	}
	roots := bucketRoots(t, src)
	if branch == 0 || leafBeforeUsed == 0 || len(roots) < 2 {
		t.Fatalf("no page to damage: branch %d, leaf %d, buckets with pages %v", branch, leafBeforeUsed, roots)
	}
	le := binary.LittleEndian
	type tc struct {
		name string
		path string
	}
	var cases []tc
	damage := func(name string, from string, id int, fn func(page []byte)) {
		cases = append(cases, tc{name, damagedCopy(t, from, dir, fmt.Sprint("bad", len(cases), ".db"), pageSize, id, fn)})
	}
	damage("leaf overflow over the next page", src, leafBeforeUsed, func(p []byte) { le.PutUint32(p[12:], 1) })
	damage("leaf overflow past the end", src, leafBeforeUsed, func(p []byte) { le.PutUint32(p[12:], 0xffffffff) })
	damage("branch child at the high water mark", src, branch, func(p []byte) { le.PutUint64(p[16+8:], m.hwm) })
	damage("branch child used by its sibling", src, branch, func(p []byte) { le.PutUint64(p[16+8:], le.Uint64(p[16+16+8:])) })

	// A bucket whose root page is another bucket's.
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for n := range roots {
		names = append(names, n)
	}
	slices.Sort(names)
	copy(b[roots[names[0]]:roots[names[0]]+8], b[roots[names[1]]:roots[names[1]]+8])
	shared := filepath.Join(dir, "shared-root.db")
	if err := os.WriteFile(shared, b, 0o600); err != nil {
		t.Fatal(err)
	}
	cases = append(cases, tc{"bucket " + names[0] + " rooted in " + names[1] + "'s page", shared})

	// A free list (written by bbolt when it syncs one, as older files
	// do) that lists a page in use.
	synced := filepath.Join(dir, "synced.db")
	copyFile(t, src, synced)
	sb, err := bolt.Open(synced, 0o600, &bolt.Options{NoFreelistSync: false})
	if err != nil {
		t.Fatal(err)
	}
	if err := sb.Update(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketSettings).Delete([]byte("guild0"))
	}); err != nil {
		t.Fatal(err)
	}
	sb.Close()
	sm := liveMeta(t, synced)
	if sm.freelist == noFreelist {
		t.Fatal("bbolt wrote no free list")
	}
	live := 0
	for id, typ := range pageTypes(t, synced) {
		if typ == "leaf" {
			live = id
			break
		}
	}
	damage("free list listing a page in use", synced, int(sm.freelist), func(p []byte) {
		n := le.Uint16(p[10:])
		if n == 0 {
			le.PutUint16(p[10:], 1)
		}
		le.PutUint64(p[16:], uint64(live))
	})

	for _, c := range cases {
		for i := range 50 {
			db, err := Open(c.path, &Options{Games: testRegistry, NoSync: true, Timeout: -1})
			if err == nil {
				db.Close()
				t.Fatalf("%s: open %d succeeded", c.name, i)
			}
			if !errors.Is(err, ErrDamaged) || strings.Contains(err.Error(), "\n") ||
				!strings.Contains(err.Error(), c.path) || !strings.Contains(err.Error(), "snapshot") {
				t.Fatalf("%s: open %d: %v", c.name, i, err)
			}
			if i == 0 {
				t.Logf("%s: %v", c.name, err)
			}
		}
	}
	for _, p := range []string{src, synced} {
		db, err := Open(p, &Options{Games: testRegistry, NoSync: true})
		if err != nil {
			t.Fatalf("the good file %s: %v", p, err)
		}
		db.Close()
	}
}

// FuzzCheckFile feeds damaged versions of a small store file to the check
// of its pages and then to Open: checkPages never panics and fails only
// with ErrDamaged, and Open of a file it passes never crashes the process
// (a fault in bbolt's goroutine would end the fuzzing worker) and fails,
// if at all, with an error (ErrDamaged for damage seen by the walk). The
// inputs are whole files: fuzz with a short -fuzzminimizetime (2s), or
// the minimizing of a new input holds the worker for a minute.
func FuzzCheckFile(f *testing.F) {
	dir := f.TempDir()
	src := filepath.Join(dir, "seed.db")
	db, err := Open(src, &Options{Games: testRegistry, NoSync: true})
	if err != nil {
		f.Fatal(err)
	}
	archiveGames(f, db, "g", "c", 30)
	startGame(f, db, "g", "active", veletas.Size7)
	db.Close()
	seed, err := os.ReadFile(src)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(seed)
	short := bytes.Clone(seed)
	binary.LittleEndian.PutUint32(short[4096*3+12:], 1) // a leaf's overflow
	f.Add(short)
	f.Fuzz(func(t *testing.T, b []byte) {
		path := filepath.Join(t.TempDir(), "f.db")
		if err := os.WriteFile(path, b, 0o600); err != nil {
			t.Fatal(err)
		}
		if err := checkPages(path); err != nil {
			if !errors.Is(err, ErrDamaged) {
				t.Fatalf("checkPages: %v", err)
			}
			return
		}
		db, err := Open(path, &Options{Games: testRegistry, NoSync: true, Timeout: -1})
		if err == nil {
			db.Close()
		}
	})
}
