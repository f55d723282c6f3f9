package web

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/bot/discord"
	"github.com/veletasbot/veletas/bot/games"
	"github.com/veletasbot/veletas/game"
	"github.com/veletasbot/veletas/internal/fakediscord"
	"github.com/veletasbot/veletas/store"
)

// The moves end to end: the page, this server, the bot's core (its
// BoardMover, as cmd/veletasbot wires it) and the fake Discord, in which
// the card of every move must appear.

// botMover is the bot's BoardMover as a Mover (cmd/veletasbot's webMover).
type botMover struct {
	mu sync.Mutex
	bm *bot.BoardMover
}

func (m *botMover) mover() *bot.BoardMover { m.mu.Lock(); defer m.mu.Unlock(); return m.bm }

func (m *botMover) Act(ctx context.Context, mv Move) (int, error) {
	return m.mover().Act(ctx, bot.BoardMove{Game: mv.Game, Guild: mv.Guild, Channel: mv.Channel, User: mv.User, Rev: mv.Rev, Action: mv.Action})
}

func (m *botMover) Refusal(ctx context.Context, err error, kind game.Kind, user, locale string) (string, bool) {
	return m.mover().Refusal(ctx, err, kind, user, locale)
}

// Discord-like IDs of the live games.
const (
	liveGuild = "900000000000000001"
	liveAlice = "300000000000000001"
	liveBob   = "300000000000000002"
	liveCarol = "300000000000000003"
)

// live is a store, the bot on it posting to a fake Discord, and this
// server with sign-in with Discord (the fake's OAuth2) as its Identity
// and the bot's mover, served over HTTP.
type live struct {
	db   *store.DB
	srv  *Server
	ts   *httptest.Server
	fake *fakediscord.Server
	logs *lockedBuffer
	bot  *bot.Bot
}

func newLive(tb testing.TB) *live {
	tb.Helper()
	fake := fakediscord.New()
	tb.Cleanup(fake.Close)
	logs := &lockedBuffer{}
	logger := slog.New(slog.NewTextHandler(logs, nil))
	reg := games.Registry()
	db, err := store.Open(filepath.Join(tb.TempDir(), "live.db"), &store.Options{Games: reg, NoSync: true})
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { db.Close() })
	mv, words := &botMover{}, &botWording{}
	// No Identity: the Server's own sessions, made by signing in.
	srv, err := New(Options{Key: testKey, Games: reg, Store: db, Users: &stubUsers{}, Mover: mv, Wording: words,
		OAuth:     OAuth{ClientID: testClientID, ClientSecret: testClientSecret, APIURL: fake.URL()},
		MoveBurst: 1000, PageBurst: 10000, SignInBurst: 1000, Logger: logger})
	if err != nil {
		tb.Fatal(err)
	}
	b := bot.New(db, time.Now, logger, bot.Config{Games: games.All(), Watcher: srv, RateBurst: -1})
	tb.Cleanup(b.StopAfterWork) // after the server's: the replays of the last actions
	d, err := discord.New("MTIzNDU2Nzg5MDEyMzQ1Njc4.test.live-token", fake.URL(), b, logger)
	if err != nil {
		tb.Fatal(err)
	}
	mv.mu.Lock()
	mv.bm = b.BoardMover(d)
	mv.mu.Unlock()
	words.mu.Lock()
	words.b = b
	words.mu.Unlock()
	ts := httptest.NewServer(srv)
	tb.Cleanup(func() {
		srv.Close() // ends the event streams, which ts.Close waits for
		ts.Close()
	})
	fake.SetOAuthApp(fakediscord.OAuthApp{ClientID: testClientID, ClientSecret: testClientSecret, Redirects: []string{ts.URL + "/auth/callback"}})
	return &live{db: db, srv: srv, ts: ts, fake: fake, logs: logs, bot: b}
}

// start starts a game of kind with terms between alice and bob in channel.
func (l *live) start(tb testing.TB, kind game.Kind, terms game.Terms, channel string) store.Game {
	tb.Helper()
	c, err := l.db.CreateChallenge(context.Background(), store.Challenge{Guild: liveGuild, Channel: channel, Challenger: liveAlice,
		Opponent: liveBob, Kind: kind, Terms: terms, MoveTime: 24 * time.Hour})
	if err != nil {
		tb.Fatal(err)
	}
	g, err := l.db.AcceptChallenge(context.Background(), c.ID, liveBob)
	if err != nil {
		tb.Fatal(err)
	}
	return g
}

