package main

import (
	"context"
	"crypto/ed25519"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	clientv3 "go.etcd.io/etcd/client/v3"

	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/bot/console"
	"github.com/veletasbot/veletas/bot/discord"
	fai "github.com/veletasbot/veletas/game/fanorona/ai"
	"github.com/veletasbot/veletas/game/veletas/ai"
	"github.com/veletasbot/veletas/render"
	"github.com/veletasbot/veletas/store"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		stop() // a second Ctrl-C ends the process at once
	}()
	m := NewMain()
	if err := m.ParseFlags(ctx, os.Args[1:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			os.Exit(0)
		}
		fmt.Fprintln(m.Stderr, "veletasbot:", err)
		os.Exit(2)
	}
	err := m.Run(ctx)
	if err == nil && !m.Console && !m.Migrate.On {
		<-ctx.Done()
		m.Logger.Info("veletasbot: shutting down")
	}
	if cerr := m.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		fmt.Fprintln(m.Stderr, "veletasbot:", err)
		os.Exit(ExitStatus(err))
	}
}

// ExitTokenRejected is the exit status when the Discord token is missing
// or rejected: restarting cannot help, so deploy/veletasbot.service lists
// it in RestartPreventExitStatus (78 is EX_CONFIG of sysexits.h).
const ExitTokenRejected = 78

// ExitDamaged is the exit status when the database file is damaged:
// restarting cannot help either (it is in RestartPreventExitStatus too);
// the error says how to restore a snapshot (65 is EX_DATAERR).
const ExitDamaged = 65

// ExitStatus is the exit status for an error of Run or Close: 1,
// ExitTokenRejected for a token that Discord refused or that is missing,
// or ExitDamaged for a damaged database file.
func ExitStatus(err error) int {
	switch {
	case errors.Is(err, errTokenRejected) || errors.Is(err, errNoToken):
		return ExitTokenRejected
	case errors.Is(err, store.ErrDamaged):
		return ExitDamaged
	}
	return 1
}

// ReplayWidth is the width in pixels of the animated replay.
const ReplayWidth = 480

// Main is the program: its configuration, streams and what Run opened, so
// that tests run it in-process.
type Main struct {
	// Configuration, from flags and the environment.
	Console bool
	// DBPath is the bbolt file (flag -db, env VELETAS_DB), short for the
	// store bolt:DBPath; "" on an etcd store.
	DBPath string
	// StoreURL is the store (flag -store, env VELETAS_STORE): bolt:PATH
	// or etcd://HOST:PORT[,HOST:PORT...][/PREFIX]; Store is it parsed.
	// Run opens Store, or bolt:DBPath when Store is unset.
	StoreURL string
	Store    store.Location
	// Migrate is the migrate command (migrate.go).
	Migrate MigrateConfig
	OutDir  string
	Guild   string
	APIURL  string

	// HTTPAddr, when set (flag -http, env VELETAS_HTTP), serves Discord's
	// HTTP interactions on this address instead of connecting to the
	// gateway; PublicKey (DISCORD_PUBLIC_KEY) checks their signatures.
	HTTPAddr  string
	PublicKey ed25519.PublicKey
	// httpLn is HTTPAddr bound at the start of Run, until the endpoint
	// serves on it.
	httpLn net.Listener
	// Register registers the commands at start (flag -register, default
	// true).
	Register bool
	// ShardID and ShardCount (flag -shard ID/COUNT) make this gateway
	// process one shard of several; ShardCount 0: not sharded.
	ShardID, ShardCount int
	// SweepEvery is the time between the time-limit sweeps (flag
	// -sweep-every; 0: bot.SweepEvery).
	SweepEvery time.Duration

	// Snapshots of the database (the bot only): every SnapshotEvery (0:
	// none) into SnapshotDir, the newest SnapshotKeep kept.
	SnapshotDir   string
	SnapshotEvery time.Duration
	SnapshotKeep  int
	LogLevel      slog.Level
	Token         string // never logged
	TokenFile     string

	Stdin          io.Reader
	Stdout, Stderr io.Writer
	Getenv         func(string) string
	Now            func() time.Time
	// StoreOptions are passed to store.Open; nil for the defaults.
	StoreOptions *store.Options
	// BotConfig configures the handlers (rate limits); zero for the
	// defaults. The console always turns rate limiting off.
	BotConfig bot.Config
	// AI configures the computer opponent (tests inject players); zero
	// for the defaults. AIIterations > 0 (flag -ai-iterations, console
	// only) bounds the AI by iterations alone, seeded by the game ID, so
	// that console transcripts repeat.
	AI           bot.AIConfig
	AIIterations int
	// Locale is the console's language (flag -locale): ja, fr or en.
	Locale string

	Logger  *slog.Logger
	DB      *store.DB
	Bot     *bot.Bot
	Discord *discord.Adapter
	HTTP    *discord.HTTPEndpoint // in HTTP mode

	// removeOnClose is the database file a start that failed had
	// created: Close removes it.
	removeOnClose string

	// The election among replicas on the etcd store (replicas.go).
	leader       *etcdLeader
	leaderClient *clientv3.Client
}

