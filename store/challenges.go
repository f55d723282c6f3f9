package store

import (
	"bytes"
	"cmp"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"time"
)

// Pending challenges are kept by ID in bucketChallenges and indexed by
// channel, by challenger and by expiry (schema 3), so that finding the
// challenges of a channel, counting a user's and purging the expired ones
// read only those concerned, however many other guilds and channels have.

// DefaultMaxChallengesPerUser and DefaultMaxChallengesPerChannel bound the
// open (unexpired) challenges of one user in a guild and of one channel.
const (
	DefaultMaxChallengesPerUser    = 5
	DefaultMaxChallengesPerChannel = 25
)

// DefaultKeepExpired is how long PurgeExpiredChallenges keeps an expired
// challenge, so that a late answer is told it expired rather than that it
// never existed.
const DefaultKeepExpired = 24 * time.Hour

// CreateChallenge stores a new challenge and returns it with its ID,
// Created and Expires set, and its Terms normalized by the Rules of its
// Kind (a term left out is the guild's default for the kind,
// Settings.Defaults, else the game's own; ErrBadTerms for a kind
// Options.Games lacks or a term the Rules refuse). Zero fields take
// defaults: MoveTime from the guild's settings (negative
// means no time limit), Expires from the guild's ChallengeTTL or
// Options.ChallengeTTL. Opponent "" makes an open challenge. It fails with
// ErrChannelBusy when the channel (or the thread) has an active game, with
// ErrSelfChallenge when Opponent is the challenger, with
// ErrTooManyChallenges when the challenger already has
// Options.MaxChallengesPerUser open challenges in the guild and with
// ErrChannelChallengesFull when the channel has
// Options.MaxChallengesPerChannel.
func (db *DB) CreateChallenge(ctx context.Context, c Challenge) (Challenge, error) {
	for _, p := range [][2]string{{"guild", c.Guild}, {"channel", c.Channel}, {"challenger", c.Challenger}} {
		if err := checkID(p[0], p[1]); err != nil {
			return Challenge{}, err
		}
	}
	if c.Opponent != "" {
		if err := checkID("opponent", c.Opponent); err != nil {
			return Challenge{}, err
		}
	}
	if c.Opponent == c.Challenger {
		return Challenge{}, fmt.Errorf("store: create challenge: %w", ErrSelfChallenge)
	}
	var out Challenge
	err := db.update(ctx, func(tx txn) error {
		out = c
		set, err := settingsIn(tx, c.Guild)
		if errors.Is(err, ErrCorrupt) {
			set = Settings{Guild: c.Guild} // damaged settings: the defaults
		} else if err != nil {
			return err
		}
		if out.Terms, err = db.normalize(c.Kind, withDefaultTerms(set, c.Kind, c.Terms)); err != nil {
			return refuse(fmt.Errorf("store: create challenge: %w", err))
		}
		switch {
		case out.MoveTime == 0:
			out.MoveTime = max(set.MoveTime, 0)
		case out.MoveTime < 0:
			out.MoveTime = 0
		}
		if busy, err := channelBusy(tx, c.Guild, c.Channel); err != nil {
			return err
		} else if busy {
			return refuse(fmt.Errorf("store: create challenge in channel %s: %w", c.Channel, ErrChannelBusy))
		}
		now := db.opts.Now()
		n, err := db.countOpen(tx, challengesByUser.key(c.Guild, c.Challenger), now, db.opts.MaxChallengesPerUser)
		if err != nil {
			return err
		}
		if n >= db.opts.MaxChallengesPerUser {
			return refuse(fmt.Errorf("store: create challenge: %w (%d open)", ErrTooManyChallenges, n))
		}
		n, err = db.countOpen(tx, challengesByChan.key(c.Guild, c.Channel), now, db.opts.MaxChallengesPerChannel)
		if err != nil {
			return err
		}
		if n >= db.opts.MaxChallengesPerChannel {
			return refuse(fmt.Errorf("store: create challenge in channel %s: %w (%d open)", c.Channel, ErrChannelChallengesFull, n))
		}
		out.Created = now
		if out.Expires.IsZero() {
			ttl := set.ChallengeTTL
			if ttl <= 0 {
				ttl = db.opts.ChallengeTTL
			}
			out.Expires = now.Add(ttl)
		}
		id, err := db.newID(tx, bucketChallenges, challengeIDBuckets)
		if err != nil {
			return err
		}
		out.ID = id
		return putChallenge(tx, &out)
	})
	if err != nil {
		return Challenge{}, err
	}
	return out, nil
}

