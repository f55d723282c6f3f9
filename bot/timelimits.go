package bot

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/veletasbot/veletas/store"
)

// Time limits. A game's deadline is stored (store.Game.Deadline: the last
// action plus the time per move), so nothing is kept in memory: one sweep
// of the games whose next notice is due (store.DueGames, an index by the
// time of that notice: its cost is that of the games due, not of every
// game), run every minute by one goroutine (RunSweeper) or by the console
// after each line, sends the reminder at 80% of the time
// (store.ReminderAt) and tells the opponent when the time has run out. Flags in the game
// (Reminded, TimeUp) make each message go out once per move, across
// restarts: they are recorded (Delivered) only after the message went
// out, so that a message Discord refused is sent again by the next sweep.
// The sweep also purges the challenges expired for a day, and edits the
// message of each challenge that expired (its id recorded by the front end
// through Reply.Posted) into a notice without buttons, once: Delivered
// clears the recorded id after the edit.

// reminderAt is the share of the time per move after which the player to
// move is reminded (the store orders the games by it).
const reminderAt = store.ReminderAt

// SweepPingTimeout bounds the check of the store that starts each sweep:
// a store that does not answer within it (an etcd cluster without its
// quorum) skips the sweep, rather than making each sweep (and each line
// of the console) wait for the store's own timeout twice.
const SweepPingTimeout = time.Second

// storePinger is a store whose health can be checked within a deadline
// (*store.DB).
type storePinger interface {
	PingContext(ctx context.Context) error
}

// storeAnswers checks, within SweepPingTimeout, that the store answers,
// when it can be checked (storePinger).
func (b *Bot) storeAnswers(ctx context.Context) error {
	p, ok := b.Store.(storePinger)
	if !ok {
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, SweepPingTimeout)
	defer cancel()
	return p.PingContext(ctx)
}

// Sweep finds what is due at now: a reminder to each player whose time
// for the move is 80% used, and to each opponent of a player whose time
// ran out the news that they may claim the win. It returns the messages
// to post; the caller posts each and then calls Delivered with it, which
// records it as sent (a message not delivered is due again at the next
// sweep). It also purges the challenges expired for a day
// (store.PurgeExpiredChallenges), and returns, as posts that edit a
// message (Post.Message), the notice replacing the message of each
// challenge expired at now whose message is recorded.
// A store that does not answer within SweepPingTimeout skips the sweep
// (logged). The sweep's work with the store is bounded by ctx and
// SweepTimeout.
func (b *Bot) Sweep(ctx context.Context, now time.Time) (posts []Post) {
	ctx, cancel := context.WithTimeout(ctx, SweepTimeout)
	defer cancel()
	defer func() {
		if v := recover(); v != nil {
			b.logPanic(v, "sweeping", Request{})
		}
	}()
	if err := b.storeAnswers(ctx); err != nil {
		b.Logger.Error("bot: sweep: the store does not answer; sweep skipped", "err", err)
		return nil
	}
	if n, err := b.Store.PurgeExpiredChallenges(ctx); err != nil {
		b.Logger.Error("bot: sweep: purging expired challenges failed", "err", err)
	} else if n > 0 {
		b.Logger.Info("bot: sweep: purged expired challenges", "count", n)
	}
	locales := map[string]string{}
	posts = b.expiredChallenges(ctx, now, locales)
	posts = append(posts, b.sweepTournaments(ctx, now, locales)...) // tournaments.go
	games, err := b.Store.DueGames(ctx, now, 0)
	if err != nil {
		b.Logger.Error("bot: sweep: listing the games with a notice due failed", "err", err)
		return posts
	}
	for _, g := range games {
		// One game whose value makes a panic must not stop the sweep of
		// the others, now or at every later sweep.
		func() {
			defer func() {
				if v := recover(); v != nil {
					b.logPanic(v, "sweeping game "+strconv.FormatUint(g.ID, 10), Request{Guild: g.Guild, Channel: g.Channel})
				}
			}()
			d, ok := g.Deadline()
			if !ok || g.TimeUp {
				return
			}
			where := g.Channel
			if g.Thread != "" {
				where = g.Thread
			}
			loc := withGame(b.guildLocale(ctx, locales, g.Guild), g.Kind)
			defer func(from int) {
				for i := from; i < len(posts); i++ { // by DM outside servers (reach.go)
					posts[i].Reply = b.offChannel(ctx, g, posts[i].Reply)
				}
			}(len(posts))
			who := g.ToAct()
			notice := postNotice{guild: g.Guild, channel: g.Channel, game: g.ID, rev: g.Revision}
			switch {
			case !now.Before(d):
				opp := g.Opponent(who)
				notice.kind = store.NoticeTimeUp
				posts = append(posts, Post{Channel: where, notice: notice, Reply: Reply{
					Text:     tr(loc, "time.up", g.ID, Mention(who), Mention(opp)),
					Mentions: []string{opp},
				}})
			case !g.Reminded && !now.Before(g.Updated.Add(time.Duration(float64(g.MoveTime)*reminderAt))):
				notice.kind = store.NoticeReminder
				posts = append(posts, Post{Channel: where, notice: notice, Reply: Reply{
					Text:     tr(loc, "time.reminder", Mention(who), g.ID, d.Unix(), d.Unix()),
					Mentions: []string{who},
					DMs:      b.dms(ctx, g, dmReminder, who), // notify.go
				}})
			}
		}()
	}
	return posts
}

