package store

import (
	"bytes"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/veletasbot/veletas/game/veletas"
	bolt "go.etcd.io/bbolt"
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
		backToSchema7(t, db, index, "damaged")
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

// schema7File writes a bbolt store at schema 7 to path: games started,
// ended (in several guilds, channels and threads, rated) and challenges
// open, its guild index put back into the buckets of each index, with an
// entry without a guild in two of them, and its version set back to 7.
// It returns the number of entries to move (those with a guild).
func schema7File(t *testing.T, path string) int {
	t.Helper()
	clk := newClock()
	db, err := Open(path, &Options{Games: testRegistry, Now: clk.Now, NoSync: true, MaxChallengesPerUser: 100})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ctx := t.Context()
	players := []string{"alice", "bob", "carol", "dave"}
	for i := range 30 {
		guild := fmt.Sprint("g", i%3)
		ch := fmt.Sprint("c", i)
		a, b := players[i%4], players[(i+1+i/4)%4]
		if a == b {
			b = players[(i+2)%4]
		}
		c, err := db.CreateChallenge(ctx, Challenge{Kind: Veletas, Guild: guild, Channel: ch, Challenger: a, Opponent: b, Terms: vterms(veletas.Size7), MoveTime: time.Duration(i%3) * time.Hour, Rated: true})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.AcceptChallenge(ctx, c.ID, b); err != nil {
			t.Fatal(err)
		}
		if i%4 == 1 {
			if _, err := db.SetGameThread(ctx, guild, ch, fmt.Sprint("t", i)); err != nil {
				t.Fatal(err)
			}
		}
		if i%3 != 0 {
			clk.Add(time.Minute)
			if _, err := db.Resign(ctx, guild, ch, []string{a, b}[i%2]); err != nil {
				t.Fatal(err)
			}
		}
	}
	for i := range 4 {
		if _, err := db.CreateChallenge(ctx, Challenge{Kind: Veletas, Guild: fmt.Sprint("g", i%2), Channel: fmt.Sprint("open", i), Challenger: "carol", Opponent: "dave", Terms: vterms(veletas.Size7)}); err != nil {
			t.Fatal(err)
		}
	}
	index := readAll(t, db, bucketGuildIndex)
	backToSchema7(t, db, index, "g1damaged")
	return len(index)
}

// backToSchema7 makes db a store of schema 7 again: every entry of index
// (the guild index's, by key) back in its own legacy bucket and gone from
// the guild index, plus two entries without a guild (a standing
// "damaged\x00" and the players' key damagedPlayer), at version 7.
func backToSchema7(t *testing.T, db *DB, index map[string]string, damagedPlayer string) {
	t.Helper()
	err := db.update(t.Context(), func(tx txn) error {
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
		if err := tx.Bucket(bucketPlayers).Put([]byte(damagedPlayer), nil); err != nil {
			return err
		}
		return tx.Bucket(bucketMeta).Put(keyVersion, []byte("7"))
	})
	if err != nil {
		t.Fatal(err)
	}
}

// dumpFile returns every key and value of every bucket of a bbolt file.
func dumpFile(t *testing.T, path string) map[string]map[string]string {
	t.Helper()
	b, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: time.Second, ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	out := map[string]map[string]string{}
	err = b.View(func(tx *bolt.Tx) error {
		return tx.ForEach(func(name []byte, bk *bolt.Bucket) error {
			m := map[string]string{}
			out[string(name)] = m
			return bk.ForEach(func(k, v []byte) error {
				if v == nil && bk.Bucket(k) != nil {
					return fmt.Errorf("%s holds a bucket %q", name, k)
				}
				m[string(k)] = string(v)
				return nil
			})
		})
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// diffDumps says how two dumps of files differ ("" when they do not).
func diffDumps(got, want map[string]map[string]string) string {
	var out []string
	for _, name := range slices.Sorted(maps.Keys(want)) {
		if _, ok := got[name]; !ok {
			out = append(out, "no bucket "+name)
		}
	}
	for _, name := range slices.Sorted(maps.Keys(got)) {
		w, ok := want[name]
		if !ok {
			out = append(out, fmt.Sprintf("bucket %s of %d keys too many", name, len(got[name])))
			continue
		}
		for _, k := range slices.Sorted(maps.Keys(got[name])) {
			if wv, ok := w[k]; !ok || wv != got[name][k] {
				out = append(out, fmt.Sprintf("%s %q: %q, want %q (present %v)", name, k, got[name][k], wv, ok))
			}
		}
		for _, k := range slices.Sorted(maps.Keys(w)) {
			if _, ok := got[name][k]; !ok {
				out = append(out, fmt.Sprintf("%s %q missing", name, k))
			}
		}
	}
	if len(out) > 10 {
		out = append(out[:10], fmt.Sprintf("and %d more", len(out)-10))
	}
	return strings.Join(out, "\n")
}

// metaOf reads the schema version of a bbolt file, and the marker of the
// move into the guild index (nil when absent).
func metaOf(t *testing.T, path string) (version int, marker *guildIndexMove, legacy int) {
	t.Helper()
	b, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: time.Second, ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	err = b.View(func(tx *bolt.Tx) error {
		meta := tx.Bucket(bucketMeta)
		if version, err = strconv.Atoi(string(meta.Get(keyVersion))); err != nil {
			return err
		}
		if raw := meta.Get(keyGuildIndexMoving); raw != nil {
			marker = new(guildIndexMove)
			if err := decodeValue(raw, marker); err != nil {
				return err
			}
		}
		for _, l := range legacyGuildIndexes {
			if tx.Bucket(l.bucket) != nil {
				legacy++
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return version, marker, legacy
}

// errStopMove stops a move into the guild index after a batch, as a
// crash there would.
var errStopMove = errors.New("stopped after a batch (test)")

// TestMigrateGuildIndexInBatches: the move of a bbolt file into the
// guild index (a file at schema 7, and the schema 5 fixture, which goes
// through the migrations before 7 in Open's transaction first) runs in
// transactions of migrateBatch entries, in the order of their keys there,
// each logged; stopped after the first batch, after k, or after every
// one and opened again each time, it ends in exactly the store (every
// key and value of every bucket) of an uninterrupted move, and of one in
// a single batch; meanwhile the file is at version 8 with the marker of
// the move and the legacy buckets, which a veletasbot that knows only
// schema 7 refuses.
func TestMigrateGuildIndexInBatches(t *testing.T) {
	dir := t.TempDir()
	v7 := filepath.Join(dir, "schema7.db")
	entries := schema7File(t, v7)
	v5 := filepath.Join(dir, "schema5.db")
	copyFile(t, "testdata/schema5.db", v5)
	for _, src := range []struct {
		name  string
		path  string
		batch int
	}{{"schema7", v7, 7}, {"schema5", v5, 2}} {
		t.Run(src.name, func(t *testing.T) {
			// open opens a copy of the source (or what a run before left
			// of it), stopping after stopAfter batches (never when 0),
			// and returns the progress of each batch and the error of
			// Open.
			open := func(path string, batch, stopAfter int) ([]guildIndexMove, string, error) {
				var log bytes.Buffer
				var seen []guildIndexMove
				db, err := Open(path, &Options{Games: testRegistry, NoSync: true, Now: func() time.Time { return fixtureNow },
					Logger:       slog.New(slog.NewTextHandler(&log, nil)),
					migrateBatch: batch,
					migrateHook: func(mv guildIndexMove) error {
						seen = append(seen, mv)
						if len(seen) == stopAfter {
							return errStopMove
						}
						return nil
					}})
				if err == nil {
					db.Close()
				}
				return seen, log.String(), err
			}
			fresh := func(name string) string {
				p := filepath.Join(t.TempDir(), name)
				copyFile(t, src.path, p)
				return p
			}

			// Uninterrupted, in batches.
			ref := fresh("ref.db")
			seen, log, err := open(ref, src.batch, 0)
			if err != nil {
				t.Fatal(err)
			}
			total := seen[0].Total
			if src.name == "schema7" && total != int64(entries) {
				t.Fatalf("%d entries to move, want %d", total, entries)
			}
			batches := int((total + int64(src.batch) - 1) / int64(src.batch))
			if len(seen) != batches || batches < 4 {
				t.Fatalf("%d batches of %d for %d entries, want %d (at least 4)", len(seen), src.batch, total, batches)
			}
			for i, mv := range seen {
				if want := min(int64(i+1)*int64(src.batch), total); mv.Moved != want || mv.Total != total {
					t.Fatalf("batch %d: moved %d of %d, want %d of %d", i, mv.Moved, mv.Total, want, total)
				}
				if i > 0 && i < len(seen)-1 && bytes.Compare(mv.After, seen[i-1].After) <= 0 {
					t.Fatalf("batch %d ends at %q, not after %q", i, mv.After, seen[i-1].After)
				}
			}
			if n := strings.Count(log, "moved entries into the guild index"); n != batches ||
				!strings.Contains(log, fmt.Sprintf("moved=%d of=%d done=true", total, total)) {
				t.Fatalf("progress logged %d times, want %d:\n%s", n, batches, log)
			}
			if v, marker, legacy := metaOf(t, ref); v != 8 || marker != nil || legacy != 0 {
				t.Fatalf("after the move: version %d, marker %+v, %d legacy buckets", v, marker, legacy)
			}
			want := dumpFile(t, ref)
			// The entries the migrations before 7 indexed (the schema 5
			// fixture) go into the guild index at once, before the move.
			before := int64(len(want[string(bucketGuildIndex)])) - total
			if src.name == "schema7" && before != 0 || before < 0 {
				t.Fatalf("%d entries in the guild index before the move", before)
			}

			// In one batch.
			one := fresh("one.db")
			if seen, _, err := open(one, 0, 0); err != nil || len(seen) != 1 {
				t.Fatalf("default batch: %d batches, %v", len(seen), err)
			}
			// The lineage of a file without one (the fixture) is new at
			// each run; the others must be equal.
			sameLineage := func(got map[string]map[string]string) {
				t.Helper()
				if src.name == "schema5" {
					if got["meta"][string(keyLineage)] == "" {
						t.Fatal("no lineage")
					}
					got["meta"][string(keyLineage)] = want["meta"][string(keyLineage)]
				}
			}
			got := dumpFile(t, one)
			sameLineage(got)
			if d := diffDumps(got, want); d != "" {
				t.Fatalf("in one batch, not as in batches:\n%s", d)
			}

			for _, c := range []struct{ first, then int }{{1, 0}, {3, 0}, {1, 1}} {
				path := fresh(fmt.Sprint("stop", c.first, c.then, ".db"))
				runs := 0
				for stop := c.first; ; stop = c.then {
					runs++
					seen, _, err := open(path, src.batch, stop)
					if err == nil {
						break
					}
					if !errors.Is(err, errStopMove) || len(seen) != stop {
						t.Fatalf("run %d: %d batches, %v", runs, len(seen), err)
					}
					v, marker, legacy := metaOf(t, path)
					if last := seen[len(seen)-1]; last.Moved == last.Total {
						// Stopped after the last batch: the move is over.
						if v != 8 || marker != nil || legacy != 0 {
							t.Fatalf("stopped after the last batch: version %d, marker %+v, %d legacy buckets", v, marker, legacy)
						}
						continue
					}
					if v != 8 || marker == nil || legacy == 0 || marker.Moved != seen[len(seen)-1].Moved {
						t.Fatalf("stopped after %d batches: version %d, marker %+v, %d legacy buckets", len(seen), v, marker, legacy)
					}
					if n := len(dumpFile(t, path)[string(bucketGuildIndex)]); int64(n) != before+marker.Moved {
						t.Fatalf("stopped: %d entries in the guild index, %d before the move and the marker says %d moved", n, before, marker.Moved)
					}
					// A veletasbot that knows only schema 7.
					if err := checkVersion(v, 7); !errors.Is(err, ErrSchemaTooNew) {
						t.Fatalf("a schema 7 reader of the half-moved file: %v", err)
					}
					if runs > batches+1 {
						t.Fatalf("%d runs", runs)
					}
				}
				if c.then == 1 && runs != batches+1 { // the last finds the move over
					t.Fatalf("a batch a run: %d runs for %d batches", runs, batches)
				}
				got := dumpFile(t, path)
				sameLineage(got)
				if d := diffDumps(got, want); d != "" {
					t.Fatalf("stopped after %d batches (then %d) and opened again: not as uninterrupted:\n%s", c.first, c.then, d)
				}
			}
		})
	}
}

// TestMigrateGuildIndexBadMarker: a file stopped half way through the
// move into the guild index whose marker is damaged is refused by Open
// with ErrCorrupt, an error that names the marker and says what to do,
// and left as it was.
func TestMigrateGuildIndexBadMarker(t *testing.T) {
	path := filepath.Join(t.TempDir(), "v.db")
	schema7File(t, path)
	_, err := Open(path, &Options{Games: testRegistry, NoSync: true, migrateBatch: 5,
		migrateHook: func(guildIndexMove) error { return errStopMove }})
	if !errors.Is(err, errStopMove) {
		t.Fatal(err)
	}
	for _, bad := range [][]byte{[]byte("garbage"), mustEncode(t, guildIndexMove{Moved: 9, Total: 5})} {
		b, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: time.Second})
		if err != nil {
			t.Fatal(err)
		}
		if err := b.Update(func(tx *bolt.Tx) error { return tx.Bucket(bucketMeta).Put(keyGuildIndexMoving, bad) }); err != nil {
			t.Fatal(err)
		}
		b.Close()
		before := dumpFile(t, path)
		_, err = Open(path, &Options{Games: testRegistry, NoSync: true})
		if !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), string(keyGuildIndexMoving)) || !strings.Contains(err.Error(), "restore a snapshot") {
			t.Fatalf("a damaged marker %q: %v", bad, err)
		}
		t.Logf("refused: %v", err)
		if d := diffDumps(dumpFile(t, path), before); d != "" {
			t.Fatalf("the refused file changed:\n%s", d)
		}
	}
}

func mustEncode(t *testing.T, v any) []byte {
	t.Helper()
	b, err := encode(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
