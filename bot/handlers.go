package bot

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/veletasbot/veletas/game/veletas"
	"github.com/veletasbot/veletas/store"
)

// ---- challenges ----

func (b *Bot) challenge(ctx context.Context, req Request) (Reply, error) {
	opp := strings.TrimSpace(req.Options["opponent"])
	if opp != "" && !validKey(opp) {
		return Reply{}, refuse("challenge.name")
	}
	if b.isSelf(opp) || strings.TrimSpace(req.Options["level"]) != "" {
		return b.challengeAI(req, opp) // a game against the AI (ai.go)
	}
	if u, ok := req.Users[opp]; ok && u.Bot {
		return Reply{}, refuse("challenge.bot", Mention(opp))
	}
	size := veletas.Size10
	if s := strings.TrimSpace(req.Options["size"]); s != "" {
		var err error
		if size, err = veletas.ParseSize(s); err != nil || len(s) > 5 {
			return Reply{}, refuse("challenge.badsize", quote(s))
		}
	}
	rated, moveTime, err := b.challengeTerms(req)
	if err != nil {
		return Reply{}, err
	}
	c, err := b.Store.CreateChallenge(store.Challenge{
		Guild: req.Guild, Channel: req.Channel, Challenger: req.User.ID, Opponent: opp, Size: size,
		Rated: rated, MoveTime: moveTime,
	})
	if err != nil {
		if errors.Is(err, store.ErrChannelBusy) {
			return Reply{}, b.busy(req)
		}
		return Reply{}, err
	}
	if opp == "" {
		return openChallengeReply(req, c), nil // anyone may accept (endgame.go)
	}
	key := strconv.FormatUint(c.ID, 10)
	return Reply{
		Text: tr(req.Locale, "challenge.text", Mention(opp), Mention(req.User.ID), c.Size, Mention(req.User.ID),
			termsText(req.Locale, c.Rated, c.MoveTime), c.Expires.Unix()),
		Mentions: []string{opp},
		Buttons: []Button{
			{Label: tr(req.Locale, "button.accept"), CustomID: buttonID{Action: btnAccept, Key: key}.String(), Style: Success},
			{Label: tr(req.Locale, "button.decline"), CustomID: buttonID{Action: btnDecline, Key: key}.String(), Style: Danger},
		},
	}, nil
}

// busy explains that the channel has a game and points to it.
func (b *Bot) busy(req Request) error {
	g, err := b.Store.ActiveGame(req.Guild, req.Channel)
	if err == nil && g.Thread != "" && g.Thread != req.Channel {
		return refuse("busy.thread", ChannelMention(g.Thread))
	}
	return refuse("busy.channel")
}

func (b *Bot) acceptCommand(ctx context.Context, req Request) (Reply, error) {
	c, err := b.Store.PendingChallenge(req.Guild, req.Channel, req.User.ID)
	if err != nil {
		if errors.Is(err, store.ErrChallengeNotFound) {
			return Reply{}, refuse("accept.none")
		}
		return Reply{}, err
	}
	return b.accept(req, c.ID)
}

func (b *Bot) acceptButton(ctx context.Context, req Request, id buttonID) (Reply, error) {
	cid, err := strconv.ParseUint(id.Key, 10, 64)
	if err != nil {
		return Reply{}, refuse("button.notmine")
	}
	return b.accept(req, cid)
}

