package bot

import "time"

// Observer receives the core's measures (Config.Observer). Labels carry
// no user, channel or game IDs.
type Observer interface {
	// AIDecision: the computer acted in a game of kind at level, after
	// thinking for think, the game having waited queued in its queue.
	AIDecision(kind, level string, think, queued time.Duration)
	// ImageRendered: a board image was drawn and encoded in took.
	ImageRendered(took time.Duration)
}

// GameWatcher is told of each stored change of a game: an action, its
// end (Config.Watcher). The web board's server implements it.
type GameWatcher interface {
	GameChanged(id uint64)
}
