package ai

import (
	"errors"
	"math"
	"math/rand/v2"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/veletasbot/veletas/game/veletas"
)

// randomGameRules returns a game of the size under the rules cut after a
// random number of actions (setup phases included).
func randomGameRules(t *testing.T, size veletas.Size, rules veletas.Rules, r *rand.Rand) veletas.Game {
	t.Helper()
	g, _ := veletas.NewGame(size, veletas.WithRules(rules))
	stop := r.IntN(80)
	rnd := &Random{rng: r}
	for i := 0; i < stop && !g.Position().Over(); i++ {
		a, err := rnd.Act(g)
		if err != nil {
			t.Fatal(err)
		}
		if g, err = g.Play(a); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// randomPlayGame returns a random classic game cut in the play phase.
func randomPlayGame(t *testing.T, size veletas.Size, r *rand.Rand) veletas.Game {
	t.Helper()
	return randomPlayGameRules(t, size, veletas.Classic, r)
}

// randomPlayGameRules is randomPlayGame under the given rules.
func randomPlayGameRules(t *testing.T, size veletas.Size, rules veletas.Rules, r *rand.Rand) veletas.Game {
	t.Helper()
	for {
		if g := randomGameRules(t, size, rules, r); g.Position().Phase() == veletas.PhasePlay {
			return g
		}
	}
}

// TestNeverIllegal asks for an action in 3,000 random positions of each
// size and rule set (setup phases included); every 30th gets a longer
// search, which orders several chunks of turns.
func TestNeverIllegal(t *testing.T) {
	for _, rules := range veletas.AllRules {
		t.Run(rules.String(), func(t *testing.T) { neverIllegal(t, rules) })
	}
}

func neverIllegal(t *testing.T, rules veletas.Rules) {
	n := 3000
	if testing.Short() {
		n = 300
	}
	for _, size := range veletas.Sizes {
		r := rand.New(rand.NewPCG(uint64(size)+100*uint64(rules), 1))
		quick := New(Options{Iterations: 6, Workers: 1, SetupCandidates: 2, SetupPlayouts: 2})
		long := New(Options{Iterations: 200, Workers: 2, SetupCandidates: 2, SetupPlayouts: 2})
		for i := 0; i < n; i++ {
			p := quick
			if i%30 == 0 {
				p = long
			}
			g := randomGameRules(t, size, rules, r)
			if g.Position().Over() {
				if _, err := p.Act(g); err == nil {
					t.Fatal("acted in a finished game")
				}
				continue
			}
			a, err := p.Act(g)
			if err != nil {
				t.Fatalf("%v: %v", size, err)
			}
			if _, err := g.Play(a); err != nil {
				t.Fatalf("%v: illegal %s in %s: %v", size, a, g.Position(), err)
			}
		}
	}
}

func TestFindsWinInOne(t *testing.T) {
	// Black holds g7; e4/b1 traps a1 next to Black's larger group.
	p, err := veletas.ParseDiagram(`
		. . . . . . B
		. . . . . . .
		. . . . . . .
		. . . . s . .
		. . . . . . .
		w w . . . . .
		s . b b . . .`, veletas.Black)
	if err != nil {
		t.Fatal(err)
	}
	pl := New(Options{Iterations: 50})
	tr := pl.search(p)
	if q := p.PlayLegal(tr); q.Winner() != veletas.Black {
		t.Fatalf("played %s, which does not win", tr)
	}
	// Under the revised rules: c4 steps aside and shoots back into c4 (or
	// shoots b4), closing d4's only way out, over c4; Black's group is the
	// larger and Black then holds 2 of 3.
	p, err = veletas.ParseDiagram(`
		. . . . . . .
		. . . . . . .
		. . b b b . .
		. . s s b . .
		. . b w b . .
		. . . . . . .
		. . . . . . B`, veletas.Black)
	if err != nil {
		t.Fatal(err)
	}
	p = p.WithRules(veletas.Revised)
	tr = New(Options{Iterations: 50}).search(p)
	if q := p.PlayLegal(tr); q.Winner() != veletas.Black {
		t.Fatalf("revised: played %s, which does not win", tr)
	}
	// And in positions from random games where a winning turn exists.
	found, per := 0, 30
	if testing.Short() {
		per = 3
	}
	for i, size := range append(veletas.Sizes, veletas.Sizes...) {
		rules := veletas.AllRules[i/len(veletas.Sizes)]
		r := rand.New(rand.NewPCG(uint64(size), 5+uint64(rules)))
		for goal := found + per*int(size); found < goal; {
			g := randomGameRules(t, size, rules, r)
			pos := g.Position()
			if pos.Phase() != veletas.PhasePlay {
				continue
			}
			win := false
			for _, m := range pos.LegalTurns(nil) {
				win = win || pos.PlayLegal(m).Winner() == pos.ToMove()
			}
			if !win {
				continue
			}
			found++
			a, err := New(Options{Iterations: 20, Seed: uint64(found)}).Act(g)
			if err != nil {
				t.Fatal(err)
			}
			if q, err := pos.Apply(a); err != nil || q.Winner() != pos.ToMove() {
				t.Fatalf("missed a win in one in %s: played %s", pos, a)
			}
		}
	}
}

// fakeClock advances a millisecond at every reading.
type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(time.Millisecond)
	return c.now
}

func TestStopsWithinTimeBudget(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 3))
	for _, size := range veletas.Sizes {
		g := randomPlayGame(t, size, r)
		for _, workers := range []int{1, 2} {
			clock := &fakeClock{now: time.Unix(0, 0)}
			p := New(Options{Time: 100 * time.Millisecond, Workers: workers, Now: clock.Now})
			start := clock.Now()
			if _, err := p.Act(g); err != nil {
				t.Fatal(err)
			}
			// The clock moves 1 ms per reading and each worker reads it before
			// every iteration: a search that ignored the budget would run on
			// (there is no iteration cap) and never return.
			if used := clock.now.Sub(start); used > 100*time.Millisecond+time.Duration(workers+1)*time.Millisecond {
				t.Fatalf("%v with %d workers used %v of a 100ms budget", size, workers, used)
			}
		}
	}
}