// liveUser is the Discord user of ID id, as the fake's authorize page
// signs them in.
func liveUser(id string) fakediscord.OAuthUser {
	return fakediscord.OAuthUser{ID: id, Username: "user" + id[len(id)-2:], GlobalName: "Player " + id[len(id)-2:]}
}

// signedIn opens a tab in a browser context of its own (its own cookies)
// and signs user in there as a player does: on the game page at path,
// the "Sign in with Discord" link, the fake Discord's authorize page
// (which approves at once as user), the callback, and back to the page,
// which shows the user and holds the session's CSRF token. The session
// cookie is the Server's own, out of the page script's reach.
func (l *live) signedIn(t *testing.T, browserCtx context.Context, user, path string) context.Context {
	t.Helper()
	ctx, cancel := chromedp.NewContext(browserCtx, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	if err := chromedp.Do(ctx); err != nil { // open the tab, for as long as ctx
		t.Fatal(err)
	}
	u := liveUser(user)
	l.fake.SignInAs(u) // the sign-ins are one at a time
	page := l.ts.URL + path
	within(t, ctx, chromedp.Navigate(page))
	waitFor(t, ctx, `document.getElementById('signin') !== null`)
	within(t, ctx, chromedp.Click(`#signin`), chromedp.WaitVisible(`#me`))
	if got := eval[string](t, ctx, `location.href`); got != page {
		t.Fatalf("%s: signed in at %s, want back at %s", user, got, page)
	}
	if got := eval[string](t, ctx, `document.getElementById('me').textContent`); got != u.GlobalName {
		t.Fatalf("%s: the page shows %q signed in, want %q", user, got, u.GlobalName)
	}
	if got := eval[string](t, ctx, `document.cookie`); got != "" {
		t.Fatalf("%s: the page's script sees cookies %q", user, got)
	}
	if got := eval[string](t, ctx, `(document.querySelector('meta[name="csrf-token"]') || {}).content || ""`); got == "" {
		t.Fatalf("%s: the signed-in page has no CSRF token", user)
	}
	return ctx
}

// signInClient signs user in with an HTTP client (a cookie jar), through
// the same flow, and returns it with the session's CSRF token.
func (l *live) signInClient(tb testing.TB, user string) (*http.Client, string) {
	tb.Helper()
	jar, err := cookiejar.New(nil)
	if err != nil {
		tb.Fatal(err)
	}
	c := &http.Client{Jar: jar, Timeout: 10 * time.Second}
	l.fake.SignInAs(liveUser(user))
	resp, err := c.Get(l.ts.URL + "/auth/login?next=/")
	if err != nil {
		tb.Fatal(err)
	}
	resp.Body.Close()
	resp, err = c.Get(l.ts.URL + "/auth/me")
	if err != nil {
		tb.Fatal(err)
	}
	defer resp.Body.Close()
	var m Me
	if err := json.NewDecoder(resp.Body).Decode(&m); err != nil || !m.SignedIn || m.User.ID != user || m.CSRF == "" {
		tb.Fatalf("signing %s in: %+v %v", user, m, err)
	}
	return c, m.CSRF
}

// stepJS reads the step a page shows: its targets on the board, its
// option buttons, and whether Confirm is offered.
const stepJS = `(() => {
  const p = document.getElementById('pick');
  if (!p || p.hidden) return null;
  return {
    targets: [...document.querySelectorAll('#board .target')].map(e => e.dataset.sq),
    buttons: [...document.querySelectorAll('#pickopts button')].map(e => e.dataset.value),
    confirm: !document.getElementById('pickok').hidden,
    n: Number(document.getElementById('app').dataset.picks || 0),
  };
})()`

type pageStep struct {
	Targets []string `json:"targets"`
	Buttons []string `json:"buttons"`
	Confirm bool     `json:"confirm"`
	N       int      `json:"n"`
}

// playByClicks plays game g to its end by clicking on the pages of its
// players (tabs by user ID), a random option of each step (rng), and
// checks that the fake Discord shows a card in the channel after every
// action. It returns the number of actions.
func (l *live) playByClicks(t *testing.T, tabs map[string]context.Context, g store.Game, rng *rand.Rand, maxActions int) int {
	t.Helper()
	path := l.srv.Path(g.ID)
	for _, ctx := range tabs {
		within(t, ctx, chromedp.Navigate(l.ts.URL+path))
	}
	actions := 0
	for !g.Over() {
		if actions == maxActions {
			t.Fatalf("%s: not over after %d actions", g.Kind, actions)
		}
		ctx := tabs[g.ToAct()]
		waitPage(t, ctx, fmt.Sprintf(`document.getElementById('app').dataset.revision === "%d" && %s !== null`, g.Revision, stepJS),
			fmt.Sprintf("%s, revision %d: the step of %s", g.Kind, g.Revision, g.ToAct()))
		for {
			st := eval[*pageStep](t, ctx, stepJS)
			if st == nil {
				t.Fatalf("%s, revision %d: no step shown", g.Kind, g.Revision)
			}
			var sel string
			switch choices := append(append([]string{}, st.Targets...), st.Buttons...); {
			case len(choices) > 0 && (!st.Confirm || rng.IntN(4) > 0):
				v := choices[rng.IntN(len(choices))]
				if rng.IntN(10) == 0 && len(st.Targets) > 0 && v != "" { // go back once in a while
					if eval[bool](t, ctx, `!document.getElementById('pickback').hidden`) {
						clickOn(t, ctx, "#pickback")
						waitFor(t, ctx, fmt.Sprintf(`Number(document.getElementById('app').dataset.picks || 0) > %d`, st.N))
						continue
					}
				}
				if i := indexOf(st.Targets, v); i >= 0 {
					sel = fmt.Sprintf(`#board .target[data-sq="%s"]`, v)
				} else {
					sel = fmt.Sprintf(`#pickopts button[data-value="%s"]`, v)
				}
			case st.Confirm:
				sel = "#pickok"
			default:
				t.Fatalf("%s: a step with nothing to choose: %+v", g.Kind, st)
			}
			acted := eval[int](t, ctx, `Number(document.getElementById('app').dataset.acted || 0)`)
			clickOn(t, ctx, sel)
			// The next step, or the action answered (and none under way:
			// the live update may show the next step before the answer).
			waitPage(t, ctx, fmt.Sprintf(`Number(document.getElementById('app').dataset.sending || 0) === 0 && (Number(document.getElementById('app').dataset.picks || 0) > %d || Number(document.getElementById('app').dataset.acted || 0) > %d)`, st.N, acted),
				fmt.Sprintf("%s, revision %d: the answer to a click on %s", g.Kind, g.Revision, sel))
			if eval[int](t, ctx, `Number(document.getElementById('app').dataset.acted || 0)`) > acted {
				break
			}
		}
		if msg := eval[string](t, ctx, `document.getElementById('pickmsg').dataset.kind`); msg != "ok" {
			t.Fatalf("%s, revision %d: the move was refused: %s", g.Kind, g.Revision, eval[string](t, ctx, `document.getElementById('pickmsg').textContent`))
		}
		actions++
		after, err := l.db.GameByID(t.Context(), g.ID)
		if err != nil || after.Revision != g.Revision+1 {
			t.Fatalf("%s: after a click, revision %d (was %d) %v", g.Kind, after.Revision, g.Revision, err)
		}
		g = after
		card, err := l.fake.NextPost(g.Channel, 10*time.Second)
		if err != nil {
			t.Fatalf("%s, revision %d: no card in the channel: %v", g.Kind, g.Revision, err)
		}
		if len(card.Files) == 0 || card.Kind != "post" {
			t.Fatalf("%s, revision %d: the card %+v has no board", g.Kind, g.Revision, card)
		}
		if !g.Over() && !strings.Contains(card.Text(), "<@"+g.ToAct()+">") {
			t.Fatalf("%s, revision %d: the card does not call the player to act:\n%s", g.Kind, g.Revision, card.Text())
		}
	}
	return actions
}

// waitPage waits for a condition on the page of a player (a slower
// deadline than waitFor's: a whole game under the race detector, on a
// loaded machine), and says what the page shows when it does not come.
func waitPage(t *testing.T, ctx context.Context, cond, what string) {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, 125*time.Second)
	defer cancel()
	if _, err := chromedp.Run(c, chromedp.Poll[chromedp.Void](cond, chromedp.WithPollingTimeout(120*time.Second), chromedp.WithPollingInterval(20*time.Millisecond))); err != nil {
		t.Fatalf("%s: %v; the page: %s", what, err,
			eval[string](t, ctx, `JSON.stringify({app: document.getElementById('app').dataset, msg: document.getElementById('pickmsg').textContent, status: document.getElementById('status').textContent, step: `+stepJS+`})`))
	}
}

