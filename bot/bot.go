package bot

import (
	"context"
	"log/slog"
	"math"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/veletasbot/veletas/game"
	"github.com/veletasbot/veletas/render"
	"github.com/veletasbot/veletas/store"
)

// Store is what the handlers need from the database. *store.DB
// implements it; every method applies its change in one committed
// transaction or changes nothing, and returns errors wrapping store.Err*
// (and the games' own errors for refusals by the rules, which their
// modules word: Refusals). The games' actions are Act's.
type Store interface {
	// challenges.go
	CreateChallenge(ctx context.Context, c store.Challenge) (store.Challenge, error)
	Challenge(ctx context.Context, id uint64) (store.Challenge, error)
	PendingChallenge(ctx context.Context, guild, channel, user string) (store.Challenge, error)
	Challenges(ctx context.Context, guild, channel string) ([]store.Challenge, error)
	AcceptChallenge(ctx context.Context, id uint64, user string) (store.Game, error)
	DeclineChallenge(ctx context.Context, id uint64, user string) (store.Challenge, error)
	SetGameThread(ctx context.Context, guild, channel, thread string) (store.Game, error)
	// play.go, views.go
	ActiveGame(ctx context.Context, guild, channel string) (store.Game, error)
	Act(ctx context.Context, guild, channel, user string, rev int, kind game.Kind, fn func(s game.State) (game.State, error)) (store.Game, error)
	Resign(ctx context.Context, guild, channel, user string) (store.Game, error)
	FinishedGames(ctx context.Context, guild, user string, limit int) ([]store.Game, error)
	FinishedGame(ctx context.Context, id uint64) (store.Game, error)
	LastFinishedGame(ctx context.Context, guild, channel string) (store.Game, error)
	ActiveGames(ctx context.Context, guild string) ([]store.Game, error)
	PlayerGames(ctx context.Context, guild, user string) ([]store.Game, error)
	// stats.go
	Standings(ctx context.Context, kind game.Kind, guild string) ([]store.Standing, error)
	Standing(ctx context.Context, kind game.Kind, guild, user string) (store.Standing, error)
	// timelimits.go
	ClaimTimeout(ctx context.Context, guild, channel, user string) (store.Game, error)
	RecordNotice(ctx context.Context, guild, channel string, id uint64, rev int, n store.Notice) (store.Game, error)
	PurgeExpiredChallenges(ctx context.Context) (int, error)
	SetChallengeMessage(ctx context.Context, id uint64, message string) (store.Challenge, error)
	ExpiredChallengeMessages(ctx context.Context, now time.Time, limit int) ([]store.Challenge, error)
	DueGames(ctx context.Context, now time.Time, limit int) ([]store.Game, error)
	NextNoticeDue(ctx context.Context) (time.Time, bool, error)
	// takebacks.go
	RequestTakeback(ctx context.Context, guild, channel, user string) (store.Game, error)
	AnswerTakeback(ctx context.Context, guild, channel, user string, accept bool) (store.Game, error)
	// settings.go
	Settings(ctx context.Context, guild string) (store.Settings, error)
	EndDamagedGame(ctx context.Context, guild, channel string) error
	UpdateSettings(ctx context.Context, guild string, fn func(*store.Settings) error) (store.Settings, error)
	// usersettings.go, notify.go
	UserSettings(ctx context.Context, user string) (store.UserSettings, error)
	UpdateUserSettings(ctx context.Context, user string, fn func(*store.UserSettings) error) (store.UserSettings, error)
}