// accept starts the game of challenge cid, in a new thread when the front
// end can make one, else in the channel.
func (b *Bot) accept(req Request, cid uint64) (Reply, error) {
	g, err := b.Store.AcceptChallenge(cid, req.User.ID)
	if err != nil {
		return Reply{}, b.challengeRefusal(cid, err)
	}
	b.Logger.Info("bot: game started", "game", g.ID, "guild", g.Guild, "channel", g.Channel, "size", g.Size.String())
	// The opponent (who accepted) and the challenger, whichever plays first.
	acceptor, challenger := g.Players[1], g.Players[0]
	if req.User.ID == g.Players[0] {
		acceptor, challenger = g.Players[0], g.Players[1]
	}
	intro := tr(req.Locale, "accept.intro", Mention(acceptor), Mention(challenger))
	if req.Threads != nil {
		name := fmt.Sprintf("Veletas %s: %s vs %s", g.Size, b.name(g.Players[0]), b.name(g.Players[1]))
		thread, err := req.Threads.StartThread(g.Channel, name)
		if err == nil {
			g2, err := b.Store.SetGameThread(g.Guild, g.Channel, thread)
			if err == nil {
				view, err := b.gameViewIn(req.Locale, g2, tr(req.Locale, "game.starts"), true)
				if err != nil {
					return Reply{}, err
				}
				// The post in the thread pings the first player (which
				// also adds them to the thread); this one need not.
				return Reply{
					Text:  tr(req.Locale, "accept.inthread", intro, ChannelMention(thread)),
					Posts: []Post{{Channel: thread, Reply: view}},
				}, nil
			}
			b.Logger.Warn("bot: recording the game's thread failed; playing in the channel", "game", g.ID, "err", err)
		} else {
			b.Logger.Info("bot: no thread for the game; playing in the channel", "game", g.ID, "err", err)
		}
	}
	return b.gameViewIn(req.Locale, g, intro, true)
}

// challengeRefusal words the store's refusals of a challenge answer.
func (b *Bot) challengeRefusal(cid uint64, err error) error {
	switch {
	case errors.Is(err, store.ErrNotPlayer):
		if c, cerr := b.Store.Challenge(cid); cerr == nil && c.Opponent != "" {
			return refuse("challenge.forother", Mention(c.Opponent))
		}
		return refuse("challenge.notyours")
	case errors.Is(err, store.ErrSelfChallenge):
		return refuse("challenge.own")
	case errors.Is(err, store.ErrChannelBusy):
		return refuse("challenge.busy")
	}
	return err
}

func (b *Bot) declineCommand(ctx context.Context, req Request) (Reply, error) {
	c, err := b.Store.PendingChallenge(req.Guild, req.Channel, req.User.ID)
	if err != nil {
		if errors.Is(err, store.ErrChallengeNotFound) || errors.Is(err, store.ErrChallengeExpired) {
			return Reply{}, refuse("decline.none")
		}
		return Reply{}, err
	}
	return b.decline(req, c.ID)
}

func (b *Bot) declineButton(ctx context.Context, req Request, id buttonID) (Reply, error) {
	cid, err := strconv.ParseUint(id.Key, 10, 64)
	if err != nil {
		return Reply{}, refuse("button.notmine")
	}
	return b.decline(req, cid)
}

func (b *Bot) decline(req Request, cid uint64) (Reply, error) {
	c, err := b.Store.DeclineChallenge(cid, req.User.ID)
	if err != nil {
		return Reply{}, b.challengeRefusal(cid, err)
	}
	if req.User.ID == c.Challenger && c.Opponent == "" {
		return Reply{Text: tr(req.Locale, "decline.withdrewall", Mention(c.Challenger))}, nil
	}
	if req.User.ID == c.Challenger {
		return Reply{Text: tr(req.Locale, "decline.withdrew", Mention(c.Challenger), Mention(c.Opponent)),
			Mentions: []string{c.Opponent}}, nil
	}
	return Reply{Text: tr(req.Locale, "decline.declined", Mention(req.User.ID), Mention(c.Challenger)),
		Mentions: []string{c.Challenger}}, nil
}

// ---- actions ----

func (b *Bot) setup(ctx context.Context, req Request) (Reply, error) {
	g, err := b.Store.ActiveGame(req.Guild, req.Channel)
	if err != nil {
		return Reply{}, err
	}
	shooters, err := ParseSquareList("shooters", req.Options["shooters"], g.Size)
	if err != nil {
		return Reply{}, err
	}
	stone, err := parseSquare("stone", req.Options["stone"], g.Size)
	if err != nil {
		return Reply{}, err
	}
	return b.apply(req, -1, veletas.SetupAction(shooters, stone))
}

func (b *Bot) swapCommand(ctx context.Context, req Request) (Reply, error) {
	return b.apply(req, -1, veletas.ChoiceAction(true))
}

