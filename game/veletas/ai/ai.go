package ai

import (
	"errors"
	"math"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/veletasbot/veletas/game/internal/enginekit"
	"github.com/veletasbot/veletas/game/veletas"
)

// Level is a named strength: easy, medium or hard, named and read as
// every game's computer player does (enginekit.Level); Options gives its
// search settings for this game.
type Level enginekit.Level

// The levels, weakest first.
const (
	Easy   = Level(enginekit.Easy)
	Medium = Level(enginekit.Medium)
	Hard   = Level(enginekit.Hard)
)

// Levels lists the levels, weakest first.
var Levels = []Level{Easy, Medium, Hard}

// String returns "easy", "medium" or "hard".
func (l Level) String() string { return enginekit.Level(l).String() }

// ErrUnknownLevel is returned by ParseLevel for a name that is not a
// level. It is the same value for every game's computer player.
var ErrUnknownLevel = enginekit.ErrUnknownLevel

// ErrGameOver is returned when asked to act in a finished game.
var ErrGameOver = errors.New("ai: the game is over")

// ParseLevel reads "easy", "medium" or "hard" (any case).
func ParseLevel(s string) (Level, error) {
	l, err := enginekit.ParseLevel(s)
	return Level(l), err
}

// Options bound and shape a search. The zero value of a field means its
// default; Level.Options gives the settings of each level.
type Options struct {
	// Iterations caps the playouts per decision, over all workers. Zero
	// means no cap (Time must then be set).
	Iterations int
	// Time caps the thinking time per decision. Zero means no cap.
	Time time.Duration
	// Workers is the number of goroutines searching (root parallelism).
	Workers int
	// Seed makes decisions repeatable: with Time zero, the same seed and
	// the same game give the same action.
	Seed uint64
	// PlayoutDepth is the number of random turns before a playout is cut
	// and scored by the evaluation.
	PlayoutDepth int
	// Widening is the progressive widening coefficient: a node visited n
	// times has at most 1 + Widening*sqrt(n) children.
	Widening float64
	// Exploration is the UCT exploration constant.
	Exploration float64
	// SetupCandidates and SetupPlayouts size the search for setups and
	// the side choice.
	SetupCandidates, SetupPlayouts int
	// Now is the clock (time.Now when nil).
	Now func() time.Time
}

// Options returns the settings of a level. Each level is bounded by
// iterations, so that its strength does not depend on the machine or its
// load, and by time as a safety net. Easy thinks a few milliseconds;
// medium answers well under a second; hard searches 60,000 playouts on
// both cores, about a second a move on a 2-core machine and never more
// than 4 seconds (a margin under the 5-second limit).
func (l Level) Options() Options {
	switch l {
	case Easy:
		return Options{Iterations: 150, Time: time.Second, Workers: 1, PlayoutDepth: 4, SetupCandidates: 3, SetupPlayouts: 8}
	case Medium:
		return Options{Iterations: 3000, Time: 800 * time.Millisecond, Workers: 1, PlayoutDepth: 10, SetupCandidates: 10, SetupPlayouts: 40}
	default:
		return Options{Iterations: 60000, Time: 4000 * time.Millisecond, Workers: 2, PlayoutDepth: 10, SetupCandidates: 24, SetupPlayouts: 100}
	}
}

