package bot

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"github.com/veletasbot/veletas/game"
	"github.com/veletasbot/veletas/store"
)

// The dispatch table: every subcommand of the lifecycle, shared by the
// games (each game adds its own actions, game.go), and every button
// action the core answers, and the handler for each. Handle looks
// requests up here, and parseCustomID accepts exactly the button actions
// listed in buttons: there is no second list.

type handlerFunc func(b *Bot, ctx context.Context, req Request) (Reply, error)

type buttonFunc func(b *Bot, ctx context.Context, req Request, id ButtonID) (Reply, error)

// Button actions carried in custom ids.
const (
	btnAccept      = "accept"  // accept a challenge (challenges.go)
	btnDecline     = "decline" // decline or withdraw a challenge
	btnTakebackYes = "tbyes"   // answer a takeback (takebacks.go)
	btnTakebackNo  = "tbno"
	btnRematch     = "rematch" // the end of a game (endgame.go)
	btnRecord      = "record"
)

// commands maps each subcommand of the lifecycle to its handler, filed by
// concern. The games' own (move, setup, stop, draw ...) are in their
// modules (bot/games/...).
var commands = map[string]handlerFunc{
	// challenges.go
	"challenge": (*Bot).challenge,
	"accept":    (*Bot).acceptCommand,
	"decline":   (*Bot).declineCommand,
	"withdraw":  (*Bot).withdrawCommand,
	// play.go
	"resign": (*Bot).resign,
	// views.go
	"board":  (*Bot).board,
	"record": (*Bot).record,
	"games":  (*Bot).games,
	"rules":  (*Bot).rules,
	"help":   (*Bot).help,
	// stats.go
	"standings": (*Bot).leaderboard,
	"stats":     (*Bot).stats,
	// timelimits.go
	"claim": (*Bot).claim,
	// takebacks.go
	"takeback": (*Bot).takeback,
	// endgame.go
	"rematch": (*Bot).rematchCommand,
	// usersettings.go
	"theme":  (*Bot).themeCommand,
	"notify": (*Bot).notifyCommand,
	// settings.go
	"settings": (*Bot).settingsCommand,
}

// buttons maps each button action to its handler.
var buttons = map[string]buttonFunc{
	btnAccept:      (*Bot).acceptButton,
	btnDecline:     (*Bot).declineButton,
	btnTakebackYes: (*Bot).takebackButton,
	btnTakebackNo:  (*Bot).takebackButton,
	btnRematch:     (*Bot).rematchButton,
	btnRecord:      (*Bot).recordButton,
	btnPlay:        (*Bot).playPressed, // picker.go
	btnTourJoin:    (*Bot).tourButton,  // tournaments.go
	btnTourLeave:   (*Bot).tourButton,
	btnActivity:    (*Bot).launchActivity, // activity.go
}

// gameActions are the subcommands that act on the channel's game, the
// lifecycle's and the games' own: in a channel whose game is another
// game's, Handle refuses them all alike before any handler runs
// (Bot.otherGame), naming the command of the channel's game. The views
// (board, record) show any game, and the first game's end ends a damaged game of
// any kind.
var gameActions = map[string]bool{
	"resign": true, "takeback": true, "claim": true,
}

// acts reports whether req's subcommand acts on the channel's game: one of
// gameActions, or one of its game's that Command.Acts.
func (req Request) acts() bool {
	return gameActions[req.Command] || req.module().acts[req.Command]
}

// otherGame refuses a game action of req's game in a channel whose game
// is of another kind. A channel without a game is left to the handler.
func (b *Bot) otherGame(ctx context.Context, req Request) error {
	if !req.acts() {
		return nil
	}
	g, err := b.Store.ActiveGame(ctx, req.Guild, req.Channel)
	if err != nil {
		return nil
	}
	return inGame(req.Locale, req.module(), g, req.Command)
}

