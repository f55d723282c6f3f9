package store

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
)

// Evaluations
//
// A finished game may have an evaluation: the computer's judgement of the
// game after each ply, worked out once in the background (bot's
// evaluation job) and shown by the web board as a graph. The store keeps
// it game-agnostic, a list of numbers by game ID in bucketEvaluations
// (created on first use, like the tournaments: no migration), and knows
// nothing of what the numbers mean beyond their range.

// bucketEvaluations: id (8 bytes) -> Evaluation.
var bucketEvaluations = []byte("evaluations")

// MaxEvaluationPlies bounds an evaluation's values (a game's plies and its
// start).
const MaxEvaluationPlies = 4096

// ErrBadEvaluation is returned by SetEvaluation for values out of
// [-1, 1], not numbers, or too many: it stores nothing.
var ErrBadEvaluation = errors.New("evaluation values must be numbers in [-1, 1], at most MaxEvaluationPlies")

// Evaluation is a finished game's evaluation: Values[n] is the position
// after the first n plies (0: the start) judged for the first seat, from
// -1 (its loss) to 1 (its win). No values: the game could not be
// evaluated (a game without a computer player), kept so that it is not
// tried again.
type Evaluation struct {
	Game   uint64    `json:"game"`
	Values []float64 `json:"values,omitempty"`
}

// Evaluation returns game id's evaluation; ErrNotFound when it has none
// (yet).
func (db *DB) Evaluation(ctx context.Context, id uint64) (Evaluation, error) {
	var e Evaluation
	err := db.view(ctx, func(tx txn) error {
		v, err := tx.Bucket(bucketEvaluations).Get(idKey(id))
		if err != nil {
			return err
		}
		if v == nil {
			return fmt.Errorf("store: evaluation of game %d: %w", id, ErrNotFound)
		}
		if err := decode(v, &e); err != nil {
			return fmt.Errorf("store: evaluation of game %d: %w", id, err)
		}
		return nil
	})
	if err != nil {
		return Evaluation{}, err
	}
	return e, nil
}

// SetEvaluation stores the evaluation of a finished game, replacing any:
// ErrNotFound when no finished game has ID e.Game, ErrBadEvaluation for
// bad values.
func (db *DB) SetEvaluation(ctx context.Context, e Evaluation) error {
	if len(e.Values) > MaxEvaluationPlies {
		return fmt.Errorf("store: evaluation of game %d: %w: %d values", e.Game, ErrBadEvaluation, len(e.Values))
	}
	for i, v := range e.Values {
		if math.IsNaN(v) || v < -1 || v > 1 {
			return fmt.Errorf("store: evaluation of game %d: %w: value %d is %v", e.Game, ErrBadEvaluation, i, v)
		}
	}
	return db.update(ctx, func(tx txn) error {
		g, err := tx.Bucket(bucketArchive).Get(idKey(e.Game))
		if err != nil {
			return err
		}
		if g == nil {
			return refuse(fmt.Errorf("store: evaluation of game %d: no finished game: %w", e.Game, ErrNotFound))
		}
		return put(tx.Bucket(bucketEvaluations), idKey(e.Game), &e)
	})
}

// Unevaluated returns the IDs of up to limit finished games with an ID
// above after and no evaluation, in ID order. It reads the archive's keys
// from after on and stops at the limit, so that a caller walks the
// archive in steps, passing the last ID it got.
func (db *DB) Unevaluated(ctx context.Context, after uint64, limit int) ([]uint64, error) {
	if limit <= 0 {
		limit = 1
	}
	var out []uint64
	err := db.view(ctx, func(tx txn) error {
		out = nil // a run again (etcd) starts afresh
		evals := tx.Bucket(bucketEvaluations)
		c := tx.Cursor(bucketArchive)
		for k, _ := c.Seek(idKey(after + 1)); k != nil && len(out) < limit; k, _ = c.Next() {
			if len(k) != 8 {
				continue
			}
			id := binary.BigEndian.Uint64(k)
			if id <= after {
				continue
			}
			v, err := evals.Get(k)
			if err != nil {
				return err
			}
			if v == nil {
				out = append(out, id)
			}
		}
		return c.Err()
	})
	return out, err
}
