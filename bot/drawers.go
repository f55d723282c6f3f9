package bot

import (
	"sync"

	"github.com/veletasbot/veletas/render"
)

// Drawers keeps a module's drawers by the render options the bot gives
// (Config.Render and Replay, in a theme), each made once by New: a process
// has a few, which every Bot on the same options shares, since drawers are
// immutable. The zero value with New set is ready to use.
type Drawers[T any] struct {
	// New makes the drawer of one set of options.
	New func(render.Options) (T, error)

	mu sync.Mutex
	by map[render.Options]*drawerOnce[T]
}

type drawerOnce[T any] struct {
	once sync.Once
	d    T
	err  error
}

// Get returns the drawer of o, made at the first call for o; a failure is
// kept and returned to every later call for o.
func (ds *Drawers[T]) Get(o render.Options) (T, error) {
	ds.mu.Lock()
	d, ok := ds.by[o]
	if !ok {
		if ds.by == nil {
			ds.by = map[render.Options]*drawerOnce[T]{}
		}
		d = &drawerOnce[T]{}
		ds.by[o] = d
	}
	ds.mu.Unlock()
	d.once.Do(func() { d.d, d.err = ds.New(o) })
	return d.d, d.err
}
