package bot

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/veletasbot/veletas/store"
)

// Time limits. A game's deadline is stored (store.Game.Deadline: the last
// action plus the time per move), so nothing is kept in memory: one sweep
// over the active games, run every minute by one goroutine (RunSweeper) or
// by the console after each line, sends the reminder at 80% of the time
// and tells the opponent when the time has run out. Flags in the game
// (Reminded, TimeUp) make each message go out once per move, across
// restarts.

// reminderAt is the share of the time per move after which the player to
// move is reminded.
const reminderAt = 0.8

// Sweep sends what is due at now: a reminder to each player whose time
// for the move is 80% used, and to each opponent of a player whose time
// ran out the news that they may claim the win. It returns the messages
// to post, once each, and records that they were sent.
func (b *Bot) Sweep(now time.Time) []Post {
	games, err := b.Store.ActiveGames("")
	if err != nil {
		b.Logger.Error("bot: sweep: listing the active games failed", "err", err)
		return nil
	}
	var posts []Post
	locales := map[string]string{}
	for _, g := range games {
		b.aiTurn(g) // a game left with the AI to act (after a restart): queued again (ai.go)
		d, ok := g.Deadline()
		if !ok || g.TimeUp {
			continue
		}
		where := g.Channel
		if g.Thread != "" {
			where = g.Thread
		}
		loc, ok := locales[g.Guild]
		if !ok {
			if s, err := b.Store.Settings(g.Guild); err == nil {
				loc = s.Locale
			}
			locales[g.Guild] = loc
		}
		who := g.ToAct()
		switch {
		case !now.Before(d):
			if _, err := b.Store.SetTimeUp(g.Guild, g.Channel, g.Revision); err != nil {
				b.logSweep(g, err)
				continue
			}
			opp := g.Opponent(who)
			posts = append(posts, Post{Channel: where, Reply: Reply{
				Text:     tr(loc, "time.up", g.ID, Mention(who), Mention(opp)),
				Mentions: []string{opp},
			}})
		case !g.Reminded && !now.Before(g.Updated.Add(time.Duration(float64(g.MoveTime)*reminderAt))):
			if _, err := b.Store.SetReminded(g.Guild, g.Channel, g.Revision); err != nil {
				b.logSweep(g, err)
				continue
			}
			posts = append(posts, Post{Channel: where, Reply: Reply{
				Text:     tr(loc, "time.reminder", Mention(who), g.ID, d.Unix(), d.Unix()),
				Mentions: []string{who},
			}})
		}
	}
	return posts
}

func (b *Bot) logSweep(g store.Game, err error) {
	if errors.Is(err, store.ErrStaleRevision) || errors.Is(err, store.ErrNoGame) {
		return // the player moved meanwhile: nothing is due
	}
	b.Logger.Error("bot: sweep: recording a message failed", "game", g.ID, "err", err)
}

// SweepEvery is how often the sweeper sweeps.
const SweepEvery = time.Minute

// sweeper is the state of the bot's one sweeping goroutine.
type sweeper struct {
	mu     sync.Mutex
	cancel context.CancelFunc
	done   chan struct{}
}

