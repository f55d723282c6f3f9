package bot

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/veletasbot/veletas/game"
)

// TestPickStepsWorded: every step key the picker of each game hosted can
// return (found by playing random games to their end by the picker, on
// each value of each term, with the 25-option splitting of game.Pick) has
// its module's wording (PickStepKey) in English, French and Japanese, so
// the picker never shows a raw key ("Next: to."); and so has every option
// that is a word rather than a square ("swap", "stop": OptionKey), which
// the picker and the web board show worded.
func TestPickStepsWorded(t *testing.T) {
	newEnv(t, Config{}) // registers the games
	for _, m := range reg().list {
		p, ok := m.Rules().(game.Pickable)
		if !ok {
			continue
		}
		keys, words := map[string]bool{}, map[string]bool{}
		terms := []game.Terms{{}}
		for _, tm := range p.Terms() {
			for _, v := range tm.Values {
				terms = append(terms, game.Terms{tm.Name: v})
			}
		}
		r := rand.New(rand.NewPCG(1, 2))
		for _, raw := range terms {
			nt, err := p.Normalize(raw)
			if err != nil {
				continue // a value only valid with others
			}
			for range 3 {
				walkPicks(t, p, nt, r, keys, words)
			}
		}
		if len(keys) == 0 {
			t.Fatalf("%s: no step", m.command)
		}
		for k := range keys {
			for _, l := range []string{"en", "fr", "ja"} {
				loc := withGame(l, m.kind)
				if got := tr(loc, PickStepKey+k); got == PickStepKey+k || got == "" {
					t.Errorf("%s: step %q has no wording in %s", m.command, k, l)
				} else if l != "en" && got == tr(withGame("en", m.kind), PickStepKey+k) {
					t.Errorf("%s: step %q in %s is the English %q", m.command, k, l, got)
				}
			}
			if w := pickKey(withGame("en", m.kind), game.Step{Key: k}); w == k {
				t.Errorf("%s: the picker words %q as its key", m.command, k)
			}
		}
		for w := range words {
			for _, l := range []string{"en", "fr", "ja"} {
				loc := withGame(l, m.kind)
				got := optionLabel(loc, game.Option{Label: w})
				if !hasText(loc, OptionKey(w)) {
					t.Errorf("%s: option %q has no wording (%s)", m.command, w, OptionKey(w))
				} else if l != "en" && got == optionLabel(withGame("en", m.kind), game.Option{Label: w}) {
					t.Errorf("%s: option %q in %s is the English %q", m.command, w, l, got)
				}
			}
		}
		t.Logf("%s: steps %v, option words %v", m.command, keys, words)
	}
}

// walkPicks plays a game on terms to its end (or 400 actions) by random
// choices of game.Pick, recording the step keys met and the labels of the
// options that are words (no digit: not a square, not a group of them).
func walkPicks(t *testing.T, p game.Pickable, terms game.Terms, r *rand.Rand, keys, words map[string]bool) {
	t.Helper()
	s, err := p.New(terms)
	if err != nil {
		t.Fatal(err)
	}
	for n := 0; n < 400; n++ {
		var chosen []string
		for {
			st, err := game.Pick(p, s, chosen)
			if errors.Is(err, game.ErrNothingToPick) {
				return
			}
			if err != nil {
				t.Fatalf("%s %v: %v", p.Kind(), chosen, err)
			}
			if st.Key != "" && len(st.Options) > 0 {
				keys[st.Key] = true
			}
			for _, o := range st.Options {
				if !strings.ContainsAny(o.Label, "0123456789") {
					words[o.Label] = true
				}
			}
			if len(st.Options) == 0 || st.Action != "" && r.IntN(2) == 0 {
				if st.Action == "" {
					t.Fatalf("%s %v: a step with neither options nor action", p.Kind(), chosen)
				}
				if s, err = p.Act(s, st.Action); err != nil {
					t.Fatalf("%s: %s: %v", p.Kind(), st.Action, err)
				}
				break
			}
			chosen = append(chosen, st.Options[r.IntN(len(st.Options))].Value)
		}
	}
}
