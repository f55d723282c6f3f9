package store

import (
	"bufio"
	"context"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/veletasbot/veletas/game"
)

// The scale benchmarks run every command's store work on a populated
// store (populate_test.go) of one guild (100 active games, 1,000
// archived) and, when VELETAS_SCALE is set, of 1,000 guilds (100,000
// active games, 1,000,000 archived), in one run, so that the costs at
// the two sizes can be compared (the ratio). The big store is built once
// into VELETAS_SCALE_DIR (default /tmp/veletas-scale) and reused; the
// benchmarks play moves and start games in its first guild, so it
// changes a little with each run.
//
//	VELETAS_SCALE=1 go test ./store -run '^$' -bench 'Scale' -benchtime 2000x
//
// Without VELETAS_SCALE only the small store runs (CI); VELETAS_SCALE=N
// (N > 1) compares it with N guilds rather than 1,000.

const (
	scaleEnv    = "VELETAS_SCALE"
	scaleDirEnv = "VELETAS_SCALE_DIR"
	scaleChild  = "VELETAS_SCALE_CHILD" // the store file TestScaleChild opens
	bigGuilds   = 1000
)

// scaleSizes are the numbers of guilds of the stores to compare.
func scaleSizes() []int {
	v := os.Getenv(scaleEnv)
	if v == "" {
		return []int{1}
	}
	if n, err := strconv.Atoi(v); err == nil && n > 1 {
		return []int{1, n} // a size in between, by its guilds
	}
	return []int{1, bigGuilds}
}

// scaleFile returns the path of a populated bbolt file of guilds guilds,
// built on first use (the big one cached in VELETAS_SCALE_DIR).
func scaleFile(b testing.TB, guilds int) string {
	b.Helper()
	dir := os.Getenv(scaleDirEnv)
	if dir == "" {
		dir = filepath.Join(os.TempDir(), "veletas-scale")
	}
	if guilds < 10 {
		dir = b.TempDir()
	}
	path := filepath.Join(dir, fmt.Sprintf("store-%dguilds-v%d.db", guilds, SchemaVersion))
	if _, err := os.Stat(path); err == nil {
		return path
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		b.Fatal(err)
	}
	tmp := path + ".building"
	os.Remove(tmp)
	start := time.Now()
	db, err := Open(tmp, &Options{Games: testRegistry, NoSync: true, Now: clockAt})
	if err != nil {
		b.Fatal(err)
	}
	populate(b, db, testRegistry, guilds, 1)
	if err := db.Close(); err != nil {
		b.Fatal(err)
	}
	if err := os.Rename(tmp, path); err != nil {
		b.Fatal(err)
	}
	fi, _ := os.Stat(path)
	b.Logf("built %s in %v: %d bytes", path, time.Since(start).Round(time.Second), fi.Size())
	return path
}

// openScale opens a populated file with the clock at populateNow.
func openScale(b testing.TB, path string, noSync bool) *DB {
	b.Helper()
	db, err := Open(path, &Options{Games: testRegistry, NoSync: noSync, Now: clockAt,
		Rate: GlickoRate(clockAt), RateDraw: GlickoRateDraw(clockAt), MaxChallengesPerUser: 1 << 20})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	return db
}

// scaleName names a size in a benchmark.
func scaleName(guilds int) string {
	return fmt.Sprintf("active=%d/archived=%d", guilds*populateGuildGames, guilds*populateGuildArchive)
}

// pickAction returns a random action of the seat to act in s, chosen
// through the game's picker, and the picker.
func pickAction(b testing.TB, s game.State, kind game.Kind, r *rand.Rand) (game.Pickable, string) {
	rules, err := testRegistry.Get(kind)
	if err != nil {
		b.Fatal(err)
	}
	p := rules.(game.Pickable)
	var chosen []string
	for range 100 {
		step, err := p.Pick(s, chosen)
		if err != nil {
			b.Fatal(err)
		}
		if step.Done() || (step.Commit && step.Action != "") {
			return p, step.Action
		}
		chosen = append(chosen, step.Options[r.IntN(len(step.Options))].Value)
	}
	b.Fatal("no action")
	return nil, ""
}

// plainChannels are the channels of guild gi's games between people
// without a time limit (populateGuild: neither i%10 == 9 nor i%3 == 0),
// which the benchmarks play.
func plainChannels(gi int) []string {
	var out []string
	for i := range populateGuildGames {
		if i%10 != 9 && i%3 != 0 {
			out = append(out, snowflake(2, gi*1000+i))
		}
	}
	return out
}

