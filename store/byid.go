package store

import (
	"context"
	"errors"
	"fmt"
)

// GameByID returns a game by its ID, finished or active (an index by ID:
// it reads that game only); ErrNotFound when there is none. The web
// board finds the game of a link with it.
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