// clickOn clicks with the mouse at the centre of the element sel names,
// scrolled into view: a real click at a place, which a page that redraws
// its board meanwhile receives on what it draws there.
func clickOn(t *testing.T, ctx context.Context, sel string) {
	t.Helper()
	js := fmt.Sprintf(`(() => { const e = document.querySelector(%q); if (!e) return null;
  e.scrollIntoView({block: "nearest"}); const r = e.getBoundingClientRect();
  return {x: r.left + r.width / 2, y: r.top + r.height / 2}; })()`, sel)
	waitFor(t, ctx, js+` !== null`)
	at := eval[*struct{ X, Y float64 }](t, ctx, js)
	if at == nil {
		t.Fatalf("nothing to click at %s", sel)
	}
	within(t, ctx, chromedp.MouseClickXY(at.X, at.Y))
}

func indexOf(s []string, v string) int {
	for i, x := range s {
		if x == v {
			return i
		}
	}
	return -1
}

// TestBrowserPlayWholeGames plays a whole game of Veletas (7x7),
// Fanorona, Véla and Amazons only by clicking on the players' pages, a
// random option at each step (a seeded rng), with the card of every
// action in the fake Discord's channel; a spectator's click on the board
// is refused in the page; a second page of the game sees the moves live.
func TestBrowserPlayWholeGames(t *testing.T) {
	if testing.Short() {
		t.Skip("whole games in a browser")
	}
	bctx := browser(t)
	l := newLive(t)
	cases := []struct {
		kind  game.Kind
		terms game.Terms
		max   int
	}{
		{"veletas", game.Terms{"size": "7"}, 400},
		{"fanorona", game.Terms{"variant": "fanorona"}, 2000},
		{"fanorona", game.Terms{"variant": "vela"}, 2000},
		{"amazons", nil, 400},
	}
	first := l.start(t, cases[0].kind, cases[0].terms, "800000000000000000")
	// Each signs in with Discord on the first game's page.
	path := l.srv.Path(first.ID)
	alice, bob, carol := l.signedIn(t, bctx, liveAlice, path), l.signedIn(t, bctx, liveBob, path), l.signedIn(t, bctx, liveCarol, path)
	if calls := l.fake.TokenCalls(); len(calls) != 3 {
		t.Fatalf("%d calls to the token endpoint for three sign-ins: %+v", len(calls), calls)
	}
	tabs := map[string]context.Context{liveAlice: alice, liveBob: bob}
	for i, c := range cases {
		g := first
		if i > 0 {
			g = l.start(t, c.kind, c.terms, fmt.Sprintf("80000000000000000%d", i))
		}
		// The spectator watches, and clicks.
		within(t, carol, chromedp.Navigate(l.ts.URL+l.srv.Path(g.ID)))
		waitFor(t, carol, `document.getElementById('app').dataset.me === "`+liveCarol+`" && document.querySelectorAll('#board .piece, #board .sq').length > 0`)
		within(t, carol, chromedp.Click(chromedp.CSS("#board")))
		waitFor(t, carol, `document.getElementById('pickmsg').dataset.kind === "refused"`)
		if text := eval[string](t, carol, `document.getElementById('pickmsg').textContent`); !strings.Contains(text, "not playing this game") {
			t.Errorf("%s: the spectator is told %q", c.kind, text)
		}
		if n := eval[int](t, carol, `document.querySelectorAll('#board .target').length`); n != 0 {
			t.Errorf("%s: the spectator's page shows %d targets", c.kind, n)
		}
		n := l.playByClicks(t, tabs, g, rand.New(rand.NewPCG(uint64(i), 7)), c.max)
		end, err := l.db.GameByID(t.Context(), g.ID)
		if err != nil || !end.Over() {
			t.Fatalf("%s: not over: %+v %v", c.kind, end, err)
		}
		// The spectator's page followed live, to the end.
		waitFor(t, carol, fmt.Sprintf(`document.getElementById('app').dataset.revision === "%d"`, end.Revision))
		if s := eval[string](t, carol, `document.getElementById('status').textContent`); !strings.Contains(s, "won") && !strings.Contains(s, "Drawn") {
			t.Errorf("%s: the spectator's page says %q at the end", c.kind, s)
		}
		t.Logf("%s %v: %d actions by clicking, %s", c.kind, c.terms, n, end.Reason.String())
	}
	if strings.Contains(l.logs.String(), "level=ERROR") {
		t.Errorf("errors logged:\n%s", l.logs.String())
	}
}

