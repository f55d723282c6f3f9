package store

import (
	"math"
	"time"
)

// Glicko-2 (Glickman, "Example of the Glicko-2 system", 2013). Ratings are
// kept on the Glicko scale (1500, 350) in Standing and converted to the
// Glicko-2 scale (0, 2.01) for the arithmetic.

// GlickoTau constrains the change of volatility over time (the paper
// suggests 0.3 to 1.2); GlickoPeriod is one rating period: a player who
// has not played for whole periods has their deviation grown once per
// period before the game is rated.
const (
	GlickoTau    = 0.5
	GlickoPeriod = 7 * 24 * time.Hour

	glickoScale = 173.7178
	glickoEps   = 0.000001
)

// GlickoResult is one game of a rating period: the opponent's rating and
// deviation (Glicko scale) and the score, 1 for a win, 0 for a loss.
type GlickoResult struct {
	Rating, RD, Score float64
}

// Glicko2 returns a player's rating, deviation and volatility after a
// rating period with the given results, with tau the system constant. A
// period without results only grows the deviation.
func Glicko2(rating, rd, vol float64, results []GlickoResult, tau float64) (float64, float64, float64) {
	mu := (rating - InitialRating) / glickoScale
	phi := rd / glickoScale
	if len(results) == 0 {
		return rating, math.Min(math.Sqrt(phi*phi+vol*vol)*glickoScale, InitialRD), vol
	}
	var vInv, sum float64
	for _, r := range results {
		muJ := (r.Rating - InitialRating) / glickoScale
		phiJ := r.RD / glickoScale
		g := 1 / math.Sqrt(1+3*phiJ*phiJ/(math.Pi*math.Pi))
		e := 1 / (1 + math.Exp(-g*(mu-muJ)))
		vInv += g * g * e * (1 - e)
		sum += g * (r.Score - e)
	}
	v := 1 / vInv
	delta := v * sum

	// The new volatility: the root of f by the Illinois algorithm.
	a := math.Log(vol * vol)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/(tau*tau)
	}
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*tau) < 0 && k < 1000 {
			k++
		}
		B = a - k*tau
	}
	fA, fB := f(A), f(B)
	for i := 0; math.Abs(B-A) > glickoEps && i < 1000; i++ {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	newVol := math.Exp(A / 2)

	phiStar := math.Sqrt(phi*phi + newVol*newVol)
	newPhi := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	newMu := mu + newPhi*newPhi*sum
	return newMu*glickoScale + InitialRating, newPhi * glickoScale, newVol
}

// idle grows a standing's deviation once per whole GlickoPeriod between
// its Last game and at (a player who has not played is less certain).
func idle(s Standing, at time.Time) Standing {
	if s.Last.IsZero() || !at.After(s.Last) {
		return s
	}
	n := int(at.Sub(s.Last) / GlickoPeriod)
	for i := 0; i < n && s.RD < InitialRD; i++ {
		s.Rating, s.RD, s.Volatility = Glicko2(s.Rating, s.RD, s.Volatility, nil, GlickoTau)
	}
	return s
}

// GlickoRate returns an Options.Rate that rates a game as one rating period
// with one opponent for each player, after growing each player's deviation
// for the whole periods they did not play (from Standing.Last to now()).
// The store calls it with Last still the end of each player's previous
// game.
func GlickoRate(now func() time.Time) func(winner, loser Standing) (Standing, Standing) {
	if now == nil {
		now = time.Now
	}
	return func(w, l Standing) (Standing, Standing) {
		at := now()
		w, l = idle(w, at), idle(l, at)
		nw, nl := w, l
		nw.Rating, nw.RD, nw.Volatility = Glicko2(w.Rating, w.RD, w.Volatility, []GlickoResult{{l.Rating, l.RD, 1}}, GlickoTau)
		nl.Rating, nl.RD, nl.Volatility = Glicko2(l.Rating, l.RD, l.Volatility, []GlickoResult{{w.Rating, w.RD, 0}}, GlickoTau)
		return nw, nl
	}
}
