package fanorona

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// This file holds a slow reference generator written straight from the
// rules text, with coordinates and no bitboards, and compares it with the
// engine on positions from random games and on random boards.

type refBoard [5][9]byte // '.', 'w', 'b'; [rank][file]

type refPos struct {
	b      refBoard
	toMove byte // 'w' or 'b'
	quiet  int
	vela   bool
}

var refDirs = [8][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}

func refOn(f, r int) bool { return f >= 0 && f < 9 && r >= 0 && r < 5 }

// refLine reports whether a line joins (f,r) to (f+df,r+dr).
func refLine(f, r, df, dr int) bool {
	if !refOn(f, r) || !refOn(f+df, r+dr) {
		return false
	}
	if df != 0 && dr != 0 {
		return (f+r)%2 == 0
	}
	return true
}

func refFromPosition(p Position) refPos {
	var rp refPos
	for r := 0; r < 5; r++ {
		for f := 0; f < 9; f++ {
			rp.b[r][f] = '.'
			if c, ok := p.At(NewPoint(f, r)); ok {
				rp.b[r][f] = "wb"[c]
			}
		}
	}
	rp.toMove = "wb"[p.ToMove()]
	rp.quiet = p.Quiet()
	rp.vela = p.Variant() == Vela
	return rp
}

func (rp refPos) count(c byte) int {
	n := 0
	for r := range rp.b {
		for f := range rp.b[r] {
			if rp.b[r][f] == c {
				n++
			}
		}
	}
	return n
}

func (rp refPos) String() string {
	var ranks []string
	for r := 4; r >= 0; r-- {
		s, run := "", 0
		for f := 0; f < 9; f++ {
			if rp.b[r][f] == '.' {
				run++
				continue
			}
			if run > 0 {
				s += fmt.Sprint(run)
				run = 0
			}
			s += string(rp.b[r][f])
		}
		if run > 0 {
			s += fmt.Sprint(run)
		}
		ranks = append(ranks, s)
	}
	return fmt.Sprintf("%s %c %d", strings.Join(ranks, "/"), rp.toMove, rp.quiet)
}

func refName(f, r int) string { return string([]byte{byte('a' + f), byte('1' + r)}) }

// capture removes the pieces of opp from (f,r) on in direction (df,dr)
// while they are opp's; only the first when one is true.
func (rp *refPos) capture(f, r, df, dr int, opp byte, one bool) int {
	n := 0
	for refOn(f, r) && rp.b[r][f] == opp {
		rp.b[r][f] = '.'
		n++
		if one {
			break
		}
		if !refLine(f, r, df, dr) {
			break
		}
		f, r = f+df, r+dr
	}
	return n
}

// turns returns every legal turn as token -> position after it.
func (rp refPos) turns() map[string]string {
	out := map[string]string{}
	me := rp.toMove
	opp := byte('b')
	if me == 'b' {
		opp = 'w'
	}
	if rp.count('w') == 0 || rp.count('b') == 0 || rp.quiet >= 100 {
		return out
	}
	first := rp.vela && rp.count('b') > 5
	type cap struct {
		f, r, d int
		kind    byte
	}
	// The capturing steps from (f,r), excluding a direction and visited points.
	caps := func(q *refPos, f, r, skip int, visited map[[2]int]bool) []cap {
		var cs []cap
		for d, v := range refDirs {
			if d == skip || !refLine(f, r, v[0], v[1]) {
				continue
			}
			tf, tr := f+v[0], r+v[1]
			if q.b[tr][tf] != '.' || visited[[2]int{tf, tr}] {
				continue
			}
			if refLine(tf, tr, v[0], v[1]) && q.b[tr+v[1]][tf+v[0]] == opp {
				cs = append(cs, cap{f, r, d, 'A'})
			}
			if refLine(f, r, -v[0], -v[1]) && q.b[r-v[1]][f-v[0]] == opp {
				cs = append(cs, cap{f, r, d, 'W'})
			}
		}
		return cs
	}
	var all []cap
	if !(first && me == 'b') {
		for r := 0; r < 5; r++ {
			for f := 0; f < 9; f++ {
				if rp.b[r][f] == me {
					all = append(all, caps(&rp, f, r, -1, nil)...)
				}
			}
		}
	}
	end := func(q refPos, captured bool) string {
		if captured {
			q.quiet = 0
		} else {
			q.quiet++
		}
		q.toMove = opp
		return q.String()
	}
	if len(all) == 0 {
		for r := 0; r < 5; r++ {
			for f := 0; f < 9; f++ {
				if rp.b[r][f] != me {
					continue
				}
				for _, v := range refDirs {
					if refLine(f, r, v[0], v[1]) && rp.b[r+v[1]][f+v[0]] == '.' {
						q := rp
						q.b[r][f], q.b[r+v[1]][f+v[0]] = '.', me
						out[refName(f, r)+"-"+refName(f+v[0], r+v[1])] = end(q, false)
					}
				}
			}
		}
		return out
	}
	var walk func(q refPos, c cap, prefix string, visited map[[2]int]bool)
	walk = func(q refPos, c cap, prefix string, visited map[[2]int]bool) {
		v := refDirs[c.d]
		tf, tr := c.f+v[0], c.r+v[1]
		q.b[c.r][c.f], q.b[tr][tf] = '.', me
		if c.kind == 'A' {
			q.capture(tf+v[0], tr+v[1], v[0], v[1], opp, first)
		} else {
			q.capture(c.f-v[0], c.r-v[1], -v[0], -v[1], opp, first)
		}
		tok := prefix + "-" + refName(tf, tr) + string(c.kind)
		out[tok] = end(q, true)
		if first {
			return
		}
		vis := map[[2]int]bool{}
		for k := range visited {
			vis[k] = true
		}
		vis[[2]int{tf, tr}] = true
		for _, next := range caps(&q, tf, tr, c.d, vis) {
			walk(q, next, tok, vis)
		}
	}
	for _, c := range all {
		walk(rp, c, refName(c.f, c.r), map[[2]int]bool{{c.f, c.r}: true})
	}
	return out
}

