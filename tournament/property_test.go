package tournament

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// strictFeasible reports by exhaustive search (n ≤ 20) whether the next
// round of t has a pairing meeting the absolute criteria up to level: no
// rematch; bye at most once below levelByes; no absolute colour clash below
// levelColours.
func strictFeasible(t Tournament, level int) bool {
	return feasibleWithin(t, level, math.Inf(1))
}

// feasibleWithin is strictFeasible with the bye given only to a player
// whose score is at most byeCap.
func feasibleWithin(t Tournament, level int, byeCap float64) bool {
	var act []*entrant
	for i, e := range entrants(t) {
		if !t.Players[i].Withdrawn {
			act = append(act, e)
		}
	}
	n := len(act)
	if n > 20 {
		panic("too many for the exhaustive check")
	}
	s := &searcher{level: level, byeCap: byeCap}
	memo := map[uint32]bool{}
	var f func(mask uint32, byeLeft bool) bool
	f = func(mask uint32, byeLeft bool) bool {
		if mask == 1<<n-1 {
			return true
		}
		key := mask<<1 | map[bool]uint32{true: 1}[byeLeft]
		if v, ok := memo[key]; ok {
			return v
		}
		i := 0
		for mask&(1<<i) != 0 {
			i++
		}
		ok := false
		if byeLeft && s.byeOK(act[i]) {
			ok = f(mask|1<<i, false)
		}
		for j := i + 1; j < n && !ok; j++ {
			if mask&(1<<j) == 0 && s.compatible(act[i], act[j]) {
				ok = f(mask|1<<i|1<<j, byeLeft)
			}
		}
		memo[key] = ok
		return ok
	}
	return f(0, n%2 == 1)
}

func noByeEligible(t Tournament) bool {
	for i, e := range entrants(t) {
		if !t.Players[i].Withdrawn && !e.byeOrFF {
			return false
		}
	}
	return true
}

func randomResult(r *rand.Rand) Result {
	switch x := r.IntN(20); {
	case x < 8:
		return WhiteWins
	case x < 14:
		return BlackWins
	case x < 19:
		return Draw
	case x == 19 && r.IntN(2) == 0:
		return WhiteForfeitWin
	default:
		return BlackForfeitWin
	}
}

// colourTrouble returns why a player's colours break the rules, or "".
func colourTrouble(t Tournament, id string) string {
	var seq []Colour
	for _, r := range t.Rounds {
		if g, ok := gameOf(r, id); ok && g.Result.Played() {
			if g.White == id {
				seq = append(seq, White)
			} else {
				seq = append(seq, Black)
			}
		}
	}
	cd := 0
	for i, c := range seq {
		if c == White {
			cd++
		} else {
			cd--
		}
		if cd > 2 || cd < -2 {
			return fmt.Sprintf("colour difference %d after %v", cd, seq[:i+1])
		}
		if i >= 2 && seq[i] == seq[i-1] && seq[i] == seq[i-2] {
			return fmt.Sprintf("three %s in a row: %v", c, seq[:i+1])
		}
	}
	return ""
}

type propStats struct {
	tournaments, rounds, relaxedColours, relaxedByes, noPairing, byeChecks int
}

