package store

import (
	"strings"
	"testing"

	"github.com/veletasbot/veletas/game"
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
