package tournament

import (
	"math/rand/v2"
	"testing"
)

// bruteMatching is the size of a maximum matching by exhaustive search.
func bruteMatching(adj [][]bool) int {
	n := len(adj)
	memo := map[uint32]int{}
	var f func(mask uint32) int
	f = func(mask uint32) int {
		i := 0
		for i < n && mask&(1<<i) != 0 {
			i++
		}
		if i == n {
			return 0
		}
		if v, ok := memo[mask]; ok {
			return v
		}
		best := f(mask | 1<<i) // i unmatched
		for j := i + 1; j < n; j++ {
			if mask&(1<<j) == 0 && adj[i][j] {
				best = max(best, 1+f(mask|1<<i|1<<j))
			}
		}
		memo[mask] = best
		return best
	}
	return f(0)
}

func TestMaxMatchingAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for range 3000 {
		n := 1 + r.IntN(16)
		p := r.Float64()
		m := make([][]bool, n)
		adj := make([][]int, n)
		for i := range m {
			m[i] = make([]bool, n)
		}
		for i := range n {
			for j := i + 1; j < n; j++ {
				if r.Float64() < p {
					m[i][j], m[j][i] = true, true
					adj[i] = append(adj[i], j)
					adj[j] = append(adj[j], i)
				}
			}
		}
		match := maxMatching(adj)
		size := 0
		for v, w := range match {
			if w == -1 {
				continue
			}
			if match[w] != v || !m[v][w] {
				t.Fatalf("n=%d: bad matching %v", n, match)
			}
			size++
		}
		if want := bruteMatching(m); size/2 != want {
			t.Fatalf("n=%d: matching of %d, maximum is %d (%v)", n, size/2, want, adj)
		}
	}
}
