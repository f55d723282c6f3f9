package discord

import (
	"fmt"

	"github.com/bwmarrin/discordgo"
	"github.com/veletasbot/veletas/bot"
)

// RequestFromInteraction turns an interaction into a Request. It refuses
// anything that is not /veletas or one of this bot's buttons.
func RequestFromInteraction(i *discordgo.Interaction) (bot.Request, error) {
	req := bot.Request{ID: i.ID, Guild: i.GuildID, Channel: i.ChannelID}
	switch {
	case i.Member != nil && i.Member.User != nil:
		req.User = userOf(i.Member.User)
		if i.Member.Nick != "" {
			req.User.Name = i.Member.Nick
		}
	case i.User != nil:
		req.User = userOf(i.User)
	default:
		return bot.Request{}, fmt.Errorf("discord: interaction without a user")
	}
	req.Locale = string(i.Locale)
	if i.Member != nil {
		// Administrators may do everything, Manage Server included.
		req.ManageServer = i.Member.Permissions&(discordgo.PermissionManageGuild|discordgo.PermissionAdministrator) != 0
	}
	if !bot.ValidID(req.User.ID) || req.Channel == "" {
		return bot.Request{}, fmt.Errorf("discord: interaction without a valid user or channel")
	}
	switch i.Type {
	case discordgo.InteractionApplicationCommand, discordgo.InteractionApplicationCommandAutocomplete:
		data, ok := i.Data.(discordgo.ApplicationCommandInteractionData)
		if !ok || data.Name != CommandName || len(data.Options) != 1 || data.Options[0].Type != discordgo.ApplicationCommandOptionSubCommand {
			return bot.Request{}, refusal(fmt.Sprintf("I only know `/%s` and its subcommands: try `/%s help`.", CommandName, CommandName))
		}
		req.Kind = bot.KindCommand
		if i.Type == discordgo.InteractionApplicationCommandAutocomplete {
			req.Kind = bot.KindAutocomplete
		}
		sub := data.Options[0]
		req.Command = sub.Name
		req.Options = make(map[string]string, len(sub.Options))
		for _, o := range sub.Options {
			if o == nil {
				continue
			}
			v, _ := o.Value.(string)
			req.Options[o.Name] = v
			if o.Focused {
				req.Focused = o.Name
			}
		}
		if data.Resolved != nil && len(data.Resolved.Users) > 0 {
			req.Users = make(map[string]bot.User, len(data.Resolved.Users))
			for id, u := range data.Resolved.Users {
				if u == nil {
					continue
				}
				uu := userOf(u)
				uu.ID = id
				if m, ok := data.Resolved.Members[id]; ok && m != nil && m.Nick != "" {
					uu.Name = m.Nick
				}
				req.Users[id] = uu
			}
		}
	case discordgo.InteractionMessageComponent:
		data, ok := i.Data.(discordgo.MessageComponentInteractionData)
		if !ok {
			return bot.Request{}, fmt.Errorf("discord: component interaction without data")
		}
		req.Kind = bot.KindButton
		req.CustomID = data.CustomID
	default:
		return bot.Request{}, fmt.Errorf("discord: interaction type %d is not handled", i.Type)
	}
	return req, nil
}

func userOf(u *discordgo.User) bot.User {
	name := u.GlobalName
	if name == "" {
		name = u.Username
	}
	return bot.User{ID: u.ID, Name: name, Bot: u.Bot}
}

// refusal is an error whose text is a sentence for the user.
type refusal string

func (r refusal) Error() string { return string(r) }
