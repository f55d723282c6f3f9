package store

import (
	"context"
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"maps"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"math/rand/v2"
)

// pageWrites counts the pages each commit of a bbolt file writes, by
// bucket, read from the file after each commit (Options.batchHook): bbolt
// copies on write, so the pages of a bucket's tree that were not in use
// before a commit (below the file's end, not free, not the free list) are
// the ones it wrote; a page in use before cannot have been written (bbolt
// reuses only free pages), and a subtree under a page in use before is
// unchanged. The changes of inline buckets (held in the root bucket's
// leaf) are counted under "(root)" and named in "inline:NAME". Each commit
// also writes a meta page and the free list.
type pageWrites struct {
	t    testing.TB
	path string

	mu       sync.Mutex
	f        *os.File
	pageSize int
	hwm      uint64            // of the last commit seen
	free     map[uint64]bool   // free (and pending) pages after it
	freelist [2]uint64         // its free list's page and overflow
	inline   map[string]uint64 // hash of each inline bucket's value
	counts   map[string]int    // pages written by bucket since the last take
	commits  int
}

// newPageWrites reads the state of the file at path; hook is to be set as
// Options.batchHook of the DB that writes it.
func newPageWrites(t testing.TB, path string) *pageWrites {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	w := &pageWrites{t: t, path: path, f: f, counts: map[string]int{}}
	w.read(false)
	return w
}

