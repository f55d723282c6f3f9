package bot

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/veletasbot/veletas/game"
	"github.com/veletasbot/veletas/store"
)

// panicStore is the real store with methods that panic on demand.
type panicStore struct {
	*store.DB
	standings  atomic.Bool  // Standings panics
	activeGame atomic.Bool  // ActiveGame panics
	games      atomic.Int32 // DueGames panics this many more times
	settingsOf string       // Settings panics for this guild
}

func (p *panicStore) Standings(ctx context.Context, kind game.Kind, guild string) ([]store.Standing, error) {
	if p.standings.Load() {
		panic("deliberate panic in Standings")
	}
	return p.DB.Standings(ctx, kind, guild)
}

func (p *panicStore) ActiveGame(ctx context.Context, guild, channel string) (store.Game, error) {
	if p.activeGame.Load() {
		panic("deliberate panic in ActiveGame")
	}
	return p.DB.ActiveGame(ctx, guild, channel)
}

func (p *panicStore) DueGames(ctx context.Context, now time.Time, limit int) ([]store.Game, error) {
	if p.games.Add(-1) >= 0 {
		panic("deliberate panic in DueGames")
	}
	return p.DB.DueGames(ctx, now, limit)
}

func (p *panicStore) Settings(ctx context.Context, guild string) (store.Settings, error) {
	if guild == p.settingsOf {
		panic("deliberate panic in Settings of " + guild)
	}
	return p.DB.Settings(ctx, guild)
}

func newPanicEnv(t *testing.T) (*env, *panicStore) {
	e := newEnv(t, Config{})
	ps := &panicStore{DB: e.db}
	e.bot.Store = ps
	return e, ps
}

// loggedPanic checks that a panic was logged at error level with its
// stack.
func loggedPanic(t *testing.T, e *env, msg, where string) {
	t.Helper()
	logs := e.logs.String()
	if !strings.Contains(logs, "level=ERROR msg=\"bot: panic "+msg) || !strings.Contains(logs, "goroutine ") || !strings.Contains(logs, where) {
		t.Fatalf("the panic is not logged at error level with its stack (%q, %q):\n%s", msg, where, logs)
	}
}

// TestHandlePanics: a handler that panics answers the failure in the
// user's language, changes nothing, is logged with its stack, and the
// next request is answered.
func TestHandlePanics(t *testing.T) {
	e, ps := newPanicEnv(t)
	e.startGame("7")
	ps.standings.Store(true)
	for loc, want := range map[string]string{
		"":   "Something went wrong on my side and nothing was changed.",
		"fr": "Un problème est survenu de mon côté et rien n'a été modifié.",
		"ja": "こちら側で問題が起きました。何も変更されていません。",
	} {
		r := e.req("alice", "standings")
		r.Locale = loc
		refused(t, e.bot.Handle(context.Background(), r), want)
	}
	loggedPanic(t, e, "handling a request", "panics_test.go")
	ps.standings.Store(false)
	// The bot serves on, and nothing changed.
	b := public(t, e.cmd("carol", "board"))
	if !strings.Contains(b.Plain(), "<@alice>, your turn") {
		t.Fatalf("board after the panic: %q", b.Plain())
	}
	if r := public(t, e.cmd("carol", "standings")); !strings.Contains(r.Plain(), "No rated game has finished on this server yet") {
		t.Fatalf("standings after the panic: %q", r.Plain())
	}
}

// TestAutocompletePanics: a Completer that panics suggests nothing and is
// logged; the next one works.
func TestAutocompletePanics(t *testing.T) {
	e, ps := newPanicEnv(t)
	e.startGame("7")
	ps.activeGame.Store(true)
	if c := e.complete("alice", "setup", "stone"); c != nil {
		t.Fatalf("choices from a panic: %v", c)
	}
	loggedPanic(t, e, "autocomplete", "panics_test.go")
	ps.activeGame.Store(false)
	if c := e.complete("alice", "setup", "stone"); len(c) == 0 {
		t.Fatal("no choices after the panic")
	}
}

// panicReplay is a game (the tests' first) that draws no replay: it
// panics.
type panicReplay struct{ Module }

