package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/veletasbot/veletas/bot/discord"
	"github.com/veletasbot/veletas/bot/games"
)

const usage = `usage:
  veletasbot [flags]                     run the Discord bot (needs DISCORD_TOKEN or DISCORD_TOKEN_FILE)
  veletasbot -http :8080 [flags]         the bot on Discord's HTTP interactions instead of the gateway
                                         (also needs DISCORD_PUBLIC_KEY)
  veletasbot console [-db FILE] [-out DIR]  play the commands from standard input, without Discord
                                         (database veletas-console.db, images in veletas-images by default)
  veletasbot -store etcd://H1:2379,H2:2379,H3:2379/veletas [flags]
                                         the bot on an etcd store that several replicas share
  veletasbot migrate -from bolt:FILE -to etcd://...   copy a store into another (veletasbot migrate -h)
  veletasbot generate -to bolt:FILE [-guilds N]   fill a new store with generated games, to try the bot
                                         at scale (veletasbot generate -h)

console input, one line each:
  alice: /{game} challenge opponent:@bob
  bob: [Accept]
  carol: /{game} challenge opponent:@{ai} level:easy   (a game against the computer)

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
  alice: /{game} challenge opponent:@bob
  bob: [Accept]
  carol: /{game} challenge opponent:@{ai} level:easy   (a game against the computer)
  wait 2d            (move the clock forward)
  channel second     (play the following lines in channel #second)

environment: VELETAS_LOG_LEVEL only (the bot's other variables do not apply)

flags:
`

// ParseFlags fills m.Config from the arguments and the environment,
// starting from DefaultConfig (DefaultConsoleConfig for `console`), and
// validates it.
func (m *Main) ParseFlags(ctx context.Context, args []string) error {
	if m.Getenv == nil {
		m.Getenv = os.Getenv
	}
	m.Config = DefaultConfig()
	if len(args) > 0 && args[0] == "migrate" {
		return m.parseMigrate(args[1:])
	}
	if len(args) > 0 && args[0] == "generate" {
		return m.parseGenerate(args[1:]) // generate.go
	}
	if len(args) > 0 && args[0] == "console" {
		m.Config = DefaultConsoleConfig()
		args = args[1:]
	}
	fs := m.newFlagSet()
	var shard string
	if m.Console {
		m.consoleFlags(fs)
	} else {
		m.botFlags(fs, &shard)
	}
	level := strings.ToLower(m.LogLevel.String())
	if v := m.Getenv("VELETAS_LOG_LEVEL"); v != "" {
		level = v
	}
	fs.StringVar(&level, "log-level", level, "debug, info, warn or error (env VELETAS_LOG_LEVEL)")
	if v := m.Getenv("VELETAS_LOG_FORMAT"); v != "" {
		m.LogFormat = v
	}
	fs.StringVar(&m.LogFormat, "log-format", m.LogFormat, "text or json: the log's lines as logfmt-like text or as JSON objects (env VELETAS_LOG_FORMAT)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q: run 'veletasbot -h' for the usage", fs.Arg(0))
	}
	if err := m.LogLevel.UnmarshalText([]byte(level)); err != nil {
		return fmt.Errorf("-log-level %q: use debug, info, warn or error", level)
	}
	if m.LogFormat != "text" && m.LogFormat != "json" {
		return fmt.Errorf("-log-format %q: %w", m.LogFormat, ErrLogFormat)
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if err := m.resolveStore(set); err != nil {
		return err
	}
	if m.Console {
		return m.finishConsoleFlags()
	}
	return m.finishBotFlags(set, shard)
}

// newFlagSet is the flag set of the bot or the console, whose -h prints
// the usage of the one it is.
func (m *Main) newFlagSet() *flag.FlagSet {
	fs := flag.NewFlagSet("veletasbot", flag.ContinueOnError)
	fs.SetOutput(m.Stderr)
	fs.Usage = func() {
		if m.Console {
			fmt.Fprint(fs.Output(), examples(consoleUsage))
		} else {
			fmt.Fprint(fs.Output(), examples(usage))
		}
		fs.PrintDefaults()
	}
	return fs
}

// consoleFlags registers the console's flags. VELETAS_DB is the bot's:
// the console never takes it (bbolt locks the file, and a console session
// would mix its games with the server's).
func (m *Main) consoleFlags(fs *flag.FlagSet) {
	c := &m.Config
	fs.StringVar(&c.DBPath, "db", c.DBPath, "database file of the console (never the bot's "+BotDB+")")
	fs.StringVar(&c.StoreURL, "store", "", "the store: bolt:FILE (default bolt:"+ConsoleDB+") or etcd://HOST:PORT[,HOST:PORT...][/PREFIX]")
	fs.StringVar(&c.OutDir, "out", c.OutDir, "directory for the board images")
	fs.IntVar(&c.AIIterations, "ai-iterations", 0, "bound the computer player by this many iterations a move, seeded by the game ID, so that transcripts repeat (0: the levels' own bounds)")
	fs.StringVar(&c.Locale, "locale", c.Locale, "language of the replies: en, ja or fr")
}

