package bot

import (
	"context"
	"regexp"
	"strings"

	"github.com/veletasbot/veletas/game"
	"github.com/veletasbot/veletas/store"
)

// Games: the bot hosts more than one game, each behind a gameModule, one
// slash command each (/veletas, /fanorona). The lifecycle is written once
// for all of them, in terms of this interface: challenges and their
// Accept, Decline and Withdraw (challenges.go), resigning (play.go), the
// views, the record and the games list (views.go), claims on time and the
// sweep (timelimits.go), takebacks, the end of a game with its replay and
// Rematch (endgame.go), standings and stats (stats.go) and the computer
// opponent's workers (aigames.go). A module brings what differs: the
// rules' actions and their options, autocomplete, the per-game parts of a
// game's message (title, score, last action, prompt, image), the replay,
// the record, the AI's decisions and the texts. game_veletas.go and
// game_fanorona.go hold the two modules.
type gameModule interface {
	// kind is the store's kind of the game's challenges and games;
	// command the slash command ("veletas", "fanorona").
	kind() game.Kind
	command() string

	// commands are the game's own subcommands (its actions) with their
	// options; the lifecycle's are in dispatch.go. completers suggest
	// values for "subcommand/option".
	commands() map[string]handlerFunc
	options() map[string][]string
	completers() map[string]completer

	// challengeTerms reads the game's options of a challenge (board,
	// rules, variant, side) into c, Kind included.
	challengeTerms(ctx context.Context, b *Bot, req Request, c *store.Challenge) error
	// rematchTerms is the challenge of a new game on the terms of g.
	rematchTerms(g store.Game) store.Challenge
	// startAI starts a game of req's user against the computer with the
	// options of req (level already read).
	startAI(ctx context.Context, b *Bot, req Request, r *aiRunner, level string) (store.Game, error)
	// aiRematch is the options of a new game against the computer on the
	// terms of g.
	aiRematch(g store.Game) map[string]string

	// challengeName names what a challenge is for in messages ("Veletas
	// on 7x7", "Véla"); gameName a game in lists ("7x7", "Véla").
	challengeName(loc string, c store.Challenge) string
	gameName(loc string, g store.Game) string

	// card fills the game's own parts of the card that shows g (card.go):
	// Title, Players, ScoreName, Score, Last, LastBy and Image; the
	// lifecycle words the rest with the parts it returns.
	card(b *Bot, loc string, g store.Game, lk look) (GameCard, cardParts, error)
	// replay draws the animated replay of a finished game in a look, nil
	// when the bot cannot (or the game has no turn).
	replay(b *Bot, g store.Game, lk look) func() ([]byte, error)
	// record is the game record in the notation.
	record(g store.Game) string

	// aiDecide lets the computer act in g, which it is to act in, and
	// applies its action at g's revision; it returns the game after it
	// and the action in the notation (for the logs).
	aiDecide(ctx context.Context, r *aiRunner, g store.Game) (store.Game, string, error)

	// slash is the game's own part of its slash command: its
	// description, its subcommands in order, its own options and texts
	// (commandspec.go; slash_veletas.go, slash_fanorona.go).
	slash() slashPart
}

// cardParts are the parts of a game's card that a module words and the
// lifecycle places (gameViewIn): the prompt to the player to act, a note
// under it (Véla's phase), the words saying how a winner won by the
// rules, the colour bars of the side to act and of the winner, and any
// buttons of the moment (Veletas's Swap and Keep).
type cardParts struct {
	Prompt, Note            string
	WinHow                  string
	ColorToAct, ColorWinner int
	Buttons                 []Button
}

// completer suggests values for one option given the game, the options
// typed so far and the text being typed.
type completer func(g store.Game, opts map[string]string, typed string) []Choice

// modules are the games, by slash command; Veletas is also the game of a
// Request that names none.
var modules = map[string]gameModule{
	"veletas":  veletasGame{},
	"fanorona": fanoronaGame{},
}

// Games lists the slash commands of the games the bot hosts.
func Games() []string { return []string{"veletas", "fanorona"} }

// moduleOf returns the module of a store kind (Veletas's for an unknown
// kind, which the store refuses to replay anyway).
func moduleOf(k game.Kind) gameModule {
	if k == kindFanorona {
		return modules["fanorona"]
	}
	return modules["veletas"]
}

// module is the game a request is for: the one its command names.
func (req Request) module() gameModule {
	if m, ok := modules[req.Game]; ok {
		return m
	}
	return modules["veletas"]
}

// withGame makes a locale that writes the texts of game k ("fr+fanorona");
// Veletas's texts are the catalogue's own.
func withGame(loc string, k game.Kind) string {
	l, _ := splitGame(loc)
	if k == kindVeletas {
		return l
	}
	return l + "+" + moduleOf(k).command()
}

// splitGame splits a locale made by withGame into the language and the
// game.
func splitGame(loc string) (string, string) {
	l, game, _ := strings.Cut(loc, "+")
	return l, game
}

// sharedCommands are the subcommands every game has, whose texts a game's
// locale rewrites from `/veletas …` to its own command.
var sharedCommands = regexp.MustCompile("`/veletas (challenge|accept|decline|withdraw|move|resign|board|record|standings|stats|claim|games|takeback|help|rules|%)")

// commandsFor rewrites the shared commands named in a text for game.
func commandsFor(text, game string) string {
	if !strings.Contains(text, "/veletas ") {
		return text
	}
	return sharedCommands.ReplaceAllString(text, "`/"+game+" $1")
}

// gameCommand looks up a subcommand of req's game: the game's own, then
// the lifecycle's.
func gameCommand(req Request) (handlerFunc, bool) {
	if h, ok := req.module().commands()[req.Command]; ok {
		return h, true
	}
	h, ok := commands[req.Command]
	return h, ok
}

// inGame refuses the subcommand sub of mod in a channel whose game is of
// another kind, naming the command to use: the same subcommand of the
// channel's game when it has one, else its slash command.
func inGame(loc string, mod gameModule, g store.Game, sub string) error {
	if g.Kind == mod.kind() {
		return nil
	}
	other := moduleOf(g.Kind)
	use := "/" + other.command()
	if _, ok := other.commands()[sub]; ok || gameActions[sub] && commands[sub] != nil {
		use += " " + sub
	}
	return refuse("game.otherkind", use, "/"+other.command())
}