// countOpen counts the unexpired challenges listed under prefix in the
// guild index, stopping at limit.
func (db *DB) countOpen(tx txn, prefix []byte, now time.Time, limit int) (int, error) {
	n := 0
	err := db.forIndexed(tx, prefix, true, func(c Challenge) bool {
		if !c.Expired(now) {
			n++
		}
		return n < limit
	})
	return n, err
}

// forIndexed calls fn with the challenges listed in the guild index under
// prefix (of challengesByChan or challengesByUser), oldest first or, with
// newest, newest first, until fn returns false. Entries whose challenge is
// gone or damaged are skipped; a read that fails ends the walk with its
// error.
func (db *DB) forIndexed(tx txn, prefix []byte, newest bool, fn func(Challenge) bool) error {
	prefix = append(bytes.Clone(prefix), 0)
	all := tx.Bucket(bucketChallenges)
	c := tx.Scan(bucketGuildIndex, prefix)
	var k []byte
	if newest {
		k = seekLast(c, prefix)
	} else {
		k, _ = c.Seek(prefix)
	}
	for k != nil && bytes.HasPrefix(k, prefix) {
		// A page of IDs, whose challenges are read together where that
		// saves requests (etcd).
		var ids [][]byte
		for ; k != nil && bytes.HasPrefix(k, prefix) && len(ids) < aheadPage; k = step(c, newest) {
			if len(k) >= len(prefix)+8 {
				ids = append(ids, bytes.Clone(k[len(k)-8:])) // keys end with the ID
			}
		}
		if err := c.Err(); err != nil {
			return err
		}
		if err := prefetch(all, ids); err != nil {
			return err
		}
		for _, id := range ids {
			v, err := all.Get(id)
			if err != nil {
				return err
			}
			if v == nil {
				continue
			}
			var ch Challenge
			db.challengeReads.Add(1)
			if decodeValue(v, &ch) != nil {
				continue
			}
			if !fn(ch) {
				return nil
			}
		}
	}
	return c.Err()
}

// seekLast puts c on the last key that starts with prefix, or returns nil.
func seekLast(c cursor, prefix []byte) []byte {
	k, _ := c.Seek(append(bytes.Clone(prefix), 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff))
	if k == nil {
		k, _ = c.Last()
	} else {
		k, _ = c.Prev()
	}
	if k != nil && !bytes.HasPrefix(k, prefix) {
		return nil
	}
	return k
}

func step(c cursor, back bool) []byte {
	if back {
		k, _ := c.Prev()
		return k
	}
	k, _ := c.Next()
	return k
}

// expiryKey orders challenges by expiry, then ID.
func expiryKey(c *Challenge) []byte {
	k := binary.BigEndian.AppendUint64(nil, uint64(c.Expires.UnixNano())^(1<<63))
	return binary.BigEndian.AppendUint64(k, c.ID)
}

// putChallenge writes a challenge and its index entries.
func putChallenge(tx txn, c *Challenge) error {
	if err := put(tx.Bucket(bucketChallenges), idKey(c.ID), c); err != nil {
		return err
	}
	if err := indexMessage(tx, c); err != nil {
		return err
	}
	return indexChallenge(tx, c)
}

// indexMessage lists a challenge by expiry in challenges_by_message while
// its message is recorded (schema 7), so that the sweep finds the
// messages to edit without reading the expired challenges whose message
// was edited already.
func indexMessage(tx txn, c *Challenge) error {
	if c.Message == "" {
		return tx.Bucket(bucketChallengesByMessage).Delete(expiryKey(c))
	}
	return tx.Bucket(bucketChallengesByMessage).Put(expiryKey(c), nil)
}

// indexChallenge writes a challenge's index entries.
func indexChallenge(tx txn, c *Challenge) error {
	idx := tx.Bucket(bucketGuildIndex)
	if err := idx.Put(idSuffix(challengesByChan.key(c.Guild, c.Channel), c.ID), nil); err != nil {
		return err
	}
	if err := idx.Put(idSuffix(challengesByUser.key(c.Guild, c.Challenger), c.ID), nil); err != nil {
		return err
	}
	return tx.Bucket(bucketChallengesByExpiry).Put(expiryKey(c), nil)
}

