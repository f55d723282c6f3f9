package bot

import (
	"context"
)

// Playing: the setups, the second player's choice (the Swap and Keep
// buttons and commands of the games' modules), turns and resigning. The store
// applies every action through the rules; a handler only reads options.

func (b *Bot) resign(ctx context.Context, req Request) (Reply, error) {
	g, err := b.Store.Resign(ctx, req.Guild, req.Channel, req.User.ID)
	if err != nil {
		return Reply{}, err
	}
	b.Logger.Info("bot: game over", "game", g.ID, "winner", g.Winner, "reason", g.Reason.String())
	return b.gameViewIn(ctx, req.Locale, g, "", true)
}