// playOne plays a random move in the game of a channel, starting a new
// game there when it is over (not timed); timer(true) and timer(false)
// start and stop the benchmark's timer around the move.
func playOne(tb testing.TB, db *DB, guild, channel string, r *rand.Rand, timer func(on bool)) {
	ctx := context.Background()
	g, err := db.ActiveGame(ctx, guild, channel)
	if err != nil {
		tb.Fatal(err)
	}
	p, action := pickAction(tb, g.State(), g.Kind, r)
	timer(true)
	ng, err := db.Act(ctx, guild, channel, g.ToAct(), g.Revision, g.Kind, func(s game.State) (game.State, error) { return p.Act(s, action) })
	timer(false)
	if err != nil {
		tb.Fatal(err)
	}
	if ng.Over() {
		c, err := db.CreateChallenge(ctx, Challenge{Kind: g.Kind, Guild: guild, Channel: channel, Challenger: g.Players[0], Opponent: g.Players[1], Rated: true, MoveTime: -1})
		if err != nil {
			tb.Fatal(err)
		}
		if _, err := db.AcceptChallenge(ctx, c.ID, g.Players[1]); err != nil {
			tb.Fatal(err)
		}
	}
}

// BenchmarkScale is the store's work of each command at both sizes (see
// above), without fsync (the commit's cost is BenchmarkScaleCommit's):
// act (a move), challenge (create and accept), standings, mygames
// (PlayerGames), stats (a player's last finished games), sweep (the
// games with a notice due: populateDue of them), airescan (the games
// where the computer is to act: populateAIToAct), counts (the active
// games by kind, for the metrics). reads/op is the games decoded per
// operation.
func BenchmarkScale(b *testing.B) {
	for _, guilds := range scaleSizes() {
		path := scaleFile(b, guilds)
		db := openScale(b, path, true)
		runtime.GC() // not the garbage of building the small store in the figures
		ctx := context.Background()
		// writes reports the pages bbolt wrote per operation (its commit
		// included).
		written := func() int64 {
			st := db.boltFile().Stats()
			return st.TxStats.GetWrite()
		}
		writes := func(b *testing.B, f func()) {
			w0 := written()
			f()
			b.ReportMetric(float64(written()-w0)/float64(b.N), "pagewrites/op")
		}
		guild := snowflake(1, 0)
		user := snowflake(3, 7)
		kind := testRegistry.Kinds()[0]
		reads := func(b *testing.B, f func()) {
			before := db.activeReads.Load() + db.archiveReads.Load()
			for b.Loop() {
				f()
			}
			b.ReportMetric(float64(db.activeReads.Load()+db.archiveReads.Load()-before)/float64(b.N), "reads/op")
		}
		b.Run(scaleName(guilds)+"/sweep", func(b *testing.B) {
			reads(b, func() {
				gs, err := db.DueGames(ctx, populateNow, 0)
				if err != nil || len(gs) == 0 || len(gs) > populateDue {
					b.Fatal(err, len(gs))
				}
			})
		})
		b.Run(scaleName(guilds)+"/nextdue", func(b *testing.B) {
			reads(b, func() {
				if _, ok, err := db.NextNoticeDue(ctx); err != nil || !ok {
					b.Fatal(err, ok)
				}
			})
		})
		b.Run(scaleName(guilds)+"/airescan", func(b *testing.B) {
			reads(b, func() {
				gs, err := db.AIGamesToAct(ctx, populateAI)
				if err != nil || len(gs) != populateAIToAct {
					b.Fatal(err, len(gs))
				}
			})
		})
		b.Run(scaleName(guilds)+"/counts", func(b *testing.B) {
			reads(b, func() {
				n, err := db.ActiveCounts(ctx)
				if err != nil || n[kind] < guilds*populateGuildGames/10 {
					b.Fatal(err, n)
				}
			})
		})
		b.Run(scaleName(guilds)+"/standings", func(b *testing.B) {
			reads(b, func() {
				if l, err := db.Standings(ctx, kind, guild); err != nil || len(l) < 100 {
					b.Fatal(err, len(l))
				}
			})
		})
		b.Run(scaleName(guilds)+"/mygames", func(b *testing.B) {
			reads(b, func() {
				if _, err := db.PlayerGames(ctx, guild, user); err != nil {
					b.Fatal(err)
				}
			})
		})
		b.Run(scaleName(guilds)+"/stats", func(b *testing.B) {
			reads(b, func() {
				if l, err := db.FinishedGames(ctx, guild, user, 20); err != nil || len(l) == 0 {
					b.Fatal(err, len(l))
				}
			})
		})
		b.Run(scaleName(guilds)+"/board", func(b *testing.B) {
			chs := plainChannels(0)
			i := 0
			reads(b, func() {
				i++
				if _, err := db.ActiveGame(ctx, guild, chs[i%len(chs)]); err != nil {
					b.Fatal(err)
				}
			})
		})
		b.Run(scaleName(guilds)+"/act", func(b *testing.B) {
			chs := plainChannels(0)
			r := rand.New(rand.NewPCG(uint64(guilds), 3))
			b.StopTimer()
			timer := func(on bool) {
				if on {
					b.StartTimer()
				} else {
					b.StopTimer()
				}
			}
			writes(b, func() {
				for i := range b.N {
					playOne(b, db, guild, chs[i%len(chs)], r, timer)
				}
			})
		})
		b.Run(scaleName(guilds)+"/challenge", func(b *testing.B) {
			// Players of their own (not stats' user), the resignation not
			// timed (its pages are counted).
			challenger, opponent := snowflake(3, 198), snowflake(3, 199)
			writes(b, func() {
				for n := range b.N {
					ch := fmt.Sprintf("9%018d", n)
					c, err := db.CreateChallenge(ctx, Challenge{Kind: kind, Guild: guild, Channel: ch, Challenger: challenger, Opponent: opponent, Rated: true, MoveTime: 24 * time.Hour})
					if err != nil {
						b.Fatal(err)
					}
					if _, err := db.AcceptChallenge(ctx, c.ID, opponent); err != nil {
						b.Fatal(err)
					}
					b.StopTimer()
					if _, err := db.Resign(ctx, guild, ch, challenger); err != nil {
						b.Fatal(err)
					}
					b.StartTimer()
				}
			})
		})
		db.Close()
	}
}

