package store

import (
	"time"

	"github.com/veletasbot/veletas/store/glicko2"
)

// Ratings are Glicko-2 (package glicko2): GlickoRate makes an Options.Rate
// that rates each game as one rating period.

// GlickoTau constrains the change of volatility over time (the paper
// suggests 0.3 to 1.2); GlickoPeriod is one rating period: a player who
// has not played for whole periods has their deviation grown once per
// period before the game is rated.
const (
	GlickoTau    = glicko2.DefaultTau
	GlickoPeriod = 7 * 24 * time.Hour
)

// GlickoResult is one game of a rating period: the opponent's rating and
// deviation (Glicko scale) and the score, 1 for a win, 0 for a loss.
type GlickoResult = glicko2.Result

// Glicko2 returns a player's rating, deviation and volatility after a
// rating period with the given results, with tau the system constant: it
// is glicko2.Rate, kept here for callers of earlier versions.
func Glicko2(rating, rd, vol float64, results []GlickoResult, tau float64) (float64, float64, float64) {
	return glicko2.Rate(rating, rd, vol, results, tau)
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
		nw.Rating, nw.RD, nw.Volatility = Glicko2(w.Rating, w.RD, w.Volatility, []GlickoResult{{Rating: l.Rating, RD: l.RD, Score: 1}}, GlickoTau)
		nl.Rating, nl.RD, nl.Volatility = Glicko2(l.Rating, l.RD, l.Volatility, []GlickoResult{{Rating: w.Rating, RD: w.RD, Score: 0}}, GlickoTau)
		return nw, nl
	}
}

// GlickoRateDraw returns an Options.RateDraw that rates a drawn game as
// GlickoRate rates a won one, with a score of one half for each player.
func GlickoRateDraw(now func() time.Time) func(a, b Standing) (Standing, Standing) {
	if now == nil {
		now = time.Now
	}
	return func(a, b Standing) (Standing, Standing) {
		at := now()
		a, b = idle(a, at), idle(b, at)
		na, nb := a, b
		na.Rating, na.RD, na.Volatility = Glicko2(a.Rating, a.RD, a.Volatility, []GlickoResult{{Rating: b.Rating, RD: b.RD, Score: 0.5}}, GlickoTau)
		nb.Rating, nb.RD, nb.Volatility = Glicko2(b.Rating, b.RD, b.Volatility, []GlickoResult{{Rating: a.Rating, RD: a.RD, Score: 0.5}}, GlickoTau)
		return na, nb
	}
}
