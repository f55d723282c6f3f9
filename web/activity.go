package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/veletasbot/veletas/store"
)

// The board inside Discord, as an Activity (Discord's Embedded App SDK).
// Discord loads the Activity's page in an iframe at
// https://CLIENT_ID.discordsays.com/, which its proxy maps to the public
// URL (the Developer Portal's URL mapping "/" → the public URL's host):
// the page is served at "/" (and "/activity"), and every request it
// makes is a relative path through that proxy. The page's handshake:
//
//  1. the SDK's ready(), then authorize (scope identify, no redirect URI)
//     gives an authorization code;
//  2. POST /api/token {code} exchanges it here, with the client secret,
//     at Discord's token endpoint: {access_token};
//  3. the SDK's authenticate({access_token}), then POST /api/session
//     {access_token} opens a session of the user: {token, csrf, user};
//     the page sends the token as "Authorization: Bearer" from then on;
//  4. GET /api/activity/game?guild=&channel=&instance= gives the games of
//     the Activity's channel that the user may see: their board's path
//     (/g/TOKEN, the same unguessable link as on the web), to load.
//
// Activity instances are shared per channel and end when everyone
// leaves, so nothing is keyed by the instance: the instance only proves,
// through Discord (GET /applications/ID/activity-instances/INSTANCE, with
// the bot's token), that the user is in an Activity in that channel.

// Errors of the Activity's endpoints, wrapped with details.
var (
	// ErrActivityOff is returned when the Activity is not configured: no
	// client ID or no client secret.
	ErrActivityOff = errors.New("web: the Activity is not configured on this bot")
	// ErrBadRequest is a request body or query that cannot be read.
	ErrBadRequest = errors.New("web: bad request")
	// ErrNotInActivity refuses a game lookup by a user whom Discord does
	// not show in an Activity instance of that channel.
	ErrNotInActivity = errors.New("web: you are not in this Activity's channel")
)

// ChannelGames is what the Activity needs of the store to find the games
// of a channel (or thread): its active game (store.ErrNoGame when none)
// and its last finished one. Options.Store implements it when it is a
// *store.DB; otherwise the Activity finds no game.
type ChannelGames interface {
	ActiveGame(ctx context.Context, guild, channel string) (store.Game, error)
	LastFinishedGame(ctx context.Context, guild, channel string) (store.Game, error)
}

var _ ChannelGames = (*store.DB)(nil)

// maxAPIBody bounds the JSON bodies of /api/token and /api/session.
const maxAPIBody = 4 << 10

// apiError writes a JSON error {"error": msg} with status.
func apiError(w http.ResponseWriter, status int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]string{"error": msg})
}

// readJSONBody decodes r's JSON body (one object, at most maxAPIBody
// bytes, no unknown field) into v.
func readJSONBody(r *http.Request, v any) error {
	ct := r.Header.Get("Content-Type")
	if ct != "" && !strings.HasPrefix(ct, "application/json") {
		return fmt.Errorf("%w: the body must be JSON (Content-Type application/json), not %q", ErrBadRequest, clip(ct))
	}
	dec := json.NewDecoder(io.LimitReader(r.Body, maxAPIBody+1))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("%w: the body is not the expected JSON object: %w", ErrBadRequest, err)
	}
	if dec.More() {
		return fmt.Errorf("%w: the body holds more than one JSON value", ErrBadRequest)
	}
	return nil
}

// activityOn reports whether the Activity's token endpoint can work.
func (s *Server) activityOn() bool {
	return s.opts.OAuth.ClientID != "" && s.opts.OAuth.ClientSecret != ""
}

// TokenRequest is the body of POST /api/token.
type TokenRequest struct {
	Code string `json:"code"`
}

// TokenResponse is the answer of POST /api/token.
type TokenResponse struct {
	AccessToken string `json:"access_token"`
}