// BenchmarkScaleCommit is the commit rate at both sizes: 50 goroutines
// play moves in 50 games, durably (fsync on, grouped commits). The games
// are the first guild's at both sizes, the same work on a store of 100
// or 100,000 active games; in the big store "50guilds" plays one game in
// each of 50 guilds instead, so that a grouped commit writes 50 paths of
// the trees rather than one guild's few.
func BenchmarkScaleCommit(b *testing.B) {
	type game1 struct{ guild, channel string }
	for _, guilds := range scaleSizes() {
		path := scaleFile(b, guilds)
		oneGuild := func() []game1 {
			var games []game1
			for _, ch := range plainChannels(0)[:50] {
				games = append(games, game1{snowflake(1, 0), ch})
			}
			return games
		}
		spread := func() []game1 {
			var games []game1
			for i := range 50 {
				gi := i % guilds
				games = append(games, game1{snowflake(1, gi), plainChannels(gi)[i/guilds]})
			}
			return games
		}
		runs := []struct {
			name  string
			games func() []game1
		}{{scaleName(guilds), oneGuild}}
		if guilds >= 50 {
			runs = append(runs, struct {
				name  string
				games func() []game1
			}{scaleName(guilds) + "/50guilds", spread})
		}
		for _, run := range runs {
			b.Run(run.name, func(b *testing.B) {
				db := openScale(b, path, false)
				games := run.games()
				var next atomic.Int64
				b.SetParallelism(25) // 2 cores here: 50 goroutines, a game each
				b.ResetTimer()
				start := time.Now()
				b.RunParallel(func(pb *testing.PB) {
					i := next.Add(1) - 1
					gm := games[i%int64(len(games))]
					r := rand.New(rand.NewPCG(uint64(i), 5))
					ctx := context.Background()
					for pb.Next() {
						g, err := db.ActiveGame(ctx, gm.guild, gm.channel)
						if err != nil {
							b.Error(err)
							return
						}
						p, action := pickAction(b, g.State(), g.Kind, r)
						ng, err := db.Act(ctx, gm.guild, gm.channel, g.ToAct(), g.Revision, g.Kind, func(s game.State) (game.State, error) { return p.Act(s, action) })
						if err != nil {
							b.Error(err)
							return
						}
						if ng.Over() {
							c, err := db.CreateChallenge(ctx, Challenge{Kind: g.Kind, Guild: gm.guild, Channel: gm.channel, Challenger: g.Players[0], Opponent: g.Players[1], Rated: true, MoveTime: -1})
							if err == nil {
								_, err = db.AcceptChallenge(ctx, c.ID, g.Players[1])
							}
							if err != nil {
								b.Error(err)
								return
							}
						}
					}
				})
				b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "actions/s")
				db.Close()
			})
		}
	}
}

