package bot

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
)

// Handler is what the front ends drive: *Bot implements it.
type Handler interface {
	Handle(ctx context.Context, req Request) Reply
	Autocomplete(ctx context.Context, req Request) []Choice
}

// Discord is the adapter between a discordgo session and a Handler: it
// registers the commands, turns interactions into Requests and Replies into
// interaction responses. No other file of the package touches discordgo
// types, except the command definitions in commands.go.
type Discord struct {
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

	mu       sync.Mutex
	closing  bool
	inflight sync.WaitGroup
	remove   func()
}

// NewDiscord creates a session for a bot token and an adapter around it.
// apiURL, when not empty, replaces https://discord.com for every REST
// request (a rate-limit proxy or a test server), which keeps its
// /api/vN/... path; the gateway address comes from that server's /gateway
// answer.
func NewDiscord(token, apiURL string, h Handler, logger *slog.Logger) (*Discord, error) {
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
	s.Client = &http.Client{Timeout: 20 * time.Second}
	if apiURL != "" {
		rt, err := NewRewriteTransport(apiURL, nil)
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
	return &Discord{Session: s, Handler: h, Logger: logger}, nil
}

// RouteDiscordgoLogs sends discordgo's own log lines (a package-wide
// setting) to logger instead of the standard log package, with token, if
// it ever appears, replaced by "[token]".
func RouteDiscordgoLogs(logger *slog.Logger, token string) {
	token = strings.TrimPrefix(token, "Bot ")
	discordgo.Logger = func(msgL, caller int, format string, a ...any) {
		level := slog.LevelDebug
		switch msgL {
		case discordgo.LogError:
			level = slog.LevelError
		case discordgo.LogWarning:
			level = slog.LevelWarn
		case discordgo.LogInformational:
			level = slog.LevelInfo
		}
		msg := fmt.Sprintf(format, a...)
		if token != "" {
			msg = strings.ReplaceAll(msg, token, "[token]")
		}
		logger.Log(context.Background(), level, "discordgo: "+strings.TrimSpace(msg))
	}
}

// RewriteTransport sends the requests that discordgo addresses to
// https://discord.com/api/... to another server instead, keeping the
// /api/vN/... path (after the base URL's own path prefix, if any).
type RewriteTransport struct {
	Base *url.URL // such as http://127.0.0.1:8080 or https://proxy.example/discord
	Next http.RoundTripper
}

var apiVersionSuffix = regexp.MustCompile(`/api(/v[0-9]+)?/?$`)

// NewRewriteTransport parses base (http or https; a trailing /api or
// /api/vN is dropped, since discordgo adds its own) for a RewriteTransport
// over next (http.DefaultTransport when nil).
func NewRewriteTransport(base string, next http.RoundTripper) (*RewriteTransport, error) {
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("discord: DISCORD_API_URL must be an http(s) URL such as http://127.0.0.1:8080, not %q", clipRunes(base, 60))
	}
	if u.User != nil || u.RawQuery != "" || u.Fragment != "" {
		return nil, errors.New("discord: DISCORD_API_URL must not hold credentials, a query or a fragment")
	}
	u.Path = strings.TrimSuffix(apiVersionSuffix.ReplaceAllString(u.Path, ""), "/")
	u.RawPath = ""
	if next == nil {
		next = http.DefaultTransport
	}
	return &RewriteTransport{Base: u, Next: next}, nil
}

// RoundTrip implements http.RoundTripper.
func (t *RewriteTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.URL.Host != "discord.com" || !strings.HasPrefix(req.URL.Path, "/api/") {
		return t.Next.RoundTrip(req)
	}
	r := req.Clone(req.Context())
	u := *req.URL
	u.Scheme, u.Host = t.Base.Scheme, t.Base.Host
	u.Path = t.Base.Path + req.URL.Path
	u.RawPath = ""
	r.URL = &u
	r.Host = u.Host
	return t.Next.RoundTrip(r)
}

