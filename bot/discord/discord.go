package discord

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/veletasbot/veletas/bot"
)

// Handler is what the adapter drives: *bot.Bot implements it.
type Handler interface {
	Handle(ctx context.Context, req bot.Request) bot.Reply
	Autocomplete(ctx context.Context, req bot.Request) []bot.Choice
}

// Adapter connects a discordgo session to a Handler: it registers the
// commands, turns interactions into Requests (request.go) and Replies into
// interaction responses and messages (response.go).
type Adapter struct {
	Session *discordgo.Session
	Handler Handler
	// Guild, when set, registers the commands to that server only (they
	// show at once); otherwise they are registered globally.
	Guild  string
	Logger *slog.Logger
	// DeferAfter is how long a handler may run before the interaction is
	// acknowledged with a deferred response (Discord allows 3 seconds).
	DeferAfter time.Duration
	// Deadline is Discord's limit for the first response; requests for the
	// first response are cancelled after it.
	Deadline time.Duration
	// ShutdownWait bounds how long Close waits for the interactions in
	// flight to be answered.
	ShutdownWait time.Duration
	// SkipRegister leaves the commands registered in Discord as they are
	// at Open (flag -register=false): for all but one of several
	// processes, or when they did not change.
	SkipRegister bool
	// Activity registers the app's entry point command (activity.go)
	// with the commands, globally: for an application whose Activity is
	// set up (Discord refuses a bulk overwrite without it then).
	Activity bool

	mu      sync.Mutex
	closing bool
	// run is the parent of the handlers' contexts; Close cancels it
	// (stop), so that what a handler in flight waits for (the store)
	// gives up at once and the interaction is answered.
	run  context.Context
	stop context.CancelFunc
	// draining, when set (by tests), is called when Close starts waiting
	// for the interactions in flight.
	draining func()
	inflight sync.WaitGroup
	remove   func()
	// dmChannels caches the DM channel of each user the bot wrote to
	// (user id -> channel id; dm.go).
	dmChannels sync.Map
	// direct holds the interactions that came over HTTP
	// (interactions_http.go), by *discordgo.Interaction: their first
	// response goes back in the HTTP response.
	direct sync.Map
	// observer receives the measures (observe.go); nil: none.
	observer Observer
}

// New creates a session for a bot token and an adapter around it.
// apiURL, when not empty, replaces https://discord.com for every REST
// request (a rate-limit proxy or a test server), which keeps its
// /api/vN/... path; the gateway address comes from that server's /gateway
// answer.
func New(token, apiURL string, h Handler, logger *slog.Logger) (*Adapter, error) {
	if token == "" {
		return nil, errors.New("discord: no token")
	}
	s, err := discordgo.New("Bot " + strings.TrimPrefix(token, "Bot "))
	if err != nil {
		return nil, fmt.Errorf("discord: %w", err)
	}
	// Never sleep through a 429: a response that waits for a rate limit
	// would blow the interaction's 3-second deadline. A failed reply
	// loses nothing, as the state is committed before it is sent.
	s.ShouldRetryOnRateLimit = false
	s.MaxRestRetries = 1
	s.Client = &http.Client{Timeout: 20 * time.Second, Transport: restTransport()}
	if apiURL != "" {
		rt, err := NewRewriteTransport(apiURL, s.Client.Transport)
		if err != nil {
			return nil, err
		}
		s.Client.Transport = rt
	}
	s.Identify.Intents = discordgo.IntentsGuilds // no privileged intents
	s.LogLevel = discordgo.LogError
	if logger == nil {
		logger = slog.Default()
	}
	return &Adapter{Session: s, Handler: h, Logger: logger}, nil
}

// Open connects to the gateway and registers the commands with one bulk
// overwrite, so that the set Discord shows is exactly Commands() (unless
// SkipRegister).
func (d *Adapter) Open() error {
	d.defaults()
	d.remove = d.Session.AddHandler(d.onInteraction)
	if err := d.Session.Open(); err != nil {
		d.remove()
		if tokenRejected(err) {
			return ErrTokenRejected
		}
		return fmt.Errorf("discord: connecting to the gateway: %w", cleanErr(err))
	}
	appID := ""
	if d.Session.State != nil && d.Session.State.User != nil {
		appID = d.Session.State.User.ID
	}
	if d.Session.State != nil && d.Session.State.Application != nil && d.Session.State.Application.ID != "" {
		appID = d.Session.State.Application.ID
	}
	if appID == "" {
		d.Session.Close()
		return errors.New("discord: the gateway's READY named no application")
	}
	if err := d.register(appID); err != nil {
		d.Session.Close()
		return err
	}
	return nil
}

