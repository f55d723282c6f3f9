package bot

import (
	"context"
	"slices"

	"github.com/veletasbot/veletas/store"
)

// Where the bot can speak. Installed on a server, the bot is a member of
// its channels: it posts boards, starts threads, edits its messages and
// sends notices there. Installed by a user for themselves (a user
// install), it is used in their DMs and group DMs, where it is not a
// member: Discord lets it answer the interaction and send a few
// follow-ups, nothing else. There a game is played through the
// interactions alone (Request.Reach ReachInteraction): every reply stays
// an answer to its interaction (no thread, no post to another channel, no
// edit of an older message), and what needs a message outside an
// interaction (the sweep's reminders and time-up notices, the computer's
// moves) goes by direct message to the players who asked for DMs
// (notify.go; offChannel).
//
// The games, challenges and standings of DMs and group DMs are kept under
// OutsideServers instead of a server's id: friendly standings, per user,
// never mixed with any server's.

// Reach is what the bot may do in a request's channel besides answering.
type Reach uint8

// The reaches.
const (
	// ReachChannel: the bot is a member of the channel (a server's, or
	// its own DM with the user): it may post, start threads, edit.
	ReachChannel Reach = iota
	// ReachInteraction: the bot may only answer the interaction and
	// follow it up (a user install, in a DM or group DM).
	ReachInteraction
)

// OutsideServers is the key, where the store takes a server's id, of
// the games, challenges and standings of DMs and group DMs. It is no
// valid id (ValidID refuses "@"), so it never names a server; it is also
// how Discord's links name DMs (https://discord.com/channels/@me/...).
const OutsideServers = "@me"

// Outside reports whether a game or challenge is kept outside any server:
// one of a DM or group DM.
func Outside(guild string) bool { return guild == OutsideServers }

// MaxFollowUps is how many follow-up messages Discord lets a user-installed
// app send per interaction where it is not installed (a DM or group DM);
// the front ends send no more (the rest is dropped and logged).
const MaxFollowUps = 5

// forcedEphemeral is the refusal of a request in a server that did not add
// the bot and does not let the member use external apps: Discord would
// show any answer to the user alone, so the bot acts on nothing and says
// so. Help and the rules, which are for the user alone anyway, answer.
func forcedEphemeral(req Request) error {
	if !req.ForcedEphemeral || req.Type == TypeAutocomplete || noGuildCommands[req.Command] && req.Type == TypeCommand {
		return nil
	}
	return refuse("reach.ephemeral", "/"+req.gameCommand())
}

// gameCommand is the slash command of the request's game.
func (req Request) gameCommand() string {
	if req.Game != "" {
		return req.Game
	}
	return reg().first().command
}

// confine keeps a reply to an interaction within what the bot may do
// where it was asked (req.Reach): with ReachInteraction, the posts to
// other channels and the edits of older messages go (the direct messages
// they carry stay, in r.DMs), a new message for the request's own channel
// stays (the front end sends it as a follow-up), and no message records
// its id for a later edit (Reply.Posted).
func confine(r *Reply, req Request) {
	if req.Reach != ReachInteraction {
		return
	}
	r.Posted = nil
	if r.Next != nil {
		n := *r.Next
		confine(&n, req)
		r.DMs = append(r.DMs, n.DMs...)
		n.DMs = nil
		r.Next = &n
	}
	kept := r.Posts[:0:0]
	for _, p := range r.Posts {
		confine(&p.Reply, req)
		if p.Channel == req.Channel && p.Message == "" {
			kept = append(kept, p)
			continue
		}
		r.DMs = append(r.DMs, p.Reply.AllDMs()...)
	}
	r.Posts = kept
}

// offChannel turns a message for the channel of a game outside servers,
// where the bot cannot post, into direct messages: the message itself,
// without its buttons (they would act where no game is), to each player
// who asked for DMs (notify.go), instead of any notice r had for them, and
// r's other notices. The message r had for the channel is dropped: a front
// end that sends the result posts nothing there. A game in a server is
// returned as it is.
func (b *Bot) offChannel(ctx context.Context, g store.Game, r Reply) Reply {
	if !Outside(g.Guild) {
		return r
	}
	msg := Reply{Text: r.Text, Images: r.Images, Embeds: r.Embeds}
	out := Reply{}
	var to []string
	for _, p := range g.Players {
		if p == "" || p == g.AI || slices.Contains(to, p) {
			continue
		}
		s, err := b.Store.UserSettings(ctx, p)
		if err != nil {
			b.Logger.Warn("bot: reading a user's settings for a notice failed", "user", p, "err", err)
			continue
		}
		if !s.Notify || s.DMClosed {
			continue
		}
		to = append(to, p)
		out.DMs = append(out.DMs, DM{User: p, Reply: msg, Closed: b.dmClosed(ctx, p)})
	}
	for _, d := range r.AllDMs() {
		if !slices.Contains(to, d.User) {
			out.DMs = append(out.DMs, d)
		}
	}
	return out
}
