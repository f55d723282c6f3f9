package amazonsmod

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

var verbs = regexp.MustCompile(`%(\[\d+\])?[a-z]`)

// TestTextsComplete checks that every language has every key, with the
// same verbs in the same order, and that every key is the module's.
func TestTextsComplete(t *testing.T) {
	for _, l := range Languages {
		for k, en := range textsEN {
			m, ok := Texts[l][k]
			if !ok || m == "" && k != "amazons.sep.sentence" { // Japanese joins sentences with nothing
				t.Errorf("%s lacks %s", l, k)
				continue
			}
			if !slices.Equal(verbs.FindAllString(m, -1), verbs.FindAllString(en, -1)) {
				t.Errorf("%s: %s has verbs %v, English %v", l, k, verbs.FindAllString(m, -1), verbs.FindAllString(en, -1))
			}
		}
		for k := range Texts[l] {
			if _, ok := textsEN[k]; !ok {
				t.Errorf("%s has %s, which English lacks", l, k)
			}
			if !strings.HasPrefix(k, "amazons.") {
				t.Errorf("%s: key %s lacks the module's prefix", l, k)
			}
		}
	}
}

// TestDescriptionsFit checks Discord's limit on descriptions: 100
// characters.
func TestDescriptionsFit(t *testing.T) {
	for _, l := range Languages {
		for k, m := range Texts[l] {
			if strings.HasSuffix(k, ".desc") && (utf8.RuneCountInString(m) > 100 || m == "") {
				t.Errorf("%s: %s is %d characters", l, k, utf8.RuneCountInString(m))
			}
		}
	}
}

// TestKeysUsedExist finds every "amazons.…" key written in the package's
// code and checks that English has it.
func TestKeysUsedExist(t *testing.T) {
	files, _ := filepath.Glob("*.go")
	key := regexp.MustCompile(`"(amazons\.[a-z.]*[a-z])"`) // whole keys, not prefixes
	n := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") || f == "texts.go" {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range key.FindAllStringSubmatch(string(b), -1) {
			n++
			if _, ok := textsEN[m[1]]; !ok {
				t.Errorf("%s uses %s, which Texts lacks", f, m[1])
			}
		}
	}
	if n < 30 {
		t.Errorf("found only %d keys in the code", n)
	}
}

func TestTextFallback(t *testing.T) {
	if got := Text("fr-FR", "amazons.card.title", 12); got != "Amazones, partie 12" {
		t.Errorf("fr-FR: %q", got)
	}
	if got := Text("en-GB", "amazons.card.title", 12); got != "Amazons, game 12" {
		t.Errorf("en-GB: %q", got)
	}
	if got := Text("ja", "amazons.nokey"); got != "amazons.nokey" {
		t.Errorf("unknown key: %q", got)
	}
}
