// Package games is the one list of the games the bot hosts: one line per
// game. cmd/veletasbot passes All to bot.New (Config.Games) and Registry
// to the store; nothing else in the shared layers names a game.
package games
