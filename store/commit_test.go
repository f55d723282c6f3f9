package store

import (
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/veletasbot/veletas/game/veletas"
	bolt "go.etcd.io/bbolt"
)

// batchLog records the transactions of the commit loop (Options.batchHook).
type batchLog struct {
	mu      sync.Mutex
	changes []int   // changes run in each transaction
	errs    []error // and its outcome
}

func (l *batchLog) hook(n int, err error) {
	l.mu.Lock()
	l.changes = append(l.changes, n)
	l.errs = append(l.errs, err)
	l.mu.Unlock()
}

func (l *batchLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return fmt.Sprint(l.changes, l.errs)
}

// holdLoop runs a change that blocks the commit loop until release is
// closed, and returns once the loop is inside it: changes made meanwhile
// queue up and are then run as one group.
func holdLoop(t *testing.T, db *DB) (release chan struct{}, held chan error) {
	t.Helper()
	release, held = make(chan struct{}), make(chan error, 1)
	inside := make(chan struct{})
	go func() {
		held <- db.update(t.Context(), func(tx txn) error { close(inside); <-release; return nil })
	}()
	<-inside
	return release, held
}

// waitQueued waits until n changes are queued for the commit loop.
func waitQueued(db *DB, n int) {
	for len(db.be.(*boltBackend).reqs) < n {
		runtime.Gosched()
	}
}

// TestGroupCommitFailure puts changes that fail after writing (one returns
// a plain error, one panics) and a refusal in a group with good changes:
// the good ones commit, the others leave nothing and get their own error.
// The batch log shows that all of them ran in one group: 40 changes rolled
// back at the first failure, 39 at the panic, then 38 committed.
func TestGroupCommitFailure(t *testing.T) {
	var log batchLog
	db := openTest(t, &Options{NoSync: true, batchHook: log.hook})
	bucket := []byte("test")
	if err := db.boltFile().Update(func(tx *bolt.Tx) error { _, err := tx.CreateBucket(bucket); return err }); err != nil {
		t.Fatal(err)
	}
	// Hold the commit loop so that the changes below queue into one group.
	release, held := holdLoop(t, db)
	const n = 40
	boom, refused := errors.New("boom"), errors.New("refused")
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = db.update(t.Context(), func(tx txn) error {
				if i == 21 {
					return refuse(refused) // a refusal, before any write
				}
				b := tx.Bucket(bucket)
				if err := b.Put([]byte(fmt.Sprint(i)), []byte("x")); err != nil {
					return err
				}
				switch i {
				case 7:
					return boom // after a write: rolled back
				case 13:
					panic("bad change")
				}
				return nil
			})
		}()
	}
	waitQueued(db, n)
	close(release)
	wg.Wait()
	if err := <-held; err != nil {
		t.Fatal(err)
	}
	db.view(t.Context(), func(tx txn) error {
		b := tx.Bucket(bucket)
		for i := range n {
			v, err := b.Get([]byte(fmt.Sprint(i)))
			if err != nil {
				return err
			}
			got := v != nil
			switch i {
			case 7:
				if got || !errors.Is(errs[i], boom) {
					t.Errorf("change %d: written %v, err %v", i, got, errs[i])
				}
			case 21:
				if got || errs[i] != refused {
					t.Errorf("refused change: written %v, err %v", got, errs[i])
				}
			case 13:
				if got || errs[i] == nil {
					t.Errorf("panicking change: written %v, err %v", got, errs[i])
				}
			default:
				if !got || errs[i] != nil {
					t.Errorf("change %d: written %v, err %v", i, got, errs[i])
				}
			}
		}
		return nil
	})
	log.mu.Lock()
	defer log.mu.Unlock()
	// The holding change alone, then the group of 40 and its reruns.
	if len(log.changes) != 4 || log.changes[1] != n || log.changes[2] != n-1 || log.changes[3] != n-2 ||
		log.errs[1] == nil || log.errs[2] == nil || log.errs[3] != nil {
		t.Fatalf("transactions (changes, errors): %v %v; want [1 40 39 38], the first two rolled back", log.changes, log.errs)
	}
}

// TestFailedChangeInGroupLeavesNothing ends a game whose rating fails
// (Options.Rate panics after the game was moved to the archive and the
// standings read) in a group with moves in 20 other games: the failed
// change leaves nothing on disk (the game is still active, not archived,
// no standing), while every move of the group commits.
func TestFailedChangeInGroupLeavesNothing(t *testing.T) {
	var log batchLog
	rate := func(w, l Standing) (Standing, Standing) {
		if w.User == "mallory" || l.User == "mallory" {
			panic("rating failed")
		}
		return w, l
	}
	db := openTest(t, &Options{NoSync: true, Rate: rate, batchHook: log.hook})
	const others = 20
	for i := range others {
		startGame(t, db, "g", fmt.Sprint("c", i), veletas.Size7)
	}
	c, err := db.CreateChallenge(t.Context(), Challenge{Kind: Veletas, Guild: "g", Channel: "bad", Challenger: "mallory", Opponent: "bob", Rated: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.AcceptChallenge(t.Context(), c.ID, "bob"); err != nil {
		t.Fatal(err)
	}
	release, held := holdLoop(t, db)
	var wg sync.WaitGroup
	errs := make([]error, others)
	var resignErr error
	wg.Add(1)
	go func() { defer wg.Done(); _, resignErr = db.Resign(t.Context(), "g", "bad", "bob") }()
	for i := range others {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = db.ApplyToken(t.Context(), "g", fmt.Sprint("c", i), "alice", 0, "[c5]d2")
		}()
	}
	waitQueued(db, others+1)
	close(release)
	wg.Wait()
	if err := <-held; err != nil {
		t.Fatal(err)
	}
	if resignErr == nil || !strings.Contains(resignErr.Error(), "rating failed") {
		t.Fatalf("resignation with a failing rating: %v", resignErr)
	}
	for i, err := range errs {
		if err != nil {
			t.Fatalf("move in c%d: %v", i, err)
		}
		if g, err := db.ActiveGame(t.Context(), "g", fmt.Sprint("c", i)); err != nil || g.Revision != 1 {
			t.Fatalf("c%d after the group: %v %+v", i, err, g)
		}
	}
	g, err := db.ActiveGame(t.Context(), "g", "bad")
	if err != nil || g.Reason != ReasonNone || g.Revision != 0 {
		t.Fatalf("the failed resignation left the game %v %+v", err, g)
	}
	if fin, _ := db.FinishedGames(t.Context(), "g", "", 0); len(fin) != 0 {
		t.Fatalf("the failed resignation archived %+v", fin)
	}
	if s, _ := db.Standings(t.Context(), Veletas, "g"); len(s) != 0 {
		t.Fatalf("the failed resignation counted standings %+v", s)
	}
	log.mu.Lock()
	defer log.mu.Unlock()
	if len(log.changes) < 3 || log.changes[len(log.changes)-2] != others+1 || log.errs[len(log.errs)-2] == nil ||
		log.changes[len(log.changes)-1] != others || log.errs[len(log.errs)-1] != nil {
		t.Fatalf("transactions (changes, errors): %v %v; want the group of %d rolled back, then %d committed", log.changes, log.errs, others+1, others)
	}
}
