package store

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/veletasbot/veletas/game/veletas"
)

// countingObserver counts the commits and conflicts of a store.
type countingObserver struct{ commits, conflicts atomic.Int64 }

var _ Observer = (*countingObserver)(nil)

func (o *countingObserver) Committed(string, time.Duration) { o.commits.Add(1) }
func (o *countingObserver) Conflicted(string)               { o.conflicts.Add(1) }

// BenchmarkEtcdStartEnd measures how often the changes that start and end
// games conflict on etcd when several replicas make them at once: 3
// handles on one prefix of the shared cluster (3 members), each with
// workers goroutines that each keep games going in 8 channels of their
// own (with players of their own, in one guild) and, in turn in each
// channel, end the game there (a resignation) and start another (a
// challenge created and accepted). What they share is what every game's
// start and end writes: the counts of active games by kind (the shard of
// a game that ends is that of its ID, from long before), the ID
// counters, the guild index. An op is the three changes; conflicts/commit
// is the share of the changes that ran again.
//
//	go test ./store -run '^$' -bench EtcdStartEnd -benchtime 300x
func BenchmarkEtcdStartEnd(b *testing.B) {
	for _, workers := range []int{1, 4} {
		b.Run(fmt.Sprintf("handles=3/workers=%d", workers), func(b *testing.B) {
			url := sharedCluster(b).URL(fmt.Sprintf("bench/%d-startend", prefixes.Add(1)))
			obs := &countingObserver{}
			var dbs []*DB
			for range 3 {
				db, err := OpenURL(url, &Options{Games: testRegistry, Observer: obs, MaxChallengesPerUser: 1 << 20})
				if err != nil {
					b.Fatal(err)
				}
				defer db.Close()
				dbs = append(dbs, db)
			}
			ctx := context.Background()
			start := func(db *DB, ch, a, o string) error {
				c, err := db.CreateChallenge(ctx, Challenge{Kind: Veletas, Guild: "g", Channel: ch, Challenger: a, Opponent: o, Terms: vterms(veletas.Size7), Rated: true, MoveTime: 24 * time.Hour})
				if err == nil {
					_, err = db.AcceptChallenge(ctx, c.ID, o)
				}
				return err
			}
			// The games going, started one after the other.
			for h, db := range dbs {
				for w := range workers {
					me := fmt.Sprint(h, "-", w)
					for i := range 8 {
						if err := start(db, fmt.Sprint("c", me, "-", i), "a"+me, "b"+me); err != nil {
							b.Fatal(err)
						}
					}
				}
			}
			obs.commits.Store(0)
			obs.conflicts.Store(0)
			var next atomic.Int64
			var wg sync.WaitGroup
			b.ResetTimer()
			began := time.Now()
			for h, db := range dbs {
				for w := range workers {
					wg.Add(1)
					go func() {
						defer wg.Done()
						me := fmt.Sprint(h, "-", w)
						a, o := "a"+me, "b"+me
						for i := 0; next.Add(1) <= int64(b.N); i++ {
							ch := fmt.Sprint("c", me, "-", i%8)
							_, err := db.Resign(ctx, "g", ch, a)
							if err == nil {
								err = start(db, ch, a, o)
							}
							if err != nil {
								b.Error(err)
								return
							}
						}
					}()
				}
			}
			wg.Wait()
			elapsed := time.Since(began)
			b.StopTimer()
			commits, conflicts := obs.commits.Load(), obs.conflicts.Load()
			b.ReportMetric(float64(conflicts)/float64(commits), "conflicts/commit")
			b.ReportMetric(float64(conflicts)/float64(b.N), "conflicts/op")
			b.ReportMetric(float64(b.N)/elapsed.Seconds(), "ops/s")
			b.ReportMetric(float64(commits)/float64(b.N), "commits/op")
		})
	}
}
