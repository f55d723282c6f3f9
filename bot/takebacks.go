package bot

import (
	"context"
	"errors"
	"strconv"

	"github.com/veletasbot/veletas/store"
)

// Takebacks: a player asks to undo their last turn before the opponent
// has moved; the opponent answers with the buttons. The store checks who
// may ask and answer and undoes the turn with its claims.

func (b *Bot) takeback(ctx context.Context, req Request) (Reply, error) {
	loc := req.Locale
	if g, err := b.Store.ActiveGame(ctx, req.Guild, req.Channel); err == nil {
		switch {
		case g.AI != "":
			return Reply{}, refuse("ai.takeback") // the AI never answers one (aigames.go)
		case g.Open != "" && g.ToAct() == req.User.ID:
			// A game of turns made a step at a time: the steps of a turn under way are not a turn
			// yet; the store takes back whole turns only.
			return Reply{}, refuse("takeback.insequence")
		}
	}
	g, err := b.Store.RequestTakeback(ctx, req.Guild, req.Channel, req.User.ID)
	if err != nil {
		if errors.Is(err, store.ErrTakebackNotAllowed) {
			return Reply{}, badInput("%s", tr(loc, "takeback.notallowed"))
		}
		return Reply{}, err
	}
	opp := g.Opponent(req.User.ID)
	key := strconv.FormatUint(g.ID, 10)
	rev := uint64(g.TakebackRev)
	return Reply{
		Text:     tr(loc, "takeback.asked", Mention(opp), Mention(req.User.ID)),
		Mentions: []string{opp},
		Buttons: []Button{
			{Label: tr(loc, "button.accept"), CustomID: ButtonID{Action: btnTakebackYes, Key: key, Rev: rev}.String(), Style: Success},
			{Label: tr(loc, "button.decline"), CustomID: ButtonID{Action: btnTakebackNo, Key: key, Rev: rev}.String(), Style: Danger},
		},
	}, nil
}

func (b *Bot) takebackButton(ctx context.Context, req Request, id ButtonID) (Reply, error) {
	loc := req.Locale
	g, err := b.Store.ActiveGame(ctx, req.Guild, req.Channel)
	if err != nil {
		if errors.Is(err, store.ErrNoGame) {
			return Reply{}, badInput("%s", tr(loc, "takeback.gone"))
		}
		return Reply{}, err
	}
	if strconv.FormatUint(g.ID, 10) != id.Key || uint64(g.Revision) != id.Rev {
		return Reply{}, badInput("%s", tr(loc, "takeback.gone"))
	}
	asker := g.TakebackBy
	accept := id.Action == btnTakebackYes
	after, err := b.Store.AnswerTakeback(ctx, req.Guild, req.Channel, req.User.ID, accept)
	if err != nil {
		switch {
		case errors.Is(err, store.ErrNoTakeback):
			return Reply{}, badInput("%s", tr(loc, "takeback.gone"))
		case errors.Is(err, store.ErrNotPlayer) && g.IsPlayer(req.User.ID):
			return Reply{}, badInput("%s", tr(loc, "takeback.ownrequest"))
		}
		return Reply{}, err
	}
	if !accept {
		return settled(Reply{Text: tr(loc, "takeback.declined", Mention(req.User.ID), Mention(asker)),
			Mentions: []string{asker}}, nil), nil
	}
	b.Logger.Info("bot: takeback", "game", after.ID, "by", asker)
	// The request's message says it was accepted, without buttons; the
	// board follows and pings the asker, whose turn it is again.
	view, err := b.gameViewIn(ctx, loc, after, "", true)
	if err != nil {
		return Reply{}, err
	}
	return settled(Reply{Text: tr(loc, "takeback.accepted", Mention(req.User.ID), Mention(asker)),
		Mentions: []string{asker}}, &view), nil
}
