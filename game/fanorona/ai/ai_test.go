package ai

import (
	"errors"
	"math"
	"math/rand/v2"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/veletasbot/veletas/game/fanorona"
)

// randomPositions returns ongoing positions between turns reached by
// random turns from the start of the variant, of every stage of a game.
func randomPositions(t testing.TB, v fanorona.Variant, n int, seed uint64) []fanorona.Position {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 3))
	var out []fanorona.Position
	for len(out) < n {
		p := fanorona.NewPosition(v)
		stop := r.IntN(80)
		for i := 0; i < stop && !p.Over(); i++ {
			p, _ = p.RandomTurn(r)
		}
		if !p.Over() {
			out = append(out, p)
		}
	}
	return out
}

func legal(p fanorona.Position, t fanorona.Turn) bool {
	for _, u := range p.LegalTurns(nil) {
		if u == t {
			return true
		}
	}
	return false
}

// TestNeverIllegal asks every level for a turn in many random positions of
// both variants and checks each is one of the engine's legal turns and
// applies.
func TestNeverIllegal(t *testing.T) {
	n := map[Level]int{Easy: 300, Medium: 100, Hard: 12}
	if testing.Short() {
		n = map[Level]int{Easy: 60, Medium: 20, Hard: 3}
	}
	for _, v := range fanorona.Variants {
		for _, l := range Levels {
			pl := NewLevel(l, 5)
			for i, p := range randomPositions(t, v, n[l], uint64(l)*10+uint64(v)) {
				turn, _, err := pl.Choose(p)
				if err != nil {
					t.Fatalf("%s %s position %d %s: %v", v, l, i, p, err)
				}
				if !legal(p, turn) {
					t.Fatalf("%s %s position %d %s: %s is not among the legal turns", v, l, i, p, turn)
				}
				if _, err := p.Apply(turn); err != nil {
					t.Fatalf("%s %s position %d %s: %s: %v", v, l, i, p, turn, err)
				}
			}
		}
	}
}

func diagram(t *testing.T, rows string, toMove fanorona.Color, v fanorona.Variant) fanorona.Position {
	t.Helper()
	p, err := fanorona.ParseDiagram(rows, toMove, 0, v)
	if err != nil {
		t.Fatalf("diagram: %v", err)
	}
	return p
}

// TestFindsWinningCapture gives each level positions where one capture
// ends the game and others do not.
func TestFindsWinningCapture(t *testing.T) {
	cases := []struct {
		name string
		rows string
		want string
	}{
		{
			// a1-b1A takes the whole line c1-e1; e2-e3W takes e1 only.
			"line", `
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . w . . . .
w . b b b . . . .`, "a1-b1A",
		},
		{
			// a1-b1A takes c1, and only the continuation b1-b2A takes b3,
			// Black's last piece.
			"sequence", `
. . . . . . . . .
. . . . . . . . .
. b . . . . . . .
. . . . . . . . .
w . b . . . . . .`, "a1-b1A-b2A",
		},
		{
			// Withdrawal: e3-f3W takes d3 and c3; e3-e4A would take e5
			// and leave the line.
			"withdrawal", `
. . . . b . . . .
. . . . . . . . .
. . b b w . . . .
. . . . . . . . .
. . . . . . . . .`, "",
		},
	}
	for _, c := range cases {
		for _, v := range fanorona.Variants {
			p := diagram(t, c.rows, fanorona.White, v)
			for _, l := range Levels {
				for seed := uint64(0); seed < 4; seed++ {
					turn, _, err := NewLevel(l, seed).Choose(p)
					if err != nil {
						t.Fatalf("%s %s %s: %v", c.name, v, l, err)
					}
					q, err := p.Apply(turn)
					if err != nil {
						t.Fatalf("%s %s %s: %s: %v", c.name, v, l, turn, err)
					}
					if c.want != "" && turn.String() != c.want {
						t.Errorf("%s %s %s seed %d: played %s, want %s", c.name, v, l, seed, turn, c.want)
					}
					if l != Easy && c.want == "" && !q.Over() && v == fanorona.Fanorona {
						// No single capture wins: medium and hard must
						// still take the larger line, leaving one piece
						// they can reach.
						if q.Count(fanorona.Black) != 1 {
							t.Errorf("%s %s %s seed %d: played %s, leaving %d black pieces, want 1", c.name, v, l, seed, turn, q.Count(fanorona.Black))
						}
					}
				}
			}
		}
	}
}

