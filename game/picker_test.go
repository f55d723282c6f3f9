package game_test

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/veletasbot/veletas/game"
)

// menu is a Pickable of one step offering opts, whose action is the
// option chosen.
type menu struct {
	game.Rules
	opts []game.Option
}

func (m menu) Pick(_ game.State, chosen []string) (game.Step, error) {
	switch len(chosen) {
	case 0:
		return game.Step{Key: "square", Options: m.opts}, nil
	case 1:
		for _, o := range m.opts {
			if o.Value == chosen[0] {
				return game.Step{Action: "play " + o.Value, Marks: chosen}, nil
			}
		}
	}
	return game.Step{}, game.ErrBadChoice
}

func (menu) Act(s game.State, _ string) (game.State, error) { return s, nil }

var _ game.Pickable = menu{}

// squares returns the squares of an n x n board, rank by rank from the
// top, grouped by rank when grouped.
func squares(n int, grouped bool) []game.Option {
	var out []game.Option
	for r := n; r >= 1; r-- {
		for f := range n {
			name := fmt.Sprintf("%c%d", 'a'+f, r)
			if n > 26 {
				name = fmt.Sprintf("f%dr%d", f+1, r)
			}
			o := game.Option{Value: name, Label: name}
			if grouped {
				o.Group = fmt.Sprintf("rank %d", r)
			}
			out = append(out, o)
		}
	}
	return out
}

// walk follows every path of game.Pick from chosen, checking that no
// step offers more than MaxOptions, and returns the options reached (in
// the order reached) and the deepest level of groups met.
func walk(t *testing.T, p game.Pickable, chosen []string) ([]string, int) {
	t.Helper()
	st, err := game.Pick(p, nil, chosen)
	if err != nil {
		t.Fatalf("Pick(%q): %v", chosen, err)
	}
	if len(st.Options) > game.MaxOptions {
		t.Fatalf("Pick(%q) offers %d options", chosen, len(st.Options))
	}
	if st.Done() {
		if want := "play " + chosen[len(chosen)-1]; st.Action != want {
			t.Fatalf("Pick(%q).Action = %q, want %q", chosen, st.Action, want)
		}
		return []string{chosen[len(chosen)-1]}, 0
	}
	var got []string
	depth := 0
	for _, o := range st.Options {
		g, d := walk(t, p, append(slices.Clone(chosen), o.Value))
		got = append(got, g...)
		if strings.HasPrefix(o.Value, game.GroupPrefix) {
			if !st.Group {
				t.Errorf("Pick(%q) offers group %q, Group false", chosen, o.Value)
			}
			d++
		}
		depth = max(depth, d)
	}
	return got, depth
}

func values(opts []game.Option) []string {
	var out []string
	for _, o := range opts {
		out = append(out, o.Value)
	}
	return out
}

func TestPickSplitsLongSteps(t *testing.T) {
	for _, c := range []struct {
		name   string
		opts   []game.Option
		groups []string // labels of the first level, nil to skip
		depth  int
	}{
		{"25 options, not split", squares(5, true), nil, 0},
		{"100 by rank", squares(10, true), []string{"rank 10", "rank 9", "rank 8", "rank 7", "rank 6", "rank 5", "rank 4", "rank 3", "rank 2", "rank 1"}, 1},
		{"26 ungrouped, pages", squares(6, false)[:26], []string{"a6 – a2", "b2"}, 1},
		{"100 ungrouped, pages", squares(10, false), []string{"a10 – e8", "f8 – j6", "a5 – e3", "f3 – j1"}, 1},
		{"a rank of 26: pages", squares(26, true)[:26*3], nil, 1},
		{"900 ungrouped, two levels", squares(30, false), nil, 2},
		{"one group of 30: pages", func() []game.Option {
			o := squares(30, false)[:30]
			for i := range o {
				o[i].Group = "rank 30"
			}
			return o
		}(), nil, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := menu{opts: c.opts}
			got, depth := walk(t, p, nil)
			if !slices.Equal(got, values(c.opts)) {
				t.Errorf("options reached through the groups:\n%q\nwant\n%q", got, values(c.opts))
			}
			if depth != c.depth {
				t.Errorf("levels of groups %d, want %d", depth, c.depth)
			}
			if c.groups != nil {
				st, err := game.Pick(p, nil, nil)
				if err != nil {
					t.Fatal(err)
				}
				var labels []string
				for _, o := range st.Options {
					labels = append(labels, o.Label)
				}
				if !slices.Equal(labels, c.groups) {
					t.Errorf("groups %q, want %q", labels, c.groups)
				}
			}
		})
	}
}

func TestPickGroupStep(t *testing.T) {
	p := menu{opts: squares(10, true)}
	st, err := game.Pick(p, nil, []string{"~4"})
	if err != nil {
		t.Fatal(err)
	}
	if st.Key != "square" || st.Group || st.In != "rank 6" || !slices.Equal(values(st.Options), values(squares(10, true)[40:50])) {
		t.Errorf("in rank 6: %+v", st)
	}
	st, err = game.Pick(p, nil, []string{"~4", "c6"})
	if err != nil || st.Action != "play c6" || !st.Done() {
		t.Errorf("c6 through rank 6: %+v, %v", st, err)
	}
	for _, bad := range [][]string{{"c6"}, {"~10"}, {"~-1"}, {"~x"}, {"~4", "c5"}, {"~4", "~1"}, {"~4", "c6", "d6"}} {
		if _, err := game.Pick(p, nil, bad); !errors.Is(err, game.ErrBadChoice) {
			t.Errorf("Pick(%q): %v, want ErrBadChoice", bad, err)
		}
	}
	// A group of one option is offered as that option.
	opts := squares(10, true)
	opts = append(opts[:1:1], opts[10:]...) // rank 10 keeps only a10
	st, err = game.Pick(menu{opts: opts}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if st.Options[0].Value != "a10" || st.Options[1].Value != "~1" || !st.Group {
		t.Errorf("a group of one: %+v", st.Options[:2])
	}
	if st, err := game.Pick(menu{opts: opts}, nil, []string{"a10"}); err != nil || st.Action != "play a10" {
		t.Errorf("a10 chosen directly: %+v, %v", st, err)
	}
}
