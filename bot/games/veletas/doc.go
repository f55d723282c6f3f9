// Package veletasmod is Veletas's module of the bot (bot.Module): the
// /veletas command's own subcommands (setup, swap, keep, move, settings,
// end, and rules with its choice of rule set), the Swap and Keep buttons,
// the square options' autocomplete, the challenge terms (size, rules),
// the wording of the engine's refusals and of the game's texts (texts.go,
// Module.Texts), the boards and replays drawn with render/veletas on the
// bot's render.Options, and the computer player of game/veletas/ai.
//
// The package is named veletasmod, not veletas, so that it can import
// game/veletas and render/veletas under their own names. bot/games lists
// it: New(iterations).
package veletasmod
