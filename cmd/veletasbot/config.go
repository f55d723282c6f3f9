package main

import (
	"crypto/ed25519"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/store"
)

// Config is what veletasbot runs with. DefaultConfig gives the bot's
// defaults, ParseFlags fills it from the flags and the environment (flags
// win), and Validate refuses a value that cannot work, with an error that
// names the flag and says what to give instead. A zero field that has a
// default (a duration, ElectionTTL) means that default to Run.
type Config struct {
	// Ops are the service's listeners and log format (ops.go).
	Ops
	// Console plays the commands from Stdin (`veletasbot console`)
	// instead of running the bot.
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
	// Generate is the generate command (generate.go).
	Generate GenerateConfig
	// OutDir is the directory of the console's board images (flag -out).
	OutDir string
	// Guild registers the commands to this server only (flag -guild, env
	// VELETAS_GUILD); "" registers them globally.
	Guild string
	// APIURL replaces https://discord.com for REST calls (flag -api-url,
	// env DISCORD_API_URL); "" for Discord itself.
	APIURL string

	// HTTPAddr, when set (flag -http, env VELETAS_HTTP), serves Discord's
	// HTTP interactions on this address instead of connecting to the
	// gateway; PublicKey (DISCORD_PUBLIC_KEY) checks their signatures.
	HTTPAddr  string
	PublicKey ed25519.PublicKey
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
	// LogLevel is the lowest level logged (flag -log-level, env
	// VELETAS_LOG_LEVEL).
	LogLevel slog.Level
	// Token is the bot token (env DISCORD_TOKEN), never logged; TokenFile
	// (env DISCORD_TOKEN_FILE) names a file holding it, read by Run.
	Token     string
	TokenFile string

	// AIIterations > 0 (flag -ai-iterations, console only) bounds the AI
	// by iterations alone, seeded by the game ID, so that console
	// transcripts repeat.
	AIIterations int
	// Locale is the console's language (flag -locale): ja, fr or en.
	Locale string

	// ElectionTTL is the TTL of the lease of a replica's candidacy on an
	// etcd store (0: store.DefaultElectionTTL): a replica that dies is
	// replaced as the leader within it.
	ElectionTTL time.Duration
	// StoreTimeout bounds each request to an etcd store
	// (store.Options.EtcdTimeout, unless StoreOptions sets it; 0:
	// store.DefaultEtcdTimeout).
	StoreTimeout time.Duration
	// ShutdownGrace bounds how long Close waits for the interactions in
	// flight to be answered (discord.Adapter.ShutdownWait; 0:
	// DefaultShutdownGrace).
	ShutdownGrace time.Duration
	// MigrateTimeout is how long migrate waits for the lock of a bolt
	// file, its source or destination (store.Options.Timeout; 0:
	// DefaultMigrateTimeout).
	MigrateTimeout time.Duration

	// SignIn is sign-in with Discord on the web board (signin.go).
	SignIn SignIn
}

// The default database files: the console's is another file than the
// bot's, so that trying the console beside a running bot never meets its
// lock or its games.
const (
	BotDB     = "veletas.db"
	ConsoleDB = "veletas-console.db"
)

// DefaultConsoleConfig is the console's configuration before flags and
// environment: its own database file (never the bot's), images in
// DefaultImageDir, English, log level warn (the transcript stays clean);
// no snapshots, sweeps or election (the console runs none).
func DefaultConsoleConfig() Config {
	return Config{
		Ops:      Ops{LogFormat: "text"},
		Console:  true,
		DBPath:   ConsoleDB,
		OutDir:   DefaultImageDir,
		LogLevel: slog.LevelWarn,
		Locale:   "en",
	}
}

// DefaultImageDir is the console's default directory for board images.
const DefaultImageDir = "veletas-images"

// DefaultShutdownGrace is the default of Config.ShutdownGrace.
const DefaultShutdownGrace = 15 * time.Second

// DefaultMigrateTimeout is the default of Config.MigrateTimeout.
const DefaultMigrateTimeout = 2 * time.Second

// maxAIIterations bounds -ai-iterations: 1e6 playouts are several
// seconds a decision already.
const maxAIIterations = 1_000_000

// minSweepEvery and minSnapshotEvery are the shortest -sweep-every and
// -snapshot-every (besides 0, no snapshots).
const (
	minSweepEvery    = 100 * time.Millisecond
	minSnapshotEvery = time.Minute
)

// DefaultConfig is the bot's configuration before flags and environment:
// the bot's database file, commands registered at start, the default
// sweeps, snapshots and election, log level info. The console starts from
// DefaultConsoleConfig instead.
func DefaultConfig() Config {
	return Config{
		Ops:            Ops{LogFormat: "text"},
		DBPath:         BotDB,
		Register:       true,
		SweepEvery:     bot.SweepEvery,
		SnapshotEvery:  store.DefaultSnapshotEvery,
		SnapshotKeep:   store.DefaultSnapshotKeep,
		LogLevel:       slog.LevelInfo,
		Locale:         "en",
		ElectionTTL:    store.DefaultElectionTTL,
		StoreTimeout:   store.DefaultEtcdTimeout,
		ShutdownGrace:  DefaultShutdownGrace,
		MigrateTimeout: DefaultMigrateTimeout,
	}
}

