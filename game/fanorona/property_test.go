package fanorona

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// games returns how many random games each property test plays.
func games() int {
	if testing.Short() {
		return 300
	}
	return 2000
}

// TestRandomGameInvariants plays thousands of random games of both
// variants step by step and checks at every step: pieces never increase;
// a capturing step removes at least one piece, exactly one in Véla's first
// phase; Black never captures in that phase; the side to move changes
// exactly when a turn ends; the game ends by the rules within the bound
// that the draw rule sets.
func TestRandomGameInvariants(t *testing.T) {
	for _, v := range Variants {
		r := rand.New(rand.NewPCG(11, uint64(v)))
		results := map[Result]int{}
		for g := 0; g < games(); g++ {
			p := NewPosition(v)
			turns, captures := 0, 0
			for {
				if p.State() == StateOver {
					break
				}
				steps := p.Steps(nil)
				if len(steps) == 0 {
					t.Fatalf("%v: no step in state %v at %s", v, p.State(), p)
				}
				k := r.IntN(len(steps) + boolInt(p.InSequence()))
				var q Position
				var err error
				var s Step
				if k == len(steps) {
					q, err = p.Stop()
				} else {
					s = steps[k]
					q, err = p.Step(s)
				}
				if err != nil {
					t.Fatalf("%v: listed step %v refused at %s: %v", v, s, p, err)
				}
				mover, opp := p.ToMove(), p.ToMove().Other()
				if q.Count(mover) != p.Count(mover) || q.Count(opp) > p.Count(opp) {
					t.Fatalf("%v: pieces changed wrongly by %v", v, s)
				}
				if k < len(steps) {
					removed := p.Count(opp) - q.Count(opp)
					switch {
					case s.Capture == NoCapture && removed != 0:
						t.Fatalf("%v: paika %v removed %d", v, s, removed)
					case s.Capture != NoCapture && removed < 1:
						t.Fatalf("%v: capture %v removed nothing", v, s)
					case s.Capture != NoCapture && p.FirstPhase() && (removed != 1 || mover != White):
						t.Fatalf("%v: first phase: %v by %v removed %d", v, s, mover, removed)
					}
					if removed > 0 {
						captures++
					}
				}
				if q.ToMove() != mover {
					turns++
					if q.InSequence() {
						t.Fatal("sequence open after the turn")
					}
				} else if !q.InSequence() {
					t.Fatalf("%v: same side to move between turns after %v", v, s)
				}
				p = q
			}
			if p.InSequence() || p.Result() == Ongoing {
				t.Fatalf("%v: ended ongoing", v)
			}
			// Each capture resets the count of quiet turns, so a game has
			// at most 99 quiet turns before each capture and 100 after the
			// last: at most 100 per capture plus 100.
			if turns > 100*(captures+1) || captures > 2*MaxPieces {
				t.Fatalf("%v: %d turns with %d captures", v, turns, captures)
			}
			switch res := p.Result(); res {
			case Draw:
				if p.Quiet() != DrawCount {
					t.Fatalf("draw with quiet %d", p.Quiet())
				}
			case WhiteWins, BlackWins:
				w, _ := res.Winner()
				if p.Count(w.Other()) != 0 && (p.ToMove() != w.Other() || p.CountSteps() != 0 || p.canStep()) {
					t.Fatalf("%v: %v won at %s", v, res, p)
				}
			}
			results[p.Result()]++
		}
		t.Logf("%v: %v", v, results)
		// Random Véla games rarely last to a draw: Black's random paikas
		// feed White one piece per turn.
		if results[WhiteWins] == 0 || results[BlackWins] == 0 || (v == Fanorona && results[Draw] == 0) {
			t.Errorf("%v: every outcome should occur in %d random games: %v", v, games(), results)
		}
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// stepTurns lists the turns of p through the step-by-step interface only:
// Steps, Step and the stopping points of StateSequence.
func stepTurns(p Position, prefix []Step, out []string) []string {
	for _, s := range p.Steps(nil) {
		q, err := p.Step(s)
		if err != nil {
			panic(err)
		}
		steps := append(prefix[:len(prefix):len(prefix)], s)
		tk, ok := NewTurn(steps...)
		if !ok {
			panic("steps do not chain")
		}
		out = append(out, tk.String())
		if q.InSequence() {
			out = stepTurns(q, steps, out)
		}
	}
	return out
}

// TestStepsAgreeWithTurns checks, at every position of random games, that
// the step-by-step interface and the whole-turn generator agree: the same
// turns, and each turn applied whole or step by step gives the same
// position.
func TestStepsAgreeWithTurns(t *testing.T) {
	for _, v := range Variants {
		r := rand.New(rand.NewPCG(12, uint64(v)))
		positions := 0
		for g := 0; g < games()/2; g++ {
			p := NewPosition(v)
			for !p.Over() {
				turns := p.LegalTurns(nil)
				var whole []string
				for _, tk := range turns {
					whole = append(whole, tk.String())
					q, err := p.Apply(tk)
					if err != nil {
						t.Fatalf("%v: listed turn %s refused at %s: %v", v, tk, p, err)
					}
					// Step by step, stopping at the end.
					s := p
					for i := 0; i < tk.Len(); i++ {
						if s, err = s.Step(tk.Step(i)); err != nil {
							t.Fatalf("%v: step %d of %s refused: %v", v, i, tk, err)
						}
					}
					if s.InSequence() {
						s, _ = s.Stop()
					}
					if s != q {
						t.Fatalf("%v: %s whole %s, by steps %s", v, tk, q, s)
					}
					// Text round trip of the turn.
					back, err := ParseTurn(tk.String())
					if err != nil || back != tk {
						t.Fatalf("turn round trip %s: %v", tk, err)
					}
				}
				byStep := stepTurns(p, nil, nil)
				slices.Sort(whole)
				slices.Sort(byStep)
				if !slices.Equal(whole, byStep) || len(whole) != p.CountTurns() {
					t.Fatalf("%v at %s:\nturns %q\nsteps %q", v, p, whole, byStep)
				}
				if len(slices.Compact(slices.Clone(whole))) != len(whole) {
					t.Fatalf("duplicate turns at %s", p)
				}
				// Position round trip.
				if back, err := ParsePosition(p.String(), v); err != nil || back != p {
					t.Fatalf("position round trip %s: %v", p, err)
				}
				positions++
				p = p.mustApply(turns[r.IntN(len(turns))])
			}
		}
		t.Logf("%v: %d positions", v, positions)
	}
}

func (p Position) mustApply(t Turn) Position {
	q, err := p.Apply(t)
	if err != nil {
		panic(err)
	}
	return q
}

// TestRecordRoundTrip writes random games as records and reads them back.
func TestRecordRoundTrip(t *testing.T) {
	for _, v := range Variants {
		r := rand.New(rand.NewPCG(13, uint64(v)))
		for g := 0; g < 100; g++ {
			game := NewGame(v)
			for !game.Position().Over() {
				turns := game.Position().LegalTurns(nil)
				var err error
				if game, err = game.Play(turns[r.IntN(len(turns))]); err != nil {
					t.Fatal(err)
				}
			}
			back, err := ParseRecordString(game.String())
			if err != nil || back.Position() != game.Position() || back.Len() != game.Len() || back.String() != game.String() {
				t.Fatalf("record round trip: %v", err)
			}
			ps := game.Positions()
			if len(ps) != game.Len()+1 || ps[len(ps)-1] != game.Position() {
				t.Fatal("Positions")
			}
		}
	}
}

// TestPlayoutMatchesRandomStep checks that Playout ends games the way the
// public state functions say.
func TestPlayoutEnds(t *testing.T) {
	r := rand.New(rand.NewPCG(14, 1))
	for _, v := range Variants {
		for i := 0; i < 500; i++ {
			p, n := RandomGame(v, r)
			if !p.Over() || n <= 0 {
				t.Fatalf("%v: playout ended at %s (%v) after %d turns", v, p, p.Result(), n)
			}
		}
	}
}

// TestPlayoutMatchesRandomStep checks that the fast playout loop makes the
// same decisions as the public step-by-step RandomStep.
func TestPlayoutMatchesRandomStep(t *testing.T) {
	for _, v := range Variants {
		for seed := uint64(0); seed < 300; seed++ {
			fast, _ := NewPosition(v).Playout(rand.New(rand.NewPCG(seed, 9)))
			r := rand.New(rand.NewPCG(seed, 9))
			p, ok := NewPosition(v), true
			for ok {
				p, ok = p.RandomStep(r)
			}
			if fast != p {
				t.Fatalf("%v seed %d: Playout ends at %s (%v), RandomStep at %s (%v)", v, seed, fast, fast.Result(), p, p.Result())
			}
		}
	}
}

// TestShiftMasks checks the literal masks of gen_unrolled.go against the
// geometry computed at start.
func TestShiftMasks(t *testing.T) {
	m1 := [8]Bits{m1East, m1NorthEast, m1North, m1NorthWest, m1West, m1SouthWest, m1South, m1SouthEast}
	m2 := [8]Bits{m2East, m2NorthEast, m2North, m2NorthWest, m2West, m2SouthWest, m2South, m2SouthEast}
	for d := Dir(0); d < 8; d++ {
		var two Bits
		for p := Point(0); p < Points; p++ {
			if q := neighbour[p][d]; q != NoPoint && neighbour[q][d] != NoPoint {
				two |= bit(p)
			}
		}
		if m1[d] != fromMask[d] || m2[d] != two {
			t.Errorf("%v: masks %#x %#x, want %#x %#x", d, m1[d], m2[d], fromMask[d], two)
		}
	}
}
