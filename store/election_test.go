package store

import (
	"errors"
	"io"
	"log/slog"
	"strconv"
	"strings"
	"testing"
	"time"

	clientv3 "go.etcd.io/etcd/client/v3"

	"github.com/veletasbot/veletas/store/etcdtest"
)

// candidates starts n candidates of one election on c, each on its own
// client; elected[i] receives a value each time candidate i is elected.
func candidates(t *testing.T, c *etcdtest.Cluster, n int) ([]*Elector, []*clientv3.Client, []chan struct{}) {
	t.Helper()
	var ls []*Elector
	var clis []*clientv3.Client
	var elected []chan struct{}
	for i := range n {
		cli, err := c.Client()
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { cli.Close() })
		ch := make(chan struct{}, 8)
		l := startElection(cli, "test/"+electionPath, "", "replica-"+strconv.Itoa(i), DefaultElectionTTL, func() { ch <- struct{}{} },
			slog.New(slog.NewTextHandler(io.Discard, nil)))
		t.Cleanup(l.Close)
		ls, clis, elected = append(ls, l), append(clis, cli), append(elected, ch)
	}
	return ls, clis, elected
}

// waitLeader polls until exactly one of ls (not counting skip) leads and
// returns it, failing after within; it fails at once if two lead together.
func waitLeader(t *testing.T, ls []*Elector, skip int, within time.Duration) int {
	t.Helper()
	deadline := time.Now().Add(within)
	for {
		who := -1
		for i, l := range ls {
			if i == skip || !l.Leading() {
				continue
			}
			if who >= 0 {
				t.Fatalf("candidates %d and %d lead at once", who, i)
			}
			who = i
		}
		if who >= 0 {
			return who
		}
		if time.Now().After(deadline) {
			t.Fatalf("nobody leads after %v", within)
		}
		time.Sleep(20 * time.Millisecond) // polling a condition, with a deadline
	}
}