// Open connects to the gateway and registers the commands with one bulk
// overwrite, so that the set Discord shows is exactly Commands().
func (d *Discord) Open() error {
	if d.DeferAfter <= 0 {
		d.DeferAfter = 1500 * time.Millisecond
	}
	if d.Deadline <= 0 {
		d.Deadline = 3 * time.Second
	}
	if d.ShutdownWait <= 0 {
		d.ShutdownWait = 15 * time.Second
	}
	d.remove = d.Session.AddHandler(d.onInteraction)
	if err := d.Session.Open(); err != nil {
		d.remove()
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
	cmds, err := d.Session.ApplicationCommandBulkOverwrite(appID, d.Guild, Commands())
	if err != nil {
		d.Session.Close()
		return fmt.Errorf("discord: registering commands: %w", cleanErr(err))
	}
	where := "globally"
	if d.Guild != "" {
		where = "in guild " + d.Guild
	}
	d.Logger.Info("discord: connected", "app", appID, "commands", len(cmds), "registered", where)
	return nil
}

// Close stops taking interactions, waits for those in flight to be
// answered and closes the gateway connection.
func (d *Discord) Close() error {
	d.mu.Lock()
	d.closing = true
	d.mu.Unlock()
	if d.remove != nil {
		d.remove()
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

func (d *Discord) begin() bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.closing {
		return false
	}
	d.inflight.Add(1)
	return true
}

// onInteraction is the INTERACTION_CREATE handler. discordgo runs it on
// its own goroutine for each event.
func (d *Discord) onInteraction(s *discordgo.Session, ic *discordgo.InteractionCreate) {
	if ic == nil || ic.Interaction == nil || !d.begin() {
		return
	}
	defer d.inflight.Done()
	start := time.Now()
	i := ic.Interaction
	req, err := RequestFromInteraction(i)
	if err != nil {
		d.Logger.Warn("discord: bad interaction", "id", i.ID, "err", err)
		if i.Type == discordgo.InteractionApplicationCommand || i.Type == discordgo.InteractionMessageComponent {
			d.respond(i, start, Reply{Text: err.Error(), Ephemeral: true})
		}
		return
	}
	if req.Kind == KindAutocomplete {
		d.autocomplete(i, req, start)
		return
	}
	if i.GuildID != "" && i.AppPermissions&(discordgo.PermissionCreatePublicThreads|discordgo.PermissionSendMessagesInThreads) ==
		discordgo.PermissionCreatePublicThreads|discordgo.PermissionSendMessagesInThreads {
		req.Threads = threadStarter{s}
	}
	d.handle(i, req, start)
}

func (d *Discord) autocomplete(i *discordgo.Interaction, req Request, start time.Time) {
	ctx, cancel := context.WithTimeout(context.Background(), d.Deadline-time.Since(start))
	defer cancel()
	choices := d.Handler.Autocomplete(ctx, req)
	out := make([]*discordgo.ApplicationCommandOptionChoice, 0, len(choices))
	for _, c := range choices {
		out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: c.Name, Value: c.Value})
	}
	err := d.Session.InteractionRespond(i, &discordgo.InteractionResponse{
		Type: discordgo.InteractionApplicationCommandAutocompleteResult,
		Data: &discordgo.InteractionResponseData{Choices: out},
	}, discordgo.WithContext(ctx))
	if err != nil {
		d.Logger.Warn("discord: autocomplete response failed", "id", i.ID, "err", cleanErr(err))
	}
}

// handle runs the handler and answers directly when it is done within
// DeferAfter, else acknowledges at once with a deferred response and edits
// that when the reply is ready.
func (d *Discord) handle(i *discordgo.Interaction, req Request, start time.Time) {
	done := make(chan Reply, 1)
	go func() { done <- d.Handler.Handle(context.Background(), req) }()

	timer := time.NewTimer(d.DeferAfter - time.Since(start))
	defer timer.Stop()
	select {
	case r := <-done:
		d.respond(i, start, r)
		d.post(i, r.Posts)
		runAfter(r)
		d.later(i, r)
		d.logDone(i, req, start, false)
		return
	case <-timer.C:
	}
	ctx, cancel := context.WithTimeout(context.Background(), d.Deadline-time.Since(start))
	err := d.Session.InteractionRespond(i, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
	}, discordgo.WithContext(ctx))
	cancel()
	if err != nil {
		d.Logger.Warn("discord: deferring failed", "id", i.ID, "err", cleanErr(err))
	}
	r := <-done
	d.followUp(i, r)
	d.post(i, r.Posts)
	runAfter(r)
	d.later(i, r)
	d.logDone(i, req, start, true)
}

