package store

import (
	"bytes"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/veletasbot/veletas/game/veletas"
)

// CreateChallenge stores a new challenge and returns it with its ID,
// Created and Expires set. Zero fields take defaults: Size from the guild's
// settings (10 when unset), MoveTime from the guild's settings (negative
// means no time limit), Expires from the guild's ChallengeTTL or
// Options.ChallengeTTL. Opponent "" makes an open challenge. It fails with
// ErrChannelBusy when the channel (or the thread) has an active game and
// with ErrSelfChallenge when Opponent is the challenger.
func (db *DB) CreateChallenge(c Challenge) (Challenge, error) {
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
	err := db.update(func(tx *bolt.Tx) error {
		out = c
		set, err := settingsIn(tx, c.Guild)
		if err != nil {
			set = Settings{Guild: c.Guild}
		}
		if out.Size == 0 {
			out.Size = set.Size
			if out.Size == 0 {
				out.Size = veletas.Size10
			}
		}
		if !out.Size.Valid() {
			return fmt.Errorf("store: create challenge: %w: board size %d (use 7, 9 or 10)", ErrInvalid, out.Size)
		}
		switch {
		case out.MoveTime == 0:
			out.MoveTime = max(set.MoveTime, 0)
		case out.MoveTime < 0:
			out.MoveTime = 0
		}
		if _, _, err := activeKey(tx, c.Guild, c.Channel); err == nil {
			return fmt.Errorf("store: create challenge in channel %s: %w", c.Channel, ErrChannelBusy)
		}
		now := db.opts.Now()
		out.Created = now
		if out.Expires.IsZero() {
			ttl := set.ChallengeTTL
			if ttl <= 0 {
				ttl = db.opts.ChallengeTTL
			}
			out.Expires = now.Add(ttl)
		}
		b := tx.Bucket(bucketChallenges)
		id, err := b.NextSequence()
		if err != nil {
			return abort(err)
		}
		out.ID = id
		return abort(put(b, idKey(id), &out))
	})
	if err != nil {
		return Challenge{}, err
	}
	return out, nil
}

// Challenge returns the challenge with the given ID, expired or not.
func (db *DB) Challenge(id uint64) (Challenge, error) {
	var c Challenge
	err := db.view(func(tx *bolt.Tx) error {
		var err error
		c, err = challengeIn(tx, id)
		return err
	})
	return c, err
}

func challengeIn(tx *bolt.Tx, id uint64) (Challenge, error) {
	var c Challenge
	v := tx.Bucket(bucketChallenges).Get(idKey(id))
	if v == nil {
		return c, fmt.Errorf("store: challenge %d: %w", id, ErrChallengeNotFound)
	}
	if err := decode(v, &c); err != nil {
		return c, fmt.Errorf("store: challenge %d: %w", id, err)
	}
	return c, nil
}

// Challenges returns the unexpired challenges of a channel, oldest first.
// An empty channel lists the whole guild's.
func (db *DB) Challenges(guild, channel string) ([]Challenge, error) {
	var out []Challenge
	now := db.opts.Now()
	err := db.view(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketChallenges).ForEach(func(k, v []byte) error {
			var c Challenge
			if err := decode(v, &c); err != nil {
				db.opts.Logger.Warn("store: skipping a corrupt challenge", "key", k, "err", err)
				return nil
			}
			if c.Guild == guild && (channel == "" || c.Channel == channel) && !c.Expired(now) {
				out = append(out, c)
			}
			return nil
		})
	})
	return out, err
}

