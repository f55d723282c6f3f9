package web

import (
	"context"
	"fmt"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/bot/games"
	"github.com/veletasbot/veletas/game"
	"github.com/veletasbot/veletas/store"
)

// acceptLanguage makes the tab's requests ask for the languages of
// header, as a browser set to them does.
func acceptLanguage(header string) chromedp.Action[chromedp.Void] {
	return chromedp.Action[chromedp.Void](func(ctx context.Context, _ *chromedp.Target) (chromedp.Void, error) {
		_, err := chromedp.Call(ctx, emulation.SetUserAgentOverride, emulation.SetUserAgentOverrideParams{
			UserAgent: "Mozilla/5.0 (X11; Linux x86_64) veletas-test", AcceptLanguage: header})
		return chromedp.Void{}, err
	})
}

// TestBrowserLanguages loads a game page in a browser set to French, then
// Japanese: the labels the server writes and those the script writes
// (whose turn, the time left, the viewers, the replay's buttons) are in
// that language; then the game ends and the page says who won, and how, in it.
// With -update-screenshots, phone-width dark screenshots of both go to
// testdata/screenshots/lang-LANG-phone-dark.png.
func TestBrowserLanguages(t *testing.T) {
	ctx := browser(t)
	f := newFixture(t, map[game.Kind]int{"veletas": 6, "fanorona": 4, "amazons": 5})
	ts := httptest.NewServer(f.srv)
	defer ts.Close()
	defer f.srv.Close()
	dir := t.TempDir()
	if *updateScreenshots {
		dir = filepath.Join("testdata", "screenshots")
	}
	g := f.byKind["veletas"]
	for _, c := range []struct {
		lang, header, status string
	}{
		{"fr", "fr-FR,fr;q=0.9,en;q=0.5", `^À User ` + g.ToAct() + ` de jouer · (23 h 59 min restantes|1 j 0 h restants)$`},
		{"ja", "ja-JP,ja;q=0.9", `^User ` + g.ToAct() + `の手番 · 残り(23時間59分|1日0時間)$`},
	} {
		tx := texts[c.lang]
		within(t, ctx, chromedp.EmulateViewport(390, 844), colorScheme("dark"), acceptLanguage(c.header),
			chromedp.Navigate(ts.URL+f.srv.Path(g.ID)))
		waitFor(t, ctx, `document.querySelectorAll('#board .piece').length > 0 && document.getElementById('viewers').dataset.n === "1"`)
		if got := eval[string](t, ctx, `document.documentElement.lang`); got != c.lang {
			t.Errorf("%s: <html lang=%q>", c.lang, got)
		}
		for sel, want := range map[string]string{
			`#movesheading`: tx["movesHeading"],
			`#viewers`:      tx["watchingOne"],
		} {
			if got := eval[string](t, ctx, `document.querySelector('`+sel+`').textContent`); got != want {
				t.Errorf("%s: %s says %q, want %q", c.lang, sel, got, want)
			}
		}
		if got := eval[string](t, ctx, `document.getElementById('prev').getAttribute('aria-label')`); got != tx["prev"] {
			t.Errorf("%s: the Previous button is labelled %q", c.lang, got)
		}
		if got := eval[string](t, ctx, `document.querySelector('#status').textContent`); !regexpMatch(c.status, got) {
			t.Errorf("%s: status %q, want %s", c.lang, got, c.status)
		}
		shoot(t, ctx, filepath.Join(dir, fmt.Sprintf("lang-%s-phone-dark.png", c.lang)))
	}
	// The game ends: the page, still Japanese, says who won.
	over, err := f.db.Resign(t.Context(), g.Guild, g.Channel, g.ToAct())
	if err != nil {
		t.Fatal(err)
	}
	f.srv.GameChanged(over.ID)
	want := fmt.Sprintf("User %sの勝ち（%s）", over.Winner, texts["ja"]["reason.resignation"])
	waitFor(t, ctx, fmt.Sprintf(`document.querySelector('#status').textContent === %q`, want))
}

