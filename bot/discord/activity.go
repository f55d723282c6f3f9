package discord

import (
	"encoding/json"
	"fmt"

	"github.com/bwmarrin/discordgo"
	"github.com/veletasbot/veletas/bot"
)

// The Activity (the web board inside Discord, package web): the answer
// that launches it, and the app's entry point command. discordgo v0.29
// knows neither.

// interactionResponseLaunchActivity is LAUNCH_ACTIVITY, the interaction
// response (type 12, no data) that opens the app's Activity for the user
// who pressed, in the interaction's channel; Discord refuses it for an
// application without an Activity. discordgo v0.29 has no constant for
// it.
const interactionResponseLaunchActivity discordgo.InteractionResponseType = 12

// Application command type PRIMARY_ENTRY_POINT and handler
// DISCORD_LAUNCH_ACTIVITY (the description's ApplicationCommandType and
// ApplicationCommandHandler), which discordgo v0.29 lacks.
const (
	commandTypeEntryPoint   = 4
	handlerLaunchActivity   = 2
	entryPointCommandName   = "launch"
	integrationGuildInstall = 0
)

// EntryPointCommand is the app's entry point command, as registered: the
// Activity's launcher in the app launcher and the command list. Discord
// launches the Activity itself (handler DISCORD_LAUNCH_ACTIVITY) and
// sends the bot no interaction. An application with Activities has one,
// and a bulk overwrite without it is refused, so Adapter.Activity adds it
// to the commands registered.
type EntryPointCommand struct {
	Type                     int                                `json:"type"`
	Name                     string                             `json:"name"`
	NameLocalizations        map[discordgo.Locale]string        `json:"name_localizations,omitempty"`
	Description              string                             `json:"description"`
	DescriptionLocalizations map[discordgo.Locale]string        `json:"description_localizations,omitempty"`
	Handler                  int                                `json:"handler"`
	IntegrationTypes         []int                              `json:"integration_types"`
	Contexts                 []discordgo.InteractionContextType `json:"contexts"`
}

// EntryPoint returns the entry point command: in servers only, where the
// Activity finds the channel's game.
func EntryPoint() EntryPointCommand {
	return EntryPointCommand{Type: commandTypeEntryPoint, Name: entryPointCommandName,
		Description: bot.Text("en", "activity.entrypoint"),
		DescriptionLocalizations: map[discordgo.Locale]string{
			discordgo.French: bot.Text("fr", "activity.entrypoint"), discordgo.Japanese: bot.Text("ja", "activity.entrypoint")},
		Handler: handlerLaunchActivity, IntegrationTypes: []int{integrationGuildInstall},
		Contexts: []discordgo.InteractionContextType{discordgo.InteractionContextGuild}}
}

// overwriteWithEntryPoint registers Commands() and the entry point
// command globally with one bulk overwrite (a raw request: discordgo's
// command type cannot carry the handler).
func (d *Adapter) overwriteWithEntryPoint(appID string) ([]json.RawMessage, error) {
	cmds := Commands()
	body := make([]any, 0, len(cmds)+1)
	for _, c := range cmds {
		body = append(body, c)
	}
	body = append(body, EntryPoint())
	endpoint := discordgo.EndpointApplicationGlobalCommands(appID)
	resp, err := d.Session.RequestWithBucketID("PUT", endpoint, body, endpoint)
	if err != nil {
		return nil, err
	}
	var out []json.RawMessage
	if err := json.Unmarshal(resp, &out); err != nil {
		return nil, fmt.Errorf("discord: the registered commands: %w", err)
	}
	return out, nil
}
