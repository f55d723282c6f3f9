package discord

import (
	"github.com/bwmarrin/discordgo"
	"github.com/veletasbot/veletas/bot"
)

// Commands returns the slash command definitions registered with Discord:
// one per game the bot hosts (bot.Commands), with their subcommands and
// their Japanese and French names and descriptions.
func Commands() []*discordgo.ApplicationCommand {
	specs := bot.Commands()
	cmds := make([]*discordgo.ApplicationCommand, 0, len(specs))
	for _, s := range specs {
		cmds = append(cmds, applicationCommand(s))
	}
	return cmds
}

// applicationCommand converts a command's description into Discord's.
func applicationCommand(s bot.CommandSpec) *discordgo.ApplicationCommand {
	c := &discordgo.ApplicationCommand{Name: s.Name, Description: s.Description}
	if len(s.Descriptions) > 0 {
		d := locales(s.Descriptions)
		c.DescriptionLocalizations = &d
	}
	switch s.Scope {
	case bot.ScopeServersDM:
		dm := false
		//lint:ignore SA1019 deprecated, but the commands registered with it stay as they are (bot.ScopeServersDM)
		c.DMPermission = &dm
	case bot.ScopeServersCtx:
		c.Contexts = &[]discordgo.InteractionContextType{discordgo.InteractionContextGuild}
	case bot.ScopeInstallable:
		c.IntegrationTypes = &[]discordgo.ApplicationIntegrationType{
			discordgo.ApplicationIntegrationGuildInstall, discordgo.ApplicationIntegrationUserInstall}
		c.Contexts = &[]discordgo.InteractionContextType{
			discordgo.InteractionContextGuild, discordgo.InteractionContextBotDM, discordgo.InteractionContextPrivateChannel}
	}
	for _, sub := range s.Subcommands {
		o := &discordgo.ApplicationCommandOption{
			Type: discordgo.ApplicationCommandOptionSubCommand, Name: sub.Name, Description: sub.Description,
			NameLocalizations: locales(sub.Names), DescriptionLocalizations: locales(sub.Descriptions),
		}
		for _, opt := range sub.Options {
			o.Options = append(o.Options, option(opt))
		}
		c.Options = append(c.Options, o)
	}
	return c
}

// option converts an option's description into Discord's.
func option(s bot.OptionSpec) *discordgo.ApplicationCommandOption {
	o := &discordgo.ApplicationCommandOption{
		Type: discordgo.ApplicationCommandOptionString, Name: s.Name, Description: s.Description,
		Required: s.Required, Autocomplete: s.Autocomplete, MaxLength: s.MaxLength,
		NameLocalizations: locales(s.Names), DescriptionLocalizations: locales(s.Descriptions),
	}
	switch s.Type {
	case bot.OptionUser:
		o.Type = discordgo.ApplicationCommandOptionUser
	case bot.OptionRole:
		o.Type = discordgo.ApplicationCommandOptionRole
	}
	for _, ch := range s.Choices {
		o.Choices = append(o.Choices, &discordgo.ApplicationCommandOptionChoice{
			Name: ch.Name, Value: ch.Value, NameLocalizations: locales(ch.Names)})
	}
	return o
}

// locales converts texts by locale ("ja", "fr") into Discord's map; nil
// for none.
func locales(l bot.Localized) map[discordgo.Locale]string {
	if len(l) == 0 {
		return nil
	}
	m := make(map[discordgo.Locale]string, len(l))
	for k, v := range l {
		m[discordgo.Locale(k)] = v
	}
	return m
}
