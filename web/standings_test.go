package web

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/veletasbot/veletas/game"
	"github.com/veletasbot/veletas/store"
)

// Two Discord servers' IDs.
const (
	guildA = "111111111111111111"
	guildB = "222222222222222222"
)

// guildGames plays in guild: a finished game of each kind (the first
// player resigning) and one under way, between players named after the
// guild; carol beats dave twice at the first kind.
func (f *fixture) guildGames(t *testing.T, guild string) []store.Game {
	t.Helper()
	ctx := t.Context()
	var out []store.Game
	start := func(kind game.Kind, channel, a, b string) store.Game {
		c, err := f.db.CreateChallenge(ctx, store.Challenge{Guild: guild, Channel: channel, Challenger: a, Opponent: b, Kind: kind, Rated: true})
		if err != nil {
			t.Fatal(err)
		}
		g, err := f.db.AcceptChallenge(ctx, c.ID, b)
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	for i, k := range f.games.Kinds() {
		for n := range 2 {
			if i > 0 && n > 0 {
				break
			}
			ch := fmt.Sprintf("done-%s-%d", k, n)
			g := start(k, ch, "dave-"+guild[:1], "carol-"+guild[:1])
			if _, err := f.db.Resign(ctx, guild, ch, "dave-"+guild[:1]); err != nil {
				t.Fatal(err)
			}
			out = append(out, g)
		}
		g := start(k, "live-"+string(k), "erin-"+guild[:1], "frank-"+guild[:1])
		out = append(out, f.play(t, g, 2, i))
	}
	return out
}

func (f *fixture) setWebStandings(t *testing.T, guild, v string) {
	t.Helper()
	if _, err := f.db.UpdateSettings(t.Context(), guild, func(s *store.Settings) error {
		if s.Values == nil {
			s.Values = map[string]string{}
		}
		s.Values[store.WebStandingsSetting] = v
		return nil
	}); err != nil {
		t.Fatal(err)
	}
}

func getPage(t *testing.T, h http.Handler, path string) (int, string) {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
	b, _ := io.ReadAll(rec.Result().Body)
	return rec.Code, string(b)
}

// TestGuildPage serves a server's page only while its setting is on, the
// same 404 as an unknown link otherwise; it shows that server's
// standings and games under way, named, and nothing of another server.
func TestGuildPage(t *testing.T) {
	f := newFixture(t, nil)
	f.guildGames(t, guildA)
	f.guildGames(t, guildB)
	if _, ok := f.srv.GuildPath("guild"); ok {
		t.Error("a guild ID that is not a number has a page")
	}
	path, ok := f.srv.GuildPath(guildA)
	if !ok || !strings.HasPrefix(path, "/s/") || strings.Contains(path, guildA) {
		t.Fatalf("GuildPath = %q, %v", path, ok)
	}
	pathB, _ := f.srv.GuildPath(guildB)
	_, unknown := getPage(t, f.srv, "/s/"+strings.Repeat("A", 32))

	code, body := getPage(t, f.srv, path)
	if code != http.StatusNotFound || body != unknown {
		t.Errorf("the page before the setting: %d %q, want the unknown page's 404", code, body)
	}
	f.setWebStandings(t, guildA, "on")
	code, body = getPage(t, f.srv, path)
	if code != http.StatusOK {
		t.Fatalf("the page with the setting on: %d", code)
	}
	for _, want := range []string{"User carol-1", "User dave-1", "User erin-1", "User frank-1", `<td class="w">2</td>`} {
		if !strings.Contains(body, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	for _, k := range f.games.Kinds() {
		if !strings.Contains(body, `data-kind="`+string(k)+`"`) {
			t.Errorf("the page lacks the %s section", k)
		}
	}
	if strings.Contains(body, "-2") {
		t.Error("the page shows players of another server")
	}
	// Each game under way links to its page.
	active, _ := f.db.ActiveGames(t.Context(), guildA)
	for _, g := range active {
		if !strings.Contains(body, `href="`+f.srv.Path(g.ID)+`"`) {
			t.Errorf("no link to game %d", g.ID)
		}
	}
	// Another server's page is still off; a game's token is no server's.
	if code, _ := getPage(t, f.srv, pathB); code != http.StatusNotFound {
		t.Errorf("the other server's page: %d", code)
	}
	if code, _ := getPage(t, f.srv, "/s/"+strings.TrimPrefix(f.srv.Path(active[0].ID), "/g/")); code != http.StatusNotFound {
		t.Errorf("a game's token as a server's: %d", code)
	}
	f.setWebStandings(t, guildA, "off")
	if code, _ := getPage(t, f.srv, path); code != http.StatusNotFound {
		t.Errorf("the page turned off: %d", code)
	}
}

func FuzzGuildToken(f *testing.F) {
	reg, err := game.NewRegistry()
	if err != nil {
		f.Fatal(err)
	}
	s, err := New(Options{Key: testKey, Games: reg, Store: nopGames{}})
	if err != nil {
		f.Fatal(err)
	}
	defer s.Close()
	p, _ := s.GuildPath(guildA)
	f.Add(strings.TrimPrefix(p, "/s/"))
	f.Add(strings.Repeat("A", 32))
	f.Add("")
	f.Fuzz(func(t *testing.T, tok string) {
		id, err := s.guilds.read(tok)
		if err != nil {
			return
		}
		if back := s.guilds.make(id); back != tok {
			t.Errorf("token %q reads as %d, which makes %q", tok, id, back)
		}
	})
}

// nopGames finds no game.
type nopGames struct{}

func (nopGames) GameByID(context.Context, uint64) (store.Game, error) {
	return store.Game{}, store.ErrNotFound
}

// TestBrowserGuildPage shows a server's page in a browser: a table row
// per player, a link per game under way leading to its board; light and
// dark, desktop and phone, nothing wider than the window. With
// -update-screenshots it writes them to testdata/screenshots.
func TestBrowserGuildPage(t *testing.T) {
	ctx := browser(t)
	f := newFixture(t, nil)
	f.guildGames(t, guildA)
	f.guildGames(t, guildB)
	f.setWebStandings(t, guildA, "on")
	ts := httptest.NewServer(f.srv)
	defer ts.Close()
	defer f.srv.Close()
	path, _ := f.srv.GuildPath(guildA)
	dir := t.TempDir()
	if *updateScreenshots {
		dir = filepath.Join("testdata", "screenshots")
	}
	for _, size := range []struct {
		name string
		w, h int64
	}{{"desktop", 1280, 800}, {"phone", 390, 844}} {
		for _, scheme := range []string{"light", "dark"} {
			within(t, ctx, chromedp.EmulateViewport(size.w, size.h), colorScheme(scheme), chromedp.Navigate(ts.URL+path))
			waitFor(t, ctx, `document.querySelectorAll('table.standings').length > 0`)
			rows := eval[[]string](t, ctx, `[...document.querySelectorAll('section[data-kind="`+string(f.games.Kinds()[0])+`"] tbody tr .name')].map(e => e.textContent)`)
			if !slices.Equal(rows, []string{"User carol-1", "User dave-1"}) {
				t.Errorf("%s %s: the first game's table lists %v", size.name, scheme, rows)
			}
			if n := eval[int](t, ctx, `document.querySelectorAll('ul.current a.game').length`); n != len(f.games.Kinds()) {
				t.Errorf("%s: %d games under way linked, want %d", size.name, n, len(f.games.Kinds()))
			}
			if w := eval[int](t, ctx, `document.documentElement.scrollWidth`); w > int(size.w) {
				t.Errorf("%s: the page is %d px wide in a %d px window", size.name, w, size.w)
			}
			bg := eval[string](t, ctx, `getComputedStyle(document.body).backgroundColor`)
			if dark := bg == "rgb(21, 20, 18)"; dark != (scheme == "dark") {
				t.Errorf("%s %s: background %s", size.name, scheme, bg)
			}
			shoot(t, ctx, filepath.Join(dir, fmt.Sprintf("standings-%s-%s.png", size.name, scheme)))
		}
	}
	// A game's link opens its board.
	href := eval[string](t, ctx, `document.querySelector('ul.current a.game').getAttribute('href')`)
	within(t, ctx, chromedp.Click(`ul.current a.game`), chromedp.WaitVisible(`#board .piece`))
	if loc := eval[string](t, ctx, `location.pathname`); loc != href || !strings.HasPrefix(loc, "/g/") {
		t.Errorf("the link %q led to %q", href, loc)
	}
}

// colorScheme emulates the system's light or dark scheme.
func colorScheme(scheme string) chromedp.Action[chromedp.Void] {
	return chromedp.Action[chromedp.Void](func(ctx context.Context, _ *chromedp.Target) (chromedp.Void, error) {
		_, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}})
		return chromedp.Void{}, err
	})
}

// shoot writes a screenshot of the page to name.
func shoot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	c, cancel := context.WithTimeout(ctx, 15*time.Second)
	png, err := chromedp.Run(c, chromedp.CaptureScreenshot())
	cancel()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, png, 0o644); err != nil {
		t.Fatal(err)
	}
}
