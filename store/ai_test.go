package store

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/veletasbot/veletas/game/veletas"
)

func TestAIGame(t *testing.T) {
	bothStores(t, func(t *testing.T) {
		clk := newClock()
		rated := 0
		db := openTest(t, &Options{Now: clk.Now, Rate: func(w, l Standing) (Standing, Standing) { rated++; return w, l }})
		if _, err := db.startAI(t.Context(), "g1", "c1", "bot", "bot", "easy", veletas.Size7); !errors.Is(err, ErrSelfChallenge) {
			t.Fatalf("the AI against itself: %v", err)
		}
		if _, err := db.startAI(t.Context(), "g1", "c1", "alice", "bot", "", veletas.Size7); !errors.Is(err, ErrInvalid) {
			t.Fatalf("no level: %v", err)
		}
		if _, err := db.startAI(t.Context(), "g1", "c1", "alice", "bot", "easy", 8); !errors.Is(err, ErrInvalid) {
			t.Fatalf("size 8: %v", err)
		}
		// A human game ends first, to show that standings keep it.
		h := startGame(t, db, "g1", "c2", veletas.Size7)
		if _, err := db.Resign(t.Context(), "g1", "c2", h.Players[1]); err != nil {
			t.Fatal(err)
		}
		rated = 0 // the human game was rated; the AI's must not be
		if err := db.SetSettings(t.Context(), Settings{Guild: "g1", Defaults: vdefaults("size", sizeString(veletas.Size9))}); err != nil {
			t.Fatal(err)
		}
		if g, err := db.startAI(t.Context(), "g1", "c3", "alice", "bot", "hard", 0); err != nil || vgame(g).Size() != veletas.Size9 {
			t.Fatalf("default size from the settings: %v %v", err, vgame(g).Size())
		}

		g, err := db.startAI(t.Context(), "g1", "c1", "alice", "bot", "easy", veletas.Size7)
		if err != nil {
			t.Fatal(err)
		}
		if g.Players != [2]string{"alice", "bot"} || g.AI != "bot" || g.AILevel != "easy" || g.Rated || g.MoveTime != 0 || g.ToAct() != "alice" {
			t.Fatalf("new AI game: %+v (to act %q)", g, g.ToAct())
		}
		if _, err := db.startAI(t.Context(), "g1", "c1", "carol", "bot", "easy", veletas.Size7); !errors.Is(err, ErrChannelBusy) {
			t.Fatalf("second game in the channel: %v", err)
		}
		if _, err := db.CreateChallenge(t.Context(), Challenge{Kind: Veletas, Guild: "g1", Channel: "c1", Challenger: "carol", Opponent: "dave"}); !errors.Is(err, ErrChannelBusy) {
			t.Fatalf("challenge in the AI game's channel: %v", err)
		}
		if a, err := db.ActiveGame(t.Context(), "g1", "c1"); err != nil || a.AI != "bot" || a.AILevel != "easy" {
			t.Fatalf("reloaded: %v %+v", err, a)
		}
		r := rand.New(rand.NewPCG(3, 4))
		for !g.Over() {
			user := g.ToAct()
			if _, err := db.Apply(t.Context(), "g1", "c1", g.Opponent(user), -1, randomAction(vgame(g).Position(), r)); !errors.Is(err, ErrNotYourTurn) {
				t.Fatalf("%s acting out of turn: %v", g.Opponent(user), err)
			}
			if g, err = db.Apply(t.Context(), "g1", "c1", user, g.Revision, randomAction(vgame(g).Position(), r)); err != nil {
				t.Fatal(err)
			}
		}
		f, err := db.FinishedGame(t.Context(), g.ID)
		if err != nil || f.AI != "bot" || f.AILevel != "easy" || f.Winner == "" {
			t.Fatalf("archived: %v %+v", err, f)
		}
		if list, err := db.FinishedGames(t.Context(), "g1", "alice", 0); err != nil || len(list) != 2 || list[0].ID != g.ID {
			t.Fatalf("alice's finished games: %v %+v", err, list)
		}
		st, err := db.Standings(t.Context(), Veletas, "g1")
		if err != nil || len(st) != 2 {
			t.Fatalf("standings: %v %+v", err, st)
		}
		for _, s := range st {
			if s.User == "bot" || s.Games != 1 || (s.User == "alice" && s.Wins+s.Losses != 1) {
				t.Fatalf("standings count the AI game: %+v", st)
			}
		}
		if rated != 0 {
			t.Fatalf("rated %d times", rated)
		}
	})
}

// TestAIGameComputerFirst: StartAIGameOrder with aiFirst makes the
// computer the first player, who makes the first setup; stored and
// reloaded so, and still a game against the computer.
func TestAIGameComputerFirst(t *testing.T) {
	bothStores(t, func(t *testing.T) {
		db := openTest(t, &Options{Now: newClock().Now})
		g, err := db.StartAIGameOrder(t.Context(), "g1", "c1", "alice", "bot", "easy", veletas.Size7, veletas.Revised, true)
		if err != nil {
			t.Fatal(err)
		}
		if g.Players != [2]string{"bot", "alice"} || g.AI != "bot" || g.ToAct() != "bot" || g.Rated || vgame(g).Rules() != veletas.Revised {
			t.Fatalf("new AI game, computer first: %+v (to act %q)", g, g.ToAct())
		}
		if a, err := db.ActiveGame(t.Context(), "g1", "c1"); err != nil || a.Players != g.Players || a.AI != "bot" {
			t.Fatalf("reloaded: %v %+v", err, a)
		}
		if _, err := db.StartAIGameOrder(t.Context(), "g1", "c2", "alice", "bot", "easy", veletas.Size7, veletas.Rules(9), true); !errors.Is(err, ErrInvalid) {
			t.Fatalf("bad rules: %v", err)
		}
	})
}
