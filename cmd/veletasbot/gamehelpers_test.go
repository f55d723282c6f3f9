package main

import (
	"context"
	"fmt"

	"github.com/veletasbot/veletas/game"
	"github.com/veletasbot/veletas/game/amazons"
	"github.com/veletasbot/veletas/game/fanorona"
	"github.com/veletasbot/veletas/game/veletas"
	"github.com/veletasbot/veletas/store"
)

// The tests' view of the games: their kinds and registry, and each one's
// engine reached through store.Game.State.

const (
	kindVeletas  = veletas.GameKind
	kindFanorona = fanorona.GameKind
)

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

func vplayer(g store.Game, c veletas.Color) string {
	if c == veletas.NoColor {
		return ""
	}
	return g.Player(vmatch(g).SeatOf(c))
}

func vcolor(g store.Game, user string) veletas.Color {
	s, ok := g.Seat(user)
	if !ok {
		return veletas.NoColor
	}
	return vmatch(g).ColorOf(s)
}

func fmatch(g store.Game) fanorona.Match {
	m, _ := g.State().(fanorona.Match)
	return m
}

// startAIRules starts a Veletas game against the computer (size 0: the
// guild's default).
func startAIRules(ctx context.Context, db *store.DB, guild, channel, human, ai, level string, size veletas.Size, rules veletas.Rules) (store.Game, error) {
	t := game.Terms{veletas.TermRules: rules.String()}
	if size != 0 {
		t[veletas.TermSize] = fmt.Sprint(int(size))
	}
	return db.StartAIGame(ctx, guild, channel, human, ai, level, kindVeletas, t, false)
}

// applyAction applies a Veletas action through the store.
func applyAction(ctx context.Context, db *store.DB, guild, channel, user string, rev int, a veletas.Action) (store.Game, error) {
	return db.Act(ctx, guild, channel, user, rev, kindVeletas, func(s game.State) (game.State, error) {
		next, err := s.(veletas.Match).Game.Play(a)
		if err != nil {
			return nil, err
		}
		return veletas.NewMatch(next), nil
	})
}
