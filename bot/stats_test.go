package bot

import (
	"bytes"
	"context"
	"image/png"
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
	done, err := e.db.FinishedGames(e.guild, first, 1)
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
	a, _ := e.db.Standing(e.guild, "alice")
	if a.Wins != 1 || a.Losses != 0 || a.Rating < 1600 {
		t.Fatalf("alice %+v: the unrated loss counted in the standings", a)
	}
	r := public(t, e.cmd("dave", "standings"))
	lines := strings.Split(strings.TrimSpace(r.Text), "\n")
	if len(lines) != 4 || !strings.HasPrefix(lines[1], "1. <@alice>: 1662 ± 290, 1 W, 0 L") ||
		!strings.HasPrefix(lines[2], "2. <@carol>: ") || !strings.HasPrefix(lines[3], "3. <@bob>: ") {
		t.Fatalf("standings:\n%s", r.Text)
	}
	if len(r.Images) != 1 {
		t.Fatalf("standings without the table image")
	}
	img, err := png.Decode(bytes.NewReader(r.Images[0].PNG))
	if err != nil || img.Bounds().Dx() < 200 {
		t.Fatalf("table image: %v %v", err, img)
	}

	s := public(t, e.cmd("dave", "stats", "player=alice"))
	for _, want := range []string{"**Stats of <@alice>**", "Rating: 1662 ± 290 (rank 1)", "Record: 1 W, 0 L in 1 game",
		"Current streak: 1 win", "• game 2: lost to <@carol> (7x7, classic rules, resignation,", ", unrated)", "• game 1: won against <@bob>"} {
		if !strings.Contains(s.Text, want) {
			t.Fatalf("stats lack %q:\n%s", want, s.Text)
		}
	}
	if strings.Index(s.Text, "game 2") > strings.Index(s.Text, "game 1") {
		t.Fatalf("recent games not newest first:\n%s", s.Text)
	}
	if s := public(t, e.cmd("bob", "stats")); !strings.Contains(s.Text, "Current streak: 2 losses in a row") {
		t.Fatalf("own stats:\n%s", s.Text)
	}
	if s := public(t, e.cmd("bob", "stats", "player=zed")); !strings.Contains(s.Text, "No finished game") {
		t.Fatalf("stats of a new player:\n%s", s.Text)
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
	g, err := e.db.StartAIGame(e.guild, "ai-chan", "alice", "veletas", "easy", veletas.Size7)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.db.Resign(e.guild, g.Channel, "alice"); err != nil {
		t.Fatal(err)
	}
	e.chann = "friendly"
	ch := public(t, e.cmd("carol", "challenge", "opponent=dave", "size=7", "rated=false"))
	public(t, e.press("dave", button(t, ch, "Accept")))
	public(t, e.cmd("dave", "resign"))

	r := e.cmd("alice", "stats")
	if strings.Contains(r.Text, "No finished game yet") || !strings.Contains(r.Text, "No rated game yet") ||
		!strings.Contains(r.Text, "lost to <@veletas>") || !strings.Contains(r.Text, ", unrated)") {
		t.Errorf("alice's stats after a game against the computer:\n%s", r.Text)
	}
	r = e.cmd("alice", "stats", "player=carol")
	if !strings.Contains(r.Text, "won against <@dave>") || !strings.Contains(r.Text, ", unrated)") || strings.Contains(r.Text, "Rating:") {
		t.Errorf("carol's stats after an unrated win:\n%s", r.Text)
	}
	if r := e.cmd("bob", "stats"); !strings.Contains(r.Text, "No finished game yet") {
		t.Errorf("bob, who never played: %q", r.Text)
	}
	st := e.cmd("alice", "standings")
	for _, who := range []string{"alice", "carol", "dave", "veletas"} {
		if strings.Contains(st.Text, "<@"+who+">") {
			t.Errorf("standings list %s, who played only unrated games:\n%s", who, st.Text)
		}
	}
	fr := e.req("alice", "stats")
	fr.Locale = "fr"
	if r := e.bot.Handle(context.Background(), fr); !strings.Contains(r.Text, "Aucune partie classée") || !strings.Contains(r.Text, ", amicale)") {
		t.Errorf("alice's stats in French:\n%s", r.Text)
	}
}