// defaults fills the zero durations with Discord's figures.
func (d *Adapter) defaults() {
	if d.DeferAfter <= 0 {
		d.DeferAfter = 1500 * time.Millisecond
	}
	if d.Deadline <= 0 {
		d.Deadline = 3 * time.Second
	}
	if d.ShutdownWait <= 0 {
		d.ShutdownWait = 15 * time.Second
	}
}

// register overwrites the application's commands with Commands(), unless
// SkipRegister.
func (d *Adapter) register(appID string) error {
	if d.SkipRegister {
		d.Logger.Info("discord: connected", "app", appID, "registered", "no (-register=false)")
		return nil
	}
	var n int
	var err error
	if d.Activity && d.Guild == "" { // activity.go; entry point commands are global
		var cmds []json.RawMessage
		cmds, err = d.overwriteWithEntryPoint(appID)
		n = len(cmds)
	} else {
		var cmds []*discordgo.ApplicationCommand
		cmds, err = d.Session.ApplicationCommandBulkOverwrite(appID, d.Guild, Commands())
		n = len(cmds)
	}
	if err != nil {
		if tokenRejected(err) {
			return ErrTokenRejected
		}
		return fmt.Errorf("discord: registering commands: %w", cleanErr(err))
	}
	where := "globally"
	if d.Guild != "" {
		where = "in guild " + d.Guild
	}
	d.Logger.Info("discord: connected", "app", appID, "commands", n, "registered", where)
	return nil
}

// Close stops taking interactions, waits for those in flight to be
// answered and closes the gateway connection.
//
// Closing cancels the contexts of the handlers in flight: a handler
// waiting for the store gives up at once (the store's changes already
// under way finish, see store's package doc) and its reply, the error
// saying the store does not answer, is sent before Close returns.
func (d *Adapter) Close() error {
	d.mu.Lock()
	d.closing = true
	d.runCtxLocked()
	d.stop()
	d.mu.Unlock()
	if d.remove != nil {
		d.remove()
	}
	if d.draining != nil {
		d.draining()
	}
	done := make(chan struct{})
	go func() { d.inflight.Wait(); close(done) }()
	t := time.NewTimer(d.ShutdownWait)
	defer t.Stop()
	select {
	case <-done:
	case <-t.C:
		d.Logger.Warn("discord: closing with interactions still in flight", "waited", d.ShutdownWait.String())
	}
	return d.Session.Close()
}

// handlerCtx is the context of the handler of an interaction received at
// start: it ends HandlerMargin before Discord's deadline for the first
// response (Deadline; at half of it at the earliest), or when the adapter
// closes.
func (d *Adapter) handlerCtx(start time.Time) (context.Context, context.CancelFunc) {
	budget := max(d.Deadline-HandlerMargin, d.Deadline/2)
	d.mu.Lock()
	run := d.runCtxLocked()
	d.mu.Unlock()
	return context.WithDeadline(run, start.Add(budget))
}

// runCtxLocked returns run, making it on first use; d.mu is held.
func (d *Adapter) runCtxLocked() context.Context {
	if d.run == nil {
		d.run, d.stop = context.WithCancel(context.Background())
	}
	return d.run
}

func (d *Adapter) begin() bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.closing {
		return false
	}
	d.inflight.Add(1)
	return true
}

