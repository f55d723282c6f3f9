package web

import (
	"context"
	"flag"
	"fmt"
	"maps"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/veletasbot/veletas/game"
	"github.com/veletasbot/veletas/store"
)

// browser starts headless Debian chromium for a test (skipped without
// it, failed instead under CI=true) and returns the context of its first
// tab.
func browser(t *testing.T) context.Context {
	t.Helper()
	path, err := exec.LookPath("chromium")
	if err != nil {
		needTool(t, "chromium", "apt-get install chromium")
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path), chromedp.NoSandbox, chromedp.Flag("disable-gpu", true))
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancel)
	ctx, cancelTab := chromedp.NewContext(actx)
	t.Cleanup(cancelTab)
	if err := chromedp.Do(ctx); err != nil { // start the browser without a deadline
		t.Fatal(err)
	}
	return ctx
}

// within runs actions on tab ctx with a deadline.
func within(t *testing.T, ctx context.Context, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, 15*time.Second)
	defer cancel()
	if err := chromedp.Do(c, actions...); err != nil {
		t.Fatal(err)
	}
}

func eval[T any](t *testing.T, ctx context.Context, expr string) T {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, 15*time.Second)
	defer cancel()
	v, err := chromedp.Run(c, chromedp.Evaluate[T](expr))
	if err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	return v
}

// waitFor waits until a JavaScript condition holds on the page.
func waitFor(t *testing.T, ctx context.Context, cond string) {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, 15*time.Second)
	defer cancel()
	for {
		_, err := chromedp.Run(c, chromedp.Poll[chromedp.Void](cond, chromedp.WithPollingTimeout(10*time.Second), chromedp.WithPollingInterval(20*time.Millisecond)))
		// A poll begun while the page was still being replaced loses its
		// execution context: poll again in the new one.
		if err != nil && strings.Contains(err.Error(), "Cannot find context with specified id") && c.Err() == nil {
			continue
		}
		if err != nil {
			t.Fatalf("waiting for %s: %v", cond, err)
		}
		return
	}
}

const piecesJS = `(() => { const m = {}; document.querySelectorAll('#board .piece').forEach(e => { m[e.dataset.piece] = (m[e.dataset.piece] || 0) + 1 }); return m })()`

// counts is a board's pieces by kind.
func counts(b game.Board) map[string]int {
	m := map[string]int{}
	for _, c := range b.Cells {
		m[c.Piece]++
	}
	return m
}