func (b *Bot) keepCommand(ctx context.Context, req Request) (Reply, error) {
	return b.apply(req, -1, veletas.ChoiceAction(false))
}

func (b *Bot) choiceButton(ctx context.Context, req Request, id buttonID) (Reply, error) {
	g, err := b.Store.ActiveGame(req.Guild, req.Channel)
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
	return b.apply(req, int(id.Rev), veletas.ChoiceAction(id.Action == btnSwap))
}

const maxRev = 1 << 30

func (b *Bot) move(ctx context.Context, req Request) (Reply, error) {
	g, err := b.Store.ActiveGame(req.Guild, req.Channel)
	if err != nil {
		return Reply{}, err
	}
	from, err := parseSquare("shooter", req.Options["shooter"], g.Size)
	if err != nil {
		return Reply{}, err
	}
	shot, err := parseSquare("shoot", req.Options["shoot"], g.Size)
	if err != nil {
		return Reply{}, err
	}
	to := veletas.NoSquare
	if t, ok := req.Options["to"]; ok && strings.TrimSpace(t) != "" {
		if to, err = parseSquare("to", t, g.Size); err != nil {
			return Reply{}, err
		}
	}
	return b.apply(req, -1, veletas.TurnAction(veletas.Turn{From: from, To: to, Shot: shot}))
}

// apply commits an action through the store, then shows the game.
func (b *Bot) apply(req Request, rev int, a veletas.Action) (Reply, error) {
	g, err := b.Store.Apply(req.Guild, req.Channel, req.User.ID, rev, a)
	if err != nil {
		return Reply{}, err
	}
	if g.Over() {
		b.Logger.Info("bot: game over", "game", g.ID, "winner", g.Winner, "reason", g.Reason.String())
	}
	r, err := b.gameViewIn(req.Locale, g, "", true)
	if err != nil {
		b.aiTurn(g)
		return Reply{}, err
	}
	b.aiAfter(&r, g) // the AI starts once this reply is out (ai.go)
	return r, nil
}

func (b *Bot) resign(ctx context.Context, req Request) (Reply, error) {
	g, err := b.Store.Resign(req.Guild, req.Channel, req.User.ID)
	if err != nil {
		return Reply{}, err
	}
	b.Logger.Info("bot: game over", "game", g.ID, "winner", g.Winner, "reason", g.Reason.String())
	return b.gameViewIn(req.Locale, g, "", true)
}

// ---- looking ----

// currentOrLast returns the channel's active game, or its latest finished
// one when none is active.
func (b *Bot) currentOrLast(req Request) (store.Game, error) {
	g, err := b.Store.ActiveGame(req.Guild, req.Channel)
	if !errors.Is(err, store.ErrNoGame) {
		return g, err
	}
	done, ferr := b.Store.FinishedGames(req.Guild, "", 50)
	if ferr == nil {
		for _, f := range done {
			if f.Channel == req.Channel || f.Thread == req.Channel {
				return f, nil
			}
		}
	}
	return g, err
}

func (b *Bot) board(ctx context.Context, req Request) (Reply, error) {
	g, err := b.currentOrLast(req)
	if err != nil {
		return Reply{}, err
	}
	return b.gameViewIn(req.Locale, g, "", false)
}

func (b *Bot) record(ctx context.Context, req Request) (Reply, error) {
	g, err := b.currentOrLast(req)
	if err != nil {
		return Reply{}, err
	}
	return Reply{Text: recordText(req.Locale, g)}, nil
}

func (b *Bot) rules(ctx context.Context, req Request) (Reply, error) {
	return Reply{Ephemeral: true, Text: tr(req.Locale, "rules")}, nil
}

func (b *Bot) help(ctx context.Context, req Request) (Reply, error) {
	return Reply{Ephemeral: true, Text: tr(req.Locale, "help")}, nil
}

// ---- showing a game ----

// gameView is the message that shows a game: the board image, whose turn
// it is as a mention, the last action and the claims. ping lets the
// message notify the player to act (or both players at the end).
func (b *Bot) gameView(g store.Game, intro string, ping bool) (Reply, error) {
	return b.gameViewIn("", g, intro, ping)
}

