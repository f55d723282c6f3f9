package store

import (
	"errors"
	"strings"
	"testing"

	"github.com/veletasbot/veletas/game/veletas"
)

// TestRevisedRulesGame plays a game under the revised rules through the
// store: the challenge carries the rules, the game's record says
// rules=revised, a setup only the revised rules allow is accepted, one
// they forbid is refused with the rule's words, and the rules survive
// closing and reopening the file.
func TestRevisedRulesGame(t *testing.T) {
	bothStores(t, func(t *testing.T) {
		url := storeURL(t)
		db, err := OpenURL(url, &Options{Games: testRegistry})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.CreateChallenge(t.Context(), Challenge{Kind: Veletas, Guild: "g1", Channel: "c1", Challenger: "alice", Opponent: "bob", Terms: vrterms(veletas.Size7, 7)}); !errors.Is(err, ErrInvalid) {
			t.Fatalf("unknown rules: %v", err)
		}
		c, err := db.CreateChallenge(t.Context(), Challenge{Kind: Veletas, Guild: "g1", Channel: "c1", Challenger: "alice", Opponent: "bob", Terms: vrterms(veletas.Size7, veletas.Revised)})
		if err != nil {
			t.Fatal(err)
		}
		g, err := db.AcceptChallenge(t.Context(), c.ID, "bob")
		if err != nil {
			t.Fatal(err)
		}
		if vgame(g).Rules() != veletas.Revised || !strings.HasPrefix(g.Record, "size=7 rules=revised") {
			t.Fatalf("rules %v, record %q", vgame(g).Rules(), g.Record)
		}
		if _, err := db.ApplyToken(t.Context(), "g1", "c1", "alice", g.Revision, "[a4]b2"); !strings.Contains(fmtErr(err), "edge of the board under the revised rules") {
			t.Fatalf("a shooter on the edge: %v", err)
		}
		for _, step := range []struct{ user, tok string }{{"alice", "[c4]d2"}, {"bob", "keep"}, {"bob", "[d4,e5]a1"}} {
			if g, err = db.ApplyToken(t.Context(), "g1", "c1", step.user, g.Revision, step.tok); err != nil {
				t.Fatalf("%s: %v", step.tok, err) // touching shooters: revised only
			}
		}
		if err := db.Close(); err != nil {
			t.Fatal(err)
		}
		db, err = OpenURL(url, &Options{Games: testRegistry})
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		g, err = db.ActiveGame(t.Context(), "g1", "c1")
		if err != nil || vgame(g).Rules() != veletas.Revised || vgame(g).Position().Phase() != veletas.PhasePlay {
			t.Fatalf("after reopening: %v, rules %v, phase %v", err, vgame(g).Rules(), vgame(g).Position().Phase())
		}
		// c4 runs over d4 to e4: legal only because shooters do not block.
		if _, err := db.ApplyToken(t.Context(), "g1", "c1", "alice", g.Revision, "c4-e4/f4"); err != nil {
			t.Fatalf("a move over a shooter: %v", err)
		}

		// A classic challenge still makes a classic game.
		g2 := startGame(t, db, "g1", "c2", veletas.Size7)
		if vgame(g2).Rules() != veletas.Classic || strings.Contains(g2.Record, "rules") {
			t.Fatalf("classic game: rules %v, record %q", vgame(g2).Rules(), g2.Record)
		}
	})
}

func TestRulesSettingAndAIGame(t *testing.T) {
	bothStores(t, func(t *testing.T) {
		db := openTest(t, nil)
		if err := db.SetSettings(t.Context(), Settings{Guild: "g1", Defaults: vdefaults("rules", "9")}); !errors.Is(err, ErrInvalid) {
			t.Fatalf("unknown rules in the settings: %v", err)
		}
		if err := db.SetSettings(t.Context(), Settings{Guild: "g1", Defaults: vdefaults("rules", "revised")}); err != nil {
			t.Fatal(err)
		}
		if s, err := db.Settings(t.Context(), "g1"); err != nil || s.Defaults[Veletas][veletas.TermRules] != "revised" {
			t.Fatalf("settings: %v %+v", err, s)
		}
		if _, err := db.StartAIGameRules(t.Context(), "g1", "c1", "alice", "bot", "easy", veletas.Size7, 5); !errors.Is(err, ErrInvalid) {
			t.Fatalf("AI game with unknown rules: %v", err)
		}
		g, err := db.StartAIGameRules(t.Context(), "g1", "c1", "alice", "bot", "easy", veletas.Size7, veletas.Revised)
		if err != nil || vgame(g).Rules() != veletas.Revised {
			t.Fatalf("AI game: %v, rules %v", err, vgame(g).Rules())
		}
		if g, err := db.startAI(t.Context(), "g1", "c2", "alice", "bot", "easy", veletas.Size7); err != nil || vgame(g).Rules() != veletas.Classic {
			t.Fatalf("StartAIGame stays classic: %v, rules %v", err, vgame(g).Rules())
		}
	})
}

func fmtErr(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
