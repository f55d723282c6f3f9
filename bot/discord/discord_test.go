package discord

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image/gif"
	"image/png"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/bot/internal/bottest"
	"github.com/veletasbot/veletas/internal/fakediscord"
	"github.com/veletasbot/veletas/store"
)

const testToken = "MTAwMDAwMDAwMDAwMDAwMDAx.fake.token-for-tests"

// discordEnv is a Bot behind the Discord adapter, connected to a fake
// Discord.
type discordEnv struct {
	*bottest.Env
	fake *fakediscord.Server
	d    *Adapter
	ids  atomic.Int64
	// post, when set, posts the interactions to the HTTP endpoint
	// instead of sending them through the gateway.
	post *fakediscord.Poster
	// shape, when set, reshapes each interaction before it is sent (such
	// as fakediscord.GroupDM).
	shape func(map[string]any) map[string]any
}

func newDiscordEnv(t testing.TB, h Handler, e *bottest.Env) *discordEnv {
	t.Helper()
	fake := fakediscord.New()
	t.Cleanup(fake.Close)
	fake.CheckConformance(t)
	if h == nil {
		h = e.Bot
	}
	d, err := New(testToken, fake.URL(), h, e.Bot.Logger)
	if err != nil {
		t.Fatal(err)
	}
	d.Guild = e.Guild
	if err := d.Open(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	select {
	case <-fake.Ready:
	case <-time.After(5 * time.Second):
		t.Fatal("the bot did not identify")
	}
	de := &discordEnv{Env: e, fake: fake, d: d}
	de.ids.Store(500)
	return de
}

func (de *discordEnv) id() string { return strconv.FormatInt(de.ids.Add(1), 10) }

var (
	alice = fakediscord.User{ID: "200000000000000011", Name: "alice"}
	bob   = fakediscord.User{ID: "200000000000000022", Name: "bob"}
	carol = fakediscord.User{ID: "200000000000000033", Name: "carol"}
)

// send sends an interaction and waits for its final reply.
func (de *discordEnv) send(t testing.TB, in map[string]any) fakediscord.Message {
	t.Helper()
	if de.shape != nil {
		in = de.shape(in)
	}
	if de.post != nil {
		if _, err := de.post.Post(in); err != nil {
			t.Fatal(err)
		}
	} else if err := de.fake.Send(in); err != nil {
		t.Fatal(err)
	}
	m, err := de.fake.Reply(in["id"].(string), replyWait)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// replyWait bounds the wait for a reply: generous, because the race
// detector on 2 cores shared with other test binaries (load 25 and more)
// made 10 s too short for a reply with a board image (TestDiscordAIGame).
// Speed is measured by the benchmarks, not here.
const replyWait = 60 * time.Second

func (de *discordEnv) command(t testing.TB, channel string, u fakediscord.User, perms, sub string, opts []fakediscord.Option, users ...fakediscord.User) fakediscord.Message {
	t.Helper()
	return de.send(t, fakediscord.Command(de.id(), de.Guild, channel, u, perms, sub, opts, users...))
}

func (de *discordEnv) press(t testing.TB, channel string, u fakediscord.User, perms, customID string) fakediscord.Message {
	t.Helper()
	return de.send(t, fakediscord.Press(de.id(), de.Guild, channel, u, perms, de.id(), customID))
}

func checkPNG(t testing.TB, m fakediscord.Message) {
	t.Helper()
	if len(m.Files) != 1 && (len(m.Files) != 2 || m.Files[1].ContentType != "image/gif") || m.Files[0].ContentType != "image/png" {
		t.Fatalf("message has files %v: %q", len(m.Files), m.Text())
	}
	if len(m.Files) == 2 { // the replay at the end of a game
		if _, err := gif.DecodeAll(bytes.NewReader(m.Files[1].Data)); err != nil {
			t.Fatalf("GIF does not decode: %v", err)
		}
	}
	if _, err := png.Decode(bytes.NewReader(m.Files[0].Data)); err != nil {
		t.Fatalf("PNG does not decode: %v", err)
	}
	// The board shows inside the game's card.
	if len(m.Embeds) != 1 || m.Embeds[0].ImageURL() != "attachment://"+m.Files[0].Name || m.Embeds[0].Title == "" {
		t.Fatalf("the board is not inside a game card: %+v", m.Embeds)
	}
}

func buttonOf(t testing.TB, m fakediscord.Message, label string) string {
	t.Helper()
	for _, b := range m.Buttons {
		if b.Label == label {
			return b.CustomID
		}
	}
	t.Fatalf("no button %q in %+v", label, m)
	return ""
}

func allowedOnly(t testing.TB, m fakediscord.Message, ids ...string) {
	t.Helper()
	if strings.Join(m.AllowedUsers, ",") != strings.Join(ids, ",") || len(m.AllowedParse) != 0 {
		t.Fatalf("allowed mentions %v %v, want users %v: %q", m.AllowedParse, m.AllowedUsers, ids, m.Text())
	}
}

func TestDiscordWholeGame(t *testing.T) {
	e := bottest.NewEnv(t, bot.Config{})
	de := newDiscordEnv(t, nil, e)

	cmds := registeredNames(t, <-de.fake.Commands)
	if n := len(cmds[0]["options"].([]any)); n != len(Commands()[0].Options) || n < 14 {
		t.Fatalf("%d subcommands", n)
	}
	if got := de.fake.Authorization(); got != "Bot "+testToken {
		t.Fatalf("authorization %q", got)
	}

	ch := de.command(t, "c1", alice, fakediscord.AllPermissions, "challenge",
		[]fakediscord.Option{fakediscord.UserOpt("opponent", bob.ID), fakediscord.Str("size", "7")}, bob)
	if ch.Type != 4 || ch.Ephemeral() || !strings.Contains(ch.Text(), "<@"+bob.ID+">, <@"+alice.ID+"> challenges you") {
		t.Fatalf("challenge: %+v", ch)
	}
	allowedOnly(t, ch, bob.ID)
	refusal := de.press(t, "c1", carol, fakediscord.AllPermissions, buttonOf(t, ch, "Accept"))
	if !refusal.Ephemeral() || !strings.Contains(refusal.Text(), "only they can answer") {
		t.Fatalf("carol accepting: %+v", refusal)
	}
	acc := de.press(t, "c1", bob, fakediscord.AllPermissions, buttonOf(t, ch, "Accept"))
	if !strings.Contains(acc.Text(), "The game is on in <#thread-") {
		t.Fatalf("accept: %+v", acc)
	}
	allowedOnly(t, acc) // the post in the thread pings alice
	thread := acc.Text()[strings.Index(acc.Text(), "<#")+2 : strings.Index(acc.Text(), ">.")]
	post, err := de.fake.NextPost(thread, 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	checkPNG(t, post)
	if !strings.Contains(post.Text(), "<@"+alice.ID+">, your turn") {
		t.Fatalf("first post: %q", post.Text())
	}
	allowedOnly(t, post, alice.ID)

	users := map[string]fakediscord.User{alice.ID: alice, bob.ID: bob}
	r := rand.New(rand.NewPCG(3, 4))
	var last fakediscord.Message
	for i := 0; ; i++ {
		g, err := e.DB.ActiveGame(t.Context(), e.Guild, thread)
		if errors.Is(err, store.ErrNoGame) {
			break
		}
		if err != nil || i > 200 {
			t.Fatal(i, err)
		}
		user, sub, opts := bottest.NextCommand(t, g, r)
		if i == 3 {
			// A refusal on the way: ephemeral, the game unchanged.
			m := de.command(t, thread, carol, fakediscord.AllPermissions, "board", nil)
			checkPNG(t, m)
			m = de.command(t, thread, carol, fakediscord.AllPermissions, "resign", nil)
			if !m.Ephemeral() || !strings.Contains(m.Text(), "not playing this game") {
				t.Fatalf("carol resigning: %+v", m)
			}
		}
		var o []fakediscord.Option
		for _, kv := range opts {
			k, v, _ := strings.Cut(kv, "=")
			o = append(o, fakediscord.Str(k, v))
		}
		if sub == "move" && i%2 == 0 {
			// Autocomplete offers the chosen shooter.
			ac := de.send(t, fakediscord.Command(de.id(), de.Guild, thread, users[user], fakediscord.AllPermissions, "move",
				[]fakediscord.Option{fakediscord.Focus("shooter", "")}))
			if ac.Type != 8 || len(ac.Choices) == 0 || len(ac.Choices) > 25 {
				t.Fatalf("autocomplete: %+v", ac)
			}
		}
		last = de.command(t, thread, users[user], fakediscord.AllPermissions, sub, o)
		// A slow step (the replay at the end, a loaded machine) may defer
		// the answer: then it comes as an edit of the deferred response.
		if last.Type != 4 && last.Kind != "edit" || last.Ephemeral() {
			t.Fatalf("%s %v refused: %+v", sub, opts, last)
		}
		checkPNG(t, last)
		if g2, err := e.DB.ActiveGame(t.Context(), e.Guild, thread); err == nil {
			allowedOnly(t, last, g2.ToAct())
			if !strings.Contains(last.Text(), "<@"+g2.ToAct()+">, your turn") {
				t.Fatalf("reply: %q", last.Text())
			}
		}
	}
	done, err := e.DB.FinishedGames(t.Context(), e.Guild, "", 1)
	if err != nil || len(done) != 1 {
		t.Fatal(done, err)
	}
	if !strings.Contains(last.Text(), "**<@"+done[0].Winner+"> wins**") || buttonOf(t, last, "Rematch") == "" {
		t.Fatalf("end: %q", last.Text())
	}
	// The replay follows the final message in the game's thread.
	for {
		p, err := de.fake.NextPost(thread, 30*time.Second)
		if err != nil {
			t.Fatal("no replay posted:", err)
		}
		if len(p.Files) == 1 && p.Files[0].ContentType == "image/gif" {
			if _, err := gif.DecodeAll(bytes.NewReader(p.Files[0].Data)); err != nil || !strings.Contains(p.Text(), "Replay of game 1") {
				t.Fatalf("replay %q: %v", p.Text(), err)
			}
			break
		}
	}
	if strings.Contains(e.Logs.String(), testToken) || strings.Contains(e.Logs.String(), "fake.token") {
		t.Fatal("the token is in the logs")
	}
}

// slowHandler answers after release is closed.
type slowHandler struct {
	release chan struct{}
	reply   bot.Reply
}

func (s *slowHandler) Handle(ctx context.Context, req bot.Request) bot.Reply {
	<-s.release
	return s.reply
}

func (s *slowHandler) Autocomplete(ctx context.Context, req bot.Request) []bot.Choice { return nil }

func TestDiscordDefers(t *testing.T) {
	e := bottest.NewEnv(t, bot.Config{})
	for _, eph := range []bool{false, true} {
		h := &slowHandler{release: make(chan struct{}), reply: bot.Reply{Text: "done", Ephemeral: eph,
			Images: []bot.Image{{Name: "x.png", PNG: []byte("png")}}}}
		de := newDiscordEnv(t, h, e)
		de.d.DeferAfter = 20 * time.Millisecond
		released := false
		t.Cleanup(func() {
			if !released {
				close(h.release)
			}
		})
		id := de.id()
		if err := de.fake.Send(fakediscord.Command(id, "g1", "c1", alice, fakediscord.NoThreads, "board", nil)); err != nil {
			t.Fatal(err)
		}
		m, err := de.fake.Next(id, 5*time.Second)
		if err != nil || m.Kind != "callback" || m.Type != 5 {
			t.Fatalf("first: %+v %v", m, err)
		}
		close(h.release)
		released = true
		m, err = de.fake.Reply(id, 5*time.Second)
		if err != nil {
			t.Fatal(err)
		}
		want := "edit"
		if eph {
			want = "followup"
		}
		if m.Kind != want || m.Text() != "done" || m.Ephemeral() != eph || len(m.Files) != 1 {
			t.Fatalf("after deferral: %+v", m)
		}
	}
}

func TestRequestFromInteractionRefusesOthers(t *testing.T) {
	e := bottest.NewEnv(t, bot.Config{})
	de := newDiscordEnv(t, nil, e)
	in := fakediscord.Command(de.id(), "g1", "c1", alice, fakediscord.NoThreads, "board", nil)
	in["data"].(map[string]any)["name"] = "other"
	m := de.send(t, in)
	if !m.Ephemeral() || !strings.Contains(m.Text(), "I only know `/veletas`") {
		t.Fatalf("other command: %+v", m)
	}
	m = de.press(t, "c1", alice, fakediscord.NoThreads, "veletas:accept:99999:0")
	if !m.Ephemeral() || !strings.Contains(m.Text(), "no longer open") {
		t.Fatalf("unknown challenge: %+v", m)
	}
	m = de.press(t, "c1", alice, fakediscord.NoThreads, "garbage:::")
	if !m.Ephemeral() || !strings.Contains(m.Text(), "not one of mine") {
		t.Fatalf("garbage button: %+v", m)
	}
}

// TestDiscordRateLimitedReply checks that a 429 on the reply is not slept
// through (ShouldRetryOnRateLimit is off) and that the action, committed
// before the reply, is not lost.
func TestDiscordRateLimitedReply(t *testing.T) {
	e := bottest.NewEnv(t, bot.Config{})
	de := newDiscordEnv(t, nil, e)
	ch := de.command(t, "c1", alice, fakediscord.NoThreads, "challenge",
		[]fakediscord.Option{fakediscord.UserOpt("opponent", bob.ID), fakediscord.Str("size", "7")}, bob)
	de.press(t, "c1", bob, fakediscord.NoThreads, buttonOf(t, ch, "Accept"))

	id := de.id()
	de.fake.Limit(id)
	in := fakediscord.Command(id, e.Guild, "c1", alice, fakediscord.NoThreads, "setup",
		[]fakediscord.Option{fakediscord.Str("shooters", "c5"), fakediscord.Str("stone", "d2")})
	if err := de.fake.Send(in); err != nil {
		t.Fatal(err)
	}
	m, err := de.fake.Next(id, 5*time.Second)
	if err != nil || m.Kind != "limited" {
		t.Fatalf("%+v %v", m, err)
	}
	// The session gives up at once instead of sleeping for retry_after.
	start := time.Now()
	err = de.d.Session.InteractionRespond(&discordgo.Interaction{ID: id, Token: "tok-" + id},
		&discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: "x"}})
	var rl *discordgo.RateLimitError
	if !errors.As(err, &rl) || time.Since(start) > 2*time.Second {
		t.Fatalf("respond after 429: %v after %v", err, time.Since(start))
	}
	b := de.command(t, "c1", carol, fakediscord.NoThreads, "board", nil)
	if !strings.Contains(b.Text(), "Last action: `[c5]d2` by <@"+alice.ID+">") {
		t.Fatalf("board after a lost reply: %q", b.Text())
	}
}

func TestRewriteTransport(t *testing.T) {
	for _, bad := range []string{"", "ftp://x", "http://", "::", "http://u:p@host", "http://host/?q=1"} {
		if _, err := NewRewriteTransport(bad, nil); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	var got []string
	rec := roundTripFunc(func(r *http.Request) (*http.Response, error) {
		got = append(got, r.URL.String())
		return nil, errors.New("stop")
	})
	for base, want := range map[string]string{
		"http://127.0.0.1:9":                "http://127.0.0.1:9/api/v9/interactions/1/t/callback?x=1",
		"http://127.0.0.1:9/api/v10/":       "http://127.0.0.1:9/api/v9/interactions/1/t/callback?x=1",
		"https://proxy.example/discord/api": "https://proxy.example/discord/api/v9/interactions/1/t/callback?x=1",
		"https://proxy.example/discord/":    "https://proxy.example/discord/api/v9/interactions/1/t/callback?x=1",
	} {
		rt, err := NewRewriteTransport(base, rec)
		if err != nil {
			t.Fatal(err)
		}
		req, _ := http.NewRequest("POST", discordgo.EndpointInteractionResponse("1", "t")+"?x=1", nil)
		rt.RoundTrip(req)
		if got[len(got)-1] != want {
			t.Errorf("%s: %s, want %s", base, got[len(got)-1], want)
		}
		req, _ = http.NewRequest("GET", "https://cdn.discordapp.com/x.png", nil)
		rt.RoundTrip(req)
		if got[len(got)-1] != "https://cdn.discordapp.com/x.png" {
			t.Errorf("cdn rewritten: %s", got[len(got)-1])
		}
	}
}

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

// TestDiscordCloseWaitsForInFlight checks the graceful shutdown: Close
// does not return while a handler is blocked, and once it returns the
// interaction's reply has reached Discord already (checked without
// waiting, so that a Close that did not wait fails).
func TestDiscordCloseWaitsForInFlight(t *testing.T) {
	e := bottest.NewEnv(t, bot.Config{})
	h := &slowHandler{release: make(chan struct{}), reply: bot.Reply{Text: "finished"}}
	de := newDiscordEnv(t, h, e)
	de.d.DeferAfter = 10 * time.Millisecond
	de.d.ShutdownWait = time.Minute // far longer than the test: Close waits for the handler, not a timer
	id := de.id()
	if err := de.fake.Send(fakediscord.Command(id, "g1", "c1", alice, fakediscord.NoThreads, "board", nil)); err != nil {
		t.Fatal(err)
	}
	if m, err := de.fake.Next(id, 5*time.Second); err != nil || m.Type != 5 {
		t.Fatalf("deferral: %+v %v", m, err)
	}
	draining := make(chan struct{})
	var once sync.Once // the test's cleanup closes the adapter again
	de.d.draining = func() { once.Do(func() { close(draining) }) }
	closed := make(chan error, 1)
	go func() { closed <- de.d.Close() }()
	select {
	case <-draining: // Close waits for the blocked handler
	case err := <-closed:
		t.Fatalf("Close returned while the handler was blocked: %v", err)
	}
	select {
	case err := <-closed:
		t.Fatalf("Close returned while the handler was blocked: %v", err)
	default:
	}
	close(h.release)
	if err := <-closed; err != nil {
		t.Fatal(err)
	}
	// The reply went out before Close returned: it is there already.
	m, ok := de.fake.Poll(id)
	if !ok || m.Text() != "finished" {
		t.Fatalf("when Close returned, the reply had not reached Discord: %+v %v", m, ok)
	}
}

func TestRouteDiscordgoLogsRedacts(t *testing.T) {
	old := discordgo.Logger
	defer func() { discordgo.Logger = old }()
	var buf bytes.Buffer
	RouteDiscordgoLogs(slog.New(slog.NewTextHandler(&buf, nil)), "Bot "+testToken)
	discordgo.Logger(discordgo.LogError, 0, "identify failed for %s", testToken)
	if out := buf.String(); strings.Contains(out, testToken) || !strings.Contains(out, "[token]") || !strings.Contains(out, "level=ERROR") {
		t.Fatalf("log: %s", out)
	}
	buf.Reset()
	discordgo.Logger(discordgo.LogInformational, 0, "Rate Limiting %s, retry in %v", "https://discord.com/api/v9/webhooks/1/secret-token", time.Second)
	if out := buf.String(); strings.Contains(out, "secret") || !strings.Contains(out, "[token]") {
		t.Fatalf("log: %s", out)
	}
}

func TestCleanErrDropsSecrets(t *testing.T) {
	err := cleanErr(&url.Error{Op: "Post", URL: "https://discord.com/api/v9/webhooks/1/secret-interaction-token/messages/@original", Err: context.DeadlineExceeded})
	if strings.Contains(err.Error(), "secret") || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("%v", err)
	}
	for _, err := range []error{
		&discordgo.RateLimitError{RateLimit: &discordgo.RateLimit{URL: "https://discord.com/api/v9/interactions/1/secret-token/callback",
			TooManyRequests: &discordgo.TooManyRequests{RetryAfter: 5 * time.Second}}},
		fmt.Errorf("wrapped: %w", &discordgo.RateLimitError{RateLimit: &discordgo.RateLimit{URL: "https://discord.com/api/v9/webhooks/1/secret-token/messages/@original"}}),
		fmt.Errorf("patching https://x/api/v10/webhooks/1/secret.token_2-3?wait=true: %w", context.Canceled),
	} {
		got := cleanErr(err).Error()
		if strings.Contains(got, "secret") || !strings.Contains(got, "[token]") {
			t.Errorf("%v: cleaned to %q", err, got)
		}
	}
	if err := cleanErr(fmt.Errorf("x: %w", context.Canceled)); !errors.Is(err, context.Canceled) {
		t.Errorf("cleanErr hides the cause: %v", err)
	}
}

// idleHandler answers nothing.
type idleHandler struct{}

func (idleHandler) Handle(context.Context, bot.Request) bot.Reply          { return bot.Reply{} }
func (idleHandler) Autocomplete(context.Context, bot.Request) []bot.Choice { return nil }

// TestTokenRejected: both ways Discord refuses a token (401 on a REST
// call, close code 4004 on the gateway) are ErrTokenRejected, and other
// failures are not.
func TestTokenRejected(t *testing.T) {
	fake := fakediscord.New()
	defer fake.Close()
	fake.AcceptOnly("Bot right-token")
	d, err := New("wrong-token", fake.URL(), idleHandler{}, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Open(); !errors.Is(err, ErrTokenRejected) {
		t.Fatalf("Open with a rejected token: %v, want ErrTokenRejected", err)
	}
	if !tokenRejected(&websocket.CloseError{Code: 4004, Text: "Authentication failed."}) {
		t.Error("gateway close 4004 is not a rejected token")
	}
	for _, err := range []error{&websocket.CloseError{Code: 4000}, errors.New("dial tcp: refused"),
		&discordgo.RESTError{Response: &http.Response{StatusCode: 500}}} {
		if tokenRejected(err) {
			t.Errorf("%v taken for a rejected token", err)
		}
	}
	if !tokenRejected(fmt.Errorf("wrapped: %w", &discordgo.RESTError{Response: &http.Response{StatusCode: 401}})) {
		t.Error("a wrapped 401 is not a rejected token")
	}
}
