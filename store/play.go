package store

import (
	"context"
	"fmt"
	"time"

	"github.com/veletasbot/veletas/game"
)

// Act applies an action of user to the active game of a channel (or
// thread) in one transaction and returns the game after it, once the
// change is on disk. The action is fn's: given the game replayed (the
// State of the kind's Rules), it returns the game after its action, or an
// error from the game's package. rev is the revision the player saw; a
// negative rev skips the check. kind is the game the action is of. Each
// action advances the revision; a turn played a step at a time (State.Open
// not empty after it) keeps its player to act, and the time for a move
// starts again only when the turn is over. When the rules end the game
// (State.Outcome), it ends with ReasonRules, its winner the player of the
// winning seat ("" for a draw), and is archived and counted in the
// standings in the same transaction; the returned game has Winner, Reason
// and Ended set, and the channel then has no active game.
//
// Refusals: ErrNoGame, ErrNotPlayer, ErrStaleRevision, ErrOtherKind,
// ErrNotYourTurn, and ErrIllegal together with fn's error.
func (db *DB) Act(ctx context.Context, guild, channel, user string, rev int, kind game.Kind, fn func(s game.State) (game.State, error)) (Game, error) {
	return db.act(ctx, guild, channel, user, rev, &kind, fn)
}

// Play is Act for an action written in the game's notation, of whatever
// kind the game is (State.Play).
func (db *DB) Play(ctx context.Context, guild, channel, user string, rev int, action string) (Game, error) {
	return db.act(ctx, guild, channel, user, rev, nil, func(s game.State) (game.State, error) { return s.Play(action) })
}

// act is Act, checking the kind when kind is not nil.
func (db *DB) act(ctx context.Context, guild, channel, user string, rev int, kind *game.Kind, fn func(s game.State) (game.State, error)) (Game, error) {
	return db.change(ctx, guild, channel, user, func(g *Game, now time.Time) error {
		if rev >= 0 && rev != g.Revision {
			return fmt.Errorf("store: game %d: %w (revision %d, now %d)", g.ID, ErrStaleRevision, rev, g.Revision)
		}
		if kind != nil && g.Kind != *kind {
			return fmt.Errorf("store: game %d: %w", g.ID, ErrOtherKind)
		}
		if g.ToAct() != user {
			return fmt.Errorf("store: game %d: %w", g.ID, ErrNotYourTurn)
		}
		next, err := fn(g.state)
		if err != nil {
			return fmt.Errorf("store: %w: %w", ErrIllegal, err)
		}
		if next == nil {
			return fmt.Errorf("store: %w: no game after the action", ErrIllegal)
		}
		g.setState(next)
		g.Revision++
		if next.Open() == "" { // the turn is over: the next player's time starts
			g.Updated = now
			g.Reminded, g.TimeUp = false, false
		}
		g.TakebackBy, g.TakebackRev = "", 0
		g.DrawBy, g.DrawRev = "", 0
		g.endByRules(now)
		return nil
	})
}

// Resign ends the active game of a channel with user, one of its players,
// losing. It returns the finished game (archived, standings updated).
func (db *DB) Resign(ctx context.Context, guild, channel, user string) (Game, error) {
	return db.change(ctx, guild, channel, user, func(g *Game, now time.Time) error {
		g.Winner, g.Reason, g.Ended, g.Updated = g.Opponent(user), ReasonResign, now, now
		g.Revision++
		return nil
	})
}

// ClaimTimeout ends the active game of a channel with user winning on
// time: user must be the player not to act, and the time per move of the
// game must have run out. Otherwise it fails with ErrNoTimeout (or
// ErrNotPlayer, ErrNotYourTurn when it is user who must act).
func (db *DB) ClaimTimeout(ctx context.Context, guild, channel, user string) (Game, error) {
	return db.change(ctx, guild, channel, user, func(g *Game, now time.Time) error {
		if g.ToAct() == user {
			return fmt.Errorf("store: game %d: %w: it is your move", g.ID, ErrNotYourTurn)
		}
		d, ok := g.Deadline()
		if !ok || now.Before(d) {
			return fmt.Errorf("store: game %d: %w", g.ID, ErrNoTimeout)
		}
		g.Winner, g.Reason, g.Ended, g.Updated = user, ReasonTimeout, now, now
		g.Revision++
		return nil
	})
}

