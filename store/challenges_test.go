package store

import (
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"
)

// TestChallengeCaps fills a user's and a channel's quota of open
// challenges: the next one is refused with the named error and writes
// nothing; a challenge that expires, is withdrawn or accepted frees a
// place.
func TestChallengeCaps(t *testing.T) {
	bothStores(t, func(t *testing.T) {
		c := newClock()
		db := openTest(t, &Options{NoSync: true, Now: c.Now, MaxChallengesPerUser: 3, MaxChallengesPerChannel: 4})
		var mine []Challenge
		for i := range 3 {
			ch, err := db.CreateChallenge(t.Context(), Challenge{Kind: Veletas, Guild: "g", Channel: fmt.Sprint("c", i), Challenger: "spammer",
				Expires: c.Now().Add(time.Duration(i+1) * time.Hour)})
			if err != nil {
				t.Fatal(err)
			}
			mine = append(mine, ch)
		}
		_, err := db.CreateChallenge(t.Context(), Challenge{Kind: Veletas, Guild: "g", Channel: "c9", Challenger: "spammer"})
		if !errors.Is(err, ErrTooManyChallenges) {
			t.Fatalf("fourth challenge of a user: %v", err)
		}
		t.Logf("refused: %v", err)
		if l, _ := db.Challenges(t.Context(), "g", ""); len(l) != 3 {
			t.Fatalf("a refused challenge was stored: %+v", l)
		}
		// Another guild has its own quota.
		if _, err := db.CreateChallenge(t.Context(), Challenge{Kind: Veletas, Guild: "h", Channel: "c9", Challenger: "spammer"}); err != nil {
			t.Fatalf("challenge in another guild: %v", err)
		}
		// The first expires: a place is free.
		c.Add(time.Hour)
		if _, err := db.CreateChallenge(t.Context(), Challenge{Kind: Veletas, Guild: "g", Channel: "c9", Challenger: "spammer"}); err != nil {
			t.Fatalf("after one expired: %v", err)
		}
		if _, err := db.CreateChallenge(t.Context(), Challenge{Kind: Veletas, Guild: "g", Channel: "c8", Challenger: "spammer"}); !errors.Is(err, ErrTooManyChallenges) {
			t.Fatalf("full again: %v", err)
		}
		if _, err := db.DeclineChallenge(t.Context(), mine[1].ID, "spammer"); err != nil {
			t.Fatal(err)
		}
		if _, err := db.CreateChallenge(t.Context(), Challenge{Kind: Veletas, Guild: "g", Channel: "c8", Challenger: "spammer"}); err != nil {
			t.Fatalf("after a withdrawal: %v", err)
		}

		// A channel holds at most 4, whoever made them.
		for i := range 4 {
			if _, err := db.CreateChallenge(t.Context(), Challenge{Kind: Veletas, Guild: "g", Channel: "busy", Challenger: fmt.Sprint("u", i)}); err != nil {
				t.Fatal(err)
			}
		}
		_, err = db.CreateChallenge(t.Context(), Challenge{Kind: Veletas, Guild: "g", Channel: "busy", Challenger: "late"})
		if !errors.Is(err, ErrChannelChallengesFull) {
			t.Fatalf("fifth challenge of a channel: %v", err)
		}
		t.Logf("refused: %v", err)
		p, err := db.PendingChallenge(t.Context(), "g", "busy", "late")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.AcceptChallenge(t.Context(), p.ID, "late"); err != nil {
			t.Fatal(err)
		}
		if l, _ := db.Challenges(t.Context(), "g", "busy"); len(l) != 3 {
			t.Fatalf("after an acceptance the channel lists %d", len(l))
		}
	})
}

