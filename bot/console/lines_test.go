package console

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/bot/internal/bottest"
	"github.com/veletasbot/veletas/store"
)

// TestButtonsInEnglishInEveryLanguage: the README's [Accept] works at a
// French or Japanese console too, and a label's accents may be left out.
func TestButtonsInEnglishInEveryLanguage(t *testing.T) {
	for _, tc := range []struct{ locale, accepted string }{
		{"fr", "@bob a accepté le défi de @alice."},
		{"ja", "@bob さんが @alice さんの挑戦を受けました。"},
		{"", "@bob accepted @alice's challenge."},
	} {
		ce := newConsoleEnv(t, tc.locale)
		ce.line("alice: /veletas challenge opponent:@bob size:7")
		if out := ce.line("bob: [Accept]"); !strings.Contains(out, tc.accepted) {
			t.Errorf("%q console, [Accept]:\n%s", tc.locale, out)
		}
	}
	ce := newConsoleEnv(t, "fr")
	ce.line("alice: /veletas challenge opponent:@bob size:7")
	ce.line("bob: [accepter]")
	ce.line("alice: /veletas setup shooters:d4 stone:a1")
	if out := ce.line("bob: [echanger]"); strings.Contains(out, "error:") || !strings.Contains(out, "@bob") {
		t.Errorf("[echanger] for [Échanger]:\n%s", out)
	}
	// The matcher itself: a label in any language, any case, without
	// accents; an unknown label matches nothing.
	c := &Console{Locale: "ja"}
	c.buttons = []*message{{buttons: []bot.Button{{Label: bot.Text("ja+fanorona", "button.vela"), CustomID: "vela"}}}}
	for _, typed := range []string{"Vela", "véla", "VÉLA", bot.Text("ja+fanorona", "button.vela")} {
		if id, m := c.find(typed); id != "vela" || m == nil {
			t.Errorf("[%s] does not press %s", typed, bot.Text("ja+fanorona", "button.vela"))
		}
	}
	if id, _ := c.find("Velo"); id != "" {
		t.Errorf("[Velo] pressed %q", id)
	}
}

// clockConsole is a console with a clock that the bot and its store
// follow, and what it printed.
func clockConsole(t *testing.T) (*Console, *bytes.Buffer) {
	e := bottest.NewEnv(t, bot.Config{})
	e.Guild, e.Channel = Guild, Channel
	var out bytes.Buffer
	oc := &OffsetClock{Base: e.Clock.Now}
	e.Bot.Now = oc.Now
	path := e.DB.Path()
	e.DB.Close()
	db, err := store.Open(path, &store.Options{Games: testGames, NoSync: true, Now: oc.Now})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	e.Bot.Store = db
	return &Console{Handler: e.Bot, Out: &out, Dir: t.TempDir(), Clock: oc}, &out
}

// TestWaitPastReminderAndDeadline: one wait past both the reminder and
// the deadline of a move shows both notices, the reminder first, each at
// its own time.
func TestWaitPastReminderAndDeadline(t *testing.T) {
	c, out := clockConsole(t)
	script := "alice: /veletas challenge opponent:@bob size:7 time:1d\nbob: [Accept]\nwait 2d\n"
	if err := c.Run(context.Background(), strings.NewReader(script)); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	reminder := strings.Index(text, "@alice, a reminder: your move in game 1 is due")
	timeUp := strings.Index(text, "Game 1: the time for @alice's move has run out.")
	later := strings.Index(text, "-- 2 days later: ")
	if reminder < 0 || timeUp < 0 || later < 0 || !(later < reminder && reminder < timeUp) {
		t.Fatalf("want the wait, the reminder, then the time-up notice (at %d, %d, %d):\n%s", later, reminder, timeUp, text)
	}
	// The reminder speaks of the deadline as still ahead: it was swept
	// at its own time, not two days later.
	if seg := text[reminder:timeUp]; !strings.Contains(seg, "in 4 hours") {
		t.Errorf("the reminder was not swept at its time:\n%s", seg)
	}
}

// TestInputEchoed: every input line is echoed before its replies, so
// that the output can be matched to the input.
func TestInputEchoed(t *testing.T) {
	ce := newConsoleEnv(t, "")
	out := ce.line("  alice: /veletas challenge opponent:@bob size:7  ")
	if !strings.HasPrefix(out, "<< alice: /veletas challenge opponent:@bob size:7\n>> all\n") {
		t.Errorf("challenge:\n%s", out)
	}
	if out := ce.line("bob: [Nope]"); out != "<< bob: [Nope]\nerror: line 0: no message has a button [Nope]\n" {
		t.Errorf("bad button: %q", out)
	}
	if out := ce.line("# a comment"); out != "" {
		t.Errorf("comment: %q", out)
	}
	if out := ce.line("   "); out != "" {
		t.Errorf("blank line: %q", out)
	}
}

