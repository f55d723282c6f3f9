package veletas_test

import (
	"errors"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/veletasbot/veletas/game"
	"github.com/veletasbot/veletas/game/veletas"
)

// pickRandom picks an action of st through game.Pick, a random option at
// every step, checking that every step offers at most MaxOptions options
// and that no step is a dead end; it returns the action and the number
// of steps.
func pickRandom(t *testing.T, p game.Pickable, st game.State, r *rand.Rand) (string, int) {
	t.Helper()
	var chosen []string
	for n := 0; ; n++ {
		step, err := game.Pick(p, st, chosen)
		if err != nil {
			t.Fatalf("Pick(%q) on %s: %v", chosen, st.Record(), err)
		}
		if len(step.Options) > game.MaxOptions {
			t.Fatalf("Pick(%q) offers %d options", chosen, len(step.Options))
		}
		if step.Done() {
			return step.Action, n
		}
		if len(step.Options) == 0 {
			t.Fatalf("Pick(%q) on %s: a dead end", chosen, st.Record())
		}
		chosen = append(chosen, step.Options[r.IntN(len(step.Options))].Value)
	}
}

// pickable lists every action the picker can complete from chosen (the
// game's own steps, unsplit), each with the marks of its last step.
func pickable(t *testing.T, st game.State, chosen []string, out map[string][]string) {
	t.Helper()
	step, err := veletas.Definition{}.Pick(st, chosen)
	if err != nil {
		t.Fatalf("Pick(%q): %v", chosen, err)
	}
	if step.Action != "" {
		if _, dup := out[step.Action]; dup {
			t.Fatalf("action %s reached twice", step.Action)
		}
		out[step.Action] = step.Marks
	}
	for _, o := range step.Options {
		pickable(t, st, append(slices.Clone(chosen), o.Value), out)
	}
}

func turnSet(p veletas.Position) []string {
	var out []string
	for _, tu := range p.LegalTurns(nil) {
		out = append(out, tu.String())
	}
	sort.Strings(out)
	return out
}