// botFlags registers the bot's flags, whose defaults come from the
// environment; -shard's text goes to shard.
func (m *Main) botFlags(fs *flag.FlagSet, shard *string) {
	c := &m.Config
	if v := m.Getenv("VELETAS_DB"); v != "" {
		c.DBPath = v
	}
	fs.StringVar(&c.DBPath, "db", c.DBPath, "database file (env VELETAS_DB); short for -store bolt:FILE")
	fs.StringVar(&c.StoreURL, "store", m.Getenv("VELETAS_STORE"), "the store: bolt:FILE (default bolt:"+BotDB+") or etcd://HOST:PORT[,HOST:PORT...][/PREFIX] for several replicas sharing an etcd cluster (env VELETAS_STORE)")
	fs.StringVar(&c.Guild, "guild", m.Getenv("VELETAS_GUILD"), "register the commands to this server only (they show at once); global when empty (env VELETAS_GUILD)")
	fs.StringVar(&c.APIURL, "api-url", m.Getenv("DISCORD_API_URL"), "base URL that replaces https://discord.com for REST calls, such as http://127.0.0.1:8080 (a rate-limit proxy or a test server; env DISCORD_API_URL)")
	fs.StringVar(&c.SnapshotDir, "snapshot-dir", "", "directory for the snapshots of the database (default: snapshots beside the database file)")
	fs.DurationVar(&c.SnapshotEvery, "snapshot-every", c.SnapshotEvery, "time between snapshots of the database; 0 turns them off")
	fs.IntVar(&c.SnapshotKeep, "snapshot-keep", c.SnapshotKeep, "number of snapshots kept, the newest")
	fs.StringVar(&c.HTTPAddr, "http", m.Getenv("VELETAS_HTTP"), "serve Discord's HTTP interactions (POST /interactions, GET /healthz, GET /readyz) on this address, such as :8080, instead of connecting to the gateway; needs DISCORD_PUBLIC_KEY (env VELETAS_HTTP)")
	fs.BoolVar(&c.Register, "register", c.Register, "register the slash commands with Discord at start")
	fs.StringVar(shard, "shard", m.Getenv("VELETAS_SHARD"), "gateway mode: run shard ID of COUNT, such as 0/2, so that several processes split the servers (env VELETAS_SHARD)")
	fs.DurationVar(&c.SweepEvery, "sweep-every", c.SweepEvery, "time between the sweeps for time limits (reminders, time-up notices), at least 100ms")
	m.opsFlags(fs)
	m.signInFlags(fs) // signin.go
}

// finishConsoleFlags refuses the bot's database, takes the locale in any
// case, and validates.
func (m *Main) finishConsoleFlags() error {
	if err := m.notTheBotsDB(); err != nil {
		return err
	}
	if l := strings.ToLower(m.Locale); l == "en" || l == "ja" || l == "fr" {
		m.Locale = l
	}
	return m.Validate()
}

// finishBotFlags reads -shard, validates, settles the snapshots for the
// store's kind, and takes the clock offset, the token and the public key
// from the environment. set names the flags given.
func (m *Main) finishBotFlags(set map[string]bool, shard string) error {
	if shard != "" {
		if m.HTTPAddr != "" {
			return ErrShardHTTP
		}
		var err error
		if m.ShardID, m.ShardCount, err = ParseShard(shard); err != nil {
			return err
		}
	}
	if err := m.Validate(); err != nil {
		return err
	}
	if m.Store.Kind == "etcd" {
		if set["snapshot-dir"] || (set["snapshot-every"] && m.SnapshotEvery > 0) {
			return fmt.Errorf("-snapshot-dir and -snapshot-every are for a bolt store; back up etcd with etcdctl snapshot save FILE (README, \"Running several replicas\")")
		}
		m.SnapshotEvery = 0
	}
	if m.SnapshotEvery > 0 && m.SnapshotDir == "" {
		m.SnapshotDir = filepath.Join(filepath.Dir(m.DBPath), "snapshots")
	}
	if err := m.checkOps(); err != nil {
		return err
	}
	if err := m.checkSignIn(); err != nil { // signin.go
		return err
	}
	if err := m.useClockOffset(); err != nil {
		return err
	}
	m.Token = strings.TrimSpace(m.Getenv("DISCORD_TOKEN"))
	m.TokenFile = m.Getenv("DISCORD_TOKEN_FILE")
	if m.HTTPAddr != "" {
		key, err := discord.ParsePublicKey(m.Getenv("DISCORD_PUBLIC_KEY"))
		if err != nil {
			return fmt.Errorf("-http %s: %w", m.HTTPAddr, err)
		}
		m.PublicKey = key
	}
	return nil
}

// ParseShard reads -shard ID/COUNT: 0 <= ID < COUNT.
func ParseShard(s string) (id, count int, err error) {
	a, b, ok := strings.Cut(strings.TrimSpace(s), "/")
	id, err1 := strconv.Atoi(a)
	count, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || count < 1 || id < 0 || id >= count {
		return 0, 0, fmt.Errorf("-shard %q: %w", s, ErrShard)
	}
	return id, count, nil
}

// examples writes the usage's example lines with the first game's command
// (bot/games lists the games) and the console's computer player.
func examples(u string) string {
	game := "GAME"
	if gs := games.All(); len(gs) > 0 {
		game = string(gs[0].Rules().Kind())
	}
	return strings.NewReplacer("{game}", game, "{ai}", ConsoleAI).Replace(u)
}
