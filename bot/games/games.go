package games

import (
	"github.com/veletasbot/veletas/bot"
)

// Options configure the games' modules; zero values give the defaults.
type Options struct {
	// AIIterations bounds the computer players' searches (the console's
	// -ai-iterations, for repeatable games); zero leaves the levels'
	// own bounds.
	AIIterations int
}

// All returns the modules of the games the bot hosts, the first being the
// game of a request that names none.
func All() []bot.Module { return With(Options{}) }

// With returns All configured by o.
func With(o Options) []bot.Module {
	return []bot.Module{
		bot.VeletasModule(o.AIIterations),
		bot.FanoronaModule(o.AIIterations > 0),
	}
}
