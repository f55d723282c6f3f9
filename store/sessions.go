package store

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"time"
)

// Revoked sessions. A front end's session (the web board's sign-in) is a
// sealed token that the store never sees; ending it before its expiry
// (signing out) records its ID here, for every replica to refuse it. A
// record is kept until the session's own expiry, when the token is
// refused anyway, and purged after: each revocation deletes up to
// purgeSessionsPerRevoke records already past their expiry, in its
// transaction, walking an index by expiry. The records know nothing of
// users nor games. Buckets, created on first use (no migration):
//
//	revoked_sessions            id -> expiry (8 bytes, unix seconds)
//	revoked_sessions_by_expiry  expiry (8 bytes) id -> empty
var (
	bucketRevokedSessions         = []byte("revoked_sessions")
	bucketRevokedSessionsByExpiry = []byte("revoked_sessions_by_expiry")
)

// MaxSessionID bounds the length of a session's ID.
const MaxSessionID = 64

// ErrBadSessionID is an empty session ID, or one longer than
// MaxSessionID bytes.
var ErrBadSessionID = errors.New("store: a session ID must be 1 to 64 bytes")

// purgeSessionsPerRevoke bounds the expired records a revocation purges.
const purgeSessionsPerRevoke = 64

func checkSessionID(id []byte) error {
	if len(id) == 0 || len(id) > MaxSessionID {
		return fmt.Errorf("%w: %d bytes", ErrBadSessionID, len(id))
	}
	return nil
}

// RevokeSession records that the session id is ended until expires (the
// session's own expiry): SessionRevoked reports it on every replica
// sharing the store. Revoking it again keeps the later expiry. It purges
// some records already expired at now.
func (db *DB) RevokeSession(ctx context.Context, id []byte, expires, now time.Time) error {
	if err := checkSessionID(id); err != nil {
		return err
	}
	exp := uint64(max(expires.Unix(), 0))
	return db.update(ctx, func(tx txn) error {
		byID, byExp := tx.Bucket(bucketRevokedSessions), tx.Bucket(bucketRevokedSessionsByExpiry)
		old, err := byID.Get(id)
		if err != nil {
			return err
		}
		if len(old) == 8 {
			was := binary.BigEndian.Uint64(old)
			if was >= exp {
				return purgeRevoked(tx, now)
			}
			if err := byExp.Delete(revokedExpiryKey(was, id)); err != nil {
				return err
			}
		}
		if err := byID.Put(id, binary.BigEndian.AppendUint64(nil, exp)); err != nil {
			return err
		}
		if err := byExp.Put(revokedExpiryKey(exp, id), []byte{}); err != nil {
			return err
		}
		return purgeRevoked(tx, now)
	})
}

func revokedExpiryKey(exp uint64, id []byte) []byte {
	return append(binary.BigEndian.AppendUint64(make([]byte, 0, 8+len(id)), exp), id...)
}

// purgeRevoked deletes up to purgeSessionsPerRevoke records expired at now.
func purgeRevoked(tx txn, now time.Time) error {
	limit := uint64(max(now.Unix(), 0))
	c := tx.Cursor(bucketRevokedSessionsByExpiry)
	var dead [][]byte
	for k, _ := c.First(); k != nil && len(dead) < purgeSessionsPerRevoke; k, _ = c.Next() {
		if len(k) < 8 || binary.BigEndian.Uint64(k[:8]) > limit {
			break
		}
		dead = append(dead, append([]byte(nil), k...))
	}
	if err := c.Err(); err != nil {
		return err
	}
	byID, byExp := tx.Bucket(bucketRevokedSessions), tx.Bucket(bucketRevokedSessionsByExpiry)
	for _, k := range dead {
		if err := byExp.Delete(k); err != nil {
			return err
		}
		if err := byID.Delete(k[8:]); err != nil {
			return err
		}
	}
	return nil
}

// SessionRevoked reports whether the session id was revoked (and its
// record not yet purged): one read of one key.
func (db *DB) SessionRevoked(ctx context.Context, id []byte) (bool, error) {
	if err := checkSessionID(id); err != nil {
		return false, err
	}
	var revoked bool
	err := db.view(ctx, func(tx txn) error {
		v, err := tx.Bucket(bucketRevokedSessions).Get(id)
		revoked = v != nil
		return err
	})
	return revoked, err
}

// RevokedSessions returns how many revocation records the store holds
// (expired ones not yet purged included).
func (db *DB) RevokedSessions(ctx context.Context) (int, error) {
	n := 0
	err := db.view(ctx, func(tx txn) error {
		n = 0
		c := tx.Cursor(bucketRevokedSessions)
		for k, _ := c.First(); k != nil; k, _ = c.Next() {
			n++
		}
		return c.Err()
	})
	return n, err
}
