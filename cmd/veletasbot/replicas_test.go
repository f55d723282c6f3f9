package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	clientv3 "go.etcd.io/etcd/client/v3"

	"github.com/veletasbot/veletas/game/veletas"
	"github.com/veletasbot/veletas/internal/fakediscord"
	"github.com/veletasbot/veletas/store"
	"github.com/veletasbot/veletas/store/etcdtest"
)

// The end-to-end fault test: the real veletasbot binary, three replicas
// in HTTP mode on a 3-member etcd cluster, behind a round-robin front, with
// the fake Discord signing and posting the interactions.

// buildBot builds the veletasbot binary into dir once per test.
func buildBot(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "veletasbot")
	cmd := exec.Command("go", "build", "-o", bin, ".")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building veletasbot: %v\n%s", err, out)
	}
	return bin
}

// replica is one veletasbot process.
type replica struct {
	name   string
	cmd    *exec.Cmd
	addr   string // host:port of its HTTP endpoint
	logs   *syncBuf
	exited chan struct{}
	dead   atomic.Bool // killed, or exited
}

// startReplica starts the binary with env and args and waits until it
// listens (its "running on HTTP interactions" log line).
func startReplica(t *testing.T, name, bin string, env, args []string) *replica {
	t.Helper()
	r := &replica{name: name, logs: &syncBuf{}, exited: make(chan struct{})}
	r.cmd = exec.Command(bin, args...)
	r.cmd.Env = env
	stderr, err := r.cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := r.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	listening := make(chan string, 1)
	listenRe := regexp.MustCompile(`running on HTTP interactions" listen=(\S+)`)
	go func() {
		sc := bufio.NewScanner(stderr)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			line := sc.Text()
			r.logs.Write([]byte(line + "\n"))
			if m := listenRe.FindStringSubmatch(line); m != nil {
				select {
				case listening <- m[1]:
				default:
				}
			}
		}
		r.cmd.Wait()
		r.dead.Store(true)
		close(r.exited)
	}()
	t.Cleanup(func() {
		if !r.dead.Load() {
			r.cmd.Process.Signal(syscall.SIGTERM)
			select {
			case <-r.exited:
			case <-time.After(40 * time.Second):
				r.cmd.Process.Kill()
				<-r.exited
			}
		}
		if t.Failed() {
			t.Logf("logs of %s:\n%s", r.name, tail(r.logs.String(), 60))
		}
	})
	select {
	case r.addr = <-listening:
	case <-r.exited:
		t.Fatalf("%s exited at start:\n%s", name, r.logs.String())
	case <-time.After(60 * time.Second):
		t.Fatalf("%s does not listen after 60 s:\n%s", name, r.logs.String())
	}
	return r
}

// kill ends the replica with SIGKILL and waits for it to be gone.
func (r *replica) kill() {
	r.dead.Store(true)
	r.cmd.Process.Signal(syscall.SIGKILL)
	<-r.exited
}

