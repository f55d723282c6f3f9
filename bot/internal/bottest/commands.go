package bottest

import (
	"context"
	"image"
	"strconv"
	"strings"
	"testing"

	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/internal/gifframes"
	"github.com/veletasbot/veletas/store"
)

// The commands and button presses of the games' tests (bot/games/...),
// which play through Bot.Handle as a front end does.

// AIName is the bot's own user, the computer player, in these tests.
const AIName = "veletas"

// Req is the request of user's subcommand sub of game's command, with
// options written "key=value".
func (e *Env) Req(game, user, sub string, opts ...string) bot.Request {
	o := map[string]string{}
	for _, kv := range opts {
		k, v, _ := strings.Cut(kv, "=")
		o[k] = v
	}
	e.n++
	return bot.Request{ID: "r" + strconv.Itoa(e.n), Type: bot.TypeCommand, Game: game, Guild: e.Guild, Channel: e.Channel,
		User: bot.User{ID: user, Name: strings.ToUpper(user)}, Command: sub, Options: o}
}

// Cmd runs user's subcommand sub of game's command.
func (e *Env) Cmd(game, user, sub string, opts ...string) bot.Reply {
	e.TB.Helper()
	return e.Bot.Handle(context.Background(), e.Req(game, user, sub, opts...))
}

// Press presses a button as user, in the Discord locale loc.
func (e *Env) Press(loc, user, customID string) bot.Reply {
	e.TB.Helper()
	return e.Bot.Handle(context.Background(), bot.Request{Type: bot.TypeButton, Guild: e.Guild, Channel: e.Channel,
		User: bot.User{ID: user, Name: user}, CustomID: customID, Locale: loc})
}

// StartAI starts the bot's computer player (AIName), its posts dropped,
// stopped at the end of the test.
func (e *Env) StartAI(cfg bot.AIConfig) {
	e.TB.Helper()
	if err := e.Bot.StartAI(bot.User{ID: AIName, Name: AIName}, dropPosts{}, cfg); err != nil {
		e.TB.Fatal(err)
	}
	e.TB.Cleanup(e.Bot.StopAI)
}

type dropPosts struct{}

func (dropPosts) Send(context.Context, string, bot.Reply) error { return nil }

// Public checks that r is a public reply.
func Public(tb testing.TB, r bot.Reply) bot.Reply {
	tb.Helper()
	if r.Ephemeral {
		tb.Fatalf("refused: %s", r.Plain())
	}
	return r
}

// Refused checks that r is a refusal (ephemeral) that says want.
func Refused(tb testing.TB, r bot.Reply, want string) {
	tb.Helper()
	if !r.Ephemeral {
		tb.Fatalf("not refused (ephemeral): %q", r.Plain())
	}
	if !strings.Contains(r.Plain(), want) {
		tb.Fatalf("refusal %q does not say %q", r.Plain(), want)
	}
}

// Button returns the custom id of the reply's button with this label.
func Button(tb testing.TB, r bot.Reply, label string) string {
	tb.Helper()
	for _, b := range r.Buttons {
		if b.Label == label {
			return b.CustomID
		}
	}
	tb.Fatalf("no button %q in reply %+v", label, r)
	return ""
}

// RunAfter runs a reply's After hook, as a front end does once the reply
// is sent.
func RunAfter(r bot.Reply) {
	if r.After != nil {
		r.After()
	}
}

// Complete asks for the suggestions of option focused of user's
// subcommand sub of game's command, typed so far as opts.
func (e *Env) Complete(game, user, sub, focused string, opts ...string) []bot.Choice {
	e.TB.Helper()
	r := e.Req(game, user, sub, opts...)
	r.Type, r.Focused = bot.TypeAutocomplete, focused
	return e.Bot.Autocomplete(context.Background(), r)
}

// Start has alice challenge bob to a game of game's command with options
// opts, and bob accept.
func (e *Env) Start(game string, opts ...string) bot.Reply {
	e.TB.Helper()
	ch := Public(e.TB, e.Cmd(game, "alice", "challenge", append([]string{"opponent=bob"}, opts...)...))
	return Public(e.TB, e.Press("", "bob", Button(e.TB, ch, "Accept")))
}

// ResignedReplay plays turns moves in a game of game (started with
// Start), each the options of the "move" subcommand that move gives for
// the game as stored, then has the player to act resign in the Discord
// locale loc. It returns the picture the replay's last frame shows and
// the finished game.
func (e *Env) ResignedReplay(game, loc string, turns int, move func(store.Game) []string) (*image.RGBA, store.Game) {
	e.TB.Helper()
	ctx := context.Background()
	e.Start(game)
	for range turns {
		g, err := e.DB.ActiveGame(ctx, e.Guild, e.Channel)
		if err != nil {
			e.TB.Fatal(err)
		}
		Public(e.TB, e.Cmd(game, g.ToAct(), "move", move(g)...))
	}
	g, err := e.DB.ActiveGame(ctx, e.Guild, e.Channel)
	if err != nil {
		e.TB.Fatal(err)
	}
	resign := e.Req(game, g.ToAct(), "resign")
	resign.Locale = loc
	end := Public(e.TB, e.Bot.Handle(ctx, resign))
	if end.Later == nil {
		e.TB.Fatal("no replay after the final message")
	}
	replay, err := end.Later()
	if err != nil || len(replay.Images) != 1 {
		e.TB.Fatalf("replay: %d images, %v", len(replay.Images), err)
	}
	last, err := gifframes.Last(replay.Images[0].PNG)
	if err != nil {
		e.TB.Fatal(err)
	}
	done, err := e.DB.FinishedGames(ctx, e.Guild, "", 1)
	if err != nil || len(done) != 1 || done[0].Reason != store.ReasonResign {
		e.TB.Fatalf("finished: %+v %v", done, err)
	}
	return last, done[0]
}
