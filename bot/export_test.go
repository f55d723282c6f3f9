package bot

import "context"

// What only the tests of this package use: the front ends run a reply's
// After hook themselves, and nothing outside the tests reads the AI
// queue's lengths or the path cache's counters.

// runAfter runs a reply's After hook, as the front ends do once the reply
// was sent.
// TestGames makes the games of the tests' bots: bot/games.All, set by
// games_test.go (package bot_test, which may import bot/games).
var TestGames func() []Module

func runAfter(r Reply) {
	if r.After != nil {
		r.After()
	}
}

// len returns how many jobs wait in the lane.
func (l *aiLane) len() int {
	n := 0
	for _, q := range l.games {
		n += len(q)
	}
	return n
}

// waiting returns how many jobs wait in each lane.
func (q *aiQueue) waiting() (cheap, costly int) {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.cheap.len(), q.costly.len()
}

// CommandOptions returns the options the /veletas subcommand takes,
// sorted.
func CommandOptions(command string) []string {
	return GameCommandOptions("veletas", command)
}

// SendFunc is a function that posts a message, as a Sender.
type SendFunc func(ctx context.Context, channel string, r Reply) error

// Send calls f.
func (f SendFunc) Send(ctx context.Context, channel string, r Reply) error { return f(ctx, channel, r) }
