package store

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/veletasbot/veletas/game/veletas"
)

// TestEvaluations stores the evaluations of finished games, reads them
// back as stored, refuses bad values and active games, and walks the
// unevaluated games in steps.
func TestEvaluations(t *testing.T) {
	bothStores(t, func(t *testing.T) {
		db := openTest(t, nil)
		ctx := t.Context()
		var ids []uint64
		for i := range 3 {
			ch := fmt.Sprintf("c%d", i)
			g := startGame(t, db, "g", ch, veletas.Size7)
			if _, err := db.Resign(ctx, "g", ch, "alice"); err != nil {
				t.Fatal(err)
			}
			ids = append(ids, g.ID)
		}
		active := startGame(t, db, "g", "live", veletas.Size7)

		if _, err := db.Evaluation(ctx, ids[0]); !errors.Is(err, ErrNotFound) {
			t.Fatalf("an evaluation before any: %v, want ErrNotFound", err)
		}
		got, err := db.Unevaluated(ctx, 0, 10)
		if err != nil || !slices.Equal(got, ids) {
			t.Fatalf("Unevaluated = %v, %v; want %v", got, err, ids)
		}
		want := Evaluation{Game: ids[1], Values: []float64{0, 0.25, -0.5, 1, -1}}
		if err := db.SetEvaluation(ctx, want); err != nil {
			t.Fatal(err)
		}
		e, err := db.Evaluation(ctx, ids[1])
		if err != nil || e.Game != want.Game || !slices.Equal(e.Values, want.Values) {
			t.Fatalf("Evaluation = %+v, %v; want %+v", e, err, want)
		}
		// No values: tried, not evaluable; still not unevaluated.
		if err := db.SetEvaluation(ctx, Evaluation{Game: ids[2]}); err != nil {
			t.Fatal(err)
		}
		if got, err := db.Unevaluated(ctx, 0, 10); err != nil || !slices.Equal(got, ids[:1]) {
			t.Fatalf("Unevaluated after two = %v, %v; want %v", got, err, ids[:1])
		}
		// In steps: after the first, none is left.
		if got, err := db.Unevaluated(ctx, ids[0], 1); err != nil || len(got) != 0 {
			t.Fatalf("Unevaluated after %d = %v, %v; want none", ids[0], got, err)
		}
		if got, err := db.Unevaluated(ctx, 0, 1); err != nil || !slices.Equal(got, ids[:1]) {
			t.Fatalf("Unevaluated limit 1 = %v, %v", got, err)
		}
		for _, bad := range []Evaluation{
			{Game: ids[0], Values: []float64{0, 1.5}},
			{Game: ids[0], Values: []float64{math.NaN()}},
			{Game: ids[0], Values: make([]float64, MaxEvaluationPlies+1)},
		} {
			if err := db.SetEvaluation(ctx, bad); !errors.Is(err, ErrBadEvaluation) {
				t.Errorf("SetEvaluation(%d values) = %v, want ErrBadEvaluation", len(bad.Values), err)
			}
		}
		if err := db.SetEvaluation(ctx, Evaluation{Game: active.ID, Values: []float64{0}}); !errors.Is(err, ErrNotFound) {
			t.Errorf("SetEvaluation of an active game = %v, want ErrNotFound", err)
		}
		if _, err := db.Evaluation(ctx, ids[0]); !errors.Is(err, ErrNotFound) {
			t.Errorf("a refused evaluation was stored: %v", err)
		}
	})
}
