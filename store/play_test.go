package store

import (
	"errors"
	"testing"
	"time"

	"github.com/veletasbot/veletas/game/veletas"
)

// TestRecordNotice records notices after they were sent: only for the game
// and revision they were about; a notice for a game that moved on, ended
// or was replaced by another game in the channel is refused and changes
// nothing.
func TestRecordNotice(t *testing.T) {
	bothStores(t, func(t *testing.T) {
		c := newClock()
		db := openTest(t, &Options{NoSync: true, Now: c.Now})
		ch, err := db.CreateChallenge(t.Context(), Challenge{Kind: Veletas, Guild: "g", Channel: "c", Challenger: "alice", Opponent: "bob", Terms: vterms(veletas.Size7), MoveTime: time.Hour})
		if err != nil {
			t.Fatal(err)
		}
		g, err := db.AcceptChallenge(t.Context(), ch.ID, "bob")
		if err != nil {
			t.Fatal(err)
		}
		c.Add(50 * time.Minute)
		// Sent, then recorded.
		r, err := db.RecordNotice(t.Context(), "g", "c", g.ID, g.Revision, NoticeReminder)
		if err != nil || !r.Reminded || r.TimeUp || r.Revision != g.Revision {
			t.Fatalf("reminder: %v %+v", err, r)
		}
		if r, err = db.RecordNotice(t.Context(), "g", "c", g.ID, g.Revision, NoticeReminder); err != nil || !r.Reminded {
			t.Fatalf("recorded twice: %v %+v", err, r)
		}
		c.Add(20 * time.Minute)
		if r, err = db.RecordNotice(t.Context(), "g", "c", g.ID, g.Revision, NoticeTimeUp); err != nil || !r.TimeUp || !r.Reminded {
			t.Fatalf("time up: %v %+v", err, r)
		}
		// The player moves: a notice about the old move is refused, and the
		// flags are cleared for the new one.
		m, err := db.ApplyToken(t.Context(), "g", "c", "alice", g.Revision, "[c5]d2")
		if err != nil || m.Reminded || m.TimeUp {
			t.Fatalf("move: %v %+v", err, m)
		}
		if _, err := db.RecordNotice(t.Context(), "g", "c", g.ID, g.Revision, NoticeReminder); !errors.Is(err, ErrStaleRevision) {
			t.Fatalf("notice for an old move: %v", err)
		}
		if a, _ := db.ActiveGame(t.Context(), "g", "c"); a.Reminded {
			t.Fatalf("a refused notice was recorded: %+v", a)
		}
		// Another game in the channel at the same revision: refused.
		if _, err := db.Resign(t.Context(), "g", "c", "bob"); err != nil {
			t.Fatal(err)
		}
		if _, err := db.RecordNotice(t.Context(), "g", "c", g.ID, m.Revision, NoticeReminder); !errors.Is(err, ErrNoGame) {
			t.Fatalf("notice for an ended game: %v", err)
		}
		g2 := startGame(t, db, "g", "c", veletas.Size7)
		if _, err := db.RecordNotice(t.Context(), "g", "c", g.ID, g2.Revision, NoticeReminder); !errors.Is(err, ErrStaleRevision) {
			t.Fatalf("notice for the channel's previous game: %v", err)
		}
		if _, err := db.RecordNotice(t.Context(), "g", "c", g2.ID, g2.Revision, 9); !errors.Is(err, ErrInvalid) {
			t.Fatalf("unknown notice: %v", err)
		}
	})
}
