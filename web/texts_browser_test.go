package web

import (
	"context"
	"fmt"
	"net/http/httptest"
	"path/filepath"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/veletasbot/veletas/game"
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
	want := fmt.Sprintf("User %sの勝ち (%s)", over.Winner, texts["ja"]["reason.resignation"])
	waitFor(t, ctx, fmt.Sprintf(`document.querySelector('#status').textContent === %q`, want))
}
