package main

import (
	"crypto/rand"
	"encoding/hex"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	clientv3 "go.etcd.io/etcd/client/v3"
	"go.uber.org/zap"

	"github.com/veletasbot/veletas/bot"
)

// Several replicas on one etcd store: the election of the one that
// sweeps and rescans (election.go), and the settings that go with it.

// AIRescanReplicas is how often the leader of several replicas looks for
// games left with the computer to act (by a replica that died while
// thinking): with bot.DefaultRescanGrace, such a game is taken over
// within 10 s.
const AIRescanReplicas = 5 * time.Second

// ClockOffsetEnv names a file holding a duration (such as 49h) by which
// the bot's clock runs ahead of the wall clock, read again whenever the
// file changes: the fault test moves the clock of every replica past a
// time limit at once. Unset in production.
const ClockOffsetEnv = "VELETAS_CLOCK_OFFSET_FILE"

// replicaFlags registers the flags of the bot (not the console) that
// concern its sweeps.
func (m *Main) replicaFlags(fs *flag.FlagSet) {
	fs.DurationVar(&m.SweepEvery, "sweep-every", bot.SweepEvery, "time between the sweeps for time limits (reminders, time-up notices), at least 100ms")
}

// checkReplicaFlags checks them after parsing.
func (m *Main) checkReplicaFlags() error {
	if m.SweepEvery < 100*time.Millisecond {
		return fmt.Errorf("-sweep-every %v: use at least 100ms, such as 1m", m.SweepEvery)
	}
	if path := m.Getenv(ClockOffsetEnv); path != "" {
		c := &offsetClock{path: path}
		if _, err := c.read(); err != nil {
			return err
		}
		m.Now = c.Now
	}
	return nil
}

// offsetClock is the wall clock plus the duration in a file
// (ClockOffsetEnv).
type offsetClock struct {
	path string

	mu     sync.Mutex
	stamp  string // the file's modification time and size when read
	offset time.Duration
}

func (c *offsetClock) read() (time.Duration, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	fi, err := os.Stat(c.path)
	if err != nil {
		return c.offset, fmt.Errorf("%s: %w", ClockOffsetEnv, err)
	}
	stamp := fi.ModTime().String() + "/" + strconv.FormatInt(fi.Size(), 10)
	if stamp == c.stamp {
		return c.offset, nil
	}
	b, err := os.ReadFile(c.path)
	if err != nil {
		return c.offset, fmt.Errorf("%s: %w", ClockOffsetEnv, err)
	}
	d, err := time.ParseDuration(strings.TrimSpace(string(b)))
	if err != nil {
		return c.offset, fmt.Errorf("%s %s: %q is not a duration such as 49h", ClockOffsetEnv, c.path, strings.TrimSpace(string(b)))
	}
	c.stamp, c.offset = stamp, d
	return d, nil
}

// Now is the wall clock plus the file's offset (the last good one when
// the file cannot be read).
func (c *offsetClock) Now() time.Time {
	d, _ := c.read()
	return time.Now().Add(d)
}

// replicaID names this process in the election: host, process ID and a
// random part (two containers may have the same host name and PID).
func replicaID() string {
	host, _ := os.Hostname()
	var r [4]byte
	rand.Read(r[:])
	return fmt.Sprintf("%s/%d/%s", host, os.Getpid(), hex.EncodeToString(r[:]))
}

// startLeader makes this replica campaign for the lead among those on
// the etcd cluster at endpoints under prefix, and makes the bot sweep and
// rescan only while it leads. Call it before the sweeper and the AI start.
func (m *Main) startLeader(endpoints []string, prefix string) error {
	cli, err := clientv3.New(clientv3.Config{Endpoints: endpoints, DialTimeout: 5 * time.Second,
		DialKeepAliveTime: 2 * time.Second, DialKeepAliveTimeout: 2 * time.Second, Logger: zap.NewNop()})
	if err != nil {
		return fmt.Errorf("election: connecting to etcd at %s: %w", strings.Join(endpoints, ","), err)
	}
	m.leaderClient = cli
	m.leader = startElection(cli, electionKey(prefix), legacyElectionKey(prefix), replicaID(), LeaderTTL, m.Bot.Elected, m.Logger)
	m.Bot.SetLeader(m.leader)
	if m.AI.Rescan == 0 {
		m.AI.Rescan = AIRescanReplicas
	}
	if m.AI.RescanGrace == 0 {
		m.AI.RescanGrace = bot.DefaultRescanGrace
	}
	return nil
}

// electionKey is the election's key prefix for a store prefix: under the
// store's own keys (PREFIX/election/leader beside PREFIX/games/...), so
// that etcdctl get --prefix PREFIX/ sees them all.
func electionKey(prefix string) string {
	if p := strings.Trim(prefix, "/"); p != "" {
		return p + "/" + ElectionKey
	}
	return ElectionKey
}

// legacyElectionKey is the form of the election's key that veletasbot
// used before (/PREFIX/election/leader, with a slash before the prefix):
// a replica does not lead while a candidate of an older veletasbot is
// there, so that a rolling upgrade never has two leaders.
func legacyElectionKey(prefix string) string {
	return "/" + electionKey(prefix)
}

// stopLeader resigns the lead, so that another replica takes over at
// once, and closes the election's client.
func (m *Main) stopLeader() {
	if m.leader != nil {
		m.leader.Close()
		m.leader = nil
	}
	if m.leaderClient != nil {
		m.leaderClient.Close()
		m.leaderClient = nil
	}
}
