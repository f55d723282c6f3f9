package etcdtest

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	clientv3 "go.etcd.io/etcd/client/v3"
	"go.uber.org/zap"
)

// DefaultBinary is where Debian's etcd-server package installs etcd.
const DefaultBinary = "/usr/bin/etcd"

// Install says how to get the etcd binary.
const Install = "install Debian's etcd server (apt-get install etcd-server), or set ETCD_BIN to an etcd 3.4 or 3.5 binary"

// ErrMissing is returned by New when no etcd binary is found.
var ErrMissing = errors.New("etcdtest: etcd binary not found")

// startTimeout bounds the wait for a cluster or a member to be healthy.
const startTimeout = 60 * time.Second

// An Option changes how a cluster is started.
type Option func(*config)

type config struct {
	members int
}

// Members sets the number of members (default 3).
func Members(n int) Option { return func(c *config) { c.members = n } }

// Cluster is a running etcd cluster of local processes.
type Cluster struct {
	dir     string
	binary  string
	token   string
	members []*member

	mu sync.Mutex // guards the processes of members
}

type member struct {
	name       string
	dir        string // data directory
	log        string // log file
	clientPort int
	peerPort   int

	cmd    *exec.Cmd
	exited chan struct{} // closed when cmd has ended
	err    error         // cmd's exit status, once exited is closed
}

func (m *member) clientURL() string { return "http://127.0.0.1:" + strconv.Itoa(m.clientPort) }
func (m *member) peerURL() string   { return "http://127.0.0.1:" + strconv.Itoa(m.peerPort) }
func (m *member) endpoint() string  { return "127.0.0.1:" + strconv.Itoa(m.clientPort) }

// FindBinary returns the etcd binary to run: ETCD_BIN when set, then
// DefaultBinary, then etcd on PATH. It fails with ErrMissing.
func FindBinary() (string, error) {
	if p := os.Getenv("ETCD_BIN"); p != "" {
		if _, err := os.Stat(p); err != nil {
			return "", fmt.Errorf("%w: ETCD_BIN=%s: %v; %s", ErrMissing, p, err, Install)
		}
		return p, nil
	}
	if _, err := os.Stat(DefaultBinary); err == nil {
		return DefaultBinary, nil
	}
	if p, err := exec.LookPath("etcd"); err == nil {
		return p, nil
	}
	return "", fmt.Errorf("%w: no %s and no etcd on PATH; %s", ErrMissing, DefaultBinary, Install)
}

// Require skips t when the etcd binary is missing, saying how to install
// it, or fails it when the environment variable CI is "true" (CI must run
// the etcd tests for real).
func Require(t testing.TB) {
	t.Helper()
	if _, err := FindBinary(); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%v (CI=true: the etcd tests may not be skipped)", err)
		}
		t.Skipf("%v", err)
	}
}

// Start starts a cluster (3 members unless told otherwise) in t.TempDir()
// on free loopback ports, waits until it is healthy and stops it when t
// ends. When the etcd binary is missing it skips t (fails it under
// CI=true); see Require.
func Start(t testing.TB, opts ...Option) *Cluster {
	t.Helper()
	Require(t)
	c, err := New(t.TempDir(), opts...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if t.Failed() {
			c.logTails(t)
		}
		if err := c.Close(); err != nil {
			t.Errorf("etcdtest: %v", err)
		}
	})
	return c
}

// New starts a cluster with its data under dir (which must exist) and
// waits until it is healthy. The caller must Close it. It is Start for
// code that outlives one test, such as a cluster shared by a package's
// tests from TestMain.
func New(dir string, opts ...Option) (*Cluster, error) {
	cfg := config{members: 3}
	for _, o := range opts {
		o(&cfg)
	}
	if cfg.members < 1 {
		return nil, fmt.Errorf("etcdtest: %d members: need at least 1", cfg.members)
	}
	binary, err := FindBinary()
	if err != nil {
		return nil, err
	}
	ports, err := freePorts(2 * cfg.members)
	if err != nil {
		return nil, err
	}
	var tok [8]byte
	rand.Read(tok[:])
	c := &Cluster{dir: dir, binary: binary, token: "etcdtest-" + hex.EncodeToString(tok[:])}
	for i := range cfg.members {
		name := "m" + strconv.Itoa(i)
		c.members = append(c.members, &member{name: name, dir: filepath.Join(dir, name+".etcd"),
			log: filepath.Join(dir, name+".log"), clientPort: ports[2*i], peerPort: ports[2*i+1]})
	}
	for i := range c.members {
		if err := c.start(i); err != nil {
			c.Close()
			return nil, err
		}
	}
	if err := c.waitHealthy(nil); err != nil {
		c.Close()
		return nil, err
	}
	return c, nil
}