// Errors of Validate, wrapped with the flag and the value refused.
var (
	// ErrLocale refuses a console language other than en, ja and fr.
	ErrLocale = errors.New("the console speaks en (English), ja (Japanese) or fr (French)")
	// ErrAIIterations refuses a negative or too large -ai-iterations.
	ErrAIIterations = fmt.Errorf("give a number of playouts a decision from 1 to %d, such as 2000, or 0 for the levels' own bounds", maxAIIterations)
	// ErrNoImageDir refuses an empty -out.
	ErrNoImageDir = errors.New("the image directory is empty")
	// ErrSnapshotEvery refuses a negative or too short -snapshot-every.
	ErrSnapshotEvery = errors.New("use 0 (no snapshots) or at least 1m, such as 6h")
	// ErrSnapshotKeep refuses keeping no snapshot while taking some.
	ErrSnapshotKeep = errors.New("keep at least 1 (or turn snapshots off with -snapshot-every 0)")
	// ErrSweepEvery refuses a -sweep-every under 100ms.
	ErrSweepEvery = errors.New("use at least 100ms, such as 1m")
	// ErrShard refuses a shard that is not one of its count.
	ErrShard = errors.New("give ID/COUNT with 0 <= ID < COUNT, such as 0/2 and 1/2 for two processes")
	// ErrShardHTTP refuses shards on HTTP interactions.
	ErrShardHTTP = errors.New("-shard is for the gateway: with -http, Discord spreads the interactions over the processes behind the URL; drop -shard (or VELETAS_SHARD)")
	// ErrElectionTTL refuses an election lease shorter than 2 s (a
	// lease's TTL is in whole seconds, and the lead must end a second
	// before it).
	ErrElectionTTL = errors.New("use at least 2s, such as 5s")
	// ErrTimeout refuses a negative timeout.
	ErrTimeout = errors.New("use a positive duration, or 0 for the default")
)

// Validate checks the configuration: the console's language, AI bound and
// image directory, the snapshots' period and count, the sweeps' period,
// the shard, the election's TTL and the timeouts. The error names the flag and wraps
// one of the Err values above.
func (c *Config) Validate() error {
	if c.Console {
		if err := c.validateConsole(); err != nil {
			return err
		}
	}
	if c.SnapshotEvery < 0 || (c.SnapshotEvery > 0 && c.SnapshotEvery < minSnapshotEvery) {
		return fmt.Errorf("-snapshot-every %v: %w", c.SnapshotEvery, ErrSnapshotEvery)
	}
	if c.Console {
		return c.validateTimeouts()
	}
	if c.SnapshotEvery > 0 && c.SnapshotKeep < 1 {
		return fmt.Errorf("-snapshot-keep %d: %w", c.SnapshotKeep, ErrSnapshotKeep)
	}
	if c.SweepEvery < minSweepEvery {
		return fmt.Errorf("-sweep-every %v: %w", c.SweepEvery, ErrSweepEvery)
	}
	if c.ShardCount > 0 && c.HTTPAddr != "" {
		return ErrShardHTTP
	}
	if c.ShardCount < 0 || c.ShardID < 0 || (c.ShardCount > 0 && c.ShardID >= c.ShardCount) || (c.ShardCount == 0 && c.ShardID != 0) {
		return fmt.Errorf("-shard \"%d/%d\": %w", c.ShardID, c.ShardCount, ErrShard)
	}
	if c.ElectionTTL != 0 && c.ElectionTTL < store.MinElectionTTL {
		return fmt.Errorf("election TTL %v: %w", c.ElectionTTL, ErrElectionTTL)
	}
	return c.validateTimeouts()
}

// validateTimeouts refuses a negative timeout.
func (c *Config) validateTimeouts() error {
	for _, t := range []struct {
		name string
		d    time.Duration
	}{{"store timeout", c.StoreTimeout}, {"shutdown grace", c.ShutdownGrace}, {"migrate timeout", c.MigrateTimeout}} {
		if t.d < 0 {
			return fmt.Errorf("%s %v: %w", t.name, t.d, ErrTimeout)
		}
	}
	return nil
}

// validateConsole checks the console's own settings.
func (c *Config) validateConsole() error {
	switch c.Locale {
	case "en", "ja", "fr":
	default:
		return fmt.Errorf("-locale %q: %w", c.Locale, ErrLocale)
	}
	if c.AIIterations < 0 || c.AIIterations > maxAIIterations {
		return fmt.Errorf("-ai-iterations %d: %w", c.AIIterations, ErrAIIterations)
	}
	if c.OutDir == "" {
		return fmt.Errorf("-out: %w", ErrNoImageDir)
	}
	return nil
}
