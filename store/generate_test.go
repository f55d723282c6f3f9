package store

import (
	"errors"
	"reflect"
	"testing"
)

// TestGenerate generates two guilds and reads them back as the bot does:
// the counts of each kind of game, the games due, the computer's games,
// the challenges, the standings and the archive; the same seed gives the
// same games; a store that holds records is refused, unchanged.
func TestGenerate(t *testing.T) {
	bothStores(t, func(t *testing.T) {
		ctx := t.Context()
		guilds := 2
		if t.Name() == "TestGenerate/etcd" {
			guilds = 1 // a transaction a game
		}
		db := openTest(t, &Options{Now: clockAt})
		if err := db.Generate(ctx, GenerateOptions{Guilds: -1}); !errors.Is(err, ErrInvalid) {
			t.Fatalf("-1 guilds: %v, want ErrInvalid", err)
		}
		var progress []int
		if err := db.Generate(ctx, GenerateOptions{Guilds: guilds, Seed: 3, Progress: func(n int) { progress = append(progress, n) }}); err != nil {
			t.Fatal(err)
		}
		if len(progress) == 0 || progress[len(progress)-1] != guilds {
			t.Errorf("progress %v, want it to end at %d", progress, guilds)
		}
		counts, err := db.ActiveCounts(ctx)
		if err != nil {
			t.Fatal(err)
		}
		total := 0
		for k, n := range counts {
			if n == 0 {
				t.Errorf("no %s game", k)
			}
			total += n
		}
		if total != guilds*GeneratedGuildGames || len(counts) != len(testRegistry.Kinds()) {
			t.Errorf("active games %v, want %d of %d kinds", counts, guilds*GeneratedGuildGames, len(testRegistry.Kinds()))
		}
		due, err := db.DueGames(ctx, populateNow, 0)
		if err != nil || len(due) != GeneratedDue {
			t.Errorf("due games: %d, %v; want %d", len(due), err, GeneratedDue)
		}
		ai, err := db.AIGamesToAct(ctx, GeneratedAI)
		if err != nil || len(ai) != GeneratedAIToAct {
			t.Errorf("computer's games to act: %d, %v; want %d", len(ai), err, GeneratedAIToAct)
		}
		last := GeneratedGuild(guilds - 1)
		cs, err := db.Challenges(ctx, last, GeneratedChannel(guilds-1, 500))
		if err != nil || len(cs) != 1 {
			t.Errorf("challenges in the first challenge channel: %v, %v; want 1", cs, err)
		}
		st, err := db.Standings(ctx, testRegistry.Kinds()[0], last)
		if err != nil || len(st) < GeneratedGuildPlayers/2 {
			t.Errorf("standings: %d players, %v", len(st), err)
		}
		g, err := db.ActiveGame(ctx, last, GeneratedChannel(guilds-1, 1))
		if err != nil {
			t.Fatal(err)
		}
		fin, err := db.FinishedGames(ctx, last, g.Players[0], 0)
		if err != nil || len(fin) == 0 {
			t.Errorf("finished games of %s: %d, %v", g.Players[0], len(fin), err)
		}
		mine, err := db.PlayerGames(ctx, last, g.Players[0])
		if err != nil || len(mine) == 0 {
			t.Errorf("active games of %s: %d, %v", g.Players[0], len(mine), err)
		}

		err = db.Generate(ctx, GenerateOptions{Guilds: 1, Seed: 4})
		if !errors.Is(err, ErrGenerateUsed) {
			t.Fatalf("generating again: %v, want ErrGenerateUsed", err)
		}
		again, err := db.ActiveGame(ctx, last, GeneratedChannel(guilds-1, 1))
		if err != nil || again.ID != g.ID || again.Record != g.Record {
			t.Errorf("after the refusal the game is %d %q (%v), was %d %q", again.ID, again.Record, err, g.ID, g.Record)
		}
		if n, _ := db.ActiveCounts(ctx); !reflect.DeepEqual(n, counts) {
			t.Errorf("after the refusal: %v, was %v", n, counts)
		}

		if guilds == 1 {
			return // etcd: the same records as bolt's (the seed is tested there)
		}
		// The same seed, the same games.
		other := openTest(t, &Options{Now: clockAt})
		if err := other.Generate(ctx, GenerateOptions{Guilds: 1, Seed: 3}); err != nil {
			t.Fatal(err)
		}
		for _, i := range []int{0, 1, 9, 42} {
			ch := GeneratedChannel(0, i)
			a, err1 := db.ActiveGame(ctx, GeneratedGuild(0), ch)
			b, err2 := other.ActiveGame(ctx, GeneratedGuild(0), ch)
			if err1 != nil || err2 != nil || a.Record != b.Record || a.Players != b.Players || a.Kind != b.Kind {
				t.Errorf("channel %s: %s %q %v (%v) and %s %q %v (%v)", ch, a.Kind, a.Record, a.Players, err1, b.Kind, b.Record, b.Players, err2)
			}
		}
	})
}
