package console

import (
	"github.com/veletasbot/veletas/game"
	"github.com/veletasbot/veletas/game/amazons"
	"github.com/veletasbot/veletas/game/fanorona"
	"github.com/veletasbot/veletas/game/veletas"
	"github.com/veletasbot/veletas/store"
)

// The tests' view of the games: their registry, and each one's
// engine reached through store.Game.State.

// testGames are the games of the tests' stores.
var testGames = func() *game.Registry {
	r, err := game.NewRegistry(veletas.Definition{}, fanorona.Definition{}, amazons.Definition{})
	if err != nil {
		panic(err)
	}
	return r
}()

func vmatch(g store.Game) veletas.Match {
	m, _ := g.State().(veletas.Match)
	return m
}

func vstate(g store.Game) veletas.Game { return vmatch(g).Game }

func fmatch(g store.Game) fanorona.Match {
	m, _ := g.State().(fanorona.Match)
	return m
}
