package bot

import (
	"github.com/veletasbot/veletas/game/fanorona"
	fai "github.com/veletasbot/veletas/game/fanorona/ai"
	"github.com/veletasbot/veletas/game/veletas"
	"github.com/veletasbot/veletas/game/veletas/ai"
	"github.com/veletasbot/veletas/store"
)

// The games' helpers the tests of the core use: the core names no game,
// its tests play real ones (bot/games, through TestGames).

// The kinds of the tests' games.
const (
	kindVeletas  = veletas.GameKind
	kindFanorona = fanorona.GameKind
)

// Button actions of the games' modules, as their buttons carry them.
const (
	btnSwap    = "swap"
	btnKeep    = "keep"
	btnVela    = "vela"
	btnDrawYes = "drawyes"
	btnDrawNo  = "drawno"
)

// Actor is a Veletas computer player, as AIConfig.NewPlayer makes them
// for Veletas games.
type Actor interface {
	Act(g veletas.Game) (veletas.Action, error)
}

// FanoronaActor is a Fanorona computer player.
type FanoronaActor interface {
	Act(g fanorona.Game) (fanorona.Turn, error)
}

// vmatch is the Veletas game g replayed (the store replays it; a game
// built by hand is replayed from its record, the empty 10x10 board when
// that fails).
func vmatch(g store.Game) veletas.Match {
	if m, ok := g.State().(veletas.Match); ok {
		return m
	}
	if m, err := veletas.ReplayMatch(g.Terms, g.Record, ""); err == nil {
		return m
	}
	if st, err := veletas.ParseRecordString(g.Record); err == nil {
		return veletas.NewMatch(st)
	}
	st, _ := veletas.NewGame(veletas.Size10)
	return veletas.NewMatch(st)
}

// vstate is the Veletas engine's game of g.
func vstate(g store.Game) veletas.Game { return vmatch(g).Game }

// vsize is the board size of a Veletas game.
func vsize(g store.Game) veletas.Size { return vstate(g).Size() }

// vrules is the rule set of a Veletas game.
func vrules(g store.Game) veletas.Rules { return vstate(g).Rules() }

// vplayer returns the user ID of the player of colour c in a Veletas game
// ("" for NoColor). Before the side choice the first player is Black.
func vplayer(g store.Game, c veletas.Color) string {
	if c == veletas.NoColor {
		return ""
	}
	return g.Player(vmatch(g).SeatOf(c))
}

// fmatch is the Fanorona game g replayed (a game built by hand is replayed
// from its record and Open; the empty Fanorona board when that fails).
func fmatch(g store.Game) fanorona.Match {
	if m, ok := g.State().(fanorona.Match); ok {
		return m
	}
	if m, err := fanorona.ReplayMatch(g.Terms, g.Record, g.Open); err == nil {
		return m
	}
	return fanorona.NewMatch(fanorona.NewGame(fanorona.Fanorona), false)
}

// fplayer returns the user ID of the player of colour c in a Fanorona game.
func fplayer(g store.Game, c fanorona.Color) string { return g.Player(fmatch(g).SeatOf(c)) }

// defaultRules is a guild's default rules of a Veletas challenge.
func defaultRules(set store.Settings) veletas.Rules {
	r, err := veletas.ParseRules(set.Defaults[kindVeletas][veletas.TermRules])
	if err != nil {
		return veletas.Classic
	}
	return r
}

// veletasPlayers makes AIConfig.NewPlayer of a maker of Veletas players by
// level: none for the games of another kind.
func veletasPlayers(f func(ai.Level, store.Game) Actor) func(store.Game) any {
	return func(g store.Game) any {
		l, err := ai.ParseLevel(g.AILevel)
		if g.Kind != kindVeletas || err != nil {
			return nil
		}
		return f(l, g)
	}
}

// fanoronaPlayers makes AIConfig.NewPlayer of a maker of Fanorona
// players by level: none for the games of another kind.
func fanoronaPlayers(f func(fai.Level, store.Game) FanoronaActor) func(store.Game) any {
	return func(g store.Game) any {
		l, err := fai.ParseLevel(g.AILevel)
		if g.Kind != kindFanorona || err != nil {
			return nil
		}
		return f(l, g)
	}
}