// RequestTakeback records user's request to take back their last turn,
// which must be the game's last action (the opponent has not moved since).
// It does not change the revision; the opponent answers with
// AnswerTakeback, and any action in the meantime cancels the request.
func (db *DB) RequestTakeback(ctx context.Context, guild, channel, user string) (Game, error) {
	return db.change(ctx, guild, channel, user, func(g *Game, now time.Time) error {
		if g.ToAct() == user || !g.canTakeBack() {
			return fmt.Errorf("store: game %d: %w", g.ID, ErrTakebackNotAllowed)
		}
		g.TakebackBy, g.TakebackRev = user, g.Revision
		return nil
	})
}

// canTakeBack reports whether the game's last action is a turn that may
// be taken back, by the rules of its kind (State.TakeBack).
func (g *Game) canTakeBack() bool {
	if g.state == nil {
		return false
	}
	_, ok := g.state.TakeBack()
	return ok
}

// AnswerTakeback accepts or declines the pending takeback request of the
// game; user must be the opponent of the player who asked. Accepting undoes
// the last turn (claims it made are undone with it) and advances the
// revision; declining only clears the request. It fails with ErrNoTakeback
// when no request is pending.
func (db *DB) AnswerTakeback(ctx context.Context, guild, channel, user string, accept bool) (Game, error) {
	return db.change(ctx, guild, channel, user, func(g *Game, now time.Time) error {
		if g.TakebackBy == "" || g.TakebackRev != g.Revision {
			return fmt.Errorf("store: game %d: %w", g.ID, ErrNoTakeback)
		}
		if user == g.TakebackBy {
			return fmt.Errorf("store: game %d: %w: the request is your opponent's to answer", g.ID, ErrNotPlayer)
		}
		g.TakebackBy, g.TakebackRev = "", 0
		if accept {
			prev, ok := g.state.TakeBack()
			if !ok {
				return fmt.Errorf("store: game %d: %w", g.ID, ErrTakebackNotAllowed)
			}
			g.setState(prev)
			g.Revision++
			g.Updated = now
			g.Reminded, g.TimeUp = false, false
		}
		return nil
	})
}

// Notice names a message that the bot sends once per move of a game with
// a time limit.
type Notice uint8

// The notices of a move.
const (
	NoticeReminder Notice = iota + 1 // the player to move was reminded (Game.Reminded)
	NoticeTimeUp                     // the opponent was told the time ran out (Game.TimeUp)
)

// RecordNotice records that notice n for the move at revision rev of game
// id was sent. The bot calls it after Discord (or the console) accepted
// the message, so that a notice that failed to go out is sent again by
// the next sweep; a notice may thus go out twice (a crash between the
// send and the record), never zero times. It fails with ErrStaleRevision
// when the channel's game is another one or has moved on (nothing is due
// any more), and with ErrNoGame when the game has ended. Recording a
// notice already recorded changes nothing.
func (db *DB) RecordNotice(ctx context.Context, guild, channel string, id uint64, rev int, n Notice) (Game, error) {
	if n != NoticeReminder && n != NoticeTimeUp {
		return Game{}, fmt.Errorf("store: record notice: %w: notice %d", ErrInvalid, n)
	}
	return db.change(ctx, guild, channel, "", func(g *Game, now time.Time) error {
		if g.ID != id || rev != g.Revision {
			return fmt.Errorf("store: game %d: %w (notice for game %d at revision %d, now %d)", g.ID, ErrStaleRevision, id, rev, g.Revision)
		}
		if n == NoticeReminder {
			g.Reminded = true
		} else {
			g.TimeUp = true
		}
		return nil
	})
}