// Config holds the Bot's settings; zero values give the defaults.
type Config struct {
	// Observer, when set, is told of the computer's decisions and of the
	// images drawn (package internal/metrics implements it).
	Observer Observer
	// Watcher, when set, is told of each stored change of a game (the
	// web board's pages follow it).
	Watcher GameWatcher
	// BoardURL, when set, is the address of a game's page on the web
	// board; a game's card then has an "Open board" link button to it
	// ("": none for that game).
	BoardURL func(gameID uint64) string
	// StandingsURL, when set, is the address of a server's page on the
	// web board ("": none), shown while the server publishes it
	// (webstandings.go).
	StandingsURL func(guild string) string
	// Activity puts on a game's card a "Play on the board" button that
	// launches the web board inside Discord, as the app's Activity
	// (activity.go): only for an application whose Activity is set up.
	Activity bool
	// RateBurst commands at once, then one every RateEvery, per user;
	// RateBurst < 0 turns rate limiting off (the console does).
	RateBurst int
	RateEvery time.Duration
	// Render is how the games' modules draw boards (render.Options: the
	// theme, which a user's or server's theme overrides, and the width).
	Render render.Options
	// Replay is how they draw the animated replay posted after a game
	// ends; a narrower one than the boards' keeps it cheap
	// (cmd/veletasbot uses 480 px). The zero value draws as Render.
	Replay render.Options
	// ReplayShare is the share of one CPU the replays take at most over
	// time: after a replay drawn in d, the next one of this Bot waits
	// d*(1/ReplayShare-1), so that a wave of games ending together does
	// not take the CPUs from the players waiting for their boards (the
	// replays come a little later instead). 0 or 1 and more: no wait
	// (cmd/veletasbot uses 1/4).
	ReplayShare float64
	// Games are the games the bot hosts, one Module each, the first being
	// the game of a request that names none (cmd/veletasbot passes
	// bot/games.All()). Two of one kind make New panic.
	Games []Module
}

// Bot holds the handlers' dependencies. Its methods are safe for
// concurrent use.
type Bot struct {
	Store  Store
	Now    func() time.Time
	Logger *slog.Logger

	cfg   Config
	limit *limiter

	// renders bounds the images drawn at once to the number of CPUs, so
	// that under load replies finish in arrival order instead of all
	// slowing down together.
	renders chan struct{}
	// replays lets one replay be drawn at a time, apart from renders: a
	// replay takes many times as long as a board, and boards answer
	// players who are waiting.
	replays chan struct{}

	pngMu    sync.Mutex
	pngCache map[pngKey][]byte // (game, revision, look) -> image (views.go)

	namesMu sync.Mutex
	names   map[string]string // user id -> display name seen, for thread names

	ai atomic.Pointer[aiRunner] // the AI's workers, once StartAI ran (aigames.go)

	sweeper background // the time limits' one goroutine (timelimits.go)

	lead leadership // whether this replica sweeps and rescans (leader.go)

	evals background // the finished games' evaluation goroutine (evaluations.go)

	after afterWork // the web board's replays, after the answer (afterwork.go)

	threads ThreadStarter // the tournament games' threads, guarded by lead.mu (tournaments.go)

	registry *registry // the games hosted (module.go)
}

// New returns a Bot. now may be nil for time.Now, logger nil for
// slog.Default().
func New(st Store, now func() time.Time, logger *slog.Logger, cfg Config) *Bot {
	if now == nil {
		now = time.Now
	}
	if logger == nil {
		logger = slog.Default()
	}
	if cfg.RateBurst == 0 {
		cfg.RateBurst = 8
	}
	if cfg.RateEvery <= 0 {
		cfg.RateEvery = 2 * time.Second
	}
	gs, err := newRegistry(cfg.Games)
	if err != nil {
		panic(err)
	}
	games.Store(gs)
	if cfg.Watcher != nil {
		st = watched(st, cfg.Watcher)
	}
	b := &Bot{registry: gs, Store: st, Now: now, Logger: logger, cfg: cfg, names: map[string]string{},
		renders: make(chan struct{}, runtime.GOMAXPROCS(0)), replays: make(chan struct{}, 1)}
	if cfg.RateBurst > 0 {
		b.limit = &limiter{Burst: cfg.RateBurst, Every: cfg.RateEvery}
	}
	return b
}

// Handle answers one command or button press. It never fails: a refusal
// is an ephemeral Reply saying why and what to do, and a panic in a
// handler is logged with its stack and answered with Failed (panics.go).
// The reply's follow-ups (Later, After) recover from panics too.
func (b *Bot) Handle(ctx context.Context, req Request) (r Reply) {
	defer func() {
		if v := recover(); v != nil {
			b.logPanic(v, "handling a request", req)
			r = Failed(req.Locale)
		}
	}()
	// One read session for the whole interaction: on etcd its first read
	// is linearizable, the others read at the revision it fixed or at
	// its own commit's, without a consensus round each (store/session.go).
	r = b.handle(store.Session(ctx), req)
	confine(&r, req) // reach.go
	b.guard(&r, req)
	return r
}

