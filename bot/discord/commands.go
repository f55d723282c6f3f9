package discord

import "github.com/bwmarrin/discordgo"

// CommandName is the first top-level slash command, Veletas's; everything
// else is a subcommand of it or of /fanorona (FanoronaCommandName).
const CommandName = "veletas"

// Commands returns the slash command definitions registered with Discord:
// /veletas and /fanorona with their subcommands, with autocomplete on
// every square and point option.
func Commands() []*discordgo.ApplicationCommand {
	return append(veletasCommands(), fanoronaCommands())
}

func veletasCommands() []*discordgo.ApplicationCommand {
	size := stringOption("size", "Board size: 7, 9 or 10 (10 by default)", false, false, 2)
	size.Choices = []*discordgo.ApplicationCommandOptionChoice{
		{Name: "7x7 (quick)", Value: "7"}, {Name: "9x9", Value: "9"}, {Name: "10x10 (standard)", Value: "10"},
	}
	level := stringOption("level", "Only against me, the computer: easy, medium or hard (easy by default)", false, false, 6)
	level.Choices = []*discordgo.ApplicationCommandOptionChoice{
		{Name: "easy", Value: "easy"}, {Name: "medium", Value: "medium"}, {Name: "hard", Value: "hard"},
	}
	dm := false
	return localized([]*discordgo.ApplicationCommand{{
		Name:         CommandName,
		Description:  "Play Veletas, the territory game with shooters",
		DMPermission: &dm,
		Options: []*discordgo.ApplicationCommandOption{
			subcommand("challenge", "Challenge someone to a game in this channel",
				userOption("opponent", "Who you want to play; leave out for an open challenge anyone may accept"),
				size, level, ratedOption(), timeOption(),
				rulesOption("Classic or revised rules (shooters do not block); the server's default otherwise")),
			subcommand("accept", "Accept the challenge made to you in this channel"),
			subcommand("decline", "Decline the challenge made to you in this channel"),
			subcommand("withdraw", "Withdraw your open challenges in this channel",
				userOption("opponent", "Only your challenge to this player")),
			subcommand("setup", "Place your shooters and your stone",
				stringOption("shooters", "Squares for your shooters, separated by spaces or commas (e.g. d4 g7)", true, true, 40),
				stringOption("stone", "Square for your stone (e.g. e5)", true, true, 4)),
			subcommand("swap", "Second player: take Black (the first player becomes White)"),
			subcommand("keep", "Second player: stay White (the first player stays Black)"),
			subcommand("move", "Play a turn: optionally move a shooter, then shoot a stone",
				stringOption("shooter", "The shooter that acts (e.g. d4)", true, true, 4),
				stringOption("shoot", "Where the stone lands (e.g. f6)", true, true, 4),
				stringOption("to", "Where the shooter moves first, if it moves (e.g. d7)", false, true, 4)),
			subcommand("resign", "Give up the game in this channel"),
			subcommand("board", "Show the board of the game in this channel"),
			subcommand("record", "Show the game record in Veletas notation"),
			subcommand("standings", "Show this server's leaderboard: ratings, wins and losses"),
			subcommand("rules", "Show the rules of Veletas",
				rulesOption("Which rules: classic or revised; the server's default otherwise")),
			subcommand("help", "Show how to play with this bot"),
			subcommand("stats", "Show a player's rating, record, streak and recent games", userOption("player", "Whose stats (yours by default)")),
			subcommand("claim", "Claim the win when your opponent's time for a move has run out"),
			subcommand("settings", "Show this server's settings; with Manage Server, change the defaults (time, rules, theme)",
				timeOptionDesc("New default time per move: 1h to 14d (e.g. 12h, 3d) or none"), languageOption(),
				rulesOption("New default rules of challenges: classic or revised"),
				choiceOption("theme", "New board theme of the server, for players who chose none: light or dark", false, "light", "dark")),
			subcommand("theme", "Show or choose the theme of the boards drawn for you: light, dark, or the server's",
				choiceOption("board", "light, dark, or server to follow the server's theme", false, "light", "dark", "server")),
			subcommand("notify", "Turn direct messages on or off: your turn, your time nearly up, a game's end",
				choiceOption("dm", "on: I write to you privately; off: I do not", false, "on", "off")),
			subcommand("games", "List your games in progress on this server, your turn first"),
			subcommand("takeback", "Ask your opponent to undo your last turn (before they move)"),
			subcommand("end", "Manage Server: end this channel's game when its stored data is damaged"),
		},
	}}, commandTexts, choiceTexts) // Japanese and French names and descriptions (commands_l10n.go)
}
