package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/bot/discord"
	"github.com/veletasbot/veletas/bot/games"
	"github.com/veletasbot/veletas/internal/metrics"
	"github.com/veletasbot/veletas/render"
	"github.com/veletasbot/veletas/store"
	"github.com/veletasbot/veletas/web"
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
	if err == nil && !m.Console && !m.Migrate.On && !m.Generate.On {
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

// ReplayShare is the share of a CPU a Bot's replays take at most over
// time (bot.Config.ReplayShare).
const ReplayShare = 0.25

// Main is the program: its configuration, streams and what Run opened, so
// that tests run it in-process.
type Main struct {
	// Config is what it runs with, from flags and the environment
	// (ParseFlags).
	Config

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
	// for the defaults.
	AI bot.AIConfig

	Logger  *slog.Logger
	DB      *store.DB
	Bot     *bot.Bot
	Discord *discord.Adapter
	HTTP    *discord.HTTPEndpoint // in HTTP mode
	// Metrics is the registry, with -metrics or -metrics-on-http
	// (ops.go); Web the web board's server, with -web or -public-url.
	Metrics *metrics.Metrics
	Web     *web.Server
	// WebIdentity tells who is signed in to the web board; with it the
	// pages take the moves of the player to act (web.go).
	WebIdentity web.Identity
	// listeners are the admin (-metrics) and web (-web) servers.
	listeners servers

	// httpLn is HTTPAddr bound at the start of Run, until the endpoint
	// serves on it.
	httpLn net.Listener
	// removeOnClose is the database file a start that failed had
	// created: Close removes it.
	removeOnClose string
	// leader is this replica's candidacy on the etcd store (replicas.go).
	leader *store.Elector
	// peers links the web board to the other replicas on the etcd store
	// (web.go).
	peers *store.Peers
	// ready is what /readyz reports (readiness.go).
	ready readiness
}

// NewMain returns a Main on the process's streams and environment.
func NewMain() *Main {
	return &Main{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, Getenv: os.Getenv, Now: time.Now}
}

// Run runs the migrate or generate command, plays the console to the end of Stdin,
// or starts the bot, which runs until Close.
func (m *Main) Run(ctx context.Context) error {
	if m.Logger == nil {
		w := m.Stderr
		if w == nil {
			w = os.Stderr
		}
		m.Logger = newLogger(w, m.LogFormat, m.LogLevel)
	}
	if m.Now == nil {
		m.Now = time.Now
	}
	switch {
	case m.Migrate.On:
		return m.runMigrate(ctx)
	case m.Generate.On:
		return m.runGenerate(ctx)
	case m.Console:
		return m.runConsole(ctx)
	}
	return m.runBot()
}

// newBot makes m.Bot on m.DB, the games' modules drawing the replay
// narrower than the boards; the console turns rate limiting off.
func (m *Main) newBot() error {
	// Challenges expired for a day are purged by the bot's sweep (at
	// start and every minute; the console's before each line).
	cfg := m.BotConfig
	if m.Console {
		cfg.RateBurst = -1
	}
	if cfg.Replay == (render.Options{}) {
		// The end-of-game replay is drawn narrower than the boards: a
		// fraction of the time and bytes, still clear in Discord's viewer.
		cfg.Replay = render.Options{Width: ReplayWidth}
	}
	if cfg.ReplayShare == 0 {
		// Replays rest between them: a wave of games ending together
		// leaves the CPUs to the boards players wait for.
		cfg.ReplayShare = ReplayShare
	}
	if cfg.Games == nil {
		cfg.Games = games.With(games.Options{AIIterations: m.AIIterations})
	}
	if m.Metrics != nil && cfg.Observer == nil {
		cfg.Observer = m.Metrics
	}
	if m.Web != nil {
		cfg.Watcher = m.Web
		cfg.BoardURL = m.boardURL
		cfg.StandingsURL = m.standingsURL
		cfg.Activity = m.SignIn.Activity
	}
	m.Bot = bot.New(m.DB, m.Now, m.Logger, cfg)
	m.Metrics.Leading(m.Bot.Leading)
	return nil
}

// Close stops the bot (answering what is in flight) and closes the
// database.
func (m *Main) Close() error {
	var errs []error
	m.ready.drain() // /readyz fails first (readiness.go)
	m.stopLeader()  // resigns first: another replica sweeps at once
	m.closeWeb()    // its event streams end, so that its listener drains
	errs = append(errs, m.listeners.close(m.ShutdownGrace)...)
	if m.httpLn != nil {
		// Bound, not served: the start failed.
		m.httpLn.Close()
		m.httpLn = nil
	}
	if m.Bot != nil {
		m.Bot.StopSweeper()
		m.Bot.StopEvaluations()
		m.Bot.StopAI()        // lets the AI's decisions under way be posted
		m.Bot.StopAfterWork() // posts the replays of the games just ended on the web
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
