package store

import (
	"bytes"
	"fmt"
	"slices"
)

// count counts a finished rated game in its players' standings, rating
// it with Options.Rate. Unrated (friendly) games and games against the AI
// are left out: they add no win or loss and reorder nothing; they are in
// the archive, where FinishedGames lists them with Rated false.
func (db *DB) count(tx txn, g *Game) error {
	if g.Winner == "" || g.AI != "" || !g.Rated {
		return nil
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
	if db.opts.Rate != nil {
		w, l = db.opts.Rate(w, l)
	}
	w.Last, l.Last = g.Ended, g.Ended
	if err := put(sb, pairKey(g.Guild, g.Winner), &w); err != nil {
		return err
	}
	return put(sb, pairKey(g.Guild, loser), &l)
}

// standingIn reads a standing; an absent one is a new player's.
func standingIn(tx txn, guild, user string) (Standing, error) {
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
	err := db.view(func(tx txn) error {
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
	err := db.view(func(tx txn) error {
		prefix := pairKey(guild, "")
		c := tx.Cursor(bucketStandings)
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
