package store

import (
	"errors"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/veletasbot/veletas/game/veletas"
)

// records is every record of a store (bucket -> key -> value) and its
// counters.
func records(t *testing.T, db *DB) (map[string]map[string]string, map[string]uint64) {
	t.Helper()
	out, seqs := map[string]map[string]string{}, map[string]uint64{}
	err := db.dump(t.Context(), func(bucket, key, value []byte) error {
		if out[string(bucket)] == nil {
			out[string(bucket)] = map[string]string{}
		}
		out[string(bucket)][string(key)] = string(value)
		return nil
	}, func(bucket []byte, n uint64) error {
		seqs[string(bucket)] = n
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	delete(out, string(bucketMeta))
	return out, seqs
}

// TestCopyBoltToEtcd copies testdata/v2.db (migrated to the current
// schema at open), with more games, challenges, settings and a
// quarantined game added, into a new etcd prefix: every record and
// counter is there, the lookups answer the same, new IDs follow the
// copied ones, a second copy into the same prefix is refused unless
// overwriting, and a copy back into a new bolt file holds the same
// records.
func TestCopyBoltToEtcd(t *testing.T) {
	path := filepath.Join(t.TempDir(), "v2.db")
	copyFile(t, "testdata/v2.db", path)
	now := time.Date(2026, 1, 2, 6, 0, 0, 0, time.UTC)
	opts := &Options{Games: testRegistry, NoSync: true, Now: func() time.Time { return now }, Rate: GlickoRate(nil), MaxChallengesPerUser: 100}
	src, err := Open(path, opts)
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	// More of everything: a game in a thread, a damaged game removed to
	// the quarantine, settings, a rated game finished.
	g := startGame(t, src, "g", "c9", veletas.Size7)
	if _, err := src.SetGameThread(t.Context(), "g", "c9", "t9"); err != nil {
		t.Fatal(err)
	}
	startGame(t, src, "g", "c10", veletas.Size7)
	if err := src.RemoveGame(t.Context(), "g", "c10"); err != nil {
		t.Fatal(err)
	}
	c, err := src.CreateChallenge(t.Context(), Challenge{Kind: Veletas, Guild: "g", Channel: "c11", Challenger: "alice", Opponent: "bob", Rated: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := src.AcceptChallenge(t.Context(), c.ID, "bob"); err != nil {
		t.Fatal(err)
	}
	if _, err := src.Resign(t.Context(), "g", "c11", "bob"); err != nil {
		t.Fatal(err)
	}
	if err := src.SetSettings(t.Context(), Settings{Guild: "g", Defaults: vdefaults("size", sizeString(veletas.Size9)), MoveTime: time.Hour}); err != nil {
		t.Fatal(err)
	}
	if _, err := src.CreateChallenge(t.Context(), Challenge{Kind: Veletas, Guild: "h", Channel: "c12", Challenger: "erin"}); err != nil {
		t.Fatal(err)
	}

	url := sharedCluster(t).URL(fmt.Sprintf("test/%d-copy", prefixes.Add(1)))
	dst, err := OpenURL(url, opts)
	if err != nil {
		t.Fatal(err)
	}
	defer dst.Close()
	st, err := Copy(t.Context(), dst, src, CopyIntoEmpty)
	if err != nil {
		t.Fatal(err)
	}
	want, wantSeq := records(t, src)
	got, gotSeq := records(t, dst)
	for _, b := range []string{"games", "challenges", "archive", "guild_index", "settings", "quarantine", "threads"} {
		if len(want[b]) == 0 {
			t.Errorf("the source has no %s: the test does not cover them", b)
		}
	}
	for b, keys := range want {
		if st.Keys[b] != len(keys) {
			t.Errorf("bucket %s: %d copied, the source has %d", b, st.Keys[b], len(keys))
		}
		if !maps.Equal(got[b], keys) {
			t.Errorf("bucket %s differs: %d keys, want %d", b, len(got[b]), len(keys))
		}
	}
	if len(got) != len(want) || !maps.Equal(gotSeq, wantSeq) {
		t.Errorf("buckets %v, counters %v; want %v, %v", slices.Sorted(maps.Keys(got)), gotSeq, slices.Sorted(maps.Keys(want)), wantSeq)
	}
	t.Logf("copied %d keys: %s; counters %v", st.Total(), st, st.Sequences)

	// The lookups answer the same.
	for _, guild := range []string{"g", "h"} {
		a, _ := src.FinishedGames(t.Context(), guild, "", 0)
		b, err := dst.FinishedGames(t.Context(), guild, "", 0)
		if err != nil || fmt.Sprint(ids(a)) != fmt.Sprint(ids(b)) || len(a) == 0 {
			t.Fatalf("finished games of %s: %v %v, want %v", guild, err, ids(b), ids(a))
		}
		sa, _ := src.Standings(t.Context(), Veletas, guild)
		sb, err := dst.Standings(t.Context(), Veletas, guild)
		if err != nil || fmt.Sprint(sa) != fmt.Sprint(sb) {
			t.Fatalf("standings of %s: %v %v, want %v", guild, err, sb, sa)
		}
		ca, _ := src.Challenges(t.Context(), guild, "")
		cb, err := dst.Challenges(t.Context(), guild, "")
		if err != nil || len(ca) != len(cb) {
			t.Fatalf("challenges of %s: %v %d, want %d", guild, err, len(cb), len(ca))
		}
	}
	if ag, err := dst.ActiveGame(t.Context(), "g", "t9"); err != nil || ag.ID != g.ID {
		t.Fatalf("the game through its thread: %v %d, want %d", err, ag.ID, g.ID)
	}
	if s, err := dst.Settings(t.Context(), "g"); err != nil || setSize(s) != veletas.Size9 || s.MoveTime != time.Hour {
		t.Fatalf("settings: %v %+v", err, s)
	}
	// New IDs follow the copied counters.
	nc, err := dst.CreateChallenge(t.Context(), Challenge{Kind: Veletas, Guild: "g", Channel: "c13", Challenger: "alice", Opponent: "bob"})
	if err != nil {
		t.Fatal(err)
	}
	ng, err := dst.AcceptChallenge(t.Context(), nc.ID, "bob")
	if err != nil {
		t.Fatal(err)
	}
	if nc.ID != wantSeq["challenges"]+1 || ng.ID != wantSeq["games"]+1 {
		t.Fatalf("new challenge %d and game %d; want %d and %d", nc.ID, ng.ID, wantSeq["challenges"]+1, wantSeq["games"]+1)
	}

	// Not twice into the same prefix, unless overwriting.
	if _, err := Copy(t.Context(), dst, src, CopyIntoEmpty); !errors.Is(err, ErrNotEmpty) {
		t.Fatalf("copy into a non-empty store: %v", err)
	}
	if _, err := Copy(t.Context(), dst, src, CopyResume); err != nil {
		t.Fatalf("overwriting: %v", err)
	}
	if ag, err := dst.ActiveGame(t.Context(), "g", "c13"); err != nil || ag.ID != ng.ID {
		t.Fatalf("the destination's own game after overwriting: %v %d", err, ag.ID)
	}

	// Another store is not merged in by CopyResume: refused, nothing
	// written; CopyOverOther replaces the game of the same ID.
	other, err := Open(filepath.Join(t.TempDir(), "other.db"), &Options{Games: testRegistry, NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	og := startGame(t, other, "g", "elsewhere", veletas.Size9)
	if _, err := other.Resign(t.Context(), "g", "elsewhere", "alice"); err != nil {
		t.Fatal(err)
	}
	before, _ := records(t, dst)
	if _, err := Copy(t.Context(), dst, other, CopyResume); !errors.Is(err, ErrOtherStore) || !strings.Contains(err.Error(), "not a merge") {
		t.Fatalf("resuming with another store: %v", err)
	} else {
		t.Log(err)
	}
	if after, _ := records(t, dst); !maps.EqualFunc(after, before, maps.Equal) {
		t.Fatal("the refused copy of another store wrote into the destination")
	}
	if f, err := dst.FinishedGame(t.Context(), og.ID); err != nil || f.Channel == "elsewhere" {
		t.Fatalf("game %d after the refused copy: %v %+v", og.ID, err, f)
	}
	if _, err := Copy(t.Context(), dst, other, CopyOverOther); err != nil {
		t.Fatal(err)
	}
	if f, err := dst.FinishedGame(t.Context(), og.ID); err != nil || f.Channel != "elsewhere" {
		t.Fatalf("game %d after copying over on purpose: %v %+v", og.ID, err, f)
	}

	// Back into a new bolt file: the same records.
	back, err := Open(filepath.Join(t.TempDir(), "back.db"), &Options{Games: testRegistry, NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer back.Close()
	if _, err := Copy(t.Context(), back, dst, CopyIntoEmpty); err != nil {
		t.Fatal(err)
	}
	again, againSeq := records(t, back)
	now2, nowSeq := records(t, dst)
	for b := range now2 {
		if !maps.Equal(again[b], now2[b]) {
			t.Errorf("bucket %s differs after the copy back", b)
		}
	}
	if !maps.Equal(againSeq, nowSeq) {
		t.Errorf("counters %v after the copy back, want %v", againSeq, nowSeq)
	}
}

func ids(list []Game) (out []uint64) {
	for _, g := range list {
		out = append(out, g.ID)
	}
	return out
}
