package main

import (
	"github.com/veletasbot/veletas/game"
	"github.com/veletasbot/veletas/game/amazons"
	"github.com/veletasbot/veletas/game/fanorona"
	"github.com/veletasbot/veletas/game/veletas"
)

// Games are the games veletasbot hosts, in the order it lists them: the
// store replays and normalizes games with their game.Rules.
func Games() *game.Registry {
	r, err := game.NewRegistry(veletas.Definition{}, fanorona.Definition{}, amazons.Definition{})
	if err != nil {
		panic(err) // three games of distinct kinds, fixed at compile time
	}
	return r
}
