package enginekit

import "math"

// Elo returns the Elo difference a score (wins plus half the draws) over
// a number of games gives, and its 95% margin. Half a win is added to the
// score and one game to the count so that a clean sweep stays finite;
// without games the margin is +Inf.
func Elo(score float64, games int) (diff, margin float64) {
	if games <= 0 {
		return 0, math.Inf(1)
	}
	p := (score + 0.5) / (float64(games) + 1) // keep 0 and 1 finite
	elo := func(p float64) float64 {
		p = math.Min(math.Max(p, 1e-4), 1-1e-4)
		return -400 * math.Log10(1/p-1)
	}
	se := math.Sqrt(p * (1 - p) / float64(games))
	diff = elo(p)
	margin = (elo(p+1.96*se) - elo(p-1.96*se)) / 2
	return diff, margin
}
