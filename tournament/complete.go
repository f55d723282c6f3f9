package tournament

// completionLimit is the largest number of players the completion check
// examines with an exhaustive, memoised search (which pairs players
// nearest in rank first); above it the check is a maximum matching.
const completionLimit = 24

// completion finds a pairing of pl (pairs, and the bye when needBye) that
// meets the searcher's absolute criteria, pairing each player with the
// nearest-ranked compatible one first (up to completionLimit players; any
// pairing above). ok is false when none exists.
func (s *searcher) completion(pl []*entrant, needBye bool) (pairs [][2]*entrant, bye *entrant, ok bool) {
	n := len(pl)
	if n > completionLimit {
		return s.perfectPairing(pl, needBye)
	}
	full := uint32(1)<<n - 1
	type key struct {
		mask uint32
		bye  bool
	}
	memo := map[key]bool{}
	var f func(mask uint32, byeLeft bool) bool
	f = func(mask uint32, byeLeft bool) bool {
		if mask == full {
			return !byeLeft
		}
		k := key{mask, byeLeft}
		if v, seen := memo[k]; seen {
			return v
		}
		i := 0
		for mask&(1<<i) != 0 {
			i++
		}
		ok := false
		for j := i + 1; j < n && !ok; j++ {
			ok = mask&(1<<j) == 0 && s.compatible(pl[i], pl[j]) && f(mask|1<<i|1<<j, byeLeft)
		}
		if !ok && byeLeft && s.byeOK(pl[i]) {
			ok = f(mask|1<<i, false)
		}
		memo[k] = ok
		return ok
	}
	if !f(0, needBye) {
		return nil, nil, false
	}
	// Walk the memo to read one pairing back.
	mask, byeLeft := uint32(0), needBye
	for mask != full {
		i := 0
		for mask&(1<<i) != 0 {
			i++
		}
		next := false
		for j := i + 1; j < n; j++ {
			if mask&(1<<j) == 0 && s.compatible(pl[i], pl[j]) && f(mask|1<<i|1<<j, byeLeft) {
				pairs = append(pairs, [2]*entrant{pl[i], pl[j]})
				mask |= 1<<i | 1<<j
				next = true
				break
			}
		}
		if !next {
			bye = pl[i]
			mask |= 1 << i
			byeLeft = false
		}
	}
	return pairs, bye, true
}
