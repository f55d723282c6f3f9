package store

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/veletasbot/veletas/game/veletas"
)

// archiveGames puts n finished games (resigned at once) in the archive of
// guild, in channel, through the store's own finish, 1,000 per
// transaction. It is how a long-lived bot's archive looks to a lookup.
func archiveGames(t testing.TB, db *DB, guild, channel string, n int) {
	t.Helper()
	st, err := veletas.NewGame(veletas.Size7)
	if err != nil {
		t.Fatal(err)
	}
	now := db.opts.Now()
	per := 1000
	if db.etcdBackend() != nil {
		per = 10 // an etcd Txn has at most 128 operations
	}
	for done := 0; done < n; {
		batch := min(n-done, per)
		err := db.update(t.Context(), func(tx txn) error {
			games := tx.Bucket(bucketGames)
			for i := range batch {
				id, err := games.NextSequence()
				if err != nil {
					return err
				}
				g := Game{ID: id, Guild: guild, Channel: channel, Players: [2]string{fmt.Sprint("p", i%50), fmt.Sprint("q", i%50)},
					Kind: Veletas, Terms: vterms(veletas.Size7), Revision: 1, Started: now, Updated: now, Ended: now, Reason: ReasonResign}
				g.setState(veletas.NewMatch(st))
				g.Winner = g.Players[0]
				val, err := encode(&g)
				if err != nil {
					return err
				}
				if err := db.finish(tx, pairKey(guild, channel), &g, val); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		done += batch
	}
}

// TestLookupsReadOnlyWhatTheyReturn fills the archive with 5,000 games of
// another guild and channel around a few games of a small guild, and
// counts the archived games each lookup decodes: only those it returns
// (before the indexes of schema 3, FinishedGames of the small guild
// decoded the whole archive, and the bot's board and record commands did
// that to find a channel's last game).
func TestLookupsReadOnlyWhatTheyReturn(t *testing.T) {
	bothStores(t, func(t *testing.T) {
		db := openTest(t, &Options{NoSync: true})
		startGame(t, db, "small", "quiet", veletas.Size7)
		if _, err := db.Resign(t.Context(), "small", "quiet", "bob"); err != nil {
			t.Fatal(err)
		}
		archiveGames(t, db, "big", "busy", 5000)
		g := startGame(t, db, "small", "other", veletas.Size7)
		if _, err := db.SetGameThread(t.Context(), "small", "other", "thread"); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Resign(t.Context(), "small", "thread", "alice"); err != nil {
			t.Fatal(err)
		}
		reads := func(what string, want int64, fn func()) {
			t.Helper()
			before := db.archiveReads.Load()
			fn()
			if got := db.archiveReads.Load() - before; got != want {
				t.Errorf("%s decoded %d archived games, want %d", what, got, want)
			}
		}
		reads("FinishedGames of the small guild", 2, func() {
			list, err := db.FinishedGames(t.Context(), "small", "", 50)
			if err != nil || len(list) != 2 || list[0].ID != g.ID {
				t.Fatalf("small guild's games: %v %+v", err, list)
			}
		})
		reads("LastFinishedGame of a quiet channel", 1, func() {
			f, err := db.LastFinishedGame(t.Context(), "small", "quiet")
			if err != nil || f.Channel != "quiet" || f.Winner != "alice" {
				t.Fatalf("quiet channel's last game: %v %+v", err, f)
			}
		})
		reads("LastFinishedGame by thread", 1, func() {
			f, err := db.LastFinishedGame(t.Context(), "small", "thread")
			if err != nil || f.ID != g.ID || f.Winner != "bob" {
				t.Fatalf("thread's last game: %v %+v", err, f)
			}
		})
		reads("LastFinishedGame by channel of a thread's game", 1, func() {
			if f, err := db.LastFinishedGame(t.Context(), "small", "other"); err != nil || f.ID != g.ID {
				t.Fatalf("channel's last game: %v %+v", err, f)
			}
		})
		reads("LastFinishedGame of a channel without games", 0, func() {
			if _, err := db.LastFinishedGame(t.Context(), "small", "busy"); !errors.Is(err, ErrNoGame) {
				t.Fatalf("channel without games: %v", err)
			}
		})
		reads("FinishedGames of the big guild, 50", 50, func() {
			if list, _ := db.FinishedGames(t.Context(), "big", "", 50); len(list) != 50 || list[0].ID < list[49].ID {
				t.Fatalf("big guild: %d games", len(list))
			}
		})
		reads("FinishedGames of a player, 5", 5, func() {
			if list, _ := db.FinishedGames(t.Context(), "big", "p7", 5); len(list) != 5 {
				t.Fatalf("p7: %d games", len(list))
			}
		})
	})
}

// TestChallengeLookupsReadOnlyTheChannel makes 1,000 challenges in other
// channels and guilds; finding, listing and answering the challenges of
// one channel reads only that channel's.
func TestChallengeLookupsReadOnlyTheChannel(t *testing.T) {
	bothStores(t, func(t *testing.T) {
		c := newClock()
		db := openTest(t, &Options{NoSync: true, Now: c.Now})
		for i := range 1000 {
			if _, err := db.CreateChallenge(t.Context(), Challenge{Kind: Veletas, Guild: fmt.Sprint("g", i%2), Channel: fmt.Sprint("c", i%40),
				Challenger: fmt.Sprint("u", i/5), Opponent: "bob"}); err != nil {
				t.Fatal(err)
			}
		}
		mine, err := db.CreateChallenge(t.Context(), Challenge{Kind: Veletas, Guild: "g0", Channel: "mine", Challenger: "alice", Opponent: "bob"})
		if err != nil {
			t.Fatal(err)
		}
		open, err := db.CreateChallenge(t.Context(), Challenge{Kind: Veletas, Guild: "g0", Channel: "mine", Challenger: "carol"})
		if err != nil {
			t.Fatal(err)
		}
		reads := func(what string, want int64, fn func()) {
			t.Helper()
			before := db.challengeReads.Load()
			fn()
			if got := db.challengeReads.Load() - before; got > want {
				t.Errorf("%s decoded %d challenges, want at most %d", what, got, want)
			}
		}
		reads("PendingChallenge", 1, func() {
			if p, err := db.PendingChallenge(t.Context(), "g0", "mine", "bob"); err != nil || p.ID != open.ID {
				t.Fatalf("bob's pending challenge: %v %+v", err, p)
			}
		})
		reads("PendingChallenge", 2, func() {
			if p, err := db.PendingChallenge(t.Context(), "g0", "mine", "carol"); !errors.Is(err, ErrChallengeNotFound) {
				t.Fatalf("carol's own open challenge: %v %+v", err, p)
			}
		})
		reads("Challenges of a channel", 2, func() {
			if l, err := db.Challenges(t.Context(), "g0", "mine"); err != nil || len(l) != 2 || l[0].ID != mine.ID || l[1].ID != open.ID {
				t.Fatalf("channel's challenges: %v %+v", err, l)
			}
		})
		if l, _ := db.Challenges(t.Context(), "g1", ""); len(l) != 500 {
			t.Fatalf("guild g1 lists %d challenges, want 500", len(l))
		}
		if _, err := db.DeclineChallenge(t.Context(), open.ID, "carol"); err != nil {
			t.Fatal(err)
		}
		reads("PendingChallenge after a withdrawal", 1, func() {
			if p, err := db.PendingChallenge(t.Context(), "g0", "mine", "bob"); err != nil || p.ID != mine.ID {
				t.Fatalf("bob's pending challenge: %v %+v", err, p)
			}
		})
		if _, err := db.AcceptChallenge(t.Context(), mine.ID, "bob"); err != nil {
			t.Fatal(err)
		}
		reads("PendingChallenge after the acceptance", 0, func() {
			if _, err := db.PendingChallenge(t.Context(), "g0", "mine", "bob"); !errors.Is(err, ErrChallengeNotFound) {
				t.Fatalf("after accept: %v", err)
			}
		})
	})
}

// TestMigrateV2Fixture opens testdata/v2.db, written by the store before
// schema 3 (see testdata/v2.README), and finds its games and challenges
// through the indexes built at open.
func TestMigrateV2Fixture(t *testing.T) {
	path := filepath.Join(t.TempDir(), "v2.db")
	copyFile(t, "testdata/v2.db", path)
	if v := rawVersion(t, path); v != "2" {
		t.Fatalf("fixture has version %q", v)
	}
	now := time.Date(2026, 1, 2, 6, 0, 0, 0, time.UTC) // challenge 8 (carol to bob) expired; 6 (alice to bob) and 7 (dave, open) open
	db, err := Open(path, &Options{Games: testRegistry, NoSync: true, Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.Check(); err != nil {
		t.Fatal(err)
	}
	ids := func(list []Game) (out []uint64) {
		for _, g := range list {
			out = append(out, g.ID)
		}
		return out
	}
	if l, err := db.FinishedGames(t.Context(), "g", "", 0); err != nil || fmt.Sprint(ids(l)) != "[3 2 1]" {
		t.Fatalf("guild g's finished games: %v %v", err, ids(l))
	}
	if l, _ := db.FinishedGames(t.Context(), "h", "", 0); fmt.Sprint(ids(l)) != "[4]" {
		t.Fatalf("guild h's finished games: %v", ids(l))
	}
	if l, _ := db.FinishedGames(t.Context(), "g", "alice", 0); fmt.Sprint(ids(l)) != "[2 1]" {
		t.Fatalf("alice's finished games: %v", ids(l))
	}
	for _, tc := range []struct {
		guild, channel string
		id             uint64
	}{{"g", "c1", 2}, {"g", "c2", 3}, {"g", "t2", 3}, {"h", "c1", 4}} {
		if g, err := db.LastFinishedGame(t.Context(), tc.guild, tc.channel); err != nil || g.ID != tc.id {
			t.Fatalf("last game of %s/%s: %v %d, want %d", tc.guild, tc.channel, err, g.ID, tc.id)
		}
	}
	if _, err := db.LastFinishedGame(t.Context(), "g", "c3"); !errors.Is(err, ErrNoGame) {
		t.Fatalf("c3 has only an active game: %v", err)
	}
	if l, err := db.Challenges(t.Context(), "g", "c4"); err != nil || len(l) != 2 || l[0].ID != 6 || l[1].ID != 7 {
		t.Fatalf("open challenges of c4: %v %+v", err, l)
	}
	if c, err := db.PendingChallenge(t.Context(), "g", "c4", "bob"); err != nil || c.ID != 7 { // the newest he may accept
		t.Fatalf("bob's pending challenge: %v %+v", err, c)
	}
	if c, err := db.PendingChallenge(t.Context(), "g", "c4", "erin"); err != nil || c.ID != 7 || c.Challenger != "dave" {
		t.Fatalf("erin's pending challenge: %v %+v", err, c)
	}
	// The active game plays on through its thread and ends in the indexes.
	g, err := db.ActiveGame(t.Context(), "g", "t3")
	if err != nil || g.ID != 5 {
		t.Fatalf("active game: %v %+v", err, g)
	}
	if l, err := db.PlayerGames(t.Context(), "g", "carol"); err != nil || len(l) != 1 || l[0].ID != 5 {
		t.Fatalf("carol's active games: %v %+v", err, l)
	}
	if a, err := db.GameByID(t.Context(), 5); err != nil || a.Channel != "c3" {
		t.Fatalf("active game by ID: %v %+v", err, a)
	}
	if _, err := db.Resign(t.Context(), "g", "t3", "carol"); err != nil {
		t.Fatal(err)
	}
	if f, err := db.LastFinishedGame(t.Context(), "g", "t3"); err != nil || f.ID != 5 || f.Winner != "alice" {
		t.Fatalf("last game of t3: %v %+v", err, f)
	}
	if s, err := db.Standing(t.Context(), Veletas, "g", "alice"); err != nil || s.Wins != 3 {
		t.Fatalf("alice's standing: %v %+v", err, s)
	}
	// The expiry index: challenge 8 expired at 04:11, purged after a day.
	now = now.Add(24 * time.Hour)
	if n, err := db.PurgeExpiredChallenges(t.Context()); err != nil || n != 1 {
		t.Fatalf("purged %d (%v), want challenge 8", n, err)
	}
	if _, err := db.Challenge(t.Context(), 8); !errors.Is(err, ErrChallengeNotFound) {
		t.Fatalf("challenge 8 after the purge: %v", err)
	}
	if set, err := db.Settings(t.Context(), "g"); err != nil || set.Locale != "fr" || setSize(set) != veletas.Size9 {
		t.Fatalf("settings: %v %+v", err, set)
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	in, err := os.Open(from)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	out, err := os.Create(to)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(out, in); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestActiveLookupsReadOnlyTheirGames starts 300 games between other
// players beside two of alice's: her games and a game by ID are found by
// reading those games only (before schema 4, PlayerGames decoded every
// active game of the guild and GameByID every active game).
func TestActiveLookupsReadOnlyTheirGames(t *testing.T) {
	bothStores(t, func(t *testing.T) {
		db := openTest(t, &Options{NoSync: true, MaxChallengesPerUser: 1 << 20})
		for i := range 300 {
			if _, err := newGame(db, "g", fmt.Sprint("c", i), fmt.Sprint("u", i), fmt.Sprint("v", i), veletas.Size7); err != nil {
				t.Fatal(err)
			}
		}
		a1, err := newGame(db, "g", "a1", "alice", "bob", veletas.Size7)
		if err != nil {
			t.Fatal(err)
		}
		a2, err := db.startAI(t.Context(), "g", "a2", "alice", "bot", "easy", veletas.Size7)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := newGame(db, "h", "a3", "alice", "bob", veletas.Size7); err != nil { // another guild
			t.Fatal(err)
		}
		reads := func(what string, want int64, fn func()) {
			t.Helper()
			before := db.activeReads.Load()
			fn()
			if got := db.activeReads.Load() - before; got != want {
				t.Errorf("%s decoded %d active games, want %d", what, got, want)
			}
		}
		reads("PlayerGames", 2, func() {
			l, err := db.PlayerGames(t.Context(), "g", "alice")
			if err != nil || len(l) != 2 || l[0].ID != a1.ID || l[1].ID != a2.ID {
				t.Fatalf("alice's games: %v %+v", err, l)
			}
		})
		reads("GameByID", 1, func() {
			if g, err := db.GameByID(t.Context(), a2.ID); err != nil || g.AI != "bot" {
				t.Fatalf("game by ID: %v %+v", err, g)
			}
		})
		if _, err := db.Resign(t.Context(), "g", "a1", "bob"); err != nil {
			t.Fatal(err)
		}
		reads("PlayerGames after a game ended", 1, func() {
			if l, _ := db.PlayerGames(t.Context(), "g", "bob"); len(l) != 0 {
				t.Fatalf("bob's games after his resignation: %+v", l)
			}
			if l, _ := db.PlayerGames(t.Context(), "g", "alice"); len(l) != 1 || l[0].ID != a2.ID {
				t.Fatalf("alice's games: %+v", l)
			}
		})
		if g, err := db.GameByID(t.Context(), a1.ID); err != nil || g.Winner != "alice" {
			t.Fatalf("finished game by ID: %v %+v", err, g)
		}
		if _, err := db.GameByID(t.Context(), 99999); !errors.Is(err, ErrNotFound) {
			t.Fatalf("unknown ID: %v", err)
		}
	})
}