// freePorts returns n distinct free loopback TCP ports, none of them
// etcd's default ports 2379 and 2380.
func freePorts(n int) ([]int, error) {
	var ls []net.Listener
	defer func() {
		for _, l := range ls {
			l.Close()
		}
	}()
	var out []int
	for len(out) < n {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, fmt.Errorf("etcdtest: finding a free port: %w", err)
		}
		ls = append(ls, l) // held until all are chosen, so they differ
		p := l.Addr().(*net.TCPAddr).Port
		if p == 2379 || p == 2380 {
			continue
		}
		out = append(out, p)
	}
	return out, nil
}

func (c *Cluster) initialCluster() string {
	var parts []string
	for _, m := range c.members {
		parts = append(parts, m.name+"="+m.peerURL())
	}
	return strings.Join(parts, ",")
}

// start starts member i's process (with its existing data directory, if
// any).
func (c *Cluster) start(i int) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	m := c.members[i]
	if m.cmd != nil {
		select {
		case <-m.exited:
		default:
			return fmt.Errorf("etcdtest: member %d is already running", i)
		}
	}
	logf, err := os.OpenFile(m.log, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return fmt.Errorf("etcdtest: %w", err)
	}
	cmd := exec.Command(c.binary,
		"--name", m.name,
		"--data-dir", m.dir,
		"--listen-client-urls", m.clientURL(),
		"--advertise-client-urls", m.clientURL(),
		"--listen-peer-urls", m.peerURL(),
		"--initial-advertise-peer-urls", m.peerURL(),
		"--initial-cluster", c.initialCluster(),
		"--initial-cluster-state", "new",
		"--initial-cluster-token", c.token,
		// A shared 2-core machine under the race detector: longer than
		// the defaults (100 ms, 1 s), so that a busy moment does not
		// start an election.
		"--heartbeat-interval", "200",
		"--election-timeout", "2000",
		"--logger", "zap",
		"--log-outputs", "stderr",
	)
	// Only what etcd needs from the environment: no ETCD_* variable of the
	// caller's may change the cluster.
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + m.dir}
	cmd.Stdout, cmd.Stderr = logf, logf
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL} // never outlives the test binary
	if err := cmd.Start(); err != nil {
		logf.Close()
		return fmt.Errorf("etcdtest: start member %d (%s): %w", i, c.binary, err)
	}
	m.cmd, m.exited, m.err = cmd, make(chan struct{}), nil
	go func(m *member, cmd *exec.Cmd, exited chan struct{}) {
		err := cmd.Wait()
		logf.Close()
		c.mu.Lock()
		m.err = err
		c.mu.Unlock()
		close(exited)
	}(m, cmd, m.exited)
	return nil
}

// waitHealthy polls until every running member answers a status request
// and they agree on a leader, or fails after startTimeout, or as soon as
// a member's process has ended. only, when not nil, limits the check to
// those members (the others must still agree on the leader).
func (c *Cluster) waitHealthy(only []int) error {
	deadline := time.Now().Add(startTimeout)
	if only == nil {
		for i := range c.members {
			only = append(only, i)
		}
	}
	var last error
	for {
		for _, i := range only {
			if err := c.exitedErr(i); err != nil {
				return err
			}
		}
		last = c.healthy(only)
		if last == nil {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("etcdtest: cluster not healthy after %v: %w (logs in %s)", startTimeout, last, c.dir)
		}
		time.Sleep(50 * time.Millisecond) // polling
	}
}

func (c *Cluster) exitedErr(i int) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	m := c.members[i]
	select {
	case <-m.exited:
		return fmt.Errorf("etcdtest: member %d ended while starting: %v; its log:\n%s", i, m.err, tail(m.log, 20))
	default:
		return nil
	}
}