// NewMain returns a Main on the process's streams and environment.
func NewMain() *Main {
	return &Main{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, Getenv: os.Getenv, Now: time.Now}
}

const usage = `usage:
  veletasbot [flags]                     run the Discord bot (needs DISCORD_TOKEN or DISCORD_TOKEN_FILE)
  veletasbot -http :8080 [flags]         the bot on Discord's HTTP interactions instead of the gateway
                                         (also needs DISCORD_PUBLIC_KEY)
  veletasbot console [-db FILE] [-out DIR]  play the commands from standard input, without Discord
                                         (database veletas-console.db, images in veletas-images by default)
  veletasbot -store etcd://H1:2379,H2:2379,H3:2379/veletas [flags]
                                         the bot on an etcd store that several replicas share
  veletasbot migrate -from bolt:FILE -to etcd://...   copy a store into another (veletasbot migrate -h)

console input, one line each:
  alice: /veletas challenge opponent:@bob size:7
  bob: [Accept]
  carol: /veletas challenge opponent:@veletas level:easy size:7   (a game against the computer)

environment: DISCORD_TOKEN, DISCORD_TOKEN_FILE, DISCORD_API_URL, DISCORD_PUBLIC_KEY, VELETAS_DB, VELETAS_STORE, VELETAS_GUILD,
VELETAS_HTTP, VELETAS_SHARD, VELETAS_LOG_LEVEL

flags:
`

const consoleUsage = `usage:
  veletasbot console [-db FILE] [-out DIR] [-locale en|ja|fr] [-ai-iterations N]
      play the bot's commands from standard input, without Discord: database
      veletas-console.db and images in veletas-images by default; never the
      bot's database (veletas.db, or the file VELETAS_DB names)

input, one line each:
  alice: /veletas challenge opponent:@bob size:7
  bob: [Accept]
  carol: /veletas challenge opponent:@veletas level:easy size:7   (a game against the computer)
  wait 2d            (move the clock forward)
  channel second     (play the following lines in channel #second)

environment: VELETAS_LOG_LEVEL only (the bot's other variables do not apply)

flags:
`

