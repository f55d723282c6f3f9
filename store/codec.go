package store

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync"

	"github.com/veletasbot/veletas/game/fanorona"
	"github.com/veletasbot/veletas/game/veletas"
)

// marshal encodes a value as JSON. A game's record is written on one line
// (tokens separated by spaces) to keep archived games small.
func marshal(v any) ([]byte, error) {
	if g, ok := v.(*Game); ok {
		c := *g
		c.Record = compactRecord(c.Record)
		return json.Marshal(&c)
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
// a record identical to the one it was replayed from, so the record stays
// the source of truth.
type stateCache struct {
	mu sync.Mutex
	m  map[uint64]cachedState
}

type cachedState struct {
	compact string // the record as stored (and a Fanorona game's open steps)
	record  string // the record in canonical form
	state   veletas.Game
	fan     fanorona.Game
	fpos    fanorona.Position
}

// cacheKey is what a cached state must match: the record as stored, and
// for a Fanorona game its kind and the steps of the turn under way.
func cacheKey(g *Game) string {
	if g.Kind == Veletas {
		return compactRecord(g.Record)
	}
	return string(g.Kind) + "\x00" + compactRecord(g.Record) + "\x00" + g.Open
}

const maxCached = 4096

func (c *stateCache) get(id uint64, compact string) (cachedState, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.m[id]
	return e, ok && e.compact == compact
}

func (c *stateCache) put(g *Game) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil || len(c.m) >= maxCached {
		c.m = map[uint64]cachedState{}
	}
	c.m[g.ID] = cachedState{cacheKey(g), g.Record, g.state, g.fan, g.fpos}
}

func (c *stateCache) drop(id uint64) {
	c.mu.Lock()
	delete(c.m, id)
	c.mu.Unlock()
}

// decodeGame decodes and replays a stored game, using the cache when the
// record is one it has replayed before.
func (c *stateCache) decodeGame(b []byte, g *Game) error {
	if err := decodeValue(b, g); err != nil {
		return err
	}
	if e, ok := c.get(g.ID, cacheKey(g)); ok && (g.Kind != Veletas || e.state.Size() == g.Size) {
		g.state, g.fan, g.fpos, g.replay, g.Record = e.state, e.fan, e.fpos, true, e.record
		return nil
	}
	if err := g.load(); err != nil {
		return fmt.Errorf("%w: record does not replay: %v", ErrCorrupt, err)
	}
	c.put(g)
	return nil
}

// load replays Record, by the rules of the game's kind (kinds.go), and
// writes it back in its canonical form.
func (g *Game) load() error {
	r, err := rulesOf(g)
	if err != nil {
		return err
	}
	return r.replay(g)
}

func (g *Game) setState(st veletas.Game) {
	g.state, g.replay = st, true
	g.Record = st.String()
}

// loadFanorona replays a Fanorona record and the steps of the turn under
// way (Open), which must leave a capture sequence open.
func (g *Game) loadFanorona() error {
	fg, err := fanorona.ParseRecordString(g.Record)
	if err != nil {
		return err
	}
	pos := fg.Position()
	if g.Open != "" {
		t, err := fanorona.ParseTurn(g.Open)
		if err != nil {
			return fmt.Errorf("turn under way: %w", err)
		}
		for _, s := range t.Steps() {
			if pos, err = pos.Step(s); err != nil {
				return fmt.Errorf("turn under way %s: %w", g.Open, err)
			}
		}
		if pos.State() != fanorona.StateSequence {
			return fmt.Errorf("turn under way %s: the turn is over", g.Open)
		}
	}
	g.setFanorona(fg, pos, g.Open)
	return nil
}

func (g *Game) setFanorona(fg fanorona.Game, pos fanorona.Position, open string) {
	g.fan, g.fpos, g.Open, g.replay = fg, pos, open, true
	g.Record = fg.String()
}
