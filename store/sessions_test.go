package store

import (
	"errors"
	"testing"
	"time"
)

// TestRevokedSessions: a revoked session is reported on another DB of
// the same store (a replica), until its record is purged after its
// expiry by a later revocation; a bad ID is refused and changes nothing.
func TestRevokedSessions(t *testing.T) {
	bothStores(t, func(t *testing.T) {
		url := storeURL(t)
		open := func() *DB {
			db, err := OpenURL(url, &Options{Games: testRegistry})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { db.Close() })
			return db
		}
		a := open()
		now := time.Unix(1_800_000_000, 0)
		one, two := []byte("session-one-0123"), []byte("session-two-0123")
		if err := a.RevokeSession(t.Context(), one, now.Add(time.Hour), now); err != nil {
			t.Fatal(err)
		}
		if err := a.RevokeSession(t.Context(), two, now.Add(48*time.Hour), now); err != nil {
			t.Fatal(err)
		}
		var b *DB
		if onEtcd(t) {
			b = open() // a replica; one bbolt file opens once
		} else {
			b = a
		}
		for _, c := range []struct {
			id   []byte
			want bool
		}{{one, true}, {two, true}, {[]byte("session-new-0123"), false}} {
			if got, err := b.SessionRevoked(t.Context(), c.id); err != nil || got != c.want {
				t.Errorf("%s revoked: %v %v, want %v", c.id, got, err, c.want)
			}
		}
		for _, bad := range [][]byte{nil, make([]byte, MaxSessionID+1)} {
			if err := a.RevokeSession(t.Context(), bad, now.Add(time.Hour), now); !errors.Is(err, ErrBadSessionID) {
				t.Errorf("revoking a %d-byte ID: %v", len(bad), err)
			}
			if _, err := a.SessionRevoked(t.Context(), bad); !errors.Is(err, ErrBadSessionID) {
				t.Errorf("asking about a %d-byte ID: %v", len(bad), err)
			}
		}
		// Revoking again keeps the later expiry: one outlives its first.
		if err := a.RevokeSession(t.Context(), one, now.Add(72*time.Hour), now); err != nil {
			t.Fatal(err)
		}
		if err := a.RevokeSession(t.Context(), one, now.Add(time.Minute), now); err != nil {
			t.Fatal(err)
		}
		// Two days later two has expired: the next revocation purges it.
		later := now.Add(49 * time.Hour)
		three := []byte("session-three-01")
		if err := a.RevokeSession(t.Context(), three, later.Add(time.Hour), later); err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			id   []byte
			want bool
		}{{one, true}, {two, false}, {three, true}} {
			if got, err := b.SessionRevoked(t.Context(), c.id); err != nil || got != c.want {
				t.Errorf("after the purge, %s revoked: %v %v, want %v", c.id, got, err, c.want)
			}
		}
		if n, err := b.RevokedSessions(t.Context()); err != nil || n != 2 {
			t.Errorf("%d records after the purge (%v), want 2", n, err)
		}
		// Past every expiry, all go.
		end := now.Add(100 * time.Hour)
		four := []byte("session-four-012")
		if err := a.RevokeSession(t.Context(), four, end.Add(time.Hour), end); err != nil {
			t.Fatal(err)
		}
		if n, err := b.RevokedSessions(t.Context()); err != nil || n != 1 {
			t.Errorf("%d records at the end (%v), want 1 (four)", n, err)
		}
	})
}
