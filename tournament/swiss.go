package tournament

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
)

// seedOrder returns the indices of players in seed order: rating, highest
// first, then join order. Position k is pairing number k+1.
func seedOrder(players []Player) []int {
	idx := make([]int, len(players))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		return cmp.Compare(players[b].Rating, players[a].Rating)
	})
	return idx
}

// Colour preference strengths (FIDE C.04.3 A.6).
const (
	prefNone = iota
	prefMild
	prefStrong
	prefAbsolute
)

// entrant is a player's history as the Swiss pairing sees it.
type entrant struct {
	id      string
	pn      int // pairing number, 1-based
	score   float64
	idx     int      // index in Tournament.Players
	met     []bool   // by index: everyone ever paired against, forfeits included
	colours []Colour // per begun round; NoColour when no game was played
	byeOrFF bool     // had a bye or a forfeit win
	cd      int      // whites minus blacks over played games
	pc      Colour   // colour preference
	ps      int      // its strength
}

func (e *entrant) setPreference() {
	var played []Colour
	for _, c := range e.colours {
		if c != NoColour {
			played = append(played, c)
		}
	}
	e.cd = 0
	for _, c := range played {
		if c == White {
			e.cd++
		} else {
			e.cd--
		}
	}
	n := len(played)
	switch {
	case n == 0:
		e.pc, e.ps = NoColour, prefNone
	case e.cd > 1 || n >= 2 && played[n-1] == White && played[n-2] == White:
		e.pc, e.ps = Black, prefAbsolute
	case e.cd < -1 || n >= 2 && played[n-1] == Black && played[n-2] == Black:
		e.pc, e.ps = White, prefAbsolute
	case e.cd == 1:
		e.pc, e.ps = Black, prefStrong
	case e.cd == -1:
		e.pc, e.ps = White, prefStrong
	default:
		e.pc, e.ps = played[n-1].Other(), prefMild
	}
}

// entrants builds the histories of every player, indexed like t.Players.
func entrants(t Tournament) []*entrant {
	es := make([]*entrant, len(t.Players))
	byID := map[string]*entrant{}
	for k, i := range seedOrder(t.Players) {
		e := &entrant{id: t.Players[i].ID, pn: k + 1, idx: i, met: make([]bool, len(t.Players))}
		es[i] = e
		byID[e.id] = e
	}
	for _, r := range t.Rounds {
		for _, e := range es {
			e.colours = append(e.colours, NoColour)
		}
		for _, g := range r.Games {
			w := byID[g.White]
			wp, bp := g.Result.Points()
			w.score += wp
			if g.Result == Bye || g.Result == WhiteForfeitWin {
				w.byeOrFF = true
			}
			if g.IsBye() {
				continue
			}
			b := byID[g.Black]
			b.score += bp
			if g.Result == BlackForfeitWin {
				b.byeOrFF = true
			}
			w.met[b.idx], b.met[w.idx] = true, true
			if g.Result.Played() {
				w.colours[len(w.colours)-1] = White
				b.colours[len(b.colours)-1] = Black
			}
		}
	}
	for _, e := range es {
		e.setPreference()
	}
	return es
}

// higher orders entrants by rank: score, then pairing number.
func rankCmp(a, b *entrant) int {
	if c := cmp.Compare(b.score, a.score); c != 0 {
		return c
	}
	return cmp.Compare(a.pn, b.pn)
}

