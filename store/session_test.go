package store

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/veletasbot/veletas/game/veletas"
)

// TestEtcdSession plays through two stores on one prefix (two replicas),
// one of them under a read session: its reads stay at the session's
// revision while the other replica moves, a change it makes on that
// older revision that would be refused runs again on fresh data and
// commits, a refusal that holds on fresh data is returned, and its reads
// then see its own change (read-your-writes).
func TestEtcdSession(t *testing.T) {
	db, url := etcdTestStore(t, nil)
	other, err := OpenURL(url, &Options{Games: testRegistry})
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	bg := context.Background()
	g := startGame(t, db, "g", "c", veletas.Size7)
	r := rand.New(rand.NewPCG(3, 3))

	ses := Session(bg)
	if Session(ses) != ses {
		t.Fatal("Session made a second session in a context that has one")
	}
	at, err := db.ActiveGame(ses, "g", "c")
	if err != nil {
		t.Fatal(err)
	}
	first := at.ToAct()
	// The other replica plays first's action.
	moved, err := other.Apply(bg, "g", "c", first, -1, randomAction(vgame(at).Position(), r))
	if err != nil {
		t.Fatal(err)
	}
	second := moved.ToAct()
	if second == first {
		t.Fatalf("%s is to act twice", first)
	}
	// Under the session the game is still as it was at its first read;
	// without one, as it is.
	if g2, err := db.ActiveGame(ses, "g", "c"); err != nil || g2.Revision != at.Revision {
		t.Fatalf("under the session: revision %d (%v), want %d", g2.Revision, err, at.Revision)
	}
	if g2, err := db.ActiveGame(bg, "g", "c"); err != nil || g2.Revision != moved.Revision {
		t.Fatalf("without a session: revision %d (%v), want %d", g2.Revision, err, moved.Revision)
	}
	// A stale revision named by the caller is refused on fresh data too.
	if _, err := db.Apply(ses, "g", "c", second, at.Revision, randomAction(vgame(moved).Position(), r)); !errors.Is(err, ErrStaleRevision) {
		t.Fatalf("a move at a stale revision under the session: %v, want ErrStaleRevision", err)
	}
	// At the session's revision it is first's turn; second's move is
	// refused there, then runs on fresh data and commits.
	after, err := db.Apply(ses, "g", "c", second, -1, randomAction(vgame(moved).Position(), r))
	if err != nil {
		t.Fatalf("second's move under the session: %v", err)
	}
	if after.Revision != moved.Revision+1 || len(vgame(after).Actions()) != len(vgame(g).Actions())+2 {
		t.Fatalf("after second's move: revision %d with %d actions, want %d with %d", after.Revision, len(vgame(after).Actions()),
			moved.Revision+1, len(vgame(g).Actions())+2)
	}
	// The session reads its own change.
	if g2, err := db.ActiveGame(ses, "g", "c"); err != nil || g2.Revision != after.Revision {
		t.Fatalf("under the session after its change: revision %d (%v), want %d", g2.Revision, err, after.Revision)
	}
}

// TestEtcdSessionKeeps checks that a session reads a key once at its
// revision: a move's reads of the channel's game (to dispatch it, show
// it and change it) and of a player's settings make one range request
// each, the change's commit is still guarded by the game it took from
// the session (another replica's move in between makes it run again on
// fresh data), and after its own commit the session reads afresh.
func TestEtcdSessionKeeps(t *testing.T) {
	db, url := etcdTestStore(t, nil)
	other, err := OpenURL(url, &Options{Games: testRegistry})
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	es := db.be.(*etcdStore)
	bg := context.Background()
	g := startGame(t, db, "g", "c", veletas.Size7)
	r := rand.New(rand.NewPCG(5, 5))

	ses := Session(bg)
	reads := es.reads.Load()
	at, err := db.ActiveGame(ses, "g", "c")
	if err != nil {
		t.Fatal(err)
	}
	for range 3 {
		if g2, err := db.ActiveGame(ses, "g", "c"); err != nil || g2.Revision != at.Revision {
			t.Fatalf("again under the session: revision %d (%v), want %d", g2.Revision, err, at.Revision)
		}
	}
	if n := es.reads.Load() - reads; n != 1 {
		t.Fatalf("4 reads of the game under one session sent %d range requests, want 1", n)
	}
	u := at.ToAct()
	for range 2 {
		if _, err := db.UserSettings(ses, u); err != nil {
			t.Fatal(err)
		}
	}
	if n := es.reads.Load() - reads; n != 2 {
		t.Fatalf("the settings read twice: %d range requests in all, want 2", n)
	}

	// The other replica moves after the session's read; the session's
	// own move, taken from what it kept, is refused or conflicts there
	// and runs again on fresh data.
	moved, err := other.Apply(bg, "g", "c", u, -1, randomAction(vgame(at).Position(), r))
	if err != nil {
		t.Fatal(err)
	}
	next := moved.ToAct()
	after, err := db.Apply(ses, "g", "c", next, -1, randomAction(vgame(moved).Position(), r))
	if err != nil {
		t.Fatalf("the session's move after the other replica's: %v", err)
	}
	if after.Revision != moved.Revision+1 || len(vgame(after).Actions()) != len(vgame(g).Actions())+2 {
		t.Fatalf("after the session's move: revision %d with %d actions, want %d with %d",
			after.Revision, len(vgame(after).Actions()), moved.Revision+1, len(vgame(g).Actions())+2)
	}
	// After its commit the session is at a newer revision: the game is
	// read afresh, once, and it is the game as committed.
	reads = es.reads.Load()
	for range 2 {
		if g2, err := db.ActiveGame(ses, "g", "c"); err != nil || g2.Revision != after.Revision {
			t.Fatalf("under the session after its move: revision %d (%v), want %d", g2.Revision, err, after.Revision)
		}
	}
	if n := es.reads.Load() - reads; n != 1 {
		t.Fatalf("2 reads of the game after the session's commit sent %d range requests, want 1", n)
	}
	// Without a session nothing is kept.
	reads = es.reads.Load()
	for range 2 {
		if _, err := db.ActiveGame(bg, "g", "c"); err != nil {
			t.Fatal(err)
		}
	}
	if n := es.reads.Load() - reads; n != 2 {
		t.Fatalf("2 reads without a session sent %d range requests, want 2", n)
	}
}
