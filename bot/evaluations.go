package bot

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"time"

	"github.com/veletasbot/veletas/store"
)

// The evaluation graph
//
// The web board shows a finished game with the computer's judgement of it
// after every ply, as a graph. It is worked out once per game, in the
// background, by one goroutine of the replica that leads (RunEvaluations):
// it walks the finished games that have no evaluation yet, one at a time,
// has the game's module judge it (Evaluator: its computer player's
// evaluation, within a bounded effort), stores the values
// (store.DB.SetEvaluation) and tells the Watcher, whose pages then show
// the graph. A game whose module has no Evaluator, or whose evaluation
// fails, is stored with no values, so that it is not tried again.

// Evaluator is a module whose computer player can judge its games, for the
// graph of a finished game.
type Evaluator interface {
	// Evaluate returns g's positions judged for g's first seat, from -1
	// (its loss) to 1 (its win): the start and the position after each
	// ply the web board lists (len = plies + 1). Its effort is bounded
	// (seconds for a long game); it stops with ctx's error when ctx is
	// done.
	Evaluate(ctx context.Context, g store.Game) ([]float64, error)
}

// EvalStore is what the evaluation job needs of the store (*store.DB).
type EvalStore interface {
	Unevaluated(ctx context.Context, after uint64, limit int) ([]uint64, error)
	FinishedGame(ctx context.Context, id uint64) (store.Game, error)
	SetEvaluation(ctx context.Context, e store.Evaluation) error
}

var _ EvalStore = (*store.DB)(nil)

// ErrEvaluationFailed wraps a module's failed evaluation (an error or a
// panic, with its stack in the log); the game is stored with no values.
var ErrEvaluationFailed = errors.New("bot: the evaluation of a game failed")

// EvaluateNext evaluates the first finished game with an ID above after
// that has no evaluation, and returns its ID; 0 when there is none. An
// error of the store or ctx stores nothing; a module's failure is stored
// as no values and returned wrapping ErrEvaluationFailed with the ID.
func (b *Bot) EvaluateNext(ctx context.Context, st EvalStore, after uint64) (uint64, error) {
	ids, err := st.Unevaluated(ctx, after, 1)
	if err != nil || len(ids) == 0 {
		return 0, err
	}
	id := ids[0]
	g, err := st.FinishedGame(ctx, id)
	if err != nil {
		return 0, err
	}
	values, failure := b.evaluate(ctx, g)
	if ctx.Err() != nil {
		return 0, ctx.Err()
	}
	if failure != nil {
		values = nil
	}
	if err := st.SetEvaluation(ctx, store.Evaluation{Game: id, Values: values}); err != nil {
		return 0, err
	}
	if len(values) > 0 && b.cfg.Watcher != nil {
		b.cfg.Watcher.GameChanged(id)
	}
	if failure != nil {
		return id, fmt.Errorf("%w: game %d: %w", ErrEvaluationFailed, id, failure)
	}
	return id, nil
}

// evaluate has g's module judge g: nil values without an Evaluator, an
// error when it fails, panics or gives values out of range.
func (b *Bot) evaluate(ctx context.Context, g store.Game) (values []float64, err error) {
	m := b.registry.byKind[g.Kind]
	if m == nil {
		return nil, nil
	}
	ev, ok := m.Module.(Evaluator)
	if !ok {
		return nil, nil
	}
	defer func() {
		if r := recover(); r != nil {
			b.Logger.Error("bot: an evaluation panicked", "game", g.ID, "kind", string(g.Kind), "panic", r, "stack", string(debug.Stack()))
			values, err = nil, fmt.Errorf("panic: %v", r)
		}
	}()
	values, err = ev.Evaluate(ctx, g)
	if err != nil {
		return nil, err
	}
	for i, v := range values {
		if !(v >= -1 && v <= 1) {
			return nil, fmt.Errorf("value %d is %v, out of [-1, 1]", i, v)
		}
	}
	return values, nil
}

// RunEvaluations evaluates the finished games that have none, one at a
// time, at once and then every interval while this replica leads, until
// ctx is done; it returns then. Each round walks the archive from its
// start (a game finishes whatever its ID), a page of IDs at a time.
func (b *Bot) RunEvaluations(ctx context.Context, st EvalStore, every time.Duration) {
	if every <= 0 {
		every = 5 * time.Minute
	}
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		b.evaluateAll(ctx, st)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// StartEvaluations runs RunEvaluations on st in one goroutine, until
// StopEvaluations; a second call does nothing.
func (b *Bot) StartEvaluations(st EvalStore, every time.Duration) {
	b.evals.start(func(ctx context.Context) { b.RunEvaluations(ctx, st, every) })
}

// StopEvaluations stops the evaluation goroutine (an evaluation under way
// is dropped) and waits for it to end.
func (b *Bot) StopEvaluations() { b.evals.stop() }

// evaluateAll is one round of RunEvaluations.
func (b *Bot) evaluateAll(ctx context.Context, st EvalStore) {
	var after uint64
	for ctx.Err() == nil && b.Leading() {
		id, err := b.EvaluateNext(ctx, st, after)
		if err != nil {
			if ctx.Err() != nil {
				return
			}
			if !errors.Is(err, ErrEvaluationFailed) {
				b.Logger.Warn("bot: evaluating the finished games", "err", err)
				return // the store: next round
			}
			b.Logger.Warn("bot: a game could not be evaluated", "game", id, "err", err)
		}
		if id == 0 {
			return
		}
		after = id
	}
}
