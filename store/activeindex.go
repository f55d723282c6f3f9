package store

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"maps"
	"time"

	"github.com/veletasbot/veletas/game"
)

// The indexes of the active games that the bot's periodic work reads
// (schema 7), so that its cost is that of what is due, not of every game
// stored:
//
//   - games_due orders the games with a time limit by the time of their
//     next notice (Game.NoticeDue: the reminder, then the time-up
//     notice); the time-limit sweep reads only those due (DueGames,
//     NextNoticeDue);
//   - games_ai lists, by the computer player's user, the games where the
//     computer may be to act (AIGamesToAct);
//   - counts holds the number of active games of each kind (ActiveCounts),
//     in shards so that games started and ended at once on etcd seldom
//     write the same key;
//   - challenges_by_message lists by expiry the pending challenges whose
//     message is recorded, which the sweep edits once expired
//     (ExpiredChallengeMessages);
//   - games_indexed (in the guild index since schema 8, guildindex.go)
//     keeps, for each active game (by guild and channel),
//     the entries it has in these indexes, so that they are replaced or
//     removed exactly, also when the game's value is damaged
//     (EndDamagedGame).
//
// Every write of an active game goes through reindexActive, in the
// transaction that writes the game, on both backends.

var (
	bucketGamesDue     = []byte("games_due")     // due (8 bytes) id (8 bytes) -> guild \x00 channel (v7)
	bucketGamesAI      = []byte("games_ai")      // ai \x00 id (8 bytes) -> guild \x00 channel (v7)
	bucketGamesIndexed = []byte("games_indexed") // guild \x00 channel -> activeEntry (v7; in guild_index since v8)
	bucketCounts       = []byte("counts")        // "active" \x00 kind \x00 shard -> count (8 bytes) (v7)

	// The pending challenges whose message is recorded, by expiry
	// (challenges.go, ExpiredChallengeMessages).
	bucketChallengesByMessage = []byte("challenges_by_message") // expiry (8 bytes) id (8 bytes) -> (v7)
)

// ReminderAt is the share of a move's time after which its player is
// reminded (the first notice of a move, Game.NoticeDue).
const ReminderAt = 0.8

// countShards is the number of keys each kind's count is spread over (a
// game's shard is its ID's remainder), so that the changes that start and
// end games at once on etcd seldom read and write the same key: with 12
// such changes at a time from 3 replicas (BenchmarkEtcdStartEnd), 16
// shards made 17% of them conflict and run again, 128 fewer than 1%.
// Schema 7 had 16: a game counted then is taken off the shard of its ID
// under 128, so a shard may hold less than zero; only a kind's sum has a
// meaning.
const countShards = 128

// NoticeDue returns when the next notice of the current move of a game
// with a time limit is due and which: the reminder at ReminderAt of the
// time when it was not sent, else the time-up notice at the deadline when
// it was not sent; false when none is left (no time limit, both sent, or
// the game over).
func (g Game) NoticeDue() (time.Time, Notice, bool) {
	d, ok := g.Deadline()
	if !ok || g.TimeUp {
		return time.Time{}, 0, false
	}
	if !g.Reminded {
		if r := g.Updated.Add(time.Duration(float64(g.MoveTime) * ReminderAt)); r.Before(d) {
			return r, NoticeReminder, true
		}
	}
	return d, NoticeTimeUp, true
}

// activeEntry is what an active game has in the indexes of schema 7.
type activeEntry struct {
	ID   uint64    `json:"id"`
	Kind game.Kind `json:"kind"`
	Due  int64     `json:"due,omitempty"` // NoticeDue in Unix nanoseconds; 0: none
	AI   string    `json:"ai,omitempty"`  // in games_ai under this user
}

// entryOf is g's entry. A game not replayed (its rules unknown) is listed
// for its computer player whatever its turn: readers check.
func entryOf(g *Game) activeEntry {
	e := activeEntry{ID: g.ID, Kind: g.Kind}
	if t, _, ok := g.NoticeDue(); ok {
		e.Due = t.UnixNano()
	}
	if g.AI != "" && (g.state == nil || g.ToAct() == g.AI) {
		e.AI = g.AI
	}
	return e
}

