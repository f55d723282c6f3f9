package store

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/veletasbot/veletas/game/veletas"
)

// ---- challenges ----

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

// ---- active games ----

// activeKey finds the key of the active game of a channel or thread.
func activeKey(tx *bolt.Tx, guild, channel string) (key, value []byte, err error) {
	key = pairKey(guild, channel)
	if v := tx.Bucket(bucketGames).Get(key); v != nil {
		return key, v, nil
	}
	if ch := tx.Bucket(bucketThreads).Get(key); ch != nil {
		key = pairKey(guild, string(ch))
		if v := tx.Bucket(bucketGames).Get(key); v != nil {
			return key, v, nil
		}
	}
	return nil, nil, fmt.Errorf("store: channel %s: %w", channel, ErrNoGame)
}

// loadActive loads and replays the active game of a channel or thread.
func (db *DB) loadActive(tx *bolt.Tx, guild, channel string) (Game, []byte, error) {
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
	if err := db.states.decodeGame(v, &g); err != nil {
		return Game{}, nil, fmt.Errorf("store: game in channel %s: %w", channel, err)
	}
	return g, key, nil
}

// ActiveGame returns the active game of a channel, or of a thread the game
// is played in. It fails with ErrNoGame when there is none and with an
// error wrapping ErrCorrupt when the stored game is damaged.
func (db *DB) ActiveGame(guild, channel string) (Game, error) {
	var g Game
	err := db.view(func(tx *bolt.Tx) error {
		var err error
		g, _, err = db.loadActive(tx, guild, channel)
		return err
	})
	return g, err
}

// ActiveGames returns the active games of a guild (of every guild when
// guild is ""), ordered by guild and channel. Corrupt games are skipped
// (and logged); ActiveGame on their channel reports them.
func (db *DB) ActiveGames(guild string) ([]Game, error) {
	var out []Game
	err := db.view(func(tx *bolt.Tx) error {
		c := tx.Bucket(bucketGames).Cursor()
		var prefix []byte
		if guild != "" {
			prefix = pairKey(guild, "")
		}
		for k, v := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
			var g Game
			if err := db.states.decodeGame(v, &g); err != nil {
				db.opts.Logger.Warn("store: skipping a corrupt game", "key", string(k), "err", err)
				continue
			}
			out = append(out, g)
		}
		return nil
	})
	return out, err
}