// ParseFlags reads the arguments and the environment.
func (m *Main) ParseFlags(ctx context.Context, args []string) error {
	if m.Getenv == nil {
		m.Getenv = os.Getenv
	}
	if len(args) > 0 && args[0] == "migrate" {
		return m.parseMigrate(args[1:])
	}
	if len(args) > 0 && args[0] == "console" {
		m.Console = true
		args = args[1:]
	}
	var shard *string
	fs := flag.NewFlagSet("veletasbot", flag.ContinueOnError)
	fs.SetOutput(m.Stderr)
	fs.Usage = func() {
		if m.Console {
			fmt.Fprint(fs.Output(), consoleUsage)
		} else {
			fmt.Fprint(fs.Output(), usage)
		}
		fs.PrintDefaults()
	}
	if m.Console {
		// Never the bot's database (bbolt locks it, and a console session
		// would mix its games with the server's): VELETAS_DB is the bot's.
		fs.StringVar(&m.DBPath, "db", ConsoleDB, "database file of the console (never the bot's "+BotDB+")")
	} else {
		dbDefault := BotDB
		if v := m.Getenv("VELETAS_DB"); v != "" {
			dbDefault = v
		}
		fs.StringVar(&m.DBPath, "db", dbDefault, "database file (env VELETAS_DB); short for -store bolt:FILE")
	}
	storeDefault := ""
	if !m.Console {
		storeDefault = m.Getenv("VELETAS_STORE")
	}
	if m.Console {
		fs.StringVar(&m.StoreURL, "store", "", "the store: bolt:FILE (default bolt:"+ConsoleDB+") or etcd://HOST:PORT[,HOST:PORT...][/PREFIX]")
	} else {
		fs.StringVar(&m.StoreURL, "store", storeDefault, "the store: bolt:FILE (default bolt:"+BotDB+") or etcd://HOST:PORT[,HOST:PORT...][/PREFIX] for several replicas sharing an etcd cluster (env VELETAS_STORE)")
	}
	if m.Console {
		fs.StringVar(&m.OutDir, "out", "veletas-images", "directory for the board images")
		fs.IntVar(&m.AIIterations, "ai-iterations", 0, "bound the computer player by this many iterations a move, seeded by the game ID, so that transcripts repeat (0: the levels' own bounds)")
		fs.StringVar(&m.Locale, "locale", "en", "language of the replies: en, ja or fr")
	} else {
		fs.StringVar(&m.Guild, "guild", m.Getenv("VELETAS_GUILD"), "register the commands to this server only (they show at once); global when empty (env VELETAS_GUILD)")
		fs.StringVar(&m.APIURL, "api-url", m.Getenv("DISCORD_API_URL"), "base URL that replaces https://discord.com for REST calls, such as http://127.0.0.1:8080 (a rate-limit proxy or a test server; env DISCORD_API_URL)")
		fs.StringVar(&m.SnapshotDir, "snapshot-dir", "", "directory for the snapshots of the database (default: snapshots beside the database file)")
		fs.DurationVar(&m.SnapshotEvery, "snapshot-every", store.DefaultSnapshotEvery, "time between snapshots of the database; 0 turns them off")
		fs.IntVar(&m.SnapshotKeep, "snapshot-keep", store.DefaultSnapshotKeep, "number of snapshots kept, the newest")
		fs.StringVar(&m.HTTPAddr, "http", m.Getenv("VELETAS_HTTP"), "serve Discord's HTTP interactions (POST /interactions, GET /healthz) on this address, such as :8080, instead of connecting to the gateway; needs DISCORD_PUBLIC_KEY (env VELETAS_HTTP)")
		fs.BoolVar(&m.Register, "register", true, "register the slash commands with Discord at start")
		shard = fs.String("shard", m.Getenv("VELETAS_SHARD"), "gateway mode: run shard ID of COUNT, such as 0/2, so that several processes split the servers (env VELETAS_SHARD)")
		m.replicaFlags(fs)
	}
	level := m.Getenv("VELETAS_LOG_LEVEL")
	if level == "" {
		level = "info"
		if m.Console {
			level = "warn" // keep the transcript clean
		}
	}
	levelFlag := fs.String("log-level", level, "debug, info, warn or error (env VELETAS_LOG_LEVEL)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q: run 'veletasbot -h' for the usage", fs.Arg(0))
	}
	if err := m.LogLevel.UnmarshalText([]byte(*levelFlag)); err != nil {
		return fmt.Errorf("-log-level %q: use debug, info, warn or error", *levelFlag)
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if err := m.resolveStore(set); err != nil {
		return err
	}
	if m.Console {
		if err := m.notTheBotsDB(); err != nil {
			return err
		}
		switch l := strings.ToLower(m.Locale); l {
		case "en", "ja", "fr":
			m.Locale = l
		default:
			return fmt.Errorf("-locale %q: the console speaks en (English), ja (Japanese) or fr (French)", m.Locale)
		}
		if m.AIIterations < 0 || m.AIIterations > maxAIIterations {
			return fmt.Errorf("-ai-iterations %d: give a number of playouts a decision from 1 to %d, such as 2000, or 0 for the levels' own bounds", m.AIIterations, maxAIIterations)
		}
		if m.OutDir == "" {
			return errors.New("-out: the image directory is empty")
		}
	}
	if m.SnapshotEvery < 0 || (m.SnapshotEvery > 0 && m.SnapshotEvery < time.Minute) {
		return fmt.Errorf("-snapshot-every %v: use 0 (no snapshots) or at least 1m, such as 6h", m.SnapshotEvery)
	}
	if !m.Console && m.SnapshotEvery > 0 && m.SnapshotKeep < 1 {
		return fmt.Errorf("-snapshot-keep %d: keep at least 1 (or turn snapshots off with -snapshot-every 0)", m.SnapshotKeep)
	}
	if !m.Console && m.Store.Kind == "etcd" {
		if set["snapshot-dir"] || (set["snapshot-every"] && m.SnapshotEvery > 0) {
			return fmt.Errorf("-snapshot-dir and -snapshot-every are for a bolt store; back up etcd with etcdctl snapshot save FILE (README, \"Running several replicas\")")
		}
		m.SnapshotEvery = 0
	}
	if !m.Console && m.SnapshotEvery > 0 && m.SnapshotDir == "" {
		m.SnapshotDir = filepath.Join(filepath.Dir(m.DBPath), "snapshots")
	}
	if !m.Console {
		if err := m.checkReplicaFlags(); err != nil {
			return err
		}
		m.Token = strings.TrimSpace(m.Getenv("DISCORD_TOKEN"))
		m.TokenFile = m.Getenv("DISCORD_TOKEN_FILE")
		if *shard != "" {
			if m.HTTPAddr != "" {
				return errors.New("-shard is for the gateway: with -http, Discord spreads the interactions over the processes behind the URL; drop -shard (or VELETAS_SHARD)")
			}
			var err error
			if m.ShardID, m.ShardCount, err = ParseShard(*shard); err != nil {
				return err
			}
		}
		if m.HTTPAddr != "" {
			key, err := discord.ParsePublicKey(m.Getenv("DISCORD_PUBLIC_KEY"))
			if err != nil {
				return fmt.Errorf("-http %s: %w", m.HTTPAddr, err)
			}
			m.PublicKey = key
		}
	}
	return nil
}

