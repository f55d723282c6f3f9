// Package bottest sets up a real Bot for the tests of the front ends
// (bot/discord, bot/console): a store in a temporary directory, the real
// renderer, a settable clock and logs kept in memory, and the helpers that
// play random legal games and stand in for the computer player.
package bottest

import (
	"bytes"
	"log/slog"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/bot/games"
	"github.com/veletasbot/veletas/game"
	"github.com/veletasbot/veletas/game/veletas"
	"github.com/veletasbot/veletas/game/veletas/ai"
	"github.com/veletasbot/veletas/render"
	fanoronarender "github.com/veletasbot/veletas/render/fanorona"
	veletasrender "github.com/veletasbot/veletas/render/veletas"
	"github.com/veletasbot/veletas/store"
)

// Clock is a settable clock shared by the bot and the store.
type Clock struct {
	mu sync.Mutex
	t  time.Time
}

// Now is the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

// Add moves the clock forward by d.
func (c *Clock) Add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

var (
	rendOnce sync.Once
	rend     *veletasrender.Renderer
	fano     *fanoronarender.Renderer
	rendErr  error
)

func loadRenderers() {
	if rend, rendErr = veletasrender.New(render.Options{}); rendErr == nil {
		fano, rendErr = fanoronarender.New(render.Options{})
	}
}

// Renderer is the real renderer, made once for all tests.
func Renderer(tb testing.TB) *veletasrender.Renderer {
	rendOnce.Do(loadRenderers)
	if rendErr != nil {
		tb.Fatal(rendErr)
	}
	return rend
}

// FanoronaRenderer is the real Fanorona renderer, made once for all
// tests; NewEnv gives it to a Bot whose cfg has none.
func FanoronaRenderer(tb testing.TB) *fanoronarender.Renderer {
	rendOnce.Do(loadRenderers)
	if rendErr != nil {
		tb.Fatal(rendErr)
	}
	return fano
}

// Env is a Bot on a real store in a temporary directory and the real
// renderer, with a settable clock starting on 2026-03-01 12:00 UTC.
type Env struct {
	TB      testing.TB
	Bot     *bot.Bot
	DB      *store.DB
	Clock   *Clock
	Guild   string // "g1"
	Channel string // "c1"
	Logs    *Logs

	n int // requests made (Req)
}

// NewEnv makes an Env; rate limiting is off unless cfg sets it.
func NewEnv(tb testing.TB, cfg bot.Config) *Env {
	tb.Helper()
	c := &Clock{t: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}
	logs := &Logs{}
	logger := slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	db, err := store.Open(filepath.Join(tb.TempDir(), "test.db"), &store.Options{Games: Games(), NoSync: true, Now: c.Now, Logger: logger, Rate: store.GlickoRate(c.Now), RateDraw: store.GlickoRateDraw(c.Now)})
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { db.Close() })
	if cfg.RateBurst == 0 {
		cfg.RateBurst = -1
	}
	if cfg.Games == nil {
		cfg.Games = games.All()
	}
	b := bot.New(db, c.Now, logger, cfg)
	return &Env{TB: tb, Bot: b, DB: db, Clock: c, Guild: "g1", Channel: "c1", Logs: logs}
}

// Logs keeps what is logged, for reading while the bot logs on.
type Logs struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *Logs) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

// String is what was logged so far.
func (l *Logs) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

// NextCommand picks a random legal action for game g and returns who
// acts, the subcommand and its options written "key=value".
func NextCommand(tb testing.TB, g store.Game, r *rand.Rand) (user, sub string, opts []string) {
	tb.Helper()
	pos := g.State().(veletas.Match).Position()
	user = g.ToAct()
	switch pos.Phase() {
	case veletas.PhaseSetup1, veletas.PhaseSetup2:
		a := pos.RandomSetup(r)
		var sq []string
		for _, s := range a.Shooters {
			sq = append(sq, s.String())
		}
		return user, "setup", []string{"shooters=" + strings.Join(sq, ", "), "stone=" + a.Stone.String()}
	case veletas.PhaseChoice:
		if r.IntN(2) == 0 {
			return user, "swap", nil
		}
		return user, "keep", nil
	case veletas.PhasePlay:
		t, _ := pos.RandomTurn(r)
		opts = []string{"shooter=" + t.From.String(), "shoot=" + t.Shot.String()}
		if t.Moved() {
			opts = append(opts, "to="+t.To.String())
		}
		return user, "move", opts
	}
	tb.Fatalf("no command in phase %v", pos.Phase())
	return
}

// SeededAI makes computer players bounded by iterations alone, seeded by
// the game ID: their choices repeat.
func SeededAI(iterations int) func(store.Game) any {
	return func(g store.Game) any {
		return ai.New(ai.Options{Iterations: iterations, Seed: g.ID, Workers: 1, PlayoutDepth: 4,
			SetupCandidates: 2, SetupPlayouts: 4})
	}
}

// BlockingAI is a computer player that announces each decision on
// Started and makes it (a random legal action) only once Release is
// closed.
type BlockingAI struct {
	Started chan uint64
	Release chan struct{}
}

// NewBlockingAI makes a BlockingAI.
func NewBlockingAI() *BlockingAI {
	return &BlockingAI{Started: make(chan uint64, 64), Release: make(chan struct{})}
}

// Player is the AIConfig.NewPlayer of a BlockingAI.
func (b *BlockingAI) Player(g store.Game) any {
	return actorFunc(func(st veletas.Game) (veletas.Action, error) {
		select {
		case b.Started <- g.ID:
		default: // nobody waits for the later decisions
		}
		<-b.Release
		return ai.NewRandom(g.ID).Act(st)
	})
}

type actorFunc func(veletas.Game) (veletas.Action, error)

func (f actorFunc) Act(g veletas.Game) (veletas.Action, error) { return f(g) }

// WaitStarted waits until the AI is deciding game id.
func (b *BlockingAI) WaitStarted(tb testing.TB, id uint64) {
	tb.Helper()
	select {
	case got := <-b.Started:
		if got != id {
			tb.Fatalf("the AI decides game %d, want %d", got, id)
		}
	case <-time.After(20 * time.Second):
		tb.Fatal("the AI did not start deciding")
	}
}

// Games are the games of the tests' stores.
func Games() *game.Registry {
	return games.Registry()
}
