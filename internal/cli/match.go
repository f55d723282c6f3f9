package cli

import "sync"

// RunGames plays the games 0 to n-1 of a match, parallel of them at once
// (at least one), as the tools' selfplay does. play(i) plays game i
// outside any lock and returns tally, which RunGames calls under a lock,
// one game at a time in the order the games end, to add the game to the
// match's totals and report it; and the game's error. Once a game has
// failed no new game starts; RunGames returns the first error, after the
// games under way have ended and been tallied.
func RunGames(parallel, n int, play func(i int) (tally func(), err error)) error {
	var mu sync.Mutex
	var first error
	next := 0
	var wg sync.WaitGroup
	for range max(parallel, 1) {
		wg.Go(func() {
			for {
				mu.Lock()
				i := next
				next++
				stop := i >= n || first != nil
				mu.Unlock()
				if stop {
					return
				}
				tally, err := play(i)
				mu.Lock()
				if err != nil && first == nil {
					first = err
				}
				if tally != nil {
					tally()
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	return first
}
