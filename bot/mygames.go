package bot

import (
	"context"
	"fmt"
	"strings"

	"github.com/veletasbot/veletas/store"
)

// maxGamesListed bounds /veletas games (a message holds 2000 characters).
const maxGamesListed = 15

// gameLink is the Discord link to where a game is played: its thread, or
// its message (when known) or channel.
func gameLink(g store.Game) string {
	if g.Thread != "" {
		return fmt.Sprintf("https://discord.com/channels/%s/%s", g.Guild, g.Thread)
	}
	if g.Message != "" {
		return fmt.Sprintf("https://discord.com/channels/%s/%s/%s", g.Guild, g.Channel, g.Message)
	}
	return fmt.Sprintf("https://discord.com/channels/%s/%s", g.Guild, g.Channel)
}

// games lists the caller's active games on the server, those where it is
// their turn first, each with a link and whose turn it is.
func (b *Bot) games(ctx context.Context, req Request) (Reply, error) {
	loc := req.Locale
	list, err := b.Store.PlayerGames(req.Guild, req.User.ID)
	if err != nil {
		return Reply{}, err
	}
	if len(list) == 0 {
		return Reply{Ephemeral: true, Text: tr(loc, "games.none")}, nil
	}
	var sb strings.Builder
	sb.WriteString(tr(loc, "games.head", len(list)) + "\n")
	for i, g := range list {
		if i == maxGamesListed {
			sb.WriteString(tr(loc, "standings.more", len(list)-maxGamesListed) + "\n")
			break
		}
		turn := tr(loc, "games.theirturn", Mention(g.ToAct()))
		if g.ToAct() == req.User.ID {
			turn = tr(loc, "games.yourturn")
		}
		due := ""
		if d, ok := g.Deadline(); ok {
			due = tr(loc, "games.due", d.Unix())
		}
		sb.WriteString(tr(loc, "games.row", g.ID, g.Size, Mention(g.Opponent(req.User.ID)), turn, due, gameLink(g)) + "\n")
	}
	return Reply{Ephemeral: true, Text: strings.TrimRight(sb.String(), "\n")}, nil
}
