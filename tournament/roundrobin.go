package tournament

// bergerRounds is the number of rounds of a single round robin of n players.
func bergerRounds(n int) int {
	if n < 2 {
		return 0
	}
	if n%2 == 1 {
		return n
	}
	return n - 1
}

// bergerPairs returns the games of round r (1-based) of the Berger table of
// n players (n even), as pairs of 1-based table numbers, White first, board
// order as in the FIDE tables (the game of player n last).
//
// Players i and j (both < n) meet in the round r with i+j-2 ≡ r-1 (mod n-1);
// the smaller number has White when i+j is odd. Player n meets the player i
// with 2i-2 ≡ r-1 (mod n-1) and has White in the even rounds.
func bergerPairs(n, r int) [][2]int {
	m := n - 1
	var out [][2]int
	var last [2]int
	for i := 1; i < n; i++ {
		if (2*i-2)%m == (r-1)%m {
			if r%2 == 0 {
				last = [2]int{n, i}
			} else {
				last = [2]int{i, n}
			}
			continue
		}
		for j := i + 1; j < n; j++ {
			if (i+j-2)%m != (r-1)%m {
				continue
			}
			if (i+j)%2 == 1 {
				out = append(out, [2]int{i, j})
			} else {
				out = append(out, [2]int{j, i})
			}
		}
	}
	return append(out, last)
}

// pairBerger pairs the next round of a (double) round robin. Table numbers
// are the seed order (rating, then join order) of everyone who joined, so
// withdrawn players keep their place and their games are forfeited by
// Begin. With an odd count the extra table number is "no opponent": a bye.
// The second cycle of a double round robin repeats the first with colours
// swapped.
func pairBerger(t Tournament) []Pairing {
	seeds := seedOrder(t.Players)
	n := len(seeds)
	if n%2 == 1 {
		n++
	}
	num := len(t.Rounds) + 1
	r := num
	swap := false
	if r > n-1 {
		r -= n - 1
		swap = true
	}
	id := func(k int) string {
		if k > len(seeds) {
			return ""
		}
		return t.Players[seeds[k-1]].ID
	}
	var out []Pairing
	var bye []Pairing
	for _, pr := range bergerPairs(n, r) {
		w, b := id(pr[0]), id(pr[1])
		if swap {
			w, b = b, w
		}
		switch {
		case w == "" || b == "":
			if x := w + b; !t.withdrawn(x) {
				bye = append(bye, Pairing{Round: num, White: x})
			}
		default:
			out = append(out, Pairing{Round: num, White: w, Black: b})
		}
	}
	return append(out, bye...)
}
