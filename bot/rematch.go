package bot

import (
	"context"

	"github.com/veletasbot/veletas/store"
)

// pendingRematch settles a Rematch press when a challenge between the
// game's two players is pending in its channel already, instead of posting
// a second offer: pressed again by the player who offered, it is refused
// (one offer is enough); pressed by the other player, it accepts that
// offer, so that both pressing Rematch starts one game rather than two
// crossing offers. ok is false when nothing is pending.
func (b *Bot) pendingRematch(ctx context.Context, req Request, g store.Game, opp string) (r Reply, ok bool, err error) {
	if c, err := b.Store.PendingChallenge(ctx, g.Guild, g.Channel, opp); err == nil && c.Challenger == req.User.ID && c.Opponent == opp {
		return Reply{}, true, refuse("rematch.already", Mention(opp))
	}
	c, err := b.Store.PendingChallenge(ctx, g.Guild, g.Channel, req.User.ID)
	if err != nil || c.Challenger != opp || c.Opponent != req.User.ID {
		return Reply{}, false, nil
	}
	at := req
	at.Channel = g.Channel // the offer's channel, where the game starts
	at.Type = TypeCommand  // the game's start as one message; the Rematch press settles the final message
	r, err = b.accept(ctx, at, c.ID)
	if err != nil {
		return Reply{}, true, err
	}
	r, err = b.rematchSettled(ctx, req, g, r, tr(req.Locale, "accept.intro", Mention(req.User.ID), Mention(opp)))
	return r, true, err
}