// apiToken serves POST /api/token: the Activity's token endpoint. It
// exchanges the authorization code of the SDK's authorize at Discord's
// token endpoint with the client ID and secret (no redirect_uri, as an
// Activity's code has none) and answers the access token, which the page
// passes to the SDK's authenticate. Neither the code nor the token is
// logged.
func (s *Server) apiToken(w http.ResponseWriter, r *http.Request) {
	if !s.activityOn() {
		apiError(w, http.StatusNotFound, "The Activity is not configured on this bot (it needs the client ID and the client secret).")
		return
	}
	var req TokenRequest
	if err := readJSONBody(r, &req); err != nil {
		apiError(w, http.StatusBadRequest, "Send {\"code\": \"...\"}, the code of the SDK's authorize: "+strings.TrimPrefix(err.Error(), "web: "))
		return
	}
	if req.Code == "" || len(req.Code) > 256 {
		apiError(w, http.StatusBadRequest, "The code is missing or too long: send the code of the SDK's authorize.")
		return
	}
	access, err := s.exchange(r.Context(), req.Code, "")
	if err != nil {
		s.opts.Logger.Info("web: an Activity's code refused", "err", err)
		apiError(w, http.StatusForbidden, "Discord refused the code (it may have been used already): open the Activity again.")
		return
	}
	writeJSON(w, TokenResponse{AccessToken: access})
}

// SessionRequest is the body of POST /api/session.
type SessionRequest struct {
	AccessToken string `json:"access_token"`
}

// SessionResponse is the answer of POST /api/session: the session's
// token (sent as "Authorization: Bearer TOKEN"), its CSRF token (sent in
// X-CSRF-Token with every state-changing request) and the user.
type SessionResponse struct {
	Token string `json:"token"`
	CSRF  string `json:"csrf"`
	User  MeUser `json:"user"`
}

// apiSession serves POST /api/session: it opens a session of the user
// whose access token the page got from /api/token.
func (s *Server) apiSession(w http.ResponseWriter, r *http.Request) {
	if s.opts.OAuth.ClientID == "" {
		apiError(w, http.StatusNotFound, "The Activity is not configured on this bot (it needs the client ID).")
		return
	}
	var req SessionRequest
	if err := readJSONBody(r, &req); err != nil {
		apiError(w, http.StatusBadRequest, "Send {\"access_token\": \"...\"}, the token of /api/token: "+strings.TrimPrefix(err.Error(), "web: "))
		return
	}
	if req.AccessToken == "" || len(req.AccessToken) > 512 {
		apiError(w, http.StatusBadRequest, "The access token is missing or too long: send the token of /api/token.")
		return
	}
	tok, csrf, v, err := s.openSession(r.Context(), req.AccessToken)
	if err != nil {
		s.opts.Logger.Info("web: an Activity's session refused", "err", err)
		apiError(w, http.StatusForbidden, "Discord did not tell who you are: open the Activity again.")
		return
	}
	writeJSON(w, SessionResponse{Token: tok, CSRF: csrf, User: MeUser{ID: v.UserID, Name: v.Name, Avatar: v.Avatar}})
}

// ActivityGame is a game in the answer of GET /api/activity/game.
type ActivityGame struct {
	// Path is the game's board, /g/TOKEN.
	Path    string    `json:"path"`
	Title   string    `json:"title"`
	Players [2]string `json:"players"` // their user IDs
	Over    bool      `json:"over"`
}

// ActivityGames is the answer of GET /api/activity/game: the channel's
// active game, else its last finished one; none when the channel has
// had no game.
type ActivityGames struct {
	Games []ActivityGame `json:"games"`
}

// ActivityInstance is where an Activity instance runs and who is in it,
// as Discord tells the bot.
type ActivityInstance struct {
	Guild, Channel string
	Users          []string
}

// instance asks Discord where Activity instance id runs and who is in
// it (with the bot's token).
func (s *Server) instance(ctx context.Context, id string) (ActivityInstance, error) {
	if s.opts.OAuth.BotToken == "" {
		return ActivityInstance{}, fmt.Errorf("%w: no bot token to ask Discord about the Activity", ErrActivityOff)
	}
	u := s.opts.OAuth.base() + "/api/v10/applications/" + url.PathEscape(s.opts.OAuth.ClientID) +
		"/activity-instances/" + url.PathEscape(id)
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return ActivityInstance{}, err
	}
	req.Header.Set("Authorization", "Bot "+s.opts.OAuth.BotToken)
	var out struct {
		Location struct {
			GuildID   string `json:"guild_id"`
			ChannelID string `json:"channel_id"`
		} `json:"location"`
		Users []string `json:"users"`
	}
	if err := s.discordJSON(req, &out); err != nil {
		return ActivityInstance{}, fmt.Errorf("activity instance: %w", err)
	}
	return ActivityInstance{Guild: out.Location.GuildID, Channel: out.Location.ChannelID, Users: out.Users}, nil
}