// healthy checks that members answer with a leader and a linearizable
// read succeeds through each.
func (c *Cluster) healthy(members []int) error {
	var leader uint64
	for _, i := range members {
		m := c.members[i]
		cli, err := clientv3.New(clientv3.Config{Endpoints: []string{m.endpoint()}, DialTimeout: time.Second,
			Logger: zap.NewNop()})
		if err != nil {
			return err
		}
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		st, err := cli.Status(ctx, m.endpoint())
		if err == nil {
			_, err = cli.Get(ctx, "etcdtest-health")
		}
		cancel()
		cli.Close()
		if err != nil {
			return fmt.Errorf("member %d: %w", i, err)
		}
		if st.Leader == 0 {
			return fmt.Errorf("member %d: no leader", i)
		}
		if leader != 0 && st.Leader != leader {
			return fmt.Errorf("members disagree on the leader")
		}
		leader = st.Leader
	}
	return nil
}

// Endpoints are the members' client addresses (host:port), whether
// running or not.
func (c *Cluster) Endpoints() []string {
	var out []string
	for _, m := range c.members {
		out = append(out, m.endpoint())
	}
	return out
}

// URL is the store URL of the cluster with a key prefix:
// etcd://127.0.0.1:P1,127.0.0.1:P2,127.0.0.1:P3/prefix (no /prefix when
// prefix is empty).
func (c *Cluster) URL(prefix string) string {
	u := "etcd://" + strings.Join(c.Endpoints(), ",")
	if prefix != "" {
		u += "/" + strings.TrimPrefix(prefix, "/")
	}
	return u
}

// Client returns a new client of the cluster; the caller closes it.
func (c *Cluster) Client() (*clientv3.Client, error) {
	return clientv3.New(clientv3.Config{Endpoints: c.Endpoints(), DialTimeout: 5 * time.Second, Logger: zap.NewNop()})
}

// StopMember stops member i (SIGTERM, then SIGKILL after 10 s) and waits
// for it to end. Its data directory stays for StartMember.
func (c *Cluster) StopMember(i int) error {
	return c.signal(i, syscall.SIGTERM, 10*time.Second)
}

// KillMember kills member i with SIGKILL and waits for it to end.
func (c *Cluster) KillMember(i int) error {
	return c.signal(i, syscall.SIGKILL, 0)
}

func (c *Cluster) signal(i int, sig syscall.Signal, grace time.Duration) error {
	if i < 0 || i >= len(c.members) {
		return fmt.Errorf("etcdtest: no member %d (the cluster has %d)", i, len(c.members))
	}
	c.mu.Lock()
	m := c.members[i]
	cmd, exited := m.cmd, m.exited
	c.mu.Unlock()
	if cmd == nil {
		return nil
	}
	select {
	case <-exited:
		return nil
	default:
	}
	cmd.Process.Signal(sig)
	if grace > 0 {
		select {
		case <-exited:
			return nil
		case <-time.After(grace):
			cmd.Process.Kill()
		}
	}
	<-exited
	return nil
}

// StartMember starts member i again, with the data directory it had, and
// waits until it is healthy (it has caught up with the leader).
func (c *Cluster) StartMember(i int) error {
	if i < 0 || i >= len(c.members) {
		return fmt.Errorf("etcdtest: no member %d (the cluster has %d)", i, len(c.members))
	}
	if err := c.start(i); err != nil {
		return err
	}
	return c.waitHealthy([]int{i})
}

// Running reports whether member i's process is running.
func (c *Cluster) Running(i int) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	m := c.members[i]
	if m.cmd == nil {
		return false
	}
	select {
	case <-m.exited:
		return false
	default:
		return true
	}
}

// Kill kills every member with SIGKILL and waits for them to end; their
// data stays (StartMember brings each back).
func (c *Cluster) Kill() {
	for i := range c.members {
		c.KillMember(i)
	}
}

// Close ends every member (SIGKILL: the data is thrown away with the
// test's directory, and a graceful stop of all members at once waits for
// leader transfers that cannot happen) and waits for them to end.
func (c *Cluster) Close() error {
	c.Kill()
	return nil
}

// logTails logs the end of each member's log.
func (c *Cluster) logTails(t testing.TB) {
	for i, m := range c.members {
		t.Logf("etcdtest: member %d log (%s), last lines:\n%s", i, m.log, tail(m.log, 15))
	}
}

// tail returns the last n lines of a file.
func tail(path string, n int) string {
	f, err := os.Open(path)
	if err != nil {
		return err.Error()
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		lines = append(lines, sc.Text())
		if len(lines) > n {
			lines = lines[1:]
		}
	}
	return strings.Join(lines, "\n")
}

func newClient(endpoint string) (*clientv3.Client, error) {
	return clientv3.New(clientv3.Config{Endpoints: []string{endpoint}, DialTimeout: 5 * time.Second, Logger: zap.NewNop()})
}