func tail(s string, n int) string {
	lines := strings.Split(s, "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// front is the round-robin load balancer of the test: it forwards each
// POST /interactions to the next replica, skipping dead ones and those
// that refuse the connection (nothing was sent to them, so the next one
// may take the request).
type front struct {
	mu       sync.Mutex
	replicas []*replica
	next     int
	pin      *replica // the next request goes there, when set
	client   *http.Client
	served   map[string]string // interaction id -> replica name
}

func (f *front) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	f.mu.Lock()
	order := make([]*replica, 0, len(f.replicas))
	if f.pin != nil {
		order = append(order, f.pin)
		f.pin = nil
	}
	for i := range f.replicas {
		order = append(order, f.replicas[(f.next+i)%len(f.replicas)])
	}
	f.next++
	f.mu.Unlock()
	for _, rep := range order {
		if rep.dead.Load() {
			continue
		}
		req, _ := http.NewRequestWithContext(r.Context(), r.Method, "http://"+rep.addr+r.URL.Path, bytes.NewReader(body))
		req.Header = r.Header.Clone()
		resp, err := f.client.Do(req)
		if err != nil {
			var op *net.OpError
			if errors.As(err, &op) && op.Op == "dial" {
				continue // refused: the request never reached it
			}
			http.Error(w, "front: "+rep.name+": "+err.Error(), http.StatusBadGateway)
			return
		}
		if id := interactionID(body); id != "" {
			f.mu.Lock()
			f.served[id] = rep.name
			f.mu.Unlock()
		}
		for k, v := range resp.Header {
			w.Header()[k] = v
		}
		w.WriteHeader(resp.StatusCode)
		io.Copy(w, resp.Body)
		resp.Body.Close()
		return
	}
	http.Error(w, "front: no replica answers", http.StatusBadGateway)
}

func interactionID(body []byte) string {
	var in struct {
		ID string `json:"id"`
	}
	json.Unmarshal(body, &in)
	return in.ID
}

// channelLog collects every message posted in some channels of the fake
// Discord, as they come.
type channelLog struct {
	mu    sync.Mutex
	posts map[string][]fakediscord.Message
	stop  chan struct{}
	wg    sync.WaitGroup
}

func watchChannels(fake *fakediscord.Server, channels ...string) *channelLog {
	l := &channelLog{posts: map[string][]fakediscord.Message{}, stop: make(chan struct{})}
	for _, c := range channels {
		l.wg.Add(1)
		go func() {
			defer l.wg.Done()
			for {
				select {
				case <-l.stop:
					return
				default:
				}
				m, err := fake.NextPost(c, 200*time.Millisecond)
				if err != nil {
					continue
				}
				l.mu.Lock()
				l.posts[c] = append(l.posts[c], m)
				l.mu.Unlock()
			}
		}()
	}
	return l
}

func (l *channelLog) close() { close(l.stop); l.wg.Wait() }

// count returns how many posts in channel contain s.
func (l *channelLog) count(channel, s string) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := 0
	for _, m := range l.posts[channel] {
		if strings.Contains(m.Text(), s) {
			n++
		}
	}
	return n
}

func (l *channelLog) all(channel string) []fakediscord.Message {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]fakediscord.Message(nil), l.posts[channel]...)
}

// poll calls cond until it returns true, failing the test after within.
func poll(t *testing.T, within time.Duration, what string, cond func() bool) time.Duration {
	t.Helper()
	start := time.Now()
	for !cond() {
		if time.Since(start) > within {
			t.Fatalf("%s: not within %v", what, within)
		}
		time.Sleep(20 * time.Millisecond) // polling a condition, with a deadline
	}
	return time.Since(start)
}

// recordActions returns the actions of a game record, without its
// header.
func recordActions(record string) []string {
	var out []string
	for _, tok := range strings.Fields(record) {
		if !strings.Contains(tok, "=") {
			out = append(out, tok)
		}
	}
	return out
}

// lastRe finds the action a board shows as the last one, and by whom.
var lastRe = regexp.MustCompile("Last action: `([^`]+)` by <@([0-9]+)>")

