package bot

import (
	"context"
	"strings"

	"github.com/veletasbot/veletas/game"
	"github.com/veletasbot/veletas/store"
)

// The games a request and a stored game are of (module.go holds the
// Module interface and the registry).

// moduleOf returns the module of a store kind (the first game's for an
// unknown kind, which the store refuses to replay anyway).
func moduleOf(k game.Kind) *module {
	r := reg()
	if m, ok := r.byKind[k]; ok {
		return m
	}
	return r.first()
}

// first is the game of a request that names none.
func (r *registry) first() *module {
	if len(r.list) == 0 {
		return noModule
	}
	return r.list[0]
}

// module is the game a request is for: the one its command names.
func (req Request) module() *module {
	r := reg()
	if m, ok := r.byName[req.Game]; ok {
		return m
	}
	return r.first()
}

// withGame makes a locale that writes the texts of game k ("fr+GAME").
func withGame(loc string, k game.Kind) string {
	l, _ := splitGame(loc)
	return l + "+" + moduleOf(k).command
}

// splitGame splits a locale made by withGame into the language and the
// game.
func splitGame(loc string) (string, string) {
	l, game, _ := strings.Cut(loc, "+")
	return l, game
}

// commandsFor writes the commands named in a text: `/{game} …` with
// game's command, `/{home} …` with home's.
func commandsFor(text, game, home string) string {
	if !strings.Contains(text, "`/{") {
		return text
	}
	// Two replacements, not a strings.Replacer: making one on every text
	// costs more than the texts' few commands.
	if strings.Contains(text, "`/{game} ") {
		text = strings.ReplaceAll(text, "`/{game} ", "`/"+game+" ")
	}
	if strings.Contains(text, "`/{home} ") {
		text = strings.ReplaceAll(text, "`/{home} ", "`/"+home+" ")
	}
	return text
}

// gameCommand looks up a subcommand of req's game: the game's own, then
// the lifecycle's.
func gameCommand(req Request) (handlerFunc, bool) {
	if h, ok := req.module().commands[req.Command]; ok {
		return func(b *Bot, ctx context.Context, req Request) (Reply, error) { return h(ctx, b, req) }, true
	}
	h, ok := commands[req.Command]
	return h, ok
}

// inGame refuses the subcommand sub of mod in a channel whose game is of
// another kind, naming the command to use: the same subcommand of the
// channel's game when it has one, else its slash command.
func inGame(loc string, mod *module, g store.Game, sub string) error {
	if g.Kind == mod.kind {
		return nil
	}
	other := moduleOf(g.Kind)
	use := "/" + other.command
	if _, ok := other.commands[sub]; ok || gameActions[sub] && commands[sub] != nil {
		use += " " + sub
	}
	return refuse("game.otherkind", use, "/"+other.command)
}

// InGame refuses a subcommand of mod's game in a channel whose game is of
// another kind (the module's handlers call it on the game they load).
func InGame(req Request, g store.Game) error {
	return inGame(req.Locale, req.module(), g, req.Command)
}

// noModule is the game of an empty registry: no command.
var noModule = &module{commands: map[string]Handler{}, acts: map[string]bool{}}