// gameViewIn is gameView in the language of locale.
func (b *Bot) gameViewIn(loc string, g store.Game, intro string, ping bool) (Reply, error) {
	st := g.State()
	pos := st.Position()
	var sb strings.Builder
	if intro != "" {
		sb.WriteString(intro + "\n")
	}
	black, white := g.PlayerOf(veletas.Black), g.PlayerOf(veletas.White)
	sb.WriteString(tr(loc, "view.head", g.Size, g.ID, Mention(black), Mention(white)) + "\n")
	if a, ok := st.LastAction(); ok {
		sb.WriteString(tr(loc, "view.last", a, Mention(lastActor(g, st))) + "\n")
	}
	sb.WriteString(tr(loc, "view.claims", pos.Claims(veletas.Black), pos.Claims(veletas.White), g.Size.Majority(), g.Size.Shooters()) + "\n")
	var mentions []string
	switch {
	case g.Over():
		how := tr(loc, "view.bymajority", pos.Claims(g.ColorOf(g.Winner)), g.Size.Shooters())
		if g.Reason == store.ReasonResign {
			how = tr(loc, "view.byresign", Mention(g.Loser()))
		} else if g.Reason == store.ReasonTimeout {
			how = tr(loc, "view.ontime")
		}
		key := "view.wins"
		if g.AI != "" {
			key = "view.wins.ai"
		}
		sb.WriteString(tr(loc, key, Mention(g.Winner), how))
		mentions = []string{g.Winner, g.Loser()}
	case g.AI != "" && g.ToAct() == g.AI:
		sb.WriteString(aiThinking(loc, g)) // no ping, no buttons: the AI acts (ai.go)
	default:
		who := g.ToAct()
		sb.WriteString(prompt(loc, g, pos, who))
		sb.WriteString(deadlineText(loc, g))
		mentions = []string{who}
	}
	png, err := b.gamePNG(g.ID, g.Revision, st, g.ColorOf(g.Winner)) // NoColor until someone won
	if err != nil {
		return Reply{}, err
	}
	r := Reply{
		Text:   sb.String(),
		Images: []Image{{Name: fmt.Sprintf("veletas-%d-%d.png", g.ID, g.Revision), PNG: png}},
	}
	if ping {
		r.Mentions = mentions
	}
	if g.Over() && ping {
		b.finalMessage(loc, &r, g, st) // the replay, Record and Rematch (endgame.go)
	}
	if !g.Over() && pos.Phase() == veletas.PhaseChoice && g.ToAct() != g.AI {
		key := strconv.FormatUint(g.ID, 10)
		r.Buttons = []Button{
			{Label: tr(loc, "button.swap"), CustomID: buttonID{Action: btnSwap, Key: key, Rev: uint64(g.Revision)}.String(), Style: Primary},
			{Label: tr(loc, "button.keep"), CustomID: buttonID{Action: btnKeep, Key: key, Rev: uint64(g.Revision)}.String(), Style: Secondary},
		}
	}
	return r, nil
}

// prompt tells the player to act what to do.
func prompt(loc string, g store.Game, pos veletas.Position, who string) string {
	m := Mention(who)
	switch pos.Phase() {
	case veletas.PhaseSetup1:
		n := g.Size.FirstShooters()
		return trn(loc, "prompt.setup1", n, m, n)
	case veletas.PhaseChoice:
		return tr(loc, "prompt.choice", m)
	case veletas.PhaseSetup2:
		n := g.Size.Shooters() - g.Size.FirstShooters()
		return tr(loc, "prompt.setup2", m, n)
	}
	return tr(loc, "prompt.turn", m, colorName(loc, pos.ToMove()))
}

func colorName(loc string, c veletas.Color) string {
	if c == veletas.White {
		return tr(loc, "color.white")
	}
	return tr(loc, "color.black")
}

// lastActor is the user who made the game's last action.
func lastActor(g store.Game, st veletas.Game) string {
	prev := st.PositionAt(st.Len() - 1)
	if prev.ToMove() == prev.FirstPlayerColor() {
		return g.Players[0]
	}
	return g.Players[1]
}