// playFirstActions plays the first n actions of g, each the first option
// of every step of its picker, through the store.
func playFirstActions(t *testing.T, l *live, g store.Game, n int) store.Game {
	t.Helper()
	rules, err := games.Registry().Get(g.Kind)
	if err != nil {
		t.Fatal(err)
	}
	p := rules.(game.Pickable)
	for range n {
		g, err = l.db.Act(t.Context(), g.Guild, g.Channel, g.ToAct(), g.Revision, g.Kind, func(s game.State) (game.State, error) {
			var chosen []string
			for {
				st, err := p.Pick(s, chosen)
				if err != nil {
					return nil, err
				}
				if st.Action != "" {
					return p.Act(s, st.Action)
				}
				chosen = append(chosen, st.Options[0].Value)
			}
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// TestBrowserPickLanguages opens the page of the player to act with
// ?lang=fr and ?lang=ja: the picker's prompt, its options that are words
// (Veletas' side choice), the colours' names and the game's title are
// the game's own words in that language, and the first steps of a
// Fanorona and an Amazons game prompt in it too. With
// -update-screenshots, phone-width screenshots, light and dark, go to
// testdata/screenshots/lang-LANG-pick-phone-SCHEME.png.
func TestBrowserPickLanguages(t *testing.T) {
	bctx := browser(t)
	l := newLive(t)
	dir := t.TempDir()
	if *updateScreenshots {
		dir = filepath.Join("testdata", "screenshots")
	}
	g := playFirstActions(t, l, l.start(t, "veletas", game.Terms{"size": "7"}, "840000000000000001"), 1) // the setup: bob chooses his side
	tab := l.signedIn(t, bctx, g.ToAct(), l.srv.Path(g.ID))
	word := func(kind game.Kind, lang, key string) string {
		t.Helper()
		w, ok := l.bot.GameText(kind, lang, key)
		if !ok {
			t.Fatalf("%s has no %s text in %s", kind, key, lang)
		}
		return w
	}
	for _, lang := range []string{"fr", "ja"} {
		for _, scheme := range []string{"light", "dark"} {
			within(t, tab, chromedp.EmulateViewport(390, 844), colorScheme(scheme),
				chromedp.Navigate(l.ts.URL+l.srv.Path(g.ID)+"?lang="+lang))
			waitFor(t, tab, stepJS+` !== null && `+stepJS+`.buttons.length === 2 && document.querySelectorAll('#players .colorname').length === 2`)
			if got, want := eval[string](t, tab, `document.getElementById('pickwhat').textContent`), word(g.Kind, lang, bot.PickStepKey+"choice"); got != want {
				t.Errorf("%s: the prompt says %q, want %q", lang, got, want)
			}
			got := eval[[]string](t, tab, `[...document.querySelectorAll('#pickopts button')].map(b => b.dataset.value + "=" + b.textContent)`)
			want := []string{"keep=" + word(g.Kind, lang, bot.OptionKey("keep")), "swap=" + word(g.Kind, lang, bot.OptionKey("swap"))}
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("%s: the options are %q, want %q", lang, got, want)
			}
			colors := eval[[]string](t, tab, `[...document.querySelectorAll('#players .player')].map(p => p.querySelector('.chip').classList[1] + "=" + p.querySelector('.colorname').textContent)`)
			for _, c := range colors {
				piece, name, _ := strings.Cut(c, "=")
				if w := word(g.Kind, lang, "color."+piece); name != w {
					t.Errorf("%s: the colour %s is named %q, want %q", lang, piece, name, w)
				}
			}
			name, terms := l.bot.GameTitle(g, lang)
			if got := eval[string](t, tab, `document.getElementById('title').textContent`); got != name+" · "+terms {
				t.Errorf("%s: the title is %q, want %q · %q", lang, got, name, terms)
			}
			shoot(t, tab, filepath.Join(dir, fmt.Sprintf("lang-%s-pick-phone-%s.png", lang, scheme)))
		}
	}
	// The first steps of the other games, with targets on the board.
	for i, c := range []struct {
		kind game.Kind
		lang string
		key  string
	}{{"fanorona", "fr", "piece"}, {"amazons", "ja", "amazon"}} {
		g := l.start(t, c.kind, nil, fmt.Sprintf("84000000000000001%d", i))
		tab := l.signedIn(t, bctx, g.ToAct(), l.srv.Path(g.ID))
		within(t, tab, chromedp.Navigate(l.ts.URL+l.srv.Path(g.ID)+"?lang="+c.lang))
		waitFor(t, tab, stepJS+` !== null && `+stepJS+`.targets.length > 0`)
		if got, want := eval[string](t, tab, `document.getElementById('pickwhat').textContent`), word(c.kind, c.lang, bot.PickStepKey+c.key); got != want {
			t.Errorf("%s %s: the prompt says %q, want %q", c.kind, c.lang, got, want)
		}
	}
}
