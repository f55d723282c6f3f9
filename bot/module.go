package bot

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"

	"github.com/veletasbot/veletas/game"
	"github.com/veletasbot/veletas/store"
)

// Games as plug-ins: the bot hosts games it does not know, each behind a
// Module registered in Config.Games (cmd/veletasbot passes
// bot/games.All()). The lifecycle is written once for all of them in
// terms of Module: challenges and their Accept, Decline and Withdraw,
// resigning, the views, the record and the games list, claims on time and
// the sweep, takebacks, the end of a game with its replay and Rematch,
// standings and stats and the computer opponent's workers. A module
// brings what differs: the rules (game.Rules, whose Kind is its slash
// command), its own subcommands with their options, the terms of its
// challenges, the names of its games, its parts of a game's card, its
// record and its texts. What only some games have is an optional
// interface of its own (Completions, ButtonActions, FinalButtons,
// Replayer, AIPlayer), found once at registration.

// Module is one game's part of the bot. Its package checks so at compile
// time: var _ bot.Module = (*Module)(nil).
type Module interface {
	// Rules is the game (its package's Definition): its Kind is the
	// game's slash command.
	Rules() game.Rules
	ModuleCommands
	ModuleTerms
	ModuleViews
	// Texts is the module's own catalogue: by language ("en" complete),
	// by message key. A key the core also has is the game's own text of
	// it; the module's other keys are its own messages.
	Texts() Catalogue
	// Slash is the game's own part of its slash command: its
	// description, its subcommands in order, its own options and texts
	// (commandspec.go).
	Slash() SlashPart
}

// ModuleCommands are a game's own subcommands.
type ModuleCommands interface {
	// Commands are the game's own subcommands (its actions); the
	// lifecycle's are in dispatch.go.
	Commands() []Command
	// Options are the options the game's subcommands take, the
	// lifecycle's ones (challenge, rules ...) included when the game
	// sets them.
	Options() map[string][]string
}

// ModuleTerms read and repeat the terms of a game's challenges.
type ModuleTerms interface {
	// ChallengeTerms reads the game's options of a challenge (board,
	// rules, variant, side) into c, Kind included.
	ChallengeTerms(ctx context.Context, b *Bot, req Request, c *store.Challenge) error
	// RematchTerms is the challenge of a new game on the terms of g.
	RematchTerms(g store.Game) store.Challenge
}

// ModuleViews name and show a game.
type ModuleViews interface {
	// ChallengeName names what a challenge is for in messages ("a game
	// on 7x7"); GameName a game in lists ("7x7").
	ChallengeName(loc string, c store.Challenge) string
	GameName(loc string, g store.Game) string
	// Card fills the game's own parts of the card that shows g: Title,
	// Players, ScoreName, Score, Last, LastBy and Image; the lifecycle
	// words the rest with the parts it returns.
	Card(b *Bot, loc string, g store.Game, lk Look) (GameCard, CardParts, error)
	// Record is the game record in the game's notation.
	Record(g store.Game) string
	// RecordPlayers are g's players in the order the record's text
	// (record.text) names them.
	RecordPlayers(g store.Game) (string, string)
}

// Completions is a module that suggests values of its options.
type Completions interface {
	// Completers suggest values by "subcommand/option".
	Completers() map[string]Completer
}

// ButtonActions is a module with buttons of its own (Swap and Keep, a
// draw offer's answers): its handlers by action. An action must not be
// one of the lifecycle's.
type ButtonActions interface {
	ButtonActions() map[string]ButtonHandler
}

// FinalButtons is a module whose games' final message has buttons besides
// Record and Rematch (a handicap game offered by its loser).
type FinalButtons interface {
	FinalButtons(loc string, g store.Game) []Button
}

// Wording is a module that names its games otherwise in some places than
// GameName does, or words how its rules ended a game.
type Wording interface {
	// RecentName names g in a player's recent games (stats).
	RecentName(loc string, g store.Game) string
	// NoticeName names g in the notices sent by DM, which put it in
	// parentheses.
	NoticeName(loc string, g store.Game) string
	// RulesEnding says how the rules ended g, in detail (the records and
	// stats) or in short (a refusal after the end); "" leaves the
	// lifecycle's words.
	RulesEnding(loc string, g store.Game, detail bool) string
}