// timeKey orders times (Unix nanoseconds, negative ones first) then IDs.
func timeKey(nanos int64, id uint64) []byte {
	k := binary.BigEndian.AppendUint64(make([]byte, 0, 16), uint64(nanos)^(1<<63))
	return binary.BigEndian.AppendUint64(k, id)
}

// countKey is the key of one shard of kind's count of active games.
func countKey(kind game.Kind, id uint64) []byte {
	return append(pairKey("active", string(kind)+"\x00"), byte(id%countShards))
}

// entriesKey is where the entries of the active game at key (guild \x00
// channel) are kept in the guild index.
func entriesKey(key []byte) []byte {
	k, _ := activeIndexEntries.movedKey(key)
	return k
}

// reindexActive brings the schema 7 indexes of the active game at key up
// to date with g, nil when the game is removed: the entries written for
// it before (activeIndexEntries) are replaced by g's, and the counts
// moved.
func reindexActive(tx txn, key []byte, g *Game) error {
	idx, ikey := tx.Bucket(bucketGuildIndex), entriesKey(key)
	v, err := idx.Get(ikey)
	if err != nil {
		return err
	}
	var old *activeEntry
	if v != nil {
		old = new(activeEntry)
		if err := decodeValue(v, old); err != nil {
			old = nil // damaged: its entries stay, skipped by readers
		}
	}
	var now *activeEntry
	if g != nil {
		e := entryOf(g)
		now = &e
	}
	if old != nil && now != nil && *old == *now {
		return nil
	}
	due, ai := tx.Bucket(bucketGamesDue), tx.Bucket(bucketGamesAI)
	if old != nil {
		if old.Due != 0 && (now == nil || now.Due != old.Due || now.ID != old.ID) {
			if err := due.Delete(timeKey(old.Due, old.ID)); err != nil {
				return err
			}
		}
		if old.AI != "" && (now == nil || now.AI != old.AI || now.ID != old.ID) {
			if err := ai.Delete(idSuffix([]byte(old.AI), old.ID)); err != nil {
				return err
			}
		}
		if now == nil || now.Kind != old.Kind || now.ID != old.ID {
			if err := addCount(tx, countKey(old.Kind, old.ID), -1); err != nil {
				return err
			}
		}
	}
	if now == nil {
		return idx.Delete(ikey)
	}
	if now.Due != 0 && (old == nil || old.Due != now.Due || old.ID != now.ID) {
		if err := due.Put(timeKey(now.Due, now.ID), key); err != nil {
			return err
		}
	}
	if now.AI != "" && (old == nil || old.AI != now.AI || old.ID != now.ID) {
		if err := ai.Put(idSuffix([]byte(now.AI), now.ID), key); err != nil {
			return err
		}
	}
	if old == nil || now.Kind != old.Kind || now.ID != old.ID {
		if err := addCount(tx, countKey(now.Kind, now.ID), 1); err != nil {
			return err
		}
	}
	return put(idx, ikey, now)
}

// addCount adds delta to the count at key, a signed 64-bit number (two's
// complement, big-endian): a shard may go below zero (see countShards).
func addCount(tx txn, key []byte, delta int64) error {
	b := tx.Bucket(bucketCounts)
	v, err := b.Get(key)
	if err != nil {
		return err
	}
	var n int64
	if len(v) == 8 {
		n = int64(binary.BigEndian.Uint64(v))
	}
	n += delta
	if n == 0 {
		return b.Delete(key)
	}
	return b.Put(key, binary.BigEndian.AppendUint64(nil, uint64(n)))
}