func boardAt(t *testing.T, f *fixture, g store.Game, ply int) game.Board {
	t.Helper()
	rules, _ := f.games.Get(g.Kind)
	b, err := rules.(game.Boarded).BoardAt(g.State(), ply)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// checkBoard checks that the page shows the pieces of board b at its ply.
func checkBoard(t *testing.T, ctx context.Context, b game.Board, what string) {
	t.Helper()
	waitFor(t, ctx, fmt.Sprintf(`document.querySelector('#board').dataset.ply === "%d"`, b.Ply))
	if got := eval[map[string]int](t, ctx, piecesJS); !maps.Equal(got, counts(b)) {
		t.Errorf("%s, ply %d: the page shows %v, the position has %v", what, b.Ply, got, counts(b))
	}
	marks := eval[int](t, ctx, `document.querySelectorAll('#board .mark.from, #board .mark.to, #board .mark.shot, #board .mark.placed').length`)
	want := len(b.MarksOf(game.MarkFrom)) + len(b.MarksOf(game.MarkTo)) + len(b.MarksOf(game.MarkShot)) + len(b.MarksOf(game.MarkPlaced))
	if marks != want {
		t.Errorf("%s, ply %d: %d marks of the last turn, want %d", what, b.Ply, marks, want)
	}
}

func TestBrowserGamePages(t *testing.T) {
	ctx := browser(t)
	f := newFixture(t, map[game.Kind]int{"veletas": 6, "fanorona": 4, "amazons": 5})
	ts := httptest.NewServer(f.srv)
	defer ts.Close()
	defer f.srv.Close() // ends the event streams, which ts.Close waits for
	for _, k := range f.games.Kinds() {
		g := f.byKind[k]
		rules, _ := f.games.Get(k)
		last, err := rules.(game.Boarded).Board(g.State()) // a turn under way included
		if err != nil {
			t.Fatal(err)
		}
		plies := len(last.Plies)
		within(t, ctx, chromedp.EmulateViewport(1280, 800), chromedp.Navigate(ts.URL+f.srv.Path(g.ID)))
		waitFor(t, ctx, `document.querySelectorAll('#board .piece').length > 0`)
		checkBoard(t, ctx, last, string(k))
		if got := eval[int](t, ctx, `document.querySelectorAll('#moves li').length`); got != plies {
			t.Errorf("%s: %d moves listed, %d played", k, got, plies)
		}
		if got := eval[string](t, ctx, `document.querySelector('#moves li:last-child').textContent`); got != last.Plies[plies-1] {
			t.Errorf("%s: last move listed %q, played %q", k, got, last.Plies[plies-1])
		}
		seat, _ := g.Seat(g.ToAct())
		if got := eval[string](t, ctx, `document.querySelector('.player.toact').dataset.seat`); got != fmt.Sprint(int(seat)) {
			t.Errorf("%s: the page marks seat %s to act, the game %d", k, got, seat)
		}
		if got := eval[string](t, ctx, `document.querySelector('#status').textContent`); !regexpMatch(`^User `+g.ToAct()+` to play · 23h 59m left$|^User `+g.ToAct()+` to play · 1d 0h left$`, got) {
			t.Errorf("%s: status %q", k, got)
		}
		// The replay: back one, to the start, a key forward, to the end.
		within(t, ctx, chromedp.Click("#prev"))
		checkBoard(t, ctx, boardAt(t, f, g, plies-1), string(k)+" prev")
		within(t, ctx, chromedp.Click("#first"))
		checkBoard(t, ctx, boardAt(t, f, g, 0), string(k)+" first")
		within(t, ctx, chromedp.KeyEvent(kb.ArrowRight))
		checkBoard(t, ctx, boardAt(t, f, g, 1), string(k)+" arrow right")
		within(t, ctx, chromedp.Click("#last"))
		checkBoard(t, ctx, last, string(k)+" last")
		// Keys faster than the boards arrive: the page ends where the
		// keys did.
		within(t, ctx, chromedp.KeyEvent(kb.ArrowLeft), chromedp.KeyEvent(kb.ArrowLeft), chromedp.KeyEvent(kb.ArrowLeft))
		checkBoard(t, ctx, boardAt(t, f, g, max(plies-3, 0)), string(k)+" three keys back")
		within(t, ctx, chromedp.KeyEvent(kb.End))
		checkBoard(t, ctx, last, string(k)+" End")
	}
	// The toggle turns the theme the system gives (light here) dark, and
	// back.
	bg := `getComputedStyle(document.body).backgroundColor`
	before := eval[string](t, ctx, bg)
	within(t, ctx, chromedp.Click("#theme"))
	if dark := eval[string](t, ctx, bg); dark != "rgb(21, 20, 18)" || before == dark {
		t.Errorf("the toggle turned %s into %s", before, dark)
	}
	within(t, ctx, chromedp.Click("#theme"))
	if again := eval[string](t, ctx, bg); again != before {
		t.Errorf("the toggle twice gives %s, not %s", again, before)
	}
}

func regexpMatch(re, s string) bool {
	return regexp.MustCompile(re).MatchString(s)
}

func TestBrowserLiveAndViewers(t *testing.T) {
	ctx := browser(t)
	f := newFixture(t, map[game.Kind]int{"amazons": 3})
	ts := httptest.NewServer(f.srv)
	defer ts.Close()
	defer f.srv.Close() // ends the event streams, which ts.Close waits for
	g := f.byKind["amazons"]
	url := ts.URL + f.srv.Path(g.ID)
	within(t, ctx, chromedp.Navigate(url))
	waitFor(t, ctx, `document.getElementById('app').dataset.live === "1"`)
	waitFor(t, ctx, `document.getElementById('viewers').dataset.n === "1"`)
	within(t, ctx, chromedp.Evaluate[chromedp.Void](`window.notReloaded = true`))

	// A second tab: both count two viewers.
	tab2, close2 := chromedp.NewContext(ctx)
	if err := chromedp.Do(tab2); err != nil { // open the tab without a deadline
		t.Fatal(err)
	}
	within(t, tab2, chromedp.Navigate(url))
	waitFor(t, tab2, `document.getElementById('viewers').dataset.n === "2"`)
	waitFor(t, ctx, `document.getElementById('viewers').dataset.n === "2"`)
	if got := eval[string](t, ctx, `document.getElementById('viewers').textContent`); got != "2 watching" {
		t.Errorf("viewers shown %q", got)
	}

	// A move in the store reaches both pages without a reload.
	g = f.play(t, g, 1, 4)
	f.srv.GameChanged(g.ID)
	for i, tab := range []context.Context{ctx, tab2} {
		waitFor(t, tab, fmt.Sprintf(`document.getElementById('app').dataset.revision === "%d"`, g.Revision))
		checkBoard(t, tab, boardAt(t, f, g, 4), fmt.Sprintf("tab %d after the move", i+1))
		if got := eval[int](t, tab, `document.querySelectorAll('#moves li').length`); got != 4 {
			t.Errorf("tab %d: %d moves after the live move", i+1, got)
		}
	}
	if !eval[bool](t, ctx, `window.notReloaded === true`) {
		t.Error("the first tab reloaded")
	}
	seat, _ := g.Seat(g.ToAct())
	if got := eval[string](t, ctx, `document.querySelector('.player.toact').dataset.seat`); got != fmt.Sprint(int(seat)) {
		t.Errorf("after the move the page marks seat %s, the game %d", got, seat)
	}
	close2()
	waitFor(t, ctx, `document.getElementById('viewers').dataset.n === "1"`)
}

// updateScreenshots makes TestBrowserScreenshots write its pictures to
// testdata/screenshots rather than a temporary directory.
var updateScreenshots = flag.Bool("update-screenshots", false, "write the browser tests' screenshots to testdata/screenshots")

// TestBrowserScreenshots takes each game's page, light and dark, at a
// desktop's and a phone's width, checking the colours and that nothing is
// wider than the window; with -update-screenshots it writes them to
// testdata/screenshots, to look at (the time left changes, so they are
// not compared).
func TestBrowserScreenshots(t *testing.T) {
	ctx := browser(t)
	f := newFixture(t, map[game.Kind]int{"veletas": 8, "fanorona": 6, "amazons": 9})
	ts := httptest.NewServer(f.srv)
	defer ts.Close()
	defer f.srv.Close() // ends the event streams, which ts.Close waits for
	dir := t.TempDir()
	if *updateScreenshots {
		dir = filepath.Join("testdata", "screenshots")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, k := range f.games.Kinds() {
		g := f.byKind[k]
		for _, size := range []struct {
			name string
			w, h int64
		}{{"desktop", 1280, 800}, {"phone", 390, 844}} {
			for _, scheme := range []string{"light", "dark"} {
				within(t, ctx, chromedp.EmulateViewport(size.w, size.h), chromedp.Action[chromedp.Void](func(ctx context.Context, _ *chromedp.Target) (chromedp.Void, error) {
					_, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
						Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}})
					return chromedp.Void{}, err
				}), chromedp.Navigate(ts.URL+f.srv.Path(g.ID)))
				waitFor(t, ctx, `document.querySelectorAll('#board .piece').length > 0 && document.getElementById('viewers').dataset.n === "1"`)
				bg := eval[string](t, ctx, `getComputedStyle(document.body).backgroundColor`)
				if dark := bg == "rgb(21, 20, 18)"; dark != (scheme == "dark") {
					t.Errorf("%s %s %s: background %s", k, size.name, scheme, bg)
				}
				if w := eval[int](t, ctx, `document.documentElement.scrollWidth`); w > int(size.w) {
					t.Errorf("%s %s: the page is %d px wide in a %d px window", k, size.name, w, size.w)
				}
				c, cancel := context.WithTimeout(ctx, 15*time.Second)
				png, err := chromedp.Run(c, chromedp.CaptureScreenshot())
				cancel()
				if err != nil {
					t.Fatal(err)
				}
				name := filepath.Join(dir, fmt.Sprintf("%s-%s-%s.png", k, size.name, scheme))
				if err := os.WriteFile(name, png, 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}
