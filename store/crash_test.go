package store

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/veletasbot/veletas/game/veletas"
)

const (
	crashEnv     = "VELETAS_STORE_TEST_CRASH"
	crashSeedEnv = "VELETAS_STORE_TEST_CRASH_SEED"
)

// crashSeed reruns TestCrash with the seed it logged.
var crashSeed = flag.Uint64("crash.seed", 0, "seed of TestCrash (0: a new one, logged)")

// TestCrashChild is the child process of TestCrash. It plays random games
// on 32 channels with 8 goroutines, forever, and prints each change on
// stdout only after the store returned it as committed:
//
//	G id channel      a game started
//	A id index token  action number index (0-based) of game id
//	R id index user   user resigned game id as its change number index
func TestCrashChild(t *testing.T) {
	path := os.Getenv(crashEnv)
	if path == "" {
		t.Skip("child process of TestCrash")
	}
	db, err := Open(path, &Options{Games: testRegistry, Timeout: 10 * time.Second, MaxChallengesPerUser: 1 << 20})
	if err != nil {
		fmt.Fprintln(os.Stderr, "child:", err)
		os.Exit(2)
	}
	var mu sync.Mutex
	say := func(format string, args ...any) {
		line := fmt.Sprintf(format+"\n", args...)
		mu.Lock()
		os.Stdout.WriteString(line) // one write: a line is whole or absent
		mu.Unlock()
	}
	fail := func(err error) {
		fmt.Fprintln(os.Stderr, "child:", err)
		os.Exit(3)
	}
	seed, _ := strconv.ParseUint(os.Getenv(crashSeedEnv), 10, 64)
	sizes := []veletas.Size{veletas.Size7, veletas.Size9, veletas.Size10}
	for w := range 8 {
		go func() {
			r := rand.New(rand.NewPCG(seed, uint64(w)))
			for i := 0; ; i++ {
				ch := fmt.Sprint("c", w*4+i%4)
				g, err := db.ActiveGame(t.Context(), "g", ch)
				if errors.Is(err, ErrNoGame) {
					g, err = newGame(db, "g", ch, "alice", "bob", sizes[r.IntN(3)])
					if err != nil {
						fail(err)
					}
					say("G %d %s", g.ID, ch)
					continue
				}
				if err != nil {
					fail(err)
				}
				if r.IntN(150) == 0 {
					user := g.Players[r.IntN(2)]
					ng, err := db.Resign(t.Context(), "g", ch, user)
					if err != nil {
						fail(err)
					}
					say("R %d %d %s", ng.ID, ng.Revision-1, user)
					continue
				}
				a := randomAction(vgame(g).Position(), r)
				ng, err := db.Apply(t.Context(), "g", ch, g.ToAct(), g.Revision, a)
				if err != nil {
					fail(err)
				}
				say("A %d %d %s", ng.ID, ng.Revision-1, a)
			}
		}()
	}
	select {}
}

