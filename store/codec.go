package store

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/veletasbot/veletas/game"
)

// marshal encodes a value as JSON. A game's record is written on one line
// (tokens separated by spaces) to keep archived games small.
func marshal(v any) ([]byte, error) {
	if g, ok := v.(*Game); ok {
		if r := compactRecord(g.Record); r != g.Record {
			c := *g
			c.Record = r
			return json.Marshal(&c)
		}
		// Already compact: no copy of the game to encode.
		return json.Marshal(g)
	}
	return json.Marshal(v)
}

func unmarshal(b []byte, v any) error { return json.Unmarshal(b, v) }

// compactRecord is a record on one line, as stored.
func compactRecord(r string) string {
	return strings.TrimSpace(strings.ReplaceAll(r, "\n", " "))
}

// stateCache keeps the replayed state of active games so that a game is
// not replayed from its record on every action. An entry is used only for
// a game identical to the one it was replayed from (kind, terms, record
// as stored, turn under way), so the record stays the source of truth.
type stateCache struct {
	mu sync.Mutex
	m  map[uint64]cachedState
}

type cachedState struct {
	key   string // cacheKey of the game replayed
	state game.State
	// The state's Record and Open, kept so that a hit does not rebuild
	// the record (which Record does turn by turn).
	record, open string
}

// cacheKey is what a cached state must match: the kind, the terms, the
// record as stored and the actions of the turn under way.
//
// It is built with one allocation: it is computed on every read and
// every write of a game.
func cacheKey(g *Game) string {
	// The term names in order, on the stack for the few terms a game has.
	var buf [8]string
	names := buf[:0]
	n := len(g.Kind) + 2 + len(g.Open)
	for k, v := range g.Terms {
		names = append(names, k)
		n += 2 + len(k) + len(v)
	}
	slices.Sort(names)
	// compactRecord, written byte by byte: TrimSpace before replacing the
	// newlines is the same, as a newline is a space both ways.
	rec := strings.TrimSpace(g.Record)
	n += len(rec)
	var b strings.Builder
	b.Grow(n)
	b.WriteString(string(g.Kind))
	for _, k := range names {
		b.WriteByte(0)
		b.WriteString(k)
		b.WriteByte('=')
		b.WriteString(g.Terms[k])
	}
	b.WriteByte(1)
	for i := 0; i < len(rec); i++ {
		if c := rec[i]; c == '\n' {
			b.WriteByte(' ')
		} else {
			b.WriteByte(c)
		}
	}
	b.WriteByte(1)
	b.WriteString(g.Open)
	return b.String()
}

const maxCached = 4096

func (c *stateCache) get(id uint64, key string) (cachedState, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.m[id]
	return e, ok && e.key == key
}

func (c *stateCache) put(g *Game) {
	if g.state == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil || len(c.m) >= maxCached {
		c.m = map[uint64]cachedState{}
	}
	// g.Record and g.Open are its state's: setState is what sets them.
	c.m[g.ID] = cachedState{cacheKey(g), g.state, g.Record, g.Open}
}

func (c *stateCache) drop(id uint64) {
	c.mu.Lock()
	delete(c.m, id)
	c.mu.Unlock()
}

// decodeGame decodes and replays a stored game, using the cache when the
// game is one it has replayed before.
func (db *DB) decodeGame(b []byte, g *Game) error {
	if err := decodeValue(b, g); err != nil {
		return err
	}
	if e, ok := db.states.get(g.ID, cacheKey(g)); ok {
		// setState, without rebuilding the record.
		g.state, g.Record, g.Open = e.state, e.record, e.open
		return nil
	}
	if err := db.load(g); err != nil {
		return err
	}
	db.states.put(g)
	return nil
}

// load replays g by the rules of its kind, writing Record and Open back in
// their canonical form. A kind Options.Games lacks or a record that does
// not replay is an ErrCorrupt.
func (db *DB) load(g *Game) error {
	r, err := db.rules(g.Kind)
	if err != nil {
		return fmt.Errorf("%w: game %d: %w", ErrCorrupt, g.ID, err)
	}
	s, err := r.Replay(g.Terms, g.Record, g.Open)
	if err != nil {
		return fmt.Errorf("%w: record does not replay: %w", ErrCorrupt, err)
	}
	g.setState(s)
	return nil
}
