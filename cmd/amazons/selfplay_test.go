package main

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/veletasbot/veletas/game/amazons"
)

// TestSelfplay plays a short match of random against random and reads the
// table: every game counted once, as a win or a loss, with the score and
// Elo columns, and one progress line a game.
func TestSelfplay(t *testing.T) {
	out, errs, code := run(t, "", "selfplay", "-games", "10", "-pairs", "random-random", "-parallel", "2", "-v")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if n := strings.Count(errs, " game "); n != 10 {
		t.Errorf("%d progress lines, want 10:\n%s", n, errs)
	}
	rows := 0
	for _, line := range strings.Split(out, "\n") {
		f := strings.Fields(line)
		if len(f) < 8 || f[0] != "random" {
			continue
		}
		rows++
		// random v random games wins losses score ...
		games, _ := strconv.Atoi(f[3])
		w, _ := strconv.Atoi(f[4])
		l, _ := strconv.Atoi(f[5])
		if games != 10 || w+l != 10 {
			t.Errorf("row %q: %d games, %d+%d results", line, games, w, l)
		}
		if !strings.Contains(line, "%") || !strings.Contains(line, "±") {
			t.Errorf("row %q lacks the score or the Elo margin", line)
		}
	}
	if rows != 1 {
		t.Errorf("%d rows, want 1:\n%s", rows, out)
	}
	// The same seed plays the same games.
	again, _, _ := run(t, "", "selfplay", "-games", "10", "-parallel", "1")
	if strings.Split(again, "\n")[2][:40] != strings.Split(out, "\n")[2][:40] {
		t.Errorf("another run of the same seed differs:\n%s\n%s", again, out)
	}
}

// badPlayer returns a turn the rules refuse.
type badPlayer struct{}

func (badPlayer) Choose(_ context.Context, p amazons.Position) (amazons.Turn, error) {
	return amazons.Turn{From: 0, To: 1, Arrow: 2}, nil
}

// TestPlayGameRefusesIllegalTurns checks that a player's illegal turn
// stops the game with the rules' error.
func TestPlayGameRefusesIllegalTurns(t *testing.T) {
	g, err := playGame(context.Background(), badPlayer{}, newRandomPlayer(1))
	if err == nil || g.Len() != 0 || !strings.Contains(err.Error(), "turn 1") {
		t.Errorf("%d turns, %v", g.Len(), err)
	}
	g, err = playGame(context.Background(), newRandomPlayer(1), newRandomPlayer(2))
	if err != nil || !g.Position().Over() {
		t.Errorf("random game: %v, over %v", err, g.Position().Over())
	}
}