// clickToConfirm clicks the first option of each step on the page of ctx
// until it offers Confirm.
func clickToConfirm(t *testing.T, ctx context.Context) {
	t.Helper()
	for range 10 {
		waitFor(t, ctx, stepJS+` !== null`)
		st := eval[*pageStep](t, ctx, stepJS)
		if st.Confirm {
			return
		}
		sel := `#pickopts button`
		if len(st.Targets) > 0 {
			sel = fmt.Sprintf(`#board .target[data-sq="%s"]`, st.Targets[0])
		}
		within(t, ctx, chromedp.Click(chromedp.CSS(sel)))
		waitFor(t, ctx, fmt.Sprintf(`Number(document.getElementById('app').dataset.picks || 0) > %d`, st.N))
	}
	t.Fatal("no Confirm after 10 choices")
}

// cutLiveUpdates makes the pages of ctx record their event streams in
// window.__es, for the test to close them: a page that misses a move.
func cutLiveUpdates(t *testing.T, ctx context.Context) {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, 15*time.Second)
	defer cancel()
	if _, err := chromedp.Call(c, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: `
window.__es = [];
const Native = window.EventSource;
window.EventSource = function (url) { const e = new Native(url); window.__es.push(e); return e; };`}); err != nil {
		t.Fatal(err)
	}
}

