package ai

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// ladderPairing is one rung of the ladder: stronger against weaker, and
// the share of the games the stronger must win.
type ladderPairing struct {
	strong, weak string
	bar          float64 // percent
}

// ladder is the ladder the levels must climb, with the bars of the full
// measurement.
var ladder = []ladderPairing{
	{"easy", "random", 95},
	{"medium", "easy", 75},
	{"hard", "medium", 75},
}

// TestLadder plays each rung of the ladder, colours alternated, and
// checks the stronger player wins its share. By default it plays 12 games
// a rung against lower bars (easy 11 of 12 against random, medium and
// hard 9 of 12; a level no better than the one below would pass one in
// fourteen times); AMAZONS_LADDER=N plays N games a rung against the
// full bars (95%, 75%, 75%), a line a game on stderr, and
// AMAZONS_LADDER_OUT=FILE writes the table to FILE, and
// AMAZONS_LADDER_PARALLEL=N plays each rung on N goroutines. The games
// are seeded and bounded by work, so a run repeats exactly, in parallel
// or not.
//
// Under the race detector the default ladder is skipped: its games run on
// one goroutine each and take ten times as long there, and .ci/run plays
// it without the detector (TestMatchRepeats covers the parallel match
// under it).
func TestLadder(t *testing.T) {
	if raceEnabled && os.Getenv("AMAZONS_LADDER") == "" {
		t.Skip("the ladder runs without the race detector (.ci/run runs it so)")
	}
	games := 12
	shortBars := map[string]float64{"easy": 11.0 / 12 * 100, "medium": 9.0 / 12 * 100, "hard": 9.0 / 12 * 100}
	if s := os.Getenv("AMAZONS_LADDER"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 2 {
			t.Fatalf("AMAZONS_LADDER=%q: give a number of games of 2 or more", s)
		}
		games = n
	}
	full := os.Getenv("AMAZONS_LADDER") != ""
	parallel := 1
	if s := os.Getenv("AMAZONS_LADDER_PARALLEL"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			t.Fatalf("AMAZONS_LADDER_PARALLEL=%q: give a number of goroutines of 1 or more", s)
		}
		parallel = n
	}
	var progress io.Writer
	if full {
		progress = os.Stderr // a line a game, to follow a long run
	}
	results := make([]MatchResult, len(ladder))
	errs := make([]error, len(ladder))
	var wg sync.WaitGroup
	for i, r := range ladder {
		wg.Go(func() {
			results[i], errs[i] = Match(context.Background(), r.strong, r.weak, games, uint64(i)+1, parallel, progress)
		})
	}
	wg.Wait()
	var table strings.Builder
	fmt.Fprintf(&table, "| pairing | wins/games | %% | Elo | White won |\n| --- | --- | --- | --- | --- |\n")
	for i := range ladder {
		if errs[i] != nil {
			t.Fatal(errs[i])
		}
		m := results[i]
		d, margin := Elo(m.WinsA, m.Games)
		fmt.Fprintf(&table, "| %s-%s | %d/%d | %.1f%% | %+.0f ± %.0f | %d/%d |\n", m.A, m.B, m.WinsA, m.Games, m.Percent(), d, margin, m.WhiteWins, m.Games)
	}
	t.Logf("ladder, %d games a pairing:\n%s", games, table.String())
	if out := os.Getenv("AMAZONS_LADDER_OUT"); out != "" {
		if err := os.WriteFile(out, []byte(table.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for i, r := range ladder {
		bar := r.bar
		if !full {
			bar = shortBars[r.strong]
		}
		if results[i].Percent() < bar {
			t.Errorf("%s won %d of %d games against %s (%.1f%%): under the bar of %.0f%%", r.strong, results[i].WinsA, results[i].Games, r.weak, results[i].Percent(), bar)
		}
	}
}

// TestMatchRepeats checks that a match gives the same result played on
// one goroutine or several, and that an unknown player is refused.
func TestMatchRepeats(t *testing.T) {
	ctx := context.Background()
	one, err := Match(ctx, "easy", "random", 8, 7, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	var lines strings.Builder
	four, err := Match(ctx, "easy", "random", 8, 7, 4, &lines)
	if err != nil {
		t.Fatal(err)
	}
	if one != four || one.Games != 8 {
		t.Errorf("one goroutine: %+v; four: %+v; want the same 8 games", one, four)
	}
	if n := strings.Count(lines.String(), "\n"); n != 8 {
		t.Errorf("progress has %d lines, want one a game:\n%s", n, lines.String())
	}
	if _, err := Match(ctx, "easy", "expert", 2, 1, 1, nil); !errors.Is(err, ErrUnknownLevel) {
		t.Errorf("a match against expert: error %v, want ErrUnknownLevel", err)
	}
}
