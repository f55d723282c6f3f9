package bot

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"github.com/veletasbot/veletas/game/veletas"
	"github.com/veletasbot/veletas/store"
)

// Playing: the setups, the second player's choice (the Swap and Keep
// buttons or /veletas swap and keep), turns and resigning. The store
// applies every action through the rules; a handler only reads options.

func (b *Bot) setup(ctx context.Context, req Request) (Reply, error) {
	g, err := b.Store.ActiveGame(ctx, req.Guild, req.Channel)
	if err != nil {
		return Reply{}, err
	}
	shooters, err := ParseSquareList("shooters", req.Options["shooters"], vsize(g))
	if err != nil {
		return Reply{}, err
	}
	stone, err := parseSquare("stone", req.Options["stone"], vsize(g))
	if err != nil {
		return Reply{}, err
	}
	return b.apply(ctx, req, -1, veletas.SetupAction(shooters, stone))
}

func (b *Bot) swapCommand(ctx context.Context, req Request) (Reply, error) {
	return b.apply(ctx, req, -1, veletas.ChoiceAction(true))
}

func (b *Bot) keepCommand(ctx context.Context, req Request) (Reply, error) {
	return b.apply(ctx, req, -1, veletas.ChoiceAction(false))
}

func (b *Bot) choiceButton(ctx context.Context, req Request, id ButtonID) (Reply, error) {
	g, err := b.Store.ActiveGame(ctx, req.Guild, req.Channel)
	if err != nil {
		if errors.Is(err, store.ErrNoGame) {
			return Reply{}, refuse("button.overgame")
		}
		return Reply{}, err
	}
	if strconv.FormatUint(g.ID, 10) != id.Key {
		return Reply{}, refuse("button.earlier")
	}
	if id.Rev > uint64(maxRev) {
		return Reply{}, refuse("button.notmine")
	}
	swap := id.Action == btnSwap
	view, err := b.apply(ctx, req, int(id.Rev), veletas.ChoiceAction(swap))
	if err != nil {
		return Reply{}, err
	}
	// The message with the buttons says what was chosen, without them; the
	// board follows.
	label := tr(req.Locale, "button.keep")
	if swap {
		label = tr(req.Locale, "button.swap")
	}
	return settled(Reply{Text: tr(req.Locale, "choice.made", Mention(req.User.ID), label)}, &view), nil
}

const maxRev = 1 << 30

func (b *Bot) move(ctx context.Context, req Request) (Reply, error) {
	g, err := b.Store.ActiveGame(ctx, req.Guild, req.Channel)
	if err != nil {
		return Reply{}, err
	}
	from, err := parseSquare("shooter", req.Options["shooter"], vsize(g))
	if err != nil {
		return Reply{}, err
	}
	shot, err := parseSquare("shoot", req.Options["shoot"], vsize(g))
	if err != nil {
		return Reply{}, err
	}
	to := veletas.NoSquare
	if t, ok := req.Options["to"]; ok && strings.TrimSpace(t) != "" {
		if to, err = parseSquare("to", t, vsize(g)); err != nil {
			return Reply{}, err
		}
		if to == from { // the rules would call it "not a queen move"
			return Reply{}, refuse("move.same", "`"+from.String()+"`")
		}
	}
	return b.apply(ctx, req, -1, veletas.TurnAction(veletas.Turn{From: from, To: to, Shot: shot}))
}

// apply commits an action through the store, then shows the game.
func (b *Bot) apply(ctx context.Context, req Request, rev int, a veletas.Action) (Reply, error) {
	g, err := b.applyVeletas(ctx, req.Guild, req.Channel, req.User.ID, rev, a)
	if err != nil {
		return Reply{}, err
	}
	if g.Over() {
		b.Logger.Info("bot: game over", "game", g.ID, "winner", g.Winner, "reason", g.Reason.String())
	}
	r, err := b.gameViewIn(ctx, req.Locale, g, "", true)
	if err != nil {
		b.aiTurn(g)
		return Reply{}, err
	}
	b.aiAfter(&r, g) // the AI starts once this reply is out (aigames.go)
	return r, nil
}

func (b *Bot) resign(ctx context.Context, req Request) (Reply, error) {
	g, err := b.Store.Resign(ctx, req.Guild, req.Channel, req.User.ID)
	if err != nil {
		return Reply{}, err
	}
	b.Logger.Info("bot: game over", "game", g.ID, "winner", g.Winner, "reason", g.Reason.String())
	return b.gameViewIn(ctx, req.Locale, g, "", true)
}
