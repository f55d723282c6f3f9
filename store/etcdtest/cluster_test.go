package etcdtest

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	clientv3 "go.etcd.io/etcd/client/v3"
)

// TestCluster starts a 3-member cluster, writes through it, stops and
// restarts a member and reads the writes back through that member alone.
func TestCluster(t *testing.T) {
	c := Start(t)
	eps := c.Endpoints()
	if len(eps) != 3 {
		t.Fatalf("endpoints %v, want 3", eps)
	}
	for _, e := range eps {
		if strings.HasSuffix(e, ":2379") || strings.HasSuffix(e, ":2380") || !strings.HasPrefix(e, "127.0.0.1:") {
			t.Fatalf("endpoint %s: want a loopback port other than 2379/2380", e)
		}
	}
	if got, want := c.URL("p1"), "etcd://"+strings.Join(eps, ",")+"/p1"; got != want {
		t.Fatalf("URL = %s, want %s", got, want)
	}
	cli, err := c.Client()
	if err != nil {
		t.Fatal(err)
	}
	defer cli.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if _, err := cli.Put(ctx, "k1", "before"); err != nil {
		t.Fatal(err)
	}
	if err := c.StopMember(2); err != nil {
		t.Fatal(err)
	}
	if c.Running(2) {
		t.Fatal("member 2 still running after StopMember")
	}
	// Two members of three keep a quorum: writes go on.
	if _, err := cli.Put(ctx, "k2", "while stopped"); err != nil {
		t.Fatal(err)
	}
	if err := c.StartMember(2); err != nil {
		t.Fatal(err)
	}
	// Member 2 alone (a serializable read answers from its own data):
	// it has both writes, the one it missed included.
	one, err := newClient(eps[2])
	if err != nil {
		t.Fatal(err)
	}
	defer one.Close()
	for k, want := range map[string]string{"k1": "before", "k2": "while stopped"} {
		r, err := one.Get(ctx, k, clientv3.WithSerializable())
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Kvs) != 1 || string(r.Kvs[0].Value) != want {
			t.Fatalf("member 2: %s = %v, want %q", k, r.Kvs, want)
		}
	}
}

// TestKill kills every member and brings them back with their data.
func TestKill(t *testing.T) {
	c := Start(t)
	cli, err := c.Client()
	if err != nil {
		t.Fatal(err)
	}
	defer cli.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if _, err := cli.Put(ctx, "k", "v"); err != nil {
		t.Fatal(err)
	}
	c.Kill()
	for i := range 3 {
		if c.Running(i) {
			t.Fatalf("member %d running after Kill", i)
		}
	}
	errs := make(chan error, 3)
	for i := range 3 {
		go func() { errs <- c.StartMember(i) }()
	}
	for range 3 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	r, err := cli.Get(ctx, "k")
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Kvs) != 1 || string(r.Kvs[0].Value) != "v" {
		t.Fatalf("after Kill and restart: k = %v, want v", r.Kvs)
	}
}

// TestMissingBinary runs a test that calls Start without an etcd binary
// (ETCD_BIN names a missing file), in a child process: it is skipped
// with how to install etcd, and fails under CI=true.
func TestMissingBinary(t *testing.T) {
	if os.Getenv("ETCDTEST_CHILD") == "1" {
		Start(t)
		t.Fatal("Start returned without a binary")
	}
	for _, ci := range []string{"", "true"} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestMissingBinary$", "-test.v")
		cmd.Env = append(os.Environ(), "ETCDTEST_CHILD=1", "ETCD_BIN="+filepath.Join(t.TempDir(), "no-etcd"), "CI="+ci)
		out, err := cmd.CombinedOutput()
		switch {
		case ci == "" && (err != nil || !strings.Contains(string(out), "--- SKIP") || !strings.Contains(string(out), "apt-get install etcd-server")):
			t.Errorf("without CI: err %v, output:\n%s\nwant a skip saying apt-get install etcd-server", err, out)
		case ci == "true" && (err == nil || !strings.Contains(string(out), "--- FAIL") || !strings.Contains(string(out), "CI=true")):
			t.Errorf("CI=true: err %v, output:\n%s\nwant a failure", err, out)
		}
	}
}