// guildLocale is the language of a server's settings, read once per
// sweep (locales caches it by server).
func (b *Bot) guildLocale(ctx context.Context, locales map[string]string, guild string) string {
	loc, ok := locales[guild]
	if !ok {
		if s, err := b.Store.Settings(ctx, guild); err == nil {
			loc = s.Locale
		}
		locales[guild] = loc
	}
	return loc
}

// expiredPerSweep bounds the expired challenges' messages one sweep edits;
// the next sweep edits the rest.
const expiredPerSweep = 50

// expiredChallenges returns the posts that edit the message of each
// challenge expired at now whose message is recorded into a notice that
// it expired, naming its players (the message's own text goes), without
// buttons and without pinging anyone.
func (b *Bot) expiredChallenges(ctx context.Context, now time.Time, locales map[string]string) []Post {
	cs, err := b.Store.ExpiredChallengeMessages(ctx, now, expiredPerSweep)
	if err != nil {
		b.Logger.Error("bot: sweep: listing the expired challenges' messages failed", "err", err)
		return nil
	}
	posts := make([]Post, 0, len(cs))
	for _, c := range cs {
		loc := withGame(b.guildLocale(ctx, locales, c.Guild), c.Kind)
		posts = append(posts, Post{Channel: c.Channel, Message: c.Message, expired: c.ID,
			Reply: Reply{Text: expiredText(loc, c)}})
	}
	return posts
}

// expiredText says that challenge c expired, naming its players.
func expiredText(loc string, c store.Challenge) string {
	if c.Opponent == "" {
		return tr(loc, "expired.open", Mention(c.Challenger))
	}
	return tr(loc, "expired.to", Mention(c.Challenger), Mention(c.Opponent))
}

// MessageEditor edits a message the bot posted earlier: the sweep replaces
// an expired challenge's message (Post.Message) with a notice without
// buttons. A Sender that can edit messages implements it (the Discord
// adapter); with one that cannot, such posts are left out.
type MessageEditor interface {
	// EditMessage replaces the text, embeds and buttons of message in
	// channel with r's (no buttons removes them). It fails with an error
	// wrapping ErrMessageGone when the message cannot be edited ever
	// (deleted, or out of the bot's reach).
	EditMessage(ctx context.Context, channel, message string, r Reply) error
}

// ErrMessageGone is the error of a MessageEditor for a message that can
// never be edited: deleted, or in a channel the bot no longer reaches.
// The sweep then forgets it instead of trying again.
var ErrMessageGone = errors.New("bot: the message is gone")

