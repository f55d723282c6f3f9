package bot

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/veletasbot/veletas/store"
)

// The end of a game: the final message is followed by the animated replay
// (a GIF from render/), and carries a Record button that shows the game
// record and a Rematch button, with which either player offers a new game
// of the same terms in which the other first player begins (against the computer, a new game
// at the same level starts at once). Open challenges (no opponent)
// are made in challenges.go's challenge and accepted by anyone but the
// challenger.

// finalMessage adds the Record and Rematch buttons (and the game's own,
// such as a handicap game's offer) to the message that ends a game, and the replay
// as a message of its own after it (Reply.Later), drawn once the reply is
// on its way, in the look of the final message.
func (b *Bot) finalMessage(loc string, r *Reply, g store.Game, lk Look) {
	mod := moduleOf(g.Kind)
	if mod.replay == nil {
	} else if draw := mod.replay.Replay(b, g, lk); draw != nil {
		r.Later = func() (Reply, error) {
			b.replays <- struct{}{}
			start := time.Now()
			gif, err := draw()
			b.releaseReplay(time.Since(start))
			if err != nil {
				return Reply{}, fmt.Errorf("bot: drawing the replay of game %d: %w", g.ID, err)
			}
			return Reply{Text: tr(loc, "replay.text", g.ID),
				Images: []Image{{Name: fmt.Sprintf("%s-%d-replay.gif", mod.command, g.ID), PNG: gif}}}, nil
		}
	}
	key := strconv.FormatUint(g.ID, 10)
	r.Buttons = append(r.Buttons,
		Button{Label: tr(loc, "button.record"), CustomID: gameButton(g.Kind, btnRecord, key, 0), Style: Secondary})
	if g.Tournament != 0 {
		return // a tournament's pairings choose the next game: no Rematch
	}
	r.Buttons = append(r.Buttons,
		Button{Label: tr(loc, "button.rematch"), CustomID: gameButton(g.Kind, btnRematch, key, 0), Style: Primary},
	)
	if mod.final != nil {
		r.Buttons = append(r.Buttons, mod.final.FinalButtons(loc, g)...)
	}
}

// releaseReplay lets the next replay be drawn, after a rest that keeps
// the replays within Config.ReplayShare of a CPU, took being how long the
// one just drawn took.
func (b *Bot) releaseReplay(took time.Duration) {
	share := b.cfg.ReplayShare
	if share <= 0 || share >= 1 {
		<-b.replays
		return
	}
	time.AfterFunc(time.Duration(float64(took)*(1/share-1)), func() { <-b.replays })
}

// finishedGame loads the finished game a button names.
func (b *Bot) finishedGame(ctx context.Context, req Request, id ButtonID) (store.Game, error) {
	gid, err := strconv.ParseUint(id.Key, 10, 64)
	if err != nil {
		return store.Game{}, refuse("button.notmine")
	}
	g, err := b.Store.FinishedGame(ctx, gid)
	if err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return store.Game{}, badInput("%s", tr(req.Locale, "record.gone"))
		}
		return store.Game{}, err
	}
	if g.Guild != req.Guild || (req.Channel != g.Channel && req.Channel != g.Thread) || g.Kind != req.module().kind {
		// A button of a game of another server or channel: a forged
		// custom id.
		return store.Game{}, refuse("button.notmine")
	}
	return g, nil
}

func (b *Bot) recordButton(ctx context.Context, req Request, id ButtonID) (Reply, error) {
	g, err := b.finishedGame(ctx, req, id)
	if err != nil {
		return Reply{}, err
	}
	return Reply{Ephemeral: true, Text: recordText(req.Locale, g)}, nil
}

