package store

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/veletasbot/veletas/game/veletas"
	"github.com/veletasbot/veletas/store/etcdtest"
	clientv3 "go.etcd.io/etcd/client/v3"
)

// TestEtcdChangeNoQuorumContext stops two members of three and makes
// changes whose context ends: each returns when its context ends, with an
// error wrapping ErrUnavailable and the context's error, long before the
// store's own timeout (20 s here, for each request, and more for the
// retries and the settling of an unknown outcome), and changes nothing.
// Two ways: blocked at the first read (a deadline), and blocked settling
// the outcome of a commit that failed without an answer (a cancel). Once
// the members are back, the move is played at the revision it named.
func TestEtcdChangeNoQuorumContext(t *testing.T) {
	c := etcdtest.Start(t)
	db, err := OpenURL(c.URL("ctx"), &Options{Games: testRegistry, EtcdTimeout: 20 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	g := startGame(t, db, "g", "c", veletas.Size7)
	a := randomAction(vgame(g).Position(), rand.New(rand.NewPCG(5, 5)))
	stop := func() {
		for _, i := range []int{1, 2} {
			if err := c.StopMember(i); err != nil {
				t.Fatal(err)
			}
		}
	}

	// Settling: the commit "fails" after the quorum is lost, with an
	// error that says nothing of its outcome; the store then asks the
	// cluster, which does not answer, until the context is canceled.
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	canceled := make(chan time.Time, 1)
	db.etcdBackend().commitHook = func(cmps []clientv3.Cmp, ops []clientv3.Op) (*clientv3.TxnResponse, error) {
		stop()
		time.AfterFunc(300*time.Millisecond, func() { canceled <- time.Now(); cancel() })
		return nil, errors.New("connection lost (test)")
	}
	_, err = db.Apply(ctx, "g", "c", g.ToAct(), g.Revision, a)
	returned := time.Now()
	db.etcdBackend().commitHook = nil
	if !errors.Is(err, ErrUnavailable) || !errors.Is(err, context.Canceled) {
		t.Fatalf("move settling without a quorum: %v; want ErrUnavailable and context.Canceled", err)
	}
	took := returned.Sub(<-canceled)
	if took >= 5*time.Second {
		t.Fatalf("move settling without a quorum returned %v after its context was canceled", took)
	}
	t.Logf("settling, canceled: %v, %v after the cancel", err, took.Round(time.Millisecond))

	// Reading: the first read of the change waits for a quorum until the
	// context's deadline.
	for _, what := range []string{"move", "resign", "read"} {
		ctx, cancel := context.WithTimeout(t.Context(), 300*time.Millisecond)
		start := time.Now()
		switch what {
		case "move":
			_, err = db.Apply(ctx, "g", "c", g.ToAct(), g.Revision, a)
		case "resign":
			_, err = db.Resign(ctx, "g", "c", "alice")
		case "read":
			_, err = db.ActiveGame(ctx, "g", "c")
		}
		took := time.Since(start)
		cancel()
		if !errors.Is(err, ErrUnavailable) || !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("%s without a quorum: %v; want ErrUnavailable and context.DeadlineExceeded", what, err)
		}
		if took >= 5*time.Second {
			t.Fatalf("%s without a quorum returned after %v, not at its context's deadline (300ms)", what, took)
		}
		t.Logf("%s, deadline 300ms: %v after %v", what, err, took.Round(time.Millisecond))
	}

	for _, i := range []int{1, 2} {
		if err := c.StartMember(i); err != nil {
			t.Fatal(err)
		}
	}
	got, err := db.ActiveGame(t.Context(), "g", "c")
	if err != nil || got.Revision != g.Revision || got.Over() {
		t.Fatalf("after the outage: revision %d (want %d), over %v, %v: a change given up was made", got.Revision, g.Revision, got.Over(), err)
	}
	ng, err := db.Apply(t.Context(), "g", "c", g.ToAct(), g.Revision, a)
	if err != nil || ng.Revision != g.Revision+1 {
		t.Fatalf("move after the outage: revision %d, %v", ng.Revision, err)
	}
}

// TestBoltChangeContext holds the commit loop in a transaction: a change
// queued behind it whose context ends gives up (ErrUnavailable and the
// context's error) and is never run, while the held transaction, already
// started, runs to its end although its own context was canceled.
func TestBoltChangeContext(t *testing.T) {
	db := openTest(t, &Options{NoSync: true})
	g := startGame(t, db, "g", "c", veletas.Size7)
	held, cancelHeld := context.WithCancel(t.Context())
	release, inside, heldErr := make(chan struct{}), make(chan struct{}), make(chan error, 1)
	go func() {
		heldErr <- db.update(held, func(tx txn) error {
			close(inside)
			<-release
			return tx.Bucket(bucketMeta).Put([]byte("held"), []byte("done"))
		})
	}()
	<-inside
	cancelHeld()

	ctx, cancel := context.WithTimeout(t.Context(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := db.Resign(ctx, "g", "c", "alice")
	took := time.Since(start)
	if !errors.Is(err, ErrUnavailable) || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("resign behind a held transaction: %v; want ErrUnavailable and context.DeadlineExceeded", err)
	}
	t.Logf("resign behind a held transaction, deadline 100ms: %v after %v", err, took.Round(time.Millisecond))

	close(release)
	if err := <-heldErr; err != nil {
		t.Fatalf("the started transaction, its context canceled: %v; want it run to its end", err)
	}
	// The loop has dropped the resignation given up: a change queued
	// after it finds the game still on, and the held write made.
	var v []byte
	if err := db.update(t.Context(), func(tx txn) error {
		var err error
		v, err = tx.Bucket(bucketMeta).Get([]byte("held"))
		return err
	}); err != nil || string(v) != "done" {
		t.Fatalf("held write: %q, %v", v, err)
	}
	got, err := db.ActiveGame(t.Context(), "g", "c")
	if err != nil || got.Over() || got.Revision != g.Revision {
		t.Fatalf("after the resignation given up: over %v, revision %d (want %d), %v", got.Over(), got.Revision, g.Revision, err)
	}
	// A context already ended changes nothing, reads nothing.
	if _, err := db.Resign(ctx, "g", "c", "alice"); !errors.Is(err, ErrUnavailable) || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("resign with an ended context: %v", err)
	}
	if _, err := db.ActiveGame(ctx, "g", "c"); !errors.Is(err, ErrUnavailable) {
		t.Fatalf("read with an ended context: %v", err)
	}
}
