package store

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"time"
)

// Active games are kept by guild and channel in bucketGames and indexed by
// player and by ID (schema 4), so that a player's games and a game by ID
// are found without reading the others.

// indexActive writes the index entries of a new active game.
func indexActive(tx txn, g *Game) error {
	id := idKey(g.ID)
	for _, p := range g.Players {
		if err := tx.Bucket(bucketGuildIndex).Put(activeByPlayer.key(g.Guild, p+"\x00"+g.Channel), id); err != nil {
			return err
		}
	}
	return tx.Bucket(bucketGamesByID).Put(id, pairKey(g.Guild, g.Channel))
}

// unindexActive removes the index entries of an active game that ends or
// is removed.
func unindexActive(tx txn, g *Game) error {
	for _, p := range g.Players {
		if err := tx.Bucket(bucketGuildIndex).Delete(activeByPlayer.key(g.Guild, p+"\x00"+g.Channel)); err != nil {
			return err
		}
	}
	return tx.Bucket(bucketGamesByID).Delete(idKey(g.ID))
}

// decodeActive decodes and replays an active game, counting the reads
// (tests check that lookups read only what they return).
func (db *DB) decodeActive(v []byte, g *Game) error {
	db.activeReads.Add(1)
	return db.decodeGame(v, g)
}

// activeKey finds the key of the active game of a channel or thread.
func activeKey(tx txn, guild, channel string) (key, value []byte, err error) {
	key = pairKey(guild, channel)
	if v, err := tx.Bucket(bucketGames).Get(key); v != nil || err != nil {
		return key, v, err
	}
	ch, err := tx.Bucket(bucketThreads).Get(key)
	if err != nil {
		return nil, nil, err
	}
	if ch != nil {
		key = pairKey(guild, string(ch))
		if v, err := tx.Bucket(bucketGames).Get(key); v != nil || err != nil {
			return key, v, err
		}
	}
	return nil, nil, fmt.Errorf("store: channel %s: %w", channel, ErrNoGame)
}

// channelBusy reports whether a channel (or thread) has an active game;
// the error is a read's that failed.
func channelBusy(tx txn, guild, channel string) (bool, error) {
	_, _, err := activeKey(tx, guild, channel)
	if errors.Is(err, ErrNoGame) {
		return false, nil
	}
	return err == nil, err
}

// loadActive loads and replays the active game of a channel or thread.
func (db *DB) loadActive(tx txn, guild, channel string) (Game, []byte, error) {
	if err := checkID("guild", guild); err != nil {
		return Game{}, nil, err
	}
	if err := checkID("channel", channel); err != nil {
		return Game{}, nil, err
	}
	key, v, err := activeKey(tx, guild, channel)
	if err != nil {
		return Game{}, nil, err
	}
	var g Game
	if err := db.decodeActive(v, &g); err != nil {
		return Game{}, nil, fmt.Errorf("store: game in channel %s: %w", channel, err)
	}
	return g, key, nil
}

// ActiveGame returns the active game of a channel, or of a thread the game
// is played in. It fails with ErrNoGame when there is none and with an
// error wrapping ErrCorrupt when the stored game is damaged.
func (db *DB) ActiveGame(ctx context.Context, guild, channel string) (Game, error) {
	var g Game
	err := db.view(ctx, func(tx txn) error {
		var err error
		g, _, err = db.loadActive(tx, guild, channel)
		return err
	})
	return g, err
}

// ActiveGames returns the active games of a guild (of every guild when
// guild is ""), ordered by guild and channel. Corrupt games are skipped
// (and logged); ActiveGame on their channel reports them.
func (db *DB) ActiveGames(ctx context.Context, guild string) ([]Game, error) {
	var out []Game
	err := db.view(ctx, func(tx txn) error {
		c := tx.Cursor(bucketGames)
		var prefix []byte
		if guild != "" {
			prefix = pairKey(guild, "")
		}
		out = nil // a run again (etcd) starts afresh
		for k, v := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
			var g Game
			if err := db.decodeActive(v, &g); err != nil {
				db.opts.Logger.Warn("store: skipping a corrupt game", "key", string(k), "err", err)
				continue
			}
			out = append(out, g)
		}
		return c.Err()
	})
	return out, err
}

