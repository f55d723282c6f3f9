package bot

import (
	"sync"
	"time"
)

// Leadership among replicas
//
// Several bot processes (replicas) may share one store (the etcd
// backend), each answering the interactions that reach it. The work that
// nobody asked for must still happen once across them: the time-limit
// sweep (reminders and time-up notices) and the rescans that find games
// left with the computer to act (after a restart, or by a replica that
// died while thinking). Only the replica that leads does that work; the
// cmd elects it with the store's engine (an etcd election) and gives the
// Bot a Leader. Without one (the bbolt store: one process), the bot
// always leads.
//
// What a replica does because a user acted on it stays with it: the
// reply, and the computer's answer to that action (queued at once, as
// with one process). Two replicas acting on the same game at once is
// harmless for the computer's moves: every change is applied at the
// revision it was computed from, so one applies and the other is refused
// as stale and posts nothing (TestLeaderOverlapAI). A notice is recorded
// once whoever records it (TestLeaderOverlapSweep), but two sweeps at once
// would both post it: a sweep is cut short as soon as the replica stops
// leading (it asks before each post), so only a post in flight at the
// handover may go out twice.

// Leader tells whether this replica leads the replicas that share the
// store. Leading must be cheap (the sweeper asks before every post) and
// safe for concurrent use.
type Leader interface {
	Leading() bool
}

// leadership is the Bot's Leader and the wake-ups it sends to the sweeper
// and the AI's rescanner when this replica starts leading. The zero value
// leads.
type leadership struct {
	mu     sync.Mutex
	leader Leader
	sweep  chan struct{} // one pending wake-up each
	scan   chan struct{}
}

func (l *leadership) wakeups() (sweep, scan chan struct{}) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.sweep == nil {
		l.sweep, l.scan = make(chan struct{}, 1), make(chan struct{}, 1)
	}
	return l.sweep, l.scan
}

// SetLeader makes the bot's unrequested work (sweeps, the AI's rescans)
// happen only while l leads; nil: always. Set it before StartSweeper and
// StartAI.
func (b *Bot) SetLeader(l Leader) {
	b.lead.mu.Lock()
	b.lead.leader = l
	b.lead.mu.Unlock()
}

// Leading reports whether this replica does the unrequested work now.
func (b *Bot) Leading() bool {
	b.lead.mu.Lock()
	l := b.lead.leader
	b.lead.mu.Unlock()
	return l == nil || l.Leading()
}

// Elected tells the bot that this replica has just become the leader: the
// sweeper sweeps and the AI rescans the games at once, instead of at their
// next tick, so that the work of a replica that died is taken over within
// the election's lease plus a sweep.
func (b *Bot) Elected() {
	sweep, scan := b.lead.wakeups()
	for _, ch := range []chan struct{}{sweep, scan} {
		select {
		case ch <- struct{}{}:
		default: // a wake-up is pending already
		}
	}
}

// sweepWake and scanWake receive Elected's wake-ups.
func (b *Bot) sweepWake() <-chan struct{} { s, _ := b.lead.wakeups(); return s }
func (b *Bot) scanWake() <-chan struct{}  { _, s := b.lead.wakeups(); return s }

// DefaultRescanGrace is the AIConfig.RescanGrace cmd/veletasbot uses with
// several replicas: a game whose last action is younger is left to the
// replica that took it (it is thinking), unless that replica died.
const DefaultRescanGrace = 5 * time.Second
