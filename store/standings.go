package store

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/veletasbot/veletas/game"
)

// count counts a finished rated game in its players' standings, rating
// it with Options.Rate. Unrated (friendly) games and games against the AI
// are left out: they add no win or loss and reorder nothing; they are in
// the archive, where FinishedGames lists them with Rated false.
//
// Standings are per game and per guild, kept by guild, kind and user in
// the guild index (guildindex.go; schema 6 moved to bucketStandingsByKind,
// by kind, guild and user, the standings that schema 5 kept in
// bucketStandings by guild and user, and schema 8 moved them on). A
// drawn game (ReasonRules, ReasonAgreed or ReasonAdjudicated without a
// winner) counts as a draw for both players, rated with Options.RateDraw.
// A tournament game forfeited (ReasonForfeit) was not played: it is left
// out, as the tournament's rules leave a forfeit out of the colours.
func (db *DB) count(tx txn, g *Game) error {
	if g.AI != "" || !g.Rated || g.Reason == ReasonForfeit {
		return nil
	}
	if g.Winner == "" {
		if g.Reason == ReasonRules || g.Reason == ReasonAgreed || g.Reason == ReasonAdjudicated {
			return db.countDraw(tx, g)
		}
		return nil
	}
	loser := g.Loser()
	w, err := standingIn(tx, g.Kind, g.Guild, g.Winner)
	if errors.Is(err, ErrCorrupt) {
		w = newStanding(g.Kind, g.Guild, g.Winner) // a corrupt standing starts again
	} else if err != nil {
		return err
	}
	l, err := standingIn(tx, g.Kind, g.Guild, loser)
	if errors.Is(err, ErrCorrupt) {
		l = newStanding(g.Kind, g.Guild, loser)
	} else if err != nil {
		return err
	}
	w.Wins++
	w.Games++
	w.Streak = max(w.Streak, 0) + 1
	l.Losses++
	l.Games++
	l.Streak = min(l.Streak, 0) - 1
	if db.opts.Rate != nil {
		w, l = db.opts.Rate(w, l)
	}
	w.Last, l.Last = g.Ended, g.Ended
	if err := putStanding(tx, &w); err != nil {
		return err
	}
	return putStanding(tx, &l)
}

// countDraw counts a drawn rated game for both players.
func (db *DB) countDraw(tx txn, g *Game) error {
	var s [2]Standing
	for i, p := range g.Players {
		var err error
		s[i], err = standingIn(tx, g.Kind, g.Guild, p)
		if errors.Is(err, ErrCorrupt) {
			s[i] = newStanding(g.Kind, g.Guild, p) // a corrupt standing starts again
		} else if err != nil {
			return err
		}
		s[i].Draws++
		s[i].Games++
		s[i].Streak = 0
	}
	if db.opts.RateDraw != nil {
		s[0], s[1] = db.opts.RateDraw(s[0], s[1])
	}
	for i := range s {
		s[i].Last = g.Ended
		if err := putStanding(tx, &s[i]); err != nil {
			return err
		}
	}
	return nil
}

// standingKey is where a standing is kept: its bucket and key.
func standingKey(tx txn, kind game.Kind, guild, user string) (bucket, []byte) {
	name, k := standingPlace(kind, guild, user)
	return tx.Bucket(name), k
}

// standingPlace is the name of the bucket of a standing and its key: in
// the guild index since schema 8, by guild, then kind and user.
func standingPlace(kind game.Kind, guild, user string) ([]byte, []byte) {
	return bucketGuildIndex, standingsByKind.key(guild, string(kind)+"\x00"+user)
}

func putStanding(tx txn, s *Standing) error {
	b, k := standingKey(tx, s.Kind, s.Guild, s.User)
	return put(b, k, s)
}

// standingIn reads a standing; an absent one is a new player's.
func standingIn(tx txn, kind game.Kind, guild, user string) (Standing, error) {
	b, k := standingKey(tx, kind, guild, user)
	v, err := b.Get(k)
	if err != nil {
		return newStanding(kind, guild, user), err
	}
	if v == nil {
		return newStanding(kind, guild, user), nil
	}
	var s Standing
	if err := decode(v, &s); err != nil {
		return newStanding(kind, guild, user), fmt.Errorf("store: standing of %s: %w", user, err)
	}
	s.Kind = kind
	return s, nil
}

// Standing returns a player's standing in one game in a guild; a player
// with no finished game of it has a zero record and the initial rating.
func (db *DB) Standing(ctx context.Context, kind game.Kind, guild, user string) (Standing, error) {
	var s Standing
	err := db.view(ctx, func(tx txn) error {
		var err error
		s, err = standingIn(tx, kind, guild, user)
		return err
	})
	return s, err
}

// Standings returns a guild's players of one game with at least one
// finished game of it, by wins (most first), then losses (fewest first),
// then user ID.
func (db *DB) Standings(ctx context.Context, kind game.Kind, guild string) ([]Standing, error) {
	var out []Standing
	err := db.view(ctx, func(tx txn) error {
		name, prefix := standingPlace(kind, guild, "")
		c := tx.Scan(name, prefix)
		out = nil // a run again (etcd) starts afresh
		for k, v := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
			var s Standing
			if err := decode(v, &s); err != nil {
				db.opts.Logger.Warn("store: skipping a corrupt standing", "key", string(k), "err", err)
				continue
			}
			s.Kind = kind
			out = append(out, s)
		}
		return c.Err()
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