// TestPurgeExpiredChallenges purges through the index by expiry: only the
// challenges expired for longer than Options.KeepExpired go, with every
// index entry they had; answering a purged challenge says it is gone.
func TestPurgeExpiredChallenges(t *testing.T) {
	bothStores(t, func(t *testing.T) {
		c := newClock()
		db := openTest(t, &Options{NoSync: true, Now: c.Now, KeepExpired: time.Hour})
		var all []Challenge
		for i := range 10 {
			ch, err := db.CreateChallenge(t.Context(), Challenge{Kind: Veletas, Guild: "g", Channel: fmt.Sprint("c", i%3), Challenger: fmt.Sprint("u", i),
				Opponent: "bob", Expires: c.Now().Add(time.Duration(i+1) * time.Hour)})
			if err != nil {
				t.Fatal(err)
			}
			all = append(all, ch)
		}
		if n, err := db.PurgeExpiredChallenges(t.Context()); err != nil || n != 0 {
			t.Fatalf("nothing expired yet: purged %d, %v", n, err)
		}
		// At +5h30: challenges 0-4 expired, 0-3 for more than an hour.
		c.Add(5*time.Hour + 30*time.Minute)
		if n, err := db.PurgeExpiredChallenges(t.Context()); err != nil || n != 4 {
			t.Fatalf("purged %d, %v; want 4", n, err)
		}
		for i, ch := range all {
			_, err := db.Challenge(t.Context(), ch.ID)
			if gone := errors.Is(err, ErrChallengeNotFound); gone != (i < 4) {
				t.Fatalf("challenge %d after the purge: %v", i, err)
			}
		}
		if _, err := db.AcceptChallenge(t.Context(), all[4].ID, "bob"); !errors.Is(err, ErrChallengeExpired) {
			t.Fatalf("expired but kept: %v", err)
		}
		if _, err := db.AcceptChallenge(t.Context(), all[0].ID, "bob"); !errors.Is(err, ErrChallengeNotFound) {
			t.Fatalf("purged: %v", err)
		}
		// Every index holds exactly the 6 challenges left.
		db.view(t.Context(), func(tx txn) error {
			for _, name := range [][]byte{bucketChallenges, bucketChallengesByExpiry} {
				if n := countKeys(tx, name); n != 6 {
					t.Errorf("bucket %s holds %d keys, want 6", name, n)
				}
			}
			for _, tag := range []guildIndex{challengesByChan, challengesByUser} {
				if n := len(guildIndexKeys(t, tx, tag)); n != 6 {
					t.Errorf("index %c holds %d keys, want 6", tag, n)
				}
			}
			return nil
		})
		c.Add(24 * time.Hour)
		if n, err := db.PurgeExpiredChallenges(t.Context()); err != nil || n != 6 {
			t.Fatalf("purged %d, %v; want the last 6", n, err)
		}
	})
}

// TestExpiredChallengeMessages lists the expired challenges whose message
// is recorded, soonest expired first, up to the limit: not those still
// open, nor those without a message, nor those whose message was cleared.
func TestExpiredChallengeMessages(t *testing.T) {
	bothStores(t, func(t *testing.T) {
		c := newClock()
		db := openTest(t, &Options{NoSync: true, Now: c.Now})
		var all []Challenge
		for i := range 5 {
			ch, err := db.CreateChallenge(t.Context(), Challenge{Kind: Veletas, Guild: "g", Channel: "c", Challenger: fmt.Sprint("u", i),
				Opponent: "bob", Expires: c.Now().Add(time.Duration(5-i) * time.Hour)})
			if err != nil {
				t.Fatal(err)
			}
			if i != 2 { // challenge 2's message is unknown
				if ch, err = db.SetChallengeMessage(t.Context(), ch.ID, fmt.Sprint("m", i)); err != nil {
					t.Fatal(err)
				}
			}
			all = append(all, ch)
		}
		ids := func(limit int) []string {
			t.Helper()
			cs, err := db.ExpiredChallengeMessages(t.Context(), c.Now(), limit)
			if err != nil {
				t.Fatal(err)
			}
			var out []string
			for _, ch := range cs {
				out = append(out, ch.Message)
			}
			return out
		}
		if got := ids(10); len(got) != 0 {
			t.Fatalf("nothing expired yet: %v", got)
		}
		c.Add(3 * time.Hour) // challenges 2, 3 (at +2h) and 4 (at +1h) expired; 2 at this very moment
		if got := fmt.Sprint(ids(10)); got != "[m4 m3]" {
			t.Fatalf("at +3h: %s; want [m4 m3]", got)
		}
		if got := fmt.Sprint(ids(1)); got != "[m4]" {
			t.Fatalf("limit 1: %s; want [m4]", got)
		}
		if _, err := db.SetChallengeMessage(t.Context(), all[4].ID, ""); err != nil {
			t.Fatal(err)
		}
		c.Add(24 * time.Hour)
		if got := fmt.Sprint(ids(10)); got != "[m3 m1 m0]" {
			t.Fatalf("at +27h, m4 cleared: %s; want [m3 m1 m0]", got)
		}
	})
}