// TestCrash kills a child process that applies actions with SIGKILL at
// random moments, at least 20 times, and checks after each kill that every
// change the child reported as committed is in the file exactly once and
// that the file passes bbolt's consistency check.
func TestCrash(t *testing.T) {
	if testing.Short() {
		t.Skip("crash test skipped in -short mode")
	}
	const kills = 25
	path := filepath.Join(t.TempDir(), "crash.db")
	seed := *crashSeed
	if seed == 0 {
		seed = uint64(time.Now().UnixNano())
	}
	// The kill moments and the children's moves come from the seed; the
	// goroutines' interleaving does not.
	t.Logf("seed %d (rerun with: go test ./store -run '^TestCrash$' -crash.seed=%d)", seed, seed)
	r := rand.New(rand.NewPCG(seed, 1))

	type action struct {
		tok  string
		kind byte
	}
	started := map[uint64]bool{}            // games reported started
	reported := map[uint64]map[int]action{} // game -> change index -> change
	total, checked := 0, 0
	for k := range kills {
		cmd := exec.Command(os.Args[0], "-test.run=^TestCrashChild$")
		cmd.Env = append(os.Environ(), crashEnv+"="+path, fmt.Sprintf("%s=%d", crashSeedEnv, seed+uint64(k)))
		cmd.Stderr = os.Stderr
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		target := r.IntN(400) // committed lines to see before the kill; 0: at once
		br := bufio.NewReader(out)
		var lines []string
		killed := false
		kill := func() {
			if !killed {
				cmd.Process.Signal(syscall.SIGKILL)
				killed = true
			}
		}
		if target == 0 {
			kill()
		}
		for {
			line, err := br.ReadString('\n')
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			lines = append(lines, line)
			if len(lines) >= target {
				kill() // lines already in the pipe still count
			}
		}
		kill()
		err = cmd.Wait()
		if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() || ws.Signal() != syscall.SIGKILL {
			t.Fatalf("run %d: child did not die by SIGKILL: %v", k, err)
		}
		for _, line := range lines {
			f := strings.Fields(line)
			if len(f) != 3 && len(f) != 4 {
				t.Fatalf("bad line %q", line)
			}
			id, _ := strconv.ParseUint(f[1], 10, 64)
			if f[0] == "G" {
				if started[id] {
					t.Fatalf("game %d started twice", id)
				}
				started[id] = true
				continue
			}
			idx, _ := strconv.Atoi(f[2])
			if reported[id] == nil {
				reported[id] = map[int]action{}
			}
			if _, dup := reported[id][idx]; dup {
				t.Fatalf("game %d change %d reported twice", id, idx)
			}
			reported[id][idx] = action{f[3], f[0][0]}
			total++
		}

		// Reopen and check everything reported so far.
		db, err := Open(path, &Options{Games: testRegistry})
		if err != nil {
			t.Fatalf("run %d: reopen after kill: %v", k, err)
		}
		if err := db.Check(); err != nil {
			t.Fatalf("run %d: %v", k, err)
		}
		games := map[uint64]Game{}
		active, err := db.ActiveGames(t.Context(), "")
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range active {
			games[g.ID] = g
		}
		fin, err := db.FinishedGames(t.Context(), "g", "", 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range fin {
			if _, dup := games[g.ID]; dup {
				t.Fatalf("game %d both active and finished", g.ID)
			}
			games[g.ID] = g
		}
		for id := range started {
			if _, ok := games[id]; !ok {
				t.Fatalf("run %d: started game %d lost", k, id)
			}
		}
		for id, acts := range reported {
			g, ok := games[id]
			if !ok {
				t.Fatalf("run %d: game %d lost", k, id)
			}
			toks := recordTokens(g.Record)
			for idx, a := range acts {
				checked++
				switch a.kind {
				case 'A':
					if idx >= len(toks) || toks[idx] != a.tok {
						t.Fatalf("run %d: game %d action %d %s reported committed, record %q", k, id, idx, a.tok, g.Record)
					}
				case 'R':
					if g.Reason != ReasonResign || g.Winner == a.tok || idx != len(toks) || g.Revision != idx+1 {
						t.Fatalf("run %d: game %d: resignation by %s reported committed, game %+v", k, id, a.tok, g)
					}
				}
			}
		}
		// Records replay (decode checked it) and revisions count changes.
		for id, g := range games {
			n := len(recordTokens(g.Record))
			if g.Reason == ReasonResign {
				n++
			}
			if g.Revision != n {
				t.Fatalf("game %d: revision %d, %d changes", id, g.Revision, n)
			}
		}
		db.Close()
	}
	if total < 1000 {
		t.Errorf("only %d changes reported in %d runs", total, kills)
	}
	t.Logf("%d kills with SIGKILL, %d committed changes reported (%d games), %d checks of a reported change after a reopen; bbolt check passed each time",
		kills, total, len(started), checked)
}