// onInteraction is the INTERACTION_CREATE handler. discordgo runs it on
// its own goroutine for each event, without recovering: a panic here or
// in the Handler is recovered, logged with its stack, and answered with
// bot.Failed when the interaction was not answered yet.
func (d *Adapter) onInteraction(s *discordgo.Session, ic *discordgo.InteractionCreate) {
	if ic == nil || ic.Interaction == nil || !d.begin() {
		return
	}
	defer d.inflight.Done()
	start := time.Now()
	i := ic.Interaction
	x := &exchange{i: i, start: start}
	defer func() {
		if v := recover(); v != nil {
			d.Logger.Error("discord: panic while answering an interaction", "id", i.ID, "panic", fmt.Sprint(v),
				"stack", string(debug.Stack()))
			if !x.answered && (i.Type == discordgo.InteractionApplicationCommand || i.Type == discordgo.InteractionMessageComponent) {
				d.answer(x, bot.Failed(string(i.Locale)))
			}
		}
	}()
	req, err := RequestFromInteraction(i)
	if err != nil {
		d.Logger.Warn("discord: bad interaction", "id", i.ID, "err", err)
		if i.Type == discordgo.InteractionApplicationCommand || i.Type == discordgo.InteractionMessageComponent {
			d.answer(x, bot.Reply{Text: err.Error(), Ephemeral: true})
		} else {
			d.refuseDirect(i, err)
		}
		return
	}
	x.req = req
	if req.Type == bot.TypeAutocomplete {
		d.autocomplete(x)
		return
	}
	if i.GuildID != "" && i.AppPermissions&(discordgo.PermissionCreatePublicThreads|discordgo.PermissionSendMessagesInThreads) ==
		discordgo.PermissionCreatePublicThreads|discordgo.PermissionSendMessagesInThreads {
		x.req.Threads = threadStarter{s}
	}
	d.handle(x)
}

// exchange is one interaction being answered.
type exchange struct {
	i        *discordgo.Interaction
	req      bot.Request
	start    time.Time
	deferred bool          // acknowledged with a deferred response
	answered bool          // the first response (or its replacement) was sent
	first    time.Duration // time to the first response, when sent
	// followUps counts the follow-up messages sent (followUpNew).
	followUps int
}

// component reports whether the interaction is a button press.
func (x *exchange) component() bool { return x.i.Type == discordgo.InteractionMessageComponent }

func (d *Adapter) autocomplete(x *exchange) {
	hctx, hcancel := d.handlerCtx(x.start)
	choices := d.Handler.Autocomplete(hctx, x.req)
	hcancel()
	ctx, cancel := context.WithTimeout(context.Background(), d.Deadline-time.Since(x.start))
	defer cancel()
	out := make([]*discordgo.ApplicationCommandOptionChoice, 0, len(choices))
	for _, c := range choices {
		out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: c.Name, Value: c.Value})
	}
	x.answered = true
	err := d.interactionRespond(ctx, x.i, &discordgo.InteractionResponse{
		Type: discordgo.InteractionApplicationCommandAutocompleteResult,
		Data: &discordgo.InteractionResponseData{Choices: out},
	})
	x.first = time.Since(x.start)
	if err != nil {
		d.Logger.Warn("discord: autocomplete response failed", "id", x.i.ID, "err", cleanErr(err))
	}
	d.observe(x, bot.Answered.String())
}

// handle runs the handler and answers directly when it is done within
// DeferAfter, else acknowledges at once with a deferred response (a
// deferred update for a button) and sends the reply when it is ready.
// The handler runs on its own goroutine, which recovers: a panic is
// answered with bot.Failed. Its context (handlerCtx) ends a little before
// Discord's deadline for the first response, so that its reply is sent
// within the deadline even when the store does not answer; what follows
// the reply (posts, the replay, DMs) is deferred work, bounded by
// RESTTimeout within the 15 minutes of the interaction's token.
func (d *Adapter) handle(x *exchange) {
	done := make(chan bot.Reply, 1)
	hctx, hcancel := d.handlerCtx(x.start)
	go func() {
		defer hcancel()
		defer func() {
			if v := recover(); v != nil {
				d.Logger.Error("discord: panic in the handler", "id", x.i.ID, "command", x.req.Command,
					"button", x.req.CustomID, "user", x.req.User.ID, "panic", fmt.Sprint(v), "stack", string(debug.Stack()))
				done <- bot.Failed(x.req.Locale)
			}
		}()
		done <- d.Handler.Handle(hctx, x.req)
	}()

	// Past DeferAfter already (a slow dispatch), the interaction is
	// deferred whether or not the handler is done: a tie between the two
	// is not left to select's random choice.
	var r bot.Reply
	late := true
	if wait := d.DeferAfter - time.Since(x.start); wait > 0 {
		timer := time.NewTimer(wait)
		select {
		case r = <-done:
			late = false
		case <-timer.C:
		}
		timer.Stop()
	}
	if late {
		typ := discordgo.InteractionResponseDeferredChannelMessageWithSource
		if x.component() {
			// A button's reply may update its message, or follow up.
			typ = discordgo.InteractionResponseDeferredMessageUpdate
		}
		ctx, cancel := context.WithTimeout(context.Background(), d.Deadline-time.Since(x.start))
		err := d.interactionRespond(ctx, x.i, &discordgo.InteractionResponse{Type: typ})
		cancel()
		if err != nil {
			d.Logger.Warn("discord: deferring failed", "id", x.i.ID, "err", cleanErr(err))
		}
		x.deferred = true
		x.first = time.Since(x.start)
		r = <-done
	}
	d.recordPosted(x, r, d.answer(x, r))
	if r.Next != nil {
		posted(*r.Next, d.followUpNew(x, *r.Next))
	}
	d.post(x, r.Posts)
	runAfter(r)
	d.sendDMs(r.AllDMs()) // dm.go
	d.later(x, r)
	d.logDone(x)
	d.observe(x, r.Outcome.String())
}

