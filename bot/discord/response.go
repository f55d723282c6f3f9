package discord

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
	"github.com/veletasbot/veletas/bot"
)

// ResponseFor is the interaction response that sends r: a new message, or,
// for a button's reply that settles it (Reply.Update), the update of the
// message the button was on (UPDATE_MESSAGE), whose buttons and embeds
// become r's (none, usually) and whose images are kept unless r has some.
func ResponseFor(r bot.Reply) *discordgo.InteractionResponse {
	if r.LaunchActivity {
		return &discordgo.InteractionResponse{Type: interactionResponseLaunchActivity} // activity.go
	}
	data := &discordgo.InteractionResponseData{
		Content:         clipText(r.Text),
		Components:      replyComponents(r),
		AllowedMentions: allowed(r.Mentions),
		Files:           files(r.Images),
		Embeds:          embeds(r.Embeds),
	}
	if r.Ephemeral {
		data.Flags = discordgo.MessageFlagsEphemeral
	}
	if r.Update && !r.Ephemeral {
		if data.Components == nil {
			data.Components = []discordgo.MessageComponent{} // sent as [], which removes them
		}
		if data.Embeds == nil {
			// The settled message's card goes with its prompt (its image
			// stays as an attachment), as its text does.
			data.Embeds = []*discordgo.MessageEmbed{}
		}
		if len(r.Images) > 0 {
			data.Attachments = &[]*discordgo.MessageAttachment{} // the old images go
		}
		return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: data}
	}
	return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: data}
}

// replyComponents are the rows of a reply: its select menu (picker.go of
// package bot) in a row of its own, then its buttons.
func replyComponents(r bot.Reply) []discordgo.MessageComponent {
	rows := components(r.Buttons)
	if r.Select == nil {
		return rows
	}
	one := 1
	menu := discordgo.SelectMenu{MenuType: discordgo.StringSelectMenu, CustomID: r.Select.CustomID,
		Placeholder: clipRunes(r.Select.Placeholder, 150), MinValues: &one, MaxValues: 1}
	for _, o := range r.Select.Options {
		menu.Options = append(menu.Options, discordgo.SelectMenuOption{Label: clipRunes(o.Label, bot.MaxSelectLabel), Value: o.Value})
	}
	return append([]discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{menu}}}, rows...)
}

func components(bs []bot.Button) []discordgo.MessageComponent {
	if len(bs) == 0 {
		return nil
	}
	row := discordgo.ActionsRow{}
	for _, b := range bs {
		style := discordgo.SecondaryButton
		switch b.Style {
		case bot.Primary:
			style = discordgo.PrimaryButton
		case bot.Success:
			style = discordgo.SuccessButton
		case bot.Danger:
			style = discordgo.DangerButton
		}
		if b.URL != "" {
			// A link button: style 5, a URL and no custom id.
			row.Components = append(row.Components, discordgo.Button{Label: b.Label, URL: b.URL, Style: discordgo.LinkButton})
			continue
		}
		row.Components = append(row.Components, discordgo.Button{Label: b.Label, CustomID: b.CustomID, Style: style})
	}
	return []discordgo.MessageComponent{row}
}

// embeds maps the reply's embeds to Discord's, cut to Discord's limits
// (bot.FitEmbeds); an embed's image is the attached file it names
// (attachment://NAME), which Discord shows inside the embed.
func embeds(es []bot.Embed) []*discordgo.MessageEmbed {
	es = bot.FitEmbeds(es)
	if len(es) == 0 {
		return nil
	}
	out := make([]*discordgo.MessageEmbed, 0, len(es))
	for _, e := range es {
		m := &discordgo.MessageEmbed{Title: e.Title, Description: e.Description, Color: e.Color}
		if e.Author != "" {
			m.Author = &discordgo.MessageEmbedAuthor{Name: e.Author}
		}
		if e.Footer != "" {
			m.Footer = &discordgo.MessageEmbedFooter{Text: e.Footer}
		}
		if e.Image != "" {
			m.Image = &discordgo.MessageEmbedImage{URL: "attachment://" + e.Image}
		}
		for _, f := range e.Fields {
			m.Fields = append(m.Fields, &discordgo.MessageEmbedField{Name: f.Name, Value: f.Value, Inline: f.Inline})
		}
		out = append(out, m)
	}
	return out
}

// allowed lets the message ping exactly the users listed (and no roles,
// nor @everyone).
func allowed(ids []string) *discordgo.MessageAllowedMentions {
	return &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}, Users: ids}
}

func files(imgs []bot.Image) []*discordgo.File {
	var out []*discordgo.File
	for _, im := range imgs {
		out = append(out, &discordgo.File{Name: im.Name, ContentType: imageType(im.Name), Reader: bytes.NewReader(im.PNG)})
	}
	return out
}

// clipText keeps a message within Discord's 2000 characters.
func clipText(s string) string { return clipRunes(s, 2000) }

func clipRunes(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}

// imageType is the content type of an attached image by its name.
func imageType(name string) string {
	if strings.HasSuffix(name, ".gif") {
		return "image/gif"
	}
	return "image/png"
}