// TestDeterministicForASeed checks that two players with the same seed
// choose the same turn after the same search, that a player reused gives
// the same answer, and that the seed changes choices somewhere.
func TestDeterministicForASeed(t *testing.T) {
	differ := 0
	// A frozen clock: the decision is bounded by positions alone (under
	// the race detector on a loaded machine the safety time would cut it).
	frozen := time.Unix(0, 0)
	level := func(l Level, seed uint64) *Player {
		o := l.Options()
		o.Seed = seed
		o.Now = func() time.Time { return frozen }
		return New(o)
	}
	for _, v := range fanorona.Variants {
		for _, l := range []Level{Easy, Medium} {
			for i, p := range randomPositions(t, v, 15, 99+uint64(v)) {
				a, sa, errA := level(l, 7).Choose(p)
				b, sb, errB := level(l, 7).Choose(p)
				if errA != nil || errB != nil {
					t.Fatalf("%s %s position %d: errors %v, %v", v, l, i, errA, errB)
				}
				if a != b || sa.Nodes != sb.Nodes || sa.Score != sb.Score {
					t.Fatalf("%s %s position %d %s: %s (%+v) then %s (%+v) with the same seed", v, l, i, p, a, sa, b, sb)
				}
				// The same player reused gives the same answer.
				pl := level(l, 7)
				c1, _, _ := pl.Choose(p)
				c2, _, _ := pl.Choose(p)
				if c1 != a || c2 != a {
					t.Fatalf("%s %s position %d: a reused player chose %s then %s, a fresh one %s", v, l, i, c1, c2, a)
				}
				if o, _, err := level(l, 8).Choose(p); err != nil {
					t.Fatal(err)
				} else if o != a {
					differ++
				}
			}
		}
	}
	if differ == 0 {
		t.Error("another seed never chose another turn: the seed has no effect")
	}
}

// TestErrors checks the refusals: a finished game and a position in the
// middle of a capture sequence.
func TestErrors(t *testing.T) {
	over := diagram(t, `
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
w . . . . . . . .`, fanorona.Black, fanorona.Fanorona)
	if _, _, err := NewLevel(Easy, 1).Choose(over); !errors.Is(err, ErrGameOver) {
		t.Errorf("finished game: got %v, want ErrGameOver", err)
	}
	if _, err := NewRandom(1).Act(fanorona.NewGame(fanorona.Fanorona)); err != nil {
		t.Errorf("random at the start: %v", err)
	}
	p := diagram(t, `
. . . . . . . . .
. . . . . . . . .
. b . . . . . . .
. . . . . . . . .
w . b . . . . . .`, fanorona.White, fanorona.Fanorona)
	mid, err := p.Step(fanorona.Step{From: 0, To: 1, Capture: fanorona.Approach})
	if err != nil {
		t.Fatal(err)
	}
	if !mid.InSequence() {
		t.Fatal("a1-b1A should leave a sequence open")
	}
	if _, _, err := NewLevel(Hard, 1).Choose(mid); !errors.Is(err, ErrInSequence) {
		t.Errorf("in a sequence: got %v, want ErrInSequence", err)
	}
}

// TestLevelsOrdered checks that the levels differ in what they do: from
// the same positions, each level visits more positions and completes
// deeper searches than the one below, within its bound.
func TestLevelsOrdered(t *testing.T) {
	frozen := time.Unix(0, 0)
	for _, v := range fanorona.Variants {
		var prevDepth, prevNodes float64
		for _, l := range Levels {
			o := l.Options()
			o.Now = func() time.Time { return frozen } // no time limit: bounded by positions
			pl := New(o)
			depth, nodes, n := 0, 0, 0
			for _, p := range randomPositions(t, v, 6, 31+uint64(v)) {
				if p.CountTurns() < 2 {
					continue
				}
				_, st, err := pl.Choose(p)
				if err != nil {
					t.Fatal(err)
				}
				if st.Nodes > o.Nodes {
					t.Errorf("%s %s: %d positions visited, more than the level's %d", v, l, st.Nodes, o.Nodes)
				}
				depth += st.Depth
				nodes += st.Nodes
				n++
			}
			d, nd := float64(depth)/float64(n), float64(nodes)/float64(n)
			t.Logf("%s %s: mean depth %.1f, mean positions %.0f", v, l, d, nd)
			if d <= prevDepth || nd <= prevNodes {
				t.Errorf("%s %s: mean depth %.1f and positions %.0f, not above the level below (%.1f, %.0f)", v, l, d, nd, prevDepth, prevNodes)
			}
			prevDepth, prevNodes = d, nd
		}
	}
}

// TestStopsInTime gives an unbounded search a clock that advances a
// millisecond at each reading: it must stop after about its time.
func TestStopsInTime(t *testing.T) {
	now := time.Unix(0, 0)
	readings := 0
	clock := func() time.Time {
		readings++
		now = now.Add(time.Millisecond)
		return now
	}
	p := randomPositions(t, fanorona.Fanorona, 1, 4)[0]
	pl := New(Options{Depth: 30, Time: 50 * time.Millisecond, Now: clock})
	turn, st, err := pl.Choose(p)
	if err != nil {
		t.Fatal(err)
	}
	if !legal(p, turn) {
		t.Fatalf("%s is not legal", turn)
	}
	if readings > 60 || st.Time > 60*time.Millisecond {
		t.Errorf("read the clock %d times, %v by its reckoning, for a 50 ms budget", readings, st.Time)
	}
	if st.Depth >= 30 {
		t.Errorf("completed depth %d: the time limit did not stop the search", st.Depth)
	}
}