// GameSettings is a module whose game has server settings of its own
// beside the server's (settings.go): options of its settings subcommand
// that the lifecycle's lacks, such as the default terms of its
// challenges.
type GameSettings interface {
	// SettingsLines are the lines showing its settings in s.
	SettingsLines(loc string, s store.Settings) []string
	// ChangeSettings reads its options of req: a nil change when req
	// gives none, an error (a refusal) for a bad one, and nothing is
	// changed. change edits the settings in the server's transaction;
	// said words what changed, after it.
	ChangeSettings(req Request) (change func(*store.Settings), said func(s store.Settings) string, err error)
}

// Refusals is a module that words the refusals of its rules' errors.
type Refusals interface {
	// Refusal is the refusal of err, an error of the game's rules, and
	// false for an error the module does not word.
	Refusal(err error) (RuleRefusal, bool)
}

// Replayer is a module that draws the animated replay of a finished game.
type Replayer interface {
	// Replay returns the drawing of g's replay in a Look, nil when the
	// bot cannot draw it (or the game has no turn).
	Replay(b *Bot, g store.Game, lk Look) func() ([]byte, error)
}

// AIPlayer is a module whose games may be played against the computer.
type AIPlayer interface {
	// StartAI starts a game of req's user against the computer, self,
	// with the options of req at level ("easy", "medium", "hard").
	StartAI(ctx context.Context, b *Bot, req Request, self, level string) (store.Game, error)
	// AIRematch is the options of a new game against the computer on
	// the terms of g.
	AIRematch(g store.Game) map[string]string
	// AIDecide lets the computer act in g, which it is to act in, and
	// applies its action at g's revision; it returns the game after it
	// and the action in the notation (for the logs).
	AIDecide(ctx context.Context, b *Bot, g store.Game) (store.Game, string, error)
	// AILevel reads the level option typed (its default for ""), false
	// for one the game has not.
	AILevel(typed string) (string, bool)
	// AICostly reports whether a decision at level takes long (the
	// queue keeps cheap ones from waiting behind it).
	AICostly(level string) bool
}

// Handler answers a subcommand.
type Handler func(ctx context.Context, b *Bot, req Request) (Reply, error)

// ButtonHandler answers a button press.
type ButtonHandler func(ctx context.Context, b *Bot, req Request, id ButtonID) (Reply, error)

// Completer suggests values for one option given the game, the options
// typed so far and the text being typed.
type Completer func(g store.Game, opts map[string]string, typed string) []Choice

// Command is a subcommand of a game.
type Command struct {
	Name    string
	Handler Handler
	// Acts tells a subcommand that acts on the channel's game: in a
	// channel whose game is another game's, it is refused before its
	// handler runs, naming the command to use.
	Acts bool
}

// Catalogue is a set of texts: by language, by message key.
type Catalogue map[string]map[string]string

// CardParts are the parts of a game's card that a module words and the
// lifecycle places: the prompt to the player to act, a note under it,
// the words saying how a winner won by the rules, the colour bars of the
// side to act and of the winner, and any buttons of the moment.
type CardParts struct {
	Prompt, Note            string
	WinHow                  string
	ColorToAct, ColorWinner int
	Buttons                 []Button
}

// SideColor is the colour bar of a side: the first side's (white) or the
// other's.
func SideColor(white bool) int { return sideColor(white) }

// module is a registered Module with its optional parts, found once.
type module struct {
	Module
	kind     game.Kind
	command  string
	commands map[string]Handler
	acts     map[string]bool
	complete map[string]Completer
	buttons  map[string]ButtonHandler
	final    FinalButtons
	replay   Replayer
	words    Wording
	refusals Refusals
	ai       AIPlayer
	settings GameSettings
}

