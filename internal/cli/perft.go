package cli

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// DefaultMaxNodes is perft's default budget of leaf visits: about a
// minute or two of counting on a laptop.
const DefaultMaxNodes = 2e9

// ErrOverBudget is the wrapped error of a perft refused before it starts
// because its estimated work exceeds the node budget.
var ErrOverBudget = errors.New("over the node budget")

// ErrPerftInterrupted is returned by Perft when its context is canceled
// (Ctrl-C); it wraps ErrInterrupted, so Run exits 130.
var ErrPerftInterrupted = fmt.Errorf("perft %w", ErrInterrupted)

// measureLeaves bounds the counts MeasurePerft makes: a few milliseconds
// of counting.
const measureLeaves = 1e6

// MeasurePerft counts the leaves at depth 1, 2, ... (count is the rules
// package's perft) up to depth, as long as the next count, estimated from
// the last branching factor, stays under a million leaves, and returns the
// counts (counts[i] for depth i+1; depth 1 and 2 at least) and the time
// the last one took. Going deeper than 2 while it is cheap matters where
// the branching grows, as in Fanorona's opening (5, 39, 724, ... turns).
func MeasurePerft[P any](p P, depth int, count func(P, int) int64) (counts []int64, last time.Duration) {
	for d := 1; d <= depth; d++ {
		if d > 2 && EstimatePerft(counts, d) > measureLeaves {
			break
		}
		start := time.Now()
		n := count(p, d)
		last = time.Since(start)
		counts = append(counts, n)
		if n == 0 {
			break
		}
	}
	return counts, last
}

// EstimatePerft estimates the leaf visits of a perft of depth from the
// exact counts at depth 1, 2, ... (counts, at least one): the deepest
// count times the branching factor measured at its depth for every
// further ply. It is exact up to len(counts).
func EstimatePerft(counts []int64, depth int) float64 {
	k := len(counts)
	switch {
	case depth <= 0:
		return 1
	case depth <= k:
		return float64(counts[depth-1])
	case counts[k-1] == 0:
		return 0
	}
	prev := int64(1)
	if k > 1 {
		prev = counts[k-2]
	}
	b := float64(counts[k-1]) / float64(prev)
	return float64(counts[k-1]) * math.Pow(b, float64(depth-k))
}

// CheckPerftBudget refuses a perft of depth whose estimated leaf visits
// (EstimatePerft) exceed maxNodes, saying how long it would take at the
// speed measured (the deepest count's leaves in elapsed) and that
// -max-nodes N raises the budget.
func CheckPerftBudget(counts []int64, elapsed time.Duration, depth int, maxNodes float64) error {
	est := EstimatePerft(counts, depth)
	if est <= maxNodes {
		return nil
	}
	speed := float64(counts[len(counts)-1]) / max(elapsed.Seconds(), 1e-6) // leaves a second
	eta := "unknown time"
	if speed > 0 {
		eta = "about " + roughDuration(est/speed)
	}
	return fmt.Errorf("depth %d means about %s leaf visits, %w of %s (%s at this machine's speed of %s a second): give a smaller depth, or raise the budget with -max-nodes N",
		depth, sci(est), ErrOverBudget, sci(maxNodes), eta, sci(speed))
}

// sci writes a count as 4.8e18 (or as a whole number below 10,000).
func sci(x float64) string {
	if x < 1e4 {
		return strconv.FormatFloat(x, 'f', 0, 64)
	}
	s := strconv.FormatFloat(x, 'e', 1, 64) // 4.8e+18
	mant, exp, _ := strings.Cut(s, "e")
	mant = strings.TrimSuffix(mant, ".0")
	return mant + "e" + strings.TrimLeft(strings.TrimPrefix(exp, "+"), "0")
}

// roughDuration writes seconds as a rough duration: "40 s", "12 min",
// "5 h", "3 days", "2e+04 years".
func roughDuration(s float64) string {
	switch {
	case s < 120:
		return fmt.Sprintf("%.0f s", s)
	case s < 2*3600:
		return fmt.Sprintf("%.0f min", s/60)
	case s < 2*86400:
		return fmt.Sprintf("%.0f h", s/3600)
	case s < 2*365*86400:
		return fmt.Sprintf("%.0f days", s/86400)
	}
	return sci(s/(365*86400)) + " years"
}

// Perft counts the sequences of depth turns from p, calling count (the
// rules package's own perft) for the last few plies and children (the
// positions after each legal turn, none when the game is over) above
// them, and checking ctx between those calls, so that Ctrl-C stops a long
// count: it then returns ErrPerftInterrupted. chunk is the depth below
// which count does all the work (2 or 3: each call should take well under
// a second).
func Perft[P any](ctx context.Context, p P, depth, chunk int, count func(P, int) int64, children func(P) []P) (int64, error) {
	if err := ctx.Err(); err != nil {
		return 0, ErrPerftInterrupted
	}
	if depth <= chunk {
		return count(p, depth), nil
	}
	var n int64
	for _, c := range children(p) {
		k, err := Perft(ctx, c, depth-1, chunk, count, children)
		if err != nil {
			return 0, err
		}
		n += k
	}
	return n, nil
}
