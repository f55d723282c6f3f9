package bot

import (
	"bytes"
	"context"
	"fmt"
	"image/gif"
	"image/png"
	"io"
	"log/slog"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/veletasbot/veletas/game"
	"github.com/veletasbot/veletas/game/amazons"
	"github.com/veletasbot/veletas/game/fanorona"
	"github.com/veletasbot/veletas/game/veletas"
	"github.com/veletasbot/veletas/render"
	fanoronarender "github.com/veletasbot/veletas/render/fanorona"
	veletasrender "github.com/veletasbot/veletas/render/veletas"
	"github.com/veletasbot/veletas/store"
)

// clock is a settable clock shared by the bot and the store.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Add(d time.Duration) {
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

func testRenderer(tb testing.TB) *veletasrender.Renderer {
	rendOnce.Do(loadRenderers)
	if rendErr != nil {
		tb.Fatal(rendErr)
	}
	return rend
}

// testFanorona is the Fanorona renderer newEnv gives a Bot whose cfg has
// none.
func testFanorona(tb testing.TB) *fanoronarender.Renderer {
	rendOnce.Do(loadRenderers)
	if rendErr != nil {
		tb.Fatal(rendErr)
	}
	return fano
}

// env is a Bot on a real store in a temporary directory and the real
// renderer, with a fake clock.
type env struct {
	tb    testing.TB
	bot   *Bot
	db    *store.DB
	clock *clock
	guild string
	chann string
	n     int
	logs  *bytes.Buffer
}

func newEnv(tb testing.TB, cfg Config) *env {
	tb.Helper()
	c := &clock{t: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}
	logs := &bytes.Buffer{}
	logger := slog.New(slog.NewTextHandler(&syncWriter{w: logs}, &slog.HandlerOptions{Level: slog.LevelDebug}))
	db, err := store.Open(filepath.Join(tb.TempDir(), "test.db"), &store.Options{Games: testGames, NoSync: true, Now: c.Now, Logger: logger, Rate: store.GlickoRate(c.Now), RateDraw: store.GlickoRateDraw(c.Now)})
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { db.Close() })
	if cfg.RateBurst == 0 {
		cfg.RateBurst = -1
	}
	if cfg.Games == nil {
		cfg.Games = TestGames()
	}
	b := New(db, c.Now, logger, cfg)
	return &env{tb: tb, bot: b, db: db, clock: c, guild: "g1", chann: "c1", logs: logs}
}

type syncWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (s *syncWriter) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.Write(p)
}

// cmd runs /veletas sub with options written "key=value".
func (e *env) cmd(user, sub string, opts ...string) Reply {
	e.tb.Helper()
	return e.bot.Handle(context.Background(), e.req(user, sub, opts...))
}

func (e *env) req(user, sub string, opts ...string) Request {
	e.n++
	o := map[string]string{}
	for _, kv := range opts {
		k, v, _ := strings.Cut(kv, "=")
		o[k] = v
	}
	return Request{ID: "r" + string(rune('0'+e.n%10)), Type: TypeCommand, Guild: e.guild, Channel: e.chann,
		User: User{ID: user, Name: strings.ToUpper(user)}, Command: sub, Options: o}
}

func (e *env) press(user, customID string) Reply {
	e.tb.Helper()
	return e.bot.Handle(context.Background(), Request{Type: TypeButton, Guild: e.guild, Channel: e.chann,
		User: User{ID: user, Name: user}, CustomID: customID})
}

func (e *env) complete(user, sub, focused string, opts ...string) []Choice {
	r := e.req(user, sub, opts...)
	r.Type, r.Focused = TypeAutocomplete, focused
	return e.bot.Autocomplete(context.Background(), r)
}

// button returns the custom id of the reply's button with this label.
func button(tb testing.TB, r Reply, label string) string {
	tb.Helper()
	for _, b := range r.Buttons {
		if b.Label == label {
			return b.CustomID
		}
	}
	tb.Fatalf("no button %q in reply %+v", label, r)
	return ""
}

// public checks that r is a public reply; refused that it is ephemeral
// and contains want.
func public(tb testing.TB, r Reply) Reply {
	tb.Helper()
	if r.Ephemeral {
		tb.Fatalf("refused: %s", r.Plain())
	}
	return r
}

func refused(tb testing.TB, r Reply, want string) {
	tb.Helper()
	if !r.Ephemeral {
		tb.Fatalf("not refused (ephemeral): %q", r.Plain())
	}
	if !strings.Contains(r.Plain(), want) {
		tb.Fatalf("refusal %q does not say %q", r.Plain(), want)
	}
}

