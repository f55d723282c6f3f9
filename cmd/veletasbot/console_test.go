package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// runConsole runs veletasbot console with the given flags on script, at a
// fixed start time, and returns what it printed.
func runConsole(t *testing.T, script string, flags ...string) string {
	t.Helper()
	dir := t.TempDir()
	m, out, _ := newMain(nil)
	args := append([]string{"console", "-db", filepath.Join(dir, "c.db"), "-out", filepath.Join(dir, "img")}, flags...)
	if err := m.ParseFlags(context.Background(), args); err != nil {
		t.Fatal(err)
	}
	start := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	m.Now = func() time.Time { return start }
	m.Stdin = strings.NewReader(script)
	if err := m.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := m.Close(); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

// TestConsoleTimeout plays the timeout path in the real console: the
// "wait" lines move the injected clock, the sweep reminds and tells.
func TestConsoleTimeout(t *testing.T) {
	text := runConsole(t, `alice: /veletas challenge opponent:@bob size:7 time:12h
bob: [Accept]
wait 10h
wait 3h
bob: /veletas claim
bob: /veletas stats
carol: /veletas standings
`)
	for _, want := range []string{
		"Rated, 12 hours per move.",
		"-- 10 hours later: 2026-03-01 22:00 UTC\n>> all\n@alice, a reminder: your move in game 1 is due",
		"-- 3 hours later: 2026-03-02 01:00 UTC\n>> all\nGame 1: the time for @alice's move has run out.",
		"**@bob wins** on time!",
		"Rating: 1662 ± 290 (rank 1)",
		"1. @bob: 1662 ± 290, 1 W, 0 L",
		"2. @alice: 1338 ± 290, 0 W, 1 L",
	} {
		if !strings.Contains(text, want) {
			t.Fatalf("console output lacks %q:\n%s", want, text)
		}
	}
}

// TestConsoleLocaleFlag: -locale ja and -locale fr write the replies in
// that language.
func TestConsoleLocaleFlag(t *testing.T) {
	script := "alice: /veletas challenge opponent:@bob size:7\nbob: /veletas accept\nbob: /veletas resign\ncarol: /veletas rules\n"
	ja := runConsole(t, script, "-locale", "ja")
	for _, want := range []string{"@bob さん、@alice さんから 7x7 のベレタスの対局の申し込みです。", "**@alice さんの勝ち**です（@bob さんの投了により）！",
		"buttons: [棋譜] [再戦]", "**閉じ込めと獲得**"} {
		if !strings.Contains(ja, want) {
			t.Fatalf("ja output lacks %q:\n%s", want, ja)
		}
	}
	fr := runConsole(t, script, "-locale", "fr")
	for _, want := range []string{"@bob, @alice vous défie à une partie de Veletas sur 7x7.", "**@alice gagne** par abandon de @bob !",
		"buttons: [Relevé] [Revanche]", "**Enfermer et capturer.**"} {
		if !strings.Contains(fr, want) {
			t.Fatalf("fr output lacks %q:\n%s", want, fr)
		}
	}
}

// TestConsoleTimeoutFrench: with -locale fr the sweep's messages are in
// French too.
func TestConsoleTimeoutFrench(t *testing.T) {
	text := runConsole(t, "alice: /veletas challenge opponent:@bob size:7 time:2h\nbob: /veletas accept\nwait 100m\nwait 1h\nbob: /veletas claim\n", "-locale", "fr")
	for _, want := range []string{
		"Partie classée, 2 heures par coup.",
		">> all\n@alice, petit rappel : votre coup dans la partie 1 est attendu",
		">> all\nPartie 1 : le temps de @alice pour ce coup est écoulé. @bob, vous pouvez réclamer la victoire avec `/veletas claim`",
		"**@bob gagne** au temps !",
	} {
		if !strings.Contains(text, want) {
			t.Fatalf("console output lacks %q:\n%s", want, text)
		}
	}
}