func (o Options) withDefaults() Options {
	if o.Workers <= 0 {
		o.Workers = 1
	}
	if o.PlayoutDepth <= 0 {
		o.PlayoutDepth = 10
	}
	if o.Widening <= 0 {
		o.Widening = 2
	}
	if o.Exploration <= 0 {
		o.Exploration = 0.4
	}
	if o.SetupCandidates <= 0 {
		o.SetupCandidates = 8
	}
	if o.SetupPlayouts <= 0 {
		o.SetupPlayouts = 30
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Iterations <= 0 && o.Time <= 0 {
		o.Iterations = 1000
	}
	return o
}

// Player chooses actions. It keeps the search trees of its last decision
// to reuse them when the game continues; it is not safe for concurrent
// use (use one Player per game).
type Player struct {
	opts     Options
	trees    []*node   // per worker, the root of the last search
	deadline time.Time // of the current decision; zero for none
}

// New returns a player with the given options.
func New(opts Options) *Player { return &Player{opts: opts.withDefaults()} }

// NewLevel returns a player of a level with a seed.
func NewLevel(l Level, seed uint64) *Player {
	o := l.Options()
	o.Seed = seed
	return New(o)
}

// Options returns the player's options with defaults filled in.
func (p *Player) Options() Options { return p.opts }

// Act returns the action the player chooses in the game's current phase.
func (p *Player) Act(g veletas.Game) (veletas.Action, error) {
	pos := g.Position()
	rng := rand.New(rand.NewPCG(p.opts.Seed, uint64(g.Len())*0x9e3779b97f4a7c15+1))
	p.deadline = time.Time{}
	if p.opts.Time > 0 {
		p.deadline = p.opts.Now().Add(p.opts.Time)
	}
	switch pos.Phase() {
	case veletas.PhaseSetup1:
		return p.firstSetup(pos, rng), nil
	case veletas.PhaseChoice:
		return veletas.ChoiceAction(p.blackAfterBestReply(pos, rng) > 0.5), nil
	case veletas.PhaseSetup2:
		return p.secondSetup(pos, rng), nil
	case veletas.PhasePlay:
		t := p.search(pos)
		return veletas.TurnAction(t), nil
	}
	return veletas.Action{}, ErrGameOver
}

// firstSetup picks, among candidate setups, the one whose position looks
// most balanced, since the opponent will take the better side: each
// candidate is scored by short searches after two replies of White's.
func (p *Player) firstSetup(pos veletas.Position, rng *rand.Rand) veletas.Action {
	return p.bestSetup(pos, rng, func(q veletas.Position) float64 {
		r, err := q.Apply(veletas.ChoiceAction(false))
		if err != nil {
			return math.Inf(-1)
		}
		black := 1.0
		for i := 0; i < 2; i++ {
			if t, err := r.Apply(candidateSetup(r, i, rng)); err == nil {
				black = min(black, p.blackValue(t, p.opts.SetupPlayouts*5, rng))
			}
		}
		return -math.Abs(black - 0.5)
	})
}

// secondSetup picks, among candidate setups, the best one for White: each
// candidate is scored by a short tree search from Black's first turn,
// which sees the quick claims that random playouts miss.
func (p *Player) secondSetup(pos veletas.Position, rng *rand.Rand) veletas.Action {
	return p.bestSetup(pos, rng, func(q veletas.Position) float64 {
		return 1 - p.blackValue(q, p.opts.SetupPlayouts*10, rng)
	})
}

// blackAfterBestReply estimates Black's chance after the side choice,
// whichever it is: White then places the second setup, and will choose a
// good one. The best of White's candidates is scored again by a longer
// search, since the best of several noisy scores is biased. Each part has
// half of the time.
func (p *Player) blackAfterBestReply(pos veletas.Position, rng *rand.Rand) float64 {
	q, err := pos.Apply(veletas.ChoiceAction(false))
	if err != nil {
		return 0.5
	}
	end := p.deadline
	if !end.IsZero() {
		p.deadline = p.opts.Now().Add(end.Sub(p.opts.Now()) / 2)
	}
	a := p.secondSetup(q, rng)
	p.deadline = end
	r, err := q.Apply(a)
	if err != nil {
		return 0.5
	}
	return p.blackValue(r, p.opts.SetupPlayouts*40, rng)
}

// late reports whether the decision's time is up.
func (p *Player) late() bool {
	return !p.deadline.IsZero() && !p.opts.Now().Before(p.deadline)
}

// blackValue is Black's chance in a play-phase position by a fresh tree
// search of n iterations (fewer when the time is up): the mean result of
// the turn searched most.
func (p *Player) blackValue(pos veletas.Position, n int, rng *rand.Rand) float64 {
	if pos.Over() || pos.Phase() != veletas.PhasePlay {
		return Evaluate(pos)
	}
	o := p.opts
	root := &node{pos: pos, mover: pos.ToMove().Other()}
	s := searcher{opts: &o, rng: rand.New(rand.NewPCG(rng.Uint64(), rng.Uint64()))}
	for i := 0; i < max(n, 2) && (i < 2 || !p.late()); i++ {
		s.iterate(root)
	}
	var best *node
	for _, c := range root.children {
		if best == nil || c.visits > best.visits {
			best = c
		}
	}
	if best == nil || best.visits == 0 {
		return Evaluate(pos)
	}
	v := best.value / float64(best.visits) // for the mover of best
	if best.mover == veletas.White {
		v = 1 - v
	}
	return v
}

// bestSetup scores SetupCandidates candidate setups and returns the one
// that scores highest; it stops early, after one, when the time is up.
func (p *Player) bestSetup(pos veletas.Position, rng *rand.Rand, score func(q veletas.Position) float64) veletas.Action {
	best, bestScore := veletas.Action{}, math.Inf(-1)
	for i := 0; i < p.opts.SetupCandidates && (best.Kind == 0 || !p.late()); i++ {
		a := candidateSetup(pos, i, rng)
		q, err := pos.Apply(a)
		if err != nil {
			continue
		}
		if s := score(q); s > bestScore || best.Kind == 0 {
			best, bestScore = a, s
		}
	}
	if best.Kind == 0 {
		return pos.RandomSetup(rng)
	}
	return best
}

// candidateSetup is the i-th candidate setup: random (shooters kept off
// the edges when possible) for even i; for odd i, with the stone next to
// the shooter closest to being trapped, where a stone decides who claims
// it.
func candidateSetup(pos veletas.Position, i int, rng *rand.Rand) veletas.Action {
	a := spreadSetup(pos, rng)
	if i%2 == 1 {
		a = stakeSetup(pos, a, rng)
	}
	return a
}

// stakeSetup moves the stone of setup a next to the shooter with the
// fewest free neighbours once a is placed; it returns a unchanged when
// that is not possible.
func stakeSetup(pos veletas.Position, a veletas.Action, rng *rand.Rand) veletas.Action {
	q, err := pos.Apply(a)
	if err != nil {
		return a
	}
	// The board without the stone of a: its square is free again.
	free := q.Empties().With(a.Stone)
	target, fewest := veletas.NoSquare, 9
	for sh := q.Unclaimed(); !sh.Empty(); {
		sq := sh.First()
		sh = sh.Without(sq)
		if n := q.Neighbours(sq).And(free).Count(); n > 0 && n < fewest {
			target, fewest = sq, n
		}
	}
	if target == veletas.NoSquare {
		return a
	}
	options := q.Neighbours(target).And(free).Squares()
	b := veletas.SetupAction(a.Shooters, options[rng.IntN(len(options))])
	if _, err := pos.Apply(b); err != nil {
		return a
	}
	return b
}

// spreadSetup is a random legal setup that keeps shooters off the edges
// when it can (a shooter on the edge is trapped quickly).
func spreadSetup(pos veletas.Position, rng *rand.Rand) veletas.Action {
	var a veletas.Action
	for try := 0; try < 8; try++ {
		a = pos.RandomSetup(rng)
		inner := true
		n := int(pos.Size())
		for _, s := range a.Shooters {
			if s.File() == 0 || s.Rank() == 0 || s.File() == n-1 || s.Rank() == n-1 {
				inner = false
			}
		}
		if inner {
			return a
		}
	}
	return a
}

// search runs the tree search from a play-phase position.
func (p *Player) search(pos veletas.Position) veletas.Turn {
	turns := pos.LegalTurns(nil)
	mover := pos.ToMove()
	// A win in one turn is played at once.
	for _, t := range turns {
		if q := pos.PlayLegal(t); q.Winner() == mover {
			p.trees = nil
			return t
		}
	}
	if len(turns) == 1 {
		return turns[0]
	}
	o := p.opts
	var deadline time.Time
	if o.Time > 0 {
		deadline = o.Now().Add(o.Time)
	}
	if len(p.trees) != o.Workers {
		p.trees = make([]*node, o.Workers)
	}
	per := 0
	if o.Iterations > 0 {
		per = (o.Iterations + o.Workers - 1) / o.Workers
	}
	var wg sync.WaitGroup
	for w := 0; w < o.Workers; w++ {
		root := reuse(p.trees[w], pos)
		if root == nil {
			root = &node{pos: pos, mover: mover.Other()}
		}
		p.trees[w] = root
		rng := rand.New(rand.NewPCG(o.Seed^uint64(w+1)*0xbf58476d1ce4e5b9, uint64(pos.Empties().Count())))
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := searcher{opts: &o, rng: rng}
			for i := 0; per == 0 || i < per; i++ {
				if !deadline.IsZero() && !o.Now().Before(deadline) {
					break
				}
				s.iterate(root)
			}
		}()
	}
	wg.Wait()
	// Robust child: the most visited turn over all workers.
	visits := map[veletas.Turn]int{}
	for _, root := range p.trees {
		for _, c := range root.children {
			visits[c.turn] += c.visits
		}
	}
	best, bestN := turns[0], -1
	for t, n := range visits {
		if n > bestN || n == bestN && less(t, best) {
			best, bestN = t, n
		}
	}
	return best
}

