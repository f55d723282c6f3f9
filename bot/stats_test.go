package bot

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/veletasbot/veletas/game/veletas"
	"github.com/veletasbot/veletas/store"
)

// resignGame has first challenge second (with extra challenge options)
// and second resign at once.
func (e *env) resignGame(first, second string, opts ...string) store.Game {
	e.tb.Helper()
	ch := public(e.tb, e.cmd(first, "challenge", append([]string{"opponent=" + second, "size=7"}, opts...)...))
	public(e.tb, e.press(second, button(e.tb, ch, "Accept")))
	public(e.tb, e.cmd(second, "resign"))
	done, err := e.db.FinishedGames(e.tb.Context(), e.guild, first, 1)
	if err != nil || len(done) != 1 {
		e.tb.Fatalf("finished %v %v", done, err)
	}
	return done[0]
}

func TestStandingsAndStats(t *testing.T) {
	e := newEnv(t, Config{})
	refused(t, e.cmd("alice", "challenge", "opponent=bob", "rated=maybe"), "`rated`")
	g := e.resignGame("alice", "bob")
	if !g.Rated {
		t.Fatal("a challenge is rated by default")
	}
	e.clock.Add(time.Hour)
	e.resignGame("carol", "alice", "rated=false")
	e.clock.Add(time.Hour)
	e.resignGame("carol", "bob")

	// The unrated (friendly) loss is left out of the standings (issue 11).
	a, _ := e.db.Standing(t.Context(), kindVeletas, e.guild, "alice")
	if a.Wins != 1 || a.Losses != 0 || a.Rating < 1600 {
		t.Fatalf("alice %+v: the unrated loss counted in the standings", a)
	}
	r := public(t, e.cmd("dave", "standings"))
	// An embed (names shown by Discord), no image, and nothing in the
	// content to ping anyone.
	if len(r.Embeds) != 1 || len(r.Images) != 0 || r.Text != "" || len(r.Mentions) != 0 {
		t.Fatalf("standings: %+v", r)
	}
	lines := strings.Split(r.Embeds[0].Description, "\n")
	if r.Embeds[0].Title != "Standings" || len(lines) != 3 || lines[0] != "1. <@alice>: 1662 ± 290, 1 W, 0 L" ||
		!strings.HasPrefix(lines[1], "2. <@carol>: ") || !strings.HasPrefix(lines[2], "3. <@bob>: ") ||
		!strings.Contains(r.Embeds[0].Footer, "rated games only") {
		t.Fatalf("standings:\n%s", r.Plain())
	}

	s := public(t, e.cmd("dave", "stats", "player=alice"))
	if len(s.Embeds) != 1 || s.Text != "" || len(s.Mentions) != 0 || !strings.HasPrefix(s.Embeds[0].Description, "**Stats of <@alice>**") ||
		len(s.Embeds[0].Fields) != 1 || s.Embeds[0].Fields[0].Name != "Recent games" || !strings.Contains(s.Embeds[0].Fields[0].Value, "won against <@bob>") {
		t.Fatalf("stats embed: %+v", s)
	}
	for _, want := range []string{"**Stats of <@alice>**", "Rating: 1662 ± 290 (rank 1)", "Record: 1 W, 0 L in 1 game",
		"Current streak: 1 win", "• game 2: lost to <@carol> (7x7, classic rules, resignation,", ", unrated)", "• game 1: won against <@bob>"} {
		if !strings.Contains(s.Plain(), want) {
			t.Fatalf("stats lack %q:\n%s", want, s.Plain())
		}
	}
	if strings.Index(s.Plain(), "game 2") > strings.Index(s.Plain(), "game 1") {
		t.Fatalf("recent games not newest first:\n%s", s.Plain())
	}
	if s := public(t, e.cmd("bob", "stats")); !strings.Contains(s.Plain(), "Current streak: 2 losses in a row") {
		t.Fatalf("own stats:\n%s", s.Plain())
	}
	if s := public(t, e.cmd("bob", "stats", "player=zed")); !strings.Contains(s.Plain(), "No finished game") {
		t.Fatalf("stats of a new player:\n%s", s.Plain())
	}
	refused(t, e.cmd("bob", "stats", "player=<@x y>"), "player:@someone")
}