// TestSetupsStopWithinTimeBudget gives the setup decisions far more
// candidates and search than a 100 ms budget allows: they must stop.
func TestSetupsStopWithinTimeBudget(t *testing.T) {
	for _, size := range veletas.Sizes {
		g, _ := veletas.NewGame(size)
		for g.Position().Phase() != veletas.PhasePlay {
			clock := &fakeClock{now: time.Unix(0, 0)}
			p := New(Options{Time: 100 * time.Millisecond, SetupCandidates: 10000, SetupPlayouts: 10000, Now: clock.Now})
			start := clock.Now()
			a, err := p.Act(g)
			if err != nil {
				t.Fatal(err)
			}
			// One candidate may be finishing when the time is up: each
			// reads the clock a few times.
			if used := clock.now.Sub(start); used > 120*time.Millisecond {
				t.Fatalf("%v %v: used %v of a 100ms budget", size, g.Position().Phase(), used)
			}
			if g, err = g.Play(a); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func TestDeterministicForASeed(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	for _, size := range veletas.Sizes {
		g := randomPlayGame(t, size, r)
		o := Options{Iterations: 400, Workers: 2, Seed: 42}
		a1, err := New(o).Act(g)
		if err != nil {
			t.Fatalf("%s: first decision: %v", size, err)
		}
		a2, err := New(o).Act(g)
		if err != nil {
			t.Fatalf("%s: second decision: %v", size, err)
		}
		if a1.String() != a2.String() {
			t.Fatalf("%s: same seed, different actions: %s and %s", size, a1, a2)
		}
		if _, err := g.Play(a1); err != nil {
			t.Fatalf("%s: the decision %s is illegal: %v", size, a1, err)
		}
	}
}

// searchGame returns a play-phase game where the search really runs: more
// than one legal turn and no win in one.
func searchGame(t *testing.T, size veletas.Size, r *rand.Rand) veletas.Game {
	t.Helper()
	for {
		g := randomPlayGame(t, size, r)
		pos := g.Position()
		turns := pos.LegalTurns(nil)
		if pos.Over() || len(turns) < 2 {
			continue
		}
		win := false
		for _, tn := range turns {
			if pos.PlayLegal(tn).Winner() == pos.ToMove() {
				win = true
				break
			}
		}
		if !win {
			return g
		}
	}
}

// stepClock is a clock that moves forward by step at each reading, safe
// for the search's workers.
type stepClock struct {
	mu    sync.Mutex
	now   time.Time
	step  time.Duration
	reads int
}

func (c *stepClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.reads++
	c.now = c.now.Add(c.step)
	return c.now
}

// playouts is the number of playouts of the player's last search, over
// its workers.
func playouts(p *Player) int {
	n := 0
	for _, root := range p.trees {
		for _, c := range root.children {
			n += c.visits
		}
	}
	return n
}

// TestLevelsBoundedByPlayouts shows that a level's strength does not
// depend on the machine: with a clock that never moves, a decision runs
// exactly the level's playouts, and each level searches more than the one
// below it.
func TestLevelsBoundedByPlayouts(t *testing.T) {
	g := searchGame(t, veletas.Size7, rand.New(rand.NewPCG(3, 5)))
	levels := []Level{Easy, Medium}
	if !testing.Short() {
		levels = Levels
	}
	prev := 0
	for _, l := range levels {
		o := l.Options()
		frozen := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
		o.Now = func() time.Time { return frozen }
		p := New(o)
		a, err := p.Act(g)
		if err != nil {
			t.Fatalf("%s: %v", l, err)
		}
		if _, err := g.Play(a); err != nil {
			t.Fatalf("%s chose the illegal %s: %v", l, a, err)
		}
		n := playouts(p)
		if n != o.Iterations {
			t.Errorf("%s ran %d playouts with a frozen clock, want its bound %d", l, n, o.Iterations)
		}
		if n <= prev {
			t.Errorf("%s ran %d playouts, no more than the level below (%d)", l, n, prev)
		}
		prev = n
	}
}

// TestLevelsStopInTime shows the time cap at work: with a clock that
// moves a hundredth of the level's time at each reading, every level
// stops after about a hundred readings, far below its playouts, and still
// answers a legal action.
func TestLevelsStopInTime(t *testing.T) {
	g := searchGame(t, veletas.Size10, rand.New(rand.NewPCG(4, 6)))
	for _, l := range Levels {
		o := l.Options()
		if o.Time <= 0 {
			t.Fatalf("%s has no time cap", l)
		}
		clk := &stepClock{now: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), step: o.Time / 100}
		o.Now = clk.Now
		start := clk.now
		p := New(o)
		a, err := p.Act(g)
		if err != nil {
			t.Fatalf("%s: %v", l, err)
		}
		if _, err := g.Play(a); err != nil {
			t.Fatalf("%s chose the illegal %s: %v", l, a, err)
		}
		if n := playouts(p); n == 0 || n > 100+2*o.Workers || n >= o.Iterations {
			t.Errorf("%s ran %d playouts in its time (bound %d), want at most about 100", l, n, o.Iterations)
		}
		if used := clk.now.Sub(start); used > o.Time+time.Duration(2*o.Workers+1)*clk.step {
			t.Errorf("%s thought %v by its clock, over its cap %v", l, used, o.Time)
		}
	}
}

func TestParseLevel(t *testing.T) {
	for _, l := range Levels {
		for _, s := range []string{l.String(), strings.ToUpper(l.String())} {
			back, err := ParseLevel(s)
			if err != nil || back != l {
				t.Fatalf("ParseLevel(%q) = %v, %v", s, back, err)
			}
		}
	}
	for _, s := range []string{"grandmaster", "", "unknown", "easy "} {
		if l, err := ParseLevel(s); !errors.Is(err, ErrUnknownLevel) {
			t.Errorf("ParseLevel(%q) = %v, %v; want ErrUnknownLevel", s, l, err)
		}
	}
}

// TestElo checks the Elo estimate's behaviour: 0 for an even score,
// symmetric, growing with the score, 400·log10(3) ≈ 191 for 75%, and a
// margin that narrows with more games.
func TestElo(t *testing.T) {
	if d, _ := Elo(50, 100); math.Abs(d) > 1e-9 {
		t.Errorf("Elo of an even score = %v, want 0", d)
	}
	prev := math.Inf(-1)
	for w := 0; w <= 100; w++ {
		d, m := Elo(w, 100)
		back, _ := Elo(100-w, 100)
		if math.Abs(d+back) > 1e-9 {
			t.Errorf("Elo(%d, 100) = %v but Elo(%d, 100) = %v: not symmetric", w, d, 100-w, back)
		}
		if d <= prev {
			t.Errorf("Elo(%d, 100) = %v, not above Elo(%d, 100) = %v", w, d, w-1, prev)
		}
		if m <= 0 || math.IsInf(m, 0) {
			t.Errorf("Elo(%d, 100) margin %v", w, m)
		}
		prev = d
	}
	if d, _ := Elo(750, 1000); math.Abs(d-400*math.Log10(3)) > 2 {
		t.Errorf("Elo of 75%% = %v, want about %v", d, 400*math.Log10(3))
	}
	_, m100 := Elo(60, 100)
	_, m1000 := Elo(600, 1000)
	if m1000 >= m100/2 {
		t.Errorf("margin %v over 1000 games, %v over 100: want it about a third", m1000, m100)
	}
	if _, m := Elo(0, 0); !math.IsInf(m, 1) {
		t.Errorf("margin without games = %v, want +Inf", m)
	}
}

// BenchmarkSearch measures the iterations a second of each size, under
// the classic rules (sub-benchmarks 7x7 ...) and the revised ones
// (revised-7x7 ...).
func BenchmarkSearch(b *testing.B) {
	for _, rules := range veletas.AllRules {
		for _, size := range veletas.Sizes {
			name := size.String()
			if rules != veletas.Classic {
				name = rules.String() + "-" + name
			}
			b.Run(name, func(b *testing.B) { benchmarkSearch(b, size, rules) })
		}
	}
}

func benchmarkSearch(b *testing.B, size veletas.Size, rules veletas.Rules) {
	r := rand.New(rand.NewPCG(1, 1))
	g, _ := veletas.NewGame(size, veletas.WithRules(rules))
	rnd := &Random{rng: r}
	for i := 0; i < 3+int(size); i++ {
		a, _ := rnd.Act(g)
		g, _ = g.Play(a)
	}
	p := New(Options{Iterations: 1000})
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p.trees = nil
		p.search(g.Position())
	}
	b.ReportMetric(float64(1000*b.N)/b.Elapsed().Seconds(), "iterations/s")
}

// TestStandardLibraryOnly keeps the AI free of dependencies but the rules
// (and the package game it implements) and the engines' shared
// scaffolding.
func TestStandardLibraryOnly(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", ".").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	for _, pkg := range strings.Fields(string(out)) {
		if pkg != "github.com/veletasbot/veletas/game/veletas" && pkg != "github.com/veletasbot/veletas/game/veletas/ai" && pkg != "github.com/veletasbot/veletas/game/internal/enginekit" && pkg != "github.com/veletasbot/veletas/game" {
			t.Errorf("game/ai depends on %s; it may import only the standard library, game/veletas, game/internal/enginekit and game", pkg)
		}
	}
}