// ActiveCounts returns the number of active games of each kind (kinds
// without one left out). It reads a few counters, however many games are
// stored.
func (db *DB) ActiveCounts(ctx context.Context) (map[game.Kind]int, error) {
	var out map[game.Kind]int
	err := db.view(ctx, func(tx txn) error {
		out = map[game.Kind]int{}
		prefix := pairKey("active", "")
		c := tx.Cursor(bucketCounts)
		for k, v := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
			rest := k[len(prefix):]
			i := bytes.IndexByte(rest, 0)
			if i < 0 || len(v) != 8 {
				continue
			}
			out[game.Kind(rest[:i])] += int(int64(binary.BigEndian.Uint64(v)))
		}
		if err := c.Err(); err != nil {
			return err
		}
		maps.DeleteFunc(out, func(_ game.Kind, n int) bool { return n <= 0 })
		return nil
	})
	return out, err
}

// indexedGame loads the active game at key listed in an index for id:
// false when it is gone, has another ID, or is damaged (logged).
func (db *DB) indexedGame(games bucket, key []byte, id uint64) (Game, bool, error) {
	v, err := games.Get(key)
	if err != nil || v == nil {
		return Game{}, false, err
	}
	var g Game
	if err := db.decodeActive(v, &g); err != nil {
		db.opts.Logger.Warn("store: skipping a corrupt game", "key", string(key), "err", err)
		return Game{}, false, nil
	}
	return g, g.ID == id, nil
}

// DueGames returns the active games with a notice due at now
// (Game.NoticeDue not after now), the soonest due first, at most limit
// (all when limit <= 0). It reads only those games (an index by the time
// of the next notice), however many games are stored. Damaged games are
// skipped (and logged).
func (db *DB) DueGames(ctx context.Context, now time.Time, limit int) ([]Game, error) {
	var out []Game
	err := db.view(ctx, func(tx txn) error {
		out = nil // a run again (etcd) starts afresh
		end := timeKey(now.UnixNano(), ^uint64(0))
		return db.walkDue(tx, end, func(g Game) bool {
			out = append(out, g)
			return limit <= 0 || len(out) < limit
		})
	})
	return out, err
}

// NextNoticeDue returns the time of the soonest notice due (Game.NoticeDue)
// of all the active games, and false when no game waits for one. It reads
// the first entry of an index.
func (db *DB) NextNoticeDue(ctx context.Context) (time.Time, bool, error) {
	var due time.Time
	var ok bool
	err := db.view(ctx, func(tx txn) error {
		ok = false
		return db.walkDue(tx, nil, func(g Game) bool {
			due, _, ok = g.NoticeDue()
			return !ok // an entry the game no longer matches: the next
		})
	})
	return due, ok, err
}

// walkDue calls fn with the games of games_due in order, up to the key
// end (nil: all), until it returns false; entries of games gone or
// damaged are passed over.
func (db *DB) walkDue(tx txn, end []byte, fn func(g Game) bool) error {
	c := tx.Cursor(bucketGamesDue)
	k, v := c.First()
	return db.walkIndexed(tx, c, func() (uint64, []byte, bool) {
		for ; k != nil && (end == nil || bytes.Compare(k, end) <= 0); k, v = c.Next() {
			if len(k) == 16 {
				id, key := binary.BigEndian.Uint64(k[8:]), bytes.Clone(v)
				k, v = c.Next()
				return id, key, true
			}
		}
		return 0, nil, false
	}, fn)
}

// walkIndexed calls fn with the active games that next lists (their ID
// and key, until it returns false), a page at a time read together where
// that saves requests (etcd), until fn returns false; entries of games
// gone, of another ID or damaged are passed over.
func (db *DB) walkIndexed(tx txn, c cursor, next func() (uint64, []byte, bool), fn func(g Game) bool) error {
	games := tx.Bucket(bucketGames)
	type entry struct {
		id  uint64
		key []byte
	}
	for {
		var page []entry
		for len(page) < aheadPage {
			id, key, ok := next()
			if !ok {
				break
			}
			page = append(page, entry{id, key})
		}
		if err := c.Err(); err != nil {
			return err
		}
		if len(page) == 0 {
			return nil
		}
		keys := make([][]byte, len(page))
		for i, e := range page {
			keys[i] = e.key
		}
		if err := prefetch(games, keys); err != nil {
			return err
		}
		for _, e := range page {
			g, ok, err := db.indexedGame(games, e.key, e.id)
			if err != nil {
				return err
			}
			if ok && !fn(g) {
				return nil
			}
		}
	}
}

