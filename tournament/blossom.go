package tournament

// maxMatching returns a maximum matching of the undirected graph adj
// (match[v] is v's partner or -1): Edmonds' blossom algorithm, O(n³).
func maxMatching(adj [][]int) []int {
	n := len(adj)
	match := make([]int, n)
	p := make([]int, n)
	base := make([]int, n)
	used := make([]bool, n)
	blossom := make([]bool, n)
	for i := range match {
		match[i] = -1
	}
	// A greedy start saves most augmentations.
	for v := range n {
		if match[v] != -1 {
			continue
		}
		for _, to := range adj[v] {
			if match[to] == -1 && to != v {
				match[v], match[to] = to, v
				break
			}
		}
	}
	lca := func(a, b int) int {
		seen := make([]bool, n)
		for {
			a = base[a]
			seen[a] = true
			if match[a] == -1 {
				break
			}
			a = p[match[a]]
		}
		for {
			b = base[b]
			if seen[b] {
				return b
			}
			b = p[match[b]]
		}
	}
	markPath := func(v, b, child int) {
		for base[v] != b {
			blossom[base[v]], blossom[base[match[v]]] = true, true
			p[v] = child
			child = match[v]
			v = p[match[v]]
		}
	}
	findPath := func(root int) int {
		for i := range n {
			used[i], p[i], base[i] = false, -1, i
		}
		used[root] = true
		q := []int{root}
		for len(q) > 0 {
			v := q[0]
			q = q[1:]
			for _, to := range adj[v] {
				if base[v] == base[to] || match[v] == to {
					continue
				}
				if to == root || match[to] != -1 && p[match[to]] != -1 {
					cb := lca(v, to)
					for i := range blossom {
						blossom[i] = false
					}
					markPath(v, cb, to)
					markPath(to, cb, v)
					for i := range n {
						if blossom[base[i]] {
							base[i] = cb
							if !used[i] {
								used[i] = true
								q = append(q, i)
							}
						}
					}
				} else if p[to] == -1 {
					p[to] = v
					if match[to] == -1 {
						return to
					}
					used[match[to]] = true
					q = append(q, match[to])
				}
			}
		}
		return -1
	}
	for i := range n {
		if match[i] != -1 {
			continue
		}
		for v := findPath(i); v != -1; {
			pv := p[v]
			ppv := match[pv]
			match[v], match[pv] = pv, v
			v = ppv
		}
	}
	return match
}

// perfectPairing pairs pl (and gives one the bye when needBye) by maximum
// matching, for any number of players; ok is false when no pairing
// meets the searcher's absolute criteria.
func (s *searcher) perfectPairing(pl []*entrant, needBye bool) (pairs [][2]*entrant, bye *entrant, ok bool) {
	n := len(pl)
	adj := make([][]int, n, n+1)
	for i := range pl {
		for j := i + 1; j < n; j++ {
			if s.compatible(pl[i], pl[j]) {
				adj[i] = append(adj[i], j)
				adj[j] = append(adj[j], i)
			}
		}
	}
	if needBye {
		adj = append(adj, nil)
		for i := range pl {
			if s.byeOK(pl[i]) {
				adj[i] = append(adj[i], n)
				adj[n] = append(adj[n], i)
			}
		}
	}
	m := maxMatching(adj)
	for i := range pl {
		switch j := m[i]; {
		case j == -1:
			return nil, nil, false
		case j == n:
			bye = pl[i]
		case j > i:
			pairs = append(pairs, [2]*entrant{pl[i], pl[j]})
		}
	}
	return pairs, bye, true
}
