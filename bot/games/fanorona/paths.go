package fanoronamod

import (
	"strings"
	"sync"

	"github.com/veletasbot/veletas/bot"

	"github.com/veletasbot/veletas/game/fanorona"
	"github.com/veletasbot/veletas/store"
)

// pathCacheSize bounds the positions whose turns the path Completer keeps:
// one for each game being typed in at once, with room to spare.
const pathCacheSize = 64

// fanoronaPaths keeps the whole turns of the positions players are typing
// /fanorona move path: in, so that each keystroke filters a list instead
// of generating and writing every turn again (up to thousands in a
// position rich in capture sequences).
var fanoronaPaths = newPathCache(pathCacheSize)

// pathKey names a position: a game and its revision, which every action
// changes.
type pathKey struct {
	game uint64
	rev  int
}

// pathEntry is a position's turns as written, with their lower-case form
// for matching what is typed. record and open are checked on a hit, so
// that two stores' games of the same ID and revision (tests run several
// bots in one process) never share an entry.
type pathEntry struct {
	record, open string
	turns, lower []string
}

// pathCache is a small cache of positions' turns keyed by game and
// revision, evicting the oldest entry when full. It is safe for
// concurrent use.
type pathCache struct {
	mu           sync.Mutex
	max          int
	entries      map[pathKey]*pathEntry
	order        []pathKey // oldest first
	hits, misses int
}

func newPathCache(max int) *pathCache {
	return &pathCache{max: max, entries: make(map[pathKey]*pathEntry, max)}
}

// turns returns the whole turns of pos, the position of g, as written and
// in lower case, from the cache when g's game and revision are there.
func (c *pathCache) turns(g store.Game, pos fanorona.Position) (turns, lower []string) {
	k := pathKey{g.ID, g.Revision}
	c.mu.Lock()
	if e, ok := c.entries[k]; ok && e.record == g.Record && e.open == g.Open {
		c.hits++
		c.mu.Unlock()
		return e.turns, e.lower
	}
	c.misses++
	c.mu.Unlock()

	e := &pathEntry{record: g.Record, open: g.Open}
	for _, t := range pos.LegalTurns(nil) {
		s := t.String()
		e.turns = append(e.turns, s)
		e.lower = append(e.lower, strings.ToLower(s))
	}

	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.entries[k]; !ok {
		if len(c.order) == c.max {
			delete(c.entries, c.order[0])
			c.order = c.order[1:]
		}
		c.order = append(c.order, k)
	}
	c.entries[k] = e
	return e.turns, e.lower
}

// pathChoices lists the turns whose lower-case form starts with typed, at
// most MaxChoices.
func pathChoices(turns, lower []string, typed string) []bot.Choice {
	typed = strings.ToLower(strings.TrimSpace(typed))
	var out []bot.Choice
	for i, s := range lower {
		if strings.HasPrefix(s, typed) {
			out = append(out, bot.Choice{Name: turns[i], Value: turns[i]})
			if len(out) == bot.MaxChoices {
				break
			}
		}
	}
	return out
}
