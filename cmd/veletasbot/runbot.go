package main

import (
	"errors"
	"fmt"
	"time"

	"github.com/veletasbot/veletas/bot/discord"
)

// runBot starts the bot: on Discord's gateway, or on its HTTP
// interactions with -http; with the replicas' election on an etcd store.
// It returns once the bot runs; Close stops it. A start that fails leaves
// no database file that it created.
func (m *Main) runBot() (err error) {
	if err := m.loadToken(); err != nil {
		return err
	}
	if err := m.loadClientSecret(); err != nil { // signin.go
		return err
	}
	if m.HTTPAddr != "" {
		// Bound first: an address in use stops the bot before the store
		// is opened (or created) and the commands are registered.
		ln, err := discord.BindHTTP(m.HTTPAddr)
		if err != nil {
			return err
		}
		m.httpLn = ln
	}
	if err := m.bindOps(); err != nil { // ops.go
		return err
	}
	newFile, err := m.openStore()
	if err != nil {
		return err
	}
	defer m.removeOnFailure(newFile, &err)
	if err := m.newWeb(); err != nil { // web.go
		return err
	}
	if err := m.newBot(); err != nil {
		return err
	}
	if m.Store.Kind == "etcd" {
		// Several replicas may share the store: one of them sweeps and
		// rescans (replicas.go).
		if err := m.startLeader(); err != nil {
			return err
		}
	}
	if err := m.connectDiscord(); err != nil {
		return err
	}
	m.Bot.StartSweeper(m.SweepEvery, m.Discord) // reminders, timeouts and expired challenges, one goroutine
	if err := m.Bot.StartAI(m.Discord.Self(), m.Discord, m.aiConfig()); err != nil {
		m.Logger.Warn("veletasbot: the computer opponent is off", "err", err)
	}
	if m.Web != nil {
		m.Bot.StartEvaluations(m.DB, EvaluateEvery) // the web board's graphs of finished games, one goroutine
	}
	m.serveOps()
	m.logRunning()
	return nil
}

// EvaluateEvery is how often the bot looks for finished games to evaluate
// for the web board's graphs (bot.RunEvaluations).
const EvaluateEvery = 5 * time.Minute

// connectDiscord makes the Discord adapter, registers the commands
// (unless -register=false) and connects it: to the gateway (as one shard
// with -shard), or, with -http, serves the interactions on the bound
// address.
func (m *Main) connectDiscord() error {
	discord.RouteDiscordgoLogs(m.Logger, m.Token)
	d, err := discord.New(m.Token, m.APIURL, m.Bot, m.Logger)
	if err != nil {
		return err
	}
	d.Guild = m.Guild
	d.SkipRegister = !m.Register
	d.Activity = m.SignIn.Activity   // the entry point command (signin.go)
	d.ShutdownWait = m.ShutdownGrace // 0: the adapter's default
	if m.Metrics != nil {
		d.Observe(m.Metrics)
	}
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
	m.ready.markRegistered()
	if m.HTTPAddr != "" {
		ep := discord.NewHTTPEndpoint(d, m.PublicKey, m.DB.PingContext) // within /healthz's deadline
		ep.Ready = m.readyCheck(m.DB.PingContext)
		ep.Other = m.httpOther() // ops.go: the web board, /metrics
		ep.Serve(m.httpLn)
		m.HTTP, m.httpLn = ep, nil
	}
	return nil
}

// logRunning logs that the bot runs, how (HTTP, shard) and on what.
func (m *Main) logRunning() {
	switch {
	case m.HTTP != nil:
		m.Logger.Info("veletasbot: running on HTTP interactions", "listen", m.HTTP.Addr().String(), "store", m.Store.String(), "guild", m.Guild, "api", apiForLog(m.APIURL))
	case m.ShardCount > 0:
		m.Logger.Info("veletasbot: running", "shard", fmt.Sprintf("%d/%d", m.ShardID, m.ShardCount), "store", m.Store.String(), "guild", m.Guild, "api", apiForLog(m.APIURL))
	default:
		m.Logger.Info("veletasbot: running", "store", m.Store.String(), "guild", m.Guild, "api", apiForLog(m.APIURL))
	}
}

// apiForLog is the REST base URL, for the log.
func apiForLog(u string) string {
	if u == "" {
		return "discord.com"
	}
	return u
}
