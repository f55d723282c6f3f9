package fanorona_test

import (
	"errors"
	"math/rand/v2"
	"slices"
	"sort"
	"testing"

	"github.com/veletasbot/veletas/game"
	"github.com/veletasbot/veletas/game/fanorona"
)

// pickStep picks one committed step of st through game.Pick, a random
// option at every choice, checking the limits; it returns the step and
// the keys met.
func pickStep(t *testing.T, st game.State, r *rand.Rand) (game.Step, []string) {
	t.Helper()
	d := fanorona.Definition{}
	var chosen, keys []string
	for {
		step, err := game.Pick(d, st, chosen)
		if err != nil {
			t.Fatalf("Pick(%q) on %s open %q: %v", chosen, st.Record(), st.Open(), err)
		}
		if len(step.Options) > game.MaxOptions {
			t.Fatalf("Pick(%q) offers %d options", chosen, len(step.Options))
		}
		if step.Action != "" {
			if !step.Done() || !step.Commit {
				t.Fatalf("Pick(%q): action %q with options %v, commit %v", chosen, step.Action, step.Options, step.Commit)
			}
			return step, keys
		}
		if len(step.Options) == 0 {
			t.Fatalf("Pick(%q) on %s: a dead end", chosen, st.Record())
		}
		keys = append(keys, step.Key)
		chosen = append(chosen, step.Options[r.IntN(len(step.Options))].Value)
	}
}

// pickedTurns lists the whole turns the picker can make from st, a
// position between turns: every committed step applied, and the
// sequence followed until the turn is over.
func pickedTurns(t *testing.T, st game.State, chosen []string, out map[string]bool) {
	t.Helper()
	d := fanorona.Definition{}
	step, err := d.Pick(st, chosen)
	if err != nil {
		t.Fatalf("Pick(%q): %v", chosen, err)
	}
	if step.Action != "" {
		next, err := d.Act(st, step.Action)
		if err != nil {
			t.Fatalf("Act(%s) open %q: %v", step.Action, st.Open(), err)
		}
		if next.Open() != "" {
			pickedTurns(t, next, nil, out)
			return
		}
		turns := next.(fanorona.Match).Game().Turns()
		tok := turns[len(turns)-1].String()
		if out[tok] {
			t.Fatalf("turn %s reached twice", tok)
		}
		out[tok] = true
		return
	}
	for _, o := range step.Options {
		pickedTurns(t, st, append(slices.Clone(chosen), o.Value), out)
	}
}

// TestPickPlayouts plays whole games of Fanorona and Véla through the
// picker alone, each step applied as it is chosen, and at positions
// along the way compares the whole turns the picker can make with the
// engine's LegalTurns, and the steps it offers during a sequence with
// Position.Steps.
func TestPickPlayouts(t *testing.T) {
	d := fanorona.Definition{}
	games := 60
	if testing.Short() {
		games = 4
	}
	for _, v := range []string{"fanorona", "vela"} {
		r := rand.New(rand.NewPCG(uint64(len(v)), 3))
		keys := map[string]int{}
		compared, sequences := 0, 0
		for g := range games {
			st, err := d.New(game.Terms{fanorona.TermVariant: v})
			if err != nil {
				t.Fatal(err)
			}
			for n := 0; !st.Outcome().Over; n++ {
				m := st.(fanorona.Match)
				if m.Open() == "" && (n+g)%5 == 0 {
					got := map[string]bool{}
					pickedTurns(t, st, nil, got)
					var want []string
					for _, tu := range m.Position().LegalTurns(nil) {
						want = append(want, tu.String())
					}
					sort.Strings(want)
					if gotList := sortedKeys(got); !slices.Equal(gotList, want) {
						t.Fatalf("%s: the picker makes turns\n%q\nthe engine\n%q", m.Record(), gotList, want)
					}
					compared++
				}
				if m.Open() != "" {
					var want []string
					for _, s := range m.Position().Steps(nil) {
						want = append(want, m.Open()+"-"+s.To.String()+s.Capture.Letter())
					}
					want = append(want, m.Open())
					sort.Strings(want)
					got := map[string]bool{}
					collect(t, st, nil, got)
					if gotList := sortedKeys(got); !slices.Equal(gotList, want) {
						t.Fatalf("%s open %s: the picker offers %q, the engine %q", m.Record(), m.Open(), gotList, want)
					}
					sequences++
				}
				step, ks := pickStep(t, st, r)
				for _, k := range ks {
					keys[k]++
				}
				next, err := d.Act(st, step.Action)
				if err != nil {
					t.Fatalf("%s open %q: the picker's %s: %v", m.Record(), m.Open(), step.Action, err)
				}
				if next.Open() != "" && next.ToAct() != st.ToAct() {
					t.Fatalf("a turn under way changed hands")
				}
				st = next
			}
			if _, err := d.Pick(st, nil); !errors.Is(err, game.ErrNothingToPick) {
				t.Errorf("Pick on a game over: %v", err)
			}
		}
		t.Logf("%s: %d games, %d positions compared, %d sequences, steps met %v", v, games, compared, sequences, keys)
		if compared < games || sequences == 0 {
			t.Errorf("%s: %d positions compared, %d sequences", v, compared, sequences)
		}
		for _, k := range []string{fanorona.KeyPiece, fanorona.KeyStep, fanorona.KeyCapture, fanorona.KeyContinue} {
			if keys[k] == 0 {
				t.Errorf("%s: no step %q met in %d games", v, k, games)
			}
		}
	}
}

