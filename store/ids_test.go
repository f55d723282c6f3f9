package store

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"sync"
	"testing"

	bolt "go.etcd.io/bbolt"

	"github.com/veletasbot/veletas/game/veletas"
)

// lockedBuf is a log buffer safe for the store's goroutines.
type lockedBuf struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuf) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuf) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// resetCounter loses the counter of a bucket, as deleting its key on
// etcd does (on bbolt: sets the bucket's sequence to 0).
func resetCounter(t *testing.T, db *DB, bucket []byte) {
	t.Helper()
	if db.etcdBackend() != nil {
		if _, err := db.etcdBackend().cli.Delete(context.Background(), db.etcdBackend().prefix+"seq/"+string(bucket)); err != nil {
			t.Fatal(err)
		}
		return
	}
	if err := db.boltFile().Update(func(tx *bolt.Tx) error { return tx.Bucket(bucket).SetSequence(0) }); err != nil {
		t.Fatal(err)
	}
}

// TestCounterLost loses the ID counters: a new game never takes the ID of
// an archived or an active game, so the archived game stays as it was
// when the new one ends (before, the new game took ID 1 and its archive
// write replaced the old game 1), and a new challenge never takes a
// pending one's ID; the counters are set past the highest ID stored, with
// a warning in the log. A game that already shares an archived game's ID
// (from a store written before) is archived under a new ID when it ends.
func TestCounterLost(t *testing.T) {
	bothStores(t, func(t *testing.T) {
		logs := &lockedBuf{}
		db := openTest(t, &Options{NoSync: true, Logger: slog.New(slog.NewTextHandler(logs, nil))})
		first := startGame(t, db, "g", "c1", veletas.Size7)
		if _, err := db.Resign(t.Context(), "g", "c1", "bob"); err != nil {
			t.Fatal(err)
		}
		active := startGame(t, db, "g", "c2", veletas.Size7)
		resetCounter(t, db, bucketGames)

		g := startGame(t, db, "g", "c3", veletas.Size7)
		if g.ID == first.ID || g.ID == active.ID || g.ID <= active.ID {
			t.Fatalf("new game ID %d, with %d archived and %d active", g.ID, first.ID, active.ID)
		}
		if !strings.Contains(logs.String(), "ID counter was behind") {
			t.Fatalf("no warning: %s", logs.String())
		}
		if _, err := db.Resign(t.Context(), "g", "c3", "alice"); err != nil {
			t.Fatal(err)
		}
		if f, err := db.FinishedGame(t.Context(), first.ID); err != nil || f.Channel != "c1" || f.Winner != "alice" {
			t.Fatalf("the archived game %d after the new one ended: %v %+v", first.ID, err, f)
		}
		if f, err := db.FinishedGame(t.Context(), g.ID); err != nil || f.Channel != "c3" || f.Winner != "bob" {
			t.Fatalf("the new game %d: %v %+v", g.ID, err, f)
		}
		if a, err := db.ActiveGame(t.Context(), "g", "c2"); err != nil || a.ID != active.ID {
			t.Fatalf("the active game: %v %+v", err, a)
		}

		// Challenges.
		pending, err := db.CreateChallenge(t.Context(), Challenge{Kind: Veletas, Guild: "g", Channel: "c4", Challenger: "carol", Opponent: "dave", Terms: vterms(veletas.Size7)})
		if err != nil {
			t.Fatal(err)
		}
		resetCounter(t, db, bucketChallenges)
		other, err := db.CreateChallenge(t.Context(), Challenge{Kind: Veletas, Guild: "g", Channel: "c5", Challenger: "erin", Opponent: "frank", Terms: vterms(veletas.Size7)})
		if err != nil {
			t.Fatal(err)
		}
		if other.ID == pending.ID {
			t.Fatalf("new challenge ID %d, the pending one's", other.ID)
		}
		if c, err := db.Challenge(t.Context(), pending.ID); err != nil || c.Challenger != "carol" {
			t.Fatalf("the pending challenge: %v %+v", err, c)
		}

		// An active game with an archived game's ID, as a store written
		// with a lost counter before holds.
		if err := db.update(t.Context(), func(tx txn) error {
			key := pairKey("g", "c2")
			var a Game
			v, err := tx.Bucket(bucketGames).Get(key)
			if err != nil {
				return err
			}
			if err := db.decodeGame(v, &a); err != nil {
				return err
			}
			if err := tx.Bucket(bucketGamesByID).Delete(idKey(a.ID)); err != nil {
				return err
			}
			a.ID = first.ID
			if err := put(tx.Bucket(bucketGames), key, &a); err != nil {
				return err
			}
			return tx.Bucket(bucketGamesByID).Put(idKey(a.ID), key)
		}); err != nil {
			t.Fatal(err)
		}
		ended, err := db.Resign(t.Context(), "g", "c2", "bob")
		if err != nil {
			t.Fatal(err)
		}
		if ended.ID == first.ID {
			t.Fatalf("the game was archived under the ID of game %d", first.ID)
		}
		if f, err := db.FinishedGame(t.Context(), first.ID); err != nil || f.Channel != "c1" {
			t.Fatalf("the archived game %d after another with its ID ended: %v %+v", first.ID, err, f)
		}
		if f, err := db.FinishedGame(t.Context(), ended.ID); err != nil || f.Channel != "c2" {
			t.Fatalf("the game archived under a new ID %d: %v %+v", ended.ID, err, f)
		}
	})
}

// TestCounterGarbage puts a value that is not a number in the etcd
// counter's base: challenges are still accepted (before, every one failed
// as "the stored data of this game is damaged"), with new IDs past the
// highest stored, and the counter is repaired.
func TestCounterGarbage(t *testing.T) {
	logs := &lockedBuf{}
	db, _ := etcdTestStore(t, &Options{Logger: slog.New(slog.NewTextHandler(logs, nil))})
	first := startGame(t, db, "g", "c1", veletas.Size7)
	cli := db.etcdBackend().cli
	if _, err := cli.Put(context.Background(), db.etcdBackend().prefix+"seqbase/games", "garbage"); err != nil {
		t.Fatal(err)
	}
	g, err := newGame(db, "g", "c2", "alice", "bob", veletas.Size7)
	if err != nil {
		t.Fatalf("challenge with a garbage counter: %v", err)
	}
	if g.ID <= first.ID {
		t.Fatalf("new game ID %d after %d", g.ID, first.ID)
	}
	if !strings.Contains(logs.String(), "not a number") {
		t.Fatalf("no warning: %s", logs.String())
	}
	r, err := cli.Get(context.Background(), db.etcdBackend().prefix+"seqbase/games")
	if err != nil || len(r.Kvs) != 1 || string(r.Kvs[0].Value) == "garbage" {
		t.Fatalf("the counter base after: %v %v", r, err)
	}
	g2 := startGame(t, db, "g", "c3", veletas.Size7)
	if g2.ID <= g.ID {
		t.Fatalf("next game ID %d after %d", g2.ID, g.ID)
	}
}
