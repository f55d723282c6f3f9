package veletasmod

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/game/veletas"
	"github.com/veletasbot/veletas/store"
)

func setup(ctx context.Context, b *bot.Bot, req bot.Request) (bot.Reply, error) {
	g, err := b.Store.ActiveGame(ctx, req.Guild, req.Channel)
	if err != nil {
		return bot.Reply{}, err
	}
	shooters, err := ParseSquareList("shooters", req.Options["shooters"], vsize(g))
	if err != nil {
		return bot.Reply{}, err
	}
	stone, err := parseSquare("stone", req.Options["stone"], vsize(g))
	if err != nil {
		return bot.Reply{}, err
	}
	return apply(ctx, b, req, -1, veletas.SetupAction(shooters, stone))
}

func swapCommand(ctx context.Context, b *bot.Bot, req bot.Request) (bot.Reply, error) {
	return apply(ctx, b, req, -1, veletas.ChoiceAction(true))
}

func keepCommand(ctx context.Context, b *bot.Bot, req bot.Request) (bot.Reply, error) {
	return apply(ctx, b, req, -1, veletas.ChoiceAction(false))
}

func choiceButton(ctx context.Context, b *bot.Bot, req bot.Request, id bot.ButtonID) (bot.Reply, error) {
	g, err := b.Store.ActiveGame(ctx, req.Guild, req.Channel)
	if err != nil {
		if errors.Is(err, store.ErrNoGame) {
			return bot.Reply{}, bot.Refuse("button.overgame")
		}
		return bot.Reply{}, err
	}
	if strconv.FormatUint(g.ID, 10) != id.Key {
		return bot.Reply{}, bot.Refuse("button.earlier")
	}
	if id.Rev > uint64(maxRev) {
		return bot.Reply{}, bot.Refuse("button.notmine")
	}
	swap := id.Action == btnSwap
	view, err := apply(ctx, b, req, int(id.Rev), veletas.ChoiceAction(swap))
	if err != nil {
		return bot.Reply{}, err
	}
	// The message with the buttons says what was chosen, without them; the
	// board follows.
	label := bot.Text(req.Locale, "button.keep")
	if swap {
		label = bot.Text(req.Locale, "button.swap")
	}
	return bot.Settled(bot.Reply{Text: bot.Text(req.Locale, "choice.made", bot.Mention(req.User.ID), label)}, &view), nil
}

const maxRev = 1 << 30

func move(ctx context.Context, b *bot.Bot, req bot.Request) (bot.Reply, error) {
	g, err := b.Store.ActiveGame(ctx, req.Guild, req.Channel)
	if err != nil {
		return bot.Reply{}, err
	}
	from, err := parseSquare("shooter", req.Options["shooter"], vsize(g))
	if err != nil {
		return bot.Reply{}, err
	}
	shot, err := parseSquare("shoot", req.Options["shoot"], vsize(g))
	if err != nil {
		return bot.Reply{}, err
	}
	to := veletas.NoSquare
	if t, ok := req.Options["to"]; ok && strings.TrimSpace(t) != "" {
		if to, err = parseSquare("to", t, vsize(g)); err != nil {
			return bot.Reply{}, err
		}
		if to == from { // the rules would call it "not a queen move"
			return bot.Reply{}, bot.Refuse("move.same", "`"+from.String()+"`")
		}
	}
	return apply(ctx, b, req, -1, veletas.TurnAction(veletas.Turn{From: from, To: to, Shot: shot}))
}

// apply commits an action through the store, then shows the game.
func apply(ctx context.Context, b *bot.Bot, req bot.Request, rev int, a veletas.Action) (bot.Reply, error) {
	g, err := applyVeletas(ctx, b, req.Guild, req.Channel, req.User.ID, rev, a)
	if err != nil {
		return bot.Reply{}, err
	}
	if g.Over() {
		b.Logger.Info("bot: game over", "game", g.ID, "winner", g.Winner, "reason", g.Reason.String())
	}
	r, err := b.GameView(ctx, req.Locale, g, "", true)
	if err != nil {
		b.AITurn(g)
		return bot.Reply{}, err
	}
	b.AIAfter(&r, g) // the AI starts once this reply is out (aigames.go)
	return r, nil
}
