package store

import (
	"fmt"
	"testing"
)

// TestUnratedGamesLeaveStandings plays rated games that rank alice first,
// then unrated (friendly) games in which carol beats everyone: the
// standings, their order and everyone's wins, losses and streaks are as
// after the rated games alone, and the friendly games are in the archive,
// marked unrated, for stats and records.
func TestUnratedGamesLeaveStandings(t *testing.T) {
	bothStores(t, func(t *testing.T) {
		db := openTest(t, &Options{NoSync: true, Rate: GlickoRate(nil)})
		play := func(channel, winner, loser string, rated bool) {
			t.Helper()
			c, err := db.CreateChallenge(t.Context(), Challenge{Kind: Veletas, Guild: "g", Channel: channel, Challenger: winner, Opponent: loser, Rated: rated})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := db.AcceptChallenge(t.Context(), c.ID, loser); err != nil {
				t.Fatal(err)
			}
			if _, err := db.Resign(t.Context(), "g", channel, loser); err != nil {
				t.Fatal(err)
			}
		}
		play("c", "alice", "bob", true)
		play("c", "alice", "bob", true)
		play("c", "bob", "dave", true)
		before, err := db.Standings(t.Context(), Veletas, "g")
		if err != nil || len(before) != 3 {
			t.Fatalf("rated standings: %v %+v", err, before)
		}
		for i := range 3 {
			play(fmt.Sprint("f", i), "carol", "alice", false)
			play(fmt.Sprint("f", i), "dave", "bob", false)
		}
		after, err := db.Standings(t.Context(), Veletas, "g")
		if err != nil || fmt.Sprintf("%+v", after) != fmt.Sprintf("%+v", before) {
			t.Fatalf("friendly games changed the standings:\nbefore %+v\nafter  %+v", before, after)
		}
		if s, _ := db.Standing(t.Context(), Veletas, "g", "carol"); s.Games != 0 || s.Wins != 0 {
			t.Fatalf("carol, who played only friendly games: %+v", s)
		}
		fin, err := db.FinishedGames(t.Context(), "g", "carol", 0)
		if err != nil || len(fin) != 3 {
			t.Fatalf("carol's friendly games in the archive: %v %+v", err, fin)
		}
		for _, f := range fin {
			if f.Rated || f.Winner != "carol" {
				t.Fatalf("friendly game %+v", f)
			}
		}
	})
}
