package bot

import (
	"context"

	"github.com/veletasbot/veletas/game"
	"github.com/veletasbot/veletas/store"
)

// watchedStore is the Store that tells Config.Watcher of each change of
// a game it commits: the one place where the core's changes of games
// pass, whichever handler (a move, the computer, a resignation, a time
// limit, a takeback) made them.
type watchedStore struct {
	Store
	w GameWatcher
}

var _ Store = watchedStore{}

func (s watchedStore) tell(g store.Game, err error) (store.Game, error) {
	if err == nil && g.ID != 0 {
		s.w.GameChanged(g.ID)
	}
	return g, err
}

// AcceptChallenge implements Store.
func (s watchedStore) AcceptChallenge(ctx context.Context, id uint64, user string) (store.Game, error) {
	return s.tell(s.Store.AcceptChallenge(ctx, id, user))
}

// Act implements Store.
func (s watchedStore) Act(ctx context.Context, guild, channel, user string, rev int, kind game.Kind, fn func(game.State) (game.State, error)) (store.Game, error) {
	return s.tell(s.Store.Act(ctx, guild, channel, user, rev, kind, fn))
}

// Resign implements Store.
func (s watchedStore) Resign(ctx context.Context, guild, channel, user string) (store.Game, error) {
	return s.tell(s.Store.Resign(ctx, guild, channel, user))
}

// ClaimTimeout implements Store.
func (s watchedStore) ClaimTimeout(ctx context.Context, guild, channel, user string) (store.Game, error) {
	return s.tell(s.Store.ClaimTimeout(ctx, guild, channel, user))
}

// RequestTakeback implements Store.
func (s watchedStore) RequestTakeback(ctx context.Context, guild, channel, user string) (store.Game, error) {
	return s.tell(s.Store.RequestTakeback(ctx, guild, channel, user))
}

// AnswerTakeback implements Store.
func (s watchedStore) AnswerTakeback(ctx context.Context, guild, channel, user string, accept bool) (store.Game, error) {
	return s.tell(s.Store.AnswerTakeback(ctx, guild, channel, user, accept))
}

// watchedAIStore is a watchedStore over a Store that is an AIStore too.
type watchedAIStore struct {
	watchedStore
	ai AIStore
}

var _ AIStore = watchedAIStore{}

// AIGamesToAct implements AIStore.
func (s watchedAIStore) AIGamesToAct(ctx context.Context, ai string) ([]store.Game, error) {
	return s.ai.AIGamesToAct(ctx, ai)
}

// StartAIGame implements AIStore.
func (s watchedAIStore) StartAIGame(ctx context.Context, guild, channel, human, ai, level string, kind game.Kind, terms game.Terms, aiFirst bool) (store.Game, error) {
	return s.tell(s.ai.StartAIGame(ctx, guild, channel, human, ai, level, kind, terms, aiFirst))
}

// watched wraps st so that w is told of its changes of games.
func watched(st Store, w GameWatcher) Store {
	ws := watchedStore{Store: st, w: w}
	if ai, ok := st.(AIStore); ok {
		return watchedAIStore{watchedStore: ws, ai: ai}
	}
	return ws
}
