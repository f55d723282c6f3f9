package store

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/veletasbot/veletas/game"
	"github.com/veletasbot/veletas/game/veletas"
)

// slowCacheKey is cacheKey as first written: the key must not change.
func slowCacheKey(g *Game) string {
	var b strings.Builder
	b.WriteString(string(g.Kind))
	for _, n := range g.Terms.Names() {
		b.WriteString("\x00" + n + "=" + g.Terms[n])
	}
	b.WriteString("\x01" + compactRecord(g.Record) + "\x01" + g.Open)
	return b.String()
}

// TestCacheKeySameAndOneAllocation checks that cacheKey gives the key of
// its first, simpler form (terms sorted, the record made compact) and
// builds it with one allocation.
func TestCacheKeySameAndOneAllocation(t *testing.T) {
	games := []*Game{
		{Kind: "k"},
		{Kind: "k", Terms: game.Terms{"size": "10", "rules": "revised"}, Record: "size=10 rules=revised\n[d3,e9,g2]f6 keep\n", Open: ""},
		{Kind: "other", Terms: game.Terms{"variant": "vela", "swapped": "1", "a": "", "z": "x"}, Record: "\n variant=vela\nf2-e3A\tc3-d4W \n", Open: "f2-e3A"},
		{Kind: "k", Terms: game.Terms{"t1": "1", "t2": "2", "t3": "3", "t4": "4", "t5": "5", "t6": "6", "t7": "7", "t8": "8", "t9": "9", "t10": "10"}, Record: "a\nb"},
	}
	for _, g := range games {
		if got, want := cacheKey(g), slowCacheKey(g); got != want {
			t.Errorf("cacheKey(%+v) = %q, want %q", g, got, want)
		}
	}
	g := games[2]
	if n := testing.AllocsPerRun(100, func() { _ = cacheKey(g) }); n != 1 {
		t.Errorf("cacheKey: %v allocations, want 1", n)
	}
}

// TestCacheHitSameAsReplay plays a few actions, then reads the game from
// the state cache and, with the cache emptied, by replaying its record:
// both give the same record, open steps and position.
func TestCacheHitSameAsReplay(t *testing.T) {
	db := openTest(t, nil)
	g := startGame(t, db, "g", "c", veletas.Size10)
	r := rand.New(rand.NewPCG(1, 2))
	for range 6 {
		ng, err := db.Apply(t.Context(), "g", "c", g.ToAct(), g.Revision, randomAction(vgame(g).Position(), r))
		if err != nil {
			t.Fatal(err)
		}
		g = ng
	}
	hit, err := db.ActiveGame(t.Context(), "g", "c")
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := db.states.get(hit.ID, cacheKey(&hit)); !ok {
		t.Fatal("the game is not in the state cache")
	}
	db.states.drop(hit.ID)
	replayed, err := db.ActiveGame(t.Context(), "g", "c")
	if err != nil {
		t.Fatal(err)
	}
	if hit.Record != replayed.Record || hit.Open != replayed.Open || hit.Record != g.Record ||
		vgame(hit).Position().String() != vgame(replayed).Position().String() {
		t.Errorf("from the cache: %q %q; replayed: %q %q; after the last action: %q",
			hit.Record, hit.Open, replayed.Record, replayed.Open, g.Record)
	}
}