// AIGamesToAct returns the active games where the computer player ai (its
// user ID, Game.AI) is to act, by ID. It reads only those games (an index
// kept as each game changes), however many games are stored.
func (db *DB) AIGamesToAct(ctx context.Context, ai string) ([]Game, error) {
	if err := checkID("ai", ai); err != nil {
		return nil, err
	}
	var out []Game
	err := db.view(ctx, func(tx txn) error {
		out = nil
		prefix := append([]byte(ai), 0)
		c := tx.Cursor(bucketGamesAI)
		k, v := c.Seek(prefix)
		return db.walkIndexed(tx, c, func() (uint64, []byte, bool) {
			for ; k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
				if len(k) == len(prefix)+8 {
					id, key := binary.BigEndian.Uint64(k[len(prefix):]), bytes.Clone(v)
					k, v = c.Next()
					return id, key, true
				}
			}
			return 0, nil, false
		}, func(g Game) bool {
			if g.AI == ai && g.ToAct() == ai {
				out = append(out, g)
			}
			return true
		})
	})
	return out, err
}

// indexActiveGames builds the schema 7 indexes of every active game not
// in them yet, in transactions of at most perTxn games run by update
// (the migration to schema 7, on both backends). A damaged game is left
// out (and logged); its channel still reports it.
func (db *DB) indexActiveGames(update func(func(txn) error) error, perTxn int) error {
	var from []byte
	for {
		var last []byte
		done := false
		err := update(func(tx txn) error {
			last, done = nil, false
			c := tx.Cursor(bucketGames)
			idx := tx.Bucket(bucketGuildIndex)
			n := 0
			k, v := c.Seek(from)
			for ; k != nil && n < perTxn; k, v = c.Next() {
				last = bytes.Clone(k)
				n++
				if e, err := idx.Get(entriesKey(k)); err != nil {
					return err
				} else if e != nil {
					continue
				}
				var g Game
				if err := decodeValue(v, &g); err != nil || !bytes.Equal(k, pairKey(g.Guild, g.Channel)) {
					db.opts.Logger.Warn("store: migration to schema 7 skips a corrupt game", "key", string(k), "err", err)
					continue
				}
				if r, err := db.rules(g.Kind); err == nil {
					if s, err := r.Replay(g.Terms, g.Record, g.Open); err == nil {
						g.state = s
					}
				}
				if err := reindexActive(tx, bytes.Clone(k), &g); err != nil {
					return err
				}
			}
			done = k == nil
			return c.Err()
		})
		if err != nil {
			return fmt.Errorf("indexing the active games: %w", err)
		}
		if done || last == nil {
			return nil
		}
		from = append(last, 0)
	}
}

// indexChallengeMessages lists the challenges whose message is recorded
// in challenges_by_message (the migration to schema 7), perTxn
// challenges per transaction run by update. A damaged challenge is left
// out.
func (db *DB) indexChallengeMessages(update func(func(txn) error) error, perTxn int) error {
	var from []byte
	for {
		var last []byte
		err := update(func(tx txn) error {
			last = nil
			c := tx.Cursor(bucketChallenges)
			n := 0
			for k, v := c.Seek(from); k != nil && n < perTxn; k, v = c.Next() {
				last = bytes.Clone(k)
				n++
				var ch Challenge
				if decodeValue(v, &ch) != nil || ch.Message == "" {
					continue
				}
				if err := indexMessage(tx, &ch); err != nil {
					return err
				}
			}
			return c.Err()
		})
		if err != nil {
			return fmt.Errorf("indexing the challenges' messages: %w", err)
		}
		if last == nil {
			return nil
		}
		from = append(last, 0)
	}
}
