package store

import (
	"errors"
	"testing"
)

// TestUserSettings: a user's settings are kept across a reopen, apart
// from every guild's; a bad theme or an error from fn changes nothing.
func TestUserSettings(t *testing.T) {
	bothStores(t, func(t *testing.T) {
		url := storeURL(t)
		db, err := OpenURL(url, &Options{Games: testRegistry, NoSync: true})
		if err != nil {
			t.Fatal(err)
		}
		if u, err := db.UserSettings(t.Context(), "alice"); err != nil || u != (UserSettings{User: "alice"}) {
			t.Fatalf("new user: %+v %v", u, err)
		}
		if _, err := db.UpdateUserSettings(t.Context(), "alice", func(u *UserSettings) error { u.Theme, u.Notify = "dark", true; return nil }); err != nil {
			t.Fatal(err)
		}
		if _, err := db.UpdateUserSettings(t.Context(), "alice", func(u *UserSettings) error { u.Theme = "pink"; return nil }); !errors.Is(err, ErrInvalid) {
			t.Fatalf("theme pink: %v", err)
		}
		boom := errors.New("boom")
		if _, err := db.UpdateUserSettings(t.Context(), "alice", func(u *UserSettings) error { u.Notify = false; return boom }); !errors.Is(err, boom) {
			t.Fatalf("fn's error: %v", err)
		}
		if _, err := db.UpdateUserSettings(t.Context(), "", func(u *UserSettings) error { return nil }); !errors.Is(err, ErrInvalid) {
			t.Fatalf("no user: %v", err)
		}
		// A guild named like the user is another record.
		if err := db.SetSettings(t.Context(), Settings{Guild: "alice", Locale: "fr"}); err != nil {
			t.Fatal(err)
		}
		db.Close()
		db, err = OpenURL(url, &Options{Games: testRegistry, NoSync: true})
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		if u, err := db.UserSettings(t.Context(), "alice"); err != nil || u != (UserSettings{User: "alice", Theme: "dark", Notify: true}) {
			t.Fatalf("after reopening: %+v %v", u, err)
		}
		if s, err := db.Settings(t.Context(), "alice"); err != nil || s.Locale != "fr" {
			t.Fatalf("guild alice: %+v %v", s, err)
		}
	})
}
