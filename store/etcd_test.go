package store

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"go.etcd.io/etcd/api/v3/v3rpc/rpctypes"
	clientv3 "go.etcd.io/etcd/client/v3"

	"github.com/veletasbot/veletas/game/veletas"
	"github.com/veletasbot/veletas/store/etcdtest"
)

// TestRacingChangesAppliedOnce races two changes on the same game: the
// first reads the game, then waits until the second has committed, then
// commits. It must find the conflict, run again on fresh data and apply
// both changes exactly once, in the order they committed.
func TestRacingChangesAppliedOnce(t *testing.T) {
	bothStores(t, func(t *testing.T) {
		db := openTest(t, nil)
		startGame(t, db, "g", "c", veletas.Size7)
		var runs atomic.Int32
		read, committed := make(chan struct{}), make(chan struct{})
		done := make(chan error, 1)
		go func() {
			_, err := db.change(t.Context(), "g", "c", "", func(g *Game, now time.Time) error {
				if runs.Add(1) == 1 {
					close(read)
					<-committed // the other change commits in between
				}
				g.Message += "A"
				return nil
			})
			done <- err
		}()
		<-read
		if _, err := db.change(t.Context(), "g", "c", "", func(g *Game, now time.Time) error { g.Message += "B"; return nil }); err != nil {
			t.Fatal(err)
		}
		close(committed)
		if err := <-done; err != nil {
			t.Fatal(err)
		}
		g, err := db.ActiveGame(t.Context(), "g", "c")
		if err != nil {
			t.Fatal(err)
		}
		if g.Message != "BA" || runs.Load() != 2 {
			t.Fatalf("message %q after %d runs of the first change; want BA after 2 (B committed first, A retried once)", g.Message, runs.Load())
		}
	})
}

// TestRacingMovesOnce has two goroutines play the same move as the same
// player at once, without a revision (a slash command): exactly one is
// applied; the other is refused (the turn has passed) after its retry.
func TestRacingMovesOnce(t *testing.T) {
	bothStores(t, func(t *testing.T) {
		db := openTest(t, nil)
		g := startGame(t, db, "g", "c", veletas.Size7)
		for round := range 20 {
			a := randomAction(vgame(g).Position(), rand.New(rand.NewPCG(uint64(round), 1)))
			who := g.ToAct()
			var wg sync.WaitGroup
			errs := make([]error, 2)
			for i := range 2 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					_, errs[i] = db.Apply(t.Context(), "g", "c", who, -1, a)
				}()
			}
			wg.Wait()
			ok := 0
			for _, err := range errs {
				switch {
				case err == nil:
					ok++
				case errors.Is(err, ErrNotYourTurn), errors.Is(err, ErrIllegal), errors.Is(err, ErrNoGame):
				default:
					t.Fatalf("round %d: %v", round, err)
				}
			}
			ng, err := db.ActiveGame(t.Context(), "g", "c")
			if errors.Is(err, ErrNoGame) {
				return // the move ended the game
			}
			if err != nil {
				t.Fatal(err)
			}
			if ok != 1 || ng.Revision != g.Revision+1 || len(recordTokens(ng.Record)) != len(recordTokens(g.Record))+1 {
				t.Fatalf("round %d: %d applied (%v), revision %d -> %d; want exactly one", round, ok, errs, g.Revision, ng.Revision)
			}
			g = ng
		}
	})
}

// etcdTestStore opens a store on a fresh prefix of the shared cluster.
func etcdTestStore(t *testing.T, opts *Options) (*DB, string) {
	t.Helper()
	url := sharedCluster(t).URL(fmt.Sprintf("test/%d-%s", prefixes.Add(1), strings.ReplaceAll(t.Name(), "/", "-")))
	if opts == nil {
		opts = &Options{}
	}
	if opts.Games == nil {
		opts.Games = testRegistry
	}
	db, err := OpenURL(url, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db, url
}

func clusterClient(t *testing.T, c *etcdtest.Cluster) *clientv3.Client {
	t.Helper()
	cli, err := c.Client()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cli.Close() })
	return cli
}

