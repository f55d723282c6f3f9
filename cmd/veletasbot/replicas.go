package main

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/veletasbot/veletas/bot"
)

// Several replicas on one etcd store: the election of the one that
// sweeps and rescans (store.DB.Elect), and the settings that go with it.

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

// useClockOffset makes m.Now run ahead by the duration in the file
// ClockOffsetEnv names, when it is set.
func (m *Main) useClockOffset() error {
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
// the etcd store (store.DB.Elect, on the store's client), and makes the
// bot sweep and rescan only while it leads. Call it before the sweeper
// and the AI start.
func (m *Main) startLeader() error {
	elected := m.Bot.Elected
	if m.Metrics != nil {
		elected = func() { m.Metrics.Elected(); m.Bot.Elected() }
	}
	l, err := m.DB.Elect(replicaID(), m.ElectionTTL, elected)
	if err != nil {
		return fmt.Errorf("election: %w", err)
	}
	m.leader = l
	m.Bot.SetLeader(l)
	if m.AI.Rescan == 0 {
		m.AI.Rescan = AIRescanReplicas
	}
	if m.AI.RescanGrace == 0 {
		m.AI.RescanGrace = bot.DefaultRescanGrace
	}
	return nil
}

// stopLeader resigns the lead, so that another replica takes over at
// once.
func (m *Main) stopLeader() {
	if m.leader != nil {
		m.leader.Close()
		m.leader = nil
	}
}
