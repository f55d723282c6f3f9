package web

import (
	"context"
	"encoding/json"
	"fmt"
	"html/template"
	"maps"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/veletasbot/veletas/game"
	"github.com/veletasbot/veletas/internal/fakediscord"
)

// discordClient is a stand-in for the Discord client's side of the
// Embedded App SDK's messages: it frames the Activity's page as Discord
// does (with frame_id, instance_id, platform, guild_id and channel_id in
// the query) and answers its postMessage RPC: the HANDSHAKE (opcode 0)
// with the READY dispatch, AUTHORIZE with an authorization code of the
// user (as the fake Discord's authorize would give it, with no redirect
// URI), AUTHENTICATE with the user and the access token the page passed,
// any other command with an ERROR. Every message is kept in window.rpc
// for the test to read.
var discordClient = template.Must(template.New("").Parse(`<!doctype html>
<html><head><meta charset="utf-8"><title>Discord</title>
<style>html,body{margin:0;height:100%;background:#313338}iframe{border:0;width:100vw;height:100vh;display:block}</style>
</head><body><iframe id="activity" src="{{.Src}}"></iframe>
<script>
window.rpc = [];
const frame = document.getElementById("activity");
const code = {{.Code}}, clientID = {{.ClientID}}, user = {{.User}};
addEventListener("message", (e) => {
  if (e.source !== frame.contentWindow || !Array.isArray(e.data)) return;
  const [op, d] = e.data;
  window.rpc.push({op, origin: e.origin, d});
  const reply = (m) => frame.contentWindow.postMessage(m, "*");
  if (op === 0) {
    reply([1, {cmd: "DISPATCH", evt: "READY", nonce: null, data: {v: 1,
      config: {cdn_host: "cdn.discordapp.com", api_endpoint: "//discord.com/api", environment: "production"},
      user: {id: user.id, username: user.username, discriminator: "0"}}}]);
    return;
  }
  if (op !== 1) return;
  switch (d.cmd) {
  case "AUTHORIZE":
    reply([1, {cmd: "AUTHORIZE", evt: null, nonce: d.nonce, data: {code}}]);
    break;
  case "AUTHENTICATE":
    reply([1, {cmd: "AUTHENTICATE", evt: null, nonce: d.nonce, data: {access_token: d.args.access_token,
      user: {id: user.id, username: user.username, discriminator: "0", avatar: null, public_flags: 0, global_name: user.global},
      scopes: ["identify"], expires: new Date(Date.now() + 604800000).toISOString(),
      application: {id: clientID, name: "Veletas", description: ""}}}]);
    break;
  default:
    reply([1, {cmd: d.cmd, evt: "ERROR", nonce: d.nonce, data: {code: 4002, message: "the stand-in knows no " + d.cmd}}]);
  }
});
</script></body></html>`))

// rpcMessage is a message the page sent to the stand-in.
type rpcMessage struct {
	Op     int    `json:"op"`
	Origin string `json:"origin"`
	D      struct {
		V        int             `json:"v"`
		ClientID string          `json:"client_id"`
		FrameID  string          `json:"frame_id"`
		Cmd      string          `json:"cmd"`
		Args     json.RawMessage `json:"args"`
	} `json:"d"`
}

// activityBrowser serves the Activity fixture and the stand-in Discord
// client from one origin (as Discord's proxy serves the Activity from
// its own), records the Authorization of the board's requests, and
// returns the stand-in's URL for an instance.
type activityBrowser struct {
	*signinFixture
	ts   *httptest.Server
	mu   sync.Mutex
	auth map[string]string // board path -> the Authorization it came with
}

