package store

import (
	"context"
	"errors"
	"fmt"

	"github.com/veletasbot/veletas/game"
)

// StartAIGame starts a game of kind between human and the bot's computer
// opponent at once, without a challenge to accept. human is Players[0]
// (seat 0) and ai (the bot's own user ID) Players[1] and Game.AI, or, with
// aiFirst, ai is seat 0 and human seat 1 (a rematch against the computer
// alternates who goes first, as one between people does). level is the
// computer's strength (Game.AILevel). terms are the game's terms; a term
// left out is the guild's default for the kind (Settings.Defaults), else
// the game's own. The game has no time limit and is never rated; when it
// ends it is archived but not counted in the standings.
//
// It fails with ErrChannelBusy when the channel (or the thread) has an
// active game, with ErrSelfChallenge when ai is human, with ErrInvalid for
// an empty level, and with ErrBadTerms (an ErrInvalid) for a kind
// Options.Games lacks or terms its Rules refuse.
func (db *DB) StartAIGame(ctx context.Context, guild, channel, human, ai, level string, kind game.Kind, terms game.Terms, aiFirst bool) (Game, error) {
	return db.startAIGame(ctx, guild, channel, human, ai, level, func(tx txn, g *Game) error {
		set, err := settingsIn(tx, guild)
		if err != nil && !errors.Is(err, ErrCorrupt) { // damaged settings: the defaults
			return err
		}
		t, err := db.normalize(kind, withDefaultTerms(set, kind, terms))
		if err != nil {
			return refuse(fmt.Errorf("store: start AI game: %w", err))
		}
		r, _ := db.rules(kind)
		st, err := r.New(t)
		if err != nil {
			return refuse(fmt.Errorf("store: start AI game: %w: %w", ErrBadTerms, err))
		}
		g.Kind, g.Terms = kind, t
		g.setState(st)
		if aiFirst {
			g.Players = [2]string{ai, human}
		}
		return nil
	})
}

// startAIGame starts a game of human against the computer player ai at
// level, for StartAIGame: it checks the
// players and the level, and in one transaction lets start set the
// game's kind and first position (refusing what it cannot start), refuses
// a busy channel, then numbers, stores and indexes the game.
func (db *DB) startAIGame(ctx context.Context, guild, channel, human, ai, level string, start func(tx txn, g *Game) error) (Game, error) {
	for _, p := range [][2]string{{"guild", guild}, {"channel", channel}, {"user", human}, {"ai", ai}} {
		if err := checkID(p[0], p[1]); err != nil {
			return Game{}, err
		}
	}
	if human == ai {
		return Game{}, fmt.Errorf("store: start AI game: %w", ErrSelfChallenge)
	}
	if level == "" || len(level) > 16 {
		return Game{}, fmt.Errorf("store: start AI game: %w: level %q", ErrInvalid, level)
	}
	var out Game
	err := db.update(ctx, func(tx txn) error {
		g := Game{Guild: guild, Channel: channel, Players: [2]string{human, ai}, AI: ai, AILevel: level}
		if err := start(tx, &g); err != nil {
			return err
		}
		if busy, err := channelBusy(tx, guild, channel); err != nil {
			return err
		} else if busy {
			return refuse(fmt.Errorf("store: start AI game in channel %s: %w", channel, ErrChannelBusy))
		}
		games := tx.Bucket(bucketGames)
		gid, err := db.newID(tx, bucketGames, gameIDBuckets)
		if err != nil {
			return err
		}
		now := db.opts.Now()
		g.ID, g.Started, g.Updated = gid, now, now
		if err := put(games, pairKey(guild, channel), &g); err != nil {
			return err
		}
		if err := indexActive(tx, &g); err != nil {
			return err
		}
		if err := reindexActive(tx, pairKey(guild, channel), &g); err != nil {
			return err
		}
		out = g
		return nil
	})
	if err != nil {
		return Game{}, err
	}
	db.states.put(&out)
	return out, nil
}