func less(a, b veletas.Turn) bool {
	if a.From != b.From {
		return a.From < b.From
	}
	if a.To != b.To {
		return a.To < b.To
	}
	return a.Shot < b.Shot
}

// reuse finds pos two plies below the previous root (our turn, then the
// opponent's) and returns it detached, or nil.
func reuse(old *node, pos veletas.Position) *node {
	if old == nil {
		return nil
	}
	if old.pos == pos {
		return old
	}
	for _, c := range old.children {
		for _, gc := range c.children {
			if gc.pos == pos {
				gc.parent = nil
				return gc
			}
		}
	}
	return nil
}

// node is a position in the tree, reached by turn, played by mover.
type node struct {
	pos      veletas.Position
	turn     veletas.Turn
	mover    veletas.Color
	parent   *node
	children []*node
	untried  []veletas.Turn // the next turns to try, best first
	left     int            // legal turns that are not children yet
	expanded bool
	visits   int
	value    float64 // sum of results for mover
}

type searcher struct {
	opts   *Options
	rng    *rand.Rand
	buf    []veletas.Turn
	scores []float64
	sc     scorer
}

func (s *searcher) iterate(root *node) {
	n := root
	for !n.pos.Over() {
		if !n.expanded {
			if n != root && n.visits == 0 {
				break // first visit: play out from here
			}
			s.expand(n)
		}
		allowed := 1 + int(s.opts.Widening*math.Sqrt(float64(n.visits)))
		if len(n.children) < allowed && n.left > 0 {
			t := s.next(n)
			c := &node{pos: n.pos.PlayLegal(t), turn: t, mover: n.pos.ToMove(), parent: n}
			n.children = append(n.children, c)
			n = c
			break
		}
		if len(n.children) == 0 {
			break
		}
		n = s.select_(n)
	}
	v := s.playout(n.pos) // for Black
	for m := n; m != nil; m = m.parent {
		m.visits++
		if m.mover == veletas.Black {
			m.value += v
		} else {
			m.value += 1 - v
		}
		if m == root {
			break
		}
	}
}

