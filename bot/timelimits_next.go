package bot

import (
	"context"
	"time"

	"github.com/veletasbot/veletas/store"
)

// NextDue returns the earliest time at which a sweep (Sweep) has a notice
// to post for a game with a time limit: the reminder of the player to
// move, when it was not sent, or else the time-up notice; ok is false
// when no game waits for one. A front end that moves its clock by a long
// step (the console's "wait 2d") sweeps at each due time on the way, so
// that a reminder is posted before the time-up notice of the same move.
// A store that does not answer within SweepPingTimeout has nothing due.
func (b *Bot) NextDue(ctx context.Context) (due time.Time, ok bool) {
	ctx, cancel := context.WithTimeout(ctx, SweepTimeout)
	defer cancel()
	if b.storeAnswers(ctx) != nil {
		return time.Time{}, false
	}
	d, has, err := b.Store.NextNoticeDue(ctx) // an index: the soonest first
	if err == nil && has {
		due, ok = d, true
	}
	if d, has := b.nextTournamentDue(ctx); has && (!ok || d.Before(due)) {
		due, ok = d, true
	}
	return due, ok
}

// nextTournamentDue is the earliest start time or round deadline of the
// open and running tournaments (tournaments.go).
func (b *Bot) nextTournamentDue(ctx context.Context) (due time.Time, ok bool) {
	ts, isT := b.Store.(TournamentStore)
	if !isT {
		return time.Time{}, false
	}
	// Everything pending, as if far in the future: the times are read
	// from the tournaments.
	all, err := ts.DueTournaments(ctx, b.Now().Add(100*365*24*time.Hour))
	if err != nil {
		return time.Time{}, false
	}
	for _, d := range all {
		t := d.Tournament
		var at time.Time
		switch dl, has := t.RoundDeadline(); {
		case d.Action == store.DueStart && !t.StartAt.IsZero():
			at = t.StartAt
		case d.Action == store.DueAdjudicate && has:
			at = dl
		default:
			continue
		}
		if !ok || at.Before(due) {
			due, ok = at, true
		}
	}
	return due, ok
}
