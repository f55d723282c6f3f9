package web

import (
	"cmp"
	"context"
	"errors"
	"math"
	"net/http"
	"slices"

	"github.com/veletasbot/veletas/store"
)

// Evaluations is what the graph of a finished game needs of the store:
// its evaluation by ID (store.ErrNotFound while it has none). The
// Options.Store of a Server that shows graphs implements it too.
type Evaluations interface {
	Evaluation(ctx context.Context, id uint64) (store.Evaluation, error)
}

var _ Evaluations = (*store.DB)(nil)

// Graph is a finished game's evaluation as a page draws it (GET
// /g/TOKEN/eval): Values[n] judges the position after n plies for the
// first seat, from -1 to 1; Swings are the plies after which it swung
// most, in order of ply. No values: not evaluated (yet).
type Graph struct {
	Values []float64 `json:"values"`
	Swings []int     `json:"swings"`
}

// Swings marked: at most maxSwings, each a change of at least minSwing.
const (
	maxSwings = 3
	minSwing  = 0.2
)

// swings returns the plies n (1 ≤ n < len(values)) whose change from
// the position before, |values[n] - values[n-1]|, is largest: at most
// maxSwings of them, each at least minSwing, in order of ply.
func swings(values []float64) []int {
	type swing struct {
		ply int
		d   float64
	}
	var all []swing
	for n := 1; n < len(values); n++ {
		if d := math.Abs(values[n] - values[n-1]); d >= minSwing {
			all = append(all, swing{n, d})
		}
	}
	slices.SortStableFunc(all, func(a, b swing) int { return cmp.Compare(b.d, a.d) })
	out := []int{}
	for _, s := range all[:min(len(all), maxSwings)] {
		out = append(out, s.ply)
	}
	slices.Sort(out)
	return out
}

// graph serves a finished game's Graph; an active game's, or one without
// an evaluation yet, has no values.
func (s *Server) graph(w http.ResponseWriter, r *http.Request) {
	g, ok := s.lookup(w, r)
	if !ok {
		return
	}
	out := Graph{Values: []float64{}, Swings: []int{}}
	if ev, has := s.opts.Store.(Evaluations); has && g.Over() {
		e, err := ev.Evaluation(r.Context(), g.ID)
		switch {
		case err == nil && len(e.Values) > 1:
			out = Graph{Values: e.Values, Swings: swings(e.Values)}
		case err != nil && !errors.Is(err, store.ErrNotFound):
			s.opts.Logger.Warn("web: loading an evaluation", "game", g.ID, "err", err)
		}
	}
	writeJSON(w, out)
}