// answer sends r as the interaction's answer: the first response, or,
// after a deferral, what replaces it. It returns the id of the message
// the answer became when Discord told it ("" for a first response, which
// returns none).
func (d *Adapter) answer(x *exchange, r bot.Reply) (message string) {
	if !x.component() {
		r.Update = false // only a button has a message to update
	}
	x.answered = true
	if x.deferred {
		return d.followUp(x, r)
	}
	ctx, cancel := context.WithTimeout(context.Background(), d.Deadline-time.Since(x.start))
	defer cancel()
	err := d.interactionRespond(ctx, x.i, ResponseFor(r))
	x.first = time.Since(x.start)
	if err != nil {
		d.Logger.Warn("discord: response failed", "id", x.i.ID, "err", cleanErr(err))
	}
	return ""
}

// recordPosted gives a reply that records its message (bot.Reply.Posted:
// a challenge's, which the sweep edits when the challenge expires) the id
// of the message the interaction's answer became: message, when the
// answer returned it; the pressed message, for an update; else the
// interaction's original response, read back from Discord (GET
// webhooks/APP/TOKEN/messages/@original), as the first response, through
// the gateway's callback or in the HTTP response, returns none.
func (d *Adapter) recordPosted(x *exchange, r bot.Reply, message string) {
	if r.Posted == nil || r.Ephemeral {
		return
	}
	if message == "" && x.component() && r.Update && x.i.Message != nil {
		message = x.i.Message.ID
	}
	if message == "" {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		m, err := d.Session.InteractionResponse(x.i, discordgo.WithContext(ctx))
		if err != nil || m == nil {
			d.Logger.Warn("discord: reading the response's message failed; it will not be edited at its expiry", "id", x.i.ID, "err", cleanErr(err))
			return
		}
		message = m.ID
	}
	posted(r, message)
}

// posted gives a reply that records its message (bot.Reply.Posted) the id
// of the message it became, when known.
func posted(r bot.Reply, message string) {
	if r.Posted != nil && !r.Ephemeral && message != "" {
		r.Posted(message)
	}
}

// later posts, in the interaction's channel, the message a reply makes
// once it was sent (Reply.Later: the replay at the end of a game).
//
// Where the bot may only answer (bot.ReachInteraction), it is a follow-up.
func (d *Adapter) later(x *exchange, r bot.Reply) {
	i := x.i
	if r.Later == nil || r.Ephemeral {
		return
	}
	if x.req.Reach == bot.ReachInteraction {
		l, err := r.Later()
		if err != nil {
			d.Logger.Warn("discord: making the replay failed", "id", i.ID, "err", err)
			return
		}
		posted(l, d.followUpNew(x, l))
		d.sendDMs(l.DMs)
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), RESTTimeout)
	defer cancel()
	if err := d.Send(ctx, i.ChannelID, bot.Reply{Later: r.Later}); err != nil {
		d.Logger.Warn("discord: posting the replay failed", "id", i.ID, "channel", i.ChannelID, "err", err)
	}
}