// later posts, in the interaction's channel, the message a reply makes
// once it was sent (Reply.Later: the replay at the end of a game).
func (d *Discord) later(i *discordgo.Interaction, r Reply) {
	if r.Later == nil || r.Ephemeral {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := d.Send(ctx, i.ChannelID, Reply{Later: r.Later}); err != nil {
		d.Logger.Warn("discord: posting the replay failed", "id", i.ID, "channel", i.ChannelID, "err", err)
	}
}

func (d *Discord) logDone(i *discordgo.Interaction, req Request, start time.Time, deferred bool) {
	d.Logger.Debug("discord: interaction answered", "id", i.ID, "command", req.Command,
		"button", req.CustomID, "user", req.User.ID, "ms", time.Since(start).Milliseconds(), "deferred", deferred)
}

// respond sends r as the first response to the interaction.
func (d *Discord) respond(i *discordgo.Interaction, start time.Time, r Reply) {
	ctx, cancel := context.WithTimeout(context.Background(), d.Deadline-time.Since(start))
	defer cancel()
	err := d.Session.InteractionRespond(i, ResponseFor(r), discordgo.WithContext(ctx))
	if err != nil {
		d.Logger.Warn("discord: response failed", "id", i.ID, "err", cleanErr(err))
	}
}

// ResponseFor is the interaction response that sends r as a new message.
func ResponseFor(r Reply) *discordgo.InteractionResponse {
	data := &discordgo.InteractionResponseData{
		Content:         clipText(r.Text),
		Components:      components(r.Buttons),
		AllowedMentions: allowed(r.Mentions),
		Files:           files(r.Images),
	}
	if r.Ephemeral {
		data.Flags = discordgo.MessageFlagsEphemeral
	}
	return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: data}
}

// followUp replaces the deferred "thinking" message with r. An ephemeral
// reply cannot turn a public placeholder private, so the placeholder is
// deleted and r sent as an ephemeral follow-up.
func (d *Discord) followUp(i *discordgo.Interaction, r Reply) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	opt := discordgo.WithContext(ctx)
	if r.Ephemeral {
		if err := d.Session.InteractionResponseDelete(i, opt); err != nil {
			d.Logger.Warn("discord: deleting the placeholder failed", "id", i.ID, "err", cleanErr(err))
		}
		_, err := d.Session.FollowupMessageCreate(i, false, &discordgo.WebhookParams{
			Content: clipText(r.Text), Components: components(r.Buttons), AllowedMentions: allowed(r.Mentions),
			Files: files(r.Images), Flags: discordgo.MessageFlagsEphemeral,
		}, opt)
		if err != nil {
			d.Logger.Warn("discord: follow-up failed", "id", i.ID, "err", cleanErr(err))
		}
		return
	}
	text := clipText(r.Text)
	comps := components(r.Buttons)
	if comps == nil {
		comps = []discordgo.MessageComponent{}
	}
	_, err := d.Session.InteractionResponseEdit(i, &discordgo.WebhookEdit{
		Content: &text, Components: &comps, AllowedMentions: allowed(r.Mentions), Files: files(r.Images),
	}, opt)
	if err != nil {
		d.Logger.Warn("discord: editing the deferred response failed", "id", i.ID, "err", cleanErr(err))
	}
}

// post sends the extra messages of a reply, such as a game's first board
// in its new thread.
func (d *Discord) post(i *discordgo.Interaction, posts []Post) {
	for _, p := range posts {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		_, err := d.Session.ChannelMessageSendComplex(p.Channel, &discordgo.MessageSend{
			Content: clipText(p.Reply.Text), Components: components(p.Reply.Buttons),
			AllowedMentions: allowed(p.Reply.Mentions), Files: files(p.Reply.Images),
		}, discordgo.WithContext(ctx))
		cancel()
		if err != nil {
			d.Logger.Warn("discord: posting failed", "id", i.ID, "channel", p.Channel, "err", cleanErr(err))
		}
	}
}

// Self is the bot's own user, from the gateway's READY (after Open); the
// AI plays as this user (Bot.StartAI).
func (d *Discord) Self() User {
	if d.Session.State == nil || d.Session.State.User == nil {
		return User{}
	}
	u := userOf(d.Session.State.User)
	u.Bot = false // the bot's own user plays its AI games
	return u
}

// Send posts r to a channel as a new message (Sender): the AI's actions.
func (d *Discord) Send(ctx context.Context, channel string, r Reply) error {
	if r.Text != "" || len(r.Images) > 0 {
		_, err := d.Session.ChannelMessageSendComplex(channel, &discordgo.MessageSend{
			Content: clipText(r.Text), Components: components(r.Buttons),
			AllowedMentions: allowed(r.Mentions), Files: files(r.Images),
		}, discordgo.WithContext(ctx))
		if err != nil {
			return cleanErr(err)
		}
	}
	if r.Later != nil { // the replay at the end of a game, after the message
		later, err := r.Later()
		if err != nil {
			return err
		}
		return d.Send(ctx, channel, later)
	}
	return nil
}

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