// TestEtcdUnknownOutcome makes the commit of a move end with an error
// whose outcome is unknown (as a timeout or a lost connection would), in
// three ways: the Txn was applied before the error; it was lost; it was
// delayed and arrives after the store has settled the outcome. Each time
// the move is applied exactly once and the caller gets the game after it.
func TestEtcdUnknownOutcome(t *testing.T) {
	db, _ := etcdTestStore(t, nil)
	cli := clusterClient(t, sharedCluster(t))
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	g := startGame(t, db, "g", "c", veletas.Size7)
	lost := errors.New("etcdserver: request timed out") // not an error that says the Txn was refused
	var late []func() (*clientv3.TxnResponse, error)
	for _, mode := range []string{"applied", "lost", "delayed"} {
		calls := 0
		db.etcdBackend().commitHook = func(cmps []clientv3.Cmp, ops []clientv3.Op) (*clientv3.TxnResponse, error) {
			calls++
			if calls > 1 {
				return cli.Txn(ctx).If(cmps...).Then(ops...).Commit()
			}
			switch mode {
			case "applied":
				if r, err := cli.Txn(ctx).If(cmps...).Then(ops...).Commit(); err != nil || !r.Succeeded {
					t.Errorf("%s: the real commit: %v %v", mode, r, err)
				}
			case "delayed":
				late = append(late, func() (*clientv3.TxnResponse, error) {
					return cli.Txn(ctx).If(cmps...).Then(ops...).Commit()
				})
			}
			return nil, lost
		}
		a := randomAction(vgame(g).Position(), rand.New(rand.NewPCG(1, 2)))
		ng, err := db.Apply(t.Context(), "g", "c", g.ToAct(), g.Revision, a)
		if err != nil {
			t.Fatalf("%s: %v", mode, err)
		}
		db.etcdBackend().commitHook = nil
		wantCalls := map[string]int{"applied": 1, "lost": 2, "delayed": 2}[mode]
		if calls != wantCalls {
			t.Errorf("%s: %d commits, want %d", mode, calls, wantCalls)
		}
		if mode == "delayed" {
			// The first attempt arrives now: its condition fails (the
			// store wrote its marker when it settled the outcome).
			r, err := late[0]()
			if err != nil || r.Succeeded {
				t.Fatalf("the delayed attempt: succeeded %v, %v; want refused", r != nil && r.Succeeded, err)
			}
		}
		stored, err := db.ActiveGame(t.Context(), "g", "c")
		if err != nil {
			t.Fatal(err)
		}
		toks := recordTokens(stored.Record)
		if stored.Revision != g.Revision+1 || ng.Revision != stored.Revision || len(toks) != len(recordTokens(g.Record))+1 || toks[len(toks)-1] != a.String() {
			t.Fatalf("%s: revision %d -> %d (returned %d), record %q; want the move %s once", mode, g.Revision, stored.Revision, ng.Revision, stored.Record, a)
		}
		g = stored
	}
}

// TestEtcdUnknownOutcomeNewChallenge: a change that is not guarded by a
// revision (a new challenge, which takes the next ID) is not made twice
// when its first commit was applied but reported an error.
func TestEtcdUnknownOutcomeNewChallenge(t *testing.T) {
	db, _ := etcdTestStore(t, nil)
	cli := clusterClient(t, sharedCluster(t))
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	calls := 0
	db.etcdBackend().commitHook = func(cmps []clientv3.Cmp, ops []clientv3.Op) (*clientv3.TxnResponse, error) {
		calls++
		r, err := cli.Txn(ctx).If(cmps...).Then(ops...).Commit()
		if calls == 1 {
			return nil, rpctypes.ErrTimeoutDueToConnectionLost
		}
		return r, err
	}
	c, err := db.CreateChallenge(t.Context(), Challenge{Kind: Veletas, Guild: "g", Channel: "c", Challenger: "alice", Opponent: "bob"})
	if err != nil {
		t.Fatal(err)
	}
	db.etcdBackend().commitHook = nil
	all, err := db.Challenges(t.Context(), "g", "c")
	if err != nil {
		t.Fatal(err)
	}
	if calls != 1 || len(all) != 1 || all[0].ID != c.ID {
		t.Fatalf("%d commits, challenges %+v; want the one challenge %d", calls, all, c.ID)
	}
}