func (d *Adapter) logDone(x *exchange) {
	d.Logger.Debug("discord: interaction answered", "id", x.i.ID, "command", x.req.Command,
		"button", x.req.CustomID, "user", x.req.User.ID, "ms", time.Since(x.start).Milliseconds(), "deferred", x.deferred)
}

// followUp sends r once the interaction was deferred. A command's
// "thinking" placeholder is edited into r; an ephemeral reply cannot turn
// a public placeholder private, so the placeholder is deleted and r sent
// as an ephemeral follow-up. After a button's deferred update, an Update
// edits the pressed message, anything else is a follow-up message. It
// returns the id of the message r became, when Discord told it.
func (d *Adapter) followUp(x *exchange, r bot.Reply) (message string) {
	i := x.i
	ctx, cancel := context.WithTimeout(context.Background(), RESTTimeout)
	defer cancel()
	opt := discordgo.WithContext(ctx)
	switch {
	case x.component() && !r.Update:
		return d.followUpNew(x, r)
	case r.Ephemeral:
		if err := d.Session.InteractionResponseDelete(i, opt); err != nil {
			d.Logger.Warn("discord: deleting the placeholder failed", "id", i.ID, "err", cleanErr(err))
		}
		return d.followUpNew(x, r)
	}
	text := clipText(r.Text)
	comps := replyComponents(r)
	if comps == nil {
		comps = []discordgo.MessageComponent{}
	}
	edit := &discordgo.WebhookEdit{Content: &text, Components: &comps, AllowedMentions: allowed(r.Mentions)}
	if es := embeds(r.Embeds); es != nil {
		edit.Embeds = &es
	} else if r.Update {
		edit.Embeds = &[]*discordgo.MessageEmbed{} // the settled card goes (ResponseFor)
	}
	if len(r.Images) > 0 {
		edit.Files = files(r.Images)
		if r.Update { // the pressed message's images go; otherwise they stay
			edit.Attachments = &[]*discordgo.MessageAttachment{}
		}
	}
	m, err := d.Session.InteractionResponseEdit(i, edit, opt)
	if err != nil {
		d.Logger.Warn("discord: editing the deferred response failed", "id", i.ID, "err", cleanErr(err))
		return ""
	}
	return idOf(m)
}

// idOf is the id of a message Discord returned ("" when none).
func idOf(m *discordgo.Message) string {
	if m == nil {
		return ""
	}
	return m.ID
}

// followUpNew sends r as a new message through the interaction's webhook
// (ephemeral or not), after the first response, and returns its id ("" if
// it failed).
//
// Where the bot may only answer (bot.ReachInteraction: a user install in
// a DM or group DM), Discord takes at most bot.MaxFollowUps follow-ups per
// interaction: the ones past it are not sent (logged).
func (d *Adapter) followUpNew(x *exchange, r bot.Reply) string {
	i := x.i
	if x.req.Reach == bot.ReachInteraction {
		if x.followUps >= bot.MaxFollowUps {
			d.Logger.Warn("discord: a follow-up past Discord's limit for a user install was not sent", "id", i.ID, "limit", bot.MaxFollowUps)
			return ""
		}
		x.followUps++
	}
	ctx, cancel := context.WithTimeout(context.Background(), RESTTimeout)
	defer cancel()
	params := &discordgo.WebhookParams{
		Content: clipText(r.Text), Components: replyComponents(r), AllowedMentions: allowed(r.Mentions),
		Files: files(r.Images), Embeds: embeds(r.Embeds),
	}
	if r.Ephemeral {
		params.Flags = discordgo.MessageFlagsEphemeral
	}
	// Wait for the message (its id) only when the reply records it.
	m, err := d.Session.FollowupMessageCreate(i, r.Posted != nil && !r.Ephemeral, params, discordgo.WithContext(ctx))
	if err != nil {
		d.Logger.Warn("discord: follow-up failed", "id", i.ID, "err", cleanErr(err))
		return ""
	}
	return idOf(m)
}

