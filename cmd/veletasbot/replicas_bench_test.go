package main

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/veletasbot/veletas/game/veletas"
	"github.com/veletasbot/veletas/internal/fakediscord"
	"github.com/veletasbot/veletas/internal/metrics"
	"github.com/veletasbot/veletas/store"
	"github.com/veletasbot/veletas/store/etcdtest"
)

// BenchmarkHTTPReplicas plays 200 7x7 games at once through the HTTP
// interactions endpoint of 3 replicas (in this process, each a whole
// Main as the binary runs it) on a 3-member etcd cluster, behind a
// round-robin front, with the fake Discord signing and posting the
// interactions. think=1s: each player takes a random 0.5 to 1.5 s before
// each action (about 200 interactions a second over the 200 games, as in
// bot/discord's BenchmarkConcurrentGames); think=5s: 2.5 to 7.5 s (about
// 40 a second, still far faster than players of asynchronous games). It
// reports the latency of the
// move commands, from posting the interaction to receiving the answer
// with the new board (p50-ms, p99-ms, max-ms; goal p99 at most 250 ms),
// the slowest first response of any interaction (ack-max-ms, which
// Discord wants within 3 s), and the moves played. The games are
// challenged and accepted one after the other before the clock starts:
// 200 challenges at once fail on the etcd store (ErrContended on the
// challenges' ID sequence), which is the store's matter.
//
//	go test ./cmd/veletasbot -run '^$' -bench BenchmarkHTTPReplicas -benchtime 1x -timeout 1200s
func BenchmarkHTTPReplicas(b *testing.B) {
	b.Run("think=1s", func(b *testing.B) { httpReplicas(b, 500*time.Millisecond, time.Second) })
	b.Run("think=5s", func(b *testing.B) { httpReplicas(b, 2500*time.Millisecond, 5*time.Second) })
}