// compareWithReference checks LegalTurns and Apply against the reference.
func compareWithReference(t *testing.T, p Position) {
	t.Helper()
	ref := refFromPosition(p).turns()
	if p.Over() {
		// The reference knows no "no legal turn" rule: it lists nothing.
		if len(ref) != 0 {
			t.Fatalf("%v %s over (%v), reference lists %d turns", p.Variant(), p, p.Result(), len(ref))
		}
		return
	}
	turns := p.LegalTurns(nil)
	if len(turns) != len(ref) {
		var got []string
		for _, tk := range turns {
			got = append(got, tk.String())
		}
		slices.Sort(got)
		t.Fatalf("%v %s: %d turns, reference %d\n got %q\nwant %v", p.Variant(), p, len(turns), len(ref), got, ref)
	}
	for _, tk := range turns {
		want, ok := ref[tk.String()]
		if !ok {
			t.Fatalf("%v %s: turn %s not in the reference", p.Variant(), p, tk)
		}
		q, err := p.Apply(tk)
		if err != nil || q.String() != want {
			t.Fatalf("%v %s: %s gives %s (%v), reference %s", p.Variant(), p, tk, q, err, want)
		}
	}
}

func TestReferenceOnRandomGames(t *testing.T) {
	n := 400
	if testing.Short() {
		n = 60
	}
	for _, v := range Variants {
		r := rand.New(rand.NewPCG(21, uint64(v)))
		for g := 0; g < n; g++ {
			p := NewPosition(v)
			for !p.Over() {
				compareWithReference(t, p)
				p, _ = p.RandomTurn(r)
			}
			compareWithReference(t, p)
		}
	}
}

func TestReferenceOnRandomBoards(t *testing.T) {
	n := 20000
	if testing.Short() {
		n = 2000
	}
	r := rand.New(rand.NewPCG(22, 1))
	for i := 0; i < n; i++ {
		// Boards of every density, Véla phases on both sides of six.
		fill := r.Float64()
		var p Position
		for pt := Point(0); pt < Points; pt++ {
			if r.Float64() < fill {
				p.side[r.IntN(2)] |= bit(pt)
			}
		}
		for c := 0; c < 2; c++ {
			for p.side[c].Count() > MaxPieces {
				p.side[c] &= p.side[c] - 1
			}
		}
		if p.side[0]|p.side[1] == 0 {
			continue
		}
		p.toMove = Color(r.IntN(2))
		p.quiet = uint8(r.IntN(101))
		p.variant = Variants[r.IntN(2)]
		back, err := ParsePosition(p.String(), p.variant)
		if err != nil || back != p {
			t.Fatalf("round trip %s: %v", p, err)
		}
		compareWithReference(t, p)
	}
}
