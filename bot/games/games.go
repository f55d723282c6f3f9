package games

import (
	"github.com/veletasbot/veletas/bot"
	amazonsmod "github.com/veletasbot/veletas/bot/games/amazons"
	fanoronamod "github.com/veletasbot/veletas/bot/games/fanorona"
	veletasmod "github.com/veletasbot/veletas/bot/games/veletas"
	"github.com/veletasbot/veletas/game"
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
		veletasmod.New(o.AIIterations),
		fanoronamod.New(o.AIIterations > 0),
		amazonsmod.New(o.AIIterations > 0),
	}
}

// stored are the games the store keeps and replays that no module plays
// yet.
var stored = []game.Rules{}

// Registry is the store's registry of the games: the modules' rules, in
// the order of All, then the games only stored.
func Registry() *game.Registry {
	var rules []game.Rules
	for _, m := range All() {
		rules = append(rules, m.Rules())
	}
	r, err := game.NewRegistry(append(rules, stored...)...)
	if err != nil {
		panic(err) // games of distinct kinds, fixed at compile time
	}
	return r
}
