// Package bot is the Discord bot of the Veletas project: the /veletas
// commands (challenge, accept, decline, setup, swap, keep, move, resign,
// board, record, standings, stats, games, takeback, claim, settings, rules,
// help), their buttons and autocomplete, and two front ends that drive
// them: the Discord adapter (discord.go) and the console (console.go) that
// plays the same commands from text lines.
//
// A server's community (community.go): Glicko-2 ratings and the
// leaderboard (ratings.go), time limits with one sweep that reminds and
// reports time-outs (timeouts.go: Bot.Sweep, run by StartSweeper on one
// goroutine, or by the console before each line), the caller's games
// (mygames.go), takebacks (takeback.go), open challenges, rematches and the
// replay at the end (endgame.go).
//
// Games against the computer (ai.go): `/veletas challenge opponent:@<the
// bot>` starts one at once. The AI's actions are decided by one bounded
// pool of workers (Bot.StartAI, Bot.StopAI), never inside an interaction,
// applied at the revision the AI saw and posted through a Sender (the
// Discord adapter, the console); games left with the AI to act are queued
// again at start, by the AI's rescan and by Bot.Sweep.
//
// Every text for players is in one catalogue of message ids
// (messages.go, with messages_en.go, messages_ja.go, messages_fr.go);
// replies are written in the language of the Request's Locale, refusals
// carry a message id (refuse) and are worded when shown.
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