func keys(m map[string][]string) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// TestPickPlayouts plays whole games through the picker alone (random
// options, game.Pick's splitting included), on every size and both
// rules, and at positions along the way compares the turns the picker
// can complete with the engine's legal turns.
func TestPickPlayouts(t *testing.T) {
	d := veletas.Definition{}
	games := 12
	if testing.Short() {
		games = 3
	}
	for _, size := range []string{"7", "9", "10"} {
		for _, rules := range []string{"classic", "revised"} {
			r := rand.New(rand.NewPCG(uint64(len(size)), uint64(len(rules))))
			compared := 0
			for g := range games {
				st, err := d.New(game.Terms{veletas.TermSize: size, veletas.TermRules: rules})
				if err != nil {
					t.Fatal(err)
				}
				for n := 0; !st.Outcome().Over; n++ {
					m := st.(veletas.Match)
					if m.Position().Phase() == veletas.PhasePlay && (n+g)%7 == 0 {
						got := map[string][]string{}
						pickable(t, st, nil, got)
						if want := turnSet(m.Position()); !slices.Equal(keys(got), want) {
							t.Fatalf("%s: the picker completes %d turns, the engine has %d", m.Record(), len(got), len(want))
						}
						compared++
					}
					action, _ := pickRandom(t, d, st, r)
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
			if compared < games {
				t.Errorf("size %s %s: only %d positions compared", size, rules, compared)
			}
		}
	}
}

// canonSetup writes a setup with its shooters sorted, so that orders of
// the same placement compare equal.
func canonSetup(a string) string {
	shooters, stone, _ := strings.Cut(strings.TrimPrefix(a, "["), "]")
	s := strings.Split(shooters, ",")
	sort.Strings(s)
	return "[" + strings.Join(s, ",") + "]" + stone
}

// TestPickSetups compares the setups the picker completes with every
// placement the engine accepts: whole setups on 7x7 (one shooter, then
// two), and the last shooter and the stone after the others on 9x9 and
// 10x10, under both rules; and the side choice.
func TestPickSetups(t *testing.T) {
	d := veletas.Definition{}
	for _, c := range []struct {
		size, rules string
		record      string
		prefix      []string // shooters chosen before
	}{
		{"7", "classic", "size=7", nil},
		{"7", "revised", "size=7 rules=revised", nil},
		{"7", "classic", "size=7 [d4]d5 keep", nil},
		{"7", "revised", "size=7 rules=revised [d4]d5 swap", nil},
		{"9", "classic", "size=9 [c3,g7]a1 keep", []string{"e5", "c7"}},
		{"9", "revised", "size=9 rules=revised [c3,c4]a1 keep", []string{"d4", "e5"}},
		{"10", "classic", "", []string{"b2", "e5"}},
		{"10", "revised", "size=10 rules=revised [b2,c3,d4]e5 swap", []string{"e6", "f6", "g6"}},
	} {
		terms := game.Terms{veletas.TermSize: c.size, veletas.TermRules: c.rules}
		st, err := d.Replay(terms, c.record, "")
		if err != nil {
			t.Fatal(err)
		}
		m := st.(veletas.Match)
		got := map[string]bool{}
		all := map[string][]string{}
		pickable(t, st, c.prefix, all)
		for a := range all {
			if got[canonSetup(a)] {
				continue
			}
			got[canonSetup(a)] = true
		}
		// Every placement the engine accepts, with the prefix.
		want := map[string]bool{}
		size := int(m.Game.Size())
		var sqs []veletas.Square
		for r := range size {
			for f := range size {
				sqs = append(sqs, veletas.Sq(f, r))
			}
		}
		left := m.Game.Size().FirstShooters() - len(c.prefix)
		if m.Position().Phase() == veletas.PhaseSetup2 {
			left = m.Game.Size().Shooters() - m.Game.Size().FirstShooters() - len(c.prefix)
		}
		var prefix []veletas.Square
		for _, s := range c.prefix {
			sq, _ := veletas.ParseSquare(s)
			prefix = append(prefix, sq)
		}
		var rec func(sh []veletas.Square, left int)
		rec = func(sh []veletas.Square, left int) {
			if left == 0 {
				for _, stone := range sqs {
					a := veletas.SetupAction(sh, stone)
					if _, err := m.Position().Apply(a); err == nil {
						want[canonSetup(a.String())] = true
					}
				}
				return
			}
			for _, sq := range sqs {
				if len(sh) > len(prefix) && sq <= sh[len(sh)-1] {
					continue // each placement once, in order
				}
				if slices.Contains(sh, sq) {
					continue
				}
				rec(append(slices.Clone(sh), sq), left-1)
			}
		}
		rec(prefix, left)
		if len(want) == 0 || !mapsEqual(got, want) {
			t.Errorf("%s %s %q after %q: the picker completes %d setups, the engine accepts %d", c.size, c.rules, c.record, c.prefix, len(got), len(want))
		}
	}

	st, err := d.Replay(game.Terms{veletas.TermSize: "7"}, "size=7 [d4]d5", "")
	if err != nil {
		t.Fatal(err)
	}
	all := map[string][]string{}
	pickable(t, st, nil, all)
	if got := keys(all); !slices.Equal(got, []string{"keep", "swap"}) {
		t.Errorf("side choice: %q", got)
	}
}

func mapsEqual(a, b map[string]bool) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if !b[k] {
			return false
		}
	}
	return true
}

