package ai

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/veletasbot/veletas/game/amazons"
)

// randomPositions returns ongoing positions reached by random turns from
// the start, of every stage of a game.
func randomPositions(tb testing.TB, n int, seed uint64) []amazons.Position {
	tb.Helper()
	r := rand.New(rand.NewPCG(seed, 3))
	var out []amazons.Position
	for len(out) < n {
		p := amazons.Start()
		stop := r.IntN(70)
		for i := 0; i < stop && !p.Over(); i++ {
			t, _ := p.RandomTurn(r)
			p.Do(t)
		}
		if !p.Over() {
			out = append(out, p)
		}
	}
	return out
}

func position(tb testing.TB, s string) amazons.Position {
	tb.Helper()
	p, err := amazons.ParsePosition(s)
	if err != nil {
		tb.Fatalf("position %q: %v", s, err)
	}
	return p
}

// TestLegalTurns asks every level for a turn in random positions of all
// stages and checks each is legal.
func TestLegalTurns(t *testing.T) {
	n := map[Level]int{Easy: 60, Medium: 30, Hard: 6}
	if testing.Short() {
		n = map[Level]int{Easy: 20, Medium: 10, Hard: 2}
	}
	ctx := context.Background()
	for _, l := range Levels {
		pl := NewLevel(l, 5)
		for i, p := range randomPositions(t, n[l], uint64(l)) {
			turn, st, err := pl.Choose(ctx, p)
			if err != nil {
				t.Fatalf("%s position %d %s: %v", l, i, p, err)
			}
			if err := p.Check(turn); err != nil {
				t.Fatalf("%s position %d %s: %s: %v", l, i, p, turn, err)
			}
			if st.Turns != p.CountTurns() {
				t.Errorf("%s position %d: Stats.Turns %d, the position has %d turns", l, i, st.Turns, p.CountTurns())
			}
		}
	}
}

// TestGameOver checks that a finished game is refused with ErrGameOver.
func TestGameOver(t *testing.T) {
	// Black's only amazon is shut in on a10, Black to move.
	p := position(t, "bx8/xx8/10/10/10/10/10/10/10/9w b")
	if !p.Over() {
		t.Fatalf("%s is not over", p)
	}
	for _, l := range Levels {
		if _, _, err := NewLevel(l, 1).Choose(context.Background(), p); !errors.Is(err, ErrGameOver) {
			t.Errorf("%s: error %v, want ErrGameOver", l, err)
		}
	}
}

// untimed returns a player of a level without its time limit, bounded by
// its work alone (as in a Match), so that a slow run (-race, a loaded
// machine) decides as a fast one.
func untimed(l Level, seed uint64) *Player {
	o := l.Options()
	o.Seed, o.Time = seed, 0
	return New(o)
}

// TestDeterministic checks that a level with a seed chooses the same turn
// in the same position, whatever it decided before, and that the seed
// matters for the levels with noise.
func TestDeterministic(t *testing.T) {
	ctx := context.Background()
	positions := randomPositions(t, 4, 9)
	positions = append(positions, amazons.Start())
	for _, l := range Levels {
		a, b := untimed(l, 42), untimed(l, 42)
		// b decides the positions in the reverse order first.
		for i := len(positions) - 1; i >= 0; i-- {
			if _, _, err := b.Choose(ctx, positions[i]); err != nil {
				t.Fatal(err)
			}
		}
		for i, p := range positions {
			ta, sa, err := a.Choose(ctx, p)
			if err != nil {
				t.Fatal(err)
			}
			tb, sb, err := b.Choose(ctx, p)
			if err != nil {
				t.Fatal(err)
			}
			if ta != tb || sa.Evals != sb.Evals || sa.Score != sb.Score {
				t.Errorf("%s position %d: %s (%d evals, score %.2f) then %s (%d evals, score %.2f) with the same seed",
					l, i, ta, sa.Evals, sa.Score, tb, sb.Evals, sb.Score)
			}
		}
	}
	// Easy's noise and sample depend on the seed: over a few seeds at the
	// start it does not always play the same turn.
	seen := map[amazons.Turn]bool{}
	for seed := uint64(0); seed < 6; seed++ {
		turn, _, err := NewLevel(Easy, seed).Choose(ctx, amazons.Start())
		if err != nil {
			t.Fatal(err)
		}
		seen[turn] = true
	}
	if len(seen) < 2 {
		t.Errorf("easy played the same turn at the start with 6 seeds: %v", seen)
	}
}