// StartSweeper starts the goroutine that sweeps every interval (SweepEvery
// when 0) and posts what is due with send (the Discord adapter's channel
// message). StopSweeper stops it; starting it twice does nothing.
func (b *Bot) StartSweeper(every time.Duration, send func(ctx context.Context, channel string, r Reply) error) {
	b.sweeper.mu.Lock()
	defer b.sweeper.mu.Unlock()
	if b.sweeper.cancel != nil {
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	b.sweeper.cancel, b.sweeper.done = cancel, done
	go func() {
		defer close(done)
		b.RunSweeper(ctx, every, send)
	}()
}

// StopSweeper stops the sweeping goroutine and waits for it to end.
func (b *Bot) StopSweeper() {
	b.sweeper.mu.Lock()
	cancel, done := b.sweeper.cancel, b.sweeper.done
	b.sweeper.cancel, b.sweeper.done = nil, nil
	b.sweeper.mu.Unlock()
	if cancel != nil {
		cancel()
		<-done
	}
}

// RunSweeper sweeps at once and then every interval until ctx is done,
// posting the messages with send, and returns then. StartSweeper runs it
// on the bot's one sweeping goroutine.
func (b *Bot) RunSweeper(ctx context.Context, every time.Duration, send func(ctx context.Context, channel string, r Reply) error) {
	if every <= 0 {
		every = SweepEvery
	}
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		for _, p := range b.Sweep(b.Now()) {
			sctx, cancel := context.WithTimeout(ctx, 30*time.Second)
			if err := send(sctx, p.Channel, p.Reply); err != nil {
				b.Logger.Warn("bot: sweep: posting failed", "channel", p.Channel, "err", err)
			}
			cancel()
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// ---- claim ----

func (b *Bot) claim(ctx context.Context, req Request) (Reply, error) {
	g, err := b.Store.ClaimTimeout(req.Guild, req.Channel, req.User.ID)
	if err != nil {
		if errors.Is(err, store.ErrNoTimeout) {
			if a, aerr := b.Store.ActiveGame(req.Guild, req.Channel); aerr == nil {
				if d, ok := a.Deadline(); ok {
					return Reply{}, badInput("%s", tr(req.Locale, "claim.notyet", Mention(a.ToAct()), d.Unix(), d.Unix()))
				}
				return Reply{}, badInput("%s", tr(req.Locale, "claim.nolimit"))
			}
		}
		if errors.Is(err, store.ErrNotYourTurn) {
			return Reply{}, badInput("%s", tr(req.Locale, "claim.yourturn"))
		}
		return Reply{}, err
	}
	b.Logger.Info("bot: game over", "game", g.ID, "winner", g.Winner, "reason", g.Reason.String())
	return b.gameViewIn(req.Locale, g, "", true)
}

// deadlineText is the line of a game view that says by when the player to
// move must act.
func deadlineText(loc string, g store.Game) string {
	d, ok := g.Deadline()
	if !ok {
		return ""
	}
	return "\n" + tr(loc, "time.moveby", durationText(loc, g.MoveTime), d.Unix(), d.Unix())
}

// ---- settings ----

func (b *Bot) settings(ctx context.Context, req Request) (Reply, error) {
	loc := req.Locale
	v := strings.TrimSpace(req.Options["time"])
	l := strings.ToLower(strings.TrimSpace(req.Options["language"]))
	if v == "" && l == "" {
		s, err := b.Store.Settings(req.Guild)
		if err != nil {
			return Reply{}, err
		}
		return Reply{Ephemeral: true, Text: tr(loc, "settings.show", moveTimeSetting(loc, s.MoveTime)) + "\n" +
			tr(loc, "settings.lang", tr(loc, "lang."+lang(s.Locale)))}, nil
	}
	if !req.ManageServer {
		return Reply{}, badInput("%s", tr(loc, "settings.denied"))
	}
	var d time.Duration
	if v != "" {
		var err error
		if d, err = ParseMoveTime(v); err != nil {
			return Reply{}, badInput("%s", tr(loc, "time.bad", quote(v)))
		}
		if d == 0 {
			d = -1 // stored as "no limit"; 0 means the default
		}
	}
	if l != "" && (len(l) > 8 || lang(l) != l) {
		return Reply{}, badInput("%s", tr(loc, "settings.badlang", quote(l)))
	}
	s, err := b.Store.UpdateSettings(req.Guild, func(s *store.Settings) error {
		if d != 0 {
			s.MoveTime = d
		}
		if l != "" {
			s.Locale = l
		}
		return nil
	})
	if err != nil {
		return Reply{}, err
	}
	var lines []string
	if d != 0 {
		lines = append(lines, tr(loc, "settings.changed", Mention(req.User.ID), moveTimeSetting(loc, s.MoveTime)))
	}
	if l != "" {
		lines = append(lines, tr(loc, "settings.langchanged", Mention(req.User.ID), tr(loc, "lang."+l)))
	}
	return Reply{Text: strings.Join(lines, "\n")}, nil
}

func moveTimeSetting(loc string, d time.Duration) string {
	switch {
	case d < 0:
		return tr(loc, "settings.nolimit")
	case d == 0:
		d = defaultMoveTime
	}
	return durationText(loc, d)
}

// ---- a clock for the console ----

// OffsetClock is a clock that can be moved forward: the console's
// "wait 2d" lines. The zero value follows time.Now.
type OffsetClock struct {
	Base func() time.Time // time.Now when nil

	mu  sync.Mutex
	off time.Duration
}

// Now is Base() moved forward by every Advance so far.
func (c *OffsetClock) Now() time.Time {
	c.mu.Lock()
	off := c.off
	c.mu.Unlock()
	if c.Base == nil {
		return time.Now().Add(off)
	}
	return c.Base().Add(off)
}

// Advance moves the clock forward by d.
func (c *OffsetClock) Advance(d time.Duration) {
	c.mu.Lock()
	c.off += d
	c.mu.Unlock()
}

// parseWait reads the console's "wait DURATION" line ("wait 2d", "wait
// 3h", "wait 1d12h"): ok is false for any other line.
func parseWait(line string) (d time.Duration, ok bool, err error) {
	t := strings.TrimSpace(line)
	rest, found := strings.CutPrefix(t, "wait ")
	if !found {
		return 0, false, nil
	}
	rest = strings.ToLower(strings.TrimSpace(rest))
	if len(rest) > 16 {
		return 0, true, fmt.Errorf("wait: write hours or days such as 12h or 3d")
	}
	var n int
	digits := 0
	for _, r := range rest {
		switch {
		case r >= '0' && r <= '9' && digits < 4:
			n = n*10 + int(r-'0')
			digits++
		case (r == 'd' || r == 'h' || r == 'm') && digits > 0:
			unit := map[rune]time.Duration{'d': 24 * time.Hour, 'h': time.Hour, 'm': time.Minute}[r]
			d += time.Duration(n) * unit
			n, digits = 0, 0
		default:
			return 0, true, fmt.Errorf("wait: write hours or days such as 12h or 3d")
		}
	}
	if digits != 0 || d <= 0 || d > 365*24*time.Hour {
		return 0, true, fmt.Errorf("wait: write hours or days such as 12h or 3d")
	}
	return d, true, nil
}
