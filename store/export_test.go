package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/veletasbot/veletas/game/veletas"
)

// The store's API that only its tests need.

// ApplyToken is Apply with the action written in the notation
// ("d4-d7/f9", "swap", "[d4,g7,b9]e5").
func (db *DB) ApplyToken(ctx context.Context, guild, channel, user string, rev int, token string) (Game, error) {
	a, err := veletas.ParseAction(token)
	if err != nil {
		return Game{}, fmt.Errorf("store: %w: %w", ErrIllegal, err)
	}
	return db.Apply(ctx, guild, channel, user, rev, a)
}

// SetReminded records that the reminder for the move at revision rev was
// sent (the bot sends one per move). It fails with ErrStaleRevision when the
// game has moved on.
func (db *DB) SetReminded(ctx context.Context, guild, channel string, rev int) (Game, error) {
	return db.change(ctx, guild, channel, "", func(g *Game, now time.Time) error {
		if rev >= 0 && rev != g.Revision {
			return fmt.Errorf("store: game %d: %w", g.ID, ErrStaleRevision)
		}
		g.Reminded = true
		return nil
	})
}

// StartAIGame is StartAIGameRules under the classic rules.
func (db *DB) StartAIGame(ctx context.Context, guild, channel, human, ai, level string, size veletas.Size) (Game, error) {
	return db.StartAIGameRules(ctx, guild, channel, human, ai, level, size, veletas.Classic)
}

// SetGameMessage records the message that shows a game (the bot's own
// bookkeeping; it does not change the revision).
func (db *DB) SetGameMessage(ctx context.Context, guild, channel, message string) (Game, error) {
	return db.change(ctx, guild, channel, "", func(g *Game, now time.Time) error {
		g.Message = message
		return nil
	})
}

// RemoveGame is EndDamagedGame for any game, damaged or not.
func (db *DB) RemoveGame(ctx context.Context, guild, channel string) error {
	return db.removeGame(ctx, guild, channel, false)
}

// GameByID returns a game by its ID, finished or active (an index by ID:
// it reads that game only).
func (db *DB) GameByID(ctx context.Context, id uint64) (Game, error) {
	g, err := db.FinishedGame(ctx, id)
	if !errors.Is(err, ErrNotFound) {
		return g, err
	}
	err = db.view(ctx, func(tx txn) error {
		key, err := tx.Bucket(bucketGamesByID).Get(idKey(id))
		if err != nil {
			return err
		}
		if key == nil {
			return fmt.Errorf("store: game %d: %w", id, ErrNotFound)
		}
		v, err := tx.Bucket(bucketGames).Get(key)
		if err != nil {
			return err
		}
		if v == nil {
			return fmt.Errorf("store: game %d: %w", id, ErrNotFound)
		}
		if err := db.decodeActive(v, &g); err != nil {
			return fmt.Errorf("store: game %d: %w", id, err)
		}
		if g.ID != id {
			return fmt.Errorf("store: game %d: %w", id, ErrNotFound)
		}
		return nil
	})
	if err != nil {
		return Game{}, err
	}
	return g, nil
}