// hook is the Options.batchHook that counts each commit's pages.
func (w *pageWrites) hook(_ int, err error) {
	if err != nil {
		return
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	w.read(true)
	w.commits++
}

// take returns the pages counted since the last take, by bucket, and the
// number of commits.
func (w *pageWrites) take() (map[string]int, int) {
	w.mu.Lock()
	defer w.mu.Unlock()
	c, n := w.counts, w.commits
	w.counts, w.commits = map[string]int{}, 0
	return c, n
}

// read reads the newest meta, free list and the trees; with count, it
// counts the pages not in use at the previous read.
func (w *pageWrites) read(count bool) {
	buf := make([]byte, 4096)
	c := &pageChecker{f: w.f}
	if _, err := w.f.ReadAt(buf, 0); err != nil {
		w.t.Fatal(err)
	}
	m0, ok := readMeta(buf)
	if !ok {
		w.t.Fatal("meta 0")
	}
	w.pageSize = int(m0.pageSize)
	c.pageSize = w.pageSize
	m, ok := c.meta()
	if !ok {
		w.t.Fatal("no valid meta")
	}
	old := func(id uint64) bool {
		return id < w.hwm && !w.free[id] && (id < w.freelist[0] || id > w.freelist[0]+w.freelist[1])
	}
	fl := w.raw(m.freelist)
	le := binary.LittleEndian
	ids := fl[pageHeaderSize:]
	n := uint64(le.Uint16(fl[10:]))
	if n == 0xffff {
		n = le.Uint64(ids)
		ids = ids[8:]
	}
	free := make(map[uint64]bool, n)
	for i := range n {
		free[le.Uint64(ids[8*i:])] = true
	}
	if count {
		w.counts["(meta)"]++
		w.counts["(freelist)"] += 1 + int(le.Uint32(fl[12:]))
	}
	inline := map[string]uint64{}
	var walk func(id uint64, name string)
	walk = func(id uint64, name string) {
		if count && old(id) {
			return // unchanged below
		}
		p := w.raw(id)
		if count {
			w.counts[name] += 1 + int(le.Uint32(p[12:]))
		}
		flags, cnt := le.Uint16(p[8:]), int(le.Uint16(p[10:]))
		for i := range cnt {
			e := pageHeaderSize + i*pageElementSize
			if flags == pageBranchFlag {
				walk(le.Uint64(p[e+8:]), name)
				continue
			}
			if name != "(root)" || le.Uint32(p[e:])&bucketLeafFlag == 0 {
				continue
			}
			pos, ksz, vsz := uint64(le.Uint32(p[e+4:])), le.Uint32(p[e+8:]), le.Uint32(p[e+12:])
			key := string(p[uint64(e)+pos : uint64(e)+pos+uint64(ksz)])
			val := p[uint64(e)+pos+uint64(ksz) : uint64(e)+pos+uint64(ksz)+uint64(vsz)]
			if root := le.Uint64(val); root != 0 {
				if count {
					walk(root, key)
				}
				continue
			}
			h := fnv.New64a()
			h.Write(val[8:]) // the sequence and the page, not the root
			inline[key] = h.Sum64()
			if prev, ok := w.inline[key]; count && (!ok || prev != inline[key]) {
				w.counts["inline:"+key]++
			}
		}
	}
	walk(m.root, "(root)")
	w.hwm, w.free, w.inline = m.hwm, free, inline
	w.freelist = [2]uint64{m.freelist, uint64(le.Uint32(fl[12:]))}
}

// raw reads page id with its overflow.
func (w *pageWrites) raw(id uint64) []byte {
	p := make([]byte, w.pageSize)
	if _, err := w.f.ReadAt(p, int64(id)*int64(w.pageSize)); err != nil {
		w.t.Fatalf("page %d: %v", id, err)
	}
	if ov := binary.LittleEndian.Uint32(p[12:]); ov > 0 {
		p = make([]byte, (int(ov)+1)*w.pageSize)
		if _, err := w.f.ReadAt(p, int64(id)*int64(w.pageSize)); err != nil {
			w.t.Fatalf("page %d: %v", id, err)
		}
	}
	return p
}

// table formats counts (totals over ops operations) per operation, the
// buckets in order.
func pageTable(counts map[string]int, ops int) string {
	var b strings.Builder
	total := 0
	for _, k := range slices.Sorted(maps.Keys(counts)) {
		if !strings.HasPrefix(k, "inline:") {
			total += counts[k]
		}
		fmt.Fprintf(&b, " %s=%.2f", k, float64(counts[k])/float64(ops))
	}
	return fmt.Sprintf("total=%.2f%s", float64(total)/float64(ops), b.String())
}

// TestScalePageWrites logs the pages a move and a challenge (created,
// accepted, resigned) write, by bucket, on the populated stores of
// BenchmarkScale (VELETAS_SCALE=1 for the big one too):
//
//	VELETAS_SCALE=1 go test ./store -run TestScalePageWrites -v
func TestScalePageWrites(t *testing.T) {
	for _, guilds := range scaleSizes() {
		path := scaleFile(t, guilds)
		w := newPageWrites(t, path)
		db, err := Open(path, &Options{Games: testRegistry, NoSync: true, Now: clockAt,
			Rate: GlickoRate(clockAt), RateDraw: GlickoRateDraw(clockAt), MaxChallengesPerUser: 1 << 20,
			batchHook: w.hook})
		if err != nil {
			t.Fatal(err)
		}
		ctx := context.Background()
		guild := snowflake(1, 0)
		kind := testRegistry.Kinds()[0]
		const moves, challenges = 200, 50
		w.take()
		chs := plainChannels(0)
		r := rand.New(rand.NewPCG(uint64(guilds), 4))
		act := map[string]int{}
		for i := range moves {
			playOne(t, db, guild, chs[i%len(chs)], r, func(on bool) {
				c, _ := w.take()
				if !on {
					for k, n := range c {
						act[k] += n
					}
				}
			})
		}
		t.Logf("%s move: %s", scaleName(guilds), pageTable(act, moves))
		steps := [3]map[string]int{{}, {}, {}}
		challenger, opponent := snowflake(3, 196), snowflake(3, 197)
		add := func(i int) {
			c, _ := w.take()
			for k, n := range c {
				steps[i][k] += n
			}
		}
		for n := range challenges {
			ch := fmt.Sprintf("8%018d", n)
			c, err := db.CreateChallenge(ctx, Challenge{Kind: kind, Guild: guild, Channel: ch, Challenger: challenger, Opponent: opponent, Rated: true, MoveTime: 24 * time.Hour})
			if err != nil {
				t.Fatal(err)
			}
			add(0)
			if _, err := db.AcceptChallenge(ctx, c.ID, opponent); err != nil {
				t.Fatal(err)
			}
			add(1)
			if _, err := db.Resign(ctx, guild, ch, challenger); err != nil {
				t.Fatal(err)
			}
			add(2)
		}
		for i, name := range []string{"create", "accept", "resign"} {
			t.Logf("%s %s: %s", scaleName(guilds), name, pageTable(steps[i], challenges))
		}
		if err := db.Close(); err != nil {
			t.Fatal(err)
		}
	}
}
