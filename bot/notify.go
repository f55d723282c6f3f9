package bot

import (
	"context"

	"github.com/veletasbot/veletas/store"
)

// Notifications by direct message, for the players who asked for them
// with /GAME notify dm:on (usersettings.go): when it becomes their turn,
// when their time for a move is about to run out (the sweep's reminder)
// and when one of their games ends, a short message with a link to the
// game. The core only says what to send (Reply.DMs); the front ends send
// it after the reply. When Discord refuses a direct message (the user
// closed their DMs to the bot), the front end calls DM.Closed, which
// records it: no DM is tried for that user until they opt in again.

// DM is a direct message to a user.
type DM struct {
	User  string
	Reply Reply
	// Closed records that the user does not take direct messages from
	// the bot (Discord's 403, code 50007); the front end calls it.
	Closed func()
}

// The notices sent by direct message.
type dmKind uint8

const (
	dmTurn     dmKind = iota + 1 // it became the player's turn
	dmReminder                   // the player's time is 80% used
	dmEnd                        // the game ended
)

// gameDMs are the direct messages a game message sends: to the player to
// act, or, at the end, to both players (never to the computer).
func (b *Bot) gameDMs(ctx context.Context, g store.Game) []DM {
	if g.Over() {
		return b.dms(ctx, g, dmEnd, g.Winner, g.Loser())
	}
	if g.AI != "" && g.ToAct() == g.AI {
		return nil
	}
	return b.dms(ctx, g, dmTurn, g.ToAct())
}

// dms are the notices of one kind to those of users who asked for them
// and whose DMs are not known to be closed.
func (b *Bot) dms(ctx context.Context, g store.Game, kind dmKind, users ...string) []DM {
	var out []DM
	for _, u := range users {
		if u == "" || u == g.AI {
			continue
		}
		s, err := b.Store.UserSettings(ctx, u)
		if err != nil {
			b.Logger.Warn("bot: reading a user's settings for a notice failed", "user", u, "err", err)
			continue
		}
		if !s.Notify || s.DMClosed {
			continue
		}
		out = append(out, DM{User: u, Reply: Reply{Text: dmText(s.Locale, g, kind, u)}, Closed: b.dmClosed(ctx, u)})
	}
	return out
}

// dmText is a notice in the user's language (the one they had when they
// opted in).
func dmText(loc string, g store.Game, kind dmKind, user string) string {
	loc = withGame(loc, g.Kind)
	board := moduleOf(g.Kind).GameName(loc, g)
	if w := moduleOf(g.Kind).words; w != nil {
		board = w.NoticeName(loc, g)
	}
	opp := Mention(g.Opponent(user))
	link := gameLink(g)
	switch kind {
	case dmReminder:
		d, _ := g.Deadline()
		return tr(loc, "dm.reminder", g.ID, board, opp, d.Unix(), d.Unix(), link)
	case dmEnd:
		key := "dm.lost"
		switch g.Winner {
		case user:
			key = "dm.won"
		case "":
			key = "dm.drawn"
		}
		return tr(loc, key, g.ID, board, opp, gameReason(loc, g), link)
	}
	return tr(loc, "dm.turn", g.ID, board, opp, link)
}

// dmClosed is the DM.Closed of a user: it records that their DMs are
// closed, so that none is tried again until they opt in again.
func (b *Bot) dmClosed(ctx context.Context, user string) func() {
	return func() {
		_, err := b.Store.UpdateUserSettings(ctx, user, func(s *store.UserSettings) error {
			s.DMClosed = true
			return nil
		})
		if err != nil {
			b.Logger.Error("bot: recording closed DMs failed", "user", user, "err", err)
			return
		}
		b.Logger.Info("bot: the user's DMs are closed; no more DMs until they opt in again", "user", user)
	}
}

// AllDMs gathers the direct messages of a reply and of the messages it
// carries (Next, Posts), for the front ends to send once they are out.
func (r Reply) AllDMs() []DM {
	out := append([]DM(nil), r.DMs...)
	if r.Next != nil {
		out = append(out, r.Next.AllDMs()...)
	}
	for _, p := range r.Posts {
		out = append(out, p.Reply.AllDMs()...)
	}
	return out
}