// post sends the extra messages of a reply, such as a game's first board
// in its new thread, and makes its edits (bot.Post.Message: a challenge's
// message once the challenge is settled by a command), after the answer.
// A failed edit is logged and changes nothing else.
//
// Where the bot may only answer (bot.ReachInteraction), a new message for
// the interaction's channel is a follow-up and nothing else is sent (the
// core makes nothing else there: bot.Reply's confine).
func (d *Adapter) post(x *exchange, posts []bot.Post) {
	i := x.i
	for _, p := range posts {
		if x.req.Reach == bot.ReachInteraction {
			if p.Channel == i.ChannelID && p.Message == "" {
				posted(p.Reply, d.followUpNew(x, p.Reply))
			} else {
				d.Logger.Warn("discord: a post outside the interaction was not sent: the bot is no member there", "id", i.ID, "channel", p.Channel)
			}
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), RESTTimeout)
		if p.Message != "" {
			err := d.EditMessage(ctx, p.Channel, p.Message, p.Reply)
			cancel()
			if err != nil {
				d.Logger.Warn("discord: editing a settled challenge's message failed", "id", i.ID, "channel", p.Channel, "message", p.Message, "err", err)
			}
			continue
		}
		m, err := d.Session.ChannelMessageSendComplex(p.Channel, &discordgo.MessageSend{
			Content: clipText(p.Reply.Text), Components: components(p.Reply.Buttons),
			AllowedMentions: allowed(p.Reply.Mentions), Files: files(p.Reply.Images), Embeds: embeds(p.Reply.Embeds),
		}, discordgo.WithContext(ctx))
		cancel()
		if err != nil {
			d.Logger.Warn("discord: posting failed", "id", i.ID, "channel", p.Channel, "err", cleanErr(err))
			continue
		}
		posted(p.Reply, idOf(m))
	}
}

// Self is the bot's own user, from the gateway's READY (after Open); the
// AI plays as this user (Bot.StartAI).
func (d *Adapter) Self() bot.User {
	if d.Session.State == nil || d.Session.State.User == nil {
		return bot.User{}
	}
	u := userOf(d.Session.State.User)
	u.Bot = false // the bot's own user plays its AI games
	return u
}

// Send posts r to a channel as a new message (Sender): the AI's actions.
func (d *Adapter) Send(ctx context.Context, channel string, r bot.Reply) error {
	if r.Text != "" || len(r.Images) > 0 || len(r.Embeds) > 0 {
		m, err := d.Session.ChannelMessageSendComplex(channel, &discordgo.MessageSend{
			Content: clipText(r.Text), Components: components(r.Buttons),
			AllowedMentions: allowed(r.Mentions), Files: files(r.Images), Embeds: embeds(r.Embeds),
		}, discordgo.WithContext(ctx))
		if err != nil {
			return cleanErr(err)
		}
		posted(r, idOf(m))
	}
	d.sendDMs(r.DMs)    // dm.go
	if r.Later != nil { // the replay at the end of a game, after the message
		later, err := r.Later()
		if err != nil {
			return err
		}
		return d.Send(ctx, channel, later)
	}
	return nil
}

// StartThread starts a public thread in channel: the sweep's tournament
// games are played in threads it starts (bot.Bot.RunSweeper takes the
// Adapter as its ThreadStarter).
func (d *Adapter) StartThread(channel, name string) (string, error) {
	return threadStarter{d.Session}.StartThread(channel, name)
}

var _ bot.ThreadStarter = (*Adapter)(nil)

// threadStarter creates public threads through the session.
type threadStarter struct{ s *discordgo.Session }

func (t threadStarter) StartThread(channel, name string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	ch, err := t.s.ThreadStartComplex(channel, &discordgo.ThreadStart{
		Name: clipRunes(name, 100), Type: discordgo.ChannelTypeGuildPublicThread, AutoArchiveDuration: 10080,
	}, discordgo.WithContext(ctx))
	if err != nil {
		return "", fmt.Errorf("discord: starting a thread: %w", cleanErr(err))
	}
	if ch == nil || ch.ID == "" {
		return "", errors.New("discord: starting a thread: no channel in the answer")
	}
	return ch.ID, nil
}

// runAfter runs a reply's After hook once the reply was sent.
func runAfter(r bot.Reply) {
	if r.After != nil {
		r.After()
	}
}