func newActivityBrowser(t *testing.T) (*activityBrowser, game.Board) {
	t.Helper()
	f, _, g := newActivityFixture(t)
	b := &activityBrowser{signinFixture: f, auth: map[string]string{}}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /discord-client", func(w http.ResponseWriter, r *http.Request) {
		q := url.Values{"frame_id": {"frame-1"}, "instance_id": {r.URL.Query().Get("instance")}, "platform": {"desktop"},
			"guild_id": {actGuild}, "channel_id": {actChannel}}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_ = discordClient.Execute(w, map[string]any{"Src": "/?" + q.Encode(), "Code": f.fake.ActivityCode(alice), "ClientID": testClientID,
			"User": map[string]string{"id": alice.ID, "username": alice.Username, "global": alice.GlobalName}})
	})
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/g/") {
			b.mu.Lock()
			b.auth[r.URL.Path] = r.Header.Get("Authorization")
			b.mu.Unlock()
		}
		f.srv.ServeHTTP(w, r)
	})
	b.ts = httptest.NewServer(mux)
	t.Cleanup(b.ts.Close)
	t.Cleanup(func() { f.srv.Close() }) // ends the event streams, which ts.Close waits for
	rules, _ := f.games.Get(g.Kind)
	board, err := rules.(game.Boarded).Board(g.State())
	if err != nil {
		t.Fatal(err)
	}
	return b, board
}

// inFrame is a JavaScript expression evaluated in the Activity's frame.
func inFrame(expr string) string {
	return `(() => { const document = window.frames[0].document; return (` + expr + `) })()`
}

func TestBrowserActivityHandshake(t *testing.T) {
	ctx := browser(t)
	b, board := newActivityBrowser(t)
	b.fake.CheckConformance(t)
	b.fake.SetActivityInstance(fakediscord.ActivityInstance{ID: "inst-1", Guild: actGuild, Channel: actChannel, Users: []string{alice.ID, bob.ID}})
	within(t, ctx, chromedp.EmulateViewport(1280, 800), chromedp.Navigate(b.ts.URL+"/discord-client?instance=inst-1"))
	waitFor(t, ctx, inFrame(`document.getElementById('app').dataset.phase === "game" && document.querySelectorAll('#board .piece').length > 0`))
	waitFor(t, ctx, inFrame(fmt.Sprintf(`document.querySelector('#board').dataset.ply === "%d"`, board.Ply)))
	if got := eval[map[string]int](t, ctx, inFrame(piecesJS)); !maps.Equal(got, counts(board)) {
		t.Errorf("the Activity shows %v, the position has %v", got, counts(board))
	}

	// The handshake as the stand-in saw it.
	rpc := eval[[]rpcMessage](t, ctx, `window.rpc`)
	if len(rpc) < 3 {
		t.Fatalf("the page sent %d messages: %+v", len(rpc), rpc)
	}
	if h := rpc[0]; h.Op != 0 || h.D.V != 1 || h.D.ClientID != testClientID || h.D.FrameID != "frame-1" || h.Origin != b.ts.URL {
		t.Errorf("the handshake: %+v", h)
	}
	var cmds []string
	var authorize struct {
		ClientID     string   `json:"client_id"`
		ResponseType string   `json:"response_type"`
		Prompt       string   `json:"prompt"`
		Scope        []string `json:"scope"`
	}
	for _, m := range rpc[1:] {
		cmds = append(cmds, m.D.Cmd)
		if m.D.Cmd == "AUTHORIZE" {
			if err := json.Unmarshal(m.D.Args, &authorize); err != nil {
				t.Fatal(err)
			}
		}
	}
	if strings.Join(cmds, ",") != "AUTHORIZE,AUTHENTICATE" {
		t.Errorf("the page's commands: %v, want AUTHORIZE then AUTHENTICATE", cmds)
	}
	if authorize.ClientID != testClientID || authorize.ResponseType != "code" || authorize.Prompt != "none" || strings.Join(authorize.Scope, " ") != "identify" {
		t.Errorf("AUTHORIZE's arguments: %+v", authorize)
	}
	if calls := b.fake.TokenCalls(); len(calls) != 1 || !calls[0].Accepted {
		t.Errorf("the token endpoint saw %+v", calls)
	}
	// The signed-in user, and the game's own page requests with the
	// session as a bearer token.
	if got := eval[string](t, ctx, inFrame(`document.getElementById('me').textContent`)); got != "Alice Liddell" {
		t.Errorf("the page shows %q signed in", got)
	}
	path := b.srv.Path(mustGameID(t, b))
	if got := eval[string](t, ctx, inFrame(`document.getElementById('app').dataset.game`)); got != path {
		t.Errorf("the page shows game %q, want %q", got, path)
	}
	b.mu.Lock()
	auth := b.auth[path+"/state"]
	b.mu.Unlock()
	if !strings.HasPrefix(auth, "Bearer "+sessionPrefix) {
		t.Errorf("the board's state was asked with Authorization %.12q…, want the session as a bearer", auth)
	}
	// A move reaches the Activity live.
	g, err := b.db.ActiveGame(t.Context(), actGuild, actChannel)
	if err != nil {
		t.Fatal(err)
	}
	g = b.play(t, g, 1, 5)
	b.srv.GameChanged(g.ID)
	waitFor(t, ctx, inFrame(fmt.Sprintf(`document.getElementById('app').dataset.revision === "%d"`, g.Revision)))
	if got := eval[int](t, ctx, inFrame(`document.querySelectorAll('#moves li').length`)); got != len(board.Plies)+1 {
		t.Errorf("%d moves after the live move, want %d", got, len(board.Plies)+1)
	}
}