// playRandom runs one random tournament to its end, checking every round.
func playRandom(tb testing.TB, r *rand.Rand, st *propStats) {
	n := 2 + r.IntN(39)
	f := []Format{Swiss, Swiss, Swiss, RoundRobin, DoubleRoundRobin}[r.IntN(5)]
	rounds := 0
	if f == Swiss {
		maxR := n - 1
		if n%2 == 1 {
			maxR = n
		}
		if n <= 20 && r.IntN(3) == 0 {
			rounds = 1 + r.IntN(maxR)
		} else {
			rounds = 1 + r.IntN(min(maxR, 9))
		}
	}
	t, err := New(f, rounds)
	if err != nil {
		tb.Fatal(err)
	}
	for i := range n {
		if t, err = Join(t, Player{ID: fmt.Sprintf("p%02d", i), Rating: float64(1000 + r.IntN(8)*100)}); err != nil {
			tb.Fatal(err)
		}
	}
	desc := fmt.Sprintf("%s n=%d rounds=%d", f, n, rounds)
	st.tournaments++
	for !t.Finished() {
		var ps []Pairing
		level := levelStrict
		if f == Swiss {
			if len(t.Active()) < 2 {
				return
			}
			ps, level, err = pairSwiss(t)
			if err == nil {
				_, err = PairRound(t) // the public entry agrees
			}
		} else {
			ps, err = PairRound(t)
		}
		if errors.Is(err, ErrNoPairing) {
			st.noPairing++
			if a := len(t.Active()); a <= 20 && strictFeasible(t, levelByes) {
				tb.Fatalf("%s round %d: ErrNoPairing but a pairing exists", desc, len(t.Rounds)+1)
			} else if a > 20 {
				tb.Logf("%s round %d: ErrNoPairing with %d active (not verified)", desc, len(t.Rounds)+1, a)
			}
			return
		}
		if err != nil {
			tb.Fatalf("%s round %d: %v", desc, len(t.Rounds)+1, err)
		}
		if level > levelStrict {
			if level > levelColours {
				st.relaxedByes++
			} else {
				st.relaxedColours++
			}
			if a := len(t.Active()); a > 20 && level == levelByes && noByeEligible(t) {
				tb.Logf("%s round %d: second bye: all %d active had one", desc, len(t.Rounds)+1, a)
			} else if a > 20 {
				tb.Errorf("%s round %d: relaxed to level %d with %d active (not verifiable)", desc, len(t.Rounds)+1, level, a)
			} else if strictFeasible(t, level-1) {
				tb.Fatalf("%s round %d: relaxed to level %d though level %d is feasible", desc, len(t.Rounds)+1, level, level-1)
			}
		}
		before := t
		if t, err = Begin(t, ps); err != nil {
			tb.Fatalf("%s round %d: Begin: %v", desc, len(t.Rounds)+1, err)
		}
		st.rounds++
		// Every active player exactly once; no rematch in a Swiss; bye rules.
		ents := entrants(before)
		byID := map[string]*entrant{}
		for _, e := range ents {
			byID[e.id] = e
		}
		seen := map[string]int{}
		byes := 0
		for _, p := range ps {
			seen[p.White]++
			if p.IsBye() {
				byes++
				if f == Swiss && level < levelByes && byID[p.White].byeOrFF {
					tb.Fatalf("%s round %d: second bye for %s", desc, p.Round, p.White)
				}
				// The bye to the lowest score a pairing allows.
				if sc := byID[p.White].score; f == Swiss && len(before.Active()) <= 20 {
					st.byeChecks++
					if feasibleWithin(before, level, sc-0.25) {
						tb.Fatalf("%s round %d: bye to %s with %v though a pairing gives it to a lower score", desc, p.Round, p.White, sc)
					}
				}
				continue
			}
			seen[p.Black]++
			if f == Swiss && byID[p.White].met[byID[p.Black].idx] {
				tb.Fatalf("%s round %d: rematch %s-%s", desc, p.Round, p.White, p.Black)
			}
		}
		for _, p := range before.Players {
			if want := map[bool]int{false: 1, true: 0}[p.Withdrawn]; seen[p.ID] != want && (f == Swiss || !p.Withdrawn) {
				tb.Fatalf("%s round %d: %s paired %d times", desc, len(t.Rounds), p.ID, seen[p.ID])
			}
		}
		if f == Swiss && byes != len(before.Active())%2 {
			tb.Fatalf("%s round %d: %d byes for %d active", desc, len(t.Rounds), byes, len(before.Active()))
		}
		// A withdrawal mid-round now and then.
		if act := t.Active(); len(act) > 0 && r.IntN(8) == 0 {
			if t, err = Withdraw(t, act[r.IntN(len(act))].ID); err != nil {
				tb.Fatal(err)
			}
		}
		for _, g := range t.Rounds[len(t.Rounds)-1].Games {
			if g.Result == Unplayed {
				if t, err = Record(t, g.Round, g.White, g.Black, randomResult(r)); err != nil {
					tb.Fatal(err)
				}
			}
		}
		if f == Swiss && level == levelStrict {
			for _, p := range t.Players {
				if why := colourTrouble(t, p.ID); why != "" {
					tb.Fatalf("%s round %d: %s: %s", desc, len(t.Rounds), p.ID, why)
				}
			}
		}
		if err := Validate(t); err != nil {
			tb.Fatalf("%s: %v", desc, err)
		}
	}
	if f != Swiss {
		checkRoundRobin(tb, t, desc)
	}
}

// checkRoundRobin checks a finished round robin: every pair met once (twice
// with colours swapped in a double one), and every player's colours are
// balanced as the Berger tables balance them.
func checkRoundRobin(tb testing.TB, t Tournament, desc string) {
	cycles := 1
	if t.Format == DoubleRoundRobin {
		cycles = 2
	}
	games := map[[2]string]int{}
	whites := map[string]int{}
	for _, r := range t.Rounds {
		for _, g := range r.Games {
			if g.IsBye() {
				continue
			}
			games[[2]string{g.White, g.Black}]++
			whites[g.White]++
			whites[g.Black] += 0
		}
	}
	for i, a := range t.Players {
		for _, b := range t.Players[i+1:] {
			ab, ba := games[[2]string{a.ID, b.ID}], games[[2]string{b.ID, a.ID}]
			if ab+ba != cycles || cycles == 2 && (ab != 1 || ba != 1) {
				tb.Fatalf("%s: %s-%s met %d+%d times", desc, a.ID, b.ID, ab, ba)
			}
		}
	}
	n := len(t.Players)
	games1 := n - 1 // games of a player per cycle
	for _, p := range t.Players {
		w := whites[p.ID]
		b := cycles*games1 - w
		if cycles == 2 && w != b || cycles == 1 && (w-b > 1 || b-w > 1) {
			tb.Fatalf("%s: %s has %d whites %d blacks", desc, p.ID, w, b)
		}
	}
}

func TestPropertyRandomTournaments(t *testing.T) {
	count := 3000
	if testing.Short() {
		count = 300
	}
	r := rand.New(rand.NewPCG(1, 2))
	var st propStats
	for range count {
		playRandom(t, r, &st)
		if t.Failed() {
			break
		}
	}
	t.Logf("%+v", st)
	if st.rounds < count {
		t.Fatalf("only %d rounds played", st.rounds)
	}
}