func (s *searcher) select_(n *node) *node {
	logN := math.Log(float64(n.visits + 1))
	var best *node
	bestScore := math.Inf(-1)
	for _, c := range n.children {
		score := math.Inf(1)
		if c.visits > 0 {
			score = c.value/float64(c.visits) + s.opts.Exploration*math.Sqrt(logN/float64(c.visits))
		}
		if score > bestScore {
			best, bestScore = c, score
		}
	}
	return best
}

// expand lists the legal turns of n and keeps the most promising few.
// Ordering all of them would cost more than the search gains from most
// nodes, which are visited only a few times, and keeping them all would
// cost memory: the turns are ordered in chunks, the next chunk when
// progressive widening asks for it.
func (s *searcher) expand(n *node) {
	n.expanded = true
	s.buf = n.pos.LegalTurns(s.buf[:0])
	n.left = len(s.buf)
	s.keepBest(n, s.buf, firstChunk)
}

// firstChunk is the number of turns ordered when a node is expanded.
const firstChunk = 8

// keepBest scores the turns of list and keeps the best k of them, best
// first, as the untried turns of n. The scores carry a random tie-break.
func (s *searcher) keepBest(n *node, list []veletas.Turn, k int) {
	k = min(k, len(list))
	sc := &s.sc
	sc.reset(n.pos)
	s.scores = s.scores[:0]
	for _, t := range list {
		s.scores = append(s.scores, sc.score(t)+s.rng.Float64())
	}
	scores := s.scores
	for i := 0; i < k; i++ {
		best := i
		for j := i + 1; j < len(list); j++ {
			if scores[j] > scores[best] {
				best = j
			}
		}
		list[i], list[best] = list[best], list[i]
		scores[i], scores[best] = scores[best], scores[i]
	}
	n.untried = append([]veletas.Turn(nil), list[:k]...)
}

