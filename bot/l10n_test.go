package bot

import (
	"context"
	"strings"
	"testing"
)

// cmdIn runs a command with the user's Discord locale.
func (e *env) cmdIn(locale, user, sub string, opts ...string) Reply {
	e.tb.Helper()
	r := e.req(user, sub, opts...)
	r.Locale = locale
	return e.bot.Handle(context.Background(), r)
}

func (e *env) pressIn(locale, user, customID string) Reply {
	e.tb.Helper()
	return e.bot.Handle(context.Background(), Request{Type: TypeButton, Guild: e.guild, Channel: e.chann,
		User: User{ID: user, Name: user}, CustomID: customID, Locale: locale})
}

// TestRepliesInUserLanguage plays the start of a game with a Japanese and
// a French player: each reply is in the language of whoever acted.
func TestRepliesInUserLanguage(t *testing.T) {
	for _, tc := range []struct {
		locale string
		want   []string // challenge, accept, prompt on the board, refusal, illegal setup, rules, standings
	}{
		{"ja", []string{"さんから 7x7 のベレタスの対局の申し込みです", "さんが <@alice> さんの挑戦を受けました", "<@alice> さんの番です（黒）",
			"今はあなたの手番ではありません", "その手は指せません：", "**ベレタス**", "まだレーティング対象の対局が終わっていません", "受ける", "一手3日"}},
		{"fr", []string{"vous défie à une partie de Veletas sur 7x7", "a accepté le défi de <@alice>", "<@alice>, à vous (Noirs)",
			"Ce n'est pas à vous de jouer", "Coup interdit :", "**Veletas**", "Aucune partie classée n'est encore terminée", "Accepter", "3 jours par coup"}},
	} {
		e := newEnv(t, Config{})
		loc, w := tc.locale, tc.want
		ch := public(t, e.cmdIn(loc, "alice", "challenge", "opponent=bob", "size=7"))
		if !strings.Contains(ch.Plain(), w[0]) || !strings.Contains(ch.Plain(), w[8]) || ch.Buttons[0].Label != w[7] {
			t.Fatalf("%s challenge: %q %+v", loc, ch.Plain(), ch.Buttons)
		}
		st := public(t, e.pressIn(loc, "bob", ch.Buttons[0].CustomID))
		if st.Next == nil || !strings.Contains(st.Plain(), w[1]) || !strings.Contains(st.Next.Plain(), w[2]) {
			t.Fatalf("%s start: %q", loc, st.Plain())
		}
		refused(t, e.cmdIn(loc, "bob", "setup", "shooters=c5", "stone=d2"), w[3])
		r := e.cmdIn(loc, "alice", "setup", "shooters=c5", "stone=c5")
		refused(t, r, w[4])
		if strings.Contains(r.Plain(), "Not allowed") && loc != "en" {
			t.Fatalf("%s: English in %q", loc, r.Plain())
		}
		if r := e.cmdIn(loc, "carol", "rules"); !strings.Contains(r.Plain(), w[5]) {
			t.Fatalf("%s rules: %q", loc, r.Plain())
		}
		if r := e.cmdIn(loc, "carol", "standings"); !strings.Contains(r.Plain(), w[6]) {
			t.Fatalf("%s standings: %q", loc, r.Plain())
		}
		// Parse errors and English for other locales.
		if r := e.cmdIn(loc, "alice", "move", "shooter=zz9", "shoot=c4"); !r.Ephemeral || strings.Contains(r.Plain(), "is not a square") {
			t.Fatalf("%s square refusal: %q", loc, r.Plain())
		}
		if r := e.cmdIn("de", "alice", "move", "shooter=zz9", "shoot=c4"); !strings.Contains(r.Plain(), "is not a square") {
			t.Fatalf("de falls back to English: %q", r.Plain())
		}
	}
}

// TestSweepInServerLanguage: the reminders follow the server's language
// setting, as no user is there to have a locale.
func TestSweepInServerLanguage(t *testing.T) {
	e := newEnv(t, Config{})
	req := e.req("mod", "settings", "language=fr")
	req.ManageServer = true
	if r := public(t, e.bot.Handle(context.Background(), req)); !strings.Contains(r.Plain(), "language of the bot's own notices to French") {
		t.Fatalf("settings: %q", r.Plain())
	}
	refused(t, func() Reply {
		r := e.req("mod", "settings", "language=de")
		r.ManageServer = true
		return e.bot.Handle(context.Background(), r)
	}(), "not a language")
	ch := public(t, e.cmd("alice", "challenge", "opponent=bob", "size=7", "time=1h"))
	public(t, e.press("bob", button(t, ch, "Accept")))
	e.clock.Add(50 * 60e9)
	p := e.sweep()
	if len(p) != 1 || !strings.Contains(p[0].Reply.Plain(), "<@alice>, petit rappel : votre coup dans la partie 1") {
		t.Fatalf("sweep: %+v", p)
	}
	if r := e.cmdIn("ja", "alice", "settings"); !strings.Contains(r.Plain(), "ボット自身のお知らせ（リマインド、時間切れ）の言語：フランス語") {
		t.Fatalf("settings shown: %q", r.Plain())
	}
}
