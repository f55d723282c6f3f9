package bot

import (
	"sync"
)

// The computer's queue
//
// The AI's workers take games from an aiQueue, which serves the users
// fairly instead of first come, first served:
//
//   - two lanes: cheap decisions (easy and medium, at most a few tenths of
//     a second) and costly ones (hard, about a second, up to 4 s on
//     10x10). A worker takes a cheap decision first, and at most
//     Workers-1 workers decide costly ones at once, so that with two or
//     more workers one is always free for the cheap lane: an easy reply
//     never waits behind hard decisions;
//   - within a lane, the users take turns (round robin): a user with four
//     hard games waiting has one decided, then another user's, and so on;
//     a user's own games go in the order they were queued;
//   - a bound per user: at most PerUser of a user's games wait or are
//     being decided at once. A further game is refused by push and waits
//     for the runner's next rescan (within AIConfig.Rescan).
//
// The queue holds game IDs and who they belong to, nothing else; the
// runner keeps the rest.

// aiJob is a game waiting for the AI: the human player it is for and
// whether its decision is costly.
type aiJob struct {
	game   uint64
	user   string
	costly bool
}

// aiLane is one lane: the users with games waiting, in turn order, and
// each user's games in the order they came.
type aiLane struct {
	turn  []string            // users with waiting games; the head goes next
	games map[string][]uint64 // waiting games by user
}

func (l *aiLane) push(user string, game uint64) {
	if len(l.games[user]) == 0 {
		l.turn = append(l.turn, user)
	}
	l.games[user] = append(l.games[user], game)
}

// pop takes the next user's first game; the user goes to the back of the
// turn order when they have more.
func (l *aiLane) pop() (aiJob, bool) {
	if len(l.turn) == 0 {
		return aiJob{}, false
	}
	user := l.turn[0]
	l.turn = l.turn[1:]
	q := l.games[user]
	game := q[0]
	if len(q) == 1 {
		delete(l.games, user)
	} else {
		l.games[user] = q[1:]
		l.turn = append(l.turn, user)
	}
	return aiJob{game: game, user: user}, true
}

// aiQueue is the fair queue of the AI's workers. Its zero value is not
// usable: use newAIQueue.
type aiQueue struct {
	perUser   int // bound on a user's games waiting or being decided
	maxCostly int // bound on costly decisions under way

	mu      sync.Mutex
	cond    *sync.Cond
	closed  bool
	cheap   aiLane
	costly  aiLane
	running int            // costly decisions under way
	perUsr  map[string]int // games waiting or being decided, by user
	size    int            // games waiting, both lanes
	limit   int            // bound on games waiting, all users
}

// newAIQueue returns a queue for workers workers holding at most limit
// games, at most perUser of them for one user.
func newAIQueue(workers, limit, perUser int) *aiQueue {
	q := &aiQueue{perUser: max(perUser, 1), maxCostly: max(workers-1, 1), limit: max(limit, 1),
		cheap: aiLane{games: map[string][]uint64{}}, costly: aiLane{games: map[string][]uint64{}},
		perUsr: map[string]int{}}
	q.cond = sync.NewCond(&q.mu)
	return q
}

// push queues a job; false when the queue is closed or full, or the user
// has their bound already.
func (q *aiQueue) push(j aiJob) bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.closed || q.size >= q.limit || q.perUsr[j.user] >= q.perUser {
		return false
	}
	q.perUsr[j.user]++
	q.size++
	if j.costly {
		q.costly.push(j.user, j.game)
	} else {
		q.cheap.push(j.user, j.game)
	}
	q.cond.Signal()
	return true
}

// take returns the next job for a worker, waiting for one; ok is false
// once the queue is closed. The worker calls finish when it is done.
func (q *aiQueue) take() (j aiJob, ok bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	for {
		if q.closed {
			return aiJob{}, false
		}
		if j, ok := q.cheap.pop(); ok {
			q.size--
			return j, true
		}
		if q.running < q.maxCostly {
			if j, ok := q.costly.pop(); ok {
				q.size--
				q.running++
				j.costly = true
				return j, true
			}
		}
		q.cond.Wait()
	}
}

// finish ends a job that take returned.
func (q *aiQueue) finish(j aiJob) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if j.costly {
		q.running--
	}
	if q.perUsr[j.user]--; q.perUsr[j.user] <= 0 {
		delete(q.perUsr, j.user)
	}
	q.cond.Broadcast() // a costly slot or a user's bound is free again
}

// close wakes the waiting workers, whose take returns false; the jobs
// still queued are dropped (the store keeps the games, and the next start
// finds them).
func (q *aiQueue) close() {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.closed = true
	q.cond.Broadcast()
}