func (b *Bot) rematchButton(ctx context.Context, req Request, id ButtonID) (Reply, error) {
	loc := req.Locale
	g, err := b.finishedGame(ctx, req, id)
	if err != nil {
		return Reply{}, err
	}
	if !g.IsPlayer(req.User.ID) || req.User.ID == g.AI {
		return Reply{}, badInput("%s", tr(loc, "rematch.notplayer"))
	}
	mod := moduleOf(g.Kind)
	if g.AI != "" {
		// Against the computer a rematch starts at once, at the same level
		// and on the same terms, the last game's second player first
		// (aiRematch).
		again := req
		again.Channel = g.Channel
		if mod.ai == nil {
			return Reply{}, refuse("ai.off")
		}
		again.Options = mod.ai.AIRematch(g)
		next, err := b.challengeAI(ctx, again, g.AI)
		if err != nil {
			return Reply{}, err
		}
		return b.rematchSettled(ctx, req, g, next, tr(loc, "rematch.asked", Mention(req.User.ID)))
	}
	opp := g.Opponent(req.User.ID)
	if r, ok, err := b.pendingRematch(ctx, req, g, opp); ok {
		return r, err
	}
	moveTime := g.MoveTime
	if moveTime == 0 {
		moveTime = -1 // none, as in the last game
	}
	c := mod.RematchTerms(g)
	c.Guild, c.Channel, c.Challenger, c.Opponent = g.Guild, g.Channel, req.User.ID, opp
	c.Rated, c.MoveTime = g.Rated, moveTime
	// The last game's second player is the first player now.
	c.OpponentFirst = req.User.ID == g.Players[0]
	c, err = b.Store.CreateChallenge(ctx, c)
	if err != nil {
		if errors.Is(err, store.ErrChannelBusy) {
			return Reply{}, badInput("%s", tr(loc, "rematch.busy"))
		}
		return Reply{}, err
	}
	return b.rematchSettled(ctx, req, g, b.recordMessage(ctx, Reply{
		Text: tr(loc, "rematch.offer", Mention(opp), Mention(req.User.ID), g.ID, mod.ChallengeName(loc, c), Mention(g.Players[1]),
			termsText(loc, c.Rated, c.MoveTime), c.Expires.Unix()),
		Mentions: []string{opp},
		Buttons: []Button{
			{Label: tr(loc, "button.accept"), CustomID: challengeButton(c, btnAccept), Style: Success},
			{Label: tr(loc, "button.decline"), CustomID: challengeButton(c, btnDecline), Style: Danger},
		},
	}, c), tr(loc, "rematch.asked", Mention(req.User.ID)))
}

// rematchCommand is /GAME rematch: the Rematch button of the channel's
// last finished game of the request's game, pressed by a command. Its
// reply is the offer itself (or, against the computer, the new game),
// and the last game's message keeps its buttons.
func (b *Bot) rematchCommand(ctx context.Context, req Request) (Reply, error) {
	g, err := b.Store.LastFinishedGame(ctx, req.Guild, req.Channel)
	if errors.Is(err, store.ErrNoGame) || err == nil && g.Kind != req.module().kind {
		return Reply{}, badInput("%s", tr(req.Locale, "rematch.none"))
	}
	if err != nil {
		return Reply{}, err
	}
	r, err := b.rematchButton(ctx, req, ButtonID{Action: btnRematch, Key: strconv.FormatUint(g.ID, 10)})
	if err != nil || !r.Update {
		return r, err
	}
	if r.Next == nil {
		// Typed in the game's thread: the offer is posted in the channel,
		// and the command's reply says so, without the final card.
		return Reply{Text: r.Text, Posts: r.Posts, After: r.After, Later: r.Later}, nil
	}
	next := *r.Next
	next.Posts = append(next.Posts, r.Posts...)
	return next, nil
}

// rematchSettled is the reply to Rematch: the final message keeps its
// result and its Record button but loses Rematch and says what happened
// (line); next (the offer, or the new game) follows in the channel where
// the game was challenged, where its buttons may be pressed.
func (b *Bot) rematchSettled(ctx context.Context, req Request, g store.Game, next Reply, line string) (Reply, error) {
	loc := req.Locale
	final, err := b.gameViewIn(ctx, loc, g, "", false)
	if err != nil {
		return Reply{}, err
	}
	key := strconv.FormatUint(g.ID, 10)
	done := Reply{
		Text:    line,
		Embeds:  final.Embeds, // the result stays; its image is the message's already
		Buttons: []Button{{Label: tr(loc, "button.record"), CustomID: gameButton(g.Kind, btnRecord, key, 0), Style: Secondary}},
	}
	if req.Channel == g.Channel {
		return settled(done, &next), nil
	}
	// Pressed in the game's thread: the offer goes to the channel.
	done.Text += " " + tr(loc, "rematch.where", ChannelMention(g.Channel))
	r := settled(done, nil)
	n := next
	n.Posts, n.After, n.Later = nil, nil, nil
	r.Posts = append([]Post{{Channel: g.Channel, Reply: n}}, next.Posts...)
	r.After, r.Later = next.After, next.Later
	return r, nil
}
