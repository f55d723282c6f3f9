package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/veletasbot/veletas/game/veletas"
	"github.com/veletasbot/veletas/store"
)

// TestConsoleAI plays against the computer in the console, with
// -ai-iterations for a repeatable AI, and restarts the console on a
// database whose game waits for the AI: the AI acts before the first line.
func TestConsoleAI(t *testing.T) {
	dir := t.TempDir()
	dbPath := filepath.Join(dir, "c.db")
	run := func(input string) string {
		t.Helper()
		m, out, _ := newMain(nil)
		if err := m.ParseFlags(context.Background(), []string{"console", "-db", dbPath, "-out", filepath.Join(dir, "img"), "-ai-iterations", "20"}); err != nil {
			t.Fatal(err)
		}
		if m.AIIterations != 20 {
			t.Fatalf("-ai-iterations: %d", m.AIIterations)
		}
		m.Stdin = strings.NewReader(input)
		if err := m.Run(context.Background()); err != nil {
			t.Fatal(err)
		}
		if err := m.Close(); err != nil {
			t.Fatal(err)
		}
		return out.String()
	}
	text := run("alice: /veletas challenge opponent:@veletas level:medium size:7\n" +
		"alice: /veletas setup shooters:c5 stone:d2\n" +
		"veletas: /veletas resign\n")
	for _, want := range []string{
		">> all\n@alice\n**Veletas 7x7, game 1**\n@alice plays against me, the computer (medium).",
		"Last action: `[c5]d2` by @alice\n",
		"@veletas (computer, medium) is thinking",
		"by @veletas\n",
		"error: line 3: veletas is the computer player and acts by itself",
	} {
		if !strings.Contains(text, want) {
			t.Fatalf("output lacks %q:\n%s", want, text)
		}
	}
	db, err := store.Open(dbPath, &store.Options{Games: testGames})
	if err != nil {
		t.Fatal(err)
	}
	g, err := db.ActiveGame(t.Context(), "console", "console")
	if err != nil || g.AI != ConsoleAI || g.ToAct() == ConsoleAI {
		t.Fatalf("after the first run: %v %+v", err, g)
	}
	// Leave the AI to act, as a crash would, in a second game.
	if _, err := db.Resign(t.Context(), "console", "console", "alice"); err != nil {
		t.Fatal(err)
	}
	g, err = startAIRules(t.Context(), db, "console", "console", "bob", ConsoleAI, "easy", veletas.Size7, veletas.Classic)
	if err != nil {
		t.Fatal(err)
	}
	setup, err := veletas.ParseAction("[d4]a1")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := applyAction(t.Context(), db, "console", "console", "bob", g.Revision, setup); err != nil {
		t.Fatal(err)
	}
	db.Close()
	text = run("bob: /veletas board\n")
	first := strings.Index(text, "by @veletas\n")
	board := strings.Index(text, "@veletas (computer, easy)")
	if first < 0 || !strings.HasPrefix(text, ">> all\n@bob\n**Veletas 7x7, game 2**") || (board >= 0 && board < first) {
		t.Fatalf("after the restart the AI does not act first:\n%s", text)
	}
}
