package game

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// MaxOptions is the most options a step Pick returns offers: Discord's
// limit on the options of one select menu.
const MaxOptions = 25

// GroupPrefix starts the value of an option of Pick that chooses a group
// of options (a rank, a page) rather than an option of the game: "~2" is
// the third group.
const GroupPrefix = "~"

// ErrBadChoice is returned by Pick (and a game's Pickable.Pick) for a
// choice that is not one of the options offered at its place.
var ErrBadChoice = errors.New("game: not a choice offered")

// ErrNothingToPick is returned by Pick for a state where nobody may act:
// the game is over.
var ErrNothingToPick = errors.New("game: nothing to pick")

// ErrForeignState is returned by a Pickable given a State of another game.
var ErrForeignState = errors.New("game: a state of another game")

// Option is one choice a step offers.
type Option struct {
	// Value is what the choice adds to the choices made: a square ("c5"),
	// a word ("keep", "stop", "A"). It is short ASCII without commas
	// and does not start with GroupPrefix.
	Value string
	// Label is the choice as a player reads it, in the notation: "c5",
	// "no move", "approach".
	Label string
	// Group names the group of options this one belongs to when the step
	// offers more than MaxOptions ("rank 5"); Pick splits by it, or by
	// pages when the game sets none or its groups do not fit.
	Group string
}

// Step is where the picking of one action stands after the choices made
// so far: what to choose next and whether the choices already make an
// action.
type Step struct {
	// Key names the choice to make, for a front end's wording: "shooter",
	// "to", "shot", "piece", "capture", ... (each game documents its own);
	// "" when nothing is left to choose.
	Key string
	// Index and Count number a choice made several times in a row (the
	// second of three shooters to place: 2 and 3); both 0 otherwise.
	Index, Count int
	// Options are the legal choices, in the order to show them; none when
	// the choices so far are the whole action.
	Options []Option
	// Action is, when not "", the action the choices so far make, in the
	// game's notation, for Pickable.Act on the state picked on.
	Action string
	// Commit reports that Action is one step of a turn played a step at a
	// time: it is applied as soon as it is chosen, and the picking goes on
	// from the state after it while that state has a turn under way
	// (State.Open) of the same seat.
	Commit bool
	// Marks are the squares (or points) to mark in a preview of the
	// board: those chosen so far, in the notation.
	Marks []string
	// Group is true for a step of Pick choosing among groups of the
	// options of Key (values starting with GroupPrefix, or an option of a
	// group of one given directly); In is the label of the group chosen
	// when the step offers the options of one group.
	Group bool
	In    string
}

// Done reports whether nothing is left to choose: the choices make the
// action, to apply.
func (s Step) Done() bool { return len(s.Options) == 0 && s.Action != "" }

// Pickable is a game whose actions a player may pick one choice at a time
// among legal options (a front end's menus) rather than write in the
// notation.
type Pickable interface {
	Rules
	// Pick returns the step after the choices made so far (values of the
	// options of the steps before, in order) for the seat to act in s:
	// every option it offers leads to a legal action, and every legal
	// action is reached by some choices. A choice not offered is
	// ErrBadChoice; a game over is ErrNothingToPick. Options may be more
	// than MaxOptions: game.Pick splits them.
	Pick(s State, chosen []string) (Step, error)
	// Act applies an action of a step of Pick (Step.Action) to the state
	// it was picked on and returns the state after it: State.Play for a
	// game played by whole actions; a step of a turn played a step at a
	// time for one whose steps Commit.
	Act(s State, action string) (State, error)
}

