package store

import (
	"testing"
	"time"

	"github.com/veletasbot/veletas/game"
)

// populate fills a store the way a long-lived bot's looks, for the scale
// benchmarks (scale_test.go): Generate's store (generate.go) at
// populateNow.
const (
	populateGuildGames   = GeneratedGuildGames
	populateGuildArchive = GeneratedGuildArchive
	populateGuildPlayers = GeneratedGuildPlayers
	populateDue          = GeneratedDue
	populateAIToAct      = GeneratedAIToAct
	populateAI           = GeneratedAI
)

// populateNow is the now of a populated store: Options.Now of the stores
// that read one.
var populateNow = time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)

// snowflake is a Discord-like ID: 19 digits.
func snowflake(kind, n int) string { return generatedID(kind, n) }

// populate writes guilds guilds of games into db (Generate), whose
// Options.Games must be reg.
func populate(t testing.TB, db *DB, reg *game.Registry, guilds int, seed uint64) {
	t.Helper()
	if db.opts.Games != reg {
		t.Fatal("populate: the store's games are not reg")
	}
	if err := db.Generate(t.Context(), GenerateOptions{Guilds: guilds, Seed: seed, Now: populateNow}); err != nil {
		t.Fatal(err)
	}
}