func mustGameID(t *testing.T, b *activityBrowser) uint64 {
	t.Helper()
	g, err := b.db.ActiveGame(t.Context(), actGuild, actChannel)
	if err != nil {
		t.Fatal(err)
	}
	return g.ID
}

// TestBrowserActivityRefused: a user Discord does not show in the
// instance gets the reason, not a board.
func TestBrowserActivityRefused(t *testing.T) {
	ctx := browser(t)
	b, _ := newActivityBrowser(t)
	b.fake.SetActivityInstance(fakediscord.ActivityInstance{ID: "inst-2", Guild: actGuild, Channel: actChannel, Users: []string{bob.ID}})
	within(t, ctx, chromedp.Navigate(b.ts.URL+"/discord-client?instance=inst-2"))
	waitFor(t, ctx, inFrame(`document.getElementById('app').dataset.phase === "error"`))
	if got := eval[string](t, ctx, inFrame(`document.getElementById('phase').textContent`)); !strings.Contains(got, "Discord does not show you in this Activity's channel") {
		t.Errorf("the page says %q", got)
	}
	if !eval[bool](t, ctx, inFrame(`document.getElementById('game').hidden`)) {
		t.Error("the board is shown")
	}
	// Outside Discord (no frame_id), the page says where to open it.
	within(t, ctx, chromedp.Navigate(b.ts.URL+"/"))
	waitFor(t, ctx, `document.getElementById('app').dataset.phase === "outside"`)
}

// TestBrowserActivityScreenshots takes the Activity inside the stand-in,
// dark, at a phone's and a desktop's width; with -update-screenshots it
// writes them to testdata/screenshots.
func TestBrowserActivityScreenshots(t *testing.T) {
	ctx := browser(t)
	b, _ := newActivityBrowser(t)
	b.fake.SetActivityInstance(fakediscord.ActivityInstance{ID: "inst-1", Guild: actGuild, Channel: actChannel, Users: []string{alice.ID}})
	dir := t.TempDir()
	if *updateScreenshots {
		dir = filepath.Join("testdata", "screenshots")
	}
	for _, size := range []struct {
		name string
		w, h int64
	}{{"desktop", 1280, 800}, {"phone", 390, 844}} {
		within(t, ctx, chromedp.EmulateViewport(size.w, size.h), chromedp.Action[chromedp.Void](func(ctx context.Context, _ *chromedp.Target) (chromedp.Void, error) {
			_, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
				Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}}})
			return chromedp.Void{}, err
		}), chromedp.Navigate(b.ts.URL+"/discord-client?instance=inst-1"))
		waitFor(t, ctx, inFrame(`document.getElementById('app').dataset.phase === "game" && document.querySelectorAll('#board .piece').length > 0 && document.getElementById('viewers').dataset.n === "1"`))
		if bg := eval[string](t, ctx, inFrame(`getComputedStyle(document.body).backgroundColor`)); bg != "rgb(21, 20, 18)" {
			t.Errorf("%s: background %s, want the dark theme's", size.name, bg)
		}
		if w := eval[int](t, ctx, inFrame(`document.documentElement.scrollWidth`)); w > int(size.w) {
			t.Errorf("%s: the Activity is %d px wide in a %d px frame", size.name, w, size.w)
		}
		c, cancel := context.WithTimeout(ctx, 15*time.Second)
		png, err := chromedp.Run(c, chromedp.CaptureScreenshot())
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "activity-"+size.name+"-dark.png"), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