// Delivered records that a post returned by Sweep went out (Discord
// accepted it, the console printed it), so that it is not sent again for
// the same move; for a post that edited an expired challenge's message,
// it forgets the message (store.Challenge.Message), so that it is edited
// once. A post about a move that is no longer current needs no record.
// Posts that carry no notice are ignored. The record is bounded by ctx
// and SweepTimeout.
func (b *Bot) Delivered(ctx context.Context, p Post) {
	ctx, cancel := context.WithTimeout(ctx, SweepTimeout)
	defer cancel()
	if p.expired != 0 {
		if _, err := b.Store.SetChallengeMessage(ctx, p.expired, ""); err != nil && !errors.Is(err, store.ErrChallengeNotFound) {
			b.Logger.Error("bot: sweep: forgetting an expired challenge's message failed", "challenge", p.expired, "err", err)
		}
		return
	}
	n := p.notice
	if n.kind == 0 {
		return
	}
	if _, err := b.Store.RecordNotice(ctx, n.guild, n.channel, n.game, n.rev, n.kind); err != nil {
		if errors.Is(err, store.ErrStaleRevision) || errors.Is(err, store.ErrNoGame) {
			return // the player moved meanwhile: nothing is due
		}
		b.Logger.Error("bot: sweep: recording a sent message failed", "game", n.game, "err", err)
	}
}

// SweepEvery is how often the sweeper sweeps.
const SweepEvery = time.Minute

// StartSweeper starts the goroutine that sweeps every interval (SweepEvery
// when 0) and posts what is due with send (the Discord adapter's channel
// messages; its edits when it is a MessageEditor). StopSweeper stops it;
// starting it twice does nothing.
func (b *Bot) StartSweeper(every time.Duration, send Sender) {
	b.sweeper.start(func(ctx context.Context) { b.RunSweeper(ctx, every, send) })
}

// StopSweeper stops the sweeping goroutine and waits for it to end.
func (b *Bot) StopSweeper() { b.sweeper.stop() }

// RunSweeper sweeps at once and then every interval until ctx is done,
// posting the messages with send, and returns then; the posts that edit
// a message (Post.Message) go to send's EditMessage when send is a
// MessageEditor, and are left out otherwise. It sweeps only while the
// replica leads (leader.go), and at once when it is elected. StartSweeper
// runs it on the bot's one sweeping goroutine.
func (b *Bot) RunSweeper(ctx context.Context, every time.Duration, send Sender) {
	if every <= 0 {
		every = SweepEvery
	}
	if ts, ok := send.(ThreadStarter); ok {
		b.SetThreads(ts) // the tournament games' threads (tournaments.go)
	}
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		var posts []Post
		if b.Leading() {
			posts = b.Sweep(ctx, b.Now())
		}
		for _, p := range posts {
			if !b.Leading() {
				break // another replica leads now: its sweep posts the rest
			}
			if _, ok := send.(MessageEditor); p.Message != "" && !ok {
				continue // the front end cannot edit: the message stays
			}
			sctx, cancel := context.WithTimeout(ctx, PostTimeout)
			// A post that went out is recorded even when the sweeper is
			// being stopped meanwhile (else it would go out again):
			// bounded by Delivered's SweepTimeout, not by ctx.
			rctx := context.WithoutCancel(ctx)
			switch err := b.sendSafely(sctx, send, p); {
			case err == nil:
				b.Delivered(rctx, p)
			case errors.Is(err, ErrMessageGone):
				b.Logger.Info("bot: sweep: the message to edit is gone", "channel", p.Channel, "message", p.Message, "err", err)
				b.Delivered(rctx, p)
			default:
				b.Logger.Warn("bot: sweep: posting failed; the next sweep tries again", "channel", p.Channel, "err", err)
			}
			cancel()
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		case <-b.sweepWake(): // this replica was just elected (leader.go)
		}
	}
}