// TestEtcdContended: a change that conflicts on every attempt gives up
// with ErrContended and changes nothing.
func TestEtcdContended(t *testing.T) {
	db, _ := etcdTestStore(t, nil)
	startGame(t, db, "g", "c", veletas.Size7)
	cli := clusterClient(t, sharedCluster(t))
	runs := 0
	_, err := db.change(t.Context(), "g", "c", "", func(g *Game, now time.Time) error {
		runs++
		// Another writer touches the game after every read.
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		k := db.etcdBackend().key(bucketGames, pairKey("g", "c"))
		r, err := cli.Get(ctx, k)
		if err == nil {
			_, err = cli.Put(ctx, k, string(r.Kvs[0].Value))
		}
		if err != nil {
			t.Error(err)
		}
		g.Message = "never"
		return nil
	})
	if !errors.Is(err, ErrContended) || runs != etcdAttempts {
		t.Fatalf("after %d runs: %v; want ErrContended after %d", runs, err, etcdAttempts)
	}
	if g, _ := db.ActiveGame(t.Context(), "g", "c"); g.Message != "" {
		t.Fatalf("message %q: a contended change was made", g.Message)
	}
}

// TestEtcdOpen: a fresh prefix starts at the current schema; Ping
// answers; what only a bbolt file has fails with ErrBoltOnly; a prefix
// with foreign keys, or a newer schema, is refused; a bad URL says what a
// good one looks like; a cluster that does not answer gives
// ErrUnavailable within the timeout.
func TestEtcdOpen(t *testing.T) {
	db, url := etcdTestStore(t, nil)
	cli := clusterClient(t, sharedCluster(t))
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	loc, err := ParseURL(url)
	if err != nil {
		t.Fatal(err)
	}
	r, err := cli.Get(ctx, loc.Prefix+"/meta/version")
	if err != nil || len(r.Kvs) != 1 || string(r.Kvs[0].Value) != fmt.Sprint(SchemaVersion) {
		t.Fatalf("schema version key: %v %v", r, err)
	}
	if err := db.Ping(); err != nil {
		t.Fatal(err)
	}
	if err := db.Check(); !errors.Is(err, ErrBoltOnly) {
		t.Fatalf("Check: %v", err)
	}
	if _, err := db.Backup(&strings.Builder{}); !errors.Is(err, ErrBoltOnly) {
		t.Fatalf("Backup: %v", err)
	}
	if _, err := db.Snapshot(); err == nil {
		t.Fatal("Snapshot on etcd: no error")
	}
	if _, err := OpenURL(url, &Options{Games: testRegistry, SnapshotDir: t.TempDir()}); !errors.Is(err, ErrBoltOnly) {
		t.Fatalf("snapshots on etcd: %v", err)
	}
	// Reopened: the same store.
	startGame(t, db, "g", "c", veletas.Size7)
	db2, err := OpenURL(url, &Options{Games: testRegistry})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db2.ActiveGame(t.Context(), "g", "c"); err != nil {
		t.Fatalf("the game through a second DB: %v", err)
	}
	db2.Close()
	if err := db2.Ping(); !errors.Is(err, ErrClosed) {
		t.Fatalf("Ping after Close: %v", err)
	}
	if _, err := db2.ActiveGame(t.Context(), "g", "c"); !errors.Is(err, ErrClosed) {
		t.Fatalf("read after Close: %v", err)
	}

	foreign := loc.Prefix + "-foreign"
	if _, err := cli.Put(ctx, foreign+"/something", "x"); err != nil {
		t.Fatal(err)
	}
	if _, err := OpenURL(sharedCluster(t).URL(foreign), &Options{Games: testRegistry}); !errors.Is(err, ErrNotStore) {
		t.Fatalf("a prefix with foreign keys: %v", err)
	}
	newer := loc.Prefix + "-newer"
	if _, err := cli.Put(ctx, newer+"/meta/version", fmt.Sprint(SchemaVersion+1)); err != nil {
		t.Fatal(err)
	}
	if _, err := OpenURL(sharedCluster(t).URL(newer), &Options{Games: testRegistry}); !errors.Is(err, ErrSchemaTooNew) {
		t.Fatalf("a newer schema: %v", err)
	}
	older := loc.Prefix + "-older"
	if _, err := cli.Put(ctx, older+"/meta/version", "4"); err != nil {
		t.Fatal(err)
	}
	if _, err := OpenURL(sharedCluster(t).URL(older), &Options{Games: testRegistry}); !errors.Is(err, ErrOldSchema) || !strings.Contains(err.Error(), "-to bolt:FILE") {
		t.Fatalf("an older schema: %v", err)
	}
	if _, err := OpenURL("etcd://127.0.0.1", &Options{Games: testRegistry}); !errors.Is(err, ErrBadURL) || !strings.Contains(err.Error(), "etcd://HOST:PORT") {
		t.Fatalf("bad URL: %v", err)
	}
	// Nothing listens on a port we just closed.
	start := time.Now()
	_, err = OpenURL("etcd://127.0.0.1:1/x", &Options{Games: testRegistry, EtcdTimeout: time.Second})
	if !errors.Is(err, ErrUnavailable) || time.Since(start) > 10*time.Second {
		t.Fatalf("no cluster: %v after %v; want ErrUnavailable within the timeout", err, time.Since(start))
	}
}