// TestPickSteps checks the steps of a turn: keys, options, marks, "no
// move", and refusals.
func TestPickSteps(t *testing.T) {
	d := veletas.Definition{}
	st, err := d.Replay(game.Terms{veletas.TermSize: "7"}, "size=7 [c5]d2 keep [a1,g7]e4", "")
	if err != nil {
		t.Fatal(err)
	}
	step, err := d.Pick(st, nil)
	if err != nil || step.Key != veletas.KeyShooter || !slices.Equal(optValues(step.Options), []string{"g7", "c5", "a1"}) {
		t.Fatalf("first step: %+v, %v", step, err)
	}
	step, err = d.Pick(st, []string{"c5"})
	if err != nil || step.Key != veletas.KeyTo || step.Options[0] != (game.Option{Value: "c5", Label: "no move"}) || !slices.Equal(step.Marks, []string{"c5"}) {
		t.Fatalf("to: %+v, %v", step, err)
	}
	if !slices.Contains(optValues(step.Options), "c3") || slices.Contains(optValues(step.Options), "d2") {
		t.Errorf("destinations of c5: %q", optValues(step.Options))
	}
	step, err = d.Pick(st, []string{"c5", "c3"})
	if err != nil || step.Key != veletas.KeyShot || !slices.Contains(optValues(step.Options), "c5") || !slices.Equal(step.Marks, []string{"c5", "c3"}) {
		t.Fatalf("shot: %+v, %v", step, err)
	}
	step, err = d.Pick(st, []string{"c5", "c3", "f6"})
	if err != nil || !step.Done() || step.Action != "c5-c3/f6" || !slices.Equal(step.Marks, []string{"c5", "c3", "f6"}) {
		t.Fatalf("done: %+v, %v", step, err)
	}
	step, err = d.Pick(st, []string{"g7", "g7", "g5"})
	if err != nil || step.Action != "g7/g5" {
		t.Fatalf("no move: %+v, %v", step, err)
	}
	next, err := d.Act(st, step.Action)
	if err != nil || !strings.HasSuffix(strings.TrimSpace(next.Record()), "\ng7/g5") {
		t.Errorf("Act: %v, %q", err, next.Record())
	}
	for _, bad := range [][]string{{"d2"}, {"C5"}, {"c5", "d2"}, {"c5", "c3", "c3"}, {"c5", "c3", "f6", "a1"}, {"zz"}} {
		if _, err := d.Pick(st, bad); !errors.Is(err, game.ErrBadChoice) {
			t.Errorf("Pick(%q): %v, want ErrBadChoice", bad, err)
		}
	}
	// A setup: shooters numbered, then the stone; a choice.
	st0, _ := d.New(game.Terms{veletas.TermSize: "10"})
	step, err = d.Pick(st0, []string{"b2"})
	if err != nil || step.Key != veletas.KeySetupShooter || step.Index != 2 || step.Count != 3 || len(step.Options) != 100-1-9+1 {
		t.Errorf("second shooter: key %q %d of %d, %d options, %v", step.Key, step.Index, step.Count, len(step.Options), err)
	}
	step, err = d.Pick(st0, []string{"b2", "e5", "h8"})
	if err != nil || step.Key != veletas.KeyStone || len(step.Options) != 97 {
		t.Errorf("stone: %q, %d options, %v", step.Key, len(step.Options), err)
	}
	step, err = d.Pick(st0, []string{"b2", "e5", "h8", "j10"})
	if err != nil || step.Action != "[b2,e5,h8]j10" {
		t.Errorf("setup: %+v, %v", step, err)
	}
	if _, err := d.Pick(st0, []string{"b2", "c3"}); !errors.Is(err, game.ErrBadChoice) {
		t.Errorf("adjacent shooter: %v", err)
	}
	split, err := game.Pick(d, st0, nil)
	if err != nil || !split.Group || len(split.Options) != 10 || split.Options[0].Label != "rank 10" {
		t.Errorf("100 squares split: %+v, %v", split, err)
	}
	if _, err := d.Pick(nil, nil); !errors.Is(err, game.ErrForeignState) {
		t.Errorf("nil state: %v", err)
	}
}

func optValues(opts []game.Option) []string {
	var out []string
	for _, o := range opts {
		out = append(out, o.Value)
	}
	return out
}

// BenchmarkPickStep times one step of the picker at a mid-game 10x10
// position: the destinations of a shooter, and the last step.
func BenchmarkPickStep(b *testing.B) {
	d := veletas.Definition{}
	st, err := d.New(game.Terms{veletas.TermSize: "10"})
	if err != nil {
		b.Fatal(err)
	}
	r := rand.New(rand.NewPCG(7, 7))
	for st.(veletas.Match).Position().Phase() != veletas.PhasePlay || st.(veletas.Match).Game.Len() < 23 {
		m := st.(veletas.Match)
		var next game.State
		switch m.Position().Phase() {
		case veletas.PhasePlay:
			pos := m.Position()
			tu, _ := pos.RandomTurn(r)
			next, err = st.Play(tu.String())
		case veletas.PhaseChoice:
			next, err = st.Play("keep")
		default:
			next, err = st.Play(m.Position().RandomSetup(r).String())
		}
		if err != nil {
			b.Fatal(err)
		}
		st = next
	}
	first, err := d.Pick(st, nil)
	if err != nil {
		b.Fatal(err)
	}
	shooter := first.Options[0].Value
	b.Run("to", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := game.Pick(d, st, []string{shooter}); err != nil {
				b.Fatal(err)
			}
		}
	})
	to, _ := d.Pick(st, []string{shooter})
	dest := to.Options[len(to.Options)-1].Value
	shot, _ := d.Pick(st, []string{shooter, dest})
	chosen := []string{shooter, dest, shot.Options[0].Value}
	b.Run("done", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := game.Pick(d, st, chosen); err != nil {
				b.Fatal(err)
			}
		}
	})
}
