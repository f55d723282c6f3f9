package store

import (
	"context"
	"errors"
	"fmt"

	"github.com/veletasbot/veletas/game/veletas"
)

// StartAIGameRules starts a game between human and the bot's computer
// opponent at once, without a challenge to accept. human is Players[0] and makes the
// first setup; ai (the bot's own user ID) is Players[1] and Game.AI, level
// its strength (Game.AILevel). size 0 takes the guild's default board size
// (10 when unset). The game has no time limit and is never rated; when it
// ends it is archived but not counted in the standings.
//
// It fails with ErrChannelBusy when the channel (or the thread) has an
// active game, with ErrSelfChallenge when ai is human, and with ErrInvalid
// for an empty level, a bad size or an unknown rule set.
func (db *DB) StartAIGameRules(ctx context.Context, guild, channel, human, ai, level string, size veletas.Size, rules veletas.Rules) (Game, error) {
	return db.StartAIGameOrder(ctx, guild, channel, human, ai, level, size, rules, false)
}

// StartAIGameOrder is StartAIGameRules in which, with aiFirst, the
// computer is the first player (Players[0], making the first setup) and
// the human the second (Players[1]): a rematch against the computer
// alternates who places first, as one between people does.
func (db *DB) StartAIGameOrder(ctx context.Context, guild, channel, human, ai, level string, size veletas.Size, rules veletas.Rules, aiFirst bool) (Game, error) {
	if !rules.Valid() {
		return Game{}, fmt.Errorf("store: start AI game: %w: rules %d (use classic or revised)", ErrInvalid, rules)
	}
	return db.startAIGame(ctx, guild, channel, human, ai, level, func(tx txn, g *Game) error {
		if size == 0 {
			set, err := settingsIn(tx, guild)
			switch {
			case err == nil:
				size = set.Size
			case !errors.Is(err, ErrCorrupt): // damaged settings: the default
				return err
			}
			if size == 0 {
				size = veletas.Size10
			}
		}
		st, err := veletas.NewGame(size, veletas.WithRules(rules))
		if err != nil {
			return refuse(fmt.Errorf("store: start AI game: %w: %w", ErrInvalid, err))
		}
		g.Size = size
		g.setState(st)
		if aiFirst {
			g.Players = [2]string{ai, human}
		}
		return nil
	})
}

// startAIGame starts a game of human against the computer player ai at
// level, for StartAIGameRules and StartFanoronaAIGame: it checks the
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
		out = g
		return nil
	})
	if err != nil {
		return Game{}, err
	}
	db.states.put(&out)
	return out, nil
}
