package bot

import (
	"errors"
	"sync"
	"testing"

	"github.com/veletasbot/veletas/render"
)

// TestDrawersMadeOnce: a drawer is made once per set of options, shared
// by concurrent callers, and a failure is kept for those options only.
func TestDrawersMadeOnce(t *testing.T) {
	made := map[int]int{}
	var mu sync.Mutex
	bad := errors.New("no font")
	ds := Drawers[*int]{New: func(o render.Options) (*int, error) {
		mu.Lock()
		defer mu.Unlock()
		made[o.Width]++
		if o.Width == 13 {
			return nil, bad
		}
		w := o.Width
		return &w, nil
	}}
	var wg sync.WaitGroup
	got := make([]*int, 8)
	for i := range got {
		wg.Go(func() {
			d, err := ds.Get(render.Options{Width: 400})
			if err != nil {
				t.Error(err)
			}
			got[i] = d
		})
	}
	wg.Wait()
	for _, d := range got {
		if d != got[0] || *d != 400 {
			t.Fatalf("drawers %v, want one shared drawer of width 400", got)
		}
	}
	for range 2 {
		if _, err := ds.Get(render.Options{Width: 13}); !errors.Is(err, bad) {
			t.Fatalf("err %v, want %v", err, bad)
		}
	}
	if d, err := ds.Get(render.Options{Width: 800}); err != nil || *d != 800 {
		t.Fatalf("width 800: %v %v", d, err)
	}
	if made[400] != 1 || made[13] != 1 || made[800] != 1 {
		t.Fatalf("made %v, want each once", made)
	}
}