// RequestFromInteraction turns an interaction into a Request. It refuses
// anything that is not /veletas or one of this bot's buttons.
func RequestFromInteraction(i *discordgo.Interaction) (Request, error) {
	req := Request{ID: i.ID, Guild: i.GuildID, Channel: i.ChannelID}
	switch {
	case i.Member != nil && i.Member.User != nil:
		req.User = userOf(i.Member.User)
		if i.Member.Nick != "" {
			req.User.Name = i.Member.Nick
		}
	case i.User != nil:
		req.User = userOf(i.User)
	default:
		return Request{}, badInput("discord: interaction without a user")
	}
	req.Locale = string(i.Locale)
	if i.Member != nil {
		// Administrators may do everything, Manage Server included.
		req.ManageServer = i.Member.Permissions&(discordgo.PermissionManageServer|discordgo.PermissionAdministrator) != 0
	}
	if !validKey(req.User.ID) || req.Channel == "" {
		return Request{}, badInput("discord: interaction without a valid user or channel")
	}
	switch i.Type {
	case discordgo.InteractionApplicationCommand, discordgo.InteractionApplicationCommandAutocomplete:
		data, ok := i.Data.(discordgo.ApplicationCommandInteractionData)
		if !ok || data.Name != CommandName || len(data.Options) != 1 || data.Options[0].Type != discordgo.ApplicationCommandOptionSubCommand {
			return Request{}, badInput("I only know `/%s` and its subcommands: try `/%s help`.", CommandName, CommandName)
		}
		req.Kind = KindCommand
		if i.Type == discordgo.InteractionApplicationCommandAutocomplete {
			req.Kind = KindAutocomplete
		}
		sub := data.Options[0]
		req.Command = sub.Name
		req.Options = make(map[string]string, len(sub.Options))
		for _, o := range sub.Options {
			if o == nil {
				continue
			}
			v, _ := o.Value.(string)
			req.Options[o.Name] = v
			if o.Focused {
				req.Focused = o.Name
			}
		}
		if data.Resolved != nil && len(data.Resolved.Users) > 0 {
			req.Users = make(map[string]User, len(data.Resolved.Users))
			for id, u := range data.Resolved.Users {
				if u == nil {
					continue
				}
				uu := userOf(u)
				uu.ID = id
				if m, ok := data.Resolved.Members[id]; ok && m != nil && m.Nick != "" {
					uu.Name = m.Nick
				}
				req.Users[id] = uu
			}
		}
	case discordgo.InteractionMessageComponent:
		data, ok := i.Data.(discordgo.MessageComponentInteractionData)
		if !ok {
			return Request{}, badInput("discord: component interaction without data")
		}
		req.Kind = KindButton
		req.CustomID = data.CustomID
	default:
		return Request{}, badInput("discord: interaction type %d is not handled", i.Type)
	}
	return req, nil
}

func userOf(u *discordgo.User) User {
	name := u.GlobalName
	if name == "" {
		name = u.Username
	}
	return User{ID: u.ID, Name: name, Bot: u.Bot}
}

func components(bs []Button) []discordgo.MessageComponent {
	if len(bs) == 0 {
		return nil
	}
	row := discordgo.ActionsRow{}
	for _, b := range bs {
		style := discordgo.SecondaryButton
		switch b.Style {
		case Primary:
			style = discordgo.PrimaryButton
		case Success:
			style = discordgo.SuccessButton
		case Danger:
			style = discordgo.DangerButton
		}
		row.Components = append(row.Components, discordgo.Button{Label: b.Label, CustomID: b.CustomID, Style: style})
	}
	return []discordgo.MessageComponent{row}
}

// allowed lets the message ping exactly the users listed (and no roles,
// nor @everyone).
func allowed(ids []string) *discordgo.MessageAllowedMentions {
	return &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}, Users: ids}
}

func files(imgs []Image) []*discordgo.File {
	var out []*discordgo.File
	for _, im := range imgs {
		out = append(out, &discordgo.File{Name: im.Name, ContentType: imageType(im.Name), Reader: bytes.NewReader(im.PNG)})
	}
	return out
}

// clipText keeps a message within Discord's 2000 characters.
func clipText(s string) string { return clipRunes(s, 2000) }

func clipRunes(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}

// cleanErr drops the request (and its authorization header) from REST
// errors, so that a logged error never carries the token.
func cleanErr(err error) error {
	var re *discordgo.RESTError
	if errors.As(err, &re) {
		status := ""
		if re.Response != nil {
			status = re.Response.Status
		}
		msg := ""
		if re.Message != nil {
			msg = re.Message.Message
		}
		return fmt.Errorf("discord: HTTP %s %s", status, msg)
	}
	var ue *url.Error
	if errors.As(err, &ue) {
		return fmt.Errorf("discord: %s %s: %w", ue.Op, redactURL(ue.URL), ue.Err)
	}
	return err
}

// redactURL drops the interaction token (and what follows) from a REST
// URL.
func redactURL(u string) string {
	for _, seg := range []string{"/interactions/", "/webhooks/"} {
		if i := strings.Index(u, seg); i >= 0 {
			return u[:i+len(seg)] + "…"
		}
	}
	return u
}