// next removes and returns the best untried turn of n (n.left > 0).
func (s *searcher) next(n *node) veletas.Turn {
	if len(n.untried) == 0 {
		tried := make(map[veletas.Turn]bool, len(n.children))
		for _, c := range n.children {
			tried[c.turn] = true
		}
		list := s.buf[:0]
		for _, t := range n.pos.LegalTurns(s.buf[:0]) {
			if !tried[t] {
				list = append(list, t)
			}
		}
		s.buf = list
		s.keepBest(n, list, max(firstChunk, 2*len(n.children)))
	}
	t := n.untried[0]
	n.untried = n.untried[1:]
	n.left--
	return t
}

// scorer computes turnScore quickly. Most turns trap no shooter, and for
// those the score depends on the shot square and on the moved shooter
// only: the part that depends on the shot square is computed once per
// square. Which turns may trap follows the game's rules (see
// veletas.Position.Liberties and TrapLines): under the revised rules
// shooters do not block, so a shooter is in danger when it has few ways
// out past the shooters around it, not few empty neighbours.
type scorer struct {
	pos veletas.Position
	me  veletas.Color
	// danger is every square of the trap lines of an unclaimed shooter
	// that two more stones could trap: the squares a turn must touch to
	// trap it.
	danger veletas.Bits
	// cramped marks the squares where a shooter would have at most one
	// liberty (so its own shot could trap it after moving there); seen
	// marks the squares computed.
	cramped, seen veletas.Bits
	// with[x] is pos with a stone of me on x; shot[x] sums points over
	// the unclaimed shooters next to x; done marks the squares computed.
	with [100]veletas.Position
	shot [100]float64
	done veletas.Bits
	// pts caches points(x, sq) by the direction from x to sq; known[x]
	// has bit d set when pts[x][d] is computed.
	pts   [100][9]float64
	known [100]uint16
}

func (sc *scorer) reset(p veletas.Position) {
	sc.pos, sc.me, sc.danger, sc.done = p, p.ToMove(), veletas.Bits{}, veletas.Bits{}
	sc.cramped, sc.seen = veletas.Bits{}, veletas.Bits{}
	for sh := p.Unclaimed(); !sh.Empty(); {
		sq := sh.First()
		sh = sh.Without(sq)
		// A turn fills at most two squares (the destination and the
		// shot), so it can take at most two liberties.
		if p.Liberties(sq) <= 2 {
			sc.danger = sc.danger.Or(p.TrapLines(sq))
		}
	}
}

// crampedAt reports whether a shooter moved to sq could be trapped by its
// own shot: it has at most one liberty there. The liberties are counted
// with the moving shooter still on its square, which can only hide one
// (the square it leaves is empty after the move).
func (sc *scorer) crampedAt(sq veletas.Square) bool {
	if !sc.seen.Has(sq) {
		sc.seen = sc.seen.With(sq)
		if sc.pos.Liberties(sq) <= 1 {
			sc.cramped = sc.cramped.With(sq)
		}
	}
	return sc.cramped.Has(sq)
}

// points is what a shot on x adds for the shooter on sq next to it.
func (sc *scorer) points(x, sq veletas.Square) float64 {
	d := (sq.Rank()-x.Rank()+1)*3 + sq.File() - x.File() + 1
	if sc.known[x]&(1<<d) != 0 {
		return sc.pts[x][d]
	}
	b, w := sc.with[x].AdjacentGroups(sq)
	if sc.me == veletas.White {
		b, w = w, b
	}
	v := 1.0
	if b > w {
		v = 3
	}
	sc.pts[x][d] = v
	sc.known[x] |= 1 << d
	return v
}