// shutIn is a position where White shuts Black in with one shot: Black's
// amazons fill a10, b10, a9 and b9, walled by arrows but for c9.
const shutIn = "bbx7/bb8/xxx7/10/10/10/10/10/10/6wwww w"

// TestFindsWinningTurn checks that every level, with every seed tried,
// plays a turn after which Black cannot move, where most turns leave
// Black a way out.
func TestFindsWinningTurn(t *testing.T) {
	p := position(t, shutIn)
	wins := 0
	turns := p.LegalTurns()
	for _, u := range turns {
		q, _ := p.Apply(u)
		if q.Over() {
			wins++
		}
	}
	if wins == 0 || wins*4 > len(turns) {
		t.Fatalf("the diagram has %d winning turns of %d: want some, and few", wins, len(turns))
	}
	for _, l := range Levels {
		for seed := uint64(0); seed < 5; seed++ {
			turn, st, err := NewLevel(l, seed).Choose(context.Background(), p)
			if err != nil {
				t.Fatal(err)
			}
			q, err := p.Apply(turn)
			if err != nil {
				t.Fatalf("%s seed %d: %s: %v", l, seed, turn, err)
			}
			if !q.Over() {
				t.Errorf("%s seed %d played %s, after which Black can still move (%s)", l, seed, turn, q)
			}
			if st.Score < winScore {
				t.Errorf("%s seed %d: score %.1f, want a win (%g)", l, seed, st.Score, winScore)
			}
		}
	}
}

// fakeClock advances by step at every reading.
type fakeClock struct {
	now  time.Time
	step time.Duration
}

func (c *fakeClock) Now() time.Time {
	c.now = c.now.Add(c.step)
	return c.now
}