// TestPurgeManyChallenges purges more expired challenges than one
// transaction takes (purgeBatch; an etcd Txn holds at most 128
// operations): all of them go, the open ones stay.
func TestPurgeManyChallenges(t *testing.T) {
	bothStores(t, func(t *testing.T) {
		c := newClock()
		db := openTest(t, &Options{Now: c.Now, MaxChallengesPerUser: 1000, MaxChallengesPerChannel: 1000})
		const n = 3*purgeBatch + 7
		for i := range n {
			if _, err := db.CreateChallenge(t.Context(), Challenge{Kind: Veletas, Guild: "g", Channel: fmt.Sprint("c", i%9), Challenger: fmt.Sprint("u", i), Expires: c.Now().Add(time.Hour)}); err != nil {
				t.Fatal(err)
			}
		}
		keep, err := db.CreateChallenge(t.Context(), Challenge{Kind: Veletas, Guild: "g", Channel: "c0", Challenger: "last", Expires: c.Now().Add(3 * time.Hour)})
		if err != nil {
			t.Fatal(err)
		}
		c.Add(2 * time.Hour)
		got, err := db.PurgeChallenges(t.Context(), c.Now())
		if err != nil || got != n {
			t.Fatalf("purged %d, %v; want %d", got, err, n)
		}
		db.view(t.Context(), func(tx txn) error {
			for _, name := range [][]byte{bucketChallenges, bucketChallengesByExpiry} {
				if k := countKeys(tx, name); k != 1 {
					t.Errorf("bucket %s holds %d keys, want 1 (the open challenge)", name, k)
				}
			}
			for _, tag := range []guildIndex{challengesByChan, challengesByUser} {
				if k := len(guildIndexKeys(t, tx, tag)); k != 1 {
					t.Errorf("index %c holds %d keys, want 1 (the open challenge)", tag, k)
				}
			}
			return nil
		})
		if _, err := db.Challenge(t.Context(), keep.ID); err != nil {
			t.Fatalf("the open challenge: %v", err)
		}
	})
}

// TestBurstOfChallenges: one user makes 60 challenges at once (each
// reads the user's open challenges to check the cap, so on etcd every
// pair conflicts): all are made, with distinct IDs, and the cap still
// holds afterwards.
func TestBurstOfChallenges(t *testing.T) {
	bothStores(t, func(t *testing.T) {
		const n = 60
		db := openTest(t, &Options{MaxChallengesPerUser: n})
		var wg sync.WaitGroup
		ids := make([]uint64, n)
		errs := make([]error, n)
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				c, err := db.CreateChallenge(t.Context(), Challenge{Kind: Veletas, Guild: "g", Channel: fmt.Sprint("c", i), Challenger: "alice"})
				ids[i], errs[i] = c.ID, err
			}()
		}
		wg.Wait()
		seen := map[uint64]bool{}
		for i := range n {
			if errs[i] != nil {
				t.Fatalf("challenge %d: %v", i, errs[i])
			}
			if seen[ids[i]] {
				t.Fatalf("ID %d given twice", ids[i])
			}
			seen[ids[i]] = true
		}
		if _, err := db.CreateChallenge(t.Context(), Challenge{Kind: Veletas, Guild: "g", Channel: "one-more", Challenger: "alice"}); !errors.Is(err, ErrTooManyChallenges) {
			t.Fatalf("challenge %d: %v, want ErrTooManyChallenges", n+1, err)
		}
		all, err := db.Challenges(t.Context(), "g", "")
		if err != nil || len(all) != n {
			t.Fatalf("%d challenges listed (%v), want %d", len(all), err, n)
		}
	})
}
