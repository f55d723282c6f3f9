package glicko2

import "math"

// The values of a new player, on the Glicko scale.
const (
	InitialRating     = 1500
	InitialRD         = 350
	InitialVolatility = 0.06
)

// DefaultTau is the system constant that constrains the change of
// volatility over time (the paper suggests 0.3 to 1.2).
const DefaultTau = 0.5

const (
	scale = 173.7178 // Glicko to Glicko-2 scale
	eps   = 0.000001 // convergence of the volatility's root
)

// Result is one game of a rating period: the opponent's rating and
// deviation (Glicko scale) and the score, 1 for a win, 0 for a loss (0.5
// for a draw).
type Result struct {
	Rating, RD, Score float64
}

// Rate returns a player's rating, deviation and volatility after a rating
// period with the given results, with tau the system constant. A period
// without results only grows the deviation, up to InitialRD.
func Rate(rating, rd, vol float64, results []Result, tau float64) (float64, float64, float64) {
	mu := (rating - InitialRating) / scale
	phi := rd / scale
	if len(results) == 0 {
		return rating, math.Min(math.Sqrt(phi*phi+vol*vol)*scale, InitialRD), vol
	}
	var vInv, sum float64
	for _, r := range results {
		muJ := (r.Rating - InitialRating) / scale
		phiJ := r.RD / scale
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
	for i := 0; math.Abs(B-A) > eps && i < 1000; i++ {
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
	return newMu*scale + InitialRating, newPhi * scale, newVol
}
