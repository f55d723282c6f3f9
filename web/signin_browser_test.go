package web

import (
	"context"
	"fmt"
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