// score equals turnScore(sc.pos, t, sc.me).
func (sc *scorer) score(t veletas.Turn) float64 {
	// A turn fills at most two squares (the destination and the shot), so
	// only a shooter with at most two liberties can be trapped: by a turn
	// that touches its trap lines, or the moved shooter by its own shot.
	if sc.danger.Has(t.Shot) || t.Moved() && (sc.danger.Has(t.To) || sc.crampedAt(t.To)) {
		return turnScore(sc.pos, t, sc.me)
	}
	x := t.Shot
	if !sc.done.Has(x) {
		sc.done = sc.done.With(x)
		sc.with[x] = sc.pos.PlayLegal(veletas.Turn{From: x, To: veletas.NoSquare, Shot: x})
		sc.known[x] = 0
		sum := 0.0
		for sh := sc.pos.Unclaimed().And(sc.pos.Neighbours(x)); !sh.Empty(); {
			sq := sh.First()
			sh = sh.Without(sq)
			sum += sc.points(x, sq)
		}
		sc.shot[x] = sum
	}
	v := sc.shot[x]
	if t.Moved() {
		if t.From != x && near(t.From, x) {
			v -= sc.points(x, t.From)
		}
		if near(t.To, x) {
			v += sc.points(x, t.To)
		}
	}
	return v
}

// turnScore is the move-ordering heuristic for the player me: claims won,
// then shots that grow the mover's groups next to unclaimed shooters.
func turnScore(p veletas.Position, t veletas.Turn, me veletas.Color) float64 {
	q := p.PlayLegal(t)
	if w := q.Winner(); w != veletas.NoColor {
		if w == me {
			return 1000
		}
		return -1000
	}
	score := 20 * float64((q.Claims(me)-p.Claims(me))-(q.Claims(me.Other())-p.Claims(me.Other())))
	// Shots next to unclaimed shooters, where groups decide claims.
	for sh := q.Unclaimed(); !sh.Empty(); {
		sq := sh.First()
		sh = sh.Without(sq)
		if near(sq, t.Shot) {
			b, w := q.AdjacentGroups(sq)
			mine, theirs := b, w
			if me == veletas.White {
				mine, theirs = w, b
			}
			if mine > theirs {
				score += 3
			} else {
				score += 1
			}
		}
	}
	return score
}

func near(a, b veletas.Square) bool {
	df, dr := a.File()-b.File(), a.Rank()-b.Rank()
	return df >= -1 && df <= 1 && dr >= -1 && dr <= 1
}

// playout plays random turns from pos, cut after PlayoutDepth turns, and
// returns Black's result: 1 or 0 at the end, the evaluation otherwise.
func (s *searcher) playout(pos veletas.Position) float64 {
	for i := 0; i < s.opts.PlayoutDepth; i++ {
		if _, ok := pos.RandomTurn(s.rng); !ok {
			break
		}
	}
	switch pos.Winner() {
	case veletas.Black:
		return 1
	case veletas.White:
		return 0
	}
	return Evaluate(pos)
}

// Evaluate estimates Black's chance of winning a play-phase position from
// the claims so far and, for each unclaimed shooter, how close it is to
// being trapped (its liberties under the game's rules) and which colour's
// adjacent groups are larger.
func Evaluate(pos veletas.Position) float64 {
	switch pos.Winner() {
	case veletas.Black:
		return 1
	case veletas.White:
		return 0
	}
	need := float64(pos.Size().Majority())
	b, w := float64(pos.Claims(veletas.Black)), float64(pos.Claims(veletas.White))
	for sh := pos.Unclaimed(); !sh.Empty(); {
		sq := sh.First()
		sh = sh.Without(sq)
		bg, wg := pos.AdjacentGroups(sq)
		lean := float64(bg-wg) / 2
		lean = math.Max(-1, math.Min(1, lean))
		pressure := 1 / float64(1+pos.Liberties(sq))
		share := 0.5 + 0.5*lean*(0.3+0.7*pressure)
		b += share
		w += 1 - share
	}
	// Distance of each side from the majority.
	x := (b - w) / need * 2.5
	return 1 / (1 + math.Exp(-x))
}
