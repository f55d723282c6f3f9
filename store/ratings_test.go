package store

import (
	"math"
	"testing"
	"time"
)

func TestGlickoRateIdle(t *testing.T) {
	now := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	rate := GlickoRate(func() time.Time { return now })
	w := Standing{Rating: 1600, RD: 60, Volatility: 0.06, Last: now.Add(-time.Hour)}
	l := Standing{Rating: 1600, RD: 60, Volatility: 0.06, Last: now.Add(-time.Hour)}
	nw, nl := rate(w, l)
	if nw.Rating <= 1600 || nl.Rating >= 1600 || math.Abs((nw.Rating-1600)-(1600-nl.Rating)) > 1e-6 {
		t.Fatalf("equal players: winner %.2f, loser %.2f", nw.Rating, nl.Rating)
	}
	// The same game after ten idle weeks moves the ratings more.
	w.Last, l.Last = now.Add(-10*GlickoPeriod), now.Add(-10*GlickoPeriod)
	iw, _ := rate(w, l)
	if iw.Rating-1600 <= nw.Rating-1600 || iw.RD <= nw.RD {
		t.Fatalf("idle winner %.2f±%.2f, active %.2f±%.2f", iw.Rating, iw.RD, nw.Rating, nw.RD)
	}
}

// TestRatedGameUpdatesRatings plays a rated and an unrated game to their
// end through the store with GlickoRate.
func TestRatedGameUpdatesRatings(t *testing.T) {
	bothStores(t, func(t *testing.T) {
		now := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
		clock := func() time.Time { return now }
		db, err := OpenURL(storeURL(t), &Options{Games: testRegistry, NoSync: true, Now: clock, Rate: GlickoRate(clock)})
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		play := func(channel string, rated bool) {
			c, err := db.CreateChallenge(t.Context(), Challenge{Kind: Veletas, Guild: "g", Channel: channel, Challenger: "a", Opponent: "b", Rated: rated})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := db.AcceptChallenge(t.Context(), c.ID, "b"); err != nil {
				t.Fatal(err)
			}
			if _, err := db.Resign(t.Context(), "g", channel, "b"); err != nil {
				t.Fatal(err)
			}
		}
		play("c1", false)
		a, _ := db.Standing(t.Context(), Veletas, "g", "a")
		if a.Wins != 0 || a.Games != 0 || a.Rating != InitialRating || a.RD != InitialRD {
			t.Fatalf("unrated game counted in the standing: %+v", a)
		}
		play("c2", true)
		a, _ = db.Standing(t.Context(), Veletas, "g", "a")
		b, _ := db.Standing(t.Context(), Veletas, "g", "b")
		if a.Rating <= InitialRating || b.Rating >= InitialRating || a.RD >= InitialRD || !a.Last.Equal(now) {
			t.Fatalf("rated game: a %+v, b %+v", a, b)
		}
		// 1500/350 beats 1500/350: 1662.31 / 290.32 (Glicko-2, one game).
		if math.Abs(a.Rating-1662.31) > 0.01 || math.Abs(a.RD-290.32) > 0.01 {
			t.Fatalf("winner %.2f±%.2f, want 1662.31±290.32", a.Rating, a.RD)
		}
	})
}