func (b *Bot) handle(ctx context.Context, req Request) Reply {
	if !ValidID(req.User.ID) {
		// No one to act as: the store would take an empty user for the
		// system, which may resign or claim for nobody.
		return b.refusal(req, refuse("user.none"))
	}
	b.remember(req.User)
	for _, u := range req.Users {
		b.remember(u)
	}
	if browsing(req) {
		// A step of a picker (a choice, Back) reads and draws, writes
		// nothing: a turn takes several, and only Play and Confirm count.
	} else if ok, wait := b.limit.allow(req.User.ID, b.Now()); !ok {
		secs := int(math.Ceil(wait.Seconds()))
		return Reply{Ephemeral: true, Text: trn(req.Locale, "rate.slow", secs, secs)}
	}
	var (
		r   Reply
		err error
	)
	if req.Guild == "" && !(req.Type == TypeCommand && req.Game == TournamentCommand) {
		// A DM or group DM: its games and standings are kept apart
		// (reach.go).
		req.Guild = OutsideServers
	}
	switch {
	case req.Guild == "" && !noGuildCommands[req.Command]:
		err = refuse("dm")
	case forcedEphemeral(req) != nil:
		err = forcedEphemeral(req)
	case req.Reach == ReachInteraction && !Outside(req.Guild) && !noGuildCommands[req.Command]:
		err = refuse("reach.server", "/"+req.gameCommand())
	case req.Type == TypeCommand && req.Game == TournamentCommand:
		r, err = b.handleTournament(ctx, req)
	case req.Type == TypeCommand:
		if _, ok := reg().byName[req.Game]; !ok && req.Game != "" {
			err = refuse("unknown.command", clipName(req.Game))
			break
		}
		req.Locale = withGame(req.Locale, req.module().kind)
		h, ok := gameCommand(req)
		if !ok {
			err = refuse("unknown.command", clipName(req.Command))
			break
		}
		if err = checkOptions(req.Options); err == nil {
			err = b.otherGame(ctx, req)
		}
		if err == nil {
			err = checkKnownOptions(req.module(), req.Command, req.Options)
		}
		if err == nil {
			r, err = h(b, ctx, req)
			err = b.gameOver(ctx, req, err)
		}
	case req.Type == TypeButton:
		if pid, ok := parsePickID(req.CustomID); ok {
			req.Game = pid.game
			if reg().byName[pid.game] == reg().first() {
				req.Game = ""
			}
			req.Locale = withGame(req.Locale, req.module().kind)
			r, err = b.picked(ctx, req, pid)
			break
		}
		var id ButtonID
		if id, err = parseCustomID(req.CustomID); err == nil {
			req.Game = id.Game
			req.Locale = withGame(req.Locale, req.module().kind)
			if h, ok := buttons[id.Action]; ok {
				r, err = h(b, ctx, req, id)
			} else {
				r, err = req.module().buttons[id.Action](ctx, b, req, id)
			}
		}
	default:
		err = refuse("unknown.kind")
	}
	if err != nil {
		return b.refusal(req, err)
	}
	return r
}

// checkOptions refuses over-long or control-character option values
// before any handler sees them.
func checkOptions(opts map[string]string) error {
	if len(opts) > 8 {
		return refuse("opt.toomany")
	}
	for k, v := range opts {
		if len(k) > 32 || len(v) > MaxOptionLen {
			return refuse("opt.toolong", Quote(k))
		}
		for _, r := range v {
			if r < ' ' || r == 0x7f {
				return refuse("opt.control", Quote(k))
			}
		}
	}
	return nil
}

func clipName(s string) string {
	if len(s) > 24 || !validName(s) {
		return "…"
	}
	return s
}

// remember keeps a user's display name for thread titles (bounded).
func (b *Bot) remember(u User) {
	if u.ID == "" || u.Name == "" {
		return
	}
	b.namesMu.Lock()
	defer b.namesMu.Unlock()
	if len(b.names) >= 50000 {
		clear(b.names)
	}
	b.names[u.ID] = clipRunes(u.Name, 32)
}

func (b *Bot) name(id string) string {
	b.namesMu.Lock()
	defer b.namesMu.Unlock()
	if n, ok := b.names[id]; ok {
		return n
	}
	return "player"
}

// RenderOptions are how the modules draw a game's boards (Config.Render).
func (b *Bot) RenderOptions() render.Options { return b.cfg.Render }

// ReplayOptions are how the modules draw a game's replay (Config.Replay,
// else Config.Render).
func (b *Bot) ReplayOptions() render.Options {
	if b.cfg.Replay == (render.Options{}) {
		return b.cfg.Render
	}
	return b.cfg.Replay
}