func TestParseLevel(t *testing.T) {
	for _, l := range Levels {
		got, err := ParseLevel(strings.ToUpper(l.String()))
		if err != nil || got != l {
			t.Errorf("ParseLevel(%q) = %v, %v", strings.ToUpper(l.String()), got, err)
		}
	}
	if _, err := ParseLevel("expert"); !errors.Is(err, ErrUnknownLevel) || !strings.Contains(err.Error(), "easy, medium or hard") {
		t.Errorf("ParseLevel(expert): %v", err)
	}
}

func TestElo(t *testing.T) {
	d, m := Elo(100, 200)
	if math.Abs(d) > 1e-9 || m < 40 || m > 60 {
		t.Errorf("50%% over 200 games: %+.1f ± %.1f, want 0 ± about 48", d, m)
	}
	d75, _ := Elo(150, 200)
	if math.Abs(d75-400*math.Log10(3)) > 3 {
		t.Errorf("75%%: %+.1f, want about %.1f", d75, 400*math.Log10(3))
	}
	d25, _ := Elo(50, 200)
	if math.Abs(d25+d75) > 1e-9 {
		t.Errorf("25%% gives %+.1f, 75%% %+.1f: not symmetric", d25, d75)
	}
	if dd, _ := Elo(149.5, 200); dd >= d75 {
		t.Error("half a point less must give less Elo")
	}
	if _, m := Elo(0, 0); !math.IsInf(m, 1) {
		t.Error("no games must give an infinite margin")
	}
}

// TestPlayGame plays random against easy in both variants and checks the
// result is the final position's, and that an illegal agent is reported.
func TestPlayGame(t *testing.T) {
	for _, v := range fanorona.Variants {
		r, g, err := PlayGame(v, NewRandom(1), NewLevel(Easy, 2))
		if err != nil {
			t.Fatal(err)
		}
		if r == fanorona.Ongoing || r != g.Position().Result() || g.Variant() != v {
			t.Errorf("%s: result %v, final position %v, variant %s", v, r, g.Position().Result(), g.Variant())
		}
	}
	if _, _, err := PlayGame(fanorona.Fanorona, badAgent{}, NewRandom(1)); err == nil || !strings.Contains(err.Error(), "illegal turn") {
		t.Errorf("an illegal turn: %v", err)
	}
}

type badAgent struct{}

func (badAgent) Act(fanorona.Game) (fanorona.Turn, error) {
	t, _ := fanorona.ParseTurn("a1-a2")
	return t, nil
}

// TestStandardLibraryOnly keeps the AI free of dependencies but the rules
// (and the package game it implements) and the engines' shared
// scaffolding.
func TestStandardLibraryOnly(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", ".").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	pkgs := strings.Fields(string(out))
	if len(pkgs) < 2 {
		t.Fatalf("go list -deps listed %v", pkgs)
	}
	for _, pkg := range pkgs {
		if pkg != "github.com/veletasbot/veletas/game/fanorona" && pkg != "github.com/veletasbot/veletas/game/fanorona/ai" && pkg != "github.com/veletasbot/veletas/game/internal/enginekit" && pkg != "github.com/veletasbot/veletas/game" {
			t.Errorf("game/fanorona/ai depends on %s; it may import only the standard library, game/fanorona, game/internal/enginekit and game", pkg)
		}
	}
}

// TestThreat checks the threat term on little boards: the largest line
// one step captures, by approach or withdrawal, along lines only.
func TestThreat(t *testing.T) {
	cases := []struct {
		rows       string
		white, blk int
	}{
		// a1-b1 approaches the line c1-e1: 3. Black's pieces threaten
		// nothing (no empty point beside them leads onto White).
		{`
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
w . b b b . . . .`, 3, 1},
		// c2 and e4 carry no diagonals: c2-d3 is not a step, so e4 is out
		// of reach, and e4 reaches nothing either.
		{`
. . . . . . . . .
. . . . b . . . .
. . . . . . . . .
. . w . . . . . .
. . . . . . . . .`, 0, 0},
	}
	for i, c := range cases {
		p := diagram(t, c.rows, fanorona.White, fanorona.Fanorona)
		w, b := p.Pieces(fanorona.White), p.Pieces(fanorona.Black)
		if got := threat(w, b); got != c.white {
			t.Errorf("case %d: White threatens %d, want %d", i, got, c.white)
		}
		if got := threat(b, w); got != c.blk {
			t.Errorf("case %d: Black threatens %d, want %d", i, got, c.blk)
		}
	}
}
