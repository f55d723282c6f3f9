package bot_test

import (
	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/bot/games"
)

// The tests of package bot host the games of bot/games, which imports
// bot: an external test file sets them before any test runs.
func init() { bot.TestGames = games.All }
