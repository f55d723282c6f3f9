package discord

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/veletasbot/veletas/bot"
)

// Direct messages (bot.DM): the turn, reminder and end notices of the
// players who asked for them. Each goes to the user's DM channel, opened
// once (POST /users/@me/channels) and kept. When Discord refuses the
// message because the user does not take DMs from the bot (403, code
// 50007), DM.Closed records it in the core, which sends that user no more
// until they opt in again; other failures are logged and lose only that
// notice (the game's message in its channel is the record).

// sendDMs sends direct messages one after the other, each within 10 s.
func (d *Adapter) sendDMs(dms []bot.DM) {
	for _, m := range dms {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		err := d.sendDM(ctx, m)
		cancel()
		if d.observer != nil {
			d.observer.DM(err == nil)
		}
		switch {
		case dmRefused(err):
			d.dmChannels.Delete(m.User)
			d.Logger.Info("discord: the user's DMs are closed to the bot", "user", m.User)
			if m.Closed != nil {
				m.Closed()
			}
		case err != nil:
			d.Logger.Warn("discord: a direct message failed", "user", m.User, "err", cleanErr(err))
		}
	}
}

func (d *Adapter) sendDM(ctx context.Context, m bot.DM) error {
	ch, err := d.dmChannel(ctx, m.User)
	if err != nil {
		return err
	}
	_, err = d.Session.ChannelMessageSendComplex(ch, &discordgo.MessageSend{
		Content: clipText(m.Reply.Text), AllowedMentions: allowed(nil), Embeds: embeds(m.Reply.Embeds),
	}, discordgo.WithContext(ctx))
	return err
}

// dmChannel returns the id of the DM channel with a user, opening it the
// first time.
func (d *Adapter) dmChannel(ctx context.Context, user string) (string, error) {
	if ch, ok := d.dmChannels.Load(user); ok {
		return ch.(string), nil
	}
	ch, err := d.Session.UserChannelCreate(user, discordgo.WithContext(ctx))
	if err != nil {
		return "", err
	}
	if ch == nil || ch.ID == "" {
		return "", errors.New("discord: opening a DM channel: no channel in the answer")
	}
	d.dmChannels.Store(user, ch.ID)
	return ch.ID, nil
}

// dmRefused reports whether err is Discord's refusal of a DM to a user
// who does not take them: 403 with code 50007 (Cannot send messages to
// this user).
func dmRefused(err error) bool {
	var re *discordgo.RESTError
	if !errors.As(err, &re) || re.Response == nil || re.Response.StatusCode != http.StatusForbidden {
		return false
	}
	return re.Message != nil && re.Message.Code == discordgo.ErrCodeCannotSendMessagesToThisUser
}