// deleteChallenge removes a challenge and its index entries.
func deleteChallenge(tx txn, c *Challenge) error {
	if err := tx.Bucket(bucketChallenges).Delete(idKey(c.ID)); err != nil {
		return err
	}
	idx := tx.Bucket(bucketGuildIndex)
	if err := idx.Delete(idSuffix(challengesByChan.key(c.Guild, c.Channel), c.ID)); err != nil {
		return err
	}
	if err := idx.Delete(idSuffix(challengesByUser.key(c.Guild, c.Challenger), c.ID)); err != nil {
		return err
	}
	if err := tx.Bucket(bucketChallengesByMessage).Delete(expiryKey(c)); err != nil {
		return err
	}
	return tx.Bucket(bucketChallengesByExpiry).Delete(expiryKey(c))
}

// Challenge returns the challenge with the given ID, expired or not.
func (db *DB) Challenge(ctx context.Context, id uint64) (Challenge, error) {
	var c Challenge
	err := db.view(ctx, func(tx txn) error {
		var err error
		c, err = challengeIn(tx, id)
		return err
	})
	return c, err
}

func challengeIn(tx txn, id uint64) (Challenge, error) {
	var c Challenge
	v, err := tx.Bucket(bucketChallenges).Get(idKey(id))
	if err != nil {
		return c, err
	}
	if v == nil {
		return c, fmt.Errorf("store: challenge %d: %w", id, ErrChallengeNotFound)
	}
	if err := decode(v, &c); err != nil {
		return c, fmt.Errorf("store: challenge %d: %w", id, err)
	}
	return c, nil
}

// Challenges returns the unexpired challenges of a channel, oldest first.
// An empty channel lists the whole guild's. It reads only the challenges
// of that channel (or guild).
func (db *DB) Challenges(ctx context.Context, guild, channel string) ([]Challenge, error) {
	var out []Challenge
	now := db.opts.Now()
	err := db.view(ctx, func(tx txn) error {
		prefix := challengesByChan.key(guild, channel)
		if channel == "" {
			prefix = challengesByChan.scope(guild)
		}
		out = nil // a run again (etcd) starts afresh
		err := db.forIndexed(tx, prefix, false, func(c Challenge) bool {
			if c.Guild == guild && (channel == "" || c.Channel == channel) && !c.Expired(now) {
				out = append(out, c)
			}
			return true
		})
		if err != nil {
			return err
		}
		if channel == "" {
			slices.SortFunc(out, func(a, b Challenge) int { return cmp.Compare(a.ID, b.ID) })
		}
		return nil
	})
	return out, err
}

// PendingChallenge returns the newest unexpired challenge in the channel
// that user may accept (addressed to user, or open and not user's own). It
// fails with ErrChallengeExpired when only expired ones exist and with
// ErrChallengeNotFound when there are none. It reads only the channel's
// challenges.
func (db *DB) PendingChallenge(ctx context.Context, guild, channel, user string) (Challenge, error) {
	var best Challenge
	found, expired := false, false
	now := db.opts.Now()
	err := db.view(ctx, func(tx txn) error {
		found, expired = false, false // a run again (etcd) starts afresh
		return db.forIndexed(tx, challengesByChan.key(guild, channel), true, func(c Challenge) bool {
			if c.Guild != guild || c.Channel != channel {
				return true
			}
			if c.Opponent != user && (c.Opponent != "" || c.Challenger == user) {
				return true
			}
			if c.Expired(now) {
				expired = true
				return true
			}
			best, found = c, true // newest first: the first is the newest
			return false
		})
	})
	switch {
	case err != nil:
		return Challenge{}, err
	case found:
		return best, nil
	case expired:
		return Challenge{}, fmt.Errorf("store: challenge in channel %s: %w", channel, ErrChallengeExpired)
	}
	return Challenge{}, fmt.Errorf("store: challenge in channel %s: %w", channel, ErrChallengeNotFound)
}