// PlayerGames returns the active games of a guild that user plays, those
// where it is user's turn first, then by the time of the last action, the
// oldest first.
func (db *DB) PlayerGames(guild, user string) ([]Game, error) {
	all, err := db.ActiveGames(guild)
	if err != nil {
		return nil, err
	}
	var out []Game
	for _, g := range all {
		if g.IsPlayer(user) {
			out = append(out, g)
		}
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

// Apply applies an action of user to the active game of a channel (or
// thread) in one transaction and returns the game after it, once the
// change is on disk. rev is the revision the player saw; a negative rev
// skips the check. When the action ends the game, the game is archived and
// the standings updated in the same transaction, and the returned game has
// Winner, Reason and Ended set; the channel then has no active game.
//
// Refusals: ErrNoGame, ErrNotPlayer, ErrStaleRevision, ErrNotYourTurn, and
// ErrIllegal together with the game package's error.
func (db *DB) Apply(guild, channel, user string, rev int, a veletas.Action) (Game, error) {
	return db.change(guild, channel, user, func(g *Game, now time.Time) error {
		if rev >= 0 && rev != g.Revision {
			return fmt.Errorf("store: game %d: %w (revision %d, now %d)", g.ID, ErrStaleRevision, rev, g.Revision)
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
		if p := st.Position(); p.Over() {
			g.Winner, g.Reason, g.Ended = g.PlayerOf(p.Winner()), ReasonMajority, now
		}
		return nil
	})
}

// ApplyToken is Apply with the action written in the notation
// ("d4-d7/f9", "swap", "[d4,g7,b9]e5").
func (db *DB) ApplyToken(guild, channel, user string, rev int, token string) (Game, error) {
	a, err := veletas.ParseAction(token)
	if err != nil {
		return Game{}, fmt.Errorf("store: %w: %w", ErrIllegal, err)
	}
	return db.Apply(guild, channel, user, rev, a)
}

// Resign ends the active game of a channel with user, one of its players,
// losing. It returns the finished game (archived, standings updated).
func (db *DB) Resign(guild, channel, user string) (Game, error) {
	return db.change(guild, channel, user, func(g *Game, now time.Time) error {
		g.Winner, g.Reason, g.Ended, g.Updated = g.Opponent(user), ReasonResign, now, now
		g.Revision++
		return nil
	})
}

// ClaimTimeout ends the active game of a channel with user winning on
// time: user must be the player not to act, and the time per move of the
// game must have run out. Otherwise it fails with ErrNoTimeout (or
// ErrNotPlayer, ErrNotYourTurn when it is user who must act).
func (db *DB) ClaimTimeout(guild, channel, user string) (Game, error) {
	return db.change(guild, channel, user, func(g *Game, now time.Time) error {
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
func (db *DB) RequestTakeback(guild, channel, user string) (Game, error) {
	return db.change(guild, channel, user, func(g *Game, now time.Time) error {
		last, ok := g.state.LastAction()
		if !ok || last.Kind != veletas.KindTurn || g.ToAct() == user {
			return fmt.Errorf("store: game %d: %w", g.ID, ErrTakebackNotAllowed)
		}
		g.TakebackBy, g.TakebackRev = user, g.Revision
		return nil
	})
}

// AnswerTakeback accepts or declines the pending takeback request of the
// game; user must be the opponent of the player who asked. Accepting undoes
// the last turn (claims it made are undone with it) and advances the
// revision; declining only clears the request. It fails with ErrNoTakeback
// when no request is pending.
func (db *DB) AnswerTakeback(guild, channel, user string, accept bool) (Game, error) {
	return db.change(guild, channel, user, func(g *Game, now time.Time) error {
		if g.TakebackBy == "" || g.TakebackRev != g.Revision {
			return fmt.Errorf("store: game %d: %w", g.ID, ErrNoTakeback)
		}
		if user == g.TakebackBy {
			return fmt.Errorf("store: game %d: %w: the request is your opponent's to answer", g.ID, ErrNotPlayer)
		}
		g.TakebackBy, g.TakebackRev = "", 0
		if accept {
			g.setState(g.state.Undo(1))
			g.Revision++
			g.Updated = now
			g.Reminded, g.TimeUp = false, false
		}
		return nil
	})
}

// SetReminded records that the reminder for the move at revision rev was
// sent (the bot sends one per move). It fails with ErrStaleRevision when the
// game has moved on.
func (db *DB) SetReminded(guild, channel string, rev int) (Game, error) {
	return db.change(guild, channel, "", func(g *Game, now time.Time) error {
		if rev >= 0 && rev != g.Revision {
			return fmt.Errorf("store: game %d: %w", g.ID, ErrStaleRevision)
		}
		g.Reminded = true
		return nil
	})
}

// SetTimeUp records that the opponent was told that the time for the move
// at revision rev ran out (the bot tells them once per move). It fails with
// ErrStaleRevision when the game has moved on.
func (db *DB) SetTimeUp(guild, channel string, rev int) (Game, error) {
	return db.change(guild, channel, "", func(g *Game, now time.Time) error {
		if rev >= 0 && rev != g.Revision {
			return fmt.Errorf("store: game %d: %w", g.ID, ErrStaleRevision)
		}
		g.TimeUp = true
		return nil
	})
}

// SetGameThread records the thread a game is played in; ActiveGame and
// the other methods then find the game by the thread's ID too.
func (db *DB) SetGameThread(guild, channel, thread string) (Game, error) {
	if err := checkID("thread", thread); err != nil {
		return Game{}, err
	}
	var out Game
	err := db.update(func(tx *bolt.Tx) error {
		g, key, err := db.loadActive(tx, guild, channel)
		if err != nil {
			return err
		}
		if g.Thread != "" {
			if err := tx.Bucket(bucketThreads).Delete(pairKey(guild, g.Thread)); err != nil {
				return abort(err)
			}
		}
		g.Thread = thread
		if thread != g.Channel {
			if err := tx.Bucket(bucketThreads).Put(pairKey(guild, thread), []byte(g.Channel)); err != nil {
				return abort(err)
			}
		}
		out = g
		return abort(put(tx.Bucket(bucketGames), key, &g))
	})
	return out, err
}

// SetGameMessage records the message that shows a game (the bot's own
// bookkeeping; it does not change the revision).
func (db *DB) SetGameMessage(guild, channel, message string) (Game, error) {
	return db.change(guild, channel, "", func(g *Game, now time.Time) error {
		g.Message = message
		return nil
	})
}

// RemoveGame deletes the active game of a channel without a result, even
// one whose stored value is corrupt (the raw value is kept in a quarantine
// bucket for inspection). It frees the channel for a new game.
func (db *DB) RemoveGame(guild, channel string) error {
	if err := checkID("guild", guild); err != nil {
		return err
	}
	if err := checkID("channel", channel); err != nil {
		return err
	}
	return db.update(func(tx *bolt.Tx) error {
		key, v, err := activeKey(tx, guild, channel)
		if err != nil {
			return err
		}
		var g Game
		if decode(v, &g) == nil && g.Thread != "" {
			if err := tx.Bucket(bucketThreads).Delete(pairKey(guild, g.Thread)); err != nil {
				return abort(err)
			}
		}
		q, err := tx.CreateBucketIfNotExists(bucketQuarantine)
		if err != nil {
			return abort(err)
		}
		qk := append(bytes.Clone(key), 0)
		qk = append(qk, db.opts.Now().UTC().Format(time.RFC3339Nano)...)
		if err := q.Put(qk, bytes.Clone(v)); err != nil {
			return abort(err)
		}
		return abort(tx.Bucket(bucketGames).Delete(key))
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
func (db *DB) change(guild, channel, user string, fn func(g *Game, now time.Time) error) (Game, error) {
	if user != "" {
		if err := checkID("user", user); err != nil {
			return Game{}, err
		}
	}
	for {
		var (
			g        Game
			key, old []byte
		)
		err := db.view(func(tx *bolt.Tx) error {
			var err error
			g, key, err = db.loadActive(tx, guild, channel)
			if err == nil {
				old = bytes.Clone(tx.Bucket(bucketGames).Get(key))
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
		err = db.update(func(tx *bolt.Tx) error {
			conflict = !bytes.Equal(tx.Bucket(bucketGames).Get(key), old)
			if conflict {
				return nil
			}
			if g.Reason != ReasonNone {
				return abort(db.finish(tx, key, &g, val))
			}
			return abort(tx.Bucket(bucketGames).Put(key, val))
		})
		if err != nil {
			return Game{}, err
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

// finish moves an ended game, whose encoding is val, to the archive and
// counts it in the standings.
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
	if g.Winner == "" || g.AI != "" {
		return nil // games against the AI are left out of the standings
	}
	loser := g.Loser()
	sb := tx.Bucket(bucketStandings)
	w, err := standingIn(tx, g.Guild, g.Winner)
	if err != nil {
		w = newStanding(g.Guild, g.Winner) // a corrupt standing starts again
	}
	l, err := standingIn(tx, g.Guild, loser)
	if err != nil {
		l = newStanding(g.Guild, loser)
	}
	w.Wins++
	w.Games++
	w.Streak = max(w.Streak, 0) + 1
	l.Losses++
	l.Games++
	l.Streak = min(l.Streak, 0) - 1
	if g.Rated && db.opts.Rate != nil {
		w, l = db.opts.Rate(w, l)
	}
	w.Last, l.Last = g.Ended, g.Ended
	if err := put(sb, pairKey(g.Guild, g.Winner), &w); err != nil {
		return err
	}
	return put(sb, pairKey(g.Guild, loser), &l)
}

func put(b *bolt.Bucket, key []byte, v any) error {
	val, err := encode(v)
	if err != nil {
		return err
	}
	return b.Put(key, val)
}

// ---- archive ----

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

// ---- standings ----

func standingIn(tx *bolt.Tx, guild, user string) (Standing, error) {
	v := tx.Bucket(bucketStandings).Get(pairKey(guild, user))
	if v == nil {
		return newStanding(guild, user), nil
	}
	var s Standing
	if err := decode(v, &s); err != nil {
		return newStanding(guild, user), fmt.Errorf("store: standing of %s: %w", user, err)
	}
	return s, nil
}

// Standing returns a player's standing in a guild; a player with no
// finished game has a zero record and the initial rating.
func (db *DB) Standing(guild, user string) (Standing, error) {
	var s Standing
	err := db.view(func(tx *bolt.Tx) error {
		var err error
		s, err = standingIn(tx, guild, user)
		return err
	})
	return s, err
}

// Standings returns a guild's players with at least one finished game,
// by wins (most first), then losses (fewest first), then user ID.
func (db *DB) Standings(guild string) ([]Standing, error) {
	var out []Standing
	err := db.view(func(tx *bolt.Tx) error {
		prefix := pairKey(guild, "")
		c := tx.Bucket(bucketStandings).Cursor()
		for k, v := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
			var s Standing
			if err := decode(v, &s); err != nil {
				db.opts.Logger.Warn("store: skipping a corrupt standing", "key", string(k), "err", err)
				continue
			}
			out = append(out, s)
		}
		return nil
	})
	slices.SortStableFunc(out, func(a, b Standing) int {
		if a.Wins != b.Wins {
			return b.Wins - a.Wins
		}
		if a.Losses != b.Losses {
			return a.Losses - b.Losses
		}
		return bytes.Compare([]byte(a.User), []byte(b.User))
	})
	return out, err
}

// ---- settings ----

func settingsIn(tx *bolt.Tx, guild string) (Settings, error) {
	s := Settings{Guild: guild}
	v := tx.Bucket(bucketSettings).Get([]byte(guild))
	if v == nil {
		return s, nil
	}
	if err := decode(v, &s); err != nil {
		return Settings{Guild: guild}, fmt.Errorf("store: settings of guild %s: %w", guild, err)
	}
	return s, nil
}

// Settings returns a guild's settings (zero values when never set).
func (db *DB) Settings(guild string) (Settings, error) {
	var s Settings
	err := db.view(func(tx *bolt.Tx) error {
		var err error
		s, err = settingsIn(tx, guild)
		return err
	})
	return s, err
}

// SetSettings replaces a guild's settings (s.Guild names the guild).
func (db *DB) SetSettings(s Settings) error {
	if err := checkID("guild", s.Guild); err != nil {
		return err
	}
	if s.Size != 0 && !s.Size.Valid() {
		return fmt.Errorf("store: settings: %w: board size %d (use 7, 9 or 10)", ErrInvalid, s.Size)
	}
	return db.update(func(tx *bolt.Tx) error {
		return abort(put(tx.Bucket(bucketSettings), []byte(s.Guild), &s))
	})
}

// UpdateSettings changes a guild's settings with fn in one transaction;
// an error from fn changes nothing and is returned. fn may be called more
// than once and must only change its argument.
func (db *DB) UpdateSettings(guild string, fn func(*Settings) error) (Settings, error) {
	if err := checkID("guild", guild); err != nil {
		return Settings{}, err
	}
	var out Settings
	err := db.update(func(tx *bolt.Tx) error {
		s, err := settingsIn(tx, guild)
		if err != nil && !errors.Is(err, ErrCorrupt) {
			return err
		}
		if err := fn(&s); err != nil {
			return err
		}
		s.Guild = guild
		out = s
		return abort(put(tx.Bucket(bucketSettings), []byte(guild), &s))
	})
	return out, err
}
