package console

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/veletasbot/veletas/bot"
)

// Time at the console: "wait 2d" (also 12h, 30m, 1d12h) moves the
// console's clock forward; before every line the time limits are swept
// (Bot.Sweep) and what is due is printed as messages to all, in the
// language of the console's server (cmd/veletasbot sets it from -locale).
// A post that replaces a message (bot.Post.Message: an expired
// challenge's) is printed as a reply that replaces it, as a settling
// button's is: the message's buttons go, so they cannot be pressed.

// sweeperOf is what the console needs to sweep: *Bot implements it.
type sweeperOf interface {
	Sweep(ctx context.Context, now time.Time) []bot.Post
	Delivered(ctx context.Context, p bot.Post)
}

// dueOf is what the console needs to sweep at each due time during a
// long wait: *Bot implements it (NextDue).
type dueOf interface {
	NextDue(ctx context.Context) (time.Time, bool)
}

// *bot.Bot is both: a change of its methods must not silently turn the
// console's sweeps off.
var (
	_ sweeperOf = (*bot.Bot)(nil)
	_ dueOf     = (*bot.Bot)(nil)
)

// maxStops bounds the sweeps of one wait line at the due times on the way.
const maxStops = 1000

// SweepBudget bounds the store work of each sweep the console runs
// before a line (and of each look for the next due time): the sweep runs
// inline with the line, so a store that stops answering in the middle of
// a sweep (its health check passed a moment before) delays the line by
// this much, not by the store's own timeout.
const SweepBudget = 3 * time.Second

// timeLine handles a "wait" line (done is true then) and sweeps before
// any other line.
func (c *Console) timeLine(ctx context.Context, text string) (done bool, err error) {
	d, isWait, perr := parseWait(text)
	if isWait {
		if perr != nil {
			_, err := fmt.Fprintf(c.Out, "error: line %d: %s\n", c.line, perr)
			return true, err
		}
		if c.Clock == nil {
			_, err := fmt.Fprintf(c.Out, "error: line %d: this console has no clock to move\n", c.line)
			return true, err
		}
		end := c.Clock.Now().Add(d)
		if _, err := fmt.Fprintln(c.Out, bot.Text(c.Locale, "console.later", bot.Duration(c.Locale, d), bot.DateTime(c.Locale, end))); err != nil {
			return true, err
		}
		// Sweep at every due time on the way, so that a wait past both
		// a reminder and the deadline shows both, in order.
		if due, ok := c.Handler.(dueOf); ok {
			nextDue := func() (time.Time, bool) {
				dctx, cancel := context.WithTimeout(ctx, SweepBudget)
				defer cancel()
				return due.NextDue(dctx)
			}
			for range maxStops {
				t, ok := nextDue()
				now := c.Clock.Now()
				if !ok || t.After(end) {
					break
				}
				if t.After(now) {
					c.Clock.Advance(t.Sub(now))
				}
				if err := c.sweep(ctx); err != nil {
					return true, err
				}
				if next, ok := nextDue(); ok && !next.After(t) {
					break // not delivered (the store failing): no progress
				}
			}
		}
		if now := c.Clock.Now(); end.After(now) {
			c.Clock.Advance(end.Sub(now))
		}
	}
	return isWait, c.sweep(ctx)
}

// sweep prints the messages the time limits make due now. A console
// without a Clock does not sweep (it does not know the bot's time).
func (c *Console) sweep(ctx context.Context) error {
	s, ok := c.Handler.(sweeperOf)
	if !ok || c.Clock == nil {
		return nil
	}
	sctx, cancel := context.WithTimeout(ctx, SweepBudget)
	posts := s.Sweep(sctx, c.Clock.Now())
	cancel()
	for _, p := range posts {
		if p.Message != "" {
			m := c.message(p.Message)
			if m == nil {
				// Not this run's message (or no longer kept): nothing to
				// replace, and never will be.
				s.Delivered(ctx, p)
				continue
			}
			m.buttons = p.Reply.Buttons
		}
		if err := c.print(p.Reply, "", p.Channel); err != nil {
			return err // not recorded: due again at the next sweep
		}
		s.Delivered(ctx, p)
	}
	return nil
}

var relativeRE = regexp.MustCompile(`<t:(-?\d{1,12}):R>`)

// relativeTimes writes Discord's relative timestamps (<t:N:R>, which
// Discord shows as "in 3 days") against the console's clock, in words of
// the console's language: "in 1 day 4 hours", "1時間30分前", "il y a 2
// jours".
func relativeTimes(text, locale string, now time.Time) string {
	if !strings.Contains(text, ":R>") {
		return text
	}
	return relativeRE.ReplaceAllStringFunc(text, func(m string) string {
		n, err := strconv.ParseInt(relativeRE.FindStringSubmatch(m)[1], 10, 64)
		if err != nil {
			return m
		}
		d := time.Unix(n, 0).Sub(now).Round(time.Minute)
		key := "rel.in"
		if d < 0 {
			key, d = "rel.ago", -d
		}
		return bot.Text(locale, key, bot.Duration(locale, d))
	})
}

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
