package fanoronamod

import (
	"slices"
	"testing"

	"github.com/veletasbot/veletas/game/fanorona"
	"github.com/veletasbot/veletas/store"
)

// pathGame is a Fanorona game of the given ID and revision whose record is
// rec.
func pathGame(id uint64, rev int, rec string) store.Game {
	return store.Game{ID: id, Revision: rev, Kind: kindFanorona, Record: rec}
}

func cachedTurns(t *testing.T, c *pathCache, g store.Game) []string {
	t.Helper()
	turns, _ := c.turns(g, fmatch(g).Position())
	return turns
}

// TestPathCacheRevision: the path Completer's cache answers a second
// keystroke in the same position from the cache, and a new revision (a
// turn played) misses it and lists the new position's turns.
func TestPathCacheRevision(t *testing.T) {
	c := newPathCache(2)
	g1 := pathGame(7, 3, "")
	first := cachedTurns(t, c, g1)
	again := cachedTurns(t, c, g1)
	if h, m := c.stats(); h != 1 || m != 1 || !slices.Equal(first, again) {
		t.Fatalf("same revision: %d hits, %d misses (want 1, 1), turns %v then %v", h, m, first, again)
	}
	g2 := pathGame(7, 4, "d2-e3A\n")
	next := cachedTurns(t, c, g2)
	var want []string
	for _, tu := range fmatch(g2).Position().LegalTurns(nil) {
		want = append(want, tu.String())
	}
	if h, m := c.stats(); h != 1 || m != 2 || !slices.Equal(next, want) || slices.Equal(next, first) {
		t.Fatalf("new revision: %d hits, %d misses (want 1, 2), turns %v, want %v", h, m, next, want)
	}
	// Another store's game with the same ID and revision is not served
	// the first one's turns.
	other := pathGame(7, 4, "variant=vela\n")
	if got := cachedTurns(t, c, other); slices.Equal(got, next) && len(got) > 0 || c.misses != 3 {
		t.Errorf("same ID and revision, another record: %v (misses %d)", got, c.misses)
	}
	// Bounded: a third position evicts the oldest.
	cachedTurns(t, c, pathGame(8, 1, ""))
	cachedTurns(t, c, pathGame(9, 1, ""))
	if len(c.entries) != 2 || len(c.order) != 2 {
		t.Errorf("%d entries, %d in order; want at most 2", len(c.entries), len(c.order))
	}
	if _, ok := c.entries[pathKey{7, 4}]; ok {
		t.Errorf("the oldest entry is still there")
	}
}

// manyTurns is a Fanorona position with 1476 whole turns (White's capture
// sequences branch at nearly every black piece).
const manyTurns = "2b1b1b1b/1b2b3b/bb1w1b1bb/2b2bbbb/1b1bb1b2 w 0"

// BenchmarkCompletePath measures one keystroke of /fanorona move path: in
// a position of 1476 turns: uncached (every turn generated and written, as
// before the cache) and cached (the same game and revision).
func BenchmarkCompletePath(b *testing.B) {
	pos, err := fanorona.ParsePosition(manyTurns, fanorona.Fanorona)
	if err != nil {
		b.Fatal(err)
	}
	g := pathGame(1, 1, "")
	b.Run("uncached", func(b *testing.B) {
		for b.Loop() {
			c := newPathCache(1)
			turns, lower := c.turns(g, pos)
			if len(pathChoices(turns, lower, "d3-")) == 0 {
				b.Fatal("no choices")
			}
		}
	})
	b.Run("cached", func(b *testing.B) {
		c := newPathCache(pathCacheSize)
		c.turns(g, pos)
		for b.Loop() {
			turns, lower := c.turns(g, pos)
			if len(pathChoices(turns, lower, "d3-")) == 0 {
				b.Fatal("no choices")
			}
		}
	})
}

// stats returns the hits and misses so far.
func (c *pathCache) stats() (hits, misses int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.hits, c.misses
}
