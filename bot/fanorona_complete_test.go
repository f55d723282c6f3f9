package bot

import (
	"slices"
	"testing"
)

// TestPathCompletionFollowsTheGame: through Bot.Autocomplete, the path
// suggestions after a turn are the new position's, never the cached old
// ones.
func TestPathCompletionFollowsTheGame(t *testing.T) {
	e := newEnv(t, Config{})
	e.startFanorona("")
	values := func(cs []Choice) []string {
		var out []string
		for _, c := range cs {
			out = append(out, c.Value)
		}
		slices.Sort(out)
		return out
	}
	before := values(e.fcomplete("alice", "move", "path"))
	public(t, e.fcmd("alice", "move", "path=d2-e3A"))
	g := e.fgame()
	var want []string
	for _, tu := range fmatch(g).Position().LegalTurns(nil) {
		want = append(want, tu.String())
	}
	slices.Sort(want)
	if len(want) > MaxChoices {
		want = nil // only the count is checked then
	}
	got := values(e.fcomplete(g.ToAct(), "move", "path"))
	if slices.Equal(got, before) || (want != nil && !slices.Equal(got, want)) || len(got) == 0 {
		t.Errorf("after d2-e3A: %v (before %v), want %v", got, before, want)
	}
}