// TestBrowserStalePage: a page that missed a move (its live updates cut)
// and confirms an action picked before it is refused as out of date,
// changes nothing, posts no card, and then shows the game as it stands.
func TestBrowserStalePage(t *testing.T) {
	bctx := browser(t)
	l := newLive(t)
	g := l.start(t, "amazons", nil, "810000000000000001")
	first := g.ToAct()
	stale, fresh := l.signedIn(t, bctx, first, l.srv.Path(g.ID)), l.signedIn(t, bctx, first, l.srv.Path(g.ID))
	cutLiveUpdates(t, stale)
	path := l.ts.URL + l.srv.Path(g.ID)
	within(t, stale, chromedp.Navigate(path))
	within(t, fresh, chromedp.Navigate(path))
	clickToConfirm(t, stale)
	eval[int](t, stale, `window.__es.forEach(e => e.close()), window.__es.length`)
	// The same player moves on the other page.
	clickToConfirm(t, fresh)
	within(t, fresh, chromedp.Click(chromedp.CSS("#pickok")))
	waitFor(t, fresh, `document.getElementById('pickmsg').dataset.kind === "ok"`)
	if _, err := l.fake.NextPost(g.Channel, 10*time.Second); err != nil {
		t.Fatalf("the fresh page's card: %v", err)
	}
	moved, err := l.db.GameByID(t.Context(), g.ID)
	if err != nil || moved.Revision != g.Revision+1 {
		t.Fatalf("after the fresh page's move: %d %v", moved.Revision, err)
	}
	if rev := eval[string](t, stale, `document.getElementById('app').dataset.revision`); rev != fmt.Sprint(g.Revision) {
		t.Fatalf("the stale page is at revision %s: its updates were not cut", rev)
	}
	within(t, stale, chromedp.Click(chromedp.CSS("#pickok")))
	waitFor(t, stale, `document.getElementById('pickmsg').dataset.kind === "refused"`)
	if text := eval[string](t, stale, `document.getElementById('pickmsg').textContent`); !strings.Contains(text, "out of date") {
		t.Errorf("the stale page says %q", text)
	}
	waitFor(t, stale, fmt.Sprintf(`document.getElementById('app').dataset.revision === "%d"`, moved.Revision))
	after, err := l.db.GameByID(t.Context(), g.ID)
	if err != nil || after.Revision != moved.Revision || after.Record != moved.Record {
		t.Fatalf("the stale page's click changed the game: %d %q (was %d %q) %v", after.Revision, after.Record, moved.Revision, moved.Record, err)
	}
	if m, ok := l.fake.PollPost(g.Channel); ok {
		t.Fatalf("a card after a refused click: %+v", m)
	}
}

