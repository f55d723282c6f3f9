package cli

import (
	"errors"
	"slices"
	"testing"
)

// TestRunGames checks that every game is played and tallied once, by one
// or several workers, and that after a failed game no new game starts and
// the first error is returned.
func TestRunGames(t *testing.T) {
	for _, parallel := range []int{0, 1, 3} {
		var tallied []int
		err := RunGames(parallel, 10, func(i int) (func(), error) {
			return func() { tallied = append(tallied, i) }, nil
		})
		slices.Sort(tallied)
		if err != nil || !slices.Equal(tallied, []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}) {
			t.Errorf("parallel %d: tallied %v, %v; want 0 to 9", parallel, tallied, err)
		}
	}
	bad := errors.New("illegal turn")
	var tallied []int
	err := RunGames(1, 10, func(i int) (func(), error) {
		tally := func() { tallied = append(tallied, i) }
		if i == 3 {
			return tally, bad
		}
		return tally, nil
	})
	if err != bad || !slices.Equal(tallied, []int{0, 1, 2, 3}) {
		t.Errorf("failed game 3: tallied %v, %v; want 0 to 3 and %v", tallied, err, bad)
	}
}