func TestParseMoveTime(t *testing.T) {
	for in, want := range map[string]time.Duration{
		"1h": time.Hour, "12h": 12 * time.Hour, "3d": 72 * time.Hour, "1d12h": 36 * time.Hour, " 14D ": 14 * 24 * time.Hour,
		"none": 0, "0": 0,
	} {
		if got, err := ParseMoveTime(in); err != nil || got != want {
			t.Errorf("ParseMoveTime(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"", "h", "3", "15d", "30m", "0h", "1x", "99999d", "-3d", "1d 2", strings.Repeat("1", 40)} {
		if got, err := ParseMoveTime(in); err == nil {
			t.Errorf("ParseMoveTime(%q) = %v, want an error", in, got)
		}
	}
}

func FuzzParseMoveTime(f *testing.F) {
	for _, s := range []string{"3d", "12h", "1d12h", "none", "15d", "", "9999h"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := ParseMoveTime(s)
		if err == nil && d != 0 && (d < time.Hour || d > 14*24*time.Hour) {
			t.Fatalf("ParseMoveTime(%q) = %v out of range", s, d)
		}
		if err == nil && d%time.Hour != 0 {
			t.Fatalf("ParseMoveTime(%q) = %v not whole hours", s, d)
		}
	})
}

// TestStatsUnratedOnly: a player whose only finished games are against
// the computer or unrated sees them in /veletas stats, marked unrated,
// instead of "No finished game yet"; they stay out of the standings.
func TestStatsUnratedOnly(t *testing.T) {
	e := newEnv(t, Config{})
	g, err := startAIRules(t.Context(), e.db, e.guild, "ai-chan", "alice", "veletas", "easy", veletas.Size7, veletas.Classic)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.db.Resign(t.Context(), e.guild, g.Channel, "alice"); err != nil {
		t.Fatal(err)
	}
	e.chann = "friendly"
	ch := public(t, e.cmd("carol", "challenge", "opponent=dave", "size=7", "rated=false"))
	public(t, e.press("dave", button(t, ch, "Accept")))
	public(t, e.cmd("dave", "resign"))

	r := e.cmd("alice", "stats")
	if strings.Contains(r.Plain(), "No finished game yet") || !strings.Contains(r.Plain(), "No rated game yet") ||
		!strings.Contains(r.Plain(), "lost to <@veletas>") || !strings.Contains(r.Plain(), ", unrated)") {
		t.Errorf("alice's stats after a game against the computer:\n%s", r.Plain())
	}
	r = e.cmd("alice", "stats", "player=carol")
	if !strings.Contains(r.Plain(), "won against <@dave>") || !strings.Contains(r.Plain(), ", unrated)") || strings.Contains(r.Plain(), "Rating:") {
		t.Errorf("carol's stats after an unrated win:\n%s", r.Plain())
	}
	if r := e.cmd("bob", "stats"); !strings.Contains(r.Plain(), "No finished game yet") {
		t.Errorf("bob, who never played: %q", r.Plain())
	}
	st := e.cmd("alice", "standings")
	for _, who := range []string{"alice", "carol", "dave", "veletas"} {
		if strings.Contains(st.Plain(), "<@"+who+">") {
			t.Errorf("standings list %s, who played only unrated games:\n%s", who, st.Plain())
		}
	}
	fr := e.req("alice", "stats")
	fr.Locale = "fr"
	if r := e.bot.Handle(context.Background(), fr); !strings.Contains(r.Plain(), "Aucune partie classée") || !strings.Contains(r.Plain(), ", amicale)") {
		t.Errorf("alice's stats in French:\n%s", r.Plain())
	}
}

// TestStatsTitleByGame: /fanorona stats is headed with Fanorona's name,
// /veletas stats with Veletas's, in every language.
func TestStatsTitleByGame(t *testing.T) {
	e := newEnv(t, Config{})
	for _, c := range []struct {
		game, locale, want string
	}{
		{"", "", "Veletas stats"},
		{"fanorona", "", "Fanorona stats"},
		{"fanorona", "fr", "Statistiques du fanorona"},
		{"fanorona", "ja", "ファノロナの成績"},
	} {
		req := e.req("alice", "stats")
		req.Game, req.Locale = c.game, c.locale
		r := public(t, e.bot.Handle(context.Background(), req))
		if len(r.Embeds) != 1 || r.Embeds[0].Title != c.want {
			t.Errorf("/%s stats in %q: embeds %+v, want the title %q", c.game, c.locale, r.Embeds, c.want)
		}
	}
}

// TestUnratedEndAndEmptyStandings: the end of an unrated Veletas game
// says the standings do not change (instead of pointing to them), and the
// standings after unrated games only say that no rated game has finished
// and how to play one, in every language and for both games.
func TestUnratedEndAndEmptyStandings(t *testing.T) {
	e := newEnv(t, Config{})
	ch := public(t, e.cmd("carol", "challenge", "opponent=dave", "size=7", "rated=false"))
	public(t, e.press("dave", button(t, ch, "Accept")))
	end := public(t, e.cmd("dave", "resign"))
	if !strings.Contains(end.Plain(), "**<@carol> wins** by resignation of <@dave>! The game was not rated: the standings do not change.") ||
		strings.Contains(end.Plain(), "`/veletas standings`") {
		t.Errorf("end of an unrated game: %q", end.Plain())
	}
	for _, c := range []struct{ game, loc, want string }{
		{"", "", "No rated game has finished on this server yet: the standings count rated games only (games against the computer and `rated:false` games do not). Play a rated one with `/veletas challenge opponent:@someone` (challenges are rated unless `rated:false`)."},
		{"", "fr", "Aucune partie classée n'est encore terminée sur ce serveur : le classement ne compte que les parties classées (ni celles contre l'ordinateur, ni celles en `rated:false`). Jouez-en une avec `/veletas challenge opponent:@quelqu'un` (un défi est classé sauf avec `rated:false`)."},
		{"", "ja", "このサーバーではまだレーティング対象の対局が終わっていません。順位表に数えるのはレーティング対象の対局だけです（コンピューターとの対局と `rated:false` の対局は数えません）。`/veletas challenge opponent:@相手` で対局しましょう（`rated:false` を付けなければレーティング対象です）。"},
		{"fanorona", "", "No rated game has finished on this server yet: the standings count rated games only (Véla games, games against the computer and `rated:false` games do not). Play a rated one with `/fanorona challenge opponent:@someone` (Fanorona challenges are rated unless `rated:false`)."},
	} {
		req := e.req("carol", "standings")
		req.Game, req.Locale = c.game, c.loc
		if r := public(t, e.bot.Handle(context.Background(), req)); r.Text != c.want {
			t.Errorf("/%s standings in %q after an unrated game: %q, want %q", c.game, c.loc, r.Text, c.want)
		}
	}
}
