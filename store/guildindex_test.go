package store

import (
	"bytes"
	"errors"
	"fmt"
	"maps"
	"slices"
	"testing"
	"time"

	"github.com/veletasbot/veletas/game/veletas"
)

// legacyKey splits a key of the guild index into its index's tag and the
// key the entry had in the index's own bucket before schema 8.
func legacyKey(k []byte) (guildIndex, []byte, bool) {
	g, rest, ok := bytes.Cut(k, []byte{0})
	if !ok || len(rest) < 2 || rest[1] != 0 {
		return 0, nil, false
	}
	tag := guildIndex(rest[0])
	if tag == standingsByKind {
		kind, user, _ := bytes.Cut(rest[2:], []byte{0})
		return tag, pairKey(string(kind), string(g)+"\x00"+string(user)), true
	}
	return tag, pairKey(string(g), string(rest[2:])), true
}

// guildIndexKeys returns the keys of the entries of one index in the
// guild index, as they were in its own bucket (guild \x00 rest), in order.
func guildIndexKeys(t testing.TB, tx txn, tag guildIndex) [][]byte {
	t.Helper()
	var out [][]byte
	c := tx.Cursor(bucketGuildIndex)
	for k, _ := c.First(); k != nil; k, _ = c.Next() {
		if tg, lk, ok := legacyKey(k); ok && tg == tag {
			out = append(out, lk)
		} else if !ok {
			t.Errorf("a key of the guild index without a tag: %q", k)
		}
	}
	if err := c.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// readAll returns every key and value of a bucket.
func readAll(t testing.TB, db *DB, name []byte) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := db.view(t.Context(), func(tx txn) error {
		clear(out)
		c := tx.Cursor(name)
		for k, v := c.First(); k != nil; k, v = c.Next() {
			out[string(k)] = string(v)
		}
		return c.Err()
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestGuildIndexKeys: the keys of the guild index sort a guild's entries
// together, by index, then as the index's own bucket sorted them; a scope
// is a prefix of its keys only; movedKey maps a legacy key there.
func TestGuildIndexKeys(t *testing.T) {
	keys := [][]byte{
		archiveByGuild.key("g1", "b"),
		challengesByChan.key("g1", "c1\x00z"),
		archiveByChannel.key("g2", "a"),
		challengesByChan.key("g1", "c1\x00a"),
		challengesByUser.key("g1", ""),
		archiveByChannel.key("g1", "zz"),
	}
	slices.SortFunc(keys, bytes.Compare)
	want := []string{"g1\x00C\x00zz", "g1\x00G\x00b", "g1\x00c\x00c1\x00a", "g1\x00c\x00c1\x00z", "g1\x00d\x00", "g2\x00C\x00a"}
	for i, k := range keys {
		if string(k) != want[i] {
			t.Fatalf("key %d: %q, want %q", i, k, want[i])
		}
	}
	if !bytes.HasPrefix(challengesByChan.key("g1", "c"), challengesByChan.scope("g1")) || bytes.HasPrefix(challengesByUser.key("g1", "c"), challengesByChan.scope("g1")) ||
		bytes.HasPrefix(challengesByChan.key("g10", "c"), append(challengesByChan.scope("g1"), 0)) {
		t.Fatal("scopes")
	}
	if k, ok := archiveByPlayer.movedKey(idSuffix(pairKey("g", "alice"), 7)); !ok || !bytes.Equal(k, idSuffix(archiveByPlayer.key("g", "alice"), 7)) {
		t.Fatalf("moved %q %v", k, ok)
	}
	if k, ok := standingsByKind.movedKey([]byte("veletas\x00g\x00alice")); !ok || string(k) != "g\x00S\x00veletas\x00alice" {
		t.Fatalf("moved standing %q %v", k, ok)
	}
	for _, tag := range []guildIndex{archiveByPlayer, standingsByKind} {
		if _, ok := tag.movedKey([]byte("noguild")); ok {
			t.Fatal("a key without a guild moved")
		}
	}
}

// TestMigrateGuildIndex: a store at schema 7 (its guild index put back
// into the buckets of each index, with an entry without a guild, and its
// version set back) is brought to schema 8 when it is opened, on both
// stores: the guild index holds the same entries as before, the old
// buckets none, and the lookups through the indexes answer as before;
// opening it again changes nothing.
func TestMigrateGuildIndex(t *testing.T) {
	bothStores(t, func(t *testing.T) {
		clk := newClock()
		url := storeURL(t)
		opts := &Options{Games: testRegistry, Now: clk.Now, NoSync: true, MaxChallengesPerUser: 100}
		db, err := OpenURL(url, opts)
		if err != nil {
			t.Fatal(err)
		}
		ctx := t.Context()
		for i := range 12 {
			guild := fmt.Sprint("g", i%2)
			ch := fmt.Sprint("c", i)
			c, err := db.CreateChallenge(ctx, Challenge{Kind: Veletas, Guild: guild, Channel: ch, Challenger: "alice", Opponent: "bob", Terms: vterms(veletas.Size7), MoveTime: time.Duration(i%3) * time.Hour, Rated: true})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := db.AcceptChallenge(ctx, c.ID, "bob"); err != nil {
				t.Fatal(err)
			}
			if i%4 == 1 {
				if _, err := db.SetGameThread(ctx, guild, ch, fmt.Sprint("t", i)); err != nil {
					t.Fatal(err)
				}
			}
			if i%2 == 1 {
				clk.Add(time.Minute)
				if _, err := db.Resign(ctx, guild, ch, []string{"alice", "bob"}[i%3%2]); err != nil {
					t.Fatal(err)
				}
			}
		}
		for i := range 3 {
			if _, err := db.CreateChallenge(ctx, Challenge{Kind: Veletas, Guild: "g1", Channel: fmt.Sprint("open", i), Challenger: "carol", Opponent: "dave", Terms: vterms(veletas.Size7)}); err != nil {
				t.Fatal(err)
			}
		}
		// What the lookups through the guild index answer.
		type answers struct {
			finished, byUser, mine []uint64
			last                   uint64
			challenges             []uint64
			pending                uint64
			standings              []Standing
		}
		ask := func(db *DB) answers {
			t.Helper()
			var a answers
			ids := func(gs []Game, err error) []uint64 {
				if err != nil {
					t.Fatal(err)
				}
				var out []uint64
				for _, g := range gs {
					out = append(out, g.ID)
				}
				return out
			}
			a.finished = ids(db.FinishedGames(ctx, "g1", "", 0))
			a.byUser = ids(db.FinishedGames(ctx, "g1", "alice", 0))
			a.mine = ids(db.PlayerGames(ctx, "g0", "bob"))
			// 0 when not found (ErrNoGame, ErrChallengeNotFound)
			last, err := db.LastFinishedGame(ctx, "g1", "t5")
			if err != nil && !errors.Is(err, ErrNoGame) {
				t.Fatal(err)
			}
			a.last = last.ID
			cs, err := db.Challenges(ctx, "g1", "")
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range cs {
				a.challenges = append(a.challenges, c.ID)
			}
			p, err := db.PendingChallenge(ctx, "g1", "open1", "dave")
			if err != nil && !errors.Is(err, ErrChallengeNotFound) {
				t.Fatal(err)
			}
			a.pending = p.ID
			if a.standings, err = db.Standings(ctx, Veletas, "g1"); err != nil {
				t.Fatal(err)
			}
			return a
		}
		want := ask(db)
		if len(want.finished) != 6 || len(want.byUser) != 6 || len(want.mine) != 6 || len(want.challenges) != 3 || want.last == 0 || want.pending == 0 || len(want.standings) != 2 {
			t.Fatalf("before: %+v", want)
		}
		index := readAll(t, db, bucketGuildIndex)
		tags := map[guildIndex]int{}
		for k := range index {
			tag, _, _ := legacyKey([]byte(k))
			tags[tag]++
		}
		if w := map[guildIndex]int{archiveByChannel: 6 + 3, archiveByGuild: 6, archiveByPlayer: 12, standingsByKind: 2, challengesByChan: 3, challengesByUser: 3, activeByPlayer: 12, activeIndexEntries: 6}; !maps.Equal(tags, w) {
			t.Fatalf("entries by index %v, want %v", tags, w)
		}
		// Back to schema 7: every entry in its index's own bucket.
		err = db.update(ctx, func(tx txn) error {
			buckets := map[guildIndex][]byte{}
			for _, l := range legacyGuildIndexes {
				buckets[l.tag] = l.bucket
			}
			for k, v := range index {
				tag, lk, _ := legacyKey([]byte(k))
				if err := tx.Bucket(buckets[tag]).Put(lk, []byte(v)); err != nil {
					return err
				}
				if err := tx.Bucket(bucketGuildIndex).Delete([]byte(k)); err != nil {
					return err
				}
			}
			if err := tx.Bucket(bucketStandingsByKind).Put([]byte("damaged\x00"), []byte("{}")); err != nil {
				return err
			}
			if err := tx.Bucket(bucketPlayers).Put([]byte("damaged"), nil); err != nil {
				return err
			}
			return tx.Bucket(bucketMeta).Put(keyVersion, []byte("7"))
		})
		if err != nil {
			t.Fatal(err)
		}
		if n := len(readAll(t, db, bucketGuildIndex)); n != 0 {
			t.Fatalf("%d entries left in the guild index", n)
		}
		if got := ask(db); len(got.finished)+len(got.mine)+len(got.challenges)+len(got.standings) != 0 || got.last != 0 || got.pending != 0 {
			t.Fatalf("lookups without the guild index: %+v", got)
		}
		db.Close()
		for range 2 {
			if db, err = OpenURL(url, opts); err != nil {
				t.Fatal(err)
			}
			if got := readAll(t, db, bucketGuildIndex); !maps.Equal(got, index) {
				t.Fatalf("migrated: %d entries, want %d", len(got), len(index))
			}
			for _, l := range legacyGuildIndexes {
				if n := len(readAll(t, db, l.bucket)); n != 0 {
					t.Fatalf("%s holds %d keys after the migration", l.bucket, n)
				}
			}
			if got := ask(db); fmt.Sprint(got) != fmt.Sprint(want) {
				t.Fatalf("lookups after the migration: %+v, want %+v", got, want)
			}
			if v := readAll(t, db, bucketMeta)[string(keyVersion)]; v != "8" {
				t.Fatalf("version %q", v)
			}
			db.Close()
		}
	})
}