// decodePNG checks that the reply carries one PNG that decodes, and, the
// message that ends a game, the GIF replay after it.
func decodePNG(tb testing.TB, r Reply) {
	tb.Helper()
	if len(r.Images) != 1 && (len(r.Images) != 2 || !strings.HasSuffix(r.Images[1].Name, ".gif")) {
		tb.Fatalf("reply has %d images, want 1 (and the replay at the end): %q", len(r.Images), r.Plain())
	}
	if len(r.Images) == 2 {
		if _, err := gif.DecodeAll(bytes.NewReader(r.Images[1].PNG)); err != nil {
			tb.Fatalf("the replay does not decode: %v", err)
		}
	}
	img, err := png.Decode(bytes.NewReader(r.Images[0].PNG))
	if err != nil {
		tb.Fatalf("image does not decode: %v", err)
	}
	if b := img.Bounds(); b.Dx() < 200 || b.Dy() < 200 {
		tb.Fatalf("image is %v", b)
	}
}

func hasMention(r Reply, id string) bool {
	for _, m := range r.Mentions {
		if m == id {
			return true
		}
	}
	return false
}

// startGame has alice challenge bob at size and bob accept.
func (e *env) startGame(size string) Reply {
	e.tb.Helper()
	ch := public(e.tb, e.cmd("alice", "challenge", "opponent=bob", "size="+size))
	return public(e.tb, e.press("bob", button(e.tb, ch, "Accept")))
}

// nextOptions picks a random legal action for the game in the env's
// channel and returns it as a command and options.
func nextCommand(tb testing.TB, g store.Game, r *rand.Rand) (user, sub string, opts []string) {
	tb.Helper()
	pos := vstate(g).Position()
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
		p := pos
		t, _ := p.RandomTurn(r)
		opts = []string{"shooter=" + t.From.String(), "shoot=" + t.Shot.String()}
		if t.Moved() {
			opts = append(opts, "to="+t.To.String())
		}
		return user, "move", opts
	}
	tb.Fatalf("no command in phase %v", pos.Phase())
	return
}

// followed checks that r settles the pressed button: it replaces the
// pressed message (Update) and a new message follows it (Next). It
// returns that message, with r's posts and follow-ups.
func followed(tb testing.TB, r Reply) Reply {
	tb.Helper()
	if !r.Update || r.Next == nil || r.Ephemeral {
		tb.Fatalf("not an update followed by a message: %+v", r)
	}
	n := *r.Next
	n.Posts, n.Later, n.After = r.Posts, r.Later, r.After
	return n
}

// updatedTo checks that r replaces the pressed message with a text that
// says want and has the buttons labelled (none when no label is given).
func updatedTo(tb testing.TB, r Reply, want string, labels ...string) {
	tb.Helper()
	var got []string
	for _, b := range r.Buttons {
		got = append(got, b.Label)
	}
	if !r.Update || r.Ephemeral || !strings.Contains(r.Plain(), want) || strings.Join(got, ",") != strings.Join(labels, ",") {
		tb.Fatalf("the pressed message is not updated to %q with buttons %v: %+v", want, labels, r)
	}
}

// refusedAs checks that r is the refusal of message key with args,
// written in loc (a game's locale, such as "+fanorona", for its texts):
// the catalogue's sentence, word for word.
func refusedAs(tb testing.TB, r Reply, loc, key string, args ...any) {
	tb.Helper()
	if !r.Ephemeral {
		tb.Fatalf("not refused (ephemeral): %q", r.Plain())
	}
	if want := tr(loc, key, args...); r.Text != want {
		tb.Fatalf("refusal %q, want %s: %q", r.Text, key, want)
	}
}

// in runs req as user in the env's channel, for game ("" for Veletas),
// in locale loc.
func (e *env) in(game, loc, user, sub string, opts ...string) Reply {
	e.tb.Helper()
	req := e.req(user, sub, opts...)
	req.Game, req.Locale = game, loc
	return e.bot.Handle(context.Background(), req)
}

// testGames are the games of the tests' stores.
var testGames = func() *game.Registry {
	r, err := game.NewRegistry(veletas.Definition{}, fanorona.Definition{}, amazons.Definition{})
	if err != nil {
		panic(err)
	}
	return r
}()

// startAIRules starts a Veletas game against the computer (size 0: the
// guild's default).
func startAIRules(ctx context.Context, db *store.DB, guild, channel, human, ai, level string, size veletas.Size, rules veletas.Rules) (store.Game, error) {
	t := game.Terms{veletas.TermRules: rules.String()}
	if size != 0 {
		t[veletas.TermSize] = fmt.Sprint(int(size))
	}
	return db.StartAIGame(ctx, guild, channel, human, ai, level, kindVeletas, t, false)
}

// applyAction applies a Veletas action through the store.
func applyAction(ctx context.Context, db *store.DB, guild, channel, user string, rev int, a veletas.Action) (store.Game, error) {
	return db.Act(ctx, guild, channel, user, rev, kindVeletas, func(s game.State) (game.State, error) {
		next, err := s.(veletas.Match).Game.Play(a)
		if err != nil {
			return nil, err
		}
		return veletas.NewMatch(next), nil
	})
}