func httpReplicas(b *testing.B, thinkMin, thinkSpread time.Duration) {
	const games = 200
	for range b.N {
		b.StopTimer()
		cluster := etcdtest.Start(b)
		fake := fakediscord.New()
		poster := fake.NewPoster("")
		url := cluster.URL("bench")
		// The front keeps its connections to the replicas, as a load
		// balancer does (net/http's default keeps 2 per host).
		tr := http.DefaultTransport.(*http.Transport).Clone()
		tr.MaxIdleConns, tr.MaxIdleConnsPerHost = 256, 256
		fr := &front{client: &http.Client{Timeout: 30 * time.Second, Transport: tr}, served: map[string]string{}}
		var mains []*Main
		var logs []*syncBuf
		bd := &breakdown{etcd: cluster.Endpoints()}
		b.Cleanup(func() {
			if b.Failed() {
				for i, l := range logs {
					name := filepath.Join(os.TempDir(), fmt.Sprintf("veletas-bench-replica%d.log", i))
					os.WriteFile(name, []byte(l.String()), 0o600)
					b.Logf("logs of replica %d in %s; the last lines:\n%s", i, name, tail(l.String(), 10))
				}
			}
		})
		for i := range 3 {
			m, _, lb := newMain(map[string]string{"DISCORD_TOKEN": token, "DISCORD_API_URL": fake.URL(),
				"DISCORD_PUBLIC_KEY": poster.PublicKey(), "VELETAS_HTTP": "127.0.0.1:0", "VELETAS_STORE": url, "VELETAS_LOG_LEVEL": "info"})
			m.StoreOptions = nil // durable, as in production
			m.BotConfig.RateBurst = -1
			m.Metrics = metrics.New() // as with -metrics, for the breakdown
			bd.regs = append(bd.regs, m.Metrics)
			if err := m.ParseFlags(context.Background(), []string{"-register=false"}); err != nil {
				b.Fatal(err)
			}
			if err := m.Run(context.Background()); err != nil {
				b.Fatal(err)
			}
			mains, logs = append(mains, m), append(logs, lb)
			fr.replicas = append(fr.replicas, &replica{name: fmt.Sprint("replica", i), addr: m.HTTP.Addr().String()})
		}
		srv := httptest.NewServer(fr)
		poster.URL = srv.URL + "/interactions"
		db, err := store.OpenURL(url, &store.Options{Games: testGames})
		if err != nil {
			b.Fatal(err)
		}
		var (
			mu       sync.Mutex
			moves    []time.Duration
			timed    []timedMove // moves again, with when each was sent
			ackMax   time.Duration
			ids      = make(chan string, 1)
			stop     = make(chan struct{})
			wg       sync.WaitGroup
			errs     = make(chan error, games)
			received int
		)
		go func() {
			for i := 1; ; i++ {
				select {
				case ids <- fmt.Sprint(i):
				case <-stop:
					return
				}
			}
		}()
		send := func(r *rand.Rand, in map[string]any) (fakediscord.Message, error) {
			if r != nil {
				time.Sleep(thinkMin + time.Duration(r.Int64N(int64(thinkSpread)+1))) // the player thinks
			}
			t0 := time.Now()
			if _, err := poster.Post(in); err != nil {
				return fakediscord.Message{}, err
			}
			m, ack, err := fake.ReplyAndAck(in["id"].(string), 30*time.Second)
			if err != nil {
				fr.mu.Lock()
				by := fr.served[in["id"].(string)]
				fr.mu.Unlock()
				err = fmt.Errorf("%s (type %v, %v, served by %s): %w", in["id"], in["type"], in["data"], by, err)
			}
			d := time.Since(t0)
			mu.Lock()
			received++
			ackMax = max(ackMax, ack.Sub(t0))
			if isMove(in) {
				moves = append(moves, d)
				timed = append(timed, timedMove{t0, d})
			}
			mu.Unlock()
			if err == nil && m.Ephemeral() {
				err = fmt.Errorf("refused: %s", m.Content)
			}
			return m, err
		}
		// The games are challenged and accepted one after the other
		// first, through the same endpoint (many challenges at once
		// contend for the store's ID sequence), then played at once.
		for gi := range games {
			if err := startGame(send, ids, gi); err != nil {
				b.Fatal(err)
			}
		}
		mu.Lock()
		moves, timed, ackMax = nil, nil, 0
		mu.Unlock()
		before := bd.take(b)
		var gc0 runtime.MemStats
		runtime.ReadMemStats(&gc0)
		start := time.Now()
		b.StartTimer()
		for gi := range games {
			wg.Add(1)
			go func() {
				defer wg.Done()
				errs <- playGame(db, send, ids, gi)
			}()
		}
		wg.Wait()
		b.StopTimer()
		elapsed := time.Since(start)
		spent := bd.take(b).minus(before)
		var gc1 runtime.MemStats
		runtime.ReadMemStats(&gc1)
		close(stop)
		close(errs)
		var failed []error // reported after the figures, which tell how it went
		for err := range errs {
			if err != nil {
				failed = append(failed, err)
			}
		}
		srv.Close()
		for _, m := range mains {
			m.Close()
		}
		db.Close()
		fake.Close()
		slices.Sort(moves)
		logSlowest(b, timed, start)
		ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
		p50, p99 := moves[len(moves)/2], moves[int(0.99*float64(len(moves)-1))]
		b.ReportMetric(ms(p50), "p50-ms")
		b.ReportMetric(ms(p99), "p99-ms")
		b.ReportMetric(ms(moves[len(moves)-1]), "max-ms")
		b.ReportMetric(ms(ackMax), "ack-max-ms")
		b.ReportMetric(float64(len(moves)), "moves")
		b.ReportMetric(ms(moves[len(moves)*9/10]), "p90-ms")
		b.ReportMetric(float64(received), "interactions")
		b.Logf("%d interactions, %d moves in %v: p50 %v, p90 %v, p99 %v, max %v; slowest first response %v; %d GCs, pauses %v in all",
			received, len(moves), elapsed.Round(time.Millisecond), p50, moves[len(moves)*9/10], p99, moves[len(moves)-1], ackMax,
			gc1.NumGC-gc0.NumGC, time.Duration(gc1.PauseTotalNs-gc0.PauseTotalNs))
		bd.report(b, spent, len(moves))
		if len(failed) > 0 {
			b.Fatalf("%d of %d games failed; the first: %v", len(failed), games, failed[0])
		}
		if ackMax >= 3*time.Second {
			b.Errorf("a first response took %v", ackMax)
		}
		if p99 > 250*time.Millisecond {
			b.Errorf("p99 %v > 250ms", p99)
		}
	}
}

// processStart is when the test process started, to place the slowest
// moves among the process's own logs (GODEBUG=gctrace=1 counts from it).
var processStart = time.Now()

// timedMove is a move's latency and when it was sent.
type timedMove struct {
	at time.Time
	d  time.Duration
}