// PlayerGames returns the active games of a guild that user plays, those
// where it is user's turn first, then by the time of the last action, the
// oldest first. It reads only user's games (an index by player). Damaged
// games are skipped (and logged).
func (db *DB) PlayerGames(ctx context.Context, guild, user string) ([]Game, error) {
	var out []Game
	err := db.view(ctx, func(tx txn) error {
		prefix := activeByPlayer.key(guild, user+"\x00")
		games := tx.Bucket(bucketGames)
		c := tx.Scan(bucketGuildIndex, prefix)
		type entry struct{ key, id []byte }
		var entries []entry
		for k, id := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, id = c.Next() {
			entries = append(entries, entry{pairKey(guild, string(k[len(prefix):])), bytes.Clone(id)})
		}
		if err := c.Err(); err != nil {
			return err
		}
		out = nil // a run again (etcd) starts afresh
		for page := range slices.Chunk(entries, aheadPage) {
			keys := make([][]byte, len(page))
			for i, e := range page {
				keys[i] = e.key
			}
			// Read together where that saves requests (etcd).
			if err := prefetch(games, keys); err != nil {
				return err
			}
			for _, e := range page {
				v, err := games.Get(e.key)
				if err != nil {
					return err
				}
				if v == nil {
					continue
				}
				var g Game
				if err := db.decodeActive(v, &g); err != nil {
					db.opts.Logger.Warn("store: skipping a corrupt game", "key", string(e.key), "err", err)
					continue
				}
				if !bytes.Equal(idKey(g.ID), e.id) || g.Guild != guild || !g.IsPlayer(user) {
					continue // an entry left by a removed damaged game
				}
				out = append(out, g)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	slices.SortStableFunc(out, func(a, b Game) int {
		at, bt := a.ToAct() == user, b.ToAct() == user
		if at != bt {
			if at {
				return -1
			}
			return 1
		}
		return a.Updated.Compare(b.Updated)
	})
	return out, nil
}

// SetGameThread records the thread a game is played in; ActiveGame and
// the other methods then find the game by the thread's ID too.
func (db *DB) SetGameThread(ctx context.Context, guild, channel, thread string) (Game, error) {
	if err := checkID("thread", thread); err != nil {
		return Game{}, err
	}
	var out Game
	err := db.update(ctx, func(tx txn) error {
		g, key, err := db.loadActive(tx, guild, channel)
		if err != nil {
			return refuse(err)
		}
		if g.Thread != "" {
			if err := tx.Bucket(bucketThreads).Delete(pairKey(guild, g.Thread)); err != nil {
				return err
			}
		}
		g.Thread = thread
		if thread != g.Channel {
			if err := tx.Bucket(bucketThreads).Put(pairKey(guild, thread), []byte(g.Channel)); err != nil {
				return err
			}
		}
		out = g
		if err := reindexActive(tx, key, &g); err != nil {
			return err
		}
		return put(tx.Bucket(bucketGames), key, &g)
	})
	return out, err
}

// EndDamagedGame is for a server manager: it deletes the active game of a
// channel (or thread) without a result, only when its stored value is
// damaged (ActiveGame fails with ErrCorrupt), so that the game no longer
// blocks its channel, and every thread that led to it, and refuses with
// ErrNotDamaged a game that loads. The damaged value is kept in the
// quarantine bucket for inspection; nothing is counted in the standings.
func (db *DB) EndDamagedGame(ctx context.Context, guild, channel string) error {
	return db.removeGame(ctx, guild, channel, true)
}

func (db *DB) removeGame(ctx context.Context, guild, channel string, onlyDamaged bool) error {
	if err := checkID("guild", guild); err != nil {
		return err
	}
	if err := checkID("channel", channel); err != nil {
		return err
	}
	return db.update(ctx, func(tx txn) error {
		key, v, err := activeKey(tx, guild, channel)
		if err != nil {
			return refuse(err)
		}
		if onlyDamaged {
			var g Game
			if err := db.decodeGame(v, &g); err == nil {
				return refuse(fmt.Errorf("store: game %d in channel %s: %w", g.ID, channel, ErrNotDamaged))
			}
		}
		// Every thread of the guild that leads to the game's channel,
		// found without decoding the value, which may be damaged.
		gameChannel := key[len(guild)+1:]
		threads := tx.Bucket(bucketThreads)
		var dead [][]byte
		tc := tx.Cursor(bucketThreads)
		prefix := pairKey(guild, "")
		for k, ch := tc.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, ch = tc.Next() {
			if bytes.Equal(ch, gameChannel) {
				dead = append(dead, bytes.Clone(k))
			}
		}
		if err := tc.Err(); err != nil {
			return err
		}
		for _, k := range dead {
			if err := threads.Delete(k); err != nil {
				return err
			}
		}
		var g Game
		if decodeValue(v, &g) == nil && bytes.Equal(key, pairKey(g.Guild, g.Channel)) {
			if err := unindexActive(tx, &g); err != nil {
				return err
			}
		} // else its index entries are skipped by readers (PlayerGames checks the ID)
		if err := reindexActive(tx, key, nil); err != nil {
			return err
		}
		q := tx.Bucket(bucketQuarantine)
		qk := append(bytes.Clone(key), 0)
		qk = append(qk, db.opts.Now().UTC().Format(time.RFC3339Nano)...)
		if err := q.Put(qk, bytes.Clone(v)); err != nil {
			return err
		}
		return tx.Bucket(bucketGames).Delete(key)
	})
}

// change loads the active game of a channel, checks that user (unless "")
// plays it, lets fn change it, and saves it, archiving it when fn ended
// it. fn must not write to the database.
//
// The work is optimistic, to keep the commit loop short: the game is read,
// replayed, changed and encoded outside the write transaction, which then
// only checks that the stored value is still the one read and writes the
// new one. If another change came first, it starts again from the read.
func (db *DB) change(ctx context.Context, guild, channel, user string, fn func(g *Game, now time.Time) error) (Game, error) {
	if user != "" {
		if err := checkID("user", user); err != nil {
			return Game{}, err
		}
	}
	if !db.be.readOutside() {
		return db.changeInTxn(ctx, guild, channel, user, fn)
	}
	for {
		var (
			g        Game
			key, old []byte
		)
		err := db.view(ctx, func(tx txn) error {
			var err error
			g, key, err = db.loadActive(tx, guild, channel)
			if err == nil {
				old, err = tx.Bucket(bucketGames).Get(key)
				old = bytes.Clone(old)
			}
			return err
		})
		if err != nil {
			return Game{}, err
		}
		if user != "" && !g.IsPlayer(user) {
			return Game{}, fmt.Errorf("store: game %d: %w", g.ID, ErrNotPlayer)
		}
		if err := fn(&g, db.opts.Now()); err != nil {
			return Game{}, err
		}
		val, err := encode(&g)
		if err != nil {
			return Game{}, fmt.Errorf("store: game %d: %w", g.ID, err)
		}
		conflict := false
		var finished Game
		err = db.update(ctx, func(tx txn) error {
			now, err := tx.Bucket(bucketGames).Get(key)
			if err != nil {
				return err
			}
			conflict = !bytes.Equal(now, old)
			if conflict {
				return nil
			}
			if g.Reason != ReasonNone {
				finished = g // finish may give it a new ID; a run again starts over
				return db.finish(tx, key, &finished, val)
			}
			if err := reindexActive(tx, key, &g); err != nil {
				return err
			}
			return tx.Bucket(bucketGames).Put(key, val)
		})
		if err != nil {
			return Game{}, err
		}
		if !conflict && g.Reason != ReasonNone {
			db.states.drop(g.ID)
			g = finished
		}
		if !conflict {
			if g.Reason != ReasonNone {
				db.states.drop(g.ID)
			} else {
				db.states.put(&g)
			}
			return g, nil
		}
	}
}

// changeInTxn is change on etcd: the game is read, changed and written in
// one transaction (one read and one Txn: the etcd backend already commits
// optimistically, guarded by what the transaction read, and runs it again
// when another change came first).
func (db *DB) changeInTxn(ctx context.Context, guild, channel, user string, fn func(g *Game, now time.Time) error) (Game, error) {
	var out Game
	err := db.update(ctx, func(tx txn) error {
		g, key, err := db.loadActive(tx, guild, channel)
		if err != nil {
			return refuse(err)
		}
		if user != "" && !g.IsPlayer(user) {
			return refuse(fmt.Errorf("store: game %d: %w", g.ID, ErrNotPlayer))
		}
		if err := fn(&g, db.opts.Now()); err != nil {
			return refuse(err)
		}
		val, err := encode(&g)
		if err != nil {
			return refuse(fmt.Errorf("store: game %d: %w", g.ID, err))
		}
		if g.Reason != ReasonNone {
			err = db.finish(tx, key, &g, val)
		} else if err = reindexActive(tx, key, &g); err == nil {
			err = tx.Bucket(bucketGames).Put(key, val)
		}
		out = g
		return err
	})
	if err != nil {
		return Game{}, err
	}
	if out.Reason != ReasonNone {
		db.states.drop(out.ID)
	} else {
		db.states.put(&out)
	}
	return out, nil
}

// finish moves an ended game, whose encoding is val, to the archive and
// counts it in the standings.