// SetChallengeMessage records the message that shows the challenge ("" to
// forget it, once the expired challenge's message was edited).
func (db *DB) SetChallengeMessage(ctx context.Context, id uint64, message string) (Challenge, error) {
	var out Challenge
	err := db.update(ctx, func(tx txn) error {
		c, err := challengeIn(tx, id)
		if err != nil {
			return refuse(err)
		}
		c.Message = message
		out = c
		if err := indexMessage(tx, &c); err != nil {
			return err
		}
		return put(tx.Bucket(bucketChallenges), idKey(id), &c)
	})
	return out, err
}

// ExpiredChallengeMessages returns up to limit challenges expired at now
// (and not purged yet) whose message is recorded (Challenge.Message),
// soonest expired first: the messages that still show buttons of a
// challenge no longer open. The bot's sweep edits each to say it expired
// and then clears its Message with SetChallengeMessage. It reads only
// the expired challenges whose message is recorded (an index by expiry of
// the challenges with a message, schema 7).
func (db *DB) ExpiredChallengeMessages(ctx context.Context, now time.Time, limit int) ([]Challenge, error) {
	var out []Challenge
	err := db.view(ctx, func(tx txn) error {
		out = nil
		end := expiryKey(&Challenge{Expires: now})
		all := tx.Bucket(bucketChallenges)
		c := tx.Cursor(bucketChallengesByMessage)
		for k, _ := c.First(); len(k) >= 8 && bytes.Compare(k[:8], end[:8]) <= 0 && len(out) < limit; k, _ = c.Next() {
			if len(k) != 16 {
				continue
			}
			v, err := all.Get(idKey(binary.BigEndian.Uint64(k[8:])))
			if err != nil {
				return err
			}
			var ch Challenge
			db.challengeReads.Add(1)
			if v == nil || decodeValue(v, &ch) != nil || ch.Message == "" || !ch.Expired(now) {
				continue
			}
			out = append(out, ch)
		}
		return c.Err()
	})
	return out, err
}

// AcceptChallenge starts the game of a challenge, atomically: the
// challenge must still exist and not be expired, user must be its
// opponent (any user but the challenger for an open challenge), and the
// channel must have no active game. The challenge is removed and the new
// game returned; the challenger is Players[0] (the opponent when
// OpponentFirst is set).
func (db *DB) AcceptChallenge(ctx context.Context, id uint64, user string) (Game, error) {
	if err := checkID("user", user); err != nil {
		return Game{}, err
	}
	var out Game
	err := db.update(ctx, func(tx txn) error {
		c, err := challengeIn(tx, id)
		if err != nil {
			return refuse(err)
		}
		switch {
		case c.Challenger == user:
			return refuse(fmt.Errorf("store: accept challenge %d: %w", id, ErrSelfChallenge))
		case c.Opponent != "" && c.Opponent != user:
			return refuse(fmt.Errorf("store: accept challenge %d: %w: the challenge is for another player", id, ErrNotPlayer))
		}
		now := db.opts.Now()
		if c.Expired(now) {
			return refuse(fmt.Errorf("store: accept challenge %d: %w", id, ErrChallengeExpired))
		}
		if busy, err := channelBusy(tx, c.Guild, c.Channel); err != nil {
			return err
		} else if busy {
			return refuse(fmt.Errorf("store: accept challenge %d in channel %s: %w", id, c.Channel, ErrChannelBusy))
		}
		r, err := db.rules(c.Kind)
		if err != nil {
			return refuse(fmt.Errorf("store: accept challenge %d: %w: %w", id, ErrBadTerms, err))
		}
		st, err := r.New(c.Terms)
		if err != nil {
			return refuse(fmt.Errorf("store: accept challenge %d: %w: %w", id, ErrBadTerms, err))
		}
		games := tx.Bucket(bucketGames)
		gid, err := db.newID(tx, bucketGames, gameIDBuckets)
		if err != nil {
			return err
		}
		players := [2]string{c.Challenger, user}
		if c.OpponentFirst {
			players = [2]string{user, c.Challenger}
		}
		g := Game{ID: gid, Guild: c.Guild, Channel: c.Channel, Players: players,
			Kind: c.Kind, Terms: c.Terms.Clone(), Rated: c.Rated, MoveTime: c.MoveTime, Challenge: c.ID, Started: now, Updated: now}
		g.setState(st)
		if err := deleteChallenge(tx, &c); err != nil {
			return err
		}
		if err := put(games, pairKey(g.Guild, g.Channel), &g); err != nil {
			return err
		}
		if err := indexActive(tx, &g); err != nil {
			return err
		}
		if err := reindexActive(tx, pairKey(g.Guild, g.Channel), &g); err != nil {
			return err
		}
		out = g
		return nil
	})
	return out, err
}