// TestScorerMatchesTurnScore checks the fast move-ordering score against
// the plain one (which plays every turn) over every legal turn of random
// positions of each size, under each rule set.
func TestScorerMatchesTurnScore(t *testing.T) {
	for _, rules := range veletas.AllRules {
		t.Run(rules.String(), func(t *testing.T) { scorerMatchesTurnScore(t, rules) })
	}
}

func scorerMatchesTurnScore(t *testing.T, rules veletas.Rules) {
	r := rand.New(rand.NewPCG(7, 7+uint64(rules)))
	var sc scorer
	checked, nonzero, claims := 0, 0, 0
	for _, size := range veletas.Sizes {
		// Positions where a turn traps a shooter through its lines are
		// rare: the revised rules need many to meet them.
		for i := 0; i < 1500; i++ {
			g := randomGameRules(t, size, rules, r)
			pos := g.Position()
			if pos.Phase() != veletas.PhasePlay {
				continue
			}
			sc.reset(pos)
			for _, tu := range pos.LegalTurns(nil) {
				want := turnScore(pos, tu, pos.ToMove())
				if got := sc.score(tu); got != want {
					t.Fatalf("%v: turn %v scores %v, want %v", pos, tu, got, want)
				}
				checked++
				if want != 0 {
					nonzero++
				}
				if want >= 10 || want <= -10 {
					claims++
				}
			}
		}
	}
	if checked < 10000 || nonzero < checked/20 || claims < 100 {
		t.Fatalf("checked %d turns, %d with a non-zero score, %d with claims: too few", checked, nonzero, claims)
	}
	t.Logf("checked %d turns, %d with a non-zero score, %d with claims", checked, nonzero, claims)
}