// BenchmarkScaleProcess opens each populated file in a process of its
// own (TestScaleChild), which checks it (Open), runs the commands and
// reports: the time of Open (open-s, the check of every page included),
// the process's peak resident memory (VmHWM, hwm-MB) and its resident
// memory at the end, anonymous (the Go heap and stacks: anon-MB) and
// mapped from the file (file-MB); and the file's size per game
// (bytes/game).
func BenchmarkScaleProcess(b *testing.B) {
	for _, guilds := range scaleSizes() {
		path := scaleFile(b, guilds)
		b.Run(scaleName(guilds), func(b *testing.B) {
			// One process, whatever b.N: its figures are the metrics
			// (ns/op is the time of that process, open and commands).
			start := time.Now()
			m := scaleChildRun(b, path, guilds)
			b.ReportMetric(float64(time.Since(start).Nanoseconds())/float64(b.N), "ns/op")
			for _, k := range []string{"open-s", "hwm-MB", "anon-MB", "file-MB"} {
				b.ReportMetric(m[k], k)
			}
			fi, err := os.Stat(path)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(fi.Size())/float64(guilds*(populateGuildGames+populateGuildArchive)), "bytes/game")
		})
	}
}

// scaleChildRun runs TestScaleChild on path and returns its figures.
func scaleChildRun(b testing.TB, path string, guilds int) map[string]float64 {
	cmd := exec.Command(os.Args[0], "-test.run=^TestScaleChild$", "-test.count=1")
	cmd.Env = append(os.Environ(), scaleChild+"="+path+string(filepath.ListSeparator)+strconv.Itoa(guilds))
	out, err := cmd.CombinedOutput()
	if err != nil {
		b.Fatalf("child: %v\n%s", err, out)
	}
	m := map[string]float64{}
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	for sc.Scan() {
		for _, f := range strings.Fields(sc.Text()) {
			k, v, ok := strings.Cut(f, "=")
			if x, err := strconv.ParseFloat(v, 64); ok && err == nil {
				m[k] = x
			}
		}
	}
	if _, ok := m["hwm-MB"]; !ok {
		b.Fatalf("child said:\n%s", out)
	}
	return m
}

// TestScaleChild is the process of BenchmarkScaleProcess: it opens the
// file VELETAS_SCALE_CHILD names (path:guilds), runs the commands of BenchmarkScale a
// few times in the first guilds, and prints its figures; what Open logs
// (a migration's progress) goes to stderr.
func TestScaleChild(t *testing.T) {
	path, n, _ := strings.Cut(os.Getenv(scaleChild), string(filepath.ListSeparator))
	if path == "" {
		t.Skip("the process of BenchmarkScaleProcess")
	}
	guilds, err := strconv.Atoi(n)
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	// What Open logs (the progress of a migration) goes to stderr.
	logger := slog.New(slog.NewTextHandler(os.Stderr, nil))
	db, err := Open(path, &Options{Games: testRegistry, NoSync: true, Now: clockAt, Logger: logger})
	if err != nil {
		t.Fatal(err)
	}
	opened := time.Since(start)
	defer db.Close()
	ctx := context.Background()
	kind := testRegistry.Kinds()[0]
	r := rand.New(rand.NewPCG(1, 1))
	for i := range 200 {
		gi := i % min(guilds, 10)
		guild := snowflake(1, gi)
		user := snowflake(3, gi*populateGuildPlayers+i%populateGuildPlayers)
		chs := plainChannels(gi)
		steps := []error{}
		_, err := db.DueGames(ctx, populateNow, 0)
		steps = append(steps, err)
		_, _, err = db.NextNoticeDue(ctx)
		steps = append(steps, err)
		_, err = db.AIGamesToAct(ctx, populateAI)
		steps = append(steps, err)
		_, err = db.ActiveCounts(ctx)
		steps = append(steps, err)
		_, err = db.Standings(ctx, kind, guild)
		steps = append(steps, err)
		_, err = db.PlayerGames(ctx, guild, user)
		steps = append(steps, err)
		_, err = db.FinishedGames(ctx, guild, user, 20)
		steps = append(steps, err)
		playOne(t, db, guild, chs[i%len(chs)], r, func(bool) {})
		for _, err := range steps {
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		t.Fatal(err)
	}
	kb := map[string]float64{}
	for _, line := range strings.Split(string(status), "\n") {
		k, v, ok := strings.Cut(line, ":")
		if f := strings.Fields(v); ok && len(f) == 2 && f[1] == "kB" {
			n, _ := strconv.ParseFloat(f[0], 64)
			kb[k] = n
		}
	}
	fmt.Printf("open-s=%.3f hwm-MB=%.1f rss-MB=%.1f anon-MB=%.1f file-MB=%.1f\n", opened.Seconds(),
		kb["VmHWM"]/1024, kb["VmRSS"]/1024, kb["RssAnon"]/1024, kb["RssFile"]/1024)
}

// clockAt is the clock of the populated stores.
func clockAt() time.Time { return populateNow }