// DeclineChallenge removes a challenge: its opponent declines it or its
// challenger withdraws it (for an open challenge, only the challenger). It
// returns the challenge removed. Expired challenges may be declined.
func (db *DB) DeclineChallenge(ctx context.Context, id uint64, user string) (Challenge, error) {
	var out Challenge
	err := db.update(ctx, func(tx txn) error {
		c, err := challengeIn(tx, id)
		if err != nil {
			return refuse(err)
		}
		if user != c.Challenger && (c.Opponent == "" || user != c.Opponent) {
			return refuse(fmt.Errorf("store: decline challenge %d: %w", id, ErrNotPlayer))
		}
		out = c
		return deleteChallenge(tx, &c)
	})
	return out, err
}

// PurgeChallenges deletes the challenges that expired before cutoff and
// returns how many it deleted. It reads only those (an index by expiry),
// so a regular sweep may call it however many challenges are open.
//
// It works in transactions of at most purgeBatch challenges (an etcd Txn
// holds at most 128 operations), until none is left.
func (db *DB) PurgeChallenges(ctx context.Context, cutoff time.Time) (int, error) {
	total := 0
	for {
		n, more, err := db.purgeSome(ctx, cutoff)
		total += n
		if err != nil || !more {
			return total, err
		}
	}
}

// purgeBatch bounds the expiry entries one transaction of PurgeChallenges
// handles: each challenge is 4 deletions.
const purgeBatch = 25

// purgeSome deletes up to purgeBatch challenges that expired before
// cutoff, in one transaction, and says whether more may be left.
func (db *DB) purgeSome(ctx context.Context, cutoff time.Time) (n int, more bool, err error) {
	err = db.update(ctx, func(tx txn) error {
		n, more = 0, false
		var dead []Challenge
		end := expiryKey(&Challenge{Expires: cutoff})
		c := tx.Cursor(bucketChallengesByExpiry)
		var stale [][]byte // entries of challenges already gone
		seen := 0
		for k, _ := c.First(); len(k) >= 8 && bytes.Compare(k[:8], end[:8]) < 0; k, _ = c.Next() {
			if len(k) != 16 {
				continue
			}
			if seen == purgeBatch {
				more = true
				break
			}
			seen++
			id := binary.BigEndian.Uint64(k[8:])
			v, err := tx.Bucket(bucketChallenges).Get(idKey(id))
			if err != nil {
				return err
			}
			var ch Challenge
			switch {
			case v == nil:
				stale = append(stale, bytes.Clone(k))
			case decodeValue(v, &ch) != nil:
				// Damaged: removed with its expiry entry (its other
				// entries are skipped by readers).
				ch = Challenge{ID: id}
				stale = append(stale, bytes.Clone(k))
				dead = append(dead, ch)
			default:
				dead = append(dead, ch)
			}
		}
		if err := c.Err(); err != nil {
			return err
		}
		for _, k := range stale {
			if err := tx.Bucket(bucketChallengesByExpiry).Delete(k); err != nil {
				return err
			}
			if err := tx.Bucket(bucketChallengesByMessage).Delete(k); err != nil {
				return err
			}
		}
		for i := range dead {
			if dead[i].Guild == "" { // damaged
				if err := tx.Bucket(bucketChallenges).Delete(idKey(dead[i].ID)); err != nil {
					return err
				}
				continue
			}
			if err := deleteChallenge(tx, &dead[i]); err != nil {
				return err
			}
		}
		n = len(dead)
		return nil
	})
	if err != nil {
		return 0, false, err
	}
	return n, more, nil
}

// PurgeExpiredChallenges deletes the challenges that expired more than
// Options.KeepExpired ago and returns how many it deleted; the bot's
// regular sweep calls it. Its cost is that of the challenges it deletes.
func (db *DB) PurgeExpiredChallenges(ctx context.Context) (int, error) {
	return db.PurgeChallenges(ctx, db.opts.Now().Add(-db.opts.KeepExpired))
}