// TestTreeInvariants searches long enough that nodes order several chunks
// of turns, then checks every node: its children are distinct legal
// turns leading to the right positions, the turns left untried are
// counted exactly, and visits add up.
func TestTreeInvariants(t *testing.T) {
	for _, rules := range veletas.AllRules {
		t.Run(rules.String(), func(t *testing.T) { treeInvariants(t, rules) })
	}
}

func treeInvariants(t *testing.T, rules veletas.Rules) {
	r := rand.New(rand.NewPCG(11, 11+uint64(rules)))
	for _, size := range veletas.Sizes {
		g := randomPlayGameRules(t, size, rules, r)
		p := New(Options{Iterations: 4000, Seed: 5})
		p.search(g.Position())
		root := p.trees[0]
		nodes, chunked := 0, 0
		var walk func(n *node)
		walk = func(n *node) {
			nodes++
			if !n.expanded {
				if len(n.children) != 0 {
					t.Fatalf("%v: unexpanded node with children", n.pos)
				}
				return
			}
			legal := n.pos.LegalTurns(nil)
			isLegal := map[veletas.Turn]bool{}
			for _, m := range legal {
				isLegal[m] = true
			}
			seen := map[veletas.Turn]bool{}
			sum := 0
			for _, c := range n.children {
				if !isLegal[c.turn] || seen[c.turn] {
					t.Fatalf("%v: child %v illegal or repeated", n.pos, c.turn)
				}
				seen[c.turn] = true
				if c.pos != n.pos.PlayLegal(c.turn) || c.parent != n || c.mover != n.pos.ToMove() {
					t.Fatalf("%v: child %v has the wrong position, parent or mover", n.pos, c.turn)
				}
				sum += c.visits
				walk(c)
			}
			for _, u := range n.untried {
				if !isLegal[u] || seen[u] {
					t.Fatalf("%v: untried %v illegal or already a child", n.pos, u)
				}
			}
			if len(n.children)+n.left != len(legal) {
				t.Fatalf("%v: %d children + %d left != %d legal turns", n.pos, len(n.children), n.left, len(legal))
			}
			if len(n.children) > firstChunk {
				chunked++
			}
			if n.visits < sum {
				t.Fatalf("%v: %d visits < %d over the children", n.pos, n.visits, sum)
			}
		}
		walk(root)
		if root.visits != 4000 || chunked == 0 {
			t.Fatalf("%v: root visits %d, %d nodes past the first chunk", size, root.visits, chunked)
		}
		t.Logf("%v: %d nodes, %d past the first chunk", size, nodes, chunked)
	}
}