// allocate gives colours to a pair by FIDE C.04.3 E.1–E.5; a ranks higher.
// The initial colour (E.5) is White for pairing number 1.
func allocate(a, b *entrant) (white, black *entrant) {
	give := func(x *entrant, c Colour) (*entrant, *entrant) {
		y := a
		if x == a {
			y = b
		}
		if c == White {
			return x, y
		}
		return y, x
	}
	switch {
	case a.pc != NoColour && a.pc != b.pc: // E.1 (b may have none)
		return give(a, a.pc)
	case a.pc == NoColour && b.pc != NoColour:
		return give(b, b.pc)
	case a.pc != NoColour: // same preference
		if a.ps != b.ps { // E.2
			if a.ps > b.ps {
				return give(a, a.pc)
			}
			return give(b, b.pc)
		}
		if a.ps == prefAbsolute && abs(a.cd) != abs(b.cd) {
			if abs(a.cd) > abs(b.cd) {
				return give(a, a.pc)
			}
			return give(b, b.pc)
		}
		for r := len(a.colours) - 1; r >= 0; r-- { // E.3
			ca, cb := a.colours[r], b.colours[r]
			if ca != NoColour && cb != NoColour && ca != cb {
				return give(a, ca.Other())
			}
		}
		return give(a, a.pc) // E.4
	}
	if a.pn%2 == 1 { // E.5
		return give(a, White)
	}
	return give(a, Black)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Relaxation levels of the absolute criteria, tried in order.
const (
	levelStrict  = iota // no rematch, bye at most once, no absolute colour clash
	levelColours        // absolute colour preferences may clash
	levelByes           // and a player may get a second bye
	numLevels
)

// Search limits: nodes over the whole search of one level, and nodes of one
// bracket attempt (one number of pairs and one colour cost) before the next
// is tried.
const (
	maxNodes    = 100_000
	bracketCost = 10_000
)

type searcher struct {
	groups  [][]*entrant
	level   int
	needBye bool
	// byeCap is the highest score the bye may go to: the lowest score
	// for which a complete pairing exists (pairSwiss finds it first).
	byeCap float64
	nodes  int
	pairs  [][2]*entrant
	bye    *entrant
	cache  map[string]bool // completable answers
}

func (s *searcher) compatible(a, b *entrant) bool {
	if a.met[b.idx] {
		return false
	}
	return s.level >= levelColours || !(a.ps == prefAbsolute && b.ps == prefAbsolute && a.pc == b.pc)
}

func (s *searcher) byeOK(e *entrant) bool {
	return (s.level >= levelByes || !e.byeOrFF) && e.score <= s.byeCap
}

// completable reports whether the players floated into group gi and all
// the groups from gi on can be paired; answers are cached by the floaters.
func (s *searcher) completable(gi int, down []*entrant) bool {
	ids := make([]string, 0, len(down)+1)
	ids = append(ids, strconv.Itoa(gi))
	for _, e := range down {
		ids = append(ids, e.id)
	}
	slices.Sort(ids[1:])
	key := strings.Join(ids, "\x00")
	if ok, seen := s.cache[key]; seen {
		return ok
	}
	all := slices.Clone(down)
	for _, g := range s.groups[gi:] {
		all = append(all, g...)
	}
	_, _, ok := s.completion(all, s.needBye)
	s.cache[key] = ok
	return ok
}

func colourCost(a, b *entrant) int {
	if a.pc != NoColour && a.pc == b.pc {
		return 1
	}
	return 0
}

// run is one attempt at a bracket: p pairs, exactly k unmet colour
// preferences, the rest floating down.
type run struct {
	pl        []*entrant
	used      []bool
	p         int
	floatLeft int
	kLeft     int
	gi        int
	down      []*entrant
	local     int
	last      bool
}

// bracket pairs score group gi with the players floated down to it, then
// the groups below; it backtracks into this bracket when they fail.
func (s *searcher) bracket(gi int, down []*entrant) bool {
	if gi == len(s.groups) {
		switch {
		case len(down) == 0:
			return !s.needBye
		case len(down) == 1 && s.needBye && s.byeOK(down[0]):
			s.bye = down[0]
			return true
		}
		return false
	}
	pl := append(slices.Clone(down), s.groups[gi]...)
	slices.SortFunc(pl, rankCmp)
	n := len(pl)
	last := gi == len(s.groups)-1
	for p := n / 2; p >= 0; p-- {
		if last && n-2*p > 1 {
			break
		}
		for k := colourLowerBound(pl, p); k <= p; k++ {
			r := &run{pl: pl, used: make([]bool, n), p: p, floatLeft: n - 2*p, kLeft: k, gi: gi, local: bracketCost, last: last}
			if s.dfs(r) {
				return true
			}
			if s.nodes <= 0 {
				return false
			}
		}
	}
	return false
}

// colourLowerBound is a lower bound of the unmet colour preferences when p
// pairs are made of pl: the surplus of one preference over the other and
// the players without one must meet among themselves.
func colourLowerBound(pl []*entrant, p int) int {
	var w, b, z int
	for _, e := range pl {
		switch e.pc {
		case White:
			w++
		case Black:
			b++
		default:
			z++
		}
	}
	surplus := abs(w-b) - z - (len(pl) - 2*p)
	if surplus <= 0 {
		return 0
	}
	return surplus / 2
}

// dfs pairs the highest unpaired player of the bracket: first with S2 (the
// players below the first p) in order, then with the S1 players below it
// from the bottom up, and last lets it float down.
func (s *searcher) dfs(r *run) bool {
	s.nodes--
	r.local--
	if s.nodes < 0 || r.local < 0 {
		return false
	}
	i := slices.Index(r.used, false)
	if i < 0 {
		if r.kLeft != 0 {
			return false
		}
		rest := slices.Clone(r.down)
		if len(rest) == 0 && len(s.groups) == r.gi+1 {
			return s.bracket(r.gi+1, rest)
		}
		if !s.completable(r.gi+1, rest) {
			return false
		}
		return s.bracket(r.gi+1, rest)
	}
	x := r.pl[i]
	r.used[i] = true
	try := func(j int) bool {
		y := r.pl[j]
		if r.used[j] || !s.compatible(x, y) {
			return false
		}
		c := colourCost(x, y)
		if c > r.kLeft {
			return false
		}
		r.used[j] = true
		r.kLeft -= c
		s.pairs = append(s.pairs, [2]*entrant{x, y})
		if s.dfs(r) {
			return true
		}
		s.pairs = s.pairs[:len(s.pairs)-1]
		r.kLeft += c
		r.used[j] = false
		return false
	}
	for j := max(i+1, r.p); j < len(r.pl); j++ {
		if try(j) {
			return true
		}
	}
	for j := r.p - 1; j > i; j-- {
		if try(j) {
			return true
		}
	}
	if r.floatLeft > 0 && (!r.last || s.byeOK(x)) {
		r.floatLeft--
		r.down = append(r.down, x)
		if s.dfs(r) {
			return true
		}
		r.down = r.down[:len(r.down)-1]
		r.floatLeft++
	}
	r.used[i] = false
	return false
}

// pairSwiss pairs the next Swiss round; it also returns the relaxation
// level that was needed (levelStrict when every absolute criterion held).
func pairSwiss(t Tournament) ([]Pairing, int, error) {
	all := entrants(t)
	var active []*entrant
	for i, e := range all {
		if !t.Players[i].Withdrawn {
			active = append(active, e)
		}
	}
	slices.SortFunc(active, rankCmp)
	var groups [][]*entrant
	for i, e := range active {
		if i == 0 || e.score != active[i-1].score {
			groups = append(groups, nil)
		}
		groups[len(groups)-1] = append(groups[len(groups)-1], e)
	}
	num := len(t.Rounds) + 1
	for level := levelStrict; level < numLevels; level++ {
		s := &searcher{groups: groups, level: level, needBye: len(active)%2 == 1, nodes: maxNodes, cache: map[string]bool{}}
		// The bye goes to the lowest score a complete pairing allows:
		// the caps are tried from the lowest group's score up.
		var pairs [][2]*entrant
		var bye *entrant
		ok := false
		for gi := len(groups) - 1; gi >= 0 && !ok; gi-- {
			s.byeCap = groups[gi][0].score
			if !s.needBye {
				s.byeCap = groups[0][0].score
				gi = 0
			}
			pairs, bye, ok = s.completion(active, s.needBye)
		}
		if !ok {
			continue
		}
		if !s.bracket(0, nil) {
			s.pairs, s.bye = pairs, bye
		}
		slices.SortFunc(s.pairs, func(a, b [2]*entrant) int {
			return rankCmp(minRank(a), minRank(b))
		})
		var out []Pairing
		for _, pr := range s.pairs {
			w, b := pr[0], pr[1]
			if rankCmp(b, w) < 0 {
				w, b = b, w
			}
			w, b = allocate(w, b)
			out = append(out, Pairing{Round: num, White: w.id, Black: b.id})
		}
		if s.bye != nil {
			out = append(out, Pairing{Round: num, White: s.bye.id})
		}
		return out, level, nil
	}
	return nil, numLevels, ErrNoPairing
}

func minRank(pr [2]*entrant) *entrant {
	if rankCmp(pr[0], pr[1]) <= 0 {
		return pr[0]
	}
	return pr[1]
}
