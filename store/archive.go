package store

import (
	"bytes"
	"context"
	"fmt"
)

// finish moves an ended game, whose encoding is val, to the archive,
// indexes it, records its result in its tournament if it has one
// (tournaments.go) and counts it in the standings (standings.go). A game whose
// ID the archive holds already gets a new one (g.ID changes).
func (db *DB) finish(tx txn, key []byte, g *Game, val []byte) error {
	startedID := g.ID
	if err := tx.Bucket(bucketGames).Delete(key); err != nil {
		return err
	}
	if g.Thread != "" {
		if err := tx.Bucket(bucketThreads).Delete(pairKey(g.Guild, g.Thread)); err != nil {
			return err
		}
	}
	if err := unindexActive(tx, g); err != nil {
		return err
	}
	if err := reindexActive(tx, key, nil); err != nil {
		return err
	}
	taken, err := tx.Bucket(bucketArchive).Get(idKey(g.ID))
	if err != nil {
		return err
	}
	if taken != nil {
		// Never over an archived game: this one took its ID from a
		// counter that was behind (before IDs were create-only).
		id, err := db.newID(tx, bucketGames, gameIDBuckets)
		if err != nil {
			return err
		}
		db.opts.Logger.Warn("store: an ending game has the ID of an archived one: archived under a new ID", "old", g.ID, "new", id)
		g.ID = id
		if val, err = encode(g); err != nil {
			return err
		}
	}
	if err := tx.Bucket(bucketArchive).Put(idKey(g.ID), val); err != nil {
		return err
	}
	if err := indexArchived(tx, g); err != nil {
		return err
	}
	if err := db.tournamentGameOver(tx, g, startedID); err != nil {
		return err
	}
	return db.count(tx, g)
}

// indexArchived writes the index entries of an archived game: by player,
// by guild, and by channel (and by thread when it was played in one).
func indexArchived(tx txn, g *Game) error {
	idx := tx.Bucket(bucketGuildIndex)
	for _, p := range g.Players {
		if err := idx.Put(idSuffix(archiveByPlayer.key(g.Guild, p), g.ID), nil); err != nil {
			return err
		}
	}
	if err := idx.Put(idSuffix(archiveByGuild.scope(g.Guild), g.ID), nil); err != nil {
		return err
	}
	if err := idx.Put(idSuffix(archiveByChannel.key(g.Guild, g.Channel), g.ID), nil); err != nil {
		return err
	}
	if g.Thread != "" && g.Thread != g.Channel {
		return idx.Put(idSuffix(archiveByChannel.key(g.Guild, g.Thread), g.ID), nil)
	}
	return nil
}

// decodeArchived decodes and replays an archived game, counting the
// archive reads (tests check that lookups read only what they return).
func (db *DB) decodeArchived(v []byte, g *Game) error {
	db.archiveReads.Add(1)
	if err := decodeValue(v, g); err != nil {
		return err
	}
	return db.load(g)
}

// archivedNewestFirst calls fn with the archived games listed in the guild
// index under prefix (each key is prefix, NUL, ID), newest first, until fn
// returns false. Damaged games are skipped and logged; a read that fails
// ends the walk with its error.
func (db *DB) archivedNewestFirst(tx txn, prefix []byte, fn func(Game) bool) error {
	prefix = append(bytes.Clone(prefix), 0)
	arch := tx.Bucket(bucketArchive)
	c := tx.Scan(bucketGuildIndex, prefix)
	k := seekLast(c, prefix)
	for k != nil && bytes.HasPrefix(k, prefix) {
		// A page of IDs, read together where that saves requests (etcd).
		var ids [][]byte
		for ; k != nil && bytes.HasPrefix(k, prefix) && len(ids) < aheadPage; k, _ = c.Prev() {
			ids = append(ids, bytes.Clone(k[len(prefix):]))
		}
		if err := c.Err(); err != nil {
			return err
		}
		if err := prefetch(arch, ids); err != nil {
			return err
		}
		for _, id := range ids {
			v, err := arch.Get(id)
			if err != nil {
				return err
			}
			if v == nil {
				continue
			}
			var g Game
			if err := db.decodeArchived(v, &g); err != nil {
				db.opts.Logger.Warn("store: skipping a corrupt archived game", "key", id, "err", err)
				continue
			}
			if !fn(g) {
				return nil
			}
		}
	}
	return c.Err()
}

// FinishedGame returns an archived game by ID.
func (db *DB) FinishedGame(ctx context.Context, id uint64) (Game, error) {
	var g Game
	err := db.view(ctx, func(tx txn) error {
		v, err := tx.Bucket(bucketArchive).Get(idKey(id))
		if err != nil {
			return err
		}
		if v == nil {
			return fmt.Errorf("store: finished game %d: %w", id, ErrNotFound)
		}
		if err := db.decodeArchived(v, &g); err != nil {
			return fmt.Errorf("store: finished game %d: %w", id, err)
		}
		return nil
	})
	return g, err
}

// FinishedGames returns a guild's finished games, newest first, at most
// limit of them (all when limit <= 0); with user set, only user's games.
// Corrupt entries are skipped (and logged). It reads only the games it
// returns (indexes by guild and by player), however large the archive.
func (db *DB) FinishedGames(ctx context.Context, guild, user string, limit int) ([]Game, error) {
	var out []Game
	err := db.view(ctx, func(tx txn) error {
		prefix := archiveByGuild.scope(guild)
		if user != "" {
			prefix = archiveByPlayer.key(guild, user)
		}
		out = nil // a run again (etcd) starts afresh
		return db.archivedNewestFirst(tx, prefix, func(g Game) bool {
			if g.Guild == guild && (user == "" || g.IsPlayer(user)) {
				out = append(out, g)
			}
			return limit <= 0 || len(out) < limit
		})
	})
	return out, err
}

// LastFinishedGame returns the latest finished game played in a channel
// or in a thread (the game's channel or thread is channel). It fails with
// ErrNoGame when the channel has none. It reads only the game it returns
// (an index by channel), however large the archive.
func (db *DB) LastFinishedGame(ctx context.Context, guild, channel string) (Game, error) {
	var out Game
	found := false
	err := db.view(ctx, func(tx txn) error {
		return db.archivedNewestFirst(tx, archiveByChannel.key(guild, channel), func(g Game) bool {
			if g.Guild == guild && (g.Channel == channel || g.Thread == channel) {
				out, found = g, true
				return false
			}
			return true
		})
	})
	switch {
	case err != nil:
		return Game{}, err
	case !found:
		return Game{}, fmt.Errorf("store: finished game in channel %s: %w", channel, ErrNoGame)
	}
	return out, nil
}
