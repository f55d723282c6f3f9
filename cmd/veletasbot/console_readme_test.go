package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestReadmeTranscriptInEveryLanguage plays the README's console
// transcript (its game.txt) at an English, a French and a Japanese
// console: the English button labels it types work in every language,
// and no line is refused.
func TestReadmeTranscriptInEveryLanguage(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("(?s)with a `game.txt` such as\n\n```\n(.*?)```").FindSubmatch(b)
	if m == nil {
		t.Fatal("README has no game.txt transcript")
	}
	script := string(m[1])
	if !strings.Contains(script, "[Accept]") {
		t.Fatalf("the transcript presses no [Accept]:\n%s", script)
	}
	for _, locale := range []string{"en", "fr", "ja"} {
		text := runConsole(t, script, "-locale", locale)
		if strings.Contains(text, "error:") || strings.Contains(text, " only\n") {
			t.Errorf("-locale %s: a line was refused:\n%s", locale, text)
		}
		if n := strings.Count(text, "<< "); n != strings.Count(strings.TrimSpace(script), "\n")+1 {
			t.Errorf("-locale %s: %d lines echoed, want one per line of the transcript", locale, n)
		}
	}
}
