// Package bot is the Discord bot of the Veletas project: the /veletas
// commands (challenge, accept, decline, setup, swap, keep, move, resign,
// board, record, standings, rules, help), their buttons and autocomplete,
// and two front ends that drive them: the Discord adapter (discord.go) and
// the console (console.go) that plays the same commands from text lines.
//
// The handlers know nothing of Discord. A front end turns what it receives
// into a Request (guild, channel, user, command, options or a button's
// custom id) and sends back the Reply a handler returns (text, ephemeral
// flag, PNG images, buttons, the users it may mention). Rules are never
// checked here: handlers call the Store, which applies actions through the
// game package and returns typed errors that this package translates into
// sentences for players (errors.go).
//
// Dependencies point one way: game ← render, store ← bot ← cmd/veletasbot.
// The interfaces the bot needs from the store and the renderer are declared
// in bot.go, where they are used.
package bot