// gameOver words the refusal of a game action in a channel whose game
// has ended (store.ErrNoGame while its last game is archived): the game
// is over, with its result, and how to start another. Any other error is
// returned as it is.
func (b *Bot) gameOver(ctx context.Context, req Request, err error) error {
	if !req.acts() || !errors.Is(err, store.ErrNoGame) {
		return err
	}
	g, ferr := b.Store.LastFinishedGame(ctx, req.Guild, req.Channel)
	if ferr != nil {
		return err
	}
	loc := withGame(req.Locale, g.Kind)
	result := tr(loc, "record.drawn", reasonText(loc, g, g.Reason))
	if g.Winner != "" {
		result = tr(loc, "record.won", person(loc, g.Winner, g.AI), reasonText(loc, g, g.Reason))
	}
	return refuse("game.over", g.ID, result)
}

// noGuildCommands are the commands that work outside a server.
var noGuildCommands = map[string]bool{"help": true, "rules": true}

// ButtonID is the parsed form of a custom id: "GAME:ACTION:KEY:REV", GAME
// being the slash command of the game the button is about (its
// game.Kind). KEY names a challenge (accept, decline) or a game (the
// other actions); REV is the game's revision the button was made for, so
// that a stale button is refused, and for a challenge's buttons its
// expiry in Unix seconds (challengeButton), so that a press after the
// challenge was purged is told it expired.
type ButtonID struct {
	Game   string // the game's command; "" for the first game
	Action string
	Key    string
	Rev    uint64
}

func (b ButtonID) String() string {
	prefix := b.Game
	if prefix == "" {
		prefix = reg().first().command
	}
	return prefix + ":" + b.Action + ":" + b.Key + ":" + strconv.FormatUint(b.Rev, 10)
}

// gameButton is the id of a button about a game or challenge of kind k.
func gameButton(k game.Kind, action, key string, rev uint64) string {
	return ButtonID{Game: moduleOf(k).command, Action: action, Key: key, Rev: rev}.String()
}

// parseCustomID reads a button's custom id. Anything not made by this
// package, or naming an action not in buttons, is an error.
func parseCustomID(s string) (ButtonID, error) {
	bad := func() (ButtonID, error) {
		return ButtonID{}, refuse("button.notmine")
	}
	if len(s) > maxCustomID {
		return bad()
	}
	parts := strings.Split(s, ":")
	if len(parts) != 4 {
		return bad()
	}
	game := parts[0]
	m, ok := reg().byName[game]
	if !ok {
		return bad()
	}
	if _, ok := buttons[parts[1]]; !ok {
		if _, ok := m.buttons[parts[1]]; !ok {
			return bad()
		}
	}
	if !ValidID(parts[2]) {
		return bad()
	}
	rev, err := strconv.ParseUint(parts[3], 10, 64)
	if err != nil || parts[3] != strconv.FormatUint(rev, 10) {
		return bad()
	}
	if m == reg().first() {
		game = "" // the first game's, as ButtonID.Game ""
	}
	return ButtonID{Game: game, Action: parts[1], Key: parts[2], Rev: rev}, nil
}

// settled is the reply to a button that settled something: done replaces
// the pressed message (Reply.Update) and next, when not nil, follows it as
// a new message. next's Posts and follow-ups (After, Later) move to the
// reply, which front ends run after both messages are out.
func settled(done Reply, next *Reply) Reply {
	done.Update = true
	if next != nil {
		n := *next
		done.Posts = append(done.Posts, n.Posts...)
		n.Posts = nil
		if n.After != nil {
			done.After, n.After = n.After, nil
		}
		if n.Later != nil {
			done.Later, n.Later = n.Later, nil
		}
		done.Next = &n
	}
	return done
}

// ButtonLabel is a metric label for a button's custom id: its game's
// command and action, without the game's or challenge's id ("other" for
// an id this package did not make).
func ButtonLabel(customID string) string {
	id, err := parseCustomID(customID)
	if err != nil {
		return "other"
	}
	return strings.TrimSpace(id.Game + " " + id.Action)
}
