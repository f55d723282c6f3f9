package store

import (
	"context"
	"errors"
	"fmt"
)

func settingsIn(tx txn, guild string) (Settings, error) {
	s := Settings{Guild: guild}
	v, err := tx.Bucket(bucketSettings).Get([]byte(guild))
	if err != nil {
		return s, err
	}
	if v == nil {
		return s, nil
	}
	if err := decode(v, &s); err != nil {
		return Settings{Guild: guild}, fmt.Errorf("store: settings of guild %s: %w", guild, err)
	}
	return s, nil
}

// Settings returns a guild's settings (zero values when never set).
func (db *DB) Settings(ctx context.Context, guild string) (Settings, error) {
	var s Settings
	err := db.view(ctx, func(tx txn) error {
		var err error
		s, err = settingsIn(tx, guild)
		return err
	})
	return s, err
}

// SetSettings replaces a guild's settings (s.Guild names the guild).
func (db *DB) SetSettings(ctx context.Context, s Settings) error {
	if err := checkID("guild", s.Guild); err != nil {
		return err
	}
	if err := db.checkDefaults(s); err != nil {
		return err
	}
	return db.update(ctx, func(tx txn) error {
		return put(tx.Bucket(bucketSettings), []byte(s.Guild), &s)
	})
}

// UpdateSettings changes a guild's settings with fn in one transaction;
// an error from fn changes nothing and is returned. fn may be called more
// than once and must only change its argument.
func (db *DB) UpdateSettings(ctx context.Context, guild string, fn func(*Settings) error) (Settings, error) {
	if err := checkID("guild", guild); err != nil {
		return Settings{}, err
	}
	var out Settings
	err := db.update(ctx, func(tx txn) error {
		s, err := settingsIn(tx, guild)
		if err != nil && !errors.Is(err, ErrCorrupt) {
			return refuse(err)
		}
		if err := fn(&s); err != nil {
			return refuse(err) // fn only changed its argument
		}
		if err := db.checkDefaults(s); err != nil {
			return refuse(err)
		}
		s.Guild = guild
		out = s
		return put(tx.Bucket(bucketSettings), []byte(guild), &s)
	})
	return out, err
}

// checkDefaults checks the default terms of s: each of a game of
// Options.Games (ErrUnknownKind otherwise), each that the game's Rules
// accept (ErrBadTerms with the *game.TermError). They are kept as given:
// a term left out is the game's default.
func (db *DB) checkDefaults(s Settings) error {
	for k, t := range s.Defaults {
		if _, err := db.normalize(k, t); err != nil {
			return fmt.Errorf("store: settings: %w", err)
		}
	}
	return nil
}

// WebStandingsSetting is the name, in Settings.Values, of whether a
// guild's standings and current games have a page on the web board
// ("on"; off when absent): a server's activity is its own unless its
// managers publish it.
const WebStandingsSetting = "web-standings"