// logSlowest logs when the slowest 1% of the moves were sent, in seconds
// from start, and in how many distinct seconds: a few seconds holding
// most of them is a stall of the whole system (an fsync, a burst of
// work), many seconds a queue that is often long.
func logSlowest(b *testing.B, moves []timedMove, start time.Time) {
	if len(moves) == 0 {
		return
	}
	slow := slices.Clone(moves)
	slices.SortFunc(slow, func(x, y timedMove) int { return int(y.d - x.d) })
	slow = slow[:max(1, len(slow)/100)]
	slices.SortFunc(slow, func(x, y timedMove) int { return x.at.Compare(y.at) })
	seconds := map[int]int{}
	var at []string
	for _, m := range slow {
		s := int(m.at.Sub(start).Seconds())
		seconds[s]++
		at = append(at, fmt.Sprintf("%.1fs:%dms", m.at.Sub(start).Seconds(), m.d.Milliseconds()))
	}
	b.Logf("the slowest 1%% (%d moves) were sent in %d distinct seconds (from the measured part's start, %.1fs after the process's): %s",
		len(slow), len(seconds), start.Sub(processStart).Seconds(), strings.Join(at, " "))
}

// isMove reports whether an interaction is /veletas move.
func isMove(in map[string]any) bool {
	data, _ := in["data"].(map[string]any)
	opts, _ := data["options"].([]any)
	if len(opts) == 0 {
		return false
	}
	sub, _ := opts[0].(map[string]any)
	return sub["name"] == "move"
}

// benchPlayers are the players of game gi.
func benchPlayers(gi int) (p1, p2 fakediscord.User) {
	return fakediscord.User{ID: fmt.Sprintf("1%05d", gi), Name: "p1"}, fakediscord.User{ID: fmt.Sprintf("2%05d", gi), Name: "p2"}
}

// startGame challenges and accepts game gi in its own channel, through
// send, without thinking.
func startGame(send func(*rand.Rand, map[string]any) (fakediscord.Message, error), ids chan string, gi int) error {
	channel := fmt.Sprintf("chan%d", gi)
	p1, p2 := benchPlayers(gi)
	ch, err := send(nil, fakediscord.Command(<-ids, "g", channel, p1, fakediscord.NoThreads, "challenge",
		[]fakediscord.Option{fakediscord.UserOpt("opponent", p2.ID), fakediscord.Str("size", "7")}, p2))
	if err != nil {
		return err
	}
	if len(ch.Buttons) == 0 {
		return fmt.Errorf("game %d: the challenge has no buttons: %q", gi, ch.Text())
	}
	_, err = send(nil, fakediscord.Press(<-ids, "g", channel, p2, fakediscord.NoThreads, ch.ID, ch.Buttons[0].CustomID))
	return err
}

// playGame plays game gi to the end in its own channel, every action
// through send. Its players read the game once, before the first action,
// then follow it as Discord shows it to them: each answer is the board
// after their action, which they apply to their own copy of the game
// (and check against the store at the end). They do not read the store
// before each action, which no player does and which would put a
// linearizable read of the harness's on the etcd cluster for every
// action measured.
func playGame(db *store.DB, send func(*rand.Rand, map[string]any) (fakediscord.Message, error), ids chan string, gi int) error {
	channel := fmt.Sprintf("chan%d", gi)
	p1, p2 := benchPlayers(gi)
	users := map[string]fakediscord.User{p1.ID: p1, p2.ID: p2}
	r := rand.New(rand.NewPCG(uint64(gi), 7))
	g, err := db.ActiveGame(context.Background(), "g", channel)
	if err != nil {
		return err
	}
	st, played := g.State(), 0
	for !st.Outcome().Over {
		pos := st.(veletas.Match).Game.Position()
		var a veletas.Action
		switch pos.Phase() {
		case veletas.PhaseSetup1, veletas.PhaseSetup2:
			a = pos.RandomSetup(r)
		case veletas.PhaseChoice:
			a = veletas.ChoiceAction(false)
		default:
			t, _ := pos.RandomTurn(r)
			a = veletas.TurnAction(t)
		}
		sub, opts := fakediscord.VeletasCommand(a)
		if _, err := send(r, fakediscord.Command(<-ids, "g", channel, users[g.Player(st.ToAct())], fakediscord.NoThreads, sub, opts)); err != nil {
			return err
		}
		if st, err = st.Play(a.String()); err != nil {
			return fmt.Errorf("game %d: the bot took %s, the rules refuse it: %w", gi, a, err)
		}
		played++
	}
	// The store agrees: the game is over, with every action played.
	if _, err := db.ActiveGame(context.Background(), "g", channel); !errors.Is(err, store.ErrNoGame) {
		return fmt.Errorf("game %d: over after %d actions here, still active in the store (%v)", gi, played, err)
	}
	end, err := db.LastFinishedGame(context.Background(), "g", channel)
	if err != nil {
		return err
	}
	if n := len(end.State().(veletas.Match).Game.Actions()); n != played {
		return fmt.Errorf("game %d: %d actions played, %d in the store", gi, played, n)
	}
	return nil
}
