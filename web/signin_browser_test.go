package web

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/veletasbot/veletas/internal/fakediscord"
)

// bob has no avatar: the page shows his initial (the browser tests reach
// no CDN).
var bobUser = fakediscord.OAuthUser{ID: "200000000000000003", Username: "bob", GlobalName: "Bob Builder"}

// TestBrowserSignIn signs in in a real browser: the game page's "Sign in
// with Discord" link goes through the fake Discord's authorize page and
// back to the game page, which shows the user; a request without the
// CSRF token is refused and changes nothing; Sign out signs out.
func TestBrowserSignIn(t *testing.T) {
	ctx := browser(t)
	f := newSigninFixture(t)
	f.fake.SignInAs(bobUser)
	defer f.srv.Close() // ends the event streams, which the server's Close waits for
	page := f.http.URL + f.srv.Path(f.anyGame().ID)
	within(t, ctx, chromedp.Navigate(page))
	waitFor(t, ctx, `document.getElementById('signin') !== null`)
	within(t, ctx, chromedp.Click(`#signin`), chromedp.WaitVisible(`#me`)) // through the fake's authorize page
	if got := eval[string](t, ctx, `location.href`); got != page {
		t.Errorf("after signing in the browser is at %s, want %s", got, page)
	}
	if got := eval[string](t, ctx, `document.getElementById('me').textContent`); got != "Bob Builder" {
		t.Errorf("the page shows %q signed in", got)
	}
	if got := eval[string](t, ctx, `document.querySelector('#account .avatar').textContent`); got != "B" {
		t.Errorf("the avatar's stand-in shows %q", got)
	}
	// The session cookie is out of the page's reach.
	if got := eval[string](t, ctx, `document.cookie`); got != "" {
		t.Errorf("the page's script sees cookies %q", got)
	}
	// A state-changing request without the CSRF token: 403, still
	// signed in.
	status := evalAsync[int](t, ctx, `fetch('/auth/logout', {method: 'POST'}).then(r => r.status)`)
	if status != 403 {
		t.Errorf("logout without the CSRF token: %d, want 403", status)
	}
	me := evalAsync[map[string]any](t, ctx, `fetch('/auth/me').then(r => r.json())`)
	if me["signedIn"] != true {
		t.Fatalf("after the refused request: %v", me)
	}
	within(t, ctx, chromedp.Click(`#signout`), chromedp.WaitVisible(`#signin`)) // the page reloads
	if eval[bool](t, ctx, `document.getElementById('me') !== null`) {
		t.Error("the page shows the user after Sign out")
	}
	if me := evalAsync[map[string]any](t, ctx, `fetch('/auth/me').then(r => r.json())`); me["signedIn"] != false {
		t.Errorf("after Sign out: %v", me)
	}
}

// TestBrowserSignInScreenshots takes the signed-in game page, light and
// dark, at a desktop's and a phone's width (to testdata/screenshots with
// -update-screenshots), checking that nothing is wider than the window
// and the name shows.
func TestBrowserSignInScreenshots(t *testing.T) {
	ctx := browser(t)
	f := newSigninFixture(t)
	f.fake.SignInAs(bobUser)
	defer f.srv.Close()
	dir := t.TempDir()
	if *updateScreenshots {
		dir = filepath.Join("testdata", "screenshots")
	}
	g := f.play(t, f.anyGame(), 6, 1) // pieces on the board
	page := f.http.URL + f.srv.Path(g.ID)
	// Signed out: the sign-in button, in the bar.
	for _, size := range []struct {
		name string
		w, h int64
	}{{"desktop", 1280, 800}, {"phone", 390, 844}} {
		within(t, ctx, chromedp.EmulateViewport(size.w, size.h), chromedp.Navigate(page), chromedp.WaitVisible(`#signin`))
		if w := eval[int](t, ctx, `document.documentElement.scrollWidth`); w > int(size.w) {
			t.Errorf("signed out, %s: the page is %d px wide in a %d px window", size.name, w, size.w)
		}
		if bg := eval[string](t, ctx, `getComputedStyle(document.getElementById('signin')).backgroundColor`); bg != "rgb(88, 101, 242)" {
			t.Errorf("the sign-in button's colour %s, not Discord's blurple", bg)
		}
		c, cancel := context.WithTimeout(ctx, 15*time.Second)
		png, err := chromedp.Run(c, chromedp.CaptureScreenshot())
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "signedout-"+size.name+"-light.png"), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	within(t, ctx, chromedp.Navigate(f.http.URL+"/auth/login?next="+f.srv.Path(g.ID)), chromedp.WaitVisible(`#me`))
	for _, size := range []struct {
		name string
		w, h int64
	}{{"desktop", 1280, 800}, {"phone", 390, 844}} {
		for _, scheme := range []string{"light", "dark"} {
			within(t, ctx, chromedp.EmulateViewport(size.w, size.h), chromedp.Action[chromedp.Void](func(ctx context.Context, _ *chromedp.Target) (chromedp.Void, error) {
				_, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
					Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}})
				return chromedp.Void{}, err
			}), chromedp.Navigate(page))
			if !eval[bool](t, ctx, `document.getElementById('me') !== null`) {
				t.Fatalf("%s %s: signed out: %s", size.name, scheme, eval[string](t, ctx, `location.href + document.body.innerHTML`))
			}
			waitFor(t, ctx, `document.querySelectorAll('#board .piece').length > 0 && document.getElementById('viewers').dataset.n === "1"`)
			if w := eval[int](t, ctx, `document.documentElement.scrollWidth`); w > int(size.w) {
				t.Errorf("%s: the page is %d px wide in a %d px window", size.name, w, size.w)
			}
			if vis := eval[bool](t, ctx, `(() => { const r = document.getElementById('me').getBoundingClientRect(); return r.width > 0 && r.right <= innerWidth })()`); !vis {
				t.Errorf("%s %s: the name is not in the window", size.name, scheme)
			}
			c, cancel := context.WithTimeout(ctx, 15*time.Second)
			png, err := chromedp.Run(c, chromedp.CaptureScreenshot())
			cancel()
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("signedin-%s-%s.png", size.name, scheme)), png, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// evalAsync is eval of an expression whose value is a promise.
func evalAsync[T any](t *testing.T, ctx context.Context, expr string) T {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, 15*time.Second)
	defer cancel()
	v, err := chromedp.Run(c, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	return v
}

