package store

import (
	"context"
	"fmt"
	"time"

	"github.com/veletasbot/veletas/game/veletas"
)

// Apply applies an action of user to the active game of a channel (or
// thread) in one transaction and returns the game after it, once the
// change is on disk. rev is the revision the player saw; a negative rev
// skips the check. When the action ends the game, the game is archived and
// the standings updated in the same transaction, and the returned game has
// Winner, Reason and Ended set; the channel then has no active game.
//
// Refusals: ErrNoGame, ErrNotPlayer, ErrStaleRevision, ErrNotYourTurn, and
// ErrIllegal together with the game package's error.
func (db *DB) Apply(ctx context.Context, guild, channel, user string, rev int, a veletas.Action) (Game, error) {
	return db.change(ctx, guild, channel, user, func(g *Game, now time.Time) error {
		if rev >= 0 && rev != g.Revision {
			return fmt.Errorf("store: game %d: %w (revision %d, now %d)", g.ID, ErrStaleRevision, rev, g.Revision)
		}
		if g.Kind != Veletas {
			return fmt.Errorf("store: game %d: %w", g.ID, ErrOtherKind)
		}
		if g.ToAct() != user {
			return fmt.Errorf("store: game %d: %w", g.ID, ErrNotYourTurn)
		}
		st, err := g.state.Play(a)
		if err != nil {
			return fmt.Errorf("store: %w: %w", ErrIllegal, err)
		}
		g.setState(st)
		g.Revision++
		g.Updated = now
		g.Reminded, g.TimeUp = false, false
		g.TakebackBy, g.TakebackRev = "", 0
		g.DrawBy, g.DrawRev = "", 0
		if p := st.Position(); p.Over() {
			g.Winner, g.Reason, g.Ended = g.PlayerOf(p.Winner()), ReasonMajority, now
		}
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
// be taken back, by the rules of its kind (kinds.go).
func (g *Game) canTakeBack() bool {
	r, err := rulesOf(g)
	return err == nil && r.canTakeBack(g)
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
			r, err := rulesOf(g)
			if err == nil {
				err = r.takeBack(g)
			}
			if err != nil {
				return fmt.Errorf("store: game %d: take back: %w", g.ID, err)
			}
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
