package store

import (
	"bytes"
	"errors"
	"sync/atomic"
	"testing"

	"github.com/veletasbot/veletas/game/veletas"
)

// errReadFault is the failure of the reads that faultyTxn breaks.
var errReadFault = errors.New("read fault")

// faultyTxn is a transaction whose Gets in one bucket fail with a
// *readError, as an etcd read does when the cluster does not answer.
type faultyTxn struct {
	txn
	bucket []byte
}

func (t faultyTxn) Bucket(name []byte) bucket {
	b := t.txn.Bucket(name)
	if bytes.Equal(name, t.bucket) {
		return faultyBucket{b}
	}
	return b
}

type faultyBucket struct{ bucket }

func (faultyBucket) Get([]byte) ([]byte, error) { return nil, &readError{errReadFault} }

// openFaulty opens a store whose reads in a bucket fail while *fail names
// that bucket.
func openFaulty(t *testing.T) (*DB, *atomic.Pointer[[]byte]) {
	fail := new(atomic.Pointer[[]byte])
	db := openTest(t, &Options{txnHook: func(tx txn) txn {
		if b := fail.Load(); b != nil {
			return faultyTxn{tx, *b}
		}
		return tx
	}})
	return db, fail
}

// TestReadErrorsFailTheChange makes one read of a change fail: the change
// returns that error and writes nothing, where a read taken for an absent
// value would let it go on (a channel that seems free, settings or
// standings that seem new). Before reads returned their errors, these
// changes committed on etcd as if the value were absent.
func TestReadErrorsFailTheChange(t *testing.T) {
	bothStores(t, func(t *testing.T) {
		db, fail := openFaulty(t)
		games, settings, standings := bucketGames, bucketSettings, bucketGuildIndex

		// The channel-busy check of a new challenge.
		fail.Store(&games)
		_, err := db.CreateChallenge(t.Context(), Challenge{Kind: Veletas, Guild: "g", Channel: "c", Challenger: "alice", Opponent: "bob", Terms: vterms(veletas.Size7), Rated: true})
		fail.Store(nil)
		if !errors.Is(err, errReadFault) {
			t.Fatalf("challenge with the games unreadable: %v; want the read's error", err)
		}
		if cs, err := db.Challenges(t.Context(), "g", "c"); err != nil || len(cs) != 0 {
			t.Fatalf("challenges after the failed one: %+v %v; want none", cs, err)
		}

		// The guild's settings of a new challenge and of a new AI game.
		fail.Store(&settings)
		_, err = db.CreateChallenge(t.Context(), Challenge{Kind: Veletas, Guild: "g", Channel: "c", Challenger: "alice", Opponent: "bob", Terms: vterms(veletas.Size7), Rated: true})
		_, aiErr := db.StartAIGameRules(t.Context(), "g", "ai", "alice", "bot", "easy", 0, veletas.Classic)
		fail.Store(nil)
		if !errors.Is(err, errReadFault) || !errors.Is(aiErr, errReadFault) {
			t.Fatalf("with the settings unreadable: challenge %v, AI game %v; want the read's error", err, aiErr)
		}
		if _, err := db.ActiveGame(t.Context(), "g", "ai"); !errors.Is(err, ErrNoGame) {
			t.Fatalf("the AI game after the failed start: %v; want ErrNoGame", err)
		}

		// The standings of a rated game that ends.
		g := startGame(t, db, "g", "c", veletas.Size7)
		fail.Store(&standings)
		_, err = db.Resign(t.Context(), "g", "c", "bob")
		fail.Store(nil)
		if !errors.Is(err, errReadFault) {
			t.Fatalf("resigning with the standings unreadable: %v; want the read's error", err)
		}
		if now, err := db.ActiveGame(t.Context(), "g", "c"); err != nil || now.Revision != g.Revision || now.Reason != ReasonNone {
			t.Fatalf("the game after the failed resignation: %+v %v; want it unchanged", now, err)
		}
		if st, err := db.Standings(t.Context(), Veletas, "g"); err != nil || len(st) != 0 {
			t.Fatalf("standings after the failed resignation: %+v %v; want none", st, err)
		}

		// A lookup reports the failure, not "no game".
		fail.Store(&games)
		_, err = db.ActiveGame(t.Context(), "g", "c")
		fail.Store(nil)
		if !errors.Is(err, errReadFault) || errors.Is(err, ErrNoGame) {
			t.Fatalf("ActiveGame with the games unreadable: %v; want the read's error", err)
		}
	})
}