// PendingChallenge returns the newest unexpired challenge in the channel
// that user may accept (addressed to user, or open and not user's own). It
// fails with ErrChallengeExpired when only expired ones exist and with
// ErrChallengeNotFound when there are none.
func (db *DB) PendingChallenge(guild, channel, user string) (Challenge, error) {
	var best Challenge
	found, expired := false, false
	now := db.opts.Now()
	err := db.view(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketChallenges).ForEach(func(k, v []byte) error {
			var c Challenge
			if decode(v, &c) != nil || c.Guild != guild || c.Channel != channel {
				return nil
			}
			if c.Opponent != user && (c.Opponent != "" || c.Challenger == user) {
				return nil
			}
			if c.Expired(now) {
				expired = true
				return nil
			}
			best, found = c, true // keys ascend: the last is the newest
			return nil
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

// SetChallengeMessage records the message that shows the challenge.
func (db *DB) SetChallengeMessage(id uint64, message string) (Challenge, error) {
	var out Challenge
	err := db.update(func(tx *bolt.Tx) error {
		c, err := challengeIn(tx, id)
		if err != nil {
			return err
		}
		c.Message = message
		out = c
		return abort(put(tx.Bucket(bucketChallenges), idKey(id), &c))
	})
	return out, err
}

// AcceptChallenge starts the game of a challenge, atomically: the
// challenge must still exist and not be expired, user must be its
// opponent (any user but the challenger for an open challenge), and the
// channel must have no active game. The challenge is removed and the new
// game returned; the challenger is Players[0] (the opponent when
// OpponentFirst is set).
func (db *DB) AcceptChallenge(id uint64, user string) (Game, error) {
	if err := checkID("user", user); err != nil {
		return Game{}, err
	}
	var out Game
	err := db.update(func(tx *bolt.Tx) error {
		c, err := challengeIn(tx, id)
		if err != nil {
			return err
		}
		switch {
		case c.Challenger == user:
			return fmt.Errorf("store: accept challenge %d: %w", id, ErrSelfChallenge)
		case c.Opponent != "" && c.Opponent != user:
			return fmt.Errorf("store: accept challenge %d: %w: the challenge is for another player", id, ErrNotPlayer)
		}
		now := db.opts.Now()
		if c.Expired(now) {
			return fmt.Errorf("store: accept challenge %d: %w", id, ErrChallengeExpired)
		}
		if _, _, err := activeKey(tx, c.Guild, c.Channel); err == nil {
			return fmt.Errorf("store: accept challenge %d in channel %s: %w", id, c.Channel, ErrChannelBusy)
		}
		st, err := veletas.NewGame(c.Size)
		if err != nil {
			return fmt.Errorf("store: accept challenge %d: %w: %w", id, ErrInvalid, err)
		}
		games := tx.Bucket(bucketGames)
		gid, err := games.NextSequence()
		if err != nil {
			return abort(err)
		}
		players := [2]string{c.Challenger, user}
		if c.OpponentFirst {
			players = [2]string{user, c.Challenger}
		}
		g := Game{ID: gid, Guild: c.Guild, Channel: c.Channel, Players: players,
			Size: c.Size, Rated: c.Rated, MoveTime: c.MoveTime, Challenge: c.ID, Started: now, Updated: now}
		g.setState(st)
		if err := tx.Bucket(bucketChallenges).Delete(idKey(id)); err != nil {
			return abort(err)
		}
		if err := put(games, pairKey(g.Guild, g.Channel), &g); err != nil {
			return abort(err)
		}
		out = g
		return nil
	})
	return out, err
}

// DeclineChallenge removes a challenge: its opponent declines it or its
// challenger withdraws it (for an open challenge, only the challenger). It
// returns the challenge removed. Expired challenges may be declined.
func (db *DB) DeclineChallenge(id uint64, user string) (Challenge, error) {
	var out Challenge
	err := db.update(func(tx *bolt.Tx) error {
		c, err := challengeIn(tx, id)
		if err != nil {
			return err
		}
		if user != c.Challenger && (c.Opponent == "" || user != c.Opponent) {
			return fmt.Errorf("store: decline challenge %d: %w", id, ErrNotPlayer)
		}
		out = c
		return abort(tx.Bucket(bucketChallenges).Delete(idKey(id)))
	})
	return out, err
}

// PurgeChallenges deletes the challenges that expired before cutoff and
// returns how many it deleted.
func (db *DB) PurgeChallenges(cutoff time.Time) (int, error) {
	var n int
	err := db.update(func(tx *bolt.Tx) error {
		n = 0
		b := tx.Bucket(bucketChallenges)
		var dead [][]byte
		b.ForEach(func(k, v []byte) error {
			var c Challenge
			if decode(v, &c) != nil || c.Expires.Before(cutoff) {
				dead = append(dead, bytes.Clone(k))
			}
			return nil
		})
		for _, k := range dead {
			if err := b.Delete(k); err != nil {
				return abort(err)
			}
		}
		n = len(dead)
		return nil
	})
	return n, err
}