// TestBrowserSignInPrompt: a visitor not signed in who clicks the board
// of a game under way is asked, in the page's language (en, fr, ja), to
// sign in with Discord, with a link that goes through the sign-in and
// back to the same game page, signed in; there the player to act picks.
// With -update-screenshots, the prompt goes to
// testdata/screenshots/signin-prompt-SIZE-SCHEME.png (English) and
// signin-prompt-LANG-phone-light.png.
func TestBrowserSignInPrompt(t *testing.T) {
	bctx := browser(t)
	l := newLive(t)
	dir := t.TempDir()
	if *updateScreenshots {
		dir = filepath.Join("testdata", "screenshots")
	}
	g := l.start(t, "amazons", nil, "840000000000000001")
	path := l.srv.Path(g.ID)
	page := l.ts.URL + path
	wantHref := l.ts.URL + "/auth/login?next=" + url.QueryEscape(path)
	for _, c := range []struct {
		lang, header string
	}{{"en", "en-US,en;q=0.9"}, {"fr", "fr-FR,fr;q=0.9"}, {"ja", "ja-JP,ja;q=0.9"}} {
		ctx, cancel := chromedp.NewContext(bctx, chromedp.WithNewBrowserContext())
		defer cancel()
		if err := chromedp.Do(ctx); err != nil { // open the tab, for as long as ctx
			t.Fatal(err)
		}
		shots := []struct {
			name   string
			w, h   int64
			scheme string
		}{{"phone", 390, 844, "light"}}
		if c.lang == "en" {
			shots = []struct {
				name   string
				w, h   int64
				scheme string
			}{{"desktop", 1280, 800, "light"}, {"desktop", 1280, 800, "dark"}, {"phone", 390, 844, "light"}, {"phone", 390, 844, "dark"}}
		}
		for _, sh := range shots {
			within(t, ctx, chromedp.EmulateViewport(sh.w, sh.h), colorScheme(sh.scheme), acceptLanguage(c.header), chromedp.Navigate(page))
			waitFor(t, ctx, `document.getElementById('app').dataset.me === "" && document.querySelectorAll('#board .piece, #board .sq').length > 0`)
			if n := eval[int](t, ctx, `document.querySelectorAll('#board .target').length`); n != 0 {
				t.Fatalf("%s: a visitor's page shows %d targets", c.lang, n)
			}
			within(t, ctx, chromedp.Click(chromedp.CSS("#board")))
			waitFor(t, ctx, `document.getElementById('pickmsg').dataset.kind === "signin"`)
			got := eval[map[string]string](t, ctx, `(() => { const m = document.getElementById('pickmsg'), a = document.getElementById('signinprompt');
  return {text: m.querySelector('span').textContent, link: a.textContent, href: a.href, parent: a.parentElement.id, role: m.getAttribute('role')}; })()`)
			tx := texts[c.lang]
			if got["text"] != tx["signInToPlay"] || got["link"] != tx["signIn"] || got["href"] != wantHref || got["parent"] != "pickmsg" || got["role"] != "alert" {
				t.Errorf("%s: the prompt %v, want %q, a link %q to %s", c.lang, got, tx["signInToPlay"], tx["signIn"], wantHref)
			}
			if w := eval[int](t, ctx, `document.documentElement.scrollWidth`); w > int(sh.w) {
				t.Errorf("%s %s: the page is %d px wide in a %d px window", c.lang, sh.name, w, sh.w)
			}
			if vis := eval[bool](t, ctx, `(() => { const r = document.getElementById('signinprompt').getBoundingClientRect(); return r.width > 0 && r.right <= innerWidth })()`); !vis {
				t.Errorf("%s %s: the prompt's link is not in the window", c.lang, sh.name)
			}
			name := fmt.Sprintf("signin-prompt-%s-%s.png", sh.name, sh.scheme)
			if c.lang != "en" {
				name = fmt.Sprintf("signin-prompt-%s-%s-%s.png", c.lang, sh.name, sh.scheme)
			}
			within(t, ctx, chromedp.Evaluate[chromedp.Void](`document.getElementById('pickmsg').scrollIntoView({block: "center"})`))
			shoot(t, ctx, filepath.Join(dir, name))
		}
		if c.lang != "en" {
			continue
		}
		// The link signs in, back to the game, where the player to act
		// is shown the first step.
		l.fake.SignInAs(liveUser(g.ToAct()))
		within(t, ctx, chromedp.Click(`#signinprompt`), chromedp.WaitVisible(`#me`))
		if got := eval[string](t, ctx, `location.href`); got != page {
			t.Errorf("the prompt's link signed in at %s, want back at %s", got, page)
		}
		waitFor(t, ctx, `document.getElementById('app').dataset.me === "`+g.ToAct()+`" && document.querySelectorAll('#board .target').length > 0`)
	}
	if after, _ := l.db.GameByID(t.Context(), g.ID); after.Revision != g.Revision {
		t.Errorf("the prompts changed the game: revision %d", after.Revision)
	}
}