// TestTimeLimit gives the depth-2 search no evaluation cap and a time
// limit of 10 ms by a clock that advances a millisecond at each reading
// (one every checkEvery evaluations): it must stop while still scoring
// the 2,176 turns of the start, say so, and play a legal turn.
func TestTimeLimit(t *testing.T) {
	clock := &fakeClock{now: time.Unix(0, 0), step: time.Millisecond}
	pl := New(Options{Depth: 2, Time: 10 * time.Millisecond, Now: clock.Now})
	p := amazons.Start()
	turn, st, err := pl.Choose(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Check(turn); err != nil {
		t.Fatalf("%s: %v", turn, err)
	}
	if !st.Stopped || st.Evals > 11*checkEvery || st.Candidates != 0 {
		t.Errorf("stopped %v after %d evaluations and %d candidates: want a stop within %d evaluations", st.Stopped, st.Evals, st.Candidates, 11*checkEvery)
	}
	if st.Time < 10*time.Millisecond {
		t.Errorf("Stats.Time %v, want at least the 10 ms limit", st.Time)
	}
}

// cancelAfter is a context whose Err turns to context.Canceled after n
// calls.
type cancelAfter struct {
	context.Context
	n int
}

func (c *cancelAfter) Err() error {
	if c.n <= 0 {
		return context.Canceled
	}
	c.n--
	return nil
}

// TestContext checks that a done context is refused before the search and
// cuts a search short during it, the best turn so far being played.
func TestContext(t *testing.T) {
	p := amazons.Start()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, l := range Levels {
		if _, _, err := NewLevel(l, 1).Choose(ctx, p); !errors.Is(err, context.Canceled) {
			t.Errorf("%s with a cancelled context: error %v, want context.Canceled", l, err)
		}
	}
	for _, l := range Levels {
		// The first call is Choose's own check; the search then looks
		// at the context every checkEvery evaluations.
		turn, st, err := NewLevel(l, 1).Choose(&cancelAfter{context.Background(), 2}, p)
		if err != nil {
			t.Fatal(err)
		}
		if err := p.Check(turn); err != nil {
			t.Fatalf("%s: %s: %v", l, turn, err)
		}
		if !st.Stopped || st.Evals > 2*checkEvery {
			t.Errorf("%s: stopped %v after %d evaluations, want a stop within %d", l, st.Stopped, st.Evals, 2*checkEvery)
		}
	}
}

// TestParseLevel reads every level in any case and refuses other names
// with ErrUnknownLevel and a hint.
func TestParseLevel(t *testing.T) {
	for _, l := range Levels {
		for _, s := range []string{l.String(), strings.ToUpper(l.String())} {
			got, err := ParseLevel(s)
			if err != nil || got != l {
				t.Errorf("ParseLevel(%q) = %v, %v; want %v", s, got, err, l)
			}
		}
	}
	for _, s := range []string{"", "expert", "random", "eas"} {
		_, err := ParseLevel(s)
		if !errors.Is(err, ErrUnknownLevel) || !strings.Contains(err.Error(), "easy, medium or hard") {
			t.Errorf("ParseLevel(%q): error %v, want ErrUnknownLevel naming the levels", s, err)
		}
	}
}

// FuzzParseLevel checks that ParseLevel either reads a level whose name
// is the input in some case, or refuses with ErrUnknownLevel.
func FuzzParseLevel(f *testing.F) {
	for _, s := range []string{"easy", "MEDIUM", "Hard", "", "random", "ha rd"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l, err := ParseLevel(s)
		if err != nil {
			if !errors.Is(err, ErrUnknownLevel) {
				t.Fatalf("ParseLevel(%q): error %v does not wrap ErrUnknownLevel", s, err)
			}
			return
		}
		if !strings.EqualFold(l.String(), s) {
			t.Fatalf("ParseLevel(%q) = %v", s, l)
		}
	})
}

// shutInReply is a late position, found among random games, where one of
// White's three turns lets Black shut White in at once: medium, which
// looks one turn ahead, plays it; hard sees Black's reply.
const shutInReply = "xx1x2x3/3xxx2x1/x1x2x4/1bxx1x3b/wxxb3xx1/xxx1x1xx2/xwbxx1x3/xxx2x4/3xxxxxx1/4xwxwxx w"

// losesAtOnce reports whether, after t, the opponent has a turn after
// which the mover of t cannot move.
func losesAtOnce(p amazons.Position, t amazons.Turn) bool {
	q, err := p.Apply(t)
	if err != nil {
		return false
	}
	for _, r := range q.LegalTurns() {
		if z, _ := q.Apply(r); z.Over() {
			return true
		}
	}
	return false
}

// TestHardSeesTheReply checks that hard avoids a turn after which the
// opponent shuts it in, where medium falls for it.
func TestHardSeesTheReply(t *testing.T) {
	p := position(t, shutInReply)
	ctx := context.Background()
	tm, _, err := untimed(Medium, 1).Choose(ctx, p)
	if err != nil {
		t.Fatal(err)
	}
	if !losesAtOnce(p, tm) {
		t.Fatalf("medium played %s, which does not lose at once: the diagram no longer tells the levels apart", tm)
	}
	for seed := uint64(0); seed < 5; seed++ {
		th, _, err := untimed(Hard, seed).Choose(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		if losesAtOnce(p, th) {
			t.Errorf("hard seed %d played %s, after which Black shuts White in", seed, th)
		}
	}
}