// collect lists the actions the picker can complete from chosen.
func collect(t *testing.T, st game.State, chosen []string, out map[string]bool) {
	t.Helper()
	step, err := fanorona.Definition{}.Pick(st, chosen)
	if err != nil {
		t.Fatalf("Pick(%q): %v", chosen, err)
	}
	if step.Action != "" {
		out[step.Action] = true
	}
	for _, o := range step.Options {
		collect(t, st, append(slices.Clone(chosen), o.Value), out)
	}
}

func sortedKeys(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// TestPickSteps follows one turn: the piece, its step, the capture when
// both ways capture, continuing and stopping; and the refusals.
func TestPickSteps(t *testing.T) {
	d := fanorona.Definition{}
	st, err := d.New(game.Terms{})
	if err != nil {
		t.Fatal(err)
	}
	step, err := d.Pick(st, nil)
	if err != nil || step.Key != fanorona.KeyPiece || !slices.Equal(values(step.Options), []string{"d3", "d2", "e2", "f2"}) {
		t.Fatalf("pieces at the start: %+v, %v", step, err)
	}
	step, err = d.Pick(st, []string{"d3"})
	if err != nil || step.Key != fanorona.KeyStep || !slices.Equal(values(step.Options), []string{"e3"}) || !slices.Equal(step.Marks, []string{"d3"}) {
		t.Fatalf("d3's steps: %+v, %v", step, err)
	}
	step, err = d.Pick(st, []string{"d3", "e3"})
	if err != nil || step.Key != fanorona.KeyCapture || !slices.Equal(values(step.Options), []string{"A", "W"}) || step.Action != "" {
		t.Fatalf("d3-e3 captures both ways: %+v, %v", step, err)
	}
	step, err = d.Pick(st, []string{"d3", "e3", "A"})
	if err != nil || step.Action != "d3-e3A" || !step.Commit || !slices.Equal(step.Marks, []string{"d3", "e3"}) {
		t.Fatalf("d3-e3: %+v, %v", step, err)
	}
	for _, bad := range [][]string{{"a1"}, {"e3"}, {"D3"}, {"d3", "e4"}, {"d3", "e3", "X"}, {"d3", "e3", "A", "W"}, {"stop"}} {
		if _, err := d.Pick(st, bad); !errors.Is(err, game.ErrBadChoice) {
			t.Errorf("Pick(%q): %v, want ErrBadChoice", bad, err)
		}
	}
	if _, err := d.Pick(nil, nil); !errors.Is(err, game.ErrForeignState) {
		t.Errorf("nil state: %v", err)
	}

	// Find, in random games, a step that captures both ways and a
	// sequence to continue and to stop.
	r := rand.New(rand.NewPCG(1, 2))
	both, stopped := false, false
	for g := 0; g < 50 && !(both && stopped); g++ {
		st, _ := d.New(game.Terms{})
		for !st.Outcome().Over && !(both && stopped) {
			m := st.(fanorona.Match)
			if m.Open() != "" && !stopped {
				step, err := d.Pick(st, []string{fanorona.StopValue})
				if err != nil || step.Action != m.Open() || !step.Commit {
					t.Fatalf("stop: %+v, %v", step, err)
				}
				next, err := d.Act(st, step.Action)
				if err != nil || next.Open() != "" || next.ToAct() == st.ToAct() || next.Record() == st.Record() {
					t.Fatalf("stopping %s: open %q, %v", m.Open(), next.Open(), err)
				}
				stopped = true
			}
			for _, s := range m.Position().Steps(nil) {
				if s.Capture != fanorona.Withdrawal || both {
					continue
				}
				chosen := []string{s.From.String(), s.To.String()}
				if m.Open() != "" {
					chosen = chosen[1:]
				}
				step, err := d.Pick(st, chosen)
				if err != nil {
					t.Fatal(err)
				}
				if step.Key != fanorona.KeyCapture {
					continue // withdrawal only
				}
				if !slices.Equal(values(step.Options), []string{"A", "W"}) || step.Options[0].Label != "approach" || step.Options[1].Label != "withdrawal" {
					t.Errorf("capture step: %+v", step)
				}
				step, err = d.Pick(st, append(chosen, "W"))
				want := s.String()
				if m.Open() != "" {
					want = m.Open() + "-" + s.To.String() + "W"
				}
				if err != nil || step.Action != want {
					t.Errorf("withdrawal chosen: %+v, %v, want %s", step, err, want)
				}
				both = true
			}
			step, _ := pickStep(t, st, r)
			if st, err = d.Act(st, step.Action); err != nil {
				t.Fatal(err)
			}
		}
	}
	if !both || !stopped {
		t.Errorf("not met: a step capturing both ways %v, a sequence stopped %v", both, stopped)
	}
}

func values(opts []game.Option) []string {
	var out []string
	for _, o := range opts {
		out = append(out, o.Value)
	}
	return out
}

// TestActRefusals: Act takes one step more than the turn under way, or
// the turn under way itself, and nothing else.
func TestActRefusals(t *testing.T) {
	d := fanorona.Definition{}
	st, _ := d.New(game.Terms{})
	if _, err := d.Act(st, "d3-e3"); !errors.Is(err, fanorona.ErrCaptureCompulsory) && !errors.Is(err, fanorona.ErrMissingLetter) {
		t.Errorf("a paika when capture is compulsory: %v", err)
	}
	if _, err := d.Act(st, "zz"); err == nil {
		t.Error("malformed action accepted")
	}
	r := rand.New(rand.NewPCG(5, 5))
	for g := 0; g < 50; g++ {
		st, _ := d.New(game.Terms{})
		for !st.Outcome().Over {
			m := st.(fanorona.Match)
			if m.Open() != "" {
				for _, bad := range []string{"a1-a2", m.Open() + "-a1A-a2A"} {
					if _, err := d.Act(st, bad); err == nil {
						t.Errorf("Act(%s) with %s open accepted", bad, m.Open())
					}
				}
				return
			}
			step, _ := pickStep(t, st, r)
			st, _ = d.Act(st, step.Action)
		}
	}
	t.Error("no sequence met")
}

// BenchmarkPickStep times one step of the picker at a mid-game position:
// the pieces, and a piece's steps.
func BenchmarkPickStep(b *testing.B) {
	d := fanorona.Definition{}
	st, _ := d.New(game.Terms{})
	r := rand.New(rand.NewPCG(9, 9))
	for st.(fanorona.Match).Game().Len() < 20 || st.Open() != "" {
		steps := st.(fanorona.Match).Position().Steps(nil)
		if len(steps) == 0 {
			b.Fatal("game over early")
		}
		var err error
		if st.Open() != "" && r.IntN(3) == 0 {
			st, err = d.Act(st, st.Open())
		} else {
			s := steps[r.IntN(len(steps))]
			a := s.String()
			if st.Open() != "" {
				a = st.Open() + "-" + s.To.String() + s.Capture.Letter()
			}
			st, err = d.Act(st, a)
		}
		if err != nil {
			b.Fatal(err)
		}
	}
	first, err := d.Pick(st, nil)
	if err != nil {
		b.Fatal(err)
	}
	piece := first.Options[0].Value
	b.Run("piece", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := game.Pick(d, st, nil); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("step", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := game.Pick(d, st, []string{piece}); err != nil {
				b.Fatal(err)
			}
		}
	})
}
