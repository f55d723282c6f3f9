package discord

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/bwmarrin/discordgo"
	"github.com/veletasbot/veletas/bot"
)

// EditMessage replaces the text, embeds and buttons of a message the bot
// posted in channel with r's; no buttons removes them (bot.MessageEditor:
// the sweep turns an expired challenge's message into a notice). It edits
// through the channel (PATCH channels/CHANNEL/messages/MESSAGE), which
// works for an interaction's response too, long after its token expired.
// A message deleted, or in a channel the bot no longer reaches (Discord
// answers 404 or 403), fails with an error wrapping bot.ErrMessageGone.
func (d *Adapter) EditMessage(ctx context.Context, channel, message string, r bot.Reply) error {
	text := clipText(r.Text)
	comps := components(r.Buttons)
	if comps == nil {
		comps = []discordgo.MessageComponent{} // sent as [], which removes them
	}
	es := embeds(r.Embeds)
	if es == nil {
		es = []*discordgo.MessageEmbed{}
	}
	_, err := d.Session.ChannelMessageEditComplex(&discordgo.MessageEdit{
		ID: message, Channel: channel, Content: &text, Components: &comps, Embeds: &es, AllowedMentions: allowed(r.Mentions),
	}, discordgo.WithContext(ctx))
	if err == nil {
		return nil
	}
	var re *discordgo.RESTError
	if errors.As(err, &re) && re.Response != nil &&
		(re.Response.StatusCode == http.StatusNotFound || re.Response.StatusCode == http.StatusForbidden) {
		return fmt.Errorf("%w: %w", bot.ErrMessageGone, cleanErr(err))
	}
	return cleanErr(err)
}
