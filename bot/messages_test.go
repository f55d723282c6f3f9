package bot

import (
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

var verbRE = regexp.MustCompile(`%[-+# 0]*[0-9]*(\.[0-9]+)?[a-zA-Z%]`)

// TestCatalogueComplete fails when a message id is missing in a language,
// or a language has an id English lacks, or the fmt verbs differ.
func TestCatalogueComplete(t *testing.T) {
	en := messages["en"]
	for _, l := range Languages {
		m, ok := messages[l]
		if !ok {
			t.Fatalf("no catalogue for %s", l)
		}
		for k, v := range en {
			tv, ok := m[k]
			if !ok {
				t.Errorf("%s: message %q is missing", l, k)
				continue
			}
			if a, b := verbRE.FindAllString(v, -1), verbRE.FindAllString(tv, -1); !slices.Equal(a, b) {
				t.Errorf("%s: message %q has verbs %v, English %v", l, k, b, a)
			}
			if !strings.HasPrefix(k, "sep.") && strings.TrimSpace(tv) == "" || !utf8.ValidString(tv) {
				t.Errorf("%s: message %q is empty or not UTF-8", l, k)
			}
		}
		for k := range m {
			if _, ok := en[k]; !ok {
				t.Errorf("%s: message %q is not in English", l, k)
			}
		}
	}
	if len(messages) != len(Languages) {
		t.Errorf("%d catalogues, %d languages", len(messages), len(Languages))
	}
}

func TestLang(t *testing.T) {
	for in, want := range map[string]string{"ja": "ja", "fr": "fr", "en-US": "en", "en-GB": "en", "": "en", "de": "en", "FR": "fr", "ja-JP": "ja"} {
		if got := lang(in); got != want {
			t.Errorf("lang(%q) = %q, want %q", in, got, want)
		}
	}
	if got := tr("fr", "dur.days", 3); got != "3 jours" {
		t.Errorf("tr: %q", got)
	}
	if got := trn("en", "dur.days", 1, 1); got != "1 day" {
		t.Errorf("trn: %q", got)
	}
	if got := tr("de", "no.such.key"); got != "no.such.key" {
		t.Errorf("missing key: %q", got)
	}
}

// TestRulesComplete: the rules in every language are long enough and
// fit a Discord message (2000 characters), and mention what a player must
// know (checked through the commands and numbers they all share).
func TestRulesComplete(t *testing.T) {
	for _, l := range Languages {
		r := tr(l, "rules")
		if n := utf8.RuneCountInString(r); n < 600 || n > 2000 {
			t.Errorf("%s rules: %d characters", l, n)
		}
		for _, want := range []string{"7", "9", "10", "2", "3", "4", "**"} {
			if !strings.Contains(r, want) {
				t.Errorf("%s rules lack %q", l, want)
			}
		}
		if h := tr(l, "help"); utf8.RuneCountInString(h) > 2000 {
			t.Errorf("%s help: too long", l)
		}
	}
	for l, words := range map[string][]string{
		"en": {"swap", "keep", "queen", "eight neighbours", "orthogonally", "tie", "majority", "no draws"},
		"ja": {"交代", "そのまま", "クイーン", "8マス", "縦か横", "同じ", "過半数", "引き分け"},
		"fr": {"échanger", "garder", "dame", "huit cases", "orthogonalement", "égalité", "majorité", "nulle"},
	} {
		for _, w := range words {
			if !strings.Contains(tr(l, "rules"), w) {
				t.Errorf("%s rules lack %q", l, w)
			}
		}
	}
}

// TestModuleTextsComplete: each game's own texts (Module.Texts) are, as
// the core's, in every language with the same fmt verbs as in English.
func TestModuleTextsComplete(t *testing.T) {
	for _, mod := range TestGames() {
		texts := mod.Texts()
		en := texts["en"]
		if len(en) == 0 {
			t.Errorf("%s: no English texts", mod.Rules().Kind())
		}
		for _, l := range Languages {
			for k, v := range en {
				tv, ok := texts[l][k]
				if !ok {
					t.Errorf("%s, %s: message %q is missing", mod.Rules().Kind(), l, k)
					continue
				}
				if a, b := verbRE.FindAllString(v, -1), verbRE.FindAllString(tv, -1); !slices.Equal(a, b) {
					t.Errorf("%s, %s: message %q has verbs %v, English %v", mod.Rules().Kind(), l, k, b, a)
				}
				if !utf8.ValidString(tv) || strings.TrimSpace(tv) == "" {
					t.Errorf("%s, %s: message %q is empty or not UTF-8", mod.Rules().Kind(), l, k)
				}
			}
			for k := range texts[l] {
				if _, ok := en[k]; !ok {
					t.Errorf("%s, %s: message %q is not in English", mod.Rules().Kind(), l, k)
				}
			}
		}
	}
}
