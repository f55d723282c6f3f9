package store

import (
	"context"
	"errors"
	"fmt"
)

// UserSettings are one user's own settings, the same on every server: the
// board theme they see and whether the bot tells them of their games by
// direct message. The zero value is a user who chose nothing.
type UserSettings struct {
	User string `json:"user"`
	// Theme is the board theme the user chose, "light" or "dark"; ""
	// follows the server's setting.
	Theme string `json:"theme,omitempty"`
	// Notify: the user asked for direct messages when it is their turn,
	// when their time is about to run out and when a game ends.
	Notify bool `json:"notify,omitempty"`
	// DMClosed: Discord refused a direct message to the user (they
	// closed their DMs, or share no server with the bot any more); none
	// is tried again until they turn notifications on again.
	DMClosed bool `json:"dm_closed,omitempty"`
	// Locale is the user's Discord language when they last changed these
	// settings ("ja", "fr", "en-US"...): the direct messages use it.
	Locale string `json:"locale,omitempty"`
}

// userKey is where a user's settings are kept: in the settings bucket,
// under a key no guild id can have (ids hold no NUL byte, checkID).
func userKey(user string) []byte { return []byte("\x00user\x00" + user) }

func userSettingsIn(tx txn, user string) (UserSettings, error) {
	u := UserSettings{User: user}
	v, err := tx.Bucket(bucketSettings).Get(userKey(user))
	if err != nil {
		return u, err
	}
	if v == nil {
		return u, nil
	}
	if err := decode(v, &u); err != nil {
		return UserSettings{User: user}, fmt.Errorf("store: settings of user %s: %w", user, err)
	}
	return u, nil
}

// UserSettings returns a user's settings (the zero values when never set).
func (db *DB) UserSettings(ctx context.Context, user string) (UserSettings, error) {
	if err := checkID("user", user); err != nil {
		return UserSettings{}, err
	}
	var u UserSettings
	err := db.view(ctx, func(tx txn) error {
		var err error
		u, err = userSettingsIn(tx, user)
		return err
	})
	return u, err
}

// UpdateUserSettings changes a user's settings with fn in one
// transaction; an error from fn changes nothing and is returned. fn may be
// called more than once and must only change its argument.
func (db *DB) UpdateUserSettings(ctx context.Context, user string, fn func(*UserSettings) error) (UserSettings, error) {
	if err := checkID("user", user); err != nil {
		return UserSettings{}, err
	}
	var out UserSettings
	err := db.update(ctx, func(tx txn) error {
		u, err := userSettingsIn(tx, user)
		if err != nil && !errors.Is(err, ErrCorrupt) {
			return refuse(err)
		}
		if err := fn(&u); err != nil {
			return refuse(err)
		}
		if u.Theme != "" && u.Theme != "light" && u.Theme != "dark" {
			return refuse(fmt.Errorf("store: user settings: %w: theme %q (use light or dark)", ErrInvalid, u.Theme))
		}
		u.User = user
		out = u
		return put(tx.Bucket(bucketSettings), userKey(user), &u)
	})
	return out, err
}
