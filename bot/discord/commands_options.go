package discord

import "github.com/bwmarrin/discordgo"

// Options that several subcommands share, or too long to sit in the list
// of Commands.

// stringOption is a text option; auto turns on its autocomplete.
func stringOption(name, desc string, required, auto bool, maxLen int) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{
		Type: discordgo.ApplicationCommandOptionString, Name: name, Description: desc,
		Required: required, Autocomplete: auto, MaxLength: maxLen,
	}
}

// subcommand is a subcommand with its options.
func subcommand(name, desc string, opts ...*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{
		Type: discordgo.ApplicationCommandOptionSubCommand, Name: name, Description: desc, Options: opts,
	}
}

// userOption is an option naming a user.
func userOption(name, desc string) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionUser, Name: name, Description: desc}
}

func ratedOption() *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{
		Type: discordgo.ApplicationCommandOptionString, Name: "rated",
		Description: "Whether the game changes ratings (true by default)", MaxLength: 5,
		Choices: []*discordgo.ApplicationCommandOptionChoice{{Name: "true", Value: "true"}, {Name: "false", Value: "false"}},
	}
}

// rulesOption chooses the rules of a game (challenge) or a server's
// default (settings).
func rulesOption(desc string) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{
		Type: discordgo.ApplicationCommandOptionString, Name: "rules", Description: desc, MaxLength: 8,
		Choices: []*discordgo.ApplicationCommandOptionChoice{
			{Name: "classic", Value: "classic"},
			{Name: "revised (shooters do not block)", Value: "revised"},
		},
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

func languageOption() *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "language",
		Description: "Language of the bot's own notices (reminders, time-outs)", MaxLength: 2,
		Choices: []*discordgo.ApplicationCommandOptionChoice{
			{Name: "English", Value: "en"}, {Name: "日本語", Value: "ja"}, {Name: "Français", Value: "fr"}}}
}

// choiceOption is a string option with fixed choices, named as their
// values.
func choiceOption(name, desc string, required bool, values ...string) *discordgo.ApplicationCommandOption {
	o := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: name,
		Description: desc, Required: required, MaxLength: 8}
	for _, v := range values {
		o.Choices = append(o.Choices, &discordgo.ApplicationCommandOptionChoice{Name: v, Value: v})
	}
	return o
}