// ParseShard reads -shard ID/COUNT: 0 <= ID < COUNT.
func ParseShard(s string) (id, count int, err error) {
	a, b, ok := strings.Cut(strings.TrimSpace(s), "/")
	id, err1 := strconv.Atoi(a)
	count, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || count < 1 || id < 0 || id >= count {
		return 0, 0, fmt.Errorf("-shard %q: give ID/COUNT with 0 <= ID < COUNT, such as 0/2 and 1/2 for two processes", s)
	}
	return id, count, nil
}

// errTokenRejected is the one-line error when Discord answers 401 to the
// token.
var errTokenRejected = errors.New("DISCORD_TOKEN is wrong: Discord rejected the bot token (HTTP 401 Unauthorized); " +
	"get a new one at https://discord.com/developers/applications (your app > Bot > Reset Token), " +
	"put it in DISCORD_TOKEN or in the file DISCORD_TOKEN_FILE names, and start the bot again")

// errNoToken is the one-line error for a missing token.
var errNoToken = errors.New("no Discord token: set DISCORD_TOKEN (or DISCORD_TOKEN_FILE to a file holding it) to the bot token from https://discord.com/developers/applications (your app > Bot > Reset Token); to try the bot without Discord, run 'veletasbot console'")

// Run opens the database and starts the bot, or plays the console to the
// end of Stdin. The bot runs until Close.
func (m *Main) Run(ctx context.Context) (err error) {
	if m.Logger == nil {
		w := m.Stderr
		if w == nil {
			w = os.Stderr
		}
		m.Logger = slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: m.LogLevel}))
	}
	if m.Migrate.On {
		return m.runMigrate(ctx)
	}
	if m.Now == nil {
		m.Now = time.Now
	}
	var clock *console.OffsetClock
	if m.Console {
		// Checked before anything is played: an image that cannot be
		// written would otherwise end the session after its action was
		// committed.
		if err := checkWritableDir(m.OutDir); err != nil {
			return err
		}
		clock = &console.OffsetClock{Base: m.Now} // moved forward by "wait 2d" lines
		m.Now = clock.Now
	}
	if !m.Console {
		if err := m.loadToken(); err != nil {
			return err
		}
	}
	if !m.Console && m.HTTPAddr != "" {
		// Bound first: an address in use stops the bot before the store
		// is opened (or created) and the commands are registered.
		ln, err := discord.BindHTTP(m.HTTPAddr)
		if err != nil {
			return err
		}
		m.httpLn = ln
	}
	opts := store.Options{}
	if m.StoreOptions != nil {
		opts = *m.StoreOptions
	}
	if opts.Now == nil {
		opts.Now = m.Now
	}
	if opts.Logger == nil {
		opts.Logger = m.Logger
	}
	if opts.Rate == nil {
		opts.Rate = store.GlickoRate(opts.Now)
	}
	if opts.RateDraw == nil {
		opts.RateDraw = store.GlickoRateDraw(opts.Now)
	}
	if !m.Console && m.SnapshotEvery > 0 && opts.SnapshotDir == "" {
		opts.SnapshotDir, opts.SnapshotEvery, opts.SnapshotKeep = m.SnapshotDir, m.SnapshotEvery, m.SnapshotKeep
	}
	if m.Store.Kind == "" {
		if err := m.resolveStore(nil); err != nil {
			return err
		}
	}
	newFile := "" // the bolt file this start creates
	if m.Store.Kind == "bolt" {
		if _, serr := os.Stat(m.Store.Path); errors.Is(serr, fs.ErrNotExist) {
			newFile = m.Store.Path
		}
	}
	db, err := store.OpenLocation(m.Store, &opts)
	if err != nil {
		// One line, "store: open STORE: what is wrong", that names the
		// store (and for a damaged file says how to restore a snapshot).
		return err
	}
	m.DB = db
	started := false
	if newFile != "" {
		// A start that fails leaves no database file behind that it
		// created: the next start creates it again.
		defer func() {
			if err != nil && !started {
				m.removeOnClose = newFile
			}
		}()
	}
	// Challenges expired for a day are purged by the bot's sweep (at
	// start and every minute; the console's before each line).
	rend, err := render.New(render.Options{})
	if err != nil {
		return err
	}
	cfg := m.BotConfig
	if m.Console {
		cfg.RateBurst = -1
	}
	if cfg.Replay == nil {
		// The end-of-game replay is drawn narrower than the boards: a
		// fraction of the time and bytes, still clear in Discord's viewer.
		replay, err := render.New(render.Options{Width: ReplayWidth})
		if err != nil {
			return err
		}
		cfg.Replay = replay
	}
	m.Bot = bot.New(db, rend, m.Now, m.Logger, cfg)
	if !m.Console && m.Store.Kind == "etcd" {
		// Several replicas may share the store: one of them sweeps and
		// rescans (replicas.go, election.go).
		if err := m.startLeader(m.Store.Endpoints, m.Store.Prefix); err != nil {
			return err
		}
	}

	if m.Console {
		c := &console.Console{Handler: m.Bot, Out: m.Stdout, Dir: m.OutDir, Self: ConsoleAI}
		if err := m.Bot.StartAI(bot.User{ID: ConsoleAI, Name: ConsoleAI}, c, m.aiConfig()); err != nil {
			return err
		}
		c.Clock, c.Locale = clock, m.Locale
		// The console's server speaks -locale too: the reminders and
		// time-outs the sweep posts are in it.
		if _, err := db.UpdateSettings(console.Guild, func(s *store.Settings) error {
			s.Locale = m.Locale
			return nil
		}); err != nil {
			return fmt.Errorf("setting the console's language: %w", err)
		}
		started = true
		return c.Run(ctx, m.Stdin)
	}
	discord.RouteDiscordgoLogs(m.Logger, m.Token)
	d, err := discord.New(m.Token, m.APIURL, m.Bot, m.Logger)
	if err != nil {
		return err
	}
	d.Guild = m.Guild
	d.SkipRegister = !m.Register
	open := d.Open
	if m.HTTPAddr != "" {
		open = d.OpenHTTP
	} else if m.ShardCount > 0 {
		d.Session.ShardID, d.Session.ShardCount = m.ShardID, m.ShardCount
	}
	if err := open(); err != nil {
		if errors.Is(err, discord.ErrTokenRejected) {
			return errTokenRejected
		}
		return err
	}
	m.Discord = d
	if m.HTTPAddr != "" {
		ep := discord.NewHTTPEndpoint(d, m.PublicKey, db.PingContext) // within /healthz's deadline
		ep.Serve(m.httpLn)
		m.HTTP, m.httpLn = ep, nil
	}
	m.Bot.StartSweeper(m.SweepEvery, d) // reminders, timeouts and expired challenges, one goroutine
	if err := m.Bot.StartAI(d.Self(), d, m.aiConfig()); err != nil {
		m.Logger.Warn("veletasbot: the computer opponent is off", "err", err)
	}
	switch {
	case m.HTTP != nil:
		m.Logger.Info("veletasbot: running on HTTP interactions", "listen", m.HTTP.Addr().String(), "store", m.Store.String(), "guild", m.Guild, "api", apiForLog(m.APIURL))
	case m.ShardCount > 0:
		m.Logger.Info("veletasbot: running", "shard", fmt.Sprintf("%d/%d", m.ShardID, m.ShardCount), "store", m.Store.String(), "guild", m.Guild, "api", apiForLog(m.APIURL))
	default:
		m.Logger.Info("veletasbot: running", "store", m.Store.String(), "guild", m.Guild, "api", apiForLog(m.APIURL))
	}
	started = true
	return nil
}

