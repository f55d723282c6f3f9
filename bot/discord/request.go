package discord

import (
	"fmt"
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"
	"github.com/veletasbot/veletas/bot"
)

// Limits on what an interaction may carry; Discord's own are lower.
const (
	maxOptions   = 25  // options of a subcommand
	maxLocaleLen = 16  // such as "en-US"
	maxNameLen   = 32  // a subcommand's or option's name
	maxValueLen  = 200 // an option's value (the core's limit is lower)
	maxRoles     = 250 // a member's roles (Discord allows 250 in a server)
)

// RequestFromInteraction turns an interaction into a Request. It checks
// every field it uses before using it (a null entry in data.options, a
// user without an id, an option that is not text, ...) and refuses with
// an error saying what is wrong, and anything that is not a subcommand of
// a game's command (bot.Games) or one of this bot's buttons. It never panics (FuzzInteraction).
func RequestFromInteraction(i *discordgo.Interaction) (bot.Request, error) {
	if i == nil {
		return bot.Request{}, fmt.Errorf("discord: no interaction")
	}
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
	if len(i.Locale) <= maxLocaleLen {
		req.Locale = string(i.Locale)
	}
	if i.Member != nil {
		// Administrators may do everything, Manage Server included.
		req.ManageServer = i.Member.Permissions&(discordgo.PermissionManageGuild|discordgo.PermissionAdministrator) != 0
		// The member's roles, for the rights a server gives to a role;
		// an unusable id is left out, as are roles beyond maxRoles.
		for _, r := range i.Member.Roles {
			if len(req.Roles) == maxRoles {
				break
			}
			if bot.ValidID(r) {
				req.Roles = append(req.Roles, r)
			}
		}
	}
	req.Reach, req.ForcedEphemeral = reachOf(i)
	if !bot.ValidID(req.User.ID) || !bot.ValidID(req.Channel) || (req.Guild != "" && !bot.ValidID(req.Guild)) {
		return bot.Request{}, fmt.Errorf("discord: interaction without a valid user, channel or server id")
	}
	switch i.Type {
	case discordgo.InteractionApplicationCommand, discordgo.InteractionApplicationCommandAutocomplete:
		data, ok := i.Data.(discordgo.ApplicationCommandInteractionData)
		if !ok || !slices.Contains(bot.CommandNames(), data.Name) || len(data.Options) != 1 || data.Options[0] == nil ||
			data.Options[0].Type != discordgo.ApplicationCommandOptionSubCommand {
			return bot.Request{}, refusal(unknownCommand(bot.Games()))
		}
		req.Type = bot.TypeCommand
		if i.Type == discordgo.InteractionApplicationCommandAutocomplete {
			req.Type = bot.TypeAutocomplete
		}
		sub := data.Options[0]
		if sub.Name == "" || len(sub.Name) > maxNameLen {
			return bot.Request{}, fmt.Errorf("discord: a subcommand without a valid name")
		}
		if len(sub.Options) > maxOptions {
			return bot.Request{}, fmt.Errorf("discord: %d options, at most %d", len(sub.Options), maxOptions)
		}
		req.Game, req.Command = data.Name, sub.Name
		req.Options = make(map[string]string, len(sub.Options))
		for _, o := range sub.Options {
			if o == nil {
				return bot.Request{}, fmt.Errorf("discord: the options of /%s %s hold an empty entry", data.Name, clipRunes(sub.Name, maxNameLen))
			}
			if o.Name == "" || len(o.Name) > maxNameLen {
				return bot.Request{}, fmt.Errorf("discord: an option without a valid name")
			}
			if _, dup := req.Options[o.Name]; dup {
				return bot.Request{}, fmt.Errorf("discord: the option %s is given twice", clipRunes(o.Name, maxNameLen))
			}
			v, ok := o.Value.(string)
			if !ok || len(v) > maxValueLen ||
				(o.Type != discordgo.ApplicationCommandOptionString && o.Type != discordgo.ApplicationCommandOptionUser &&
					o.Type != discordgo.ApplicationCommandOptionRole) {
				return bot.Request{}, fmt.Errorf("discord: the option %s is not a text, a user or a role", clipRunes(o.Name, maxNameLen))
			}
			req.Options[o.Name] = v
			if o.Focused {
				req.Focused = o.Name
			}
		}
		if data.Resolved != nil && len(data.Resolved.Users) > 0 {
			req.Users = make(map[string]bot.User, len(data.Resolved.Users))
			for id, u := range data.Resolved.Users {
				if u == nil || !bot.ValidID(id) {
					continue // names only: an unusable entry is left out
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
		if !ok || data.ComponentType != discordgo.ButtonComponent && data.ComponentType != discordgo.SelectMenuComponent {
			return bot.Request{}, fmt.Errorf("discord: a component interaction that is not a button press or a choice")
		}
		req.Type = bot.TypeButton
		req.CustomID = data.CustomID
		if data.ComponentType == discordgo.SelectMenuComponent {
			if len(data.Values) != 1 {
				return bot.Request{}, fmt.Errorf("discord: a choice of %d options", len(data.Values))
			}
			req.Values = data.Values
		}
		if i.Message != nil && bot.ValidID(i.Message.ID) {
			req.Message = i.Message.ID
		}
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

// unknownCommand is the refusal of a command that is none of games'
// ("I only know `/a` and `/b` and their subcommands: try `/a help`.").
func unknownCommand(games []string) string {
	if len(games) == 0 {
		return "I know no command."
	}
	names := make([]string, len(games))
	for i, g := range games {
		names[i] = "`/" + g + "`"
	}
	list, their := names[0], "its"
	if n := len(names); n > 1 {
		list, their = strings.Join(names[:n-1], ", ")+" and "+names[n-1], "their"
	}
	return fmt.Sprintf("I only know %s and %s subcommands: try `/%s help`.", list, their, games[0])
}

// reachOf tells, from where an interaction was made and who installed the
// bot there (context, authorizing_integration_owners), what the bot may
// do in its channel (bot.Reach) and whether Discord shows every answer to
// the user alone. In a DM or group DM between users (context 2) the bot is
// no member: it may only answer. In a server that did not add it (no
// guild install among the owners: the user installed it) it is no member
// either, and when the member may not use external apps there Discord
// makes every answer ephemeral. An interaction without owners (older
// payloads) comes from a server or DM that added the bot.
func reachOf(i *discordgo.Interaction) (bot.Reach, bool) {
	if i.Context == discordgo.InteractionContextPrivateChannel {
		return bot.ReachInteraction, false
	}
	if i.GuildID == "" || len(i.AuthorizingIntegrationOwners) == 0 {
		return bot.ReachChannel, false
	}
	if _, ok := i.AuthorizingIntegrationOwners[discordgo.ApplicationIntegrationGuildInstall]; ok {
		return bot.ReachChannel, false
	}
	forced := i.Member == nil || i.Member.Permissions&(discordgo.PermissionUseExternalApps|discordgo.PermissionAdministrator) == 0
	return bot.ReachInteraction, forced
}