// TestElection: three candidates on a 3-member etcd cluster elect one
// leader, told through its elected callback; when the leader resigns
// (Close), another leads at once; when a leader dies (its client cut off
// without resigning, as a SIGKILL does), its lease expires and another
// leads within 15 s, while the dead one stops leading by itself.
func TestElection(t *testing.T) {
	c := etcdtest.Start(t)
	ls, clis, elected := candidates(t, c, 3)

	first := waitLeader(t, ls, -1, 15*time.Second)
	select {
	case <-elected[first]:
	case <-time.After(5 * time.Second):
		t.Fatal("the leader was not told")
	}

	ls[first].Close() // resigns
	if ls[first].Leading() {
		t.Fatal("still leading after Close")
	}
	start := time.Now()
	second := waitLeader(t, ls, first, 3*time.Second)
	t.Logf("after a resignation, candidate %d leads in %v", second, time.Since(start).Round(time.Millisecond))

	// A death: the leader's client is cut off, no resignation.
	clis[second].Close()
	start = time.Now()
	rest := []*Elector{ls[0], ls[1], ls[2]}
	rest[first] = nil
	third := -1
	deadline := time.Now().Add(15 * time.Second)
	for third < 0 {
		if time.Now().After(deadline) {
			t.Fatal("nobody took over within 15 s of the leader's death")
		}
		for i, l := range rest {
			if l != nil && i != second && l.Leading() {
				third = i
			}
		}
		if third >= 0 && ls[second].Leading() {
			t.Fatalf("candidate %d leads while the dead leader %d still thinks it leads", third, second)
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Logf("after the leader's death, candidate %d leads in %v", third, time.Since(start).Round(time.Millisecond))
	select {
	case <-elected[third]:
	case <-time.After(5 * time.Second):
		t.Fatal("the new leader was not told")
	}
	if ls[second].Leading() {
		t.Fatal("the dead leader still leads")
	}
}

// signalWriter sends on ch each time a line holding want is written.
type signalWriter struct {
	want string
	ch   chan struct{}
}

func (w signalWriter) Write(p []byte) (int, error) {
	if strings.Contains(string(p), w.want) {
		select {
		case w.ch <- struct{}{}:
		default:
		}
	}
	return len(p), nil
}

// TestElectionKeyForm: the election's keys are under the store's prefix
// in the same form as its data (PREFIX/election/leader/..., no leading
// slash), so that etcdctl get --prefix PREFIX/ lists them; a replica
// elected while a candidate of an older veletasbot is still under the old
// form (/PREFIX/election/leader/...) says so in the log and does not
// lead until that candidate is gone.
func TestElectionKeyForm(t *testing.T) {
	if got := ElectionKey("veletas"); got != "veletas/election/leader" {
		t.Fatalf("election key %q", got)
	}
	if got := legacyElectionKey("veletas"); got != "/veletas/election/leader" {
		t.Fatalf("old election key %q", got)
	}
	c := etcdtest.Start(t, etcdtest.Members(1))
	cli, err := c.Client()
	if err != nil {
		t.Fatal(err)
	}
	defer cli.Close()
	ctx := t.Context()
	lease, err := cli.Grant(ctx, 60)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := cli.Put(ctx, legacyElectionKey("p")+"/694d9a1b2c3d4e5f", "old-replica", clientv3.WithLease(lease.ID)); err != nil {
		t.Fatal(err)
	}
	waiting := make(chan struct{}, 1)
	elected := make(chan struct{}, 1)
	l := startElection(cli, ElectionKey("p"), legacyElectionKey("p"), "new-replica", DefaultElectionTTL, func() { elected <- struct{}{} },
		slog.New(slog.NewTextHandler(signalWriter{"older veletasbot", waiting}, nil)))
	defer l.Close()
	select {
	case <-waiting:
	case <-elected:
		t.Fatal("elected while an older replica campaigns under the old key form")
	case <-time.After(15 * time.Second):
		t.Fatal("the replica did not say it waits for the older one")
	}
	if l.Leading() {
		t.Fatal("leading while an older replica campaigns")
	}
	r, err := cli.Get(ctx, "p/", clientv3.WithPrefix())
	if err != nil || len(r.Kvs) != 1 || !strings.HasPrefix(string(r.Kvs[0].Key), "p/election/leader/") || string(r.Kvs[0].Value) != "new-replica" {
		t.Fatalf("keys under p/: %v %v", r, err)
	}
	if _, err := cli.Revoke(ctx, lease.ID); err != nil { // the older replica stops
		t.Fatal(err)
	}
	select {
	case <-elected:
	case <-time.After(15 * time.Second):
		t.Fatal("not elected once the older replica stopped")
	}
	if !l.Leading() {
		t.Fatal("elected but not leading")
	}
}

// TestElect: on an etcd store, DB.Elect campaigns on the store's own
// client under its prefix (PREFIX/election/leader/..., holding the
// candidate's id), calls elected and leads; Close resigns, deleting the
// key. On a bolt store it refuses with ErrNoElection.
func TestElect(t *testing.T) {
	bothStores(t, func(t *testing.T) {
		db := openTest(t, nil)
		elected := make(chan struct{}, 1)
		l, err := db.Elect("replica-a", 0, func() { elected <- struct{}{} })
		if !onEtcd(t) {
			if !errors.Is(err, ErrNoElection) || l != nil {
				t.Fatalf("Elect on bolt: %v, %v; want ErrNoElection", l, err)
			}
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		defer l.Close()
		select {
		case <-elected:
		case <-time.After(15 * time.Second):
			t.Fatal("not elected")
		}
		if !l.Leading() {
			t.Fatal("elected but not leading")
		}
		be := db.etcdBackend()
		key := ElectionKey(be.prefix) + "/"
		if !strings.HasPrefix(key, strings.TrimSuffix(be.prefix, "/")+"/election/leader/") {
			t.Fatalf("election key %q is not under the store's prefix %q", key, be.prefix)
		}
		ctx := t.Context()
		r, err := be.cli.Get(ctx, key, clientv3.WithPrefix())
		if err != nil || len(r.Kvs) != 1 || string(r.Kvs[0].Value) != "replica-a" {
			t.Fatalf("keys under %s: %v %v", key, r, err)
		}
		l.Close()
		if l.Leading() {
			t.Fatal("still leading after Close")
		}
		r, err = be.cli.Get(ctx, key, clientv3.WithPrefix(), clientv3.WithCountOnly())
		if err != nil || r.Count != 0 {
			t.Fatalf("after Close, %v keys under %s (%v); want 0", r.Count, key, err)
		}
	})
}