func (b *Bot) claim(ctx context.Context, req Request) (Reply, error) {
	g, err := b.Store.ClaimTimeout(ctx, req.Guild, req.Channel, req.User.ID)
	if err != nil {
		if errors.Is(err, store.ErrNoTimeout) {
			if a, aerr := b.Store.ActiveGame(ctx, req.Guild, req.Channel); aerr == nil {
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
	return b.gameViewIn(ctx, req.Locale, g, "", true)
}

// Time per move limits.
const (
	minMoveTime = time.Hour
	maxMoveTime = 14 * 24 * time.Hour
)

// ParseMoveTime reads a time per move: a number and a unit, h (hours) or d
// (days), such as "12h", "3d", "1d12h", or "none" (0) for no limit. It must
// be between 1 hour and 14 days.
func ParseMoveTime(s string) (time.Duration, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	if len(t) > 16 {
		return 0, fmt.Errorf("time per move %q: too long", s)
	}
	switch t {
	case "none", "off", "no", "0", "unlimited":
		return 0, nil
	}
	var d time.Duration
	n, digits := 0, 0
	for _, r := range t {
		switch {
		case r >= '0' && r <= '9':
			if digits >= 4 {
				return 0, fmt.Errorf("time per move %q: number too long", s)
			}
			n = n*10 + int(r-'0')
			digits++
		case r == 'd' || r == 'h':
			if digits == 0 {
				return 0, fmt.Errorf("time per move %q: a unit without a number", s)
			}
			unit := time.Hour
			if r == 'd' {
				unit = 24 * time.Hour
			}
			d += time.Duration(n) * unit
			n, digits = 0, 0
		case r == ' ':
		default:
			return 0, fmt.Errorf("time per move %q: write hours or days such as 12h or 3d", s)
		}
	}
	if digits != 0 || d == 0 {
		return 0, fmt.Errorf("time per move %q: write hours or days such as 12h or 3d", s)
	}
	if d < minMoveTime || d > maxMoveTime {
		return 0, fmt.Errorf("time per move %q: between 1 hour and 14 days", s)
	}
	return d, nil
}

// durationText writes a time per move for players: "3 days", "12 hours",
// "1 day 6 hours" (in the language of loc).
func durationText(loc string, d time.Duration) string { return Duration(loc, d) }

// Duration writes a duration in words in the language of locale, in days,
// hours and minutes, leaving out the units that are zero (rounded to the
// minute): "1 day 4 hours", "1日4時間", "1 jour 4 heures", "0 minutes".
// The front ends use it for Discord's relative times (the console).
func Duration(locale string, d time.Duration) string {
	d = d.Round(time.Minute)
	if d < 0 {
		d = -d
	}
	days, hours, mins := int(d/(24*time.Hour)), int(d%(24*time.Hour)/time.Hour), int(d%time.Hour/time.Minute)
	var parts []string
	if days > 0 {
		parts = append(parts, trn(locale, "dur.days", days, days))
	}
	if hours > 0 {
		parts = append(parts, trn(locale, "dur.hours", hours, hours))
	}
	if mins > 0 || len(parts) == 0 {
		parts = append(parts, trn(locale, "dur.minutes", mins, mins))
	}
	out := parts[0]
	for _, p := range parts[1:] {
		out = tr(locale, "dur.join", out, p)
	}
	return out
}

var monthsFR = [...]string{"janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"}

// DateTime writes a date and time (in UTC) as the language of locale
// writes them: "2026-03-02 08:00 UTC", "2026年3月2日 08:00 UTC",
// "2 mars 2026 à 08:00 UTC". The front ends use it for Discord's
// timestamps (the console).
func DateTime(locale string, t time.Time) string {
	t = t.UTC()
	switch lang(locale) {
	case "ja":
		return fmt.Sprintf("%d年%d月%d日 %s UTC", t.Year(), int(t.Month()), t.Day(), t.Format("15:04"))
	case "fr":
		return fmt.Sprintf("%d %s %d à %s UTC", t.Day(), monthsFR[t.Month()-1], t.Year(), t.Format("15:04"))
	}
	return t.Format("2006-01-02 15:04 UTC")
}

// termsText says how a challenge or game is played: rated or not, and the
// time per move.
func termsText(loc string, rated bool, moveTime time.Duration) string {
	r := tr(loc, "terms.unrated")
	if rated {
		r = tr(loc, "terms.rated")
	}
	if moveTime <= 0 {
		return tr(loc, "terms.notime", r)
	}
	return tr(loc, "terms.time", r, durationText(loc, moveTime))
}

// sendSafely posts p with send (edits its message, for a post that names
// one, with send's EditMessage), turning a panic into an error (logged
// with its stack).
func (b *Bot) sendSafely(ctx context.Context, send Sender, p Post) (err error) {
	defer func() {
		if v := recover(); v != nil {
			b.logPanic(v, "posting a notice", Request{Channel: p.Channel})
			err = fmt.Errorf("bot: posting panicked: %v", v)
		}
	}()
	if p.Message != "" {
		if ed, ok := send.(MessageEditor); ok {
			return ed.EditMessage(ctx, p.Channel, p.Message, p.Reply)
		}
		return nil
	}
	return send.Send(ctx, p.Channel, p.Reply)
}