// snowflake reports whether id is a Discord ID (decimal digits).
func snowflake(id string) bool {
	return id != "" && len(id) <= 20 && strings.Trim(id, "0123456789") == ""
}

// activityGame serves GET /api/activity/game?guild=G&channel=C&instance=I
// for a signed-in user (bearer): the games of channel C of guild G, once
// Discord confirms that the user is in Activity instance I and that it
// runs in that channel.
func (s *Server) activityGame(w http.ResponseWriter, r *http.Request) {
	v, ok := s.Viewer(r)
	if !ok {
		apiError(w, http.StatusUnauthorized, "Sign in first: POST /api/session.")
		return
	}
	q := r.URL.Query()
	guild, channel, inst := q.Get("guild"), q.Get("channel"), q.Get("instance")
	if !snowflake(guild) || !snowflake(channel) || inst == "" || len(inst) > 128 {
		apiError(w, http.StatusBadRequest, "Give guild and channel (Discord IDs) and instance, the Activity's SDK's guildId, channelId and instanceId; the Activity works in a server's channels.")
		return
	}
	in, err := s.instance(r.Context(), inst)
	if err != nil {
		s.opts.Logger.Info("web: an Activity instance not found", "err", err)
		apiError(w, http.StatusForbidden, "Discord does not know this Activity: open it again.")
		return
	}
	if in.Guild != guild || in.Channel != channel || !slices.Contains(in.Users, v.UserID) {
		s.opts.Logger.Info("web: a game lookup refused", "err", ErrNotInActivity, "user", v.UserID, "guild", guild, "channel", channel)
		apiError(w, http.StatusForbidden, "Discord does not show you in this Activity's channel: open the Activity from the channel.")
		return
	}
	out := ActivityGames{Games: []ActivityGame{}}
	if cg, ok := s.opts.Store.(ChannelGames); ok {
		g, err := cg.ActiveGame(r.Context(), guild, channel)
		if errors.Is(err, store.ErrNoGame) {
			g, err = cg.LastFinishedGame(r.Context(), guild, channel)
		}
		switch {
		case err == nil:
			out.Games = append(out.Games, ActivityGame{Path: s.Path(g.ID), Title: heading(s.title(g, requestLanguage(r))), Players: g.Players, Over: g.Over()})
		case !errors.Is(err, store.ErrNoGame):
			s.opts.Logger.Warn("web: loading a channel's game", "guild", guild, "channel", channel, "err", err)
			apiError(w, http.StatusInternalServerError, "The bot could not read this channel's game: try again.")
			return
		}
	}
	writeJSON(w, out)
}

// activityPage serves the Activity's page: the game page's board, which
// its script fills once the handshake has found the channel's game. It is
// not found without a client ID.
func (s *Server) activityPage(w http.ResponseWriter, r *http.Request) {
	if s.opts.OAuth.ClientID == "" {
		s.notFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	data := struct {
		pageData
		Title, ClientID, ActivityJS string
	}{newPageData(r), "Board", s.opts.OAuth.ClientID, assetNames.ActivityJS}
	if err := pages.ExecuteTemplate(w, "activity", data); err != nil {
		s.opts.Logger.Warn("web: writing a page", "err", err)
	}
}

// The Activity's page: the game page's header and board, hidden until
// the handshake has found the game; a list to choose from when the
// channel has several.
var _ = template.Must(pages.Parse(`{{define "activity"}}{{template "head" .}}
<title>{{.Title}}</title>
<script type="application/json" id="texts">{{.T}}</script>
<script src="/assets/{{.ActivityJS}}" defer></script>
</head><body class="activity">
<main id="app" data-client-id="{{.ClientID}}" data-phase="loading">
<header class="bar"><h1 id="title">{{.Title}}</h1><span id="viewers" class="viewers"></span><span id="account" class="account"></span><button id="theme" type="button" aria-label="{{.T.theme}}">◐</button></header>
<p id="phase" class="phase" aria-live="polite">Connecting to Discord…</p>
<ul id="choose" class="choose" hidden></ul>
<div id="game" hidden>{{template "board" .}}</div>
</main></body></html>{{end}}`))