// TestBrowserPickScreenshots takes each game's page in the middle of a
// pick (a piece chosen, its targets highlighted), light and dark, at a
// desktop's and a phone's width; with -update-screenshots it writes them
// to testdata/screenshots (pick-GAME-SIZE-SCHEME.png), to look at.
func TestBrowserPickScreenshots(t *testing.T) {
	bctx := browser(t)
	l := newLive(t)
	dir := t.TempDir()
	if *updateScreenshots {
		dir = filepath.Join("testdata", "screenshots")
	}
	for i, c := range []struct {
		kind  game.Kind
		terms game.Terms
	}{{"veletas", game.Terms{"size": "7"}}, {"fanorona", nil}, {"amazons", nil}} {
		g := l.start(t, c.kind, c.terms, fmt.Sprintf("82000000000000000%d", i))
		ctx := l.signedIn(t, bctx, g.ToAct(), l.srv.Path(g.ID))
		for _, size := range []struct {
			name string
			w, h int64
		}{{"desktop", 1280, 800}, {"phone", 390, 844}} {
			for _, scheme := range []string{"light", "dark"} {
				within(t, ctx, chromedp.EmulateViewport(size.w, size.h), chromedp.Action[chromedp.Void](func(ctx context.Context, _ *chromedp.Target) (chromedp.Void, error) {
					_, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
						Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}})
					return chromedp.Void{}, err
				}), chromedp.Navigate(l.ts.URL+l.srv.Path(g.ID)))
				waitFor(t, ctx, stepJS+` !== null && `+stepJS+`.targets.length > 0`)
				st := eval[*pageStep](t, ctx, stepJS)
				within(t, ctx, chromedp.Click(chromedp.CSS(fmt.Sprintf(`#board .target[data-sq="%s"]`, st.Targets[len(st.Targets)/2]))))
				waitFor(t, ctx, fmt.Sprintf(`Number(document.getElementById('app').dataset.picks || 0) > %d && document.querySelectorAll('#board .chosen').length > 0`, st.N))
				if w := eval[int](t, ctx, `document.documentElement.scrollWidth`); w > int(size.w) {
					t.Errorf("%s %s: the page is %d px wide in a %d px window", c.kind, size.name, w, size.w)
				}
				cctx, cancel := context.WithTimeout(ctx, 15*time.Second)
				png, err := chromedp.Run(cctx, chromedp.CaptureScreenshot())
				cancel()
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("pick-%s-%s-%s.png", c.kind, size.name, scheme)), png, 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if after, _ := l.db.GameByID(t.Context(), 1); after.Revision != 0 {
		t.Errorf("picking changed the game: revision %d", after.Revision)
	}
}

// BenchmarkClickToCard measures a move from the page's request to act
// to its card in the fake Discord's channel: the web handler, the bot's
// BoardMover (the store's transaction, the card's image) and the post.
// The actions are Amazons', chosen with the picker beforehand.
func BenchmarkClickToCard(b *testing.B) {
	l := newLive(b)
	rng := rand.New(rand.NewPCG(1, 2))
	reg := games.Registry()
	var g store.Game
	started := 0
	clients, csrf := map[string]*http.Client{}, map[string]string{}
	for _, u := range []string{liveAlice, liveBob} {
		clients[u], csrf[u] = l.signInClient(b, u)
	}
	for b.Loop() {
		b.StopTimer()
		if g.ID == 0 || g.Over() {
			g = l.start(b, "amazons", nil, fmt.Sprintf("83%016d", started))
			started++
		}
		rules, _ := reg.Get(g.Kind)
		p := rules.(game.Pickable)
		var chosen []string
		var action string
		for action == "" {
			st, err := p.Pick(g.State(), chosen)
			if err != nil {
				b.Fatal(err)
			}
			if st.Done() {
				action = st.Action
				break
			}
			chosen = append(chosen, st.Options[rng.IntN(len(st.Options))].Value)
		}
		req, _ := http.NewRequest("POST", l.ts.URL+l.srv.Path(g.ID)+"/act", strings.NewReader(fmt.Sprintf(`{"rev":%d,"action":%q}`, g.Revision, action)))
		user := g.ToAct()
		req.Header.Set(CSRFHeader, csrf[user])
		b.StartTimer()
		resp, err := clients[user].Do(req)
		if err != nil {
			b.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 200 {
			b.Fatalf("%s: %d", action, resp.StatusCode)
		}
		if _, err := l.fake.NextPost(g.Channel, 10*time.Second); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		var err2 error
		if g, err2 = l.db.GameByID(context.Background(), g.ID); err2 != nil {
			b.Fatal(err2)
		}
		b.StartTimer()
	}
}