// Pick is p.Pick with every step of more than MaxOptions options split:
// a first step picks a group (the options' Group when the game sets one
// and the groups fit, pages of options otherwise; a group of one option
// is offered as that option), a second the option within it; chosen
// holds the group choices (GroupPrefix and the group's number) among the
// game's. Every step Pick returns offers at most MaxOptions options.
func Pick(p Pickable, s State, chosen []string) (Step, error) {
	var made []string
	for i := 0; ; {
		st, err := p.Pick(s, made)
		if err != nil {
			return Step{}, err
		}
		if len(st.Options) <= MaxOptions {
			if i == len(chosen) {
				return st, nil
			}
			if !offered(st.Options, chosen[i]) {
				return Step{}, badChoice(st.Key, chosen[i])
			}
			made = append(made, chosen[i])
			i++
			continue
		}
		tree := split(st.Options)
		var path []string
		for {
			if i == len(chosen) {
				return groupStep(st, tree, path), nil
			}
			c := chosen[i]
			i++
			n, ok := strings.CutPrefix(c, GroupPrefix)
			if !ok {
				if !offeredNode(tree, c) {
					return Step{}, badChoice(st.Key, c)
				}
				made = append(made, c)
				break
			}
			k, err := strconv.Atoi(n)
			if err != nil || k < 0 || k >= len(tree) || tree[k].opt != nil {
				return Step{}, badChoice(st.Key, c)
			}
			path = append(path, tree[k].label)
			tree = tree[k].kids
		}
	}
}

// offered reports whether v is the value of one of opts.
func offered(opts []Option, v string) bool {
	return slices.ContainsFunc(opts, func(o Option) bool { return o.Value == v })
}

func badChoice(key, v string) error {
	return fmt.Errorf("%w: %q for %s", ErrBadChoice, v, key)
}

// node is a group of options (kids) or, with opt set, one option.
type node struct {
	label string
	opt   *Option
	kids  []node
}

// offeredNode reports whether v is an option offered directly at this
// level (a group of one).
func offeredNode(tree []node, v string) bool {
	return slices.ContainsFunc(tree, func(n node) bool { return n.opt != nil && n.opt.Value == v })
}

// groupStep is the step offering the groups (or options) of one level.
func groupStep(st Step, tree []node, path []string) Step {
	out := st
	out.Options = make([]Option, len(tree))
	out.Group = false
	for k, n := range tree {
		if n.opt != nil {
			out.Options[k] = *n.opt
			continue
		}
		out.Group = true
		out.Options[k] = Option{Value: GroupPrefix + strconv.Itoa(k), Label: n.label}
	}
	if len(path) > 0 {
		out.In = strings.Join(path, ", ")
	}
	return out
}

// split arranges opts (more than MaxOptions of them) in levels of at most
// MaxOptions: by their Group when every group and the groups' number fit,
// by pages otherwise. A group of one option is that option.
func split(opts []Option) []node {
	if len(opts) <= MaxOptions {
		out := make([]node, len(opts))
		for k := range opts {
			out[k] = node{label: opts[k].Label, opt: &opts[k]}
		}
		return out
	}
	if groups := byGroup(opts); groups != nil {
		return groups
	}
	// Pages of size MaxOptions^d, d the least for which they fit.
	size := MaxOptions
	for (len(opts)+size-1)/size > MaxOptions {
		size *= MaxOptions
	}
	var out []node
	for lo := 0; lo < len(opts); lo += size {
		hi := min(lo+size, len(opts))
		page := opts[lo:hi]
		if len(page) == 1 {
			out = append(out, node{label: page[0].Label, opt: &page[0]})
			continue
		}
		out = append(out, node{label: page[0].Label + " – " + page[len(page)-1].Label, kids: split(page)})
	}
	return out
}

// byGroup splits opts by their Group, in the order the groups first
// appear, or returns nil when an option has none or the groups do not
// fit (more than MaxOptions groups, or a group of more options).
func byGroup(opts []Option) []node {
	var names []string
	members := map[string][]Option{}
	for _, o := range opts {
		if o.Group == "" {
			return nil
		}
		if _, seen := members[o.Group]; !seen {
			names = append(names, o.Group)
		}
		members[o.Group] = append(members[o.Group], o)
	}
	if len(names) > MaxOptions || len(names) < 2 {
		return nil
	}
	out := make([]node, 0, len(names))
	for _, name := range names {
		m := members[name]
		if len(m) > MaxOptions {
			return nil
		}
		if len(m) == 1 {
			out = append(out, node{label: m[0].Label, opt: &m[0]})
			continue
		}
		out = append(out, node{label: name, kids: split(m)})
	}
	return out
}