// registry is the games the bot hosts: the first is the game of a
// request that names none.
type registry struct {
	list   []*module
	byName map[string]*module    // by slash command
	byKind map[game.Kind]*module // by kind
	texts  Catalogue             // the modules' texts, keyed "key@command"
}

// games is the registry of the last Bot made, for what has no *Bot to
// ask: the catalogue's lookups (tr, Text, trn, reached from every text of
// the core and the modules, with only a locale), the games' commands of
// the front ends (Games, Commands, ButtonLabels) and the custom ids of
// buttons (ButtonID.String). Threading the registry through them would
// give every text a *Bot; a process hosts one set of games (tests make
// many bots of the same games), so a Bot's own registry (Bot.registry)
// serves what a Bot does have (refusals), and this one the rest.
var games atomic.Pointer[registry]

func newRegistry(mods []Module) (*registry, error) {
	r := &registry{byName: map[string]*module{}, byKind: map[game.Kind]*module{}, texts: Catalogue{}}
	for _, m := range mods {
		k := m.Rules().Kind()
		if _, dup := r.byName[string(k)]; dup {
			return nil, fmt.Errorf("bot: %w: %q", game.ErrDuplicateKind, string(k))
		}
		rm := &module{Module: m, kind: k, command: string(k), commands: map[string]Handler{}, acts: map[string]bool{}}
		for _, c := range m.Commands() {
			rm.commands[c.Name] = c.Handler
			rm.acts[c.Name] = c.Acts
		}
		if c, ok := m.(Completions); ok {
			rm.complete = c.Completers()
		}
		if bs, ok := m.(ButtonActions); ok {
			rm.buttons = bs.ButtonActions()
			for a := range rm.buttons {
				if _, clash := buttons[a]; clash {
					return nil, fmt.Errorf("bot: %s: button action %q is the lifecycle's", k, a)
				}
			}
		}
		rm.final, _ = m.(FinalButtons)
		rm.replay, _ = m.(Replayer)
		rm.words, _ = m.(Wording)
		rm.refusals, _ = m.(Refusals)
		rm.ai, _ = m.(AIPlayer)
		rm.settings, _ = m.(GameSettings)
		if err := checkTexts(m.Texts()); err != nil {
			return nil, fmt.Errorf("bot: %s: %w", k, err)
		}
		for l, texts := range m.Texts() {
			if r.texts[l] == nil {
				r.texts[l] = map[string]string{}
			}
			for key, t := range texts {
				r.texts[l][key+"@"+rm.command] = t
			}
		}
		r.list = append(r.list, rm)
		r.byName[rm.command] = rm
		r.byKind[k] = rm
	}
	if len(r.list) == 0 {
		return nil, fmt.Errorf("bot: no game: %w", game.ErrUnknownKind)
	}
	return r, nil
}

// NameKey is the key of a game's display name in its module's Texts: the
// core's texts about a game write it for {name}.
const NameKey = "game.name"

// ModuleKeys are the texts every module must word in English (Texts): the
// core has no text of them, the game's name and its own rules and help.
var ModuleKeys = []string{NameKey, "rules", "help"}

// ErrMissingText is a module's catalogue that lacks a text the core needs.
var ErrMissingText = errors.New("module lacks a text the core needs")

// checkTexts reports a catalogue that lacks one of ModuleKeys in English.
func checkTexts(c Catalogue) error {
	for _, k := range ModuleKeys {
		if c["en"][k] == "" {
			return fmt.Errorf("%w: %q", ErrMissingText, k)
		}
	}
	return nil
}

// reg is the registry of the games.
func reg() *registry {
	if r := games.Load(); r != nil {
		return r
	}
	return emptyRegistry
}

var emptyRegistry = &registry{byName: map[string]*module{}, byKind: map[game.Kind]*module{}, texts: Catalogue{}}

// Games lists the slash commands of the games the bot hosts (the last
// Bot made), the first being the game of a request that names none.
func Games() []string {
	var gs []string
	for _, m := range reg().list {
		gs = append(gs, m.command)
	}
	return gs
}
