// Package console plays the bot's commands from text lines, without
// Discord: `veletasbot console` reads lines such as (GAME being the
// command of one of the bot's games, bot.Games)
//
//	alice: /GAME challenge opponent:@bob
//	bob: [Accept]
//	alice: [Play]
//	alice: {c5}
//	alice: [Confirm]
//	wait 2d
//
// ("[Label]" presses the latest button so labelled; "{option}" chooses,
// by its label or value, an option of the latest select menu that has it:
// the picker of bot/picker.go, printed as "menu: {a} {b}"),
// turns each into a bot.Request for one server and channel (Guild,
// Channel), and prints the bot.Reply as text, with the images written to a
// directory (console.go). Its line parser is in line.go; its clock
// (OffsetClock), moved forward by "wait" lines, and the sweep of the time
// limits before each line are in clock.go (an expired challenge's message
// is replaced there, its buttons gone); the console is also the
// computer player's Sender, printing its moves after the line that caused
// them (sender.go).
//
// Like bot/discord it is a front end over the transport-free core in
// package bot.
package console
