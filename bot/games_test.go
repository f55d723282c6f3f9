package bot_test

import (
	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/bot/games"
)

// The tests of package bot host the games of bot/games, which imports
// bot: an external test file sets them before any test runs, and
// registers them (a Bot made), so that the texts are the games' in every
// test, whichever runs first.
func init() {
	bot.TestGames = games.All
	bot.New(nil, nil, nil, bot.Config{Games: games.All()})
}