// TestHelpSetupLine: the help's `/veletas setup shooters:d4 g7 stone:e5`
// is read as the help means it: shooters "d4 g7".
func TestHelpSetupLine(t *testing.T) {
	cl, ok, err := parseConsoleLine("alice: /veletas setup shooters:d4 g7 stone:e5")
	if err != nil || !ok || cl.Options["shooters"] != "d4 g7" || cl.Options["stone"] != "e5" || len(cl.Options) != 2 {
		t.Fatalf("parsed %+v, %v, %v", cl, ok, err)
	}
	if _, _, err := parseConsoleLine("alice: /veletas setup d4 shooters:g7"); err == nil {
		t.Errorf("a word before any option was accepted")
	}
	// At the console, on 9x9, whose first setup places two shooters.
	ce := newConsoleEnv(t, "")
	ce.line("alice: /veletas challenge opponent:@bob size:9")
	ce.line("bob: [Accept]")
	out := ce.line("alice: /veletas setup shooters:d4 g7 stone:e5")
	if strings.Contains(out, "error:") || strings.Contains(out, "key:value") {
		t.Fatalf("the help's setup line:\n%s", out)
	}
	if g, _ := ce.DB.ActiveGame(t.Context(), Guild, Channel); !strings.Contains(g.Record, "[d4,g7]e5") {
		t.Errorf("record %q lacks the setup [d4,g7]e5:\n%s", g.Record, out)
	}
}

// TestChannelLines: "channel NAME" plays the following lines in another
// channel, so two games run side by side.
func TestChannelLines(t *testing.T) {
	ce := newConsoleEnv(t, "")
	ce.line("alice: /veletas challenge opponent:@bob size:7")
	ce.line("bob: [Accept]")
	if out := ce.line("channel second"); out != "<< channel second\n-- in #second\n" {
		t.Errorf("channel line: %q", out)
	}
	ce.line("carol: /veletas challenge opponent:@dave size:9")
	if out := ce.line("dave: [Accept]"); strings.Contains(out, "error:") {
		t.Fatalf("second game:\n%s", out)
	}
	first, err1 := ce.DB.ActiveGame(t.Context(), Guild, Channel)
	second, err2 := ce.DB.ActiveGame(t.Context(), Guild, "second")
	if err1 != nil || err2 != nil || first.ID == second.ID || second.Players != [2]string{"carol", "dave"} || first.Players != [2]string{"alice", "bob"} {
		t.Fatalf("games %+v (%v), %+v (%v)", first.Players, err1, second.Players, err2)
	}
	ce.line("channel console")
	if out := ce.line("alice: /veletas board"); !strings.Contains(out, "@bob") || strings.Contains(out, "@dave") {
		t.Errorf("back in #console, the board is not the first game's:\n%s", out)
	}
	for _, bad := range []string{"channel", "channel a b", "channel bad/name"} {
		if out := ce.line(bad); !strings.Contains(out, "error: line 0: write the channel as `channel NAME`") {
			t.Errorf("%q: %q", bad, out)
		}
	}
}

// TestImageNumbersContinue: a second run in the same directory numbers
// its images after the highest there, and never writes over a file.
func TestImageNumbersContinue(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "007-keep.png"), []byte("earlier"), 0o644); err != nil {
		t.Fatal(err)
	}
	run := func() []string {
		ce := newConsoleEnv(t, "")
		ce.c.Dir = dir
		ce.line("alice: /veletas challenge opponent:@bob size:7")
		out := ce.line("bob: [Accept]")
		var paths []string
		for _, l := range strings.Split(out, "\n") {
			if p, ok := strings.CutPrefix(l, "image: "); ok {
				paths = append(paths, filepath.Base(p))
			}
		}
		return paths
	}
	first := run()
	second := run()
	if len(first) == 0 || !strings.HasPrefix(first[0], "008-") || len(second) == 0 || second[0][:3] <= first[len(first)-1][:3] {
		t.Fatalf("first run wrote %v, second %v; want them numbered after 007 and after each other", first, second)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "007-keep.png")); string(b) != "earlier" {
		t.Errorf("an earlier file was overwritten")
	}
}