// The default database files: the console's is another file than the
// bot's, so that trying the console beside a running bot never meets its
// lock or its games.
const (
	BotDB     = "veletas.db"
	ConsoleDB = "veletas-console.db"
)

// maxAIIterations bounds -ai-iterations: 1e6 playouts are several
// seconds a decision already.
const maxAIIterations = 1_000_000

// checkWritableDir makes dir if needed and checks that a file can be
// written in it.
func checkWritableDir(dir string) error {
	fail := func(err error) error {
		if cause := errors.Unwrap(err); cause != nil {
			err = cause // the path is said already
		}
		return fmt.Errorf("-out %s: the board images cannot be written there (%v): give a writable directory with -out", dir, err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fail(err)
	}
	f, err := os.CreateTemp(dir, ".veletas-write-check-*")
	if err != nil {
		return fail(err)
	}
	name := f.Name()
	err = f.Close()
	if rerr := os.Remove(name); err == nil {
		err = rerr
	}
	if err != nil {
		return fail(err)
	}
	return nil
}

// ConsoleAI is the console name of the computer opponent:
// "alice: /veletas challenge opponent:@veletas level:easy".
const ConsoleAI = "veletas"

// aiConfig is m.AI with -ai-iterations applied.
func (m *Main) aiConfig() bot.AIConfig {
	cfg := m.AI
	if n := m.AIIterations; n > 0 && cfg.NewPlayer == nil {
		cfg.NewPlayer = func(l ai.Level, g store.Game) bot.Actor {
			o := l.Options()
			o.Iterations, o.Time, o.Seed = n, 0, g.ID
			return ai.New(o)
		}
	}
	if m.AIIterations > 0 && cfg.NewFanoronaPlayer == nil {
		// Fanorona's levels are bounded by visited positions already:
		// without their time cap the console's games repeat exactly.
		cfg.NewFanoronaPlayer = func(l fai.Level, g store.Game) bot.FanoronaActor {
			o := l.Options()
			o.Time, o.Seed = 0, g.ID<<16+uint64(g.Fanorona().Len())
			return fai.New(o)
		}
	}
	return cfg
}

// loadToken takes the token from DISCORD_TOKEN or the file named by
// DISCORD_TOKEN_FILE.
func (m *Main) loadToken() error {
	if m.Token == "" && m.TokenFile != "" {
		b, err := os.ReadFile(m.TokenFile)
		if err != nil {
			if !strings.ContainsAny(m.TokenFile, `/\`) {
				// A token has no slash: this may be the token itself,
				// pasted in the wrong variable; it is not echoed.
				return fmt.Errorf("DISCORD_TOKEN_FILE: cannot read the token file it names (%d characters, not shown: "+
					"if it is the token itself, put it in DISCORD_TOKEN, or better in a file, and set DISCORD_TOKEN_FILE to that file's path, such as /etc/veletasbot/token): %w",
					len(m.TokenFile), errors.Unwrap(err))
			}
			return fmt.Errorf("DISCORD_TOKEN_FILE: cannot read the token file %s: %w", m.TokenFile, errors.Unwrap(err))
		}
		m.Token = strings.TrimSpace(string(b))
	}
	if m.Token == "" {
		return errNoToken
	}
	if strings.ContainsAny(m.Token, " \t\r\n") {
		return errors.New("the Discord token holds white space: copy it again from the developer portal")
	}
	return nil
}

func apiForLog(u string) string {
	if u == "" {
		return "discord.com"
	}
	return u
}

// Close stops the bot (answering what is in flight) and closes the
// database.
func (m *Main) Close() error {
	var errs []error
	m.stopLeader() // resigns first: another replica sweeps at once
	if m.httpLn != nil {
		// Bound, not served: the start failed.
		m.httpLn.Close()
		m.httpLn = nil
	}
	if m.Bot != nil {
		m.Bot.StopSweeper()
		m.Bot.StopAI() // lets the AI's decisions under way be posted
	}
	if m.HTTP != nil {
		// Stops taking requests, answers those in flight, waits for
		// their follow-ups, and closes the adapter.
		if err := m.HTTP.Close(); err != nil {
			errs = append(errs, fmt.Errorf("closing the HTTP interactions endpoint: %w", err))
		}
		m.HTTP, m.Discord = nil, nil
	}
	if m.Discord != nil {
		if err := m.Discord.Close(); err != nil {
			errs = append(errs, fmt.Errorf("closing the Discord connection: %w", err))
		}
		m.Discord = nil
	}
	if m.DB != nil {
		if err := m.DB.Close(); err != nil {
			errs = append(errs, fmt.Errorf("closing the database: %w", err))
		}
		m.DB = nil
	}
	if m.removeOnClose != "" {
		if err := os.Remove(m.removeOnClose); err != nil && !errors.Is(err, fs.ErrNotExist) {
			errs = append(errs, fmt.Errorf("removing the database file %s this failed start created: %w", m.removeOnClose, err))
		}
		m.removeOnClose = ""
	}
	return errors.Join(errs...)
}
