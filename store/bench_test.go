package store

import (
	"fmt"
	"math/rand/v2"
	"sync/atomic"
	"testing"
	"time"

	"github.com/veletasbot/veletas/game/veletas"
)

// BenchmarkApply applies one action per committed transaction, fsync on,
// to one game (a new game starts when one ends).
func BenchmarkApply(b *testing.B) {
	db := openTest(b, nil)
	r := rand.New(rand.NewPCG(7, 7))
	g := startGame(b, db, "g", "c", veletas.Size10)
	b.ResetTimer()
	start := time.Now()
	for i := 0; i < b.N; i++ {
		if g.Over() {
			g = startGame(b, db, "g", "c", veletas.Size10)
		}
		ng, err := db.Apply(b.Context(), "g", "c", g.ToAct(), g.Revision, randomAction(vgame(g).Position(), r))
		if err != nil {
			b.Fatal(err)
		}
		g = ng
	}
	b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "actions/s")
}

// BenchmarkApplyParallel acts on 100 games concurrently, durably: on a
// bbolt file (bolt: fsync on; the store groups concurrent changes into one
// commit) and on a 3-member etcd cluster on loopback (etcd: each action one
// Txn, which etcd makes durable on a quorum of members before answering).
func BenchmarkApplyParallel(b *testing.B) {
	b.Run("bolt", benchApplyParallel)
	b.Run("etcd", benchApplyParallel)
}

func benchApplyParallel(b *testing.B) {
	const games = 100
	db := openTest(b, &Options{MaxChallengesPerUser: 1 << 20}) // one challenger, 100 games
	for i := range games {
		startGame(b, db, "g", fmt.Sprint("c", i), veletas.Size10)
	}
	var next atomic.Int64
	b.SetParallelism((games + 1) / 2) // 2 cores here: 100 goroutines
	b.ResetTimer()
	start := time.Now()
	b.RunParallel(func(pb *testing.PB) {
		i := next.Add(1) - 1
		ch := fmt.Sprint("c", i%games)
		r := rand.New(rand.NewPCG(uint64(i), 9))
		g, err := db.ActiveGame(b.Context(), "g", ch)
		if err != nil {
			b.Error(err)
			return
		}
		for pb.Next() {
			if g.Over() {
				if g, err = newGame(db, "g", ch, "alice", "bob", veletas.Size10); err != nil {
					b.Error(err)
					return
				}
			}
			ng, err := db.Apply(b.Context(), "g", ch, g.ToAct(), g.Revision, randomAction(vgame(g).Position(), r))
			if err != nil {
				b.Error(err)
				return
			}
			g = ng
		}
	})
	b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "actions/s")
}

// benchArchive is a store whose archive holds n games of guild "big"
// (channel "busy") and, older than all of them, one game of guild "small"
// in channel "quiet".
func benchArchive(b *testing.B, n int) *DB {
	db := openTest(b, &Options{NoSync: true})
	if _, err := newGame(db, "small", "quiet", "alice", "bob", veletas.Size7); err != nil {
		b.Fatal(err)
	}
	if _, err := db.Resign(b.Context(), "small", "quiet", "bob"); err != nil {
		b.Fatal(err)
	}
	archiveGames(b, db, "big", "busy", n)
	return db
}

// BenchmarkLastGameOfAChannel finds the last finished game of a quiet
// channel (what /veletas board and record show in a channel without an
// active game) with archives of 200 and 20,000 other games: the cost must
// not grow with the archive. "finishedgames" is the guild's 50 latest
// games, as the bot looked the game up before LastFinishedGame.
func BenchmarkLastGameOfAChannel(b *testing.B) {
	for _, n := range []int{200, 20000} {
		db := benchArchive(b, n)
		b.Run(fmt.Sprintf("lastfinished/archive=%d", n), func(b *testing.B) {
			for b.Loop() {
				if g, err := db.LastFinishedGame(b.Context(), "small", "quiet"); err != nil || g.Winner != "alice" {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("finishedgames/archive=%d", n), func(b *testing.B) {
			for b.Loop() {
				if list, err := db.FinishedGames(b.Context(), "small", "", 50); err != nil || len(list) != 1 {
					b.Fatal(err, len(list))
				}
			}
		})
	}
}

// BenchmarkPendingChallenge finds the challenge a user may accept in a
// channel while 100 or 2,000 challenges are open in other channels and
// guilds.
func BenchmarkPendingChallenge(b *testing.B) {
	for _, n := range []int{100, 2000} {
		db := openTest(b, &Options{NoSync: true})
		for i := range n {
			if _, err := db.CreateChallenge(b.Context(), Challenge{Kind: Veletas, Guild: fmt.Sprint("g", i%10), Channel: fmt.Sprint("c", i%100),
				Challenger: fmt.Sprint("u", i/5), Opponent: "bob"}); err != nil {
				b.Fatal(err)
			}
		}
		if _, err := db.CreateChallenge(b.Context(), Challenge{Kind: Veletas, Guild: "g0", Channel: "mine", Challenger: "alice", Opponent: "bob"}); err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("others=%d", n), func(b *testing.B) {
			for b.Loop() {
				if c, err := db.PendingChallenge(b.Context(), "g0", "mine", "bob"); err != nil || c.Challenger != "alice" {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkOpen opens and closes a file holding 20,000 archived games:
// Open reads every reachable page first (checkFile), then bbolt rebuilds
// its free list. "nocheck" is bbolt's Open alone, for comparison.
func BenchmarkOpen(b *testing.B) {
	db := benchArchive(b, 20000)
	path := db.Path()
	db.Close()
	b.Run("store", func(b *testing.B) {
		for b.Loop() {
			db, err := Open(path, &Options{Games: testRegistry, NoSync: true})
			if err != nil {
				b.Fatal(err)
			}
			db.Close()
		}
	})
	b.Run("check", func(b *testing.B) {
		for b.Loop() {
			if err := checkFile(path); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkPlayerGames lists a player's 2 active games (/veletas games)
// while 100 or 2,000 other games are played in the guild.
func BenchmarkPlayerGames(b *testing.B) {
	for _, n := range []int{100, 2000} {
		db := openTest(b, &Options{NoSync: true})
		for i := range n {
			if _, err := newGame(db, "g", fmt.Sprint("c", i), fmt.Sprint("u", i), fmt.Sprint("v", i), veletas.Size7); err != nil {
				b.Fatal(err)
			}
		}
		for _, ch := range []string{"a1", "a2"} {
			if _, err := newGame(db, "g", ch, "alice", "bob", veletas.Size7); err != nil {
				b.Fatal(err)
			}
		}
		b.Run(fmt.Sprintf("others=%d", n), func(b *testing.B) {
			for b.Loop() {
				if l, err := db.PlayerGames(b.Context(), "g", "alice"); err != nil || len(l) != 2 {
					b.Fatal(err, len(l))
				}
			}
		})
	}
}
