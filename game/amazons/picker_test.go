package amazons_test

import (
	"errors"
	"math/rand/v2"
	"slices"
	"sort"
	"testing"

	"github.com/veletasbot/veletas/game"
	"github.com/veletasbot/veletas/game/amazons"
)

// pickRandom picks a turn of st through game.Pick, a random option at
// every step, checking the limits; it returns the turn and whether a
// step was split.
func pickRandom(t *testing.T, st game.State, r *rand.Rand) (string, bool) {
	t.Helper()
	var chosen []string
	split := false
	for {
		step, err := game.Pick(amazons.Definition{}, st, chosen)
		if err != nil {
			t.Fatalf("Pick(%q) on %s: %v", chosen, st.Record(), err)
		}
		if len(step.Options) > game.MaxOptions {
			t.Fatalf("Pick(%q) offers %d options", chosen, len(step.Options))
		}
		split = split || step.Group
		if step.Done() {
			return step.Action, split
		}
		if len(step.Options) == 0 {
			t.Fatalf("Pick(%q) on %s: a dead end", chosen, st.Record())
		}
		chosen = append(chosen, step.Options[r.IntN(len(step.Options))].Value)
	}
}

// pickable lists every turn the picker can complete from chosen.
func pickable(t *testing.T, st game.State, chosen []string, out map[string]bool) {
	t.Helper()
	step, err := amazons.Definition{}.Pick(st, chosen)
	if err != nil {
		t.Fatalf("Pick(%q): %v", chosen, err)
	}
	if step.Action != "" {
		if out[step.Action] {
			t.Fatalf("turn %s reached twice", step.Action)
		}
		out[step.Action] = true
	}
	for _, o := range step.Options {
		pickable(t, st, append(slices.Clone(chosen), o.Value), out)
	}
}

// TestPickPlayouts plays whole games through the picker alone and at
// positions along the way compares the turns the picker can complete
// with the engine's.
func TestPickPlayouts(t *testing.T) {
	d := amazons.Definition{}
	games := 20
	if testing.Short() {
		games = 2
	}
	r := rand.New(rand.NewPCG(4, 4))
	compared, splits := 0, 0
	for g := range games {
		st, err := d.New(game.Terms{})
		if err != nil {
			t.Fatal(err)
		}
		for n := 0; !st.Outcome().Over; n++ {
			m := st.(amazons.Match)
			if (n+g)%9 == 0 {
				got := map[string]bool{}
				pickable(t, st, nil, got)
				var want []string
				for _, tu := range m.Position().LegalTurns() {
					want = append(want, tu.String())
				}
				sort.Strings(want)
				gotList := make([]string, 0, len(got))
				for k := range got {
					gotList = append(gotList, k)
				}
				sort.Strings(gotList)
				if !slices.Equal(gotList, want) {
					t.Fatalf("%s: the picker completes %d turns, the engine has %d", m.Record(), len(gotList), len(want))
				}
				compared++
			}
			action, split := pickRandom(t, st, r)
			if split {
				splits++
			}
			next, err := d.Act(st, action)
			if err != nil {
				t.Fatalf("%s: the picker's %s: %v", m.Record(), action, err)
			}
			st = next
		}
		if _, err := d.Pick(st, nil); !errors.Is(err, game.ErrNothingToPick) {
			t.Errorf("Pick on a game over: %v", err)
		}
	}
	t.Logf("%d games, %d positions compared, %d turns with a split step", games, compared, splits)
	if compared < games || splits == 0 {
		t.Errorf("%d positions compared, %d turns with a split step", compared, splits)
	}
}

// TestPickSteps follows a turn from the start: amazon, destination,
// arrow, and the refusals.
func TestPickSteps(t *testing.T) {
	d := amazons.Definition{}
	st, err := d.New(game.Terms{})
	if err != nil {
		t.Fatal(err)
	}
	step, err := d.Pick(st, nil)
	if err != nil || step.Key != amazons.KeyAmazon || !slices.Equal(values(step.Options), []string{"a4", "j4", "d1", "g1"}) {
		t.Fatalf("amazons: %+v, %v", step, err)
	}
	step, err = d.Pick(st, []string{"d1"})
	if err != nil || step.Key != amazons.KeyTo || len(step.Options) != 20 || !slices.Equal(step.Marks, []string{"d1"}) {
		t.Fatalf("d1's destinations: %d %+v, %v", len(step.Options), step, err)
	}
	step, err = d.Pick(st, []string{"d1", "d7"})
	if err != nil || step.Key != amazons.KeyArrow || !slices.Contains(values(step.Options), "d1") || !slices.Equal(step.Marks, []string{"d1", "d7"}) {
		t.Fatalf("arrows: %+v, %v", step, err)
	}
	step, err = d.Pick(st, []string{"d1", "d7", "g7"})
	if err != nil || !step.Done() || step.Action != "d1-d7/g7" || !slices.Equal(step.Marks, []string{"d1", "d7", "g7"}) {
		t.Fatalf("done: %+v, %v", step, err)
	}
	next, err := d.Act(st, step.Action)
	if err != nil || next.ToAct() != 1 {
		t.Errorf("Act: %v", err)
	}
	for _, bad := range [][]string{{"a7"}, {"D1"}, {"d1", "d10"}, {"d1", "d7", "d8x"}, {"d1", "d7", "g7", "a1"}} {
		if _, err := d.Pick(st, bad); !errors.Is(err, game.ErrBadChoice) {
			t.Errorf("Pick(%q): %v, want ErrBadChoice", bad, err)
		}
	}
	if _, err := d.Pick(nil, nil); !errors.Is(err, game.ErrForeignState) {
		t.Errorf("nil state: %v", err)
	}
	// More than 25 destinations: split by rank.
	wide, err := d.Replay(game.Terms{}, "d1-d4/d1 a7-b6/a7", "")
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := d.Pick(wide, []string{"d4"})
	split, err := game.Pick(d, wide, []string{"d4"})
	if len(raw.Options) <= game.MaxOptions || err != nil || !split.Group || len(split.Options) > game.MaxOptions {
		t.Errorf("d4 has %d destinations; split: %+v, %v", len(raw.Options), split, err)
	}
}

func values(opts []game.Option) []string {
	var out []string
	for _, o := range opts {
		out = append(out, o.Value)
	}
	return out
}

// BenchmarkPickStep times one step of the picker at a mid-game position:
// an amazon's destinations, and its arrows.
func BenchmarkPickStep(b *testing.B) {
	d := amazons.Definition{}
	st, _ := d.New(game.Terms{})
	r := rand.New(rand.NewPCG(3, 3))
	for st.(amazons.Match).Game.Len() < 20 {
		turns := st.(amazons.Match).Position().LegalTurns()
		var err error
		if st, err = st.Play(turns[r.IntN(len(turns))].String()); err != nil {
			b.Fatal(err)
		}
	}
	first, _ := d.Pick(st, nil)
	amazon := first.Options[0].Value
	to, _ := d.Pick(st, []string{amazon})
	dest := to.Options[0].Value
	b.Run("to", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := game.Pick(d, st, []string{amazon}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("arrow", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := game.Pick(d, st, []string{amazon, dest}); err != nil {
				b.Fatal(err)
			}
		}
	})
}
