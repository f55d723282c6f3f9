package console

import (
	"bytes"
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/bot/internal/bottest"
	"github.com/veletasbot/veletas/store"
)

func TestConsoleWaitAndClaim(t *testing.T) {
	e := bottest.NewEnv(t, bot.Config{})
	e.Guild, e.Channel = Guild, Channel
	var out bytes.Buffer
	oc := &OffsetClock{Base: e.Clock.Now}
	e.Bot.Now = oc.Now
	c := &Console{Handler: e.Bot, Out: &out, Dir: t.TempDir(), Clock: oc}
	script := `alice: /veletas challenge opponent:@bob size:7 time:1d
bob: [Accept]
bob: /veletas claim
wait 20h
wait 5h
bob: /veletas claim
wait soon
alice: /veletas settings time:2d
`
	// The store's clock follows the console's too.
	path := e.DB.Path()
	e.DB.Close()
	db, err := store.Open(path, &store.Options{Games: testGames, NoSync: true, Now: oc.Now})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	e.Bot.Store = db
	if err := c.Run(context.Background(), strings.NewReader(script)); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	for _, want := range []string{
		">> bob only\nThe time for this move has not run out: @alice has until",
		"-- 20 hours later: 2026-03-02 08:00 UTC\n>> all\n@alice, a reminder: your move in game 1 is due",
		"-- 5 hours later: 2026-03-02 13:00 UTC\n>> all\nGame 1: the time for @alice's move has run out. @bob, you may claim the win",
		"**@bob wins** on time!",
		"error: line 7: wait: write hours or days",
		">> all\n@alice set this server's default time per move to 2 days.",
	} {
		if !strings.Contains(text, want) {
			t.Fatalf("console output lacks %q:\n%s", want, text)
		}
	}
}

func FuzzParseWait(f *testing.F) {
	for _, s := range []string{"wait 2d", "wait 12h", "wait 1d12h30m", "wait soon", "wait ", "alice: /veletas board", "wait 9999d", "wait 0h"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, ok, err := parseWait(s)
		if !ok && (d != 0 || err != nil) {
			t.Fatalf("parseWait(%q) = %v, %v, %v for a line that is not a wait", s, d, ok, err)
		}
		if ok && err == nil && (d <= 0 || d > 365*24*time.Hour) {
			t.Fatalf("parseWait(%q) = %v out of range", s, d)
		}
		if ok != strings.HasPrefix(strings.TrimSpace(s), "wait ") {
			t.Fatalf("parseWait(%q): ok %v", s, ok)
		}
	})
}

func TestRelativeTimes(t *testing.T) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	at := func(d time.Duration) string { return "<t:" + strconv.FormatInt(now.Add(d).Unix(), 10) + ":R>" }
	for _, tc := range []struct {
		locale, in, want string
	}{
		{"", "due " + at(28*time.Hour) + " (" + "<t:1:f>)", "due in 1 day 4 hours (<t:1:f>)"},
		{"", at(-90 * time.Minute), "1 hour 30 minutes ago"},
		{"", at(0), "in 0 minutes"},
		{"ja", at(3 * time.Hour), "3時間後"},
		{"fr", at(-2 * 24 * time.Hour), "il y a 2 jours"},
		{"ja", at(90*time.Minute + 24*time.Hour), "1日1時間30分後"},
		{"fr", at(time.Minute), "dans 1 minute"},
		{"", "no stamp", "no stamp"},
	} {
		if got := relativeTimes(tc.in, tc.locale, now); got != tc.want {
			t.Errorf("relativeTimes(%q, %q) = %q, want %q", tc.in, tc.locale, got, tc.want)
		}
	}
}

// TestDatesInEveryLanguage: Discord's timestamps in the console, as each
// language writes a date.
func TestDatesInEveryLanguage(t *testing.T) {
	at := "<t:" + strconv.FormatInt(time.Date(2026, 3, 2, 8, 5, 0, 0, time.UTC).Unix(), 10) + ":f>"
	for loc, want := range map[string]string{"": "2026-03-02 08:05 UTC", "ja": "2026年3月2日 08:05 UTC", "fr": "2 mars 2026 à 08:05 UTC"} {
		if got := TextIn("due "+at, loc); got != "due "+want {
			t.Errorf("%q: %q, want %q", loc, got, "due "+want)
		}
	}
}

// TestConsoleExpiredChallenge: when a challenge expires, the sweep before
// the next line prints the notice that replaces its message, once, and
// the message's buttons go (a press then finds none); a challenge
// answered before its expiry is left alone.
func TestConsoleExpiredChallenge(t *testing.T) {
	e := bottest.NewEnv(t, bot.Config{})
	var out bytes.Buffer
	oc := &OffsetClock{Base: e.Clock.Now}
	e.Bot.Now = oc.Now
	c := &Console{Handler: e.Bot, Out: &out, Dir: t.TempDir(), Clock: oc}
	path := e.DB.Path()
	e.DB.Close()
	db, err := store.Open(path, &store.Options{Games: testGames, NoSync: true, Now: oc.Now})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	e.Bot.Store = db
	script := `alice: /veletas challenge opponent:@bob
carol: /veletas challenge
dave: /veletas challenge opponent:@erin
erin: [Decline]
wait 1h
wait ` + strconv.Itoa(int(store.DefaultChallengeTTL/time.Hour)) + `h
bob: [Decline]
wait 1h
bob: [Accept]
`
	if err := c.Run(context.Background(), strings.NewReader(script)); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	expired := "-- 1 day later: 2026-03-02 13:00 UTC\n" +
		">> all\n@alice's challenge to @bob has expired. Make a new one with `/veletas challenge opponent:@someone`.\n" +
		">> all\n@carol's open challenge has expired. Make a new one with `/veletas challenge opponent:@someone`.\n" +
		"<< bob: [Decline]\n" +
		"error: line 7: no message has a button [Decline]\n"
	if !strings.Contains(text, expired) || strings.Count(text, "has expired") != 2 {
		t.Fatalf("the expiry notices: want once\n%s\nin:\n%s", expired, text)
	}
	after := text[strings.Index(text, expired):]
	for _, want := range []string{"error: line 7: no message has a button [Decline]", "error: line 9: no message has a button [Accept]"} {
		if !strings.Contains(after, want) {
			t.Fatalf("after the expiry, the output lacks %q:\n%s", want, text)
		}
	}
}
