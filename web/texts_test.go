package web

import (
	"encoding/json"
	"html"
	"maps"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/veletasbot/veletas/game"
)

var placeholder = regexp.MustCompile(`\{[a-zA-Z]+\}`)

// TestTextsComplete: every key of every language is in every language,
// not empty, with the same placeholders.
func TestTextsComplete(t *testing.T) {
	if len(texts) != len(languages) {
		t.Fatalf("texts has %d languages, languages %d", len(texts), len(languages))
	}
	keys := map[string]bool{}
	for _, l := range languages {
		for k := range texts[l] {
			keys[k] = true
		}
	}
	for _, k := range slices.Sorted(maps.Keys(keys)) {
		want := placeholders(texts["en"][k])
		for _, l := range languages {
			s, ok := texts[l][k]
			if !ok || strings.TrimSpace(s) == "" {
				t.Errorf("%s: no %s text", k, l)
				continue
			}
			if got := placeholders(s); !slices.Equal(got, want) {
				t.Errorf("%s, %s: placeholders %v, English %v", k, l, got, want)
			}
		}
	}
	for code := range ownRefusals {
		if !keys["refuse."+code] {
			t.Errorf("the refusal %q has no text", code)
		}
	}
}

func placeholders(s string) []string {
	p := placeholder.FindAllString(s, -1)
	slices.Sort(p)
	return p
}

func TestRequestLanguage(t *testing.T) {
	for _, c := range []struct{ query, header, want string }{
		{"", "", "en"},
		{"", "fr-FR,fr;q=0.9,en;q=0.5", "fr"},
		{"", "en;q=0.5, ja", "ja"},
		{"", "FR-ca", "fr"},
		{"", "de-DE,de;q=0.9", "en"}, // a language of no texts
		{"", "*", "en"},
		{"lang=ja", "fr", "ja"},
		{"lang=fr", "", "fr"},
		{"lang=xx", "fr", "fr"}, // an unknown override is ignored
		{"lang=", "ja", "ja"},
	} {
		r, _ := http.NewRequest("GET", "/g/x?"+c.query, nil)
		if c.header != "" {
			r.Header.Set("Accept-Language", c.header)
		}
		if got := requestLanguage(r); got != c.want {
			t.Errorf("?%s, Accept-Language %q: %q, want %q", c.query, c.header, got, c.want)
		}
	}
}

func FuzzKnownLanguage(f *testing.F) {
	for _, s := range []string{"", "fr", "fr-FR", "JA", "ja-JP-u-ca-japanese", "-", "en-", "x-klingon"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, tag string) {
		l, ok := knownLanguage(tag)
		if ok != slices.Contains(languages, l) || (!ok && l != "") {
			t.Fatalf("knownLanguage(%q) = %q, %v", tag, l, ok)
		}
		r, _ := http.NewRequest("GET", "/", nil)
		r.Header.Set("Accept-Language", tag)
		if got := requestLanguage(r); !slices.Contains(languages, got) {
			t.Fatalf("requestLanguage(%q) = %q", tag, got)
		}
	})
}

// pageTextsOf reads the texts a page hands its script.
func pageTextsOf(t *testing.T, body string) map[string]string {
	t.Helper()
	m := regexp.MustCompile(`<script type="application/json" id="texts">([^<]*)</script>`).FindStringSubmatch(body)
	if m == nil {
		t.Fatalf("no texts in the page:\n%s", body)
	}
	var out map[string]string
	if err := json.Unmarshal([]byte(m[1]), &out); err != nil {
		t.Fatalf("the page's texts: %v", err)
	}
	return out
}

// TestPagesSpeakTheLanguage: the game page, the not-found page, the
// standings page, a sign-in refusal and a web refusal of a move are in
// the language of the browser, or of ?lang=.
func TestPagesSpeakTheLanguage(t *testing.T) {
	f := newFixture(t, map[game.Kind]int{"veletas": 3}, func(o *Options) { o.OAuth = OAuth{ClientID: "1234", ClientSecret: "s"} })
	g := f.byKind["veletas"]
	for _, c := range []struct{ path, header, want string }{
		{"", "fr-FR,fr;q=0.9,en;q=0.5", "fr"},
		{"", "ja", "ja"},
		{"", "de", "en"},
		{"?lang=ja", "fr", "ja"},
		{"?lang=fr", "", "fr"},
	} {
		w := getWith(f.srv, f.srv.Path(g.ID)+c.path, "Accept-Language", c.header)
		body := w.Body.String()
		tx := texts[c.want]
		if w.Code != 200 || !strings.Contains(body, `<html lang="`+c.want+`">`) {
			t.Errorf("%s %q: %d, want lang %s:\n%s", c.path, c.header, w.Code, c.want, body)
		}
		for _, k := range []string{"loading", "movesHeading", "signIn", "board"} {
			if !strings.Contains(html.UnescapeString(body), tx[k]) {
				t.Errorf("%s %q: the page lacks %s %q", c.path, c.header, k, tx[k])
			}
		}
		if got := pageTextsOf(t, body); !maps.Equal(got, tx) {
			t.Errorf("%s %q: the script's texts are not the %s ones: %v", c.path, c.header, c.want, got["toPlay"])
		}
	}
	// French words, to be sure the table is not English everywhere.
	if w := getWith(f.srv, f.srv.Path(g.ID), "Accept-Language", "fr"); !strings.Contains(w.Body.String(), "Se connecter avec Discord") {
		t.Errorf("the French page has no French sign-in link")
	}
	if w := getWith(f.srv, f.srv.Path(g.ID), "Accept-Language", "ja"); !strings.Contains(w.Body.String(), "棋譜") {
		t.Errorf("the Japanese page has no Japanese move list heading")
	}
	if w := getWith(f.srv, "/g/nothing", "Accept-Language", "fr"); w.Code != 404 || !strings.Contains(w.Body.String(), "Aucune partie n’a ce lien.") {
		t.Errorf("not found in French: %d %s", w.Code, w.Body)
	}
	if w := getWith(f.srv, "/auth/callback?code=x&state=y", "Accept-Language", "ja"); w.Code != 403 ||
		!strings.Contains(w.Body.String(), `<html lang="ja">`) || !strings.Contains(w.Body.String(), texts["ja"]["signinStale"]) {
		t.Errorf("a sign-in refusal in Japanese: %d %s", w.Code, w.Body)
	}
}

// TestStandingsPageLanguage: the server's page in French and Japanese.
func TestStandingsPageLanguage(t *testing.T) {
	f := newFixture(t, nil)
	f.guildGames(t, guildA)
	f.setWebStandings(t, guildA, "on")
	path, _ := f.srv.GuildPath(guildA)
	for _, l := range []string{"fr", "ja"} {
		w := getWith(f.srv, path, "Accept-Language", l)
		body := html.UnescapeString(w.Body.String())
		for _, k := range []string{"standings", "player", "rating", "underWay"} {
			if !strings.Contains(body, texts[l][k]) {
				t.Errorf("%s: the standings page lacks %s %q", l, k, texts[l][k])
			}
		}
		if w.Code != 200 || !strings.Contains(body, `<html lang="`+l+`">`) || strings.Contains(body, "Under way") {
			t.Errorf("%s: %d\n%s", l, w.Code, body)
		}
	}
}