// TestEtcdMemberRestart plays 30 games from 30 goroutines on a cluster of
// its own while a member is stopped (SIGTERM) and started again, then the
// leader is killed (SIGKILL) and started again:
// every action acknowledged is in its game's record once, at the place
// acknowledged, and the records hold nothing else but actions whose
// outcome the store could not tell (none expected).
func TestEtcdMemberRestart(t *testing.T) {
	c := etcdtest.Start(t)
	db, err := OpenURL(c.URL("restart"), &Options{Games: testRegistry, MaxChallengesPerUser: 1 << 20})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	const games = 30
	for i := range games {
		startGame(t, db, "g", fmt.Sprint("c", i), veletas.Size9)
	}
	type done struct {
		game uint64
		idx  int
		tok  string
	}
	var (
		mu             sync.Mutex
		acked          []done
		unknown, fails int
		stop           atomic.Bool
		progress       atomic.Int64
	)
	var wg sync.WaitGroup
	for w := range games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(uint64(w), 5))
			ch := fmt.Sprint("c", w)
			for !stop.Load() {
				g, err := db.ActiveGame(t.Context(), "g", ch)
				if errors.Is(err, ErrNoGame) {
					if _, err := newGame(db, "g", ch, "alice", "bob", veletas.Size9); err != nil && !errors.Is(err, ErrUnavailable) {
						t.Error(err)
						return
					}
					continue
				}
				if errors.Is(err, ErrUnavailable) {
					mu.Lock()
					fails++
					mu.Unlock()
					continue
				}
				if err != nil {
					t.Error(err)
					return
				}
				a := randomAction(vgame(g).Position(), r)
				ng, err := db.Apply(t.Context(), "g", ch, g.ToAct(), g.Revision, a)
				mu.Lock()
				switch {
				case err == nil:
					acked = append(acked, done{ng.ID, ng.Revision - 1, a.String()})
					progress.Add(1)
				case errors.Is(err, ErrUnavailable) && strings.Contains(err.Error(), "outcome"):
					unknown++
				case errors.Is(err, ErrUnavailable):
					fails++
				default:
					t.Errorf("apply: %v", err)
				}
				mu.Unlock()
			}
		}()
	}
	waitActions := func(n int64) {
		t.Helper()
		target := progress.Load() + n
		deadline := time.Now().Add(2 * time.Minute)
		for progress.Load() < target {
			if time.Now().After(deadline) {
				t.Fatalf("no progress: %d actions, want %d", progress.Load(), target)
			}
			time.Sleep(10 * time.Millisecond) // polling
		}
	}
	waitActions(300)
	if err := c.StopMember(1); err != nil {
		t.Fatal(err)
	}
	waitActions(300) // two members of three: the games go on
	if err := c.StartMember(1); err != nil {
		t.Fatal(err)
	}
	waitActions(300)
	leader := leaderOf(t, c)
	if err := c.KillMember(leader); err != nil { // SIGKILL: no leader transfer
		t.Fatal(err)
	}
	waitActions(300) // a new leader is elected
	if err := c.StartMember(leader); err != nil {
		t.Fatal(err)
	}
	waitActions(300)
	stop.Store(true)
	wg.Wait()

	// Every acknowledged action, once, where acknowledged.
	records := map[uint64][]string{}
	active, err := db.ActiveGames(t.Context(), "g")
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range active {
		records[g.ID] = recordTokens(g.Record)
	}
	for _, a := range acked {
		if _, ok := records[a.game]; !ok {
			g, err := db.FinishedGame(t.Context(), a.game)
			if err != nil {
				t.Fatalf("game %d: %v", a.game, err)
			}
			records[a.game] = recordTokens(g.Record)
		}
	}
	seen := map[[2]uint64]bool{}
	total := 0
	for _, a := range acked {
		rec := records[a.game]
		if a.idx >= len(rec) || rec[a.idx] != a.tok {
			t.Fatalf("game %d: acknowledged %s at %d, record %v", a.game, a.tok, a.idx, rec)
		}
		k := [2]uint64{a.game, uint64(a.idx)}
		if seen[k] {
			t.Fatalf("game %d: action %d acknowledged twice", a.game, a.idx)
		}
		seen[k] = true
	}
	for _, rec := range records {
		total += len(rec)
	}
	if total > len(acked)+unknown {
		t.Fatalf("records hold %d actions, %d acknowledged and %d unknown", total, len(acked), unknown)
	}
	t.Logf("%d actions acknowledged on %d games across a member restart and a leader killed and restarted; %d refused as unavailable, %d with an unknown outcome", len(acked), len(records), fails, unknown)
}