func (panicReplay) Replay(*Bot, store.Game, Look) func() ([]byte, error) {
	return func() ([]byte, error) { panic("deliberate panic in the replay") }
}

// TestFollowUpsPanic: a reply's follow-ups (the replay drawn in Later,
// the After hook) turn a panic into an error or a log line.
func TestFollowUpsPanic(t *testing.T) {
	gs := TestGames()
	gs[0] = panicReplay{gs[0]}
	e := newEnv(t, Config{Games: gs})
	e.startGame("7")
	public(t, e.cmd("alice", "setup", "shooters=c5", "stone=d2"))
	end := public(t, e.cmd("bob", "resign"))
	if end.Later == nil {
		t.Fatal("no replay follows the final message")
	}
	if _, err := end.Later(); err == nil || !strings.Contains(err.Error(), "panicked") {
		t.Fatalf("Later after a panic: %v", err)
	}
	loggedPanic(t, e, "in a reply's follow-up", "panics_test.go")

	r := Reply{After: func() { panic("deliberate panic after a reply") }}
	e.bot.guard(&r, Request{ID: "x"})
	r.After()
	loggedPanic(t, e, "after a reply", "panics_test.go")
}

// TestSweepPanics: a panic while sweeping one game leaves the others
// swept; a panic of the whole sweep does not stop the sweeper, whose next
// sweep posts what is due.
func TestSweepPanics(t *testing.T) {
	e, ps := newPanicEnv(t)
	for _, guild := range []string{"g1", "g2"} {
		e.guild = guild
		ch := public(t, e.cmd("alice", "challenge", "opponent=bob", "size=7", "time=1h"))
		public(t, e.press("bob", button(t, ch, "Accept")))
	}
	e.clock.Add(2 * time.Hour)
	ps.settingsOf = "g1"
	p := e.bot.Sweep(t.Context(), e.clock.Now())
	if len(p) != 1 || !strings.Contains(p[0].Reply.Plain(), "Game 2: the time for <@alice>'s move has run out") {
		t.Fatalf("sweep with one game panicking: %+v", p)
	}
	loggedPanic(t, e, "sweeping game 1", "panics_test.go")

	ps.settingsOf = ""
	ps.games.Store(1) // the next sweep panics as a whole
	got := make(chan Post, 4)
	e.bot.StartSweeper(time.Millisecond, SendFunc(func(ctx context.Context, channel string, r Reply) error {
		got <- Post{Channel: channel, Reply: r}
		return nil
	}))
	defer e.bot.StopSweeper()
	select {
	case p := <-got:
		if !strings.Contains(p.Reply.Plain(), "the time for <@alice>'s move has run out") {
			t.Fatalf("post %+v", p)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the sweeper stopped after a panic")
	}
	e.bot.StopSweeper()
	loggedPanic(t, e, "sweeping", "DueGames")
	if ps.games.Load() >= 0 {
		t.Fatal("the sweep did not panic")
	}
}

// TestEmptyUserRefused: a request without a user acts as nobody: refused,
// nothing changed.
func TestEmptyUserRefused(t *testing.T) {
	e := newEnv(t, Config{})
	e.startGame("7")
	for _, sub := range []string{"resign", "claim", "challenge", "board"} {
		refused(t, e.cmd("", sub), "I cannot tell who sent this")
	}
	r := e.req("", "resign")
	r.Locale = "fr"
	refused(t, e.bot.Handle(context.Background(), r), "Je ne sais pas qui a envoyé ceci")
	refused(t, e.press("", "veletas:accept:1:0"), "I cannot tell who sent this")
	if c := e.complete("", "setup", "stone"); c != nil {
		t.Fatalf("autocomplete for nobody: %v", c)
	}
	if _, err := e.db.ActiveGame(t.Context(), e.guild, e.chann); err != nil {
		t.Fatalf("the game changed: %v", err)
	}
	if done, err := e.db.FinishedGames(t.Context(), e.guild, "", 1); err != nil || len(done) != 0 {
		t.Fatalf("a game ended: %+v %v", done, err)
	}
}
