package bot

import "github.com/bwmarrin/discordgo"

// The slash command definitions of the community's commands (community.go),
// appended to Commands.

func ratedOption() *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{
		Type: discordgo.ApplicationCommandOptionString, Name: "rated",
		Description: "Whether the game changes ratings (true by default)", MaxLength: 5,
		Choices: []*discordgo.ApplicationCommandOptionChoice{{Name: "true", Value: "true"}, {Name: "false", Value: "false"}},
	}
}

func timeOption() *discordgo.ApplicationCommandOption {
	return timeOptionDesc("Time per move: 1h to 14d (e.g. 12h, 3d) or none; the server's default otherwise")
}

func timeOptionDesc(desc string) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{
		Type: discordgo.ApplicationCommandOptionString, Name: "time", Description: desc, MaxLength: 16,
	}
}

func communityCommands() []*discordgo.ApplicationCommandOption {
	sub := func(name, desc string, opts ...*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommandOption {
		return &discordgo.ApplicationCommandOption{
			Type: discordgo.ApplicationCommandOptionSubCommand, Name: name, Description: desc, Options: opts,
		}
	}
	user := func(name, desc string) *discordgo.ApplicationCommandOption {
		return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionUser, Name: name, Description: desc}
	}
	return []*discordgo.ApplicationCommandOption{
		sub("stats", "Show a player's rating, record, streak and recent games", user("player", "Whose stats (yours by default)")),
		sub("claim", "Claim the win when your opponent's time for a move has run out"),
		sub("settings", "Show this server's settings; with Manage Server, change the default time per move",
			timeOptionDesc("New default time per move: 1h to 14d (e.g. 12h, 3d) or none"),
			&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "language",
				Description: "Language of the bot's own notices (reminders, time-outs)", MaxLength: 2,
				Choices: []*discordgo.ApplicationCommandOptionChoice{
					{Name: "English", Value: "en"}, {Name: "日本語", Value: "ja"}, {Name: "Français", Value: "fr"}}}),
		sub("games", "List your games in progress on this server, your turn first"),
		sub("takeback", "Ask your opponent to undo your last turn (before they move)"),
	}
}
