package store

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/veletasbot/veletas/game"
	"github.com/veletasbot/veletas/game/veletas"
)

// indexState is what the schema 7 indexes hold: the keys of games_due and
// games_ai with their values, the keys of games_indexed, and the counts
// by kind.
type indexState struct {
	due, ai map[string]string
	indexed []string
	counts  map[game.Kind]int
}

// readIndexes reads the schema 7 indexes as stored.
func readIndexes(t testing.TB, db *DB) indexState {
	t.Helper()
	var s indexState
	err := db.view(t.Context(), func(tx txn) error {
		s = indexState{due: map[string]string{}, ai: map[string]string{}, counts: map[game.Kind]int{}}
		for _, b := range []struct {
			name []byte
			m    map[string]string
		}{{bucketGamesDue, s.due}, {bucketGamesAI, s.ai}} {
			c := tx.Cursor(b.name)
			for k, v := c.First(); k != nil; k, v = c.Next() {
				b.m[string(k)] = string(v)
			}
			if err := c.Err(); err != nil {
				return err
			}
		}
		for _, k := range guildIndexKeys(t, tx, activeIndexEntries) {
			s.indexed = append(s.indexed, string(k))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if s.counts, err = db.ActiveCounts(t.Context()); err != nil {
		t.Fatal(err)
	}
	return s
}

// wantIndexes is what the schema 7 indexes must hold for the active games
// of db, computed from the games themselves.
func wantIndexes(t testing.TB, db *DB) indexState {
	t.Helper()
	games, err := db.ActiveGames(t.Context(), "")
	if err != nil {
		t.Fatal(err)
	}
	s := indexState{due: map[string]string{}, ai: map[string]string{}, counts: map[game.Kind]int{}}
	for _, g := range games {
		key := string(pairKey(g.Guild, g.Channel))
		if d, _, ok := g.NoticeDue(); ok {
			s.due[string(timeKey(d.UnixNano(), g.ID))] = key
		}
		if g.AI != "" && g.ToAct() == g.AI {
			s.ai[string(idSuffix([]byte(g.AI), g.ID))] = key
		}
		s.indexed = append(s.indexed, key)
		s.counts[g.Kind]++
	}
	return s
}

// checkIndexes fails t when the indexes of schema 7 are not those of the
// active games.
func checkIndexes(t testing.TB, db *DB, when string) {
	t.Helper()
	got, want := readIndexes(t, db), wantIndexes(t, db)
	switch {
	case !maps.Equal(got.due, want.due):
		t.Fatalf("%s: games_due %q, want %q", when, slices.Sorted(maps.Keys(got.due)), slices.Sorted(maps.Keys(want.due)))
	case !maps.Equal(got.ai, want.ai):
		t.Fatalf("%s: games_ai %q, want %q", when, got.ai, want.ai)
	case !slices.Equal(got.indexed, want.indexed):
		t.Fatalf("%s: games_indexed %q, want %q", when, got.indexed, want.indexed)
	case !maps.Equal(got.counts, want.counts):
		t.Fatalf("%s: counts %v, want %v", when, got.counts, want.counts)
	}
}

// TestActiveIndexesFollowTheGames plays timed games and games against the
// computer through every change of an active game (start, move,
// notices, takeback, draw, resignation, claim on time, a challenge that
// expires, a damaged game ended) and checks after each that the indexes
// of schema 7 are exactly those of the games, and what DueGames,
// NextNoticeDue, AIGamesToAct and ActiveCounts answer.
func TestActiveIndexesFollowTheGames(t *testing.T) {
	bothStores(t, func(t *testing.T) {
		clk := newClock()
		db := openTest(t, &Options{Now: clk.Now, NoSync: true, ChallengeTTL: time.Hour})
		ctx := t.Context()
		checkIndexes(t, db, "empty")
		start := clk.Now()
		timed := func(ch string, mt time.Duration) Game {
			t.Helper()
			c, err := db.CreateChallenge(ctx, Challenge{Kind: Veletas, Guild: "g", Channel: ch, Challenger: "alice", Opponent: "bob", Terms: vterms(veletas.Size7), MoveTime: mt})
			if err != nil {
				t.Fatal(err)
			}
			g, err := db.AcceptChallenge(ctx, c.ID, "bob")
			if err != nil {
				t.Fatal(err)
			}
			return g
		}
		a := timed("a", 10*time.Hour)
		b := timed("b", 20*time.Hour)
		timed("c", -1) // no time limit
		checkIndexes(t, db, "three games")
		if due, ok, err := db.NextNoticeDue(ctx); err != nil || !ok || !due.Equal(start.Add(8*time.Hour)) {
			t.Fatalf("next notice: %v %v %v", due, ok, err)
		}
		if gs, err := db.DueGames(ctx, clk.Now(), 0); err != nil || len(gs) != 0 {
			t.Fatalf("due at the start: %v %d", err, len(gs))
		}
		clk.Add(8 * time.Hour)
		if gs, err := db.DueGames(ctx, clk.Now(), 0); err != nil || len(gs) != 1 || gs[0].ID != a.ID {
			t.Fatalf("due after 8h: %v %+v", err, gs)
		}
		if _, err := db.RecordNotice(ctx, "g", "a", a.ID, a.Revision, NoticeReminder); err != nil {
			t.Fatal(err)
		}
		checkIndexes(t, db, "reminded")
		if gs, err := db.DueGames(ctx, clk.Now(), 0); err != nil || len(gs) != 0 {
			t.Fatalf("due after the reminder: %v %d", err, len(gs))
		}
		if due, ok, _ := db.NextNoticeDue(ctx); !ok || !due.Equal(start.Add(10*time.Hour)) {
			t.Fatalf("next notice after the reminder: %v %v", due, ok)
		}
		// A move starts the time again: the reminder of the next move.
		r := rand.New(rand.NewPCG(1, 1))
		a, err := db.Apply(ctx, "g", "a", a.ToAct(), a.Revision, randomAction(vgame(a).Position(), r))
		if err != nil {
			t.Fatal(err)
		}
		checkIndexes(t, db, "a move")
		if due, ok, _ := db.NextNoticeDue(ctx); !ok || !due.Equal(start.Add(16*time.Hour)) {
			t.Fatalf("next notice after the move: %v %v", due, ok)
		}
		// A takeback asked and accepted starts the time again too (of a
		// turn that may be taken back: not a setup).
		for i := 0; ; i++ {
			_, err := db.RequestTakeback(ctx, "g", "a", a.Opponent(a.ToAct()))
			if err == nil {
				break
			}
			if !errors.Is(err, ErrTakebackNotAllowed) || i == 20 {
				t.Fatal(err)
			}
			if a, err = db.Apply(ctx, "g", "a", a.ToAct(), a.Revision, randomAction(vgame(a).Position(), r)); err != nil {
				t.Fatal(err)
			}
		}
		checkIndexes(t, db, "takeback asked")
		clk.Add(time.Hour)
		if a, err = db.AnswerTakeback(ctx, "g", "a", a.ToAct(), true); err != nil {
			t.Fatal(err)
		}
		checkIndexes(t, db, "takeback accepted")
		// b's reminder at 16h, then a's at 17h (9h + 8h).
		if due, ok, _ := db.NextNoticeDue(ctx); !ok || !due.Equal(start.Add(16*time.Hour)) {
			t.Fatalf("next notice after the takeback: %v %v", due, ok)
		}
		if gs, err := db.DueGames(ctx, start.Add(17*time.Hour-time.Second), 0); err != nil || len(gs) != 1 || gs[0].ID != b.ID {
			t.Fatalf("due before 17h: %v %+v", err, gs)
		}
		if gs, err := db.DueGames(ctx, start.Add(17*time.Hour), 0); err != nil || len(gs) != 2 || gs[1].ID != a.ID {
			t.Fatalf("due at 17h: %v %+v", err, gs)
		}
		// b runs out of time: its time-up notice, then the claim.
		clk.Add(12 * time.Hour) // 21h: b's deadline (20h) passed, a's too (19h)
		gs, err := db.DueGames(ctx, clk.Now(), 0)
		if err != nil || len(gs) != 2 || gs[0].ID != b.ID || gs[1].ID != a.ID {
			t.Fatalf("due at 21h: %v %+v", err, gs)
		}
		if gs, err := db.DueGames(ctx, clk.Now(), 1); err != nil || len(gs) != 1 {
			t.Fatalf("due at 21h, limit 1: %v %d", err, len(gs))
		}
		if _, err := db.RecordNotice(ctx, "g", "b", b.ID, b.Revision, NoticeTimeUp); err != nil {
			t.Fatal(err)
		}
		checkIndexes(t, db, "time up")
		if _, err := db.ClaimTimeout(ctx, "g", "b", b.Opponent(b.ToAct())); err != nil {
			t.Fatal(err)
		}
		checkIndexes(t, db, "claimed")
		// Games against the computer: listed while it is to act.
		h, err := db.StartAIGameOrder(ctx, "g", "h", "carol", "cpu", "easy", veletas.Size7, veletas.Classic, false)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.StartAIGameOrder(ctx, "g", "i", "dave", "cpu", "easy", veletas.Size7, veletas.Classic, true); err != nil {
			t.Fatal(err)
		}
		checkIndexes(t, db, "computer games")
		if gs, err := db.AIGamesToAct(ctx, "cpu"); err != nil || len(gs) != 1 || gs[0].Channel != "i" {
			t.Fatalf("the computer's games: %v %+v", err, gs)
		}
		h, err = db.Apply(ctx, "g", "h", "carol", h.Revision, randomAction(vgame(h).Position(), r))
		if err != nil {
			t.Fatal(err)
		}
		checkIndexes(t, db, "the computer to act")
		if gs, err := db.AIGamesToAct(ctx, "cpu"); err != nil || len(gs) != 2 {
			t.Fatalf("the computer's games after carol's move: %v %d", err, len(gs))
		}
		if _, err := db.Resign(ctx, "g", "h", "carol"); err != nil {
			t.Fatal(err)
		}
		checkIndexes(t, db, "resigned")
		// A challenge that expires and is purged changes no game.
		if _, err := db.CreateChallenge(ctx, Challenge{Kind: Veletas, Guild: "g", Channel: "x", Challenger: "erin", Opponent: "bob", Terms: vterms(veletas.Size7)}); err != nil {
			t.Fatal(err)
		}
		clk.Add(48 * time.Hour)
		if n, err := db.PurgeExpiredChallenges(ctx); err != nil || n != 1 {
			t.Fatalf("purge: %v %d", err, n)
		}
		checkIndexes(t, db, "challenge purged")
		if n, err := db.ActiveCounts(ctx); err != nil || n[Veletas] != 3 || len(n) != 1 {
			t.Fatalf("counts: %v %v", err, n)
		}
		// A damaged game ended by a manager leaves no entry and no count.
		if err := db.update(ctx, func(tx txn) error {
			return tx.Bucket(bucketGames).Put(pairKey("g", "a"), []byte("not a game at all"))
		}); err != nil {
			t.Fatal(err)
		}
		if err := db.EndDamagedGame(ctx, "g", "a"); err != nil {
			t.Fatal(err)
		}
		checkIndexes(t, db, "damaged game ended")
		if n, err := db.ActiveCounts(ctx); err != nil || n[Veletas] != 2 {
			t.Fatalf("counts after the damaged game: %v %v", err, n)
		}
	})
}

// TestIndexesThroughRandomPlay plays many games to their end at random,
// with time limits and against the computer, checking the indexes now and
// then.
func TestIndexesThroughRandomPlay(t *testing.T) {
	bothStores(t, func(t *testing.T) {
		clk := newClock()
		db := openTest(t, &Options{Now: clk.Now, NoSync: true})
		ctx := t.Context()
		r := rand.New(rand.NewPCG(5, 5))
		chans := []string{"c0", "c1", "c2", "c3"}
		start := func(ch string) {
			if r.IntN(3) == 0 {
				if _, err := db.StartAIGameOrder(ctx, "g", ch, "h"+ch, "cpu", "easy", veletas.Size7, veletas.Classic, r.IntN(2) == 0); err != nil {
					t.Fatal(err)
				}
				return
			}
			c, err := db.CreateChallenge(ctx, Challenge{Kind: Veletas, Guild: "g", Channel: ch, Challenger: "a" + ch, Opponent: "b" + ch,
				Terms: vterms(veletas.Size7), MoveTime: time.Duration(r.IntN(3)) * time.Hour})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := db.AcceptChallenge(ctx, c.ID, "b"+ch); err != nil {
				t.Fatal(err)
			}
		}
		for _, ch := range chans {
			start(ch)
		}
		ended := 0
		for step := 0; ended < 6; step++ {
			ch := chans[r.IntN(len(chans))]
			g, err := db.ActiveGame(ctx, "g", ch)
			if err != nil {
				t.Fatal(err)
			}
			clk.Add(time.Duration(r.IntN(90)) * time.Minute)
			if r.IntN(40) == 0 {
				g, err = db.Resign(ctx, "g", ch, g.Players[r.IntN(2)])
			} else {
				g, err = db.Apply(ctx, "g", ch, g.ToAct(), g.Revision, randomAction(vgame(g).Position(), r))
			}
			if err != nil {
				t.Fatal(err)
			}
			if g.Over() {
				ended++
				start(ch)
			}
			if step%25 == 0 {
				checkIndexes(t, db, fmt.Sprintf("step %d", step))
			}
		}
		checkIndexes(t, db, "the end")
	})
}

// TestSweepReadsOnlyDueGames: with 40 games, 3 of them with a notice
// due, DueGames and NextNoticeDue decode only those (and AIGamesToAct
// only the computer's games to act), on both stores.
func TestSweepReadsOnlyDueGames(t *testing.T) {
	bothStores(t, func(t *testing.T) {
		clk := newClock()
		db := openTest(t, &Options{Now: clk.Now, NoSync: true, MaxChallengesPerUser: 100})
		ctx := t.Context()
		for i := range 40 {
			mt := 100 * time.Hour
			if i%13 == 0 {
				mt = time.Hour // due after 48 minutes
			}
			c, err := db.CreateChallenge(ctx, Challenge{Kind: Veletas, Guild: "g", Channel: fmt.Sprint("c", i), Challenger: "alice", Opponent: "bob", Terms: vterms(veletas.Size7), MoveTime: mt})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := db.AcceptChallenge(ctx, c.ID, "bob"); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := db.StartAIGameOrder(ctx, "g", "ai", "carol", "cpu", "easy", veletas.Size7, veletas.Classic, true); err != nil {
			t.Fatal(err)
		}
		clk.Add(time.Hour)
		before := db.activeReads.Load()
		gs, err := db.DueGames(ctx, clk.Now(), 0)
		if err != nil || len(gs) != 4 { // c0, c13, c26, c39
			t.Fatalf("due: %v %d", err, len(gs))
		}
		if n := db.activeReads.Load() - before; n != 4 {
			t.Fatalf("DueGames read %d games for 4 due", n)
		}
		before = db.activeReads.Load()
		if _, ok, err := db.NextNoticeDue(ctx); err != nil || !ok {
			t.Fatal(err, ok)
		}
		if n := db.activeReads.Load() - before; n != 1 {
			t.Fatalf("NextNoticeDue read %d games", n)
		}
		before = db.activeReads.Load()
		if gs, err := db.AIGamesToAct(ctx, "cpu"); err != nil || len(gs) != 1 {
			t.Fatalf("AI games: %v %d", err, len(gs))
		}
		if n := db.activeReads.Load() - before; n != 1 {
			t.Fatalf("AIGamesToAct read %d games", n)
		}
		before = db.activeReads.Load()
		if n, err := db.ActiveCounts(ctx); err != nil || n[Veletas] != 41 {
			t.Fatalf("counts: %v %v", err, n)
		}
		if n := db.activeReads.Load() - before; n != 0 {
			t.Fatalf("ActiveCounts read %d games", n)
		}
	})
}

// TestMigrateBuildsActiveIndexes: a store at schema 6 (its indexes of
// schema 7 removed and its version set back) is brought to schema 7 when
// it is opened, with the indexes of its games, on both stores; opening
// it again changes nothing.
func TestMigrateBuildsActiveIndexes(t *testing.T) {
	bothStores(t, func(t *testing.T) {
		clk := newClock()
		url := storeURL(t)
		opts := &Options{Games: testRegistry, Now: clk.Now, NoSync: true, MaxChallengesPerUser: 100}
		db, err := OpenURL(url, opts)
		if err != nil {
			t.Fatal(err)
		}
		ctx := t.Context()
		for i := range 20 {
			c, err := db.CreateChallenge(ctx, Challenge{Kind: Veletas, Guild: "g", Channel: fmt.Sprint("c", i), Challenger: "alice", Opponent: "bob", Terms: vterms(veletas.Size7), MoveTime: time.Duration(i%3) * time.Hour})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := db.AcceptChallenge(ctx, c.ID, "bob"); err != nil {
				t.Fatal(err)
			}
		}
		for i := range 3 {
			if _, err := db.StartAIGameOrder(ctx, "g", fmt.Sprint("ai", i), fmt.Sprint("h", i), "cpu", "easy", veletas.Size7, veletas.Classic, i != 0); err != nil {
				t.Fatal(err)
			}
		}
		msg, err := db.CreateChallenge(ctx, Challenge{Kind: Veletas, Guild: "g", Channel: "m", Challenger: "erin", Opponent: "bob", Terms: vterms(veletas.Size7)})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.SetChallengeMessage(ctx, msg.ID, "m1"); err != nil {
			t.Fatal(err)
		}
		want := readIndexes(t, db)
		if len(want.due) != 13 || len(want.ai) != 2 || want.counts[Veletas] != 23 {
			t.Fatalf("before: %d due, %d AI, counts %v", len(want.due), len(want.ai), want.counts)
		}
		// Back to schema 6: no index of schema 7.
		err = db.update(ctx, func(tx txn) error {
			for _, k := range guildIndexKeys(t, tx, activeIndexEntries) {
				if err := tx.Bucket(bucketGuildIndex).Delete(entriesKey(k)); err != nil {
					return err
				}
			}
			for _, name := range [][]byte{bucketGamesDue, bucketGamesAI, bucketCounts, bucketChallengesByMessage} {
				var keys [][]byte
				c := tx.Cursor(name)
				for k, _ := c.First(); k != nil; k, _ = c.Next() {
					keys = append(keys, bytes.Clone(k))
				}
				for _, k := range keys {
					if err := tx.Bucket(name).Delete(k); err != nil {
						return err
					}
				}
			}
			return tx.Bucket(bucketMeta).Put(keyVersion, []byte("6"))
		})
		if err != nil {
			t.Fatal(err)
		}
		if got := readIndexes(t, db); len(got.due)+len(got.ai)+len(got.indexed)+len(got.counts) != 0 {
			t.Fatalf("indexes left: %+v", got)
		}
		if cs, err := db.ExpiredChallengeMessages(ctx, msg.Expires, 10); err != nil || len(cs) != 0 {
			t.Fatalf("messages without the index: %v %d", err, len(cs))
		}
		db.Close()
		for range 2 {
			if db, err = OpenURL(url, opts); err != nil {
				t.Fatal(err)
			}
			if got := readIndexes(t, db); !maps.Equal(got.due, want.due) || !maps.Equal(got.ai, want.ai) ||
				!slices.Equal(got.indexed, want.indexed) || !maps.Equal(got.counts, want.counts) {
				t.Fatalf("migrated: %+v, want %+v", got, want)
			}
			checkIndexes(t, db, "migrated")
			if cs, err := db.ExpiredChallengeMessages(ctx, msg.Expires, 10); err != nil || len(cs) != 1 || cs[0].Message != "m1" {
				t.Fatalf("expired messages after the migration: %v %+v", err, cs)
			}
			var v []byte
			if err := db.view(ctx, func(tx txn) error {
				var err error
				v, err = tx.Bucket(bucketMeta).Get(keyVersion)
				return err
			}); err != nil || string(v) != "8" {
				t.Fatalf("version %q %v", v, err)
			}
			db.Close()
		}
	})
}

// TestMigratedFixtureIndexes: the schema 5 fixture, migrated, has the
// indexes of its active games.
func TestMigratedFixtureIndexes(t *testing.T) {
	path := t.TempDir() + "/schema5.db"
	copyFile(t, "testdata/schema5.db", path)
	db, err := Open(path, &Options{Games: testRegistry, NoSync: true, Now: func() time.Time { return fixtureNow }})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	checkIndexes(t, db, "the fixture migrated")
	if n, err := db.ActiveCounts(t.Context()); err != nil || len(n) == 0 {
		t.Fatalf("counts %v %v", n, err)
	}
}

// TestTimeKeyOrder: the keys of games_due order times, negative ones
// first, then IDs.
func TestTimeKeyOrder(t *testing.T) {
	ts := []int64{-5e18, -1, 0, 1, time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC).UnixNano(), 5e18}
	for i := 1; i < len(ts); i++ {
		if bytes.Compare(timeKey(ts[i-1], 9), timeKey(ts[i], 1)) >= 0 {
			t.Fatalf("%d sorts after %d", ts[i-1], ts[i])
		}
	}
	if k := timeKey(3, 7); binary.BigEndian.Uint64(k[8:]) != 7 || len(k) != 16 {
		t.Fatalf("key %x", k)
	}
}

// TestExpiredMessagesReadOnlyThose: of 30 expired challenges, the 2 whose
// message is recorded are the only ones ExpiredChallengeMessages reads,
// and none once their messages are forgotten, on both stores.
func TestExpiredMessagesReadOnlyThose(t *testing.T) {
	bothStores(t, func(t *testing.T) {
		clk := newClock()
		db := openTest(t, &Options{Now: clk.Now, NoSync: true, MaxChallengesPerUser: 100, MaxChallengesPerChannel: 100})
		ctx := t.Context()
		var with []uint64
		for i := range 30 {
			c, err := db.CreateChallenge(ctx, Challenge{Kind: Veletas, Guild: "g", Channel: fmt.Sprint("c", i%3), Challenger: "alice", Opponent: "bob", Terms: vterms(veletas.Size7)})
			if err != nil {
				t.Fatal(err)
			}
			if i%15 == 0 {
				if _, err := db.SetChallengeMessage(ctx, c.ID, fmt.Sprint("m", i)); err != nil {
					t.Fatal(err)
				}
				with = append(with, c.ID)
			}
		}
		clk.Add(DefaultChallengeTTL + time.Minute)
		before := db.challengeReads.Load()
		cs, err := db.ExpiredChallengeMessages(ctx, clk.Now(), 50)
		if err != nil || len(cs) != 2 || cs[0].ID != with[0] || cs[1].ID != with[1] {
			t.Fatalf("expired messages: %v %+v", err, cs)
		}
		if n := db.challengeReads.Load() - before; n != 2 {
			t.Fatalf("read %d challenges for 2 messages", n)
		}
		for _, id := range with {
			if _, err := db.SetChallengeMessage(ctx, id, ""); err != nil {
				t.Fatal(err)
			}
		}
		before = db.challengeReads.Load()
		if cs, err := db.ExpiredChallengeMessages(ctx, clk.Now(), 50); err != nil || len(cs) != 0 {
			t.Fatalf("after the edits: %v %+v", err, cs)
		}
		if n := db.challengeReads.Load() - before; n != 0 {
			t.Fatalf("read %d challenges once the messages are edited", n)
		}
	})
}

// TestCountsAcrossShardings: a game counted in the shard of its ID under
// schema 7's 16 shards, which it is not under countShards, is taken off
// another shard when it ends; the kind's count is right all along, on
// both stores.
func TestCountsAcrossShardings(t *testing.T) {
	bothStores(t, func(t *testing.T) {
		db := openTest(t, &Options{NoSync: true})
		ctx := t.Context()
		var ids []uint64
		for i := range 20 {
			ids = append(ids, startGame(t, db, "g", fmt.Sprint("c", i), veletas.Size7).ID)
		}
		// As schema 7 counted them: shard id % 16.
		err := db.update(ctx, func(tx txn) error {
			for _, id := range ids {
				if err := addCount(tx, countKey(Veletas, id), -1); err != nil {
					return err
				}
				old := append(pairKey("active", string(Veletas)+"\x00"), byte(id%16))
				if err := addCount(tx, old, 1); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if n, err := db.ActiveCounts(ctx); err != nil || n[Veletas] != 20 {
			t.Fatalf("counts %v %v", n, err)
		}
		for i := 5; i < 20; i++ { // IDs of 16 and more among them
			if _, err := db.Resign(ctx, "g", fmt.Sprint("c", i), "alice"); err != nil {
				t.Fatal(err)
			}
		}
		negative := 0
		db.view(ctx, func(tx txn) error {
			c := tx.Cursor(bucketCounts)
			for k, v := c.First(); k != nil; k, v = c.Next() {
				if int64(binary.BigEndian.Uint64(v)) < 0 {
					negative++
				}
			}
			return c.Err()
		})
		if n, err := db.ActiveCounts(ctx); err != nil || n[Veletas] != 5 || negative == 0 {
			t.Fatalf("counts %v %v, %d shards below zero", n, err, negative)
		}
		for i := range 5 {
			if _, err := db.Resign(ctx, "g", fmt.Sprint("c", i), "alice"); err != nil {
				t.Fatal(err)
			}
		}
		if n, err := db.ActiveCounts(ctx); err != nil || len(n) != 0 {
			t.Fatalf("counts %v %v", n, err)
		}
	})
}