// leaderOf returns the index of the cluster's leader.
func leaderOf(t *testing.T, c *etcdtest.Cluster) int {
	t.Helper()
	cli := clusterClient(t, c)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for i, ep := range c.Endpoints() {
		st, err := cli.Status(ctx, ep)
		if err != nil {
			t.Fatal(err)
		}
		if st.Header.MemberId == st.Leader {
			return i
		}
	}
	t.Fatal("no leader")
	return -1
}

// TestEtcdMarkerLeaseRevoked: when the lease of the commit markers is gone
// before its time (revoked here; a process paused for minutes), the next
// change takes a new lease and commits.
func TestEtcdMarkerLeaseRevoked(t *testing.T) {
	db, _ := etcdTestStore(t, nil)
	cli := clusterClient(t, sharedCluster(t))
	g := startGame(t, db, "g", "c", veletas.Size7)
	old := db.etcdBackend().lease
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := cli.Revoke(ctx, old); err != nil {
		t.Fatal(err)
	}
	ng, err := db.Apply(t.Context(), "g", "c", g.ToAct(), g.Revision, randomAction(vgame(g).Position(), rand.New(rand.NewPCG(3, 3))))
	if err != nil || ng.Revision != g.Revision+1 {
		t.Fatalf("after the lease was revoked: %v, revision %d", err, ng.Revision)
	}
	if db.etcdBackend().lease == old || db.etcdBackend().lease == 0 {
		t.Fatalf("lease %x, was %x: no new lease", db.etcdBackend().lease, old)
	}
}

