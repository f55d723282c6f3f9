package fanorona

import (
	"math/rand/v2"
	"testing"

	"github.com/veletasbot/veletas/game/fanorona"
)

// The scenes of the images' rough edges: a one-square move that traps a
// shooter, a Fanorona turn whose piece lands on a point it captured, a
// capture sequence under way and a game near the draw by 100 quiet turns.

// oneSquareClaim returns a 7x7 game whose last turn moved a shooter one

// landingCapture returns a Fanorona game whose last turn ends on a point
// whose piece it captured earlier in the same turn.
func landingCapture(t testing.TB) fanorona.Game {
	t.Helper()
	for seed := uint64(1); seed < 400; seed++ {
		rng := rand.New(rand.NewPCG(seed, 7))
		g := fanorona.NewGame(fanorona.Fanorona)
		for i := 0; i < 60 && !g.Position().Over(); i++ {
			before := g.Position()
			turns := before.LegalTurns(nil)
			turn := turns[rng.IntN(len(turns))]
			next, err := g.Play(turn)
			if err != nil {
				t.Fatal(err)
			}
			g = next
			captured := Captured(before, g.Position())
			if captured&g.Position().Pieces(before.ToMove()) != 0 && g.Position().Count(fanorona.White) > 0 && g.Position().Count(fanorona.Black) > 0 {
				return g
			}
		}
	}
	t.Fatal("no random game has a turn landing on a point it captured")
	return fanorona.Game{}
}

// sequenceUnderWay is the scene of a capture sequence of the Fanorona
// record played step by step: its first two steps.
func sequenceUnderWay(t testing.TB) Scene {
	t.Helper()
	g := loadFanorona(t, "fanorona_game.rec")
	for i, turn := range g.Turns() {
		if turn.Len() < 3 {
			continue
		}
		before := g.Positions()[i]
		p := before
		for k := 0; k < 2; k++ {
			var err error
			if p, err = p.Step(turn.Step(k)); err != nil {
				t.Fatal(err)
			}
		}
		if !p.InSequence() {
			continue
		}
		last, _ := fanorona.NewTurn(turn.Step(0), turn.Step(1))
		return Scene{Position: p, Last: last, Captured: Captured(before, p)}
	}
	t.Fatal("no capture sequence of three steps in the record")
	return Scene{}
}

// quietPosition is a sparse position, White to move, after quiet turns
// in a row without a capture.
func quietPosition(t testing.TB, quiet int) fanorona.Position {
	t.Helper()
	p, err := fanorona.ParseDiagram(`
. . b . . . . . .
. . . . . b . . .
. w . . . . . . .
. . . . . . w . .
. . . b . . . . w`, fanorona.White, quiet, fanorona.Fanorona)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// fanoronaLang sets a Fanorona scene's language.
func fanoronaLang(s Scene, l string) Scene {
	s.Lang = l
	return s
}