// TestReplicasFaults is the fault test of issue 16: three replicas of the
// real binary in HTTP mode on a 3-member etcd cluster, behind a
// round-robin front, play two games to the end, one between alice and bob
// with a time limit and one of carol against the computer, while
//
//   - a replica (not the leader) is killed with SIGKILL right after it
//     acknowledged carol's action, while its computer is to answer it: the
//     leader's rescan takes the move over if it had not been posted, and a
//     new replica is started in its place;
//   - the etcd member that leads the raft group is stopped in the middle
//     of both games and started again after an action in each;
//   - the leader is killed with SIGKILL as the clock passes alice's time
//     limit: another replica is elected and posts the time-up notice
//     within 15 s, and bob claims the win.
//
// At the end every acknowledged action is in the stored record exactly
// once and in order, every move of the computer was posted exactly once,
// and the time-up notice was posted exactly once.
func TestReplicasFaults(t *testing.T) {
	if testing.Short() {
		t.Skip("the fault test starts etcd and three bot processes")
	}
	cluster := etcdtest.Start(t)
	bin := buildBot(t)
	fake := fakediscord.New()
	defer fake.Close()
	fake.CheckConformance(t)
	poster := fake.NewPoster("")
	dir := t.TempDir()
	clockFile := filepath.Join(dir, "clock-offset")
	if err := os.WriteFile(clockFile, []byte("0s\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	const prefix = "e2e"
	storeURL := cluster.URL(prefix)
	env := append(os.Environ(), "DISCORD_TOKEN="+token, "DISCORD_API_URL="+fake.URL(), "DISCORD_PUBLIC_KEY="+poster.PublicKey(),
		"VELETAS_HTTP=127.0.0.1:0", "VELETAS_STORE="+storeURL, "VELETAS_LOG_LEVEL=debug", ClockOffsetEnv+"="+clockFile)
	args := func(register bool) []string {
		return []string{"-sweep-every", "250ms", "-register=" + strconv.FormatBool(register)}
	}
	fr := &front{client: &http.Client{Timeout: 30 * time.Second}, served: map[string]string{}}
	for i := range 3 {
		fr.replicas = append(fr.replicas, startReplica(t, "replica"+strconv.Itoa(i), bin, env, args(i == 0)))
	}
	if body := <-fake.Commands; !strings.Contains(string(body), `"name":"veletas"`) {
		t.Fatalf("commands %s", body)
	}
	select {
	case b := <-fake.Commands:
		t.Fatalf("a replica with -register=false registered the commands: %s", b)
	default:
	}
	frontSrv := httptest.NewServer(fr)
	defer frontSrv.Close()
	poster.URL = frontSrv.URL + "/interactions"

	cli, err := cluster.Client()
	if err != nil {
		t.Fatal(err)
	}
	defer cli.Close()
	// leader returns the replica that leads, by the PID in its election
	// value (nil while none does).
	leader := func() *replica {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		resp, err := cli.Get(ctx, store.ElectionKey(prefix)+"/", clientv3.WithFirstCreate()...)
		if err != nil || len(resp.Kvs) == 0 {
			return nil
		}
		parts := strings.Split(string(resp.Kvs[0].Value), "/")
		pid, _ := strconv.Atoi(parts[len(parts)-2])
		fr.mu.Lock()
		defer fr.mu.Unlock()
		for _, r := range fr.replicas {
			if r.cmd.Process.Pid == pid && !r.dead.Load() {
				return r
			}
		}
		return nil
	}
	poll(t, 15*time.Second, "a leader elected", func() bool { return leader() != nil })

	db := openTestStore(t, storeURL)
	const guild, chanA, chanB = "900", "chanA", "chanB"
	posts := watchChannels(fake, chanA, chanB)
	defer posts.close()
	self := fakediscord.User{ID: fakediscord.AppID, Name: "veletasbot"}

	n := 5000
	// send posts an interaction through the front and returns its final
	// answer (the edit of a deferred answer, with the board).
	send := func(in map[string]any) (fakediscord.Message, error) {
		id := in["id"].(string)
		if _, err := poster.Post(in); err != nil {
			return fakediscord.Message{}, err
		}
		return fake.Reply(id, 30*time.Second)
	}
	cmd := func(u fakediscord.User, channel, sub string, opts ...fakediscord.Option) (fakediscord.Message, error) {
		n++
		return send(fakediscord.Command(strconv.Itoa(n), guild, channel, u, fakediscord.NoThreads, sub, opts, bob, self))
	}

	// The two games start.
	ch, err := cmd(alice, chanA, "challenge", fakediscord.UserOpt("opponent", bob.ID), fakediscord.Str("size", "7"), fakediscord.Str("time", "1h"))
	if err != nil || !strings.Contains(ch.Text(), "challenges you") {
		t.Fatalf("challenge: %+v %v", ch, err)
	}
	accept := ""
	for _, b := range ch.Buttons {
		if b.Label == "Accept" {
			accept = b.CustomID
		}
	}
	n++
	if _, err := send(fakediscord.Press(strconv.Itoa(n), guild, chanA, bob, fakediscord.NoThreads, ch.ID, accept)); err != nil {
		t.Fatal(err)
	}
	if m, err := fake.Next(strconv.Itoa(n), 30*time.Second); err != nil || !strings.Contains(m.Text(), "your turn") {
		t.Fatalf("game A's board: %+v %v", m, err)
	}
	if m, err := cmd(carol, chanB, "challenge", fakediscord.UserOpt("opponent", fakediscord.AppID), fakediscord.Str("level", "easy"),
		fakediscord.Str("size", "10")); err != nil || !strings.Contains(m.Text(), "plays against me, the computer (easy)") {
		t.Fatalf("game B: %+v %v", m, err)
	}

	users := map[string]fakediscord.User{alice.ID: alice, bob.ID: bob, carol.ID: carol}
	acked := map[string][]string{}   // channel -> the actions acknowledged, in order
	unacked := map[string][]string{} // channel -> actions sent without an acknowledgement
	r := rand.New(rand.NewPCG(16, 3))
	// act plays one action of the person to act in channel; it returns
	// false when the game is over. lastBy is the replica that served it.
	act := func(channel string, mayEnd bool) (ok bool, by string) {
		t.Helper()
		g, err := db.ActiveGame(t.Context(), guild, channel)
		if errors.Is(err, store.ErrNoGame) {
			return false, ""
		}
		if err != nil {
			t.Fatalf("%s: %v", channel, err)
		}
		u, isUser := users[g.ToAct()]
		if !isUser {
			t.Fatalf("%s: %q is to act, not a person", channel, g.ToAct())
		}
		pos := vstate(g).Position()
		var a veletas.Action
		switch pos.Phase() {
		case veletas.PhaseSetup1, veletas.PhaseSetup2:
			a = pos.RandomSetup(r)
		case veletas.PhaseChoice:
			a = veletas.ChoiceAction(r.IntN(2) == 0)
		default:
			// Until the faults are over, a turn that does not end the
			// game, when one of a few random ones does not.
			var tn veletas.Turn
			for try := 0; try < 30; try++ {
				p := vstate(g).Position()
				tn, _ = p.RandomTurn(r)
				if next, err := vstate(g).Position().ApplyTurn(tn); mayEnd || err == nil && !next.Over() {
					break
				}
			}
			a = veletas.TurnAction(tn)
		}
		sub, opts := fakediscord.VeletasCommand(a)
		n++
		id := strconv.Itoa(n)
		msg, err := send(fakediscord.Command(id, guild, channel, u, fakediscord.NoThreads, sub, opts, bob, self))
		fr.mu.Lock()
		by = fr.served[id]
		fr.mu.Unlock()
		if err != nil || msg.Ephemeral() || !strings.Contains(msg.Text(), "Last action: `"+a.String()+"` by <@"+u.ID+">") {
			t.Logf("%s: %s's %s (served by %s) not acknowledged: %v %q", channel, u.Name, a, by, err, msg.Text())
			unacked[channel] = append(unacked[channel], a.String())
			return true, by
		}
		acked[channel] = append(acked[channel], a.String())
		return true, by
	}
	// waitHuman waits until a person is to act in game B (the computer
	// has answered) or the game is over.
	waitHuman := func(within time.Duration) time.Duration {
		t.Helper()
		return poll(t, within, "the computer's move in game B", func() bool {
			g, err := db.ActiveGame(t.Context(), guild, chanB)
			return errors.Is(err, store.ErrNoGame) || err == nil && g.ToAct() == carol.ID
		})
	}
	// round plays an action in each game (and waits for the computer's
	// answer in game B); both games must still be on.
	round := func() {
		t.Helper()
		if ok, _ := act(chanA, false); !ok {
			t.Fatal("game A ended before the faults were over")
		}
		if ok, _ := act(chanB, false); !ok {
			t.Fatal("game B ended before the faults were over")
		}
		waitHuman(30 * time.Second)
	}
	round()
	round()

	// 1. A replica that does not lead is killed right after it
	// acknowledged carol's action, the computer to answer it.
	var victim *replica
	for _, rep := range fr.replicas {
		if rep != leader() && !rep.dead.Load() {
			victim = rep
			break
		}
	}
	gb, err := db.ActiveGame(t.Context(), guild, chanB)
	if err != nil {
		t.Fatalf("game B ended: %v", err)
	}
	actedRe := regexp.MustCompile(`msg="bot: AI acted" game=` + strconv.FormatUint(gb.ID, 10) + ` `)
	acted := map[*replica]int{} // the computer's moves in game B each replica logged so far
	for _, rep := range fr.replicas {
		acted[rep] = len(actedRe.FindAllString(rep.logs.String(), -1))
	}
	fr.mu.Lock()
	fr.pin = victim
	fr.mu.Unlock()
	if ok, by := act(chanB, false); !ok || by != victim.name {
		t.Fatalf("carol's action went to %s, not %s (game over: %v)", by, victim.name, !ok)
	}
	victim.kill()
	took := waitHuman(15 * time.Second)
	// Who made the computer's move: a replica that logged it since, or
	// the victim before it died.
	mover := victim.name + " (before it was killed)"
	for _, rep := range fr.replicas {
		if n := len(actedRe.FindAllString(rep.logs.String(), -1)); rep != victim && n > acted[rep] {
			mover = rep.name + " (taking over)"
		}
	}
	t.Logf("killed %s (not the leader) right after it acknowledged carol's action; the computer's move was there %v later, made by %s",
		victim.name, took.Round(time.Millisecond), mover)
	// An orchestrator starts a new replica in its place.
	fr.mu.Lock()
	fr.replicas = append(fr.replicas, nil)
	fr.mu.Unlock()
	fresh := startReplica(t, "replica3", bin, env, args(false))
	fr.mu.Lock()
	fr.replicas[len(fr.replicas)-1] = fresh
	fr.mu.Unlock()

	// 2. An etcd member is stopped mid-game, and started again a round
	// later.
	// The member stopped is the raft leader: the cluster elects another.
	stopped := -1
	for i, ep := range cluster.Endpoints() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		st, err := cli.Status(ctx, ep)
		cancel()
		if err == nil && st.Leader == st.Header.MemberId {
			stopped = i
		}
	}
	if stopped < 0 {
		t.Fatal("no etcd member says it leads")
	}
	if err := cluster.StopMember(stopped); err != nil {
		t.Fatal(err)
	}
	t.Logf("etcd member %d (the raft leader) stopped", stopped)
	round()
	if err := cluster.StartMember(stopped); err != nil {
		t.Fatal(err)
	}
	t.Logf("etcd member %d started again", stopped)
	round()

	// 3. The leader is killed as the clock passes the time limit of the
	// player to act in game A: another replica takes the lead and posts
	// the time-up notice within 15 s.
	ga, err := db.ActiveGame(t.Context(), guild, chanA)
	if err != nil {
		t.Fatalf("game A ended early: %v", err)
	}
	late := users[ga.ToAct()]
	old := leader()
	if old == nil {
		t.Fatal("no leader before the kill")
	}
	if posts.count(chanA, "has run out") != 0 {
		t.Fatal("a time-up notice before the time ran out")
	}
	old.kill()
	killed := time.Now()
	if err := os.WriteFile(clockFile, []byte("2h\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	poll(t, 15*time.Second, "the time-up notice after the leader's death", func() bool { return posts.count(chanA, "has run out") > 0 })
	t.Logf("killed the leader %s; the time-up notice was posted %v later by the new leader %v",
		old.name, time.Since(killed).Round(time.Millisecond), leader().name)
	if !strings.Contains(posts.all(chanA)[0].Text(), "<@"+late.ID+">'s move has run out") {
		t.Fatalf("notice %q", posts.all(chanA)[0].Text())
	}
	winner := users[ga.Opponent(late.ID)]
	claim, err := cmd(winner, chanA, "claim")
	if err != nil || !strings.Contains(claim.Text(), "**<@"+winner.ID+"> wins** on time") {
		t.Fatalf("claim: %+v %v", claim, err)
	}

	// Game B to the end.
	for i := 0; ; i++ {
		if i > 200 {
			t.Fatal("game B does not end")
		}
		ok, _ := act(chanB, true)
		if !ok {
			break
		}
		waitHuman(30 * time.Second)
	}

	// The checks: the stored records against what was acknowledged.
	fa, err := db.FinishedGame(t.Context(), ga.ID)
	if err != nil || fa.Reason != store.ReasonTimeout || fa.Winner != winner.ID {
		t.Fatalf("game A: %+v %v", fa, err)
	}
	checkRecord(t, "game A", recordActions(fa.Record), acked[chanA], unacked[chanA], nil)
	done, err := db.FinishedGames(t.Context(), guild, carol.ID, 1)
	if err != nil || len(done) != 1 || done[0].AI != fakediscord.AppID || done[0].ID != gb.ID {
		t.Fatalf("game B: %+v %v", done, err)
	}
	gb = done[0]
	// The computer's actions, and its posts in the channel, in order
	// (its last post may come after the store has the game over: it is
	// waited for).
	var aiPosted []string
	aiActions := len(recordActions(gb.Record)) - len(acked[chanB]) - len(unacked[chanB])
	poll(t, 30*time.Second, "the computer's last post", func() bool {
		aiPosted = nil
		for _, m := range posts.all(chanB) {
			if l := lastRe.FindStringSubmatch(m.Text()); l != nil && l[2] == fakediscord.AppID {
				aiPosted = append(aiPosted, l[1])
			}
		}
		return len(aiPosted) >= aiActions
	})
	checkRecord(t, "game B", recordActions(gb.Record), acked[chanB], unacked[chanB], aiPosted)
	if c := posts.count(chanA, "has run out"); c != 1 {
		t.Fatalf("the time-up notice was posted %d times", c)
	}
	t.Logf("game A: %d actions acknowledged, %d not; game B: %d of carol's acknowledged, %d not, %d of the computer's posted",
		len(acked[chanA]), len(unacked[chanA]), len(acked[chanB]), len(unacked[chanB]), len(aiPosted))
}

// checkRecord checks a finished game's record against the actions the
// players saw acknowledged (each there once, in order), those sent without
// an acknowledgement (there at most once), and, for a game against the
// computer, the computer's actions posted (exactly its actions, in order).
func checkRecord(t *testing.T, name string, record, acked, unacked, aiPosted []string) {
	t.Helper()
	// The record alternates between people and the computer as the game
	// goes; match it against the acknowledged and posted sequences.
	i, j := 0, 0
	maybe := map[string]int{}
	for _, a := range unacked {
		maybe[a]++
	}
	for k, a := range record {
		switch {
		case i < len(acked) && acked[i] == a:
			i++
		case aiPosted != nil && j < len(aiPosted) && aiPosted[j] == a:
			j++
		case maybe[a] > 0:
			maybe[a]--
			t.Logf("%s: action %d %s was not acknowledged but applied", name, k, a)
		default:
			t.Fatalf("%s: action %d %q of the record %v is neither acknowledged (next %d of %v) nor posted by the computer (next %d of %v)",
				name, k, a, record, i, acked, j, aiPosted)
		}
	}
	if i != len(acked) {
		t.Fatalf("%s: acknowledged actions %v missing from the record %v", name, acked[i:], record)
	}
	if aiPosted != nil && j != len(aiPosted) {
		t.Fatalf("%s: the computer's posts %v are not in the record %v (or posted twice)", name, aiPosted[j:], record)
	}
	if fmt.Sprint(record) == "[]" {
		t.Fatalf("%s: empty record", name)
	}
}

// openTestStore opens the store at url for the test's own checks.
func openTestStore(t *testing.T, url string) *store.DB {
	t.Helper()
	db, err := store.OpenURL(url, &store.Options{Games: testGames})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}
