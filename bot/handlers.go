package bot

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/veletasbot/veletas/game"
	"github.com/veletasbot/veletas/store"
)

// ---- challenges ----

func (b *Bot) challenge(ctx context.Context, req Request) (Reply, error) {
	opp := strings.TrimSpace(req.Options["opponent"])
	if opp != "" && !validKey(opp) {
		return Reply{}, badInput("Name your opponent as a mention, `/veletas challenge opponent:@someone`, or leave it out for an open challenge that anyone may accept.")
	}
	if b.isSelf(opp) || strings.TrimSpace(req.Options["level"]) != "" {
		return b.challengeAI(req, opp) // a game against the AI (ai.go)
	}
	if u, ok := req.Users[opp]; ok && u.Bot {
		return Reply{}, badInput("%s is a bot and cannot play: challenge a person.", Mention(opp))
	}
	size := game.Size10
	if s := strings.TrimSpace(req.Options["size"]); s != "" {
		var err error
		if size, err = game.ParseSize(s); err != nil || len(s) > 5 {
			return Reply{}, badInput("%s is not a board size: use `7`, `9` or `10`.", quote(s))
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
		Text: fmt.Sprintf("%s, %s challenges you to a game of Veletas on %s. %s plays first. %s\n"+
			"Accept or decline with the buttons (or `/veletas accept`); the challenge stays open until <t:%d:f>.",
			Mention(opp), Mention(req.User.ID), c.Size, Mention(req.User.ID), termsText(req.Locale, c.Rated, c.MoveTime), c.Expires.Unix()),
		Mentions: []string{opp},
		Buttons: []Button{
			{Label: "Accept", CustomID: buttonID{Action: btnAccept, Key: key}.String(), Style: Success},
			{Label: "Decline", CustomID: buttonID{Action: btnDecline, Key: key}.String(), Style: Danger},
		},
	}, nil
}

// busy explains that the channel has a game and points to it.
func (b *Bot) busy(req Request) error {
	g, err := b.Store.ActiveGame(req.Guild, req.Channel)
	if err == nil && g.Thread != "" && g.Thread != req.Channel {
		return badInput("This channel already has a game, played in %s: finish it there first, or challenge in another channel.", ChannelMention(g.Thread))
	}
	return badInput("This channel already has a game (see it with `/veletas board`): finish it first, or challenge in another channel.")
}

func (b *Bot) acceptCommand(ctx context.Context, req Request) (Reply, error) {
	c, err := b.Store.PendingChallenge(req.Guild, req.Channel, req.User.ID)
	if err != nil {
		if errors.Is(err, store.ErrChallengeNotFound) {
			return Reply{}, badInput("There is no challenge for you in this channel. Start one with `/veletas challenge opponent:@someone`.")
		}
		return Reply{}, err
	}
	return b.accept(req, c.ID)
}

func (b *Bot) acceptButton(ctx context.Context, req Request, id buttonID) (Reply, error) {
	cid, err := strconv.ParseUint(id.Key, 10, 64)
	if err != nil {
		return Reply{}, badInput("This button is not one of mine: use `/veletas help` to see the commands.")
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
	intro := fmt.Sprintf("%s accepted %s's challenge.", Mention(g.Players[1]), Mention(g.Players[0]))
	if req.Threads != nil {
		name := fmt.Sprintf("Veletas %s: %s vs %s", g.Size, b.name(g.Players[0]), b.name(g.Players[1]))
		thread, err := req.Threads.StartThread(g.Channel, name)
		if err == nil {
			g2, err := b.Store.SetGameThread(g.Guild, g.Channel, thread)
			if err == nil {
				view, err := b.gameView(g2, "The game starts.", true)
				if err != nil {
					return Reply{}, err
				}
				// The post in the thread pings the first player (which
				// also adds them to the thread); this one need not.
				return Reply{
					Text:  intro + " The game is on in " + ChannelMention(thread) + ".",
					Posts: []Post{{Channel: thread, Reply: view}},
				}, nil
			}
			b.Logger.Warn("bot: recording the game's thread failed; playing in the channel", "game", g.ID, "err", err)
		} else {
			b.Logger.Info("bot: no thread for the game; playing in the channel", "game", g.ID, "err", err)
		}
	}
	return b.gameView(g, intro, true)
}

// challengeRefusal words the store's refusals of a challenge answer.
func (b *Bot) challengeRefusal(cid uint64, err error) error {
	switch {
	case errors.Is(err, store.ErrNotPlayer):
		if c, cerr := b.Store.Challenge(cid); cerr == nil && c.Opponent != "" {
			return badInput("This challenge is for %s: only they can answer it. Challenge someone yourself with `/veletas challenge`.", Mention(c.Opponent))
		}
		return badInput("This challenge is not yours to answer. Challenge someone yourself with `/veletas challenge`.")
	case errors.Is(err, store.ErrSelfChallenge):
		return badInput("You made this challenge: your opponent has to accept it. You can withdraw it with the Decline button.")
	case errors.Is(err, store.ErrChannelBusy):
		return badInput("This channel already has a game: finish it first (see `/veletas board`), then challenge again.")
	}
	return err
}

func (b *Bot) declineCommand(ctx context.Context, req Request) (Reply, error) {
	c, err := b.Store.PendingChallenge(req.Guild, req.Channel, req.User.ID)
	if err != nil {
		if errors.Is(err, store.ErrChallengeNotFound) || errors.Is(err, store.ErrChallengeExpired) {
			return Reply{}, badInput("There is no open challenge for you in this channel.")
		}
		return Reply{}, err
	}
	return b.decline(req, c.ID)
}

func (b *Bot) declineButton(ctx context.Context, req Request, id buttonID) (Reply, error) {
	cid, err := strconv.ParseUint(id.Key, 10, 64)
	if err != nil {
		return Reply{}, badInput("This button is not one of mine: use `/veletas help` to see the commands.")
	}
	return b.decline(req, cid)
}

func (b *Bot) decline(req Request, cid uint64) (Reply, error) {
	c, err := b.Store.DeclineChallenge(cid, req.User.ID)
	if err != nil {
		return Reply{}, b.challengeRefusal(cid, err)
	}
	if req.User.ID == c.Challenger {
		return Reply{Text: fmt.Sprintf("%s withdrew the challenge to %s.", Mention(c.Challenger), Mention(c.Opponent)),
			Mentions: []string{c.Opponent}}, nil
	}
	return Reply{Text: fmt.Sprintf("%s declined %s's challenge.", Mention(req.User.ID), Mention(c.Challenger)),
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
	return b.apply(req, -1, game.SetupAction(shooters, stone))
}

func (b *Bot) swapCommand(ctx context.Context, req Request) (Reply, error) {
	return b.apply(req, -1, game.ChoiceAction(true))
}

func (b *Bot) keepCommand(ctx context.Context, req Request) (Reply, error) {
	return b.apply(req, -1, game.ChoiceAction(false))
}

func (b *Bot) choiceButton(ctx context.Context, req Request, id buttonID) (Reply, error) {
	g, err := b.Store.ActiveGame(req.Guild, req.Channel)
	if err != nil {
		if errors.Is(err, store.ErrNoGame) {
			return Reply{}, badInput("This button belongs to a game that is over. Use `/veletas challenge` to start a new one.")
		}
		return Reply{}, err
	}
	if strconv.FormatUint(g.ID, 10) != id.Key {
		return Reply{}, badInput("This button belongs to an earlier game in this channel. Use `/veletas board` to see the current one.")
	}
	if id.Rev > uint64(maxRev) {
		return Reply{}, badInput("This button is not one of mine: use `/veletas help` to see the commands.")
	}
	return b.apply(req, int(id.Rev), game.ChoiceAction(id.Action == btnSwap))
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
	to := game.NoSquare
	if t, ok := req.Options["to"]; ok && strings.TrimSpace(t) != "" {
		if to, err = parseSquare("to", t, g.Size); err != nil {
			return Reply{}, err
		}
	}
	return b.apply(req, -1, game.TurnAction(game.Turn{From: from, To: to, Shot: shot}))
}

// apply commits an action through the store, then shows the game.
func (b *Bot) apply(req Request, rev int, a game.Action) (Reply, error) {
	g, err := b.Store.Apply(req.Guild, req.Channel, req.User.ID, rev, a)
	if err != nil {
		return Reply{}, err
	}
	if g.Over() {
		b.Logger.Info("bot: game over", "game", g.ID, "winner", g.Winner, "reason", g.Reason.String())
	}
	b.aiTurn(g)
	return b.gameView(g, "", true)
}

func (b *Bot) resign(ctx context.Context, req Request) (Reply, error) {
	g, err := b.Store.Resign(req.Guild, req.Channel, req.User.ID)
	if err != nil {
		return Reply{}, err
	}
	b.Logger.Info("bot: game over", "game", g.ID, "winner", g.Winner, "reason", g.Reason.String())
	return b.gameView(g, "", true)
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
	return b.gameView(g, "", false)
}

func (b *Bot) record(ctx context.Context, req Request) (Reply, error) {
	g, err := b.currentOrLast(req)
	if err != nil {
		return Reply{}, err
	}
	st := g.State()
	status := "in progress"
	if g.Over() {
		status = Mention(g.Winner) + " won by " + g.Reason.String()
	}
	return Reply{Text: fmt.Sprintf("Record of game %d, %s (Black) vs %s (White), %s:\n```\n%s```",
		g.ID, Mention(g.PlayerOf(game.Black)), Mention(g.PlayerOf(game.White)), status, st.String())}, nil
}

func (b *Bot) rules(ctx context.Context, req Request) (Reply, error) {
	return Reply{Ephemeral: true, Text: rulesText}, nil
}

func (b *Bot) help(ctx context.Context, req Request) (Reply, error) {
	return Reply{Ephemeral: true, Text: helpText}, nil
}

const rulesText = `**Veletas** (Luis Bolaños Mures, 2013)
Boards: 7x7 with 3 shooters, 9x9 with 5, 10x10 with 7. Claim a majority of the shooters (2, 3 or 4) to win. No draws.
**Setup.** The first player places 1, 2 or 3 shooters (by size) and the black stone. The second player then chooses: **swap** (take Black) or **keep** (stay White). White places the other shooters and the white stone. Shooters may not touch each other, even diagonally.
**Turns**, Black first: optionally move one unclaimed shooter like a chess queen (any distance along a rank, file or diagonal, over empty squares only), then shoot a stone of your colour from that shooter (or, if none moved, from any unclaimed shooter) along a queen line onto an empty square, passing over nothing.
**Claiming.** A shooter with no empty square around it is trapped and claimed by the player with the larger orthogonally connected group of stones touching it orthogonally; on a tie (or none) by the opponent of the player who just moved. Claimed shooters never act again.`

const helpText = "**How to play Veletas here**\n" +
	"`/veletas challenge opponent:@friend size:7` challenge a friend (10x10 by default); they press **Accept**.\n" +
	"`/veletas challenge opponent:@me level:easy size:7` play me, the computer, at once (me is this bot; in the console `@veletas`); levels easy, medium, hard; not counted in the standings.\n" +
	"`/veletas setup shooters:d4 g7 stone:e5` place your shooters and your stone (setup).\n" +
	"`/veletas swap` / `/veletas keep` second player: take Black or stay White.\n" +
	"`/veletas move shooter:d4 to:d7 shoot:f9` move a shooter (optional `to`) and shoot.\n" +
	"`/veletas resign`, `/veletas board`, `/veletas record`, `/veletas standings`, `/veletas rules`.\n" +
	"The square options suggest only legal choices as you type. You are mentioned when it is your turn; take your time."

// ---- showing a game ----

// gameView is the message that shows a game: the board image, whose turn
// it is as a mention, the last action and the claims. ping lets the
// message notify the player to act (or both players at the end).
func (b *Bot) gameView(g store.Game, intro string, ping bool) (Reply, error) {
	st := g.State()
	pos := st.Position()
	var sb strings.Builder
	if intro != "" {
		sb.WriteString(intro + "\n")
	}
	black, white := g.PlayerOf(game.Black), g.PlayerOf(game.White)
	fmt.Fprintf(&sb, "Veletas %s, game %d: %s (Black) vs %s (White)\n", g.Size, g.ID, Mention(black), Mention(white))
	if a, ok := st.LastAction(); ok {
		fmt.Fprintf(&sb, "Last: `%s` by %s\n", a, Mention(lastActor(g, st)))
	}
	fmt.Fprintf(&sb, "Claims: Black %d, White %d (first to %d of %d wins)\n",
		pos.Claims(game.Black), pos.Claims(game.White), g.Size.Majority(), g.Size.Shooters())
	var mentions []string
	switch {
	case g.Over():
		how := fmt.Sprintf("by claiming %d of %d shooters", pos.Claims(g.ColorOf(g.Winner)), g.Size.Shooters())
		if g.Reason == store.ReasonResign {
			how = "by resignation of " + Mention(g.Loser())
		} else if g.Reason == store.ReasonTimeout {
			how = "on time"
		}
		fmt.Fprintf(&sb, "**%s wins** %s! Standings: `/veletas standings`.", Mention(g.Winner), how)
		mentions = []string{g.Winner, g.Loser()}
	case g.AI != "" && g.ToAct() == g.AI:
		sb.WriteString(aiThinking(g)) // no ping, no buttons: the AI acts (ai.go)
	default:
		who := g.ToAct()
		sb.WriteString(prompt(g, pos, who))
		sb.WriteString(deadlineText("", g))
		mentions = []string{who}
	}
	png, err := b.gamePNG(g.ID, g.Revision, st)
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
		b.finalMessage(&r, g, st) // the replay, Record and Rematch (endgame.go)
	}
	if !g.Over() && pos.Phase() == game.PhaseChoice && g.ToAct() != g.AI {
		key := strconv.FormatUint(g.ID, 10)
		r.Buttons = []Button{
			{Label: "Swap", CustomID: buttonID{Action: btnSwap, Key: key, Rev: uint64(g.Revision)}.String(), Style: Primary},
			{Label: "Keep", CustomID: buttonID{Action: btnKeep, Key: key, Rev: uint64(g.Revision)}.String(), Style: Secondary},
		}
	}
	return r, nil
}

// prompt tells the player to act what to do.
func prompt(g store.Game, pos game.Position, who string) string {
	m := Mention(who)
	switch pos.Phase() {
	case game.PhaseSetup1:
		n := g.Size.FirstShooters()
		return fmt.Sprintf("%s, your turn (Black): place %d shooter%s and the black stone with `/veletas setup shooters:… stone:…`.", m, n, plural(n))
	case game.PhaseChoice:
		return fmt.Sprintf("%s, your turn: **Swap** to take Black (and move first) or **Keep** to stay White.", m)
	case game.PhaseSetup2:
		n := g.Size.Shooters() - g.Size.FirstShooters()
		return fmt.Sprintf("%s, your turn (White): place %d shooters and the white stone with `/veletas setup shooters:… stone:…`.", m, n)
	}
	return fmt.Sprintf("%s, your turn (%s): `/veletas move shooter:… shoot:…` (add `to:…` to move the shooter first).", m, colorName(pos.ToMove()))
}

func colorName(c game.Color) string {
	if c == game.White {
		return "White"
	}
	return "Black"
}

// lastActor is the user who made the game's last action.
func lastActor(g store.Game, st game.Game) string {
	prev := st.PositionAt(st.Len() - 1)
	if prev.ToMove() == prev.FirstPlayerColor() {
		return g.Players[0]
	}
	return g.Players[1]
}