// TestPingContextNoQuorum stops two members of three: PingContext returns
// at its context's deadline with ErrUnavailable, not after the store's
// own timeout (20 s here), so that /healthz answers within its 2 s; once
// the members are back, it answers again.
func TestPingContextNoQuorum(t *testing.T) {
	c := etcdtest.Start(t)
	db, err := OpenURL(c.URL("ping"), &Options{Games: testRegistry, EtcdTimeout: 20 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.PingContext(t.Context()); err != nil {
		t.Fatal(err)
	}
	for _, i := range []int{1, 2} {
		if err := c.StopMember(i); err != nil {
			t.Fatal(err)
		}
	}
	ctx, cancel := context.WithTimeout(t.Context(), 300*time.Millisecond)
	defer cancel()
	start := time.Now()
	err = db.PingContext(ctx)
	took := time.Since(start)
	if !errors.Is(err, ErrUnavailable) || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("ping without a quorum: %v", err)
	}
	if took >= 10*time.Second { // the store's own timeout is 20 s
		t.Fatalf("ping without a quorum returned after %v, not at its context's deadline", took)
	}
	t.Logf("ping without a quorum: %v after %v", err, took.Round(time.Millisecond))
	for _, i := range []int{1, 2} {
		if err := c.StartMember(i); err != nil {
			t.Fatal(err)
		}
	}
	if err := db.PingContext(t.Context()); err != nil {
		t.Fatalf("ping after the members are back: %v", err)
	}
}

// TestEtcdReadErrorAtTheRead makes etcd unreachable in the middle of a
// transaction (its client closed after a first read): the next bucket Get
// returns the failure itself (a *readError, no value), a cursor stops and
// its Err says why, and the transaction returns that error, while the
// read before still gave the stored game.
func TestEtcdReadErrorAtTheRead(t *testing.T) {
	db, url := etcdTestStore(t, nil)
	startGame(t, db, "g", "c", veletas.Size7)
	other, err := OpenURL(url, &Options{Games: testRegistry, EtcdTimeout: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	var (
		first, after   []byte
		firstErr, gErr error
		curKey         []byte
		curErr         error
		runs           int
	)
	err = other.view(t.Context(), func(tx txn) error {
		if runs++; runs > 1 {
			_, err := tx.Bucket(bucketGames).Get(pairKey("g", "c")) // run again: the failure may be transient
			return err
		}
		first, firstErr = tx.Bucket(bucketGames).Get(pairKey("g", "c"))
		other.etcdBackend().cli.Close() // etcd can no longer be reached
		after, gErr = tx.Bucket(bucketThreads).Get(pairKey("g", "t"))
		c := tx.Cursor(bucketArchive)
		curKey, _ = c.First()
		curErr = c.Err()
		return gErr
	})
	if firstErr != nil || first == nil {
		t.Fatalf("the read before: %q, %v; want the stored game", first, firstErr)
	}
	var re *readError
	if gErr == nil || !errors.As(gErr, &re) || after != nil {
		t.Fatalf("Get with etcd unreachable: %q, %v; want no value and a *readError", after, gErr)
	}
	if curKey != nil || curErr == nil || !errors.As(curErr, &re) {
		t.Fatalf("cursor with etcd unreachable: key %q, Err %v; want none and a *readError", curKey, curErr)
	}
	if !errors.Is(gErr, ErrUnavailable) || !errors.Is(err, ErrUnavailable) || !strings.HasPrefix(err.Error(), "store: etcd: ") {
		t.Fatalf("the transaction returned %v after the read's error %v; want ErrUnavailable from both", err, gErr)
	}
	// The store's own methods return it too, not "no game".
	if _, err := other.ActiveGame(t.Context(), "g", "c"); err == nil || errors.Is(err, ErrNoGame) {
		t.Fatalf("ActiveGame with etcd unreachable: %v; want the read's error", err)
	}
}
