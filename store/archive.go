package store

import (
	"bytes"
	"errors"
	"fmt"

	bolt "go.etcd.io/bbolt"
)

// finish moves an ended game, whose encoding is val, to the archive,
// indexes it and counts it in the standings (standings.go).
func (db *DB) finish(tx *bolt.Tx, key []byte, g *Game, val []byte) error {
	if err := tx.Bucket(bucketGames).Delete(key); err != nil {
		return err
	}
	if g.Thread != "" {
		if err := tx.Bucket(bucketThreads).Delete(pairKey(g.Guild, g.Thread)); err != nil {
			return err
		}
	}
	if err := tx.Bucket(bucketArchive).Put(idKey(g.ID), val); err != nil {
		return err
	}
	idx := tx.Bucket(bucketPlayers)
	for _, p := range g.Players {
		if err := idx.Put(playerKey(g.Guild, p, g.ID), nil); err != nil {
			return err
		}
	}
	return db.count(tx, g)
}

// FinishedGame returns an archived game by ID.
func (db *DB) FinishedGame(id uint64) (Game, error) {
	var g Game
	err := db.view(func(tx *bolt.Tx) error {
		v := tx.Bucket(bucketArchive).Get(idKey(id))
		if v == nil {
			return fmt.Errorf("store: finished game %d: %w", id, ErrNotFound)
		}
		if err := decode(v, &g); err != nil {
			return fmt.Errorf("store: finished game %d: %w", id, err)
		}
		return nil
	})
	return g, err
}

// GameByID returns a game by its ID, finished or active. Finding an
// active game by ID reads every active game; prefer ActiveGame.
func (db *DB) GameByID(id uint64) (Game, error) {
	g, err := db.FinishedGame(id)
	if !errors.Is(err, ErrNotFound) {
		return g, err
	}
	err = db.view(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketGames).ForEach(func(k, v []byte) error {
			var a Game
			if decode(v, &a) == nil && a.ID == id {
				g = a
				return errFound
			}
			return nil
		})
	})
	switch {
	case errors.Is(err, errFound):
		return g, nil
	case err != nil:
		return Game{}, err
	}
	return Game{}, fmt.Errorf("store: game %d: %w", id, ErrNotFound)
}

var errFound = errors.New("found")

// FinishedGames returns a guild's finished games, newest first, at most
// limit of them (all when limit <= 0); with user set, only user's games.
// Corrupt entries are skipped (and logged).
func (db *DB) FinishedGames(guild, user string, limit int) ([]Game, error) {
	var out []Game
	full := func() bool { return limit > 0 && len(out) >= limit }
	err := db.view(func(tx *bolt.Tx) error {
		arch := tx.Bucket(bucketArchive)
		add := func(k, v []byte) {
			var g Game
			if err := decode(v, &g); err != nil {
				db.opts.Logger.Warn("store: skipping a corrupt archived game", "key", k, "err", err)
				return
			}
			if g.Guild == guild && (user == "" || g.IsPlayer(user)) {
				out = append(out, g)
			}
		}
		if user == "" {
			c := arch.Cursor()
			for k, v := c.Last(); k != nil && !full(); k, v = c.Prev() {
				add(k, v)
			}
			return nil
		}
		prefix := append(pairKey(guild, user), 0)
		c := tx.Bucket(bucketPlayers).Cursor()
		k, _ := c.Seek(append(bytes.Clone(prefix), 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff))
		if k == nil {
			k, _ = c.Last()
		} else {
			k, _ = c.Prev()
		}
		for ; k != nil && bytes.HasPrefix(k, prefix) && !full(); k, _ = c.Prev() {
			id := k[len(prefix):]
			if v := arch.Get(id); v != nil {
				add(id, v)
			}
		}
		return nil
	})
	return out, err
}