// BenchmarkLevel measures one decision of each level at the first turn of
// play (the widest position) of each size, fresh tree, seeded: the time a
// player waits and the memory the tree takes.
func BenchmarkLevel(b *testing.B) {
	for _, l := range Levels {
		for _, size := range veletas.Sizes {
			b.Run(l.String()+"/"+size.String(), func(b *testing.B) {
				g, _ := veletas.NewGame(size)
				rnd := NewRandom(3)
				for g.Position().Phase() != veletas.PhasePlay {
					a, _ := rnd.Act(g)
					g, _ = g.Play(a)
				}
				for i := 0; i < b.N; i++ {
					p := NewLevel(l, uint64(i))
					if _, err := p.Act(g); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// TestSwapsWhenBlackIsFavoured checks the side choice after first setups
// that hand Black a shooter: on 7x7 a shooter in a corner or on an edge
// with a black stone next to it can be trapped at once with Black's group
// beside it, so the second player takes Black.
func TestSwapsWhenBlackIsFavoured(t *testing.T) {
	for _, rec := range []string{"[a1]b1", "[a1]a2", "[a4]b4", "[g7]f7"} {
		g, err := veletas.ParseRecordString("size=7\n" + rec)
		if err != nil {
			t.Fatal(err)
		}
		seeds := uint64(3)
		if testing.Short() {
			seeds = 1
		}
		for seed := uint64(1); seed <= seeds; seed++ {
			a, err := NewLevel(Hard, seed).Act(g)
			if err != nil {
				t.Fatal(err)
			}
			if a.String() != "swap" {
				t.Fatalf("after %s (seed %d) the player chose %s; Black is favoured", rec, seed, a)
			}
		}
	}
}
