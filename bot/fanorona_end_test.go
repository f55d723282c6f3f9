package bot

import (
	"context"
	"os"
	"strings"
	"testing"
)

// playFanoronaRecord plays the turns of a record of the Fanorona
// conformance games with /fanorona move path:…, alice White and bob Black.
func (e *env) playFanoronaRecord(file string) {
	e.tb.Helper()
	b, err := os.ReadFile("../game/fanorona/testdata/conformance/games/" + file)
	if err != nil {
		e.tb.Fatal(err)
	}
	n := 0
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		for _, tok := range strings.Fields(line) {
			if strings.HasPrefix(tok, "variant=") {
				continue
			}
			user := "alice"
			if n%2 == 1 {
				user = "bob"
			}
			public(e.tb, e.fcmd(user, "move", "path="+tok))
			n++
		}
	}
}

// TestFanoronaEndedByRules: a Fanorona game ended by its rules says how in
// its record, the players' stats and the end DMs, in every language: every
// piece captured, the opponent left without a legal turn, or drawn after
// 100 turns without a capture. The stored game keeps only that the rules
// ended it (store.ReasonRules), so games stored before these words read
// the same.
func TestFanoronaEndedByRules(t *testing.T) {
	for _, c := range []struct {
		file  string
		words map[string][2]string // by locale: the record's status, a line of alice's stats
		dm    string               // the end DM of bob, in English
	}{
		{"game_fan_06.rec", map[string][2]string{
			"":   {"<@alice> won by capturing every piece", "won against <@bob> (Fanorona, capturing every piece, "},
			"fr": {"victoire de <@alice> par prise de toutes les pièces", "victoire contre <@bob> (fanorona, prise de toutes les pièces, "},
			"ja": {"<@alice> さんの勝ち（相手の駒をすべて取った）", "<@bob> さんに勝ち（ファノロナ、相手の駒をすべて取った、"},
		}, "You lost game 1 (Fanorona) against <@alice> by capturing every piece: "},
		{"game_fan_01.rec", map[string][2]string{
			"":   {"<@alice> won by leaving the opponent no legal turn", "won against <@bob> (Fanorona, leaving the opponent no legal turn, "},
			"fr": {"victoire de <@alice> par blocage de l'adversaire", "(fanorona, blocage de l'adversaire, "},
			"ja": {"（相手に指せる手がなくなった）", "（ファノロナ、相手に指せる手がなくなった、"},
		}, "You lost game 1 (Fanorona) against <@alice> by leaving the opponent no legal turn: "},
		{"game_fan_03.rec", map[string][2]string{
			"":   {"drawn (100 turns without a capture)", "drew with <@bob> (Fanorona, 100 turns without a capture, "},
			"fr": {"nulle (100 tours sans prise)", "(fanorona, 100 tours sans prise, "},
			"ja": {"引き分け（100手連続で駒取りなし）", "（ファノロナ、100手連続で駒取りなし、"},
		}, "Your game 1 (Fanorona) against <@alice> was drawn (100 turns without a capture): "},
	} {
		t.Run(c.file, func(t *testing.T) {
			e := newEnv(t, Config{})
			e.startFanorona("fanorona")
			e.playFanoronaRecord(c.file)
			if _, err := e.db.ActiveGame(t.Context(), e.guild, e.chann); err == nil {
				t.Fatal("the game did not end")
			}
			g, err := e.db.LastFinishedGame(t.Context(), e.guild, e.chann)
			if err != nil {
				t.Fatal(err)
			}
			if dm := dmText("", g, dmEnd, "bob"); !strings.HasPrefix(dm, c.dm) {
				t.Errorf("bob's end DM: %q, want %q", dm, c.dm)
			}
			for loc, w := range c.words {
				req := e.req("alice", "record")
				req.Game, req.Locale = "fanorona", loc
				rec := e.bot.Handle(context.Background(), req)
				if !strings.Contains(rec.Plain(), w[0]) || strings.Contains(rec.Plain(), tr(loc, "reason.rules")) {
					t.Errorf("%q record: %q, want %q", loc, rec.Plain(), w[0])
				}
				req = e.req("alice", "stats")
				req.Game, req.Locale = "fanorona", loc
				st := e.bot.Handle(context.Background(), req)
				if !strings.Contains(st.Plain(), w[1]) {
					t.Errorf("%q stats: %q, want %q", loc, st.Plain(), w[1])
				}
			}
		})
	}
}
