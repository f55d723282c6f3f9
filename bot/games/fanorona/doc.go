// Package fanoronamod is Fanorona's module of the bot (bot.Module), with
// its handicap variant Véla: the /fanorona command's own subcommands
// (move, a whole turn or a step at a time, stop, draw), the draw offers
// and the Véla offer at the end of a game, the path options'
// autocomplete with its cache of whole turns (paths.go), the wording of
// the engine's refusals and of the game's texts (texts.go), the boards
// and replays drawn with render/fanorona on the bot's render.Options,
// and the computer player of game/fanorona/ai.
//
// The package is named fanoronamod, not fanorona, so that it can import
// game/fanorona and render/fanorona under their own names. bot/games
// lists it: New(untimed).
package fanoronamod
